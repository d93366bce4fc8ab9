/**
 * Table 16's portfolios (rankPortfolios) with three categories, against oracles that do not share its
 * code (#29: a leader-retention tie bug and a leave-one-out mean over n_o instead of n_o - 1 went
 * through a test whose two categories allow rho = +1 or -1 only).
 *
 * Every task has energy 1 MJ, so each ranking is a ranking of weighted means. The oracle enumerates
 * every combination of one removed task per category (all equally likely), recomputes each category
 * from scratch (occupation means over the n_o - 1 tasks left, renormalised weights) and ranks with
 * average ranks; the portfolios must produce only those rho values, at those frequencies, and retain
 * the leader at the enumerated rate (binomial tolerance).
 */
import { describe, expect, test } from 'vitest';
import { rankPortfolios, type PortfolioInput } from '../../kernel-lib/uncertainty/rankPortfolios.ts';
import { createRng } from '../../kernel-lib/random/prng.ts';

/**
 * Equal up to float noise, written out here (no shared code): the oracle's from-scratch means and the
 * code's leave-one-out updates reach a mathematically equal value by different arithmetic (3 and
 * 3.0000000000000004), which must tie on both sides.
 */
const same = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/** Spearman rho with average ranks, written out (no shared code). */
function rhoOf(a: number[], b: number[]): number {
  const rank = (x: number[]) => x.map((v) => x.filter((w) => w < v && !same(w, v)).length + (x.filter((w) => same(w, v)).length + 1) / 2);
  const ra = rank(a), rb = rank(b);
  const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
  const ma = mean(ra), mb = mean(rb);
  let num = 0, da = 0, db = 0;
  for (let i = 0; i < a.length; i++) { num += (ra[i] - ma) * (rb[i] - mb); da += (ra[i] - ma) ** 2; db += (rb[i] - mb) ** 2; }
  return num / Math.sqrt(da * db);
}

interface Occ { category: number; weight: number; s: number[] }

/** Category means of s with `removed` task (category c -> task position in category order) left out. */
function categoryValues(occs: Occ[], C: number, removed: (number | null)[]): number[] {
  const out: number[] = [];
  for (let c = 0; c < C; c++) {
    let num = 0, W = 0, pos = 0;
    for (const o of occs.filter((x) => x.category === c)) {
      const kept = o.s.filter((_, j) => removed[c] !== pos + j);
      pos += o.s.length;
      if (kept.length === 0) continue;
      num += (o.weight * kept.reduce((a, v) => a + v, 0)) / kept.length;
      W += o.weight;
    }
    out.push(num / W);
  }
  return out;
}

function enumerate(occs: Occ[], C: number): { rho: number; retained: boolean }[] {
  const full = categoryValues(occs, C, new Array(C).fill(null));
  const leader = full.indexOf(Math.max(...full));
  const sizes = Array.from({ length: C }, (_, c) => occs.filter((o) => o.category === c).reduce((n, o) => n + o.s.length, 0));
  const out: { rho: number; retained: boolean }[] = [];
  const walk = (c: number, removed: (number | null)[]) => {
    if (c === C) {
      const v = categoryValues(occs, C, removed);
      out.push({ rho: rhoOf(v, full), retained: v.every((x) => x <= v[leader] || same(x, v[leader])) });
      return;
    }
    for (let t = 0; t < sizes[c]; t++) walk(c + 1, [...removed, sizes[c] > 1 ? t : null]);
  };
  walk(0, []);
  return out;
}

function input(occs: Occ[], C: number): PortfolioInput {
  const occupationIndex = Int32Array.from(occs.flatMap((o, k) => o.s.map(() => k)));
  const s = Float64Array.from(occs.flatMap((o) => o.s));
  const n = s.length;
  return {
    occupationIndex, categoryOf: Int32Array.from(occs, (o) => o.category), categories: C, weights: Float64Array.from(occs, (o) => o.weight),
    // credit = value = time saving = s, cost 0, energy 1: all three rankings rank the means of s
    credit: s, valueUSD: s, costUSD: new Float64Array(n), energyMJ: new Float64Array(n).fill(1), timeSavingHours: s,
  };
}

