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
  checkInterval(draws, level);
  return tailInterval(draws, level) ?? selectInterval(draws.slice(), level);
}

/** `percentileInterval` on draws the caller no longer needs in order: may reorder `work`, copies nothing. */
export function percentileIntervalInPlace(work: Float64Array, level = 0.95): Interval {
  checkInterval(work, level);
  return tailInterval(work, level) ?? selectInterval(work, level);
}

function checkInterval(work: Float64Array, level: number): void {
  if (!(level > 0 && level < 1)) throw new J2GError(`invalid level: ${level}`);
  if (work.length === 0) throw new J2GError('percentile requires data');
  for (let b = 0; b < work.length; b++) if (!Number.isFinite(work[b])) throw new J2GError('percentileInterval requires finite draws');
}

function selectInterval(work: Float64Array, level: number): Interval {
  return { lower: percentileSelect(work, (1 - level) / 2), upper: percentileSelect(work, (1 + level) / 2) };
}

/**
 * The same interval from the two tails only, without reordering `x` (about 3x faster than two full
 * selections at B = 10,000, level 0.95): a sample of every s-th draw gives, by selection, a value L a
 * little above the lower order statistics and H a little below the upper ones; one pass gathers the
 * draws <= L and >= H. Every draw outside the low set is above every draw in it, so when the low set
 * holds more than floor(h) + 1 draws its order statistics are the whole sample's (likewise, from the
 * top, for the high set), found by selection within the set. Returns null (the caller selects over
 * every draw) for small or wide samples, or when a sample quantile was off and a set came out too
 * small or too large: the result never depends on the sample, only the speed.
 */
function tailInterval(x: Float64Array, level: number): Interval | null {
  const B = x.length;
  const pl = (1 - level) / 2, pu = (1 + level) / 2;
  if (B < 1024 || pl > 0.1) return null;
  const step = Math.floor(B / 256), m = Math.floor(B / step);
  const sample = new Float64Array(m);
  for (let i = 0; i < m; i++) sample[i] = x[i * step];
  const slack = Math.ceil(3 * Math.sqrt(m * pl)) + 2;
  // m is 256..341 (B >= 1024) and slack at most 23 (pl <= 0.1): 0 <= lowAt < highAt < m always
  const lowAt = Math.ceil(m * pl) + slack, highAt = Math.floor(m * pu) - slack;
  const L = select(sample, lowAt), H = select(sample, highAt);
  const cap = Math.ceil((B * (lowAt + 1 + slack)) / m) + 64;
  const low = new Float64Array(cap), high = new Float64Array(cap);
  let nl = 0, nh = 0;
  for (let b = 0; b < B; b++) {
    const v = x[b];
    if (v <= L) { if (nl === cap) return null; low[nl++] = v; }
    if (v >= H) { if (nh === cap) return null; high[nh++] = v; }
  }
  const hl = (B - 1) * pl, hu = (B - 1) * pu;
  const kl = Math.floor(hl), ku = Math.floor(hu);
  const offset = B - nh; // draws below the high set
  if (nl < kl + 2 || offset > ku) return null;
  return { lower: typeSeven(low.subarray(0, nl), kl, hl), upper: typeSeven(high.subarray(0, nh), ku - offset, hu, offset) };
}

/**
 * x_(k) + (h - k0) (x_(k+1) - x_(k)) over the set `x` (reordered), where k0 = k + offset is the rank in
 * the whole sample of B draws: percentileSelect's arithmetic, on a set holding the two order statistics
 * (k0 + 1 < B: h = (B - 1) p with p < 1).
 */
function typeSeven(x: Float64Array, k: number, h: number, offset = 0): number {
  const a = select(x, k), k0 = k + offset;
  if (h === k0) return a;
  let b = Infinity;
  for (let i = k + 1; i < x.length; i++) if (x[i] < b) b = x[i];
  return a + (h - k0) * (b - a);
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
  if (h === lo) return a; // also p = 1 (lo = B - 1, nothing above it): h = lo exactly
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

/**
 * Type-7 percentiles of the draws at each p, by selection on one copy (the values percentileSorted gives
 * on a sorted copy, without the sort); throws on a non-finite value.
 * @example finitePercentiles(Float64Array.of(3, 1, 2), [0.5, 1]) // => [2, 3]
 */
export function finitePercentiles(draws: Float64Array, ps: readonly number[]): number[] {
  for (let b = 0; b < draws.length; b++) if (!Number.isFinite(draws[b])) throw new J2GError('percentileInterval requires finite draws');
  if (draws.length === 0) throw new J2GError('percentile requires data');
  const work = draws.slice();
  return ps.map((p) => percentileSelect(work, p));
}
