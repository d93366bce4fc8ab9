/**
 * Percentile bootstrap interval: the (1 - level)/2 and (1 + level)/2 empirical percentiles of the
 * draws, linear interpolation between order statistics (Hyndman-Fan type 7, numpy's default).
 * Same units as the draws; level in (0, 1), default 0.95.
 * // Joules-to-GDP K.1: "percentile 95% task-composition intervals"
 * Throws "percentileInterval requires finite draws" (never lets a NaN or Infinity into a table),
 * "percentile requires data" and "invalid level: v".
 * @example percentileInterval(Float64Array.of(1, 2, 3, 4, 5), 0.5) // => { lower: 2, upper: 4 }
 */
import { J2GError } from '../errors.ts';
import { percentileSorted } from '../qaij/percentile.ts';

export interface Interval {
  lower: number;
  upper: number;
}

export function percentileInterval(draws: Float64Array, level = 0.95): Interval {
  if (!(level > 0 && level < 1)) throw new J2GError(`invalid level: ${level}`);
  const sorted = sortedFinite(draws);
  return { lower: percentileSorted(sorted, (1 - level) / 2), upper: percentileSorted(sorted, (1 + level) / 2) };
}

/** A sorted copy; throws on a non-finite value. */
export function sortedFinite(draws: Float64Array): Float64Array {
  for (let b = 0; b < draws.length; b++) if (!Number.isFinite(draws[b])) throw new J2GError('percentileInterval requires finite draws');
  return draws.slice().sort();
}
