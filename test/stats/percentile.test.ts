/**
 * percentileSorted, the oracle of the percentile tests (test/uncertainty/percentileInterval.test.ts,
 * edgeCases.test.ts), against type-7 percentiles computed by hand (#29: its one fixed value, the median
 * of [1, 2, 3, 4], could not reveal an index shift). h = (n - 1) p; x[floor h] + (h - floor h)
 * (x[floor h + 1] - x[floor h]). Same values as R: quantile(x, p, type = 7).
 */
import { describe, expect, test } from 'vitest';
import { percentileSorted } from '../../kernel-lib/stats/percentile.ts';
import { percentileInterval } from '../../kernel-lib/uncertainty/percentileInterval.ts';

describe('percentileSorted (type 7)', () => {
  test.each([
    // x = 10, 20, 30, 40, 50: h = 4p
    [[10, 20, 30, 40, 50], 0, 10], [[10, 20, 30, 40, 50], 0.025, 11], [[10, 20, 30, 40, 50], 0.1, 14],
    [[10, 20, 30, 40, 50], 0.25, 20], [[10, 20, 30, 40, 50], 0.9, 46], [[10, 20, 30, 40, 50], 0.975, 49], [[10, 20, 30, 40, 50], 1, 50],
    // unequal gaps, h = 6p: 0.05 -> h .3 -> 1.3; 0.3 -> h 1.8 -> 2 + .8 x 2; 0.5 -> 8; 0.95 -> h 5.7 -> 32 + .7 x 32
    [[1, 2, 4, 8, 16, 32, 64], 0.05, 1.3], [[1, 2, 4, 8, 16, 32, 64], 0.3, 3.6], [[1, 2, 4, 8, 16, 32, 64], 0.5, 8], [[1, 2, 4, 8, 16, 32, 64], 0.95, 54.4],
    [[1, 2, 3, 4], 0.5, 2.5], [[7], 0.3, 7],
  ])('%j at p = %d is %d', (x, p, want) => {
    expect(percentileSorted(x, p)).toBeCloseTo(want, 12);
  });

  test('2001 draws 0..2000: the 2.5% and 97.5% percentiles are the order statistics 50 and 1950 exactly; 2000 draws interpolate', () => {
    const x = Float64Array.from({ length: 2001 }, (_, i) => i);
    expect(percentileSorted(x, 0.025)).toBe(50);
    expect(percentileSorted(x, 0.975)).toBe(1950);
    // n = 2000: h = 1999 x .025 = 49.975 -> 49.975; h = 1949.025
    const y = Float64Array.from({ length: 2000 }, (_, i) => i);
    expect(percentileSorted(y, 0.025)).toBeCloseTo(49.975, 9);
    expect(percentileSorted(y, 0.975)).toBeCloseTo(1949.025, 9);
    const r = percentileInterval(y.slice().reverse());
    expect(r.lower).toBeCloseTo(49.975, 9);
    expect(r.upper).toBeCloseTo(1949.025, 9);
  });

  test('refuses p outside [0, 1] and no data', () => {
    expect(() => percentileSorted([1, 2], 1.5)).toThrow('invalid p: 1.5');
    expect(() => percentileSorted([], 0.5)).toThrow('percentile requires data');
  });
});
