/**
 * Each format's hand-written fixture against its hand-computed runs.csv (test/import/fixtures/*expected*).
 *
 * Oracle, by hand: IPW q1 = 3000 J GPU + 500 J CPU over 10 s -> 0.0035 MJ, 10/3600 h; q2 has null query
 * energies, so its turns' 5000 + 6000 J GPU and 800 + 700 J CPU; q3 has no CPU (empty, not 0). Zeus
 * epoch1 [0, 10] s contains step1 [1.5, 4.5] s; eval [20, 24] and save [24, 25] only touch. CodeCarbon
 * run a's last row: 0.00384 kWh x 3.6e6 J/kWh / 1.2 = 11520 J; run b has gpu_count empty and 0 kWh GPU.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatCsv } from '../../kernel-lib/io/csv.ts';
import { importCodeCarbon, importIpwRun, importZeusLog, readRunMap, type ImportResult } from '../../kernel-lib/import/index.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';

const FIX = 'test/import/fixtures';
const csvText = (r: ImportResult) => formatCsv(r.columns, r.rows);
const expected = (name: string) => readFileSync(`${FIX}/${name}`, 'utf8');

beforeEach(() => {
  clearWarnings();
  onWarning(null);
});
afterEach(() => clearWarnings());

describe('IPW ipw run folders', () => {
  it('a concurrent run (config.concurrency 4) gives the hand-computed runs.csv, every run flagged', () => {
    const r = importIpwRun(`${FIX}/ipw-concurrent`);
    expect(csvText(r)).toBe(expected('ipw-concurrent/expected-runs.csv'));
    expect(r.summary.reasons).toEqual({ 'concurrent-whole-device': 3, 'ipw-buffer-exceeded': 1 });
    expect(r.summary.components).toEqual(['gpu', 'cpu']);
  });

  it('says loudly that concurrent IPW energies double count and that the split cannot be recovered', () => {
    importIpwRun(`${FIX}/ipw-concurrent`);
    const w = warnings();
    expect(w.some((m) => /config\.concurrency = 4/.test(m) && /double counting/.test(m) && /cannot be recovered/.test(m) && /power-log/.test(m))).toBe(true);
    expect(w.some((m) => /longer than IPW's 30 s telemetry buffer \(q2\)/.test(m))).toBe(true);
  });

  it('a serial run (concurrency 1) is ok and raises no warning', () => {
    const r = importIpwRun(`${FIX}/ipw-serial`);
    expect(csvText(r)).toBe(expected('ipw-serial/expected-runs.csv'));
    expect(warnings()).toEqual([]);
  });

  it('a longer telemetry buffer un-flags queries that fit in it', () => {
    const r = importIpwRun(`${FIX}/ipw-concurrent`, { bufferS: 60 });
    expect(r.rows.map((x) => x.validity)).toEqual(['concurrent-whole-device', 'concurrent-whole-device', 'concurrent-whole-device']);
  });
});

describe('Zeus log_file', () => {
  it('overlapping windows are flagged, windows that only touch are not; GPUs summed, CPU and DRAM empty', () => {
    const r = importZeusLog(`${FIX}/zeus-overlap.csv`);
    expect(csvText(r)).toBe(expected('zeus-overlap.expected-runs.csv'));
    expect(warnings().some((m) => /2 Zeus windows overlap another \(epoch1, step1\)/.test(m))).toBe(true);
  });

  it('with --map, rows carry the dataset run_id, task_id, system, attempt and the tool id as source_id', () => {
    const r = importZeusLog(`${FIX}/zeus-overlap.csv`, { map: readRunMap(`${FIX}/zeus-map.csv`) });
    expect(csvText(r)).toBe(expected('zeus-overlap.mapped-runs.csv'));
  });
});

describe('CodeCarbon emissions.csv', () => {
  it('PUE 1.2 is divided out, the last of repeated rows is kept, RAM is marked estimated', () => {
    const r = importCodeCarbon(`${FIX}/codecarbon-pue.csv`);
    expect(csvText(r)).toBe(expected('codecarbon-pue.expected-runs.csv'));
    expect(r.summary.notes).toContain('run 5b0fa12a-0000-4000-8000-00000000000a: 2 rows (append mode), kept the last (line 4)');
    expect(r.summary.notes).toContain('PUE divided out: 1.2');
  });

  it('the components add up to energy_mj after the PUE is divided out', () => {
    for (const row of importCodeCarbon(`${FIX}/codecarbon-pue.csv`).rows) {
      const parts = ['energy_gpu_mj', 'energy_cpu_mj', 'energy_dram_mj'].reduce((a, c) => a + Number(row[c] || 0), 0);
      expect(parts).toBeCloseTo(Number(row.energy_mj), 9);
    }
  });
});

describe('run maps', () => {
  it('map rows that match no run are reported in the notes, not silently dropped', () => {
    const r = importCodeCarbon(`${FIX}/codecarbon-pue.csv`, { map: { file: 'm.csv', bySourceId: new Map([
      ['5b0fa12a-0000-4000-8000-00000000000a', { source_id: '5b0fa12a-0000-4000-8000-00000000000a', run_id: 'r1', task_id: 't', system: 's', attempt: 1 }],
      ['5b0fa12a-0000-4000-8000-00000000000b', { source_id: '5b0fa12a-0000-4000-8000-00000000000b', run_id: 'r2', task_id: 't', system: 's', attempt: 2 }],
      ['unused', { source_id: 'unused', run_id: 'r3', task_id: 't', system: 's', attempt: 3 }],
    ]) } });
    expect(r.rows.map((x) => [x.run_id, x.attempt, x.source_id])).toEqual([['r2', '2', '5b0fa12a-0000-4000-8000-00000000000b'], ['r1', '1', '5b0fa12a-0000-4000-8000-00000000000a']]);
    expect(r.summary.notes).toContain(`1 row(s) of m.csv match no run in ${FIX}/codecarbon-pue.csv (left unused)`);
  });
});
