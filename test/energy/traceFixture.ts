/**
 * Hand-written power-log traces for deterministic tests: the same files the logger writes, with times
 * given in seconds after the logger's start (origin 1e12 ns monotonic).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ORIGIN_NS = 1e12;
const ns = (tS: number) => String(Math.round(ORIGIN_NS + tS * 1e9));
const wall = (tS: number) => String(1_700_000_000_000_000_000n + BigInt(Math.round(tS * 1e9)));

export interface FixtureMark { t: number; kind: string; id: string; task_id?: string; system?: string; attempt?: string; gpus?: string; batch?: string }
export interface FixtureTrace {
  intervalMs?: number;
  gpus?: string[]; // uuids, index = position
  smi?: [number, string, number | string][];
  nvml?: [number, string, number][]; // counter in mJ
  rapl?: { zones: { label: string; kind: 'package' | 'dram'; range: number }[]; samples: [number, string, number][] };
  marks: FixtureMark[];
  /** raw text appended to a sample file without a final line end (a killed writer) */
  truncated?: { file: string; text: string };
}

export function writeTrace(t: FixtureTrace): string {
  const dir = mkdtempSync(join(tmpdir(), 'j2g-trace-'));
  const gpus = (t.gpus ?? []).map((uuid, index) => ({ index: String(index), uuid }));
  const absent = { status: 'absent', reason: 'not in this fixture' };
  const manifest = {
    format: 'power-log/1',
    host: 'fixture',
    started: { mono_ns: ORIGIN_NS, wall_ns: 1.7e18 },
    interval_ms: t.intervalMs ?? 100,
    gpus: '',
    clock: 'fixture',
    sources: {
      nvml: t.nvml ? { status: 'present', file: 'nvml.csv', gpus } : absent,
      nvidia_smi: t.smi ? { status: 'present', file: 'smi.csv', gpus } : absent,
      rapl: t.rapl ? { status: 'present', file: 'rapl.csv', zones: t.rapl.zones.map((z) => ({ label: z.label, kind: z.kind, zone: z.label, max_energy_range_uj: z.range })) } : absent,
    },
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  const rows = (header: string, rs: [number, string, number | string][]) =>
    header + '\n' + rs.map(([s, d, v]) => `${ns(s)},${wall(s)},${d},${v}\n`).join('');
  if (t.smi) writeFileSync(join(dir, 'smi.csv'), rows('mono_ns,wall_ns,device,power_w', t.smi));
  if (t.nvml) writeFileSync(join(dir, 'nvml.csv'), rows('mono_ns,wall_ns,device,energy_millijoule', t.nvml));
  if (t.rapl) writeFileSync(join(dir, 'rapl.csv'), rows('mono_ns,wall_ns,device,energy_uj', t.rapl.samples));
  const marks = ['mono_ns,wall_ns,kind,id,task_id,system,attempt,gpus,batch', `${ns(0)},${wall(0)},logger-start,,,,,,`];
  for (const m of t.marks) {
    marks.push([ns(m.t), wall(m.t), m.kind, m.id, m.task_id ?? '', m.system ?? '', m.attempt ?? '', `"${m.gpus ?? ''}"`, m.batch ?? ''].join(','));
  }
  writeFileSync(join(dir, 'marks.csv'), marks.join('\n') + '\n');
  if (t.truncated) writeFileSync(join(dir, t.truncated.file), t.truncated.text, { flag: 'a' });
  return dir;
}

/** Samples every `stepS` from t0 to t1 inclusive of a power profile, as nvidia-smi rows. */
export function powerSamples(device: string, t0: number, t1: number, stepS: number, powerW: (t: number) => number): [number, string, number][] {
  const out: [number, string, number][] = [];
  const n = Math.round((t1 - t0) / stepS);
  for (let k = 0; k <= n; k++) out.push([t0 + k * stepS, device, powerW(t0 + k * stepS)]);
  return out;
}

/** Counter readings every `stepS` of a piecewise-constant power (exact integral), with unit factor and start value. */
export function counterSamples(device: string, t0: number, t1: number, stepS: number, powerW: (t: number) => number, unitsPerJ: number, start = 0, range = Infinity): [number, string, number][] {
  const out: [number, string, number][] = [];
  const n = Math.round((t1 - t0) / stepS);
  let e = start;
  const fine = 1000; // integrate the profile finely between readings (exact for steps on the grid)
  for (let k = 0; k <= n; k++) {
    if (k > 0) {
      for (let j = 0; j < fine; j++) {
        const t = t0 + (k - 1) * stepS + ((j + 0.5) * stepS) / fine;
        e += (powerW(t) * stepS * unitsPerJ) / fine;
      }
    }
    out.push([t0 + k * stepS, device, Math.round(e % range)]);
  }
  return out;
}

/** Parse runs.csv rows into numbers by column for compact assertions. */
export function byRun(rows: Record<string, string>[], column: string): Record<string, number> {
  return Object.fromEntries(rows.map((r) => [r.run_id, Number(r[column])]));
}
