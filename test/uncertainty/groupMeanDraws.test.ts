/**
 * groupMeanDraws against oracles that do not share its code (#29: dropping the 1/n_o of the group
 * factor doubled Table 22's time_saving_hours_hi on the reconstructed dataset and no unit test saw it).
 *
 * - By hand: occupation 0 has tasks x = 0 and 4 (n_0 = 2, w_0 = 1), occupation 1 has one task x = 10
 *   (w_1 = 3). A draw's occupation-0 mean is 0, 2 or 4 (probabilities 1/4, 1/2, 1/4), so the benchmark
 *   draw (1/4) mean_0 + (3/4) 10 is 7.5, 8 or 8.5 and nothing else. (Without 1/n_o: 7.5, 8.5, 9.5.)
 * - A second implementation: the formula of section 2.5 written out over the materialised draws of
 *   drawSample, X_g^b = sum_{o in g} (w_o / W_g) (1 / n_o) sum over o's slots of x.
 */
import { describe, expect, test } from 'vitest';
import { drawSample, taskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';
import { benchmarkDraws, groupMeanDraws } from '../../kernel-lib/uncertainty/groupMeanDraws.ts';

const METHODS = ['slots', 'multiset', 'auto'] as const;

describe('groupMeanDraws by hand', () => {
  const occ = Int32Array.of(0, 0, 1);
  const x = Float64Array.of(0, 4, 10);
  const weights = Float64Array.of(1, 3);

  test.each(METHODS)('%s: the benchmark draws take exactly the values 7.5, 8 and 8.5, with frequencies near 1/4, 1/2, 1/4', (method) => {
    const boot = taskBootstrap(occ, 2, { draws: 400, seed: 7 });
    const [draws] = groupMeanDraws(boot, [x], weights, new Int32Array(2), 1, method)[0];
    const counts = new Map<number, number>();
    for (const v of draws) counts.set(Number(v.toFixed(12)), (counts.get(Number(v.toFixed(12))) ?? 0) + 1);
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([7.5, 8, 8.5]);
    // binomial(400, 1/2): sd 10, so 4 sd = 40
    expect(Math.abs(counts.get(8)! - 200)).toBeLessThan(40);
  });

  test.each(METHODS)('%s: per group, occupation 0 alone gives means 0, 2, 4 and occupation 1 always 10', (method) => {
    const boot = taskBootstrap(occ, 2, { draws: 200, seed: 7 });
    const [[g0, g1]] = groupMeanDraws(boot, [x], weights, Int32Array.of(0, 1), 2, method);
    expect(new Set(g0)).toEqual(new Set([0, 2, 4]));
    expect(new Set(g1)).toEqual(new Set([10]));
  });

  test('a constant column gives that constant in every draw and group (the factors of a group sum to 1 / slot)', () => {
    const boot = taskBootstrap(Int32Array.of(0, 0, 0, 1, 2, 2, 2, 2, 2, 2, 2), 3, { draws: 50, seed: 1 });
    const c = new Float64Array(11).fill(3.25);
    for (const method of ['slots', 'auto'] as const) {
      const out = groupMeanDraws(boot, [c], Float64Array.of(0.2, 0.5, 0.3), Int32Array.of(0, 1, 0), 2, method);
      for (const g of out[0]) for (const v of g) expect(v).toBeCloseTo(3.25, 12);
    }
  });
});

describe('groupMeanDraws against the formula written out over drawSample', () => {
  // occupations of 1, 2, 6 and 3 tasks (6 > 5: the auto method gathers slot by slot); seven columns
  // (blocks of four, two and one)
  const sizes = [1, 2, 6, 3];
  const occ = Int32Array.from(sizes.flatMap((s, o) => Array(s).fill(o)));
  const n = occ.length;
  const cols = Array.from({ length: 7 }, (_, k) => Float64Array.from({ length: n }, (_, i) => ((i * 7 + k * 3) % 11) - 2.5 * k));
  const weights = Float64Array.of(0.1, 0.2, 0.3, 0.4);

  function oracle(sample: Int32Array, B: number, x: Float64Array, groupOf: number[], groups: number): number[][] {
    const W = new Array(groups).fill(0);
    sizes.forEach((_, o) => { W[groupOf[o]] += weights[o]; });
    const offsets = [0];
    for (const s of sizes) offsets.push(offsets[offsets.length - 1] + s);
    return Array.from({ length: groups }, (_, g) => Array.from({ length: B }, (_, b) => {
      let total = 0;
      sizes.forEach((s, o) => {
        if (groupOf[o] !== g) return;
        let sum = 0;
        for (let p = offsets[o]; p < offsets[o + 1]; p++) sum += x[sample[b * n + p]];
        total += (weights[o] / W[g]) * (sum / s);
      });
      return total;
    }));
  }

  test('benchmark and two groups, slots and auto, every column and draw', () => {
    const B = 60;
    const boot = taskBootstrap(occ, sizes.length, { draws: B, seed: 99 });
    const sample = drawSample(boot);
    for (const [groupOf, groups] of [[[0, 0, 0, 0], 1], [[1, 0, 1, 0], 2]] as [number[], number][]) {
      for (const method of ['slots', 'auto'] as const) {
        const out = groupMeanDraws(boot, cols, weights, Int32Array.from(groupOf), groups, method);
        cols.forEach((x, k) => {
          const want = oracle(sample, B, x, groupOf, groups);
          for (let g = 0; g < groups; g++) for (let b = 0; b < B; b++) expect(out[k][g][b]).toBeCloseTo(want[g][b], 10);
        });
      }
    }
    const bench = benchmarkDraws(boot, cols.slice(0, 1), weights)[0];
    const want = oracle(sample, B, cols[0], [0, 0, 0, 0], 1)[0];
    for (let b = 0; b < B; b++) expect(bench[b]).toBeCloseTo(want[b], 10);
  });
});
