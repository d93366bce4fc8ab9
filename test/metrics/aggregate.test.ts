/**
 * The two-level aggregation of kernel-lib/metrics/aggregate.ts on inputs small enough to compute by
 * hand (#29: the tables tests reach these functions only through whole tables, so a wrong operand in
 * one of them showed only where a table happened to depend on it). Every expected value is the
 * arithmetic written beside it, from the formula of section 2.5 (X~ = sum_o w_o X_o / n_o over the
 * total weight), never from the code under test.
 *
 * Equivalent mutant (no output can tell it apart), left surviving by `npm run mutation -- metrics`:
 * occupationMeans' division loop with `<` made `<=` (o <= O occupations): the extra pass writes index O
 * of a typed array of length O, which JavaScript drops, so every mean stays the same.
 * Not equivalent (killed by "no property beside the occupations' indices" below): the two task loops
 * with `i <= n` read occupationIndex[n], undefined, and `counts[undefined]++` or `sum[undefined] +=` is
 * no index: it adds a property named "undefined" (NaN) to the returned typed array, seen by Object.keys
 * and JSON.stringify.
 */
import { describe, expect, test } from 'vitest';
import { COMPONENTS, groupAverages, occupationMeans, returnsOf, weightVector, weightedAverage } from '../../kernel-lib/metrics/aggregate.ts';
import type { TaskComponents } from '../../kernel-lib/metrics/taskComponents.ts';
import { PASS_AT_1 } from '../../kernel-lib/metrics/policy.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';

/** Three tasks: two of occupation a (index 0), one of b (index 1); each component differs per task. */
function components(): TaskComponents {
  const f = (...x: number[]) => Float64Array.from(x);
  return {
    system: 's', judge: 'J', judgmentReference: 'expert_only', timeReference: 'expert_only', policy: PASS_AT_1, tieCredit: 1,
    taskIds: ['t1', 't2', 't3'], occupations: ['a', 'b'], occupationIndex: Int32Array.of(0, 0, 1),
    expertHours: f(2, 4, 1), wageUSDPerHour: f(10, 10, 30),
    credit: f(1, 0, 1), valueUSD: f(20, 0, 30), costUSD: f(1, 3, 2), energyMJ: f(0.2, 0.6, 1),
    aiHours: f(0.5, 1.5, 0.25), timeSavingHours: f(1.5, 0, 0.75), tasksWithoutRuns: [],
  };
}

describe('occupationMeans: X_o / n_o per occupation', () => {
  test('a: mean of tasks t1, t2; b: task t3 alone; counts (2, 1)', () => {
    const m = occupationMeans(components());
    expect(m.occupations).toEqual(['a', 'b']);
    expect([...m.counts]).toEqual([2, 1]);
    expect([...m.means.credit]).toEqual([0.5, 1]); // (1 + 0) / 2
    expect([...m.means.valueUSD]).toEqual([10, 30]); // (20 + 0) / 2
    expect([...m.means.costUSD]).toEqual([2, 2]); // (1 + 3) / 2
    expect([...m.means.energyMJ]).toEqual([0.4, 1]); // (0.2 + 0.6) / 2
    expect([...m.means.aiHours]).toEqual([1, 0.25]); // (0.5 + 1.5) / 2
    expect([...m.means.timeSavingHours]).toEqual([0.75, 0.75]); // (1.5 + 0) / 2
  });
  test('no property beside the occupations\' indices: counts and every component\'s means have keys 0 and 1 only', () => {
    const m = occupationMeans(components());
    expect(Object.keys(m.counts)).toEqual(['0', '1']);
    for (const k of COMPONENTS) expect(Object.keys(m.means[k]), k).toEqual(['0', '1']);
    expect(JSON.parse(JSON.stringify(m.counts))).toEqual({ 0: 2, 1: 1 }); // what a JSON writer would see
  });
});

describe('weightedAverage: sum_o w_o X_o / n_o / sum_o w_o', () => {
  const m = occupationMeans(components());
  test('weights (1, 3): credit (1 x 0.5 + 3 x 1) / 4 = 0.875, value (10 + 90) / 4 = 25, energy (0.4 + 3) / 4 = 0.85', () => {
    const a = weightedAverage(m, Float64Array.of(1, 3));
    expect(a.credit).toBe(0.875);
    expect(a.valueUSD).toBe(25);
    expect(a.costUSD).toBe(2); // (2 + 6) / 4
    expect(a.energyMJ).toBeCloseTo(0.85, 15);
    expect(a.aiHours).toBe(0.4375); // (1 + 0.75) / 4
    expect(a.timeSavingHours).toBe(0.75); // (0.75 + 2.25) / 4
    expect(Object.keys(a)).toEqual([...COMPONENTS]);
  });
  test('select keeps only occupation b: its own means, divided by its own weight', () => {
    const b = weightedAverage(m, Float64Array.of(1, 3), (o) => o === 1);
    expect(b).toEqual({ credit: 1, valueUSD: 30, costUSD: 2, energyMJ: 1, aiHours: 0.25, timeSavingHours: 0.75 });
    // a negative weight on an occupation that select leaves out is never read
    expect(weightedAverage(m, Float64Array.of(-1, 3), (o) => o === 1).valueUSD).toBe(30);
  });
  test('refusals name the count, the weight and its occupation, or the zero total', () => {
    expect(() => weightedAverage(m, Float64Array.of(1))).toThrow('weightedAverage requires one weight per occupation: 1 weights for 2 occupations');
    expect(() => weightedAverage(m, Float64Array.of(1, -0.5))).toThrow('weightedAverage requires finite weights >= 0: -0.5 for b');
    expect(() => weightedAverage(m, Float64Array.of(Infinity, 1))).toThrow('weightedAverage requires finite weights >= 0: Infinity for a');
    expect(() => weightedAverage(m, Float64Array.of(NaN, 1))).toThrow('weightedAverage requires finite weights >= 0: NaN for a');
    expect(() => weightedAverage(m, Float64Array.of(0, 0))).toThrow('weightedAverage requires a positive total weight');
    expect(() => weightedAverage(m, Float64Array.of(1, 3), () => false)).toThrow('weightedAverage requires a positive total weight');
    // a zero weight is allowed when another is positive: b alone
    expect(weightedAverage(m, Float64Array.of(0, 2)).valueUSD).toBe(30);
  });
});

