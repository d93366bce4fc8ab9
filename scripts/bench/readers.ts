/**
 * Peak memory of each reader at its stated limit (issue #23: "no run exceeds a stated memory"): a
 * generated valid file just under the limit, read in its own child process under a V8 heap cap
 * (`--max-old-space-size`, J2G_BENCH_HEAP_MB, default 4096: a reader that needs more fails in
 * minutes instead of collecting garbage for a quarter of an hour), whose peak resident memory
 * (getrusage maxrss) and time are reported beside a child that only loads the readers (the baseline
 * of Node, tsx and the modules). A child that runs out of heap or time is reported as such.
 *
 *   csv          readCsv, a 256 MiB CSV (MAX_TEXT_FILE_BYTES: dataset files as rows), narrow rows (the worst case)
 *   columns      readCsvColumns, the same file in the dataset loader's column form
 *   runs         readCsv, a 256 MiB runs.csv-shaped file (12 columns, a dataset's widest file)
 *   weights      readWeightsFile, a 16 MiB weights file (MAX_CONFIG_CSV_BYTES, every row checked)
 *   json         readJsonFile, a 16 MiB scenario-shaped JSON file (MAX_JSON_FILE_BYTES)
 *   marks        markWindows, a 128 MiB marks.csv (MAX_MARKS_BYTES: `j2g energy`'s run windows)
 *   codecarbon   importCodeCarbon, a 64 MiB emissions.csv (MAX_IMPORT_FILE_BYTES)
 *   zeus         importZeusLog, a 64 MiB Zeus CSV
 *   ipw          importIpwRun, a 64 MiB traces.jsonl
 *
 *   node --import tsx scripts/bench/readers.ts [KIND...]   prints the results as JSON
 *   npm run bench -- readers [KIND...]                    the same through scripts/bench/run.ts
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const MiB = 2 ** 20;

/** Write lines from `line(i)` after `header` until the file would pass `bytes`. Returns the rows written. */
function writeUpTo(path: string, header: string, bytes: number, line: (i: number) => string): number {
  const fd = openSync(path, 'w');
  let size = Buffer.byteLength(header);
  writeSync(fd, header);
  let i = 0, chunk: string[] = [], chunkBytes = 0;
  for (;;) {
    const l = line(i);
    const b = Buffer.byteLength(l);
    if (size + b > bytes) break;
    chunk.push(l); chunkBytes += b; size += b; i++;
    if (chunkBytes > 4 * MiB) { writeSync(fd, chunk.join('')); chunk = []; chunkBytes = 0; }
  }
  writeSync(fd, chunk.join(''));
  closeSync(fd);
  return i;
}

interface Kind { file: (dir: string) => string; limit: string }
const KINDS: Record<string, Kind> = {
  csv: { limit: '256 MiB', file: (d) => narrowFile(d) },
  columns: { limit: '256 MiB', file: (d) => narrowFile(d) },
  runs: {
    limit: '256 MiB',
    file: (d) => {
      const p = join(d, 'runs.csv');
      writeUpTo(p, 'run_id,task_id,system,attempt,ai_hours,energy_mj,energy_gpu_mj,energy_cpu_mj,energy_dram_mj,cost_usd,validity,batch\n', 256 * MiB - 1,
        (i) => `run-${i},task-${i >> 3},system-${i % 7},${1 + (i % 3)},0.${100000 + (i % 900000)},1.${(i * 7919) % 1000000},0.${(i * 31) % 1000000},0.${(i * 17) % 100000},0.0${i % 1000},0.${i % 99991},ok,b${i % 50}\n`);
      return p;
    },
  },
  weights: {
    limit: '16 MiB',
    file: (d) => {
      const p = join(d, 'weights-16.csv');
      writeUpTo(p, 'occupation,weight\n', 16 * MiB - 1, (i) => `occ${i},${(i % 997) / 4}\n`);
      return p;
    },
  },
  marks: {
    limit: '128 MiB',
    file: (d) => {
      const p = join(d, 'trace');
      mkdirSync(p);
      // a run-start and a run-end per run, 1 s apart, as power-log mark writes them (about 70 bytes a mark)
      writeUpTo(join(p, 'marks.csv'), 'mono_ns,wall_ns,kind,id,task_id,system,attempt,gpus,batch\n', 128 * MiB - 1,
        (i) => `${1_000_000_000 + i * 500_000_000},${1_700_000_000_000_000_000 + i * 500_000_000},run-${i % 2 ? 'end' : 'start'},r${i >> 1},t${i >> 4},sys,1,"0,1",b1\n`);
      return p;
    },
  },
  json: {
    limit: '16 MiB',
    file: (d) => {
      const p = join(d, 'scenario.json');
      writeUpTo(p, '{\n  "dataset": "d",\n  "weights": {\n    "custom": {\n      "o0": 1', 16 * MiB - 64, (i) => `,\n      "o${i + 1}": ${(i % 997) / 4}`);
      writeFileSync(p, '\n    }\n  }\n}\n', { flag: 'a' });
      return p;
    },
  },
  codecarbon: {
    limit: '64 MiB',
    file: (d) => {
      const p = join(d, 'emissions.csv');
      writeUpTo(p, 'timestamp,run_id,duration,cpu_energy,gpu_energy,ram_energy,energy_consumed,pue\n', 64 * MiB - 1, (i) => `2026-01-01T00:00:00,r${i},36,0.001,0.002,0.0005,0.0035,1.2\n`);
      return p;
    },
  },
  zeus: {
    limit: '64 MiB',
    file: (d) => {
      const p = join(d, 'zeus.csv');
      writeUpTo(p, 'start_time,window_name,elapsed_time,gpu0_energy,gpu1_energy\n', 64 * MiB - 1, (i) => `${1700000000 + i * 20}.0,w${i},10.0,2000.0,1800.0\n`);
      return p;
    },
  },
  ipw: {
    limit: '64 MiB',
    file: (d) => {
      const p = join(d, 'ipw');
      mkdirSync(p);
      writeFileSync(join(p, 'summary.json'), '{"config": {"agent": "react", "model": "stand-in", "dataset": "gdpval", "concurrency": 1}}\n');
      writeUpTo(join(p, 'traces.jsonl'), '', 64 * MiB - 1 - 200, (i) => `{"query_id": "q${i}", "workload_type": "gdpval", "turns": [{"turn_index": 0, "wall_clock_s": 2.0, "gpu_energy_joules": 100.0, "cpu_energy_joules": 20.0}], "total_wall_clock_s": 2.0, "completed": true, "timed_out": false, "query_gpu_energy_joules": 100.0, "query_cpu_energy_joules": 20.0}\n`);
      return p;
    },
  },
};

