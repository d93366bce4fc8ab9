/**
 * Issue #23, the importers: every JSON reader is the strict one (io/json.ts), an energy field or
 * column the importer does not know is refused rather than ignored, and generated inputs hold the
 * promise: a valid input round-trips to the energies it holds; a mutation gives an error naming file
 * and line, or a flagged row, or the unmutated result. Generators are seeded (kernel-lib/random).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ValidationError } from '../../kernel-lib/errors.ts';
import { importIpwRun, parseIpwRun, parseZeusLog, type ImportResult } from '../../kernel-lib/import/index.ts';
import { createRng, type Rng } from '../../kernel-lib/random/prng.ts';
import { clearWarnings, onWarning } from '../../kernel-lib/warn.ts';

beforeEach(() => {
  clearWarnings();
  onWarning(null);
});

/** The problems of a ValidationError, or the result. */
function outcome(f: () => ImportResult): { issues: string[] } | { result: ImportResult } {
  try {
    return { result: f() };
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    return { issues: e.message.split('\n').slice(1) };
  }
}
const ipw = (traces: string, summary = '{"config": {"concurrency": 1}}') => parseIpwRun({ traces: { file: 'traces.jsonl', text: traces }, summary: { file: 'summary.json', text: summary } });

describe('IPW: strict JSON, no energy field ignored (#23)', () => {
  const q = '{"query_id": "q1", "total_wall_clock_s": 10, "query_gpu_energy_joules": 300000, "query_cpu_energy_joules": 19000}';

  it('refuses a duplicated query_gpu_energy_joules instead of keeping the last value', () => {
    // before: JSON.parse kept the last value silently
    const r = outcome(() => ipw(q.replace('"query_cpu', '"query_gpu_energy_joules": 1, "query_cpu')));
    expect(r).toEqual({ issues: ['traces.jsonl:1: query_gpu_energy_joules: duplicate key "query_gpu_energy_joules" (first on line 1)'] });
  });

  it('refuses a duplicated concurrency in summary.json instead of dropping the concurrent-device flag', () => {
    // before: {"concurrency": 4, "concurrency": 1} read as 1, and no run was flagged
    const r = outcome(() => ipw(q, '{"config": {\n  "concurrency": 4,\n  "concurrency": 1\n}}'));
    expect(r).toEqual({ issues: ['summary.json:3: config.concurrency: duplicate key "concurrency" (first on line 2)'] });
  });

  it('refuses invalid UTF-8 in a run id, naming line and column, instead of a U+FFFD run id', () => {
    // before: readFileSync(path, 'utf8') turned the byte into U+FFFD
    const dir = mkdtempSync(join(tmpdir(), 'j2g-ipw-'));
    writeFileSync(join(dir, 'summary.json'), '{"config": {"concurrency": 1}}');
    const [head, tail] = q.replace('"q1"', '"q2"').split('q2');
    writeFileSync(join(dir, 'traces.jsonl'), Buffer.concat([Buffer.from(`${q}\n${head}q`), Buffer.from([0xe9]), Buffer.from(`2${tail}\n`)]));
    const r = outcome(() => importIpwRun(dir));
    expect(r).toEqual({ issues: [`${join(dir, 'traces.jsonl')}:2: invalid UTF-8 byte 0xE9 at column 16 (byte ${q.length + 1 + 16} of the file), expected UTF-8 text`] });
  });

  it('refuses an energy field in other casing or units instead of leaving GPU energy out (0.019 MJ for 0.320 MJ)', () => {
    // before: Query_GPU_Energy_Joules was ignored; the run came out CPU-only, flagged nothing
    for (const key of ['Query_GPU_Energy_Joules', 'query_gpu_energy_kwh', 'query_gpu_energy_j', 'gpu_energy_mj']) {
      const r = outcome(() => ipw(q.replace('"query_gpu_energy_joules"', `"${key}"`)));
      expect(r, key).toEqual({ issues: [`traces.jsonl:1: ${key}: unknown energy field, expected query_gpu_energy_joules or query_cpu_energy_joules (joules): j2g reads no other, and leaving this one out would drop its energy`] });
    }
    const turn = outcome(() => ipw('{"query_id": "q1", "total_wall_clock_s": 10, "turns": [{"GPU_energy_joules": 5, "cpu_energy_joules": 1}]}'));
    expect(turn).toEqual({ issues: ['traces.jsonl:1: turns[0].GPU_energy_joules: unknown energy field, expected gpu_energy_joules or cpu_energy_joules (joules): j2g reads no other, and leaving this one out would drop its energy'] });
  });

  /** A generated valid traces.jsonl: its text and the energies each query holds. */
  function generateIpw(rng: Rng): { text: string; expected: { id: string; gpuJ: number | null; cpuJ: number | null; s: number }[] } {
    const expected: { id: string; gpuJ: number | null; cpuJ: number | null; s: number }[] = [];
    const lines: string[] = [];
    const n = 1 + rng.int(5);
    for (let i = 0; i < n; i++) {
      const s = rng.int(25) + 1;
      const gpuJ = rng.int(4) === 0 ? null : rng.int(500000) + 1;
      const cpuJ = gpuJ === null || rng.int(3) === 0 ? rng.int(20000) + 1 : null;
      const fields = [`"query_id": "q${i}"`, `"total_wall_clock_s": ${s}`, `"query_gpu_energy_joules": ${gpuJ}`, `"query_cpu_energy_joules": ${cpuJ}`, '"query_gpu_power_avg_watts": 300', '"workload_type": "gdpval"'];
      for (let k = fields.length - 1; k > 0; k--) { const j = rng.int(k + 1); [fields[k], fields[j]] = [fields[j], fields[k]]; }
      lines.push(`{${fields.join(', ')}}`);
      expected.push({ id: `q${i}`, gpuJ, cpuJ, s });
    }
    return { text: lines.join('\n') + '\n', expected };
  }
  const mj = (j: number | null) => (j === null ? '' : (j / 1e6).toFixed(9));

  it('round-trips 300 generated runs, and every generated one-field mutation is an error at its line, a flag or the same result (seeded)', () => {
    const rng = createRng(23);
    const mutations = [
      (l: string) => l.replace(/"query_gpu_energy_joules": [^,}]+/, (m) => `${m}, "query_gpu_energy_joules": 7`), // duplicate key
      (l: string) => l.replace('"query_gpu_energy_joules"', '"Query_Gpu_Energy_Joules"'), // casing
      (l: string) => l.replace('"query_cpu_energy_joules"', '"query_cpu_energy_kj"'), // units
      (l: string) => l.replace(/"total_wall_clock_s": \d+/, '"total_wall_clock_s": "12"'), // a string for a number
      (l: string) => l.slice(0, Math.max(1, l.length - 2)), // truncated
      (l: string) => l.replace('"workload_type": "gdpval"', '"workload_type": "gdpval2"'), // a field j2g does not read
      (l: string) => l.replace(/"total_wall_clock_s": \d+/, '"total_wall_clock_s": 45'), // longer than the buffer: flagged
    ];
    for (let n = 0; n < 300; n++) {
      const { text, expected } = generateIpw(rng);
      const r = ipw(text);
      expect(r.rows.map((row) => [row.run_id, row.energy_gpu_mj, row.energy_cpu_mj, row.validity])).toEqual(expected.map((e) => [e.id, mj(e.gpuJ), mj(e.cpuJ), 'ok']));
      const lines = text.trimEnd().split('\n');
      const k = rng.int(lines.length);
      const m = rng.int(mutations.length);
      const mutated = [...lines];
      mutated[k] = mutations[m](lines[k]);
      if (mutated[k] === lines[k]) continue;
      const o = outcome(() => ipw(mutated.join('\n') + '\n'));
      if ('issues' in o) {
        expect(o.issues.length, mutated[k]).toBeGreaterThan(0);
        for (const issue of o.issues) expect(issue, mutated[k]).toMatch(new RegExp(`^traces\\.jsonl:${k + 1}: `));
      } else {
        const row = o.result.rows[k];
        const same = o.result.rows.map((x) => JSON.stringify(x)).join() === r.rows.map((x) => JSON.stringify(x)).join();
        expect(same || row.validity !== 'ok', `${mutated[k]} gave ${JSON.stringify(row)}`).toBe(true);
      }
    }
  });
});