describe('groupAverages: sum_{o in g} (w_o / W_g) X_o / n_o per group', () => {
  // three occupations: a and c in group G1, b in G2; occupation c has the means of b doubled
  const c3 = (): ReturnType<typeof occupationMeans> => {
    const m = occupationMeans(components());
    const three = (x: Float64Array) => Float64Array.of(x[0], x[1], 2 * x[1]);
    return { occupations: ['a', 'b', 'c'], counts: Int32Array.of(2, 1, 1), means: Object.fromEntries(COMPONENTS.map((k) => [k, three(m.means[k])])) as typeof m.means };
  };
  test('G1 = (1 x a + 3 x c) / 4 with weight 4; G2 = b with weight 2; groups in first-appearance order', () => {
    const g = groupAverages(c3(), Float64Array.of(1, 2, 3), ['G1', 'G2', 'G1']);
    expect([...g.keys()]).toEqual(['G1', 'G2']);
    const g1 = g.get('G1')!;
    expect(g1.weight).toBe(4);
    expect(g1.valueUSD).toBe(47.5); // (10 + 3 x 60) / 4
    expect(g1.credit).toBe(1.625); // (0.5 + 3 x 2) / 4
    expect(g1.costUSD).toBe(3.5); // (2 + 3 x 4) / 4
    expect(g1.energyMJ).toBe(1.6); // (0.4 + 3 x 2) / 4
    expect(g1.aiHours).toBe(0.625); // (1 + 3 x 0.5) / 4
    expect(g1.timeSavingHours).toBe(1.3125); // (0.75 + 3 x 1.5) / 4
    expect(g.get('G2')).toEqual({ credit: 1, valueUSD: 30, costUSD: 2, energyMJ: 1, aiHours: 0.25, timeSavingHours: 0.75, weight: 2 });
  });
  test('select leaves out occupation c (G1 is a alone) and a group with no selected occupation', () => {
    const g = groupAverages(c3(), Float64Array.of(1, 2, 3), ['G1', 'G2', 'G1'], (o) => o === 0);
    expect([...g.keys()]).toEqual(['G1']);
    expect(g.get('G1')!.valueUSD).toBe(10);
    expect(g.get('G1')!.weight).toBe(1);
  });
  test('a group whose weights sum to zero is refused by name', () => {
    expect(() => groupAverages(c3(), Float64Array.of(1, 0, 3), ['G1', 'G2', 'G1'])).toThrow('group G2 has zero total weight');
  });
});

describe('returnsOf: the five ratios of one aggregate (eq. 2.4, section 3.2.1)', () => {
  const a = { credit: 0.5, valueUSD: 10, costUSD: 2, energyMJ: 4, aiHours: 0.5, timeSavingHours: 3 };
  test('NVJ (10 - 2) / 4 = 2, TSJ 3 / 4, win-tie 0.5 / 4, per AI dollar 8 / 2, per AI hour 8 / 0.5', () => {
    expect(returnsOf(a)).toEqual({ nvj: 2, tsj: 0.75, winTiePerMJ: 0.125, nvPerAIDollar: 4, nvPerAIHour: 16 });
  });
  test('a zero cost or a zero AI time leaves that ratio null, the others unchanged', () => {
    expect(returnsOf({ ...a, costUSD: 0 })).toEqual({ nvj: 2.5, tsj: 0.75, winTiePerMJ: 0.125, nvPerAIDollar: null, nvPerAIHour: 20 });
    expect(returnsOf({ ...a, aiHours: 0 })).toEqual({ nvj: 2, tsj: 0.75, winTiePerMJ: 0.125, nvPerAIDollar: 4, nvPerAIHour: null });
  });
});

describe('weightVector: w_o aligned with the occupations asked for (synthetic-small: S1 60%, S2 40%)', () => {
  const ds = loadDataset('data/recorded/synthetic-small');
  test('gdp by default: occA 0.6 x 100/400, occB 0.6 x 300/400, occC 0.4 x 50/50, in the order asked', () => {
    const w = weightVector(ds, ['occC', 'occA', 'occB']);
    expect(w).toBeInstanceOf(Float64Array);
    expect(w[0]).toBeCloseTo(0.4, 15);
    expect(w[1]).toBeCloseTo(0.15, 15);
    expect(w[2]).toBeCloseTo(0.45, 15);
  });
  test('another scheme: employment 100, 300, 50 of 450', () => {
    const w = weightVector(ds, ['occA', 'occB', 'occC'], 'employment');
    expect([...w].map((x) => x * 450)).toEqual([100, 300, 50].map((x) => expect.closeTo(x, 12)));
  });
  test('custom weights may name a dataset occupation that is not asked for (occC); an unknown name is refused', () => {
    const w = weightVector(ds, ['occA', 'occB'], { custom: { occA: 1, occB: 3, occC: 5 } });
    expect([...w]).toEqual([0.25, 0.75]);
    expect(() => weightVector(ds, ['occA', 'occZ'])).toThrow('unknown occupation: occZ');
  });
});