let narrowPath: string | null = null;
/** A 256 MiB two-column CSV (16.7 million rows): the most rows, so the most objects, a file of the limit can have. */
function narrowFile(dir: string): string {
  if (narrowPath) return narrowPath;
  narrowPath = join(dir, 'narrow.csv');
  writeUpTo(narrowPath, 'occupation,weight\n', 256 * MiB - 1, (i) => `occ${i},${(i % 997) / 4}\n`);
  return narrowPath;
}

/** In the child: read `path` with the reader of `kind`; print {maxRssMB, ms, items}. */
async function child(kind: string, path: string): Promise<void> {
  const { onWarning } = await import('../../kernel-lib/warn.ts');
  const csv = await import('../../kernel-lib/io/csv.ts');
  const { readJsonFile } = await import('../../kernel-lib/io/readJsonFile.ts');
  const { readWeightsFile } = await import('../../kernel-lib/weights/readWeightsFile.ts');
  const imp = await import('../../kernel-lib/import/index.ts');
  const { markWindows } = await import('../../kernel-lib/energy/markWindows.ts');
  onWarning(null);
  const t0 = performance.now();
  let items = 0;
  if (kind === 'csv') items = csv.readCsv(path).rows.length;
  else if (kind === 'columns') items = csv.readCsvColumns(path).length;
  else if (kind === 'runs') items = csv.readCsv(path).rows.length;
  else if (kind === 'marks') items = markWindows(path, 0).runs.length;
  else if (kind === 'weights') items = Object.keys((readWeightsFile(path) as { custom: object }).custom).length;
  else if (kind === 'json') items = Object.keys(((readJsonFile(path).value as { weights: { custom: object } }).weights.custom)).length;
  else if (kind === 'codecarbon') items = imp.importCodeCarbon(path).rows.length;
  else if (kind === 'zeus') items = imp.importZeusLog(path).rows.length;
  else if (kind === 'ipw') items = imp.importIpwRun(path).rows.length;
  else if (kind !== 'baseline') throw new Error(`unknown reader ${kind}`);
  process.stdout.write(JSON.stringify({ maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024), ms: Math.round(performance.now() - t0), items }));
}

/** V8's heap cap for each child, MB (J2G_BENCH_HEAP_MB). */
const HEAP_MB = Number(process.env.J2G_BENCH_HEAP_MB ?? 4096);
/** How long a child may run (J2G_BENCH_CHILD_S, default 20 min on a loaded host). */
const CHILD_S = Number(process.env.J2G_BENCH_CHILD_S ?? 1200);

/** Run the reader in a child under the heap cap: its result, or why it has none (out of heap, out of time). */
function inChild(kind: string, path: string): { maxRssMB: number; ms: number; items: number } | { failed: string } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', SELF, '--child', kind, path], { encoding: 'utf8', maxBuffer: 1 << 20, timeout: CHILD_S * 1000 });
  const s = ((performance.now() - t0) / 1000).toFixed(0);
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return { failed: `did not finish in ${CHILD_S} s` };
  if (r.status !== 0) {
    if (/heap out of memory|Reached heap limit/.test(r.stderr)) return { failed: `ran out of its ${HEAP_MB} MB heap after ${s} s` };
    throw new Error(`${kind}: exit ${r.status ?? r.signal}: ${r.stderr.slice(-2000)}`);
  }
  return JSON.parse(r.stdout);
}

export async function benchReaders(kinds: string[] = Object.keys(KINDS)): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'j2g-bench-readers-'));
  narrowPath = null;
  try {
    const base = inChild('baseline', '');
    if ('failed' in base) throw new Error(`baseline: ${base.failed}`);
    const out: Record<string, string> = { baseline: `${base.maxRssMB} MB peak RSS (Node, tsx and the reader modules loaded, nothing read; heap cap ${HEAP_MB} MB)` };
    for (const k of kinds) {
      if (!KINDS[k]) throw new Error(`unknown reader ${k}, expected one of ${Object.keys(KINDS).join(', ')}`);
      const path = KINDS[k].file(dir);
      const r = inChild(k, path);
      out[k] = 'failed' in r
        ? `reading a file just under its ${KINDS[k].limit} limit ${r.failed}`
        : `${r.maxRssMB} MB peak RSS (${r.maxRssMB - base.maxRssMB} MB over baseline) reading a file just under its ${KINDS[k].limit} limit, ${r.items.toLocaleString('en-US')} items, ${(r.ms / 1000).toFixed(1)} s`;
      process.stderr.write(`readers: ${k}: ${out[k]}\n`); // each as it comes: the 256 MiB readers take minutes
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === SELF) {
  if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4]);
  else console.log(JSON.stringify(await benchReaders(process.argv.length > 2 ? process.argv.slice(2) : undefined), null, 2));
}
