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
import { percentileSorted } from '../stats/percentile.ts';

export interface Interval {
  lower: number;
  upper: number;
}

export function percentileInterval(draws: Float64Array, level = 0.95): Interval {
  return percentileIntervalInPlace(draws.slice(), level);
}

/** `percentileInterval` on draws the caller no longer needs in order: reorders `work`, copies nothing. */
export function percentileIntervalInPlace(work: Float64Array, level = 0.95): Interval {
  if (!(level > 0 && level < 1)) throw new J2GError(`invalid level: ${level}`);
  if (work.length === 0) throw new J2GError('percentile requires data');
  for (let b = 0; b < work.length; b++) if (!Number.isFinite(work[b])) throw new J2GError('percentileInterval requires finite draws');
  return { lower: percentileSelect(work, (1 - level) / 2), upper: percentileSelect(work, (1 + level) / 2) };
}

/**
 * Type-7 percentile by selection instead of a full sort (O(B) expected): the order statistics
 * floor(h) and floor(h) + 1, h = (B - 1) p, found with Hoare's quickselect (median-of-three pivot,
 * deterministic). Reorders `work` in place; equal to `percentileSorted(sorted copy, p)`.
 */
export function percentileSelect(work: Float64Array, p: number): number {
  const h = (work.length - 1) * p;
  const lo = Math.floor(h);
  const a = select(work, lo);
  if (lo + 1 >= work.length || h === lo) return a;
  // After selection every element right of lo is >= a: the next order statistic is their minimum.
  let b = Infinity;
  for (let i = lo + 1; i < work.length; i++) if (work[i] < b) b = work[i];
  return a + (h - lo) * (b - a);
}

/** k-th smallest (0-based) of x, partially reordering x so that x[k] holds it. */
function select(x: Float64Array, k: number): number {
  let left = 0, right = x.length - 1;
  while (right > left) {
    const mid = (left + right) >>> 1;
    // median of three to x[mid]
    if (x[mid] < x[left]) swap(x, mid, left);
    if (x[right] < x[left]) swap(x, right, left);
    if (x[right] < x[mid]) swap(x, right, mid);
    const pivot = x[mid];
    let i = left, j = right;
    while (i <= j) {
      while (x[i] < pivot) i++;
      while (x[j] > pivot) j--;
      if (i <= j) { swap(x, i, j); i++; j--; }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return x[k];
  }
  return x[k];
}

function swap(x: Float64Array, i: number, j: number): void {
  const t = x[i]; x[i] = x[j]; x[j] = t;
}

/** A sorted copy; throws on a non-finite value. */
export function sortedFinite(draws: Float64Array): Float64Array {
  for (let b = 0; b < draws.length; b++) if (!Number.isFinite(draws[b])) throw new J2GError('percentileInterval requires finite draws');
  return draws.slice().sort();
}