describe('Zeus: one column per GPU (#23)', () => {
  it('refuses gpu0_energy beside gpu00_energy instead of summing both as two GPUs', () => {
    // before: both matched /^gpu\d+_energy$/ and were summed
    const r = outcome(() => parseZeusLog('start_time,window_name,elapsed_time,gpu0_energy,gpu00_energy\n0,a,1,100,100\n', 'zeus.csv'));
    expect(r).toEqual({ issues: ['zeus.csv:1: gpu00_energy: a second column for GPU 0 (first gpu0_energy), expected one gpu<i>_energy column per GPU'] });
    const alone = outcome(() => parseZeusLog('start_time,window_name,elapsed_time,gpu01_energy\n0,a,1,100\n', 'zeus.csv'));
    expect(alone).toEqual({ issues: ['zeus.csv:1: gpu01_energy: expected gpu1_energy (the GPU index without leading zeros, as ZeusMonitor writes it)'] });
  });

  it('round-trips 200 generated logs, and a generated header mutation is an error on line 1 or the same result (seeded)', () => {
    const rng = createRng(2323);
    for (let n = 0; n < 200; n++) {
      const gpus = 1 + rng.int(4);
      const rows = Array.from({ length: 1 + rng.int(4) }, (_, i) => ({ start: i * 100, name: `w${i}`, s: 1 + rng.int(50), e: Array.from({ length: gpus }, () => rng.int(10000)) }));
      const header = ['start_time', 'window_name', 'elapsed_time', ...Array.from({ length: gpus }, (_, g) => `gpu${g}_energy`)];
      const body = rows.map((r) => [r.start, r.name, r.s, ...r.e].join(',')).join('\n') + '\n';
      const r = parseZeusLog(header.join(',') + '\n' + body, 'zeus.csv');
      expect(r.rows.map((row) => row.energy_gpu_mj)).toEqual(rows.map((x) => (x.e.reduce((a, b) => a + b, 0) / 1e6).toFixed(9)));
      const h = [...header];
      const g = 3 + rng.int(gpus);
      h[g] = [(c: string) => c.replace('gpu', 'gpu0'), (c: string) => c.toUpperCase(), (c: string) => c.replace('_energy', '_energy_j'), (c: string) => 'gpu0_energy'][rng.int(4)](h[g]);
      const o = outcome(() => parseZeusLog(h.join(',') + '\n' + body, 'zeus.csv'));
      if ('issues' in o) for (const i of o.issues) expect(i).toMatch(/^zeus\.csv:1: /);
      else expect(o.result.rows).toEqual(r.rows);
      // a second column for one GPU, its index written with a leading zero: never summed as another GPU
      const extra = rng.int(gpus);
      const twice = outcome(() => parseZeusLog([...header, `gpu0${extra}_energy`].join(',') + '\n' + rows.map((x) => [x.start, x.name, x.s, ...x.e, x.e[extra]].join(',')).join('\n') + '\n', 'zeus.csv'));
      expect('issues' in twice ? twice.issues.every((i) => i.startsWith('zeus.csv:1: ')) : twice.result.rows).toBe(true);
    }
  });
});
