/**
 * Spearman rank correlation with ties given their average rank: the Pearson correlation of the two
 * average-rank vectors (Spearman 1904; R's `cor(x, y, method = "spearman")`). Dimensionless, in [-1, 1].
 * Values tie by the project's one tie rule (stats/tie.ts: within 1e-9 relative), so the same value
 * reached by two orders of arithmetic (-4.999999999999999 and -5) shares its rank (issue #29).
 * Joules-to-GDP J.2 (Table 16: "rank correlations").
 * Throws "spearman requires two rankings of the same length >= 2" and "spearman requires rankings with
 * variation" when either vector is constant (the correlation is undefined, never NaN).
 * @example averageRanks([10, 20, 20, 30]) // => [1, 2.5, 2.5, 4]
 * @example spearman([1, 2, 2, 3], [1, 3, 2, 4]) // => 0.9487 (rounded)
 * @example averageRanks([-5, 1, -4.999999999999999]) // => [1.5, 3, 1.5]
 */
import { J2GError } from '../errors.ts';
import { tied } from '../stats/tie.ts';

/** 1-based ranks, ascending; tied values (stats/tie.ts, within 1e-9 of a run's lowest value) share the mean of the ranks they span. */
export function averageRanks(x: ArrayLike<number>, out = new Float64Array(x.length), order = new Int32Array(x.length)): Float64Array {
  const n = x.length;
  for (let i = 0; i < n; i++) order[i] = i;
  // Insertion sort: the rankings here are short (categories), and it is stable.
  for (let i = 1; i < n; i++) {
    const v = order[i], xv = x[v];
    let j = i - 1;
    while (j >= 0 && x[order[j]] > xv) { order[j + 1] = order[j]; j--; }
    order[j + 1] = v;
  }
  let i = 0;
  while (i < n) {
    let j = i;
    while (j + 1 < n && tied(x[order[j + 1]], x[order[i]])) j++;
    const r = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) out[order[k]] = r;
    i = j + 1;
  }
  return out;
}

/** Pearson correlation of two vectors; null when either has no variation. */
export function pearsonOrNull(a: ArrayLike<number>, b: ArrayLike<number>): number | null {
  const n = a.length;
  let ma = 0, mb = 0;
  for (let i = 0; i < n; i++) { ma += a[i]; mb += b[i]; }
  ma /= n; mb /= n;
  let sab = 0, saa = 0, sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i] - ma, db = b[i] - mb;
    sab += da * db; saa += da * da; sbb += db * db;
  }
  if (saa === 0 || sbb === 0) return null;
  return sab / Math.sqrt(saa * sbb);
}

export function spearman(x: ArrayLike<number>, y: ArrayLike<number>): number {
  if (x.length !== y.length || x.length < 2) throw new J2GError('spearman requires two rankings of the same length >= 2');
  for (const v of [x, y]) for (let i = 0; i < v.length; i++) if (!Number.isFinite(v[i])) throw new J2GError(`spearman requires finite values: ${v[i]} at position ${i}`);
  const r = pearsonOrNull(averageRanks(x), averageRanks(y));
  if (r === null) throw new J2GError('spearman requires rankings with variation');
  return r;
}