/*
 * Equivalent mutants of rankPortfolios.ts (#29, npm run mutation: no output can tell them apart):
 * - (was listed here, but not equivalent: `if (!(e > 0)) requirePositive(...)` let Infinity through; the
 *   guard is gone, test/uncertainty/rankPortfoliosMutants.test.ts; speed-only code measured there too.)
 * - loops run one index past a typed array (i <= n, o <= O, k <= K, c <= C in the count, start, task,
 *   leader and retention loops; ranksFrom's bounds, as in spearman.ts): the read is undefined, compares
 *   false or indexes nothing, and writes past the end are ignored (agg's k = K slot is the next
 *   category's k = 0, which is overwritten next).
 * - `>=` for `>` where a tie guard follows (leader, retention) or in the insertion sort: equal values
 *   are tied either way.
 * - ranksFrom's average rank (i + j) / 2 + 1 replaced by (i + j) / 2 - 1 or (i + j) * 2: any increasing
 *   affine map of (i + j), and Pearson's correlation with the full-data ranks is invariant to it.
 * - (listed here until s12-un, killed since by rankPortfoliosMutants.test.ts: num / W_c made num * W_c
 *   and / Wc made * Wc, by weights scaled by 2^600 and 2^-600 (the product overflows or underflows);
 *   the rejection step of the inlined draw, `x >= lim` made `false` or `>` and the limit's three
 *   mutants, by seed 17,300, whose first output equals the limit for a category of 160,154 tasks;
 *   `counts[o] === 0` made `false`, by an occupation without tasks.)
 * - `if (!ready[t])` always true: the removal values are recomputed, identically (it is a cache).
 */
