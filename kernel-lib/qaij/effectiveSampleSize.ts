/**
 * Kish effective sample size of a weighted sample: (sum w)^2 / sum w^2. Equals n for equal weights,
 * shrinks as weights grow uneven. Count of observations; weights >= 0 and not all zero.
 * // QAIJ "Importance weighting" (large weights increase variance)
 * Throws "effectiveSampleSize requires nonnegative weights with a positive sum".
 *
 * Example: `effectiveSampleSize([1.8, 0.2])` // => 1.2195121951219512
 */
import { J2GError } from '../errors.ts';

/**
 * Below this many effective attempts a reweighted estimate is reported with a low-ESS warning: it rests
 * on a handful of heavily weighted attempts (a convention of this toolkit, stated wherever it is used;
 * the seed gives no number, only that "large weights increase variance and expose weak support").
 */
export const LOW_EFFECTIVE_SAMPLE_SIZE = 10;

export function effectiveSampleSize(weights: readonly number[]): number {
  let s = 0, s2 = 0;
  for (const w of weights) {
    if (!(w >= 0) || !Number.isFinite(w)) throw new J2GError('effectiveSampleSize requires nonnegative weights with a positive sum');
    s += w;
    s2 += w * w;
  }
  if (!(s > 0)) throw new J2GError('effectiveSampleSize requires nonnegative weights with a positive sum');
  return (s * s) / s2;
}
