/**
 * percentileInterval.ts against type-7 percentiles computed by hand (#29 mutation testing), not only
 * against percentileSorted: h = (n - 1) p, x_(floor h) + (h - floor h)(x_(floor h + 1) - x_(floor h)),
 * on values with unequal gaps (an index shifted by one gives another number), on both routes (the
 * selection over every draw, and the two-tail route for B >= 1024); every refusal with its message.
 *
 * Equivalent survivors (s11-u3, lines 18-37, 93-103, 136-141 measured): percentileSelect's scan for the
 * next order statistic, `i < work.length` made `<=` (the read past the end is undefined, and
 * `undefined < b` is false) and `work[i] < b` made `<=` (an equal value replaces b by itself). Its
 * early return was `lo + 1 >= B || h === lo`; the first test implies the second (p = 1 gives
 * h = B - 1 exactly), so four survivors of it were redundant code, now removed: `h === lo` alone is
 * what p = 1 needs (without it, 0 x Infinity = NaN; planted, the p = 1 case fails).
 * tailInterval and typeSeven (lines 38-92; s12-un, after the route and edge tests below): a changed
 * sample, slack or cap only sends the draws to the full selection, with the same numbers, so the tests
 * see the route (the two-tail route never reorders the draws) and put a set exactly at each check's
 * edge. Equivalent survivors:
 * - 52 `pl > 0.1` made `>=`: no level gives (1 - level) / 2 = 0.1 exactly (level .8 gives
 *   0.09999999999999998; the doubles next to .8 are 1.1e-16 apart, and 1 - level is exact there);
 * - 55 `i < m` made `<=` (sample[m] is past the sample's end: the write is ignored) and 63 `b < B` made
 *   `<=` (x[B] is undefined: `undefined <= L` and `>= H` are false);
 * - 82 `h === k0` made `false`: then a + 0 (b - a) with b finite (each set holds the order statistic
 *   after k: nl >= kl + 2, and ku + 1 < B), which is a (up to the sign of a zero);
 * - 84 `i < x.length` made `<=` and `x[i] < b` made `<=`, as in percentileSelect above.
 * select (lines 104-129; s12-un, after the every-ordering test): the median of three (110-112, six
 * mutants: each test made `false` or `<=`) only chooses which element of the range is the pivot, and
 * Hoare's partition is right for any pivot in the range (its scans stop at the pivot at the latest):
 * only the speed changes; 107 `right > left` made `>=` (one more pass over a one-element range, which
 * leaves it and returns x[k]); 121 `k >= i` made `true` (when j < k < i, x[k] is the pivot and lies
 * outside both parts: the narrowed loop ends and returns the same x[k]).
 */
import { describe, expect, test } from 'vitest';
import { finitePercentiles, percentileInterval, percentileIntervalInPlace, percentileSelect } from '../../kernel-lib/uncertainty/percentileInterval.ts';
import { createRng } from '../../kernel-lib/random/prng.ts';
import { percentileSorted } from '../../kernel-lib/stats/percentile.ts';

/** A seeded Fisher-Yates shuffle of a copy (the order the draws come in must not matter). */
function shuffled(x: Float64Array, seed: number): Float64Array {
  const y = x.slice(), rng = createRng(seed);
  for (let i = y.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    const t = y[i]; y[i] = y[j]; y[j] = t;
  }
  return y;
}