describe('rankPortfolios with three categories', () => {
  // By hand: Cat0 s = (4, 2, 3), mean 3, after a removal 2.5, 3.5 or 3; Cat1 (3, 1), mean 2, after 1 or 3;
  // Cat2 (0, 2), mean 1, after 2 or 0. The leader Cat0 stays first (a tie counts as first) in
  // 4 (3.5) + 4 (3, ties with Cat1's 3 included) + 2 (2.5 beats Cat1 only at 1) = 10 of 12 combinations:
  // 83.33%. (Counting a tie as lost: 8 of 12; a leave-one-out over n_o: other values.)
  const handOccs: Occ[] = [{ category: 0, weight: 1, s: [4, 2, 3] }, { category: 1, weight: 1, s: [3, 1] }, { category: 2, weight: 1, s: [0, 2] }];

  test('keeps the leader in 10 of 12 equally likely removals (83.3%), a tie counting as first', () => {
    const combos = enumerate(handOccs, 3);
    expect(combos.length).toBe(12);
    expect(combos.filter((c) => c.retained).length).toBe(10);
    const r = rankPortfolios(input(handOccs, 3), { draws: 3000, seed: 5 });
    for (const name of ['win_tie_per_mj', 'nvj', 'tsj'] as const) {
      expect(r[name].leader).toBe(0);
      expect([...r[name].full]).toEqual([3, 2, 1]);
      // binomial(3000, 5/6): sd 0.68 points; 4 sd = 2.7
      expect(Math.abs(r[name].leaderRetainedPct - (100 * 10) / 12)).toBeLessThan(2.7);
    }
  });

  // Two occupations of unequal weight in Cat0, so that a leave-one-out mean over n_o instead of
  // n_o - 1 moves the category's value and with it the ranks.
  const occs: Occ[] = [
    { category: 0, weight: 0.5, s: [6, 0, 3] },
    { category: 0, weight: 0.1, s: [1, 5] },
    { category: 1, weight: 0.2, s: [2, 4, 3.5] },
    { category: 2, weight: 0.2, s: [1, 3, 4, 2.5] },
  ];

  test('produces only the enumerated rho values, at their enumerated frequencies, and the enumerated leader retention', () => {
    const combos = enumerate(occs, 3);
    expect(combos.length).toBe(5 * 3 * 4);
    const P = 4000;
    const r = rankPortfolios(input(occs, 3), { draws: P, seed: 11 });
    const key = (x: number) => x.toFixed(9);
    const want = new Map<string, number>();
    for (const c of combos) want.set(key(c.rho), (want.get(key(c.rho)) ?? 0) + 1 / combos.length);
    expect(want.size).toBeGreaterThan(2); // three categories: rho takes values other than +1 and -1
    for (const name of ['win_tie_per_mj', 'nvj', 'tsj'] as const) {
      const got = new Map<string, number>();
      for (const v of r[name].rho) got.set(key(v), (got.get(key(v)) ?? 0) + 1 / P);
      for (const [k, p] of got) {
        expect(want.has(k), `rho ${k} is not one of the enumerated values`).toBe(true);
        expect(Math.abs(p - want.get(k)!)).toBeLessThan(4 * Math.sqrt((want.get(k)! * (1 - want.get(k)!)) / P) + 1e-9);
      }
      const retained = combos.filter((c) => c.retained).length / combos.length;
      expect(Math.abs(r[name].leaderRetainedPct / 100 - retained)).toBeLessThan(4 * Math.sqrt((retained * (1 - retained)) / P) + 1e-9);
    }
  });

  // #29: a tie reached by two orders of arithmetic. Cat0 = (0.3, 0.6), Cat1 = (0.6, 0), one occupation
  // each, so each portfolio keeps one task per category (4 equally likely). Full data: Cat0 0.45 leads
  // Cat1 0.3. Cat0 keeping 0.6 is computed as (0.3 + 0.6) - 0.3 = 0.5999999999999999, Cat1 keeping 0.6
  // as 0.6: the same value, which must tie. Leader kept (a tie counts as first) in 3 of 4 portfolios
  // (lost only when Cat0 keeps 0.3 and Cat1 0.6); compared exactly, 2 of 4. The tied portfolio ranks
  // nothing: rho counted 0 and constantRankings about P / 4; compared exactly, rho -1 there.
  test('a tie reached by float noise (0.5999999999999999 vs 0.6) is a tie: retention 75%, not 50%', () => {
    const tieOccs: Occ[] = [{ category: 0, weight: 1, s: [0.3, 0.6] }, { category: 1, weight: 1, s: [0.6, 0] }];
    const P = 4000;
    const r = rankPortfolios(input(tieOccs, 2), { draws: P, seed: 29 });
    for (const name of ['win_tie_per_mj', 'nvj', 'tsj'] as const) {
      expect(r[name].leader).toBe(0);
      // binomial(4000, 3/4): sd 0.68 points; 4 sd = 2.8
      expect(Math.abs(r[name].leaderRetainedPct - 75)).toBeLessThan(2.8);
      expect(Math.abs(r[name].constantRankings / P - 0.25)).toBeLessThan(4 * Math.sqrt((0.25 * 0.75) / P));
      expect(new Set(r[name].rho)).toEqual(new Set([1, 0, -1]));
    }
  });

  test('refusals name what is wrong: one category, no variation, a zero category weight (full or after a removal), zero energy', () => {
    const two: Occ[] = [{ category: 0, weight: 1, s: [1, 2] }, { category: 1, weight: 1, s: [3, 4] }];
    const settings = { draws: 50, seed: 1 };
    expect(() => rankPortfolios({ ...input(two, 2), categories: 1 }, settings)).toThrow('rankPortfolios requires two or more categories');
    const flat: Occ[] = [{ category: 0, weight: 1, s: [1, 3] }, { category: 1, weight: 2, s: [2, 2] }]; // both means 2
    expect(() => rankPortfolios(input(flat, 2), settings)).toThrow('rankPortfolios requires full-data rankings with variation: every category has the same win_tie_per_mj');
    const zeroW: Occ[] = [{ category: 0, weight: 0, s: [1, 2] }, { category: 1, weight: 1, s: [3, 4] }];
    expect(() => rankPortfolios(input(zeroW, 2), settings)).toThrow('rankPortfolios requires a positive category weight: category 0');
    // Cat0: a one-task occupation of weight 1 and one of weight 0. Removing the first drops its weight,
    // leaving W = 0 (every portfolio draws it with probability 1/2, so 50 portfolios reach it).
    const dropped: Occ[] = [{ category: 0, weight: 1, s: [5] }, { category: 0, weight: 0, s: [1] }, { category: 1, weight: 1, s: [3, 4] }];
    expect(() => rankPortfolios(input(dropped, 2), settings)).toThrow('rankPortfolios requires a positive category weight after a removal: category 0');
    const noEnergy = { ...input(two, 2), energyMJ: Float64Array.of(1, 1, 0, 0) }; // Cat1's energy is 0
    expect(() => rankPortfolios(noEnergy, settings)).toThrow('netValuePerJoule requires a positive energy: 0');
  });

  test('a one-task category is kept whole in every portfolio (its value never moves)', () => {
    // Cat0 (7) alone; Cat1 (2, 9): mean 5.5, after a removal 9 or 2. Leader Cat0 lost only when Cat1 keeps 9: 50%.
    const r = rankPortfolios(input([{ category: 0, weight: 1, s: [7] }, { category: 1, weight: 1, s: [2, 9] }], 2), { draws: 2000, seed: 4 });
    expect(r.nvj.leader).toBe(0);
    expect([...r.nvj.full]).toEqual([7, 5.5]);
    expect(new Set(r.nvj.rho)).toEqual(new Set([1, -1]));
    expect(Math.abs(r.nvj.leaderRetainedPct - 50)).toBeLessThan(4 * Math.sqrt(0.25 / 2000) * 100); // 4.5 points
    expect(r.nvj.constantRankings).toBe(0);
  });

  // A second implementation, portfolio by portfolio: the documented stream (one createRng(seed).int(n_c)
  // per category of two or more tasks, in category order, picking the category's n_c tasks in task
  // order), each category recomputed from scratch, ranked with rhoOf. Same rho in every portfolio (to
  // rounding) and the same retained count: a changed stream, removal or rank gives other portfolios.
  // The second set has a one-task occupation beside a two-task one in Cat0: removing its task drops the
  // occupation and renormalises the category's weight.
  const withSingle: Occ[] = [...occs, { category: 2, weight: 0.3, s: [9] }];
  test.each([['occs', occs], ['occs with a one-task occupation', withSingle]] as const)('equals a from-scratch recomputation on the same random stream, portfolio by portfolio: %s', (_, occs) => {
    const C = 3, P = 300;
    const r = rankPortfolios(input(occs, C), { draws: P, seed: 17 });
    const rng = createRng(17);
    const sizes = Array.from({ length: C }, (_, c) => occs.filter((o) => o.category === c).reduce((n, o) => n + o.s.length, 0));
    const full = categoryValues(occs, C, new Array(C).fill(null));
    const leader = full.indexOf(Math.max(...full));
    let retained = 0;
    for (let p = 0; p < P; p++) {
      const removed = sizes.map((n) => (n > 1 ? rng.int(n) : null));
      const v = categoryValues(occs, C, removed);
      if (v.every((x) => x <= v[leader] || same(x, v[leader]))) retained++;
      expect(r.nvj.rho[p], `portfolio ${p}`).toBeCloseTo(rhoOf(v, full), 12);
    }
    expect(r.nvj.leader).toBe(leader);
    expect(r.nvj.leaderRetainedPct).toBe((100 * retained) / P);
    [...r.nvj.full].forEach((x, c) => expect(x).toBeCloseTo(full[c], 12));
  });

  test('ratios of the re-aggregated components, by hand: Y/E, (G - C)/E and S/E with energies other than 1', () => {
    // Cat0 (one occupation): credit (1, 0), value (10, 6), cost (2, 2), energy (2, 4), time (3, 1): means
    //   .5, 8, 2, 3, 2 -> win-tie/MJ 1/6, NVJ 2, TSJ 2/3. Without task 0: 0, 1, 1/4; without task 1: .5, 4, 3/2.
    // Cat1: credit (1, 1), value (5, 5), cost (1, 3), energy (1, 1), time (0, 2): 1, 3, 1. Without task 0:
    //   1, 2, 2; without task 1: 1, 4, 0. Leader Cat1 in all three. Kept (a tie counts) over the 4
    //   portfolios: win-tie/MJ 4, NVJ 3 (lost only at Cat0 4 vs Cat1 2), TSJ 2 (lost when Cat1 keeps 0).
    const r = rankPortfolios({
      occupationIndex: Int32Array.of(0, 0, 1, 1), categoryOf: Int32Array.of(0, 1), categories: 2, weights: Float64Array.of(0.4, 0.6),
      credit: Float64Array.of(1, 0, 1, 1), valueUSD: Float64Array.of(10, 6, 5, 5), costUSD: Float64Array.of(2, 2, 1, 3),
      energyMJ: Float64Array.of(2, 4, 1, 1), timeSavingHours: Float64Array.of(3, 1, 0, 2),
    }, { draws: 4000, seed: 2 });
    const close = (a: Float64Array, b: number[]) => b.forEach((x, c) => expect(a[c]).toBeCloseTo(x, 12));
    close(r.win_tie_per_mj.full, [1 / 6, 1]);
    close(r.nvj.full, [2, 3]);
    close(r.tsj.full, [2 / 3, 1]);
    const sd4 = 4 * Math.sqrt((0.25 * 0.75) / 4000) * 100; // 2.7 points
    expect(r.win_tie_per_mj.leaderRetainedPct).toBe(100);
    expect(Math.abs(r.nvj.leaderRetainedPct - 75)).toBeLessThan(sd4);
    expect(Math.abs(r.tsj.leaderRetainedPct - 50)).toBeLessThan(4 * Math.sqrt(0.25 / 4000) * 100);
  });
});
