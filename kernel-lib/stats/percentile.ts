/**
 * Empirical percentile of numbers sorted ascending, linear interpolation between order statistics
 * (Hyndman and Fan type 7, R's default): h = (n - 1) p, x[floor h] + (h - floor h)(x[floor h + 1] - x[floor h]).
 * Same units as the data; 0 <= p <= 1. Throws "percentile requires data" and "invalid p: v".
 * // QAIJ "Percentile bootstrap" (the interval takes empirical quantiles)
 *
 * Example: `percentileSorted([1, 2, 3, 4], 0.5)` // => 2.5
 */
import { J2GError } from '../errors.ts';

export function percentileSorted(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) throw new J2GError('percentile requires data');
  if (!(p >= 0 && p <= 1)) throw new J2GError(`invalid p: ${p}`);
  const h = (sorted.length - 1) * p;
  for (let i = 0; i < sorted.length; i++) if (Number.isNaN(sorted[i])) throw new J2GError(`percentile requires numbers: NaN at position ${i}`);
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}