describe('which route: the two-tail route reads the draws without reordering them, selection reorders them', () => {
  // percentileIntervalInPlace may reorder its draws: selection (Hoare's quickselect) does, on a shuffled
  // sample; the two-tail route only reads them (its doc: B >= 1024 and (1 - level) / 2 <= 0.1, unless a
  // set comes out too small or too large). So whether the draws kept their order tells the routes apart,
  // and the doc's bounds can be checked at their edges (both routes give the same numbers, by hand here).
  const squares = (n: number) => Float64Array.from({ length: n }, (_, i) => i * i);
  /** runs percentileIntervalInPlace on a shuffled copy: the interval, and whether the draws kept their order */
  function inPlace(x: Float64Array, level: number): { lower: number; upper: number; kept: boolean } {
    const work = x.slice();
    const r = percentileIntervalInPlace(work, level);
    return { ...r, kept: work.every((v, i) => v === x[i]) };
  }

  test('B = 1024 at level .95 and .8 takes the two-tail route; B = 1023, or level .79, selects', () => {
    // B = 1024, level .95: h = 1023 x .025 = 25.575 -> 625 + .575 x 51 = 654.325; h = 997.425 -> 997^2 + .425 x 1995
    const x = shuffled(squares(1024), 11);
    const a = inPlace(x, 0.95);
    expect(a.kept).toBe(true);
    expect(a.lower).toBeCloseTo(654.325, 6);
    expect(a.upper).toBeCloseTo(994009 + 847.875, 6);
    // level .8 (pl = .1 less one rounding: still the two-tail route): h = 102.3 -> 10404 + .3 x 205; h = 920.7 -> 846400 + .7 x 1841
    const b = inPlace(x, 0.8);
    expect(b.kept).toBe(true);
    expect(b.lower).toBeCloseTo(10465.5, 6);
    expect(b.upper).toBeCloseTo(847688.7, 6);
    // level .79: pl = .105 > .1, selection: h = 1023 x .105 = 107.415 -> 11449 + .415 x 215; h = 915.585 -> 837225 + .585 x 1831
    const c = inPlace(x, 0.79);
    expect(c.kept).toBe(false);
    expect(c.lower).toBeCloseTo(11538.225, 6);
    expect(c.upper).toBeCloseTo(838296.135, 6);
    // B = 1023, level .95: selection; h = 1022 x .025 = 25.55 -> 625 + .55 x 51; h = 996.45 -> 992016 + .45 x 1993
    const y = shuffled(squares(1023), 12);
    const d = inPlace(y, 0.95);
    expect(d.kept).toBe(false);
    expect(d.lower).toBeCloseTo(653.05, 6);
    expect(d.upper).toBeCloseTo(992912.85, 6);
  });

  test('B = 10,000 at level .95, .9 and .99 takes the two-tail route (every draw read once, none moved)', () => {
    const x = shuffled(squares(10_000), 13);
    const a = inPlace(x, 0.95);
    expect(a.kept).toBe(true);
    expect(a.lower).toBeCloseTo(62487.525, 6);
    expect(a.upper).toBeCloseTo(95043488.475, 6);
    // level .9: h = 9999 x .05 = 499.95 -> 249001 + .95 x 999; h = 9499.05 -> 9499^2 + .05 x 18999
    const b = inPlace(x, 0.9);
    expect(b.kept).toBe(true);
    expect(b.lower).toBeCloseTo(249950.05, 6);
    expect(b.upper).toBeCloseTo(90231001 + 949.95, 6);
    // level .99: h = 9999 x .005 = 49.995 -> 2401 + .995 x 99; h = 9949.005 -> 9949^2 + .005 x 19899
    const c = inPlace(x, 0.99);
    expect(c.kept).toBe(true);
    expect(c.lower).toBeCloseTo(2499.505, 6);
    expect(c.upper).toBeCloseTo(98982601 + 99.495, 6);
  });
});

