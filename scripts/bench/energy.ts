/**
 * Benchmark of trace ingestion: samples per second and peak memory of `energyRuns` on generated
 * nvidia-smi-format traces of 1 and 10 million samples (8 GPUs, 100 ms, 100 overlapping runs), each in
 * its own child process so that peak RSS (getrusage maxrss) belongs to that size alone. Memory flat in
 * trace length means the 10M peak is close to the 1M peak. Beside it, when python3 with pandas and
 * numpy is present, `energy_numpy.py` reads and integrates the same 10M file (trapezoid per GPU).
 *
 *   node --import tsx scripts/bench/energy.ts          prints the results as JSON
 *   benchEnergy()                                      the same results, for scripts/bench/run.ts
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const GPUS = 8;
const ORIGIN_NS = 1_000_000_000_000;

/** Write a trace of `samples` power.draw records (GPUS per 100 ms tick) and 100 overlapping runs. */
export function generateTrace(dir: string, samples: number): void {
  const uuids = Array.from({ length: GPUS }, (_, g) => `GPU-${String(g).padStart(8, '0')}-1111-2222-3333-444455556666`);
  const ticks = Math.ceil(samples / GPUS);
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({
    format: 'power-log/1', host: 'bench', started: { mono_ns: ORIGIN_NS, wall_ns: 1.7e18 }, interval_ms: 100,
    sources: {
      nvml: { status: 'absent', reason: 'bench' }, rapl: { status: 'absent', reason: 'bench' },
      nvidia_smi: { status: 'present', gpus: uuids.map((uuid, index) => ({ index, uuid })) },
    },
  }));
  const fd = openSync(join(dir, 'smi.csv'), 'w');
  writeSync(fd, 'mono_ns,wall_ns,device,power_w\n');
  let chunk: string[] = [];
  let n = 0;
  for (let k = 0; k < ticks && n < samples; k++) {
    const mono = ORIGIN_NS + k * 100_000_000;
    const wall = 1_700_000_000_000_000_000n + BigInt(k) * 100_000_000n;
    for (let g = 0; g < GPUS && n < samples; g++, n++) {
      const p = 300 + ((k * 7 + g * 13) % 400) + 0.25;
      chunk.push(`${mono + g * 1000},${wall},${uuids[g]},${p}\n`);
    }
    if (chunk.length >= 65536) { writeSync(fd, chunk.join('')); chunk = []; }
  }
  writeSync(fd, chunk.join(''));
  closeSync(fd);
  const spanS = ticks * 0.1;
  const marks = ['mono_ns,wall_ns,kind,id,task_id,system,attempt,gpus,batch'];
  const ev: [number, string][] = [];
  for (let r = 0; r < 100; r++) {
    const s = (spanS * r) / 100, e = Math.min(spanS - 1, s + (spanS * 2.5) / 100);
    ev.push([s, `run-start,r${r}`], [e, `run-end,r${r}`]);
  }
  ev.sort((a, b) => a[0] - b[0]);
  for (const [t, what] of ev) marks.push(`${ORIGIN_NS + Math.round(t * 1e9)},0,${what},,,,"",`);
  writeFileSync(join(dir, 'marks.csv'), marks.join('\n') + '\n');
}

function child(args: string[], cmd = process.execPath): Record<string, number | string> {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

export async function benchEnergy(): Promise<Record<string, number | string>> {
  const root = mkdtempSync(join(tmpdir(), 'j2g-bench-energy-'));
  const out: Record<string, number | string> = {};
  try {
    for (const [label, n] of [['1m', 1_000_000], ['10m', 10_000_000]] as const) {
      const dir = join(root, label);
      spawnSync('mkdir', ['-p', dir]);
      generateTrace(dir, n);
      const r = child(['--import', 'tsx', join(HERE, 'energy.ts'), '--ingest', dir]);
      out[`energy_ingest_${label}_samples_per_s`] = Math.round(n / Number(r.seconds));
      out[`energy_ingest_${label}_seconds`] = Number(Number(r.seconds).toFixed(3));
      out[`energy_ingest_${label}_peak_rss_mb`] = r.maxRssMB;
    }
    const py = spawnSync('python3', ['-c', 'import numpy, pandas'], { encoding: 'utf8' });
    if (py.status === 0) {
      const r = child([join(HERE, 'energy_numpy.py'), join(root, '10m', 'smi.csv')], 'python3');
      out.pandas_numpy_10m_samples_per_s = Math.round(10_000_000 / Number(r.seconds));
      out.pandas_numpy_10m_seconds = Number(Number(r.seconds).toFixed(3));
      out.pandas_numpy_10m_peak_rss_mb = r.maxRssMB;
    } else {
      out.pandas_numpy_10m = 'skipped: python3 with numpy and pandas not available';
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return out;
}

async function ingestOnly(dir: string): Promise<void> {
  const { energyRuns } = await import('../../kernel-lib/energy/index.ts');
  const t0 = process.hrtime.bigint();
  const r = energyRuns(dir);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.summary.records <= 0) throw new Error('no records');
  console.log(JSON.stringify({ seconds, records: r.summary.records, maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024) }));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--ingest');
  if (i > 0) await ingestOnly(process.argv[i + 1]);
  else console.log(JSON.stringify(await benchEnergy(), null, 2));
}
