/**
 * percentileInterval's two-tail path (gathering the draws beyond sample quantiles, then selecting)
 * gives exactly the type-7 percentiles of a full sort, on every ordering and with ties, including the
 * orderings that make its sample unrepresentative (it then falls back to selecting over every draw).
 */
import { describe, expect, test } from 'vitest';
import { finitePercentiles, percentileInterval, percentileIntervalInPlace } from '../../kernel-lib/uncertainty/percentileInterval.ts';
import { percentileSorted } from '../../kernel-lib/stats/percentile.ts';
import { createRng } from '../../kernel-lib/random/prng.ts';

/** Oracle: sort a copy, then type-7 (kernel-lib/stats/percentile.ts). */
function sorted(x: Float64Array, level: number) {
  const s = x.slice().sort();
  return { lower: percentileSorted(s, (1 - level) / 2), upper: percentileSorted(s, (1 + level) / 2) };
}

describe('percentileInterval', () => {
  const rng = createRng(5);
  const orderings: [string, (n: number) => Float64Array][] = [
    ['uniform', (n) => Float64Array.from({ length: n }, () => rng.next())],
    ['heavy ties', (n) => Float64Array.from({ length: n }, () => Math.floor(rng.next() * 7))],
    ['ascending', (n) => Float64Array.from({ length: n }, (_, i) => i / n)],
    ['descending', (n) => Float64Array.from({ length: n }, (_, i) => n - i)],
    ['periodic with the sample step', (n) => Float64Array.from({ length: n }, (_, i) => (i % Math.floor(n / 256) === 0 ? 1e6 : rng.next()))],
    ['constant', (n) => new Float64Array(n).fill(3)],
  ];
  for (const [name, make] of orderings) {
    test(`equals the sorted type-7 percentiles: ${name}`, () => {
      for (const n of [1, 7, 1023, 1024, 2000, 10_000, 10_007]) {
        for (const level of [0.95, 0.9, 0.99, 0.5]) {
          const x = make(n);
          const copy = x.slice();
          expect(percentileInterval(x, level)).toEqual(sorted(x, level));
          expect(x).toEqual(copy); // percentileInterval leaves its input as it was
          expect(percentileIntervalInPlace(x, level)).toEqual(sorted(copy, level));
        }
      }
    });
  }
  test('refuses non-finite draws on the two-tail path too', () => {
    const x = Float64Array.from({ length: 5000 }, () => rng.next());
    x[4321] = NaN;
    expect(() => percentileInterval(x)).toThrow('percentileInterval requires finite draws');
  });
  test('finitePercentiles gives the sorted type-7 percentiles of its draws at each p, one copy selected in turn (Table 16)', () => {
    for (const [, make] of orderings) {
      for (const n of [1, 2, 9, 10_000]) {
        const x = make(n), before = x.slice();
        const ps = [0.5, 0.05, 0.95, 0, 1, 0.25];
        const s = x.slice().sort();
        expect(finitePercentiles(x, ps)).toEqual(ps.map((p) => percentileSorted(s, p)));
        expect(x).toEqual(before); // the caller's draws keep their order
      }
    }
    expect(() => finitePercentiles(Float64Array.of(1, NaN), [0.5])).toThrow('percentileInterval requires finite draws');
    expect(() => finitePercentiles(new Float64Array(0), [0.5])).toThrow('percentile requires data');
  });
});
