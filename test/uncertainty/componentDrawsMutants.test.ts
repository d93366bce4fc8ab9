/**
 * componentDraws.ts (#29, mutation testing): the components of several cells drawn at once on one set
 * of draws. Oracle: a second implementation, section 2.5's X_g^b = sum_{o in g} (w_o / W_g) (1 / n_o)
 * sum over o's slots of x written out over the materialised draws of drawSample (the resampled tasks,
 * not the aggregation code under test); and, for uniqueColumns, the columns compared by hand.
 */
import { groupMeansByHand } from './handGroupMeans.ts';
import { describe, expect, test } from 'vitest';
import type { TaskComponents } from '../../kernel-lib/metrics/taskComponents.ts';
import { DRAWN_COMPONENTS, RATIO_COMPONENTS, componentDraws, uniqueColumns } from '../../kernel-lib/uncertainty/componentDraws.ts';
import { drawSample, taskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';

// occupations of 2, 1 and 3 tasks (task order mixes them), weights 0.5, 0.2, 0.3
const occ = Int32Array.of(0, 2, 0, 1, 2, 2);
const O = 3, n = occ.length;
const weights = Float64Array.of(0.5, 0.2, 0.3);

/** A cell whose five components are distinct per-task columns (`shift` makes cells differ). */
function cell(shift: number, occupationIndex = occ): TaskComponents {
  const col = (k: number) => Float64Array.from({ length: n }, (_, i) => (i + 1) * (k + 1) + shift * (i % 3 + 1));
  return {
    taskIds: Array.from({ length: n }, (_, i) => `t${i}`), occupations: ['a', 'b', 'c'], occupationIndex,
    credit: col(0), valueUSD: col(1), costUSD: col(2), energyMJ: col(3), timeSavingHours: col(4),
  } as unknown as TaskComponents;
}

/** By hand over drawSample (handGroupMeans.ts), with this file's weights. */
function byHand(boot: ReturnType<typeof taskBootstrap>, x: Float64Array, groupOf: number[], groups: number): number[][] {
  return groupMeansByHand(boot, x, weights, groupOf, groups);
}

function expectDraws(got: Float64Array, want: number[], label: string): void {
  expect(got.length, label).toBe(want.length);
  want.forEach((v, b) => expect(got[b], `${label} draw ${b}`).toBeCloseTo(v, 10));
}

describe('componentDraws against the formula over drawSample', () => {
  test('every component of every cell by default, one group (the benchmark) when no groups are given', () => {
    const boot = taskBootstrap(occ, O, { draws: 40, seed: 11 });
    const cells = [cell(0), cell(5)];
    const d = componentDraws(boot, cells, weights);
    expect(d.length).toBe(2);
    cells.forEach((c, k) => {
      expect(d[k].length).toBe(1);
      for (const key of DRAWN_COMPONENTS) expectDraws(d[k][0][key], byHand(boot, c[key], [0, 0, 0], 1)[0], `cell ${k} ${key}`);
    });
  });

  test('two cells, two groups, two components asked for: each draw in its cell, group and component; the others empty', () => {
    const boot = taskBootstrap(occ, O, { draws: 30, seed: 3 });
    const cells = [cell(1), cell(2)];
    const groupOf = [1, 0, 1];
    const which = ['valueUSD', 'energyMJ'] as const;
    const d = componentDraws(boot, cells, weights, Int32Array.from(groupOf), 2, which);
    cells.forEach((c, k) => {
      expect(d[k].length).toBe(2);
      for (let g = 0; g < 2; g++) {
        for (const key of which) expectDraws(d[k][g][key], byHand(boot, c[key], groupOf, 2)[g], `cell ${k} group ${g} ${key}`);
        for (const key of ['credit', 'costUSD', 'timeSavingHours'] as const) expect(d[k][g][key].length, key).toBe(0);
      }
    });
  });

  test('columns shared between cells (the same costs, other values) still land in each cell\'s own place', () => {
    const boot = taskBootstrap(occ, O, { draws: 25, seed: 8 });
    const a = cell(0), b = { ...cell(4), costUSD: a.costUSD.slice(), energyMJ: a.energyMJ } as TaskComponents;
    const d = componentDraws(boot, [a, b], weights, undefined, 1, RATIO_COMPONENTS);
    for (const [k, c] of [a, b].entries()) {
      for (const key of RATIO_COMPONENTS) expectDraws(d[k][0][key], byHand(boot, c[key], [0, 0, 0], 1)[0], `cell ${k} ${key}`);
      expect(d[k][0].credit.length).toBe(0);
    }
    expect([...d[1][0].costUSD]).toEqual([...d[0][0].costUSD]);
  });

  test('RATIO_COMPONENTS are what NVJ and TSJ need: value, cost, energy, time saving (of the five drawn)', () => {
    expect([...DRAWN_COMPONENTS]).toEqual(['credit', 'valueUSD', 'costUSD', 'energyMJ', 'timeSavingHours']);
    expect([...RATIO_COMPONENTS]).toEqual(['valueUSD', 'costUSD', 'energyMJ', 'timeSavingHours']);
  });
});

describe('componentDraws refuses cells on other tasks', () => {
  const boot = taskBootstrap(occ, O, { draws: 5, seed: 1 });
  const message = 'componentDraws requires cells on the same tasks';

  test('another number of tasks, or of occupations, than the draws', () => {
    const fewer = { ...cell(0), taskIds: ['t0', 't1'] } as TaskComponents;
    expect(() => componentDraws(boot, [fewer], weights)).toThrow(message);
    const moreOccupations = { ...cell(0), occupations: ['a', 'b', 'c', 'd'] } as TaskComponents;
    expect(() => componentDraws(boot, [moreOccupations], weights)).toThrow(message);
    expect(() => componentDraws(boot, [cell(0), moreOccupations], weights)).toThrow(message);
  });

  test('a second cell with the same counts but its tasks in other occupations', () => {
    const other = cell(0, Int32Array.of(0, 2, 1, 0, 2, 2));
    expect(() => componentDraws(boot, [cell(0), other], weights)).toThrow(message);
    expect(() => componentDraws(boot, [cell(0), cell(1), other], weights)).toThrow(message);
  });
});

describe('uniqueColumns', () => {
  test('distinct columns by content, in first-seen order, and each input\'s position among them', () => {
    const a = Float64Array.of(1, 2, 3), b = Float64Array.of(1, 2, 4), c = Float64Array.of(0);
    const { unique, position } = uniqueColumns([a, b, a.slice(), c, b, a]);
    expect(unique).toEqual([a, b, c]);
    expect(unique[0]).toBe(a);
    expect(position).toEqual([0, 1, 0, 2, 1, 0]);
  });

  test('a column that begins another is not the same column, in either order', () => {
    const short = Float64Array.of(1, 2), long = Float64Array.of(1, 2, 3);
    expect(uniqueColumns([short, long]).position).toEqual([0, 1]);
    expect(uniqueColumns([long, short]).position).toEqual([0, 1]);
  });

  test('NaN equals NaN, and 0 and -0 are told apart (Object.is: the draws of -0 are -0)', () => {
    expect(uniqueColumns([Float64Array.of(NaN, 1), Float64Array.of(NaN, 1)]).position).toEqual([0, 0]);
    expect(uniqueColumns([Float64Array.of(0), Float64Array.of(-0)]).position).toEqual([0, 1]);
  });

  test('no columns: none unique', () => {
    expect(uniqueColumns([])).toEqual({ unique: [], position: [] });
  });
});

/*
 * Equivalent mutants (explained, not killable by any output):
 * - sameValues's `if (a === b) return true` made `if (false)`: the same array then equals itself
 *   element by element (a shortcut only).
 * - sameValues's loop `i < a.length` made `i <= a.length` (after the length check): the extra pass
 *   compares a[n] and b[n], both undefined, and Object.is(undefined, undefined) is true.
 */