describe('the two-tail route\'s checks at their edges (B = 10,000, level .95)', () => {
  // tailInterval's numbers for B = 10,000 and level .95, worked by hand from its code comments: the sample
  // is every step = floor(10,000 / 256) = 39th draw (positions 0, 39, ..., 9,945: m = 256), slack =
  // ceil(3 sqrt(256 x .025)) + 2 = 10, L its (ceil(6.4) + 10) = 17th smallest (0-based), H its
  // (floor(249.6) - 10) = 239th; a set holds at most cap = ceil(10,000 x 28 / 256) + 64 = 1,158 draws.
  // The lower percentile needs order statistics kl = floor(9,999 x .025) = 249 and 250, the upper
  // ku = 9,749 and 9,750. The sample is arranged here to put L and H where a check decides; the oracle
  // is the sorted copy's type-7 percentiles, and the route is seen by whether the draws kept their order.
  const B = 10_000, sampleAt = (i: number) => 39 * i;
  const isSample = (p: number) => p % 39 === 0 && p <= 9945;
  const others = Array.from({ length: B }, (_, p) => p).filter((p) => !isSample(p));
  function check(x: Float64Array, route: 'two tails' | 'selection'): void {
    const work = x.slice();
    expect(percentileIntervalInPlace(work, 0.95)).toEqual(sortedInterval(x, 0.95));
    expect(work.every((v, i) => v === x[i]), route).toBe(route === 'two tails');
  }
  function sortedInterval(x: Float64Array, level: number) {
    const s = x.slice().sort();
    return { lower: percentileSorted(s, (1 - level) / 2), upper: percentileSorted(s, (1 + level) / 2) };
  }

  /**
   * Draws `large + position`, then a low set of `small` draws 0 .. small - 1: 0..16 and small - 1 at the
   * sample's first 18 positions (so L = small - 1), the rest at the first positions outside the sample.
   */
  function withLowSet(small: number, large: number): Float64Array {
    const x = Float64Array.from({ length: B }, (_, p) => large + p);
    for (let v = 0; v < 17; v++) x[sampleAt(v)] = v;
    x[sampleAt(17)] = small - 1;
    for (let v = 17; v < small - 1; v++) x[others[v - 17]] = v;
    return x;
  }

  test('the low set must hold order statistics 249 and 250: 251 draws <= L take the two tails, 250 select', () => {
    for (const [small, route] of [[251, 'two tails'], [250, 'selection']] as const) check(withLowSet(small, 1000), route);
  });

  test('the high set must hold order statistics 9,749 and 9,750: 251 draws >= H take the two tails, 250 select', () => {
    for (const [top, route] of [[251, 'two tails'], [250, 'selection']] as const) {
      // draws equal to their position; the top ones 100,000 + r, r < top: r = 0 .. 16 at the sample's last
      // 17 positions (so H = 100,000, the smallest of them), the rest at the last positions outside it
      const x = Float64Array.from({ length: B }, (_, p) => p);
      for (let r = 0; r < 17; r++) x[sampleAt(255 - r)] = 100_000 + r;
      for (let r = 17; r < top; r++) x[others[others.length - 1 - (r - 17)]] = 100_000 + r;
      check(x, route);
    }
  });

  test('a set may hold exactly cap = 1,158 draws (two tails); one more sends the draws to selection', () => {
    for (const [small, route] of [[1158, 'two tails'], [1159, 'selection']] as const) check(withLowSet(small, 10_000), route);
  });

  test('a set past its cap sends the draws to selection (the other set fine): the first cap draws gathered are not the smallest', () => {
    // a shuffled 0..9,999; the sample's 200 middle values replaced by 5,000, its 56 lowest (or highest)
    // kept: L (or H) is then 5,000 and about 5,000 draws fall in that set, past 1,158
    const base = shuffled(Float64Array.from({ length: B }, (_, i) => i), 21);
    const sampleOrder = Array.from({ length: 256 }, (_, i) => sampleAt(i)).sort((a, b) => base[a] - base[b]);
    const lowOver = base.slice(), highOver = base.slice();
    for (const p of sampleOrder.slice(0, 200)) lowOver[p] = 5000; // the 56 highest kept: H is right
    for (const p of sampleOrder.slice(56)) highOver[p] = 5000; // the 56 lowest kept: L is right
    check(lowOver, 'selection');
    check(highOver, 'selection');
  });
});

describe('percentileSelect: type 7 by hand', () => {
  test('powers of two 1..64 in a scrambled order: h = 6p', () => {
    const x = () => Float64Array.of(64, 1, 16, 4, 32, 2, 8);
    // p .05: h .3 -> 1 + .3 x 1; p .3: h 1.8 -> 2 + .8 x 2; p .5: h 3 -> 8; p .95: h 5.7 -> 32 + .7 x 32
    for (const [p, want] of [[0, 1], [0.05, 1.3], [0.3, 3.6], [0.5, 8], [0.95, 54.4], [1, 64]]) expect(percentileSelect(x(), p)).toBeCloseTo(want, 12);
    expect(percentileSelect(Float64Array.of(7), 0.4)).toBe(7);
    // two values: h = p
    expect(percentileSelect(Float64Array.of(10, 0), 0.25)).toBeCloseTo(2.5, 12);
  });

  test('squares 0..9999 shuffled, 95% interval: order statistics 249 and 250 (lower), 9749 and 9750 (upper)', () => {
    // h = 9999 x .025 = 249.975: 249^2 + .975 (250^2 - 249^2) = 62001 + .975 x 499 = 62487.525
    // h = 9999 x .975 = 9749.025: 9749^2 + .025 x (2 x 9749 + 1) = 95043001 + 487.475 = 95043488.475
    const sq = Float64Array.from({ length: 10_000 }, (_, i) => i * i);
    for (const seed of [1, 2]) {
      const x = shuffled(sq, seed), before = x.slice();
      const a = percentileInterval(x); // default level 0.95
      expect(a.lower).toBeCloseTo(62487.525, 6);
      expect(a.upper).toBeCloseTo(95043488.475, 6);
      expect(x).toEqual(before);
      const b = percentileIntervalInPlace(x.slice());
      expect(b.lower).toBeCloseTo(62487.525, 6);
      expect(b.upper).toBeCloseTo(95043488.475, 6);
      // level .5: h = 2499.75 -> 2499^2 + .75 x 4999 = 6245001 + 3749.25; h = 7499.25 -> 7499^2 + .25 x 14999
      const c = percentileInterval(x, 0.5);
      expect(c.lower).toBeCloseTo(6248750.25, 6);
      expect(c.upper).toBeCloseTo(56235001 + 3749.75, 6);
      const f = finitePercentiles(x, [0.025, 1]);
      expect(f[0]).toBeCloseTo(62487.525, 6);
      expect(f[1]).toBe(9999 * 9999);
      // the median: h = 4999.5 -> 4999^2 + .5 x 9999
      expect(finitePercentiles(x, [0.5])[0]).toBeCloseTo(24990001 + 4999.5, 6);
    }
  });

  test('squares 0..2000 (B = 2001) and 0..1199 (B = 1200), 90% and 99%: the two-tail route\'s interpolation by hand', () => {
    // B = 2001, level .9: h = 2000 x .05 = 100 (exactly an order statistic up to rounding), 2000 x .95 = 1900
    const a = percentileInterval(shuffled(Float64Array.from({ length: 2001 }, (_, i) => i * i), 3), 0.9);
    expect(a.lower).toBeCloseTo(10000, 6);
    expect(a.upper).toBeCloseTo(3610000, 6);
    // B = 1200, level .99: h = 1199 x .005 = 5.995 -> 25 + .995 x 11 = 35.945; h = 1199 x .995 = 1193.005 -> 1193^2 + .005 x 2387
    const b = percentileIntervalInPlace(shuffled(Float64Array.from({ length: 1200 }, (_, i) => i * i), 4), 0.99);
    expect(b.lower).toBeCloseTo(35.945, 6);
    expect(b.upper).toBeCloseTo(1423249 + 11.935, 6);
  });
});

