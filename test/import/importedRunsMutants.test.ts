/**
 * toRunsCsv (kernel-lib/import/importedRuns.ts), the one function every importer's runs pass through,
 * on runs written by hand (issue #29: mutation testing). Oracles by hand: energy_mj = (GPU + CPU +
 * DRAM) J / 1e6 over the measured components, an unmeasured one an empty cell (never 0); ai_hours =
 * seconds / 3600; 9 decimals. Run a: 1,800 s, GPU 2,000,000 J, CPU 500,000 J, no DRAM: ai_hours
 * 0.500000000, energy_mj 2.500000000, energy_gpu_mj 2.000000000, energy_cpu_mj 0.500000000. Run b:
 * 36 s, CPU 1,000 J and DRAM 250 J only: 0.010000000 h, 0.001250000 MJ.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../kernel-lib/errors.ts';
import { toRunsCsv, type ImportedRun } from '../../kernel-lib/import/importedRuns.ts';
import type { RunMap } from '../../kernel-lib/import/runMap.ts';

const runs = (): ImportedRun[] => [
  { sourceId: 'a', line: 2, elapsedS: 1800, gpuJ: 2_000_000, cpuJ: 500_000, dramJ: null, reasons: new Set(['zero-energy', 'concurrent-whole-device']) },
  { sourceId: 'b', line: 4, elapsedS: 36, gpuJ: null, cpuJ: 1000, dramJ: 250, reasons: new Set() },
  { sourceId: 'c', line: 5, elapsedS: 0, gpuJ: 0, cpuJ: null, dramJ: null, reasons: new Set(['zero-energy']) },
];
const BASE = ['ai_hours', 'energy_mj', 'energy_gpu_mj', 'energy_cpu_mj', 'energy_dram_mj', 'validity'];
const mapOf = (ids: string[]): RunMap => ({
  file: 'map.csv',
  bySourceId: new Map(ids.map((s, k) => [s, { source_id: s, run_id: `r-${s}`, task_id: `task-${k}`, system: 'sysZ', attempt: k + 1 }])),
});

describe('toRunsCsv (by hand)', () => {
  it('without a map: run_id is the tool\'s id; energies, hours and validity by hand', () => {
    const r = toRunsCsv(runs(), 'ipw', 'traces.jsonl', 'query_id', ['n1']);
    expect(r.columns).toEqual(['run_id', ...BASE]);
    expect(r.rows).toEqual([
      { run_id: 'a', ai_hours: '0.500000000', energy_mj: '2.500000000', energy_gpu_mj: '2.000000000', energy_cpu_mj: '0.500000000', energy_dram_mj: '', validity: 'concurrent-whole-device;zero-energy' },
      { run_id: 'b', ai_hours: '0.010000000', energy_mj: '0.001250000', energy_gpu_mj: '', energy_cpu_mj: '0.001000000', energy_dram_mj: '0.000250000', validity: 'ok' },
      { run_id: 'c', ai_hours: '0.000000000', energy_mj: '0.000000000', energy_gpu_mj: '0.000000000', energy_cpu_mj: '', energy_dram_mj: '', validity: 'zero-energy' },
    ]);
    expect(r.summary).toEqual({ source: 'ipw', file: 'traces.jsonl', runs: 3, flagged: 2, reasons: { 'concurrent-whole-device': 1, 'zero-energy': 2 }, components: ['gpu', 'cpu', 'dram'], notes: ['n1'] });
    expect(r.sources).toEqual([{ line: 2, elapsedS: 1800 }, { line: 4, elapsedS: 36 }, { line: 5, elapsedS: 0 }]);
  });

  it('the energy boundary lists only components some run measured', () => {
    expect(toRunsCsv(runs().slice(2), 'zeus', 'z.csv', 'window_name', []).summary.components).toEqual(['gpu']);
    expect(toRunsCsv(runs().slice(1, 2), 'codecarbon', 'e.csv', 'run_id', []).summary.components).toEqual(['cpu', 'dram']);
    expect(toRunsCsv([], 'zeus', 'z.csv', 'window_name', []).summary).toEqual({ source: 'zeus', file: 'z.csv', runs: 0, flagged: 0, reasons: {}, components: [], notes: [] });
  });

  it('with a map: run_id, task_id, system and attempt from it, the tool\'s id as source_id', () => {
    const r = toRunsCsv(runs(), 'zeus', 'z.csv', 'window_name', ['n'], mapOf(['a', 'b', 'c']));
    expect(r.columns).toEqual(['run_id', 'task_id', 'system', 'attempt', 'source_id', ...BASE]);
    expect(r.rows[1]).toEqual({ run_id: 'r-b', task_id: 'task-1', system: 'sysZ', attempt: '2', source_id: 'b', ai_hours: '0.010000000', energy_mj: '0.001250000', energy_gpu_mj: '', energy_cpu_mj: '0.001000000', energy_dram_mj: '0.000250000', validity: 'ok' });
    expect(r.summary.notes).toEqual(['n']); // every map row used: no note
  });

  it('map rows that match no run are a note; a run the map does not list is an error at its line', () => {
    const notes = ['n'];
    const r = toRunsCsv(runs().slice(0, 2), 'zeus', 'z.csv', 'window_name', notes, mapOf(['a', 'b', 'x', 'y']));
    expect(r.summary.notes).toEqual(['n', '2 row(s) of map.csv match no run in z.csv (left unused)']);
    expect(notes).toEqual(['n']); // the caller's list is not changed
    try {
      toRunsCsv(runs(), 'zeus', 'z.csv', 'window_name', [], mapOf(['b']));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ValidationError).issues).toEqual([
        { file: 'z.csv', line: 2, column: 'window_name', message: 'expected an id listed in map.csv (source_id), found "a"' },
        { file: 'z.csv', line: 5, column: 'window_name', message: 'expected an id listed in map.csv (source_id), found "c"' },
      ]);
    }
  });
});
