/**
 * The hierarchical bootstrap (families, tasks within families, attempts within tasks; QAIJ "Percentile
 * bootstrap": "the resampling should follow that hierarchy"). Oracle: enumeration of the resampling
 * distribution on tiny tables (hand computation).
 */
import { describe, expect, it } from 'vitest';
import { bootstrapQaij, hierarchicalBootstrapQaij, type TaskResult } from '../../kernel-lib/qaij/index.ts';

const r = (task: string, stratum: string, quality: number, system = 'A'): TaskResult => ({
  task, system, energyJ: 10, latencyS: 1, tokens: 1, quality, correctness: 1, reliability: 1, usefulness: 1, difficultyWeight: 1, weight: 1, stratum, boundary: 'system',
});

describe('hierarchicalBootstrapQaij', () => {
  it('resamples the families themselves: two one-task families give [0, 0.1] where fixed strata give zero width', () => {
    // families {f1, f1}: 1/10, {f1, f2}: 0.05, {f2, f2}: 0 with chances 1/4, 1/2, 1/4: the 2.5% and 97.5% points are 0 and 0.1
    const rs = [r('t1', 'f1', 1), r('t2', 'f2', 0)];
    expect(hierarchicalBootstrapQaij(rs, { draws: 2000, seed: 1 }).get('A')).toEqual({ lower: 0, upper: 0.1, validDraws: 2000 });
    const fixed = bootstrapQaij(rs, { draws: 200, seed: 1 }).get('A')!.qaij!;
    expect([fixed.lower, fixed.upper]).toEqual([0.05, 0.05]);
  });

  it('resamples attempts within a task only at the third level', () => {
    // one task with attempts of service 1 and 0: only attempt resampling varies it, over {0, 0.05, 0.1}
    const rs = [r('t1', 'f', 1), r('t1', 'f', 0)];
    expect(hierarchicalBootstrapQaij(rs, { draws: 500, seed: 2, levels: 'families-tasks' }).get('A')).toMatchObject({ lower: 0.05, upper: 0.05 });
    expect(hierarchicalBootstrapQaij(rs, { draws: 2000, seed: 2 }).get('A')).toMatchObject({ lower: 0, upper: 0.1 });
  });

  it('draws the same families and tasks for every system (paired) and is deterministic for a seed', () => {
    const rs = [r('t1', 'f1', 1), r('t2', 'f2', 0), r('t1', 'f1', 1, 'B'), r('t2', 'f2', 0, 'B')];
    const h = hierarchicalBootstrapQaij(rs, { draws: 300, seed: 4, levels: 'families-tasks' });
    expect(h.get('A')).toEqual(h.get('B'));
    expect(hierarchicalBootstrapQaij(rs, { draws: 300, seed: 4, levels: 'families-tasks' })).toEqual(h);
  });

  it('refuses a task placed in two families', () => {
    expect(() => hierarchicalBootstrapQaij([r('t1', 'f1', 1), r('t1', 'f2', 1)])).toThrow('task t1 is in two families: f1 and f2');
  });
});