describe('select (quickselect) on every ordering of small samples', () => {
  // percentileSelect(work, k / (n - 1)) is the k-th smallest exactly (h = k): checked against the sorted
  // values on every permutation of n = 1..7 distinct values and of samples with ties, so a partition
  // step that misplaces one element in any ordering shows.
  function* permutations(a: number[]): Generator<number[]> {
    if (a.length <= 1) { yield a.slice(); return; }
    for (let i = 0; i < a.length; i++) {
      if (a.indexOf(a[i]) !== i) continue; // ties: each distinct ordering once
      const rest = [...a.slice(0, i), ...a.slice(i + 1)];
      for (const p of permutations(rest)) yield [a[i], ...p];
    }
  }
  test('every k-th smallest of every ordering, distinct values and ties', () => {
    const samples = [[5], [2, 7], [1, 4, 9], [0, 3, 6, 8], [1, 2, 4, 8, 16], [3, 1, 4, 1, 5, 9], [2, 7, 1, 8, 2, 8, 1], [0, 10, 20, 30, 40, 50, 60], [5, 5, 5, 5], [1, 1, 2, 2, 3, 3]];
    let checked = 0;
    for (const sample of samples) {
      const sorted = sample.slice().sort((a, b) => a - b), n = sample.length;
      for (const perm of permutations(sorted)) {
        for (let k = 0; k < n; k++) {
          const p = n === 1 ? 0.5 : k / (n - 1);
          const want = n === 1 ? sorted[0] : sorted[k];
          expect(percentileSelect(Float64Array.from(perm), p), `${perm} k ${k}`).toBe(want);
          checked++;
        }
      }
    }
    expect(checked).toBe(43_113); // distinct orderings x n: 1 + 4 + 18 + 96 + 600 + 360 x 6 + 630 x 7 + 5,040 x 7 + 4 + 90 x 6
  });
});

describe('refusals', () => {
  test('a level outside (0, 1), on both entry points, before anything else', () => {
    for (const level of [0, 1, -0.5, 1.5, NaN]) {
      expect(() => percentileInterval(Float64Array.of(1, 2), level)).toThrow(new RegExp(`^invalid level: ${level}$`));
      expect(() => percentileIntervalInPlace(new Float64Array(0), level)).toThrow(new RegExp(`^invalid level: ${level}$`));
    }
  });

  test('no draws, and a non-finite draw at the first or last position, on both routes', () => {
    expect(() => percentileInterval(new Float64Array(0))).toThrow(/^percentile requires data$/);
    expect(() => percentileIntervalInPlace(new Float64Array(0), 0.9)).toThrow(/^percentile requires data$/);
    for (const n of [3, 2000]) {
      for (const at of [0, n - 1]) {
        for (const bad of [NaN, Infinity, -Infinity]) {
          const x = Float64Array.from({ length: n }, (_, i) => i);
          x[at] = bad;
          expect(() => percentileInterval(x)).toThrow(/^percentileInterval requires finite draws$/);
          expect(() => percentileIntervalInPlace(x)).toThrow(/^percentileInterval requires finite draws$/);
          expect(() => finitePercentiles(x, [0.5])).toThrow(/^percentileInterval requires finite draws$/);
        }
      }
    }
    expect(() => finitePercentiles(new Float64Array(0), [])).toThrow(/^percentile requires data$/);
  });
});
