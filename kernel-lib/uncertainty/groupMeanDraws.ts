/**
 * Re-aggregated components in every bootstrap draw (Joules-to-GDP section 2.5 and J.2): in draw b,
 * the occupation mean of a per-task component x is X_o^b = (1 / n_o) sum over o's resampled slots of
 * x, and the group average is X_g^b = sum_{o in g} (w_o / W_g) X_o^b with W_g = sum_{o in g} w_o,
 * the fixed occupation weights. One group covering every occupation gives the benchmark average;
 * categories give Table 13's rows. Same units as x.
 *
 * Several columns are aggregated in one pass over the draws. Returns out[column][group], each a
 * Float64Array of length B. Throws "groupMeanDraws requires a positive group weight: g" for a group
 * whose occupations weigh nothing.
 * @example groupMeanDraws(boot, [valueUSD], weights, new Int32Array(O), 1)[0][0] // => B benchmark values of G
 */
import { J2GError } from '../errors.ts';
import type { TaskBootstrap } from './taskBootstrap.ts';

export function groupMeanDraws(boot: TaskBootstrap, columns: Float64Array[], weights: Float64Array, groupOf: Int32Array, groups: number): Float64Array[][] {
  const { draws: B, tasks: n, occupations: O, counts, offsets, sample } = boot;
  const K = columns.length;
  for (const x of columns) if (x.length !== n) throw new J2GError(`groupMeanDraws requires columns of ${n} tasks: ${x.length}`);
  if (weights.length !== O || groupOf.length !== O) throw new J2GError(`groupMeanDraws requires ${O} occupation weights and groups`);
  const groupWeight = new Float64Array(groups);
  for (let o = 0; o < O; o++) groupWeight[groupOf[o]] += weights[o];
  for (let g = 0; g < groups; g++) if (!(groupWeight[g] > 0)) throw new J2GError(`groupMeanDraws requires a positive group weight: ${g}`);
  // Per-occupation factor w_o / (n_o W_g): the group average is a weighted sum of slot values.
  const factor = new Float64Array(O);
  for (let o = 0; o < O; o++) factor[o] = weights[o] / (counts[o] * groupWeight[groupOf[o]]);
  const out = columns.map(() => Array.from({ length: groups }, () => new Float64Array(B)));
  const acc = new Float64Array(K * groups);
  const sums = new Float64Array(K);
  for (let b = 0; b < B; b++) {
    acc.fill(0);
    const base = b * n;
    for (let o = 0; o < O; o++) {
      const start = base + offsets[o], end = base + offsets[o + 1];
      const f = factor[o], gk = groupOf[o] * K;
      if (K === 1) {
        const x = columns[0];
        let s = 0;
        for (let p = start; p < end; p++) s += x[sample[p]];
        acc[gk] += f * s;
        continue;
      }
      sums.fill(0);
      for (let p = start; p < end; p++) {
        const i = sample[p];
        for (let k = 0; k < K; k++) sums[k] += columns[k][i];
      }
      for (let k = 0; k < K; k++) acc[gk + k] += f * sums[k];
    }
    for (let g = 0; g < groups; g++) for (let k = 0; k < K; k++) out[k][g][b] = acc[g * K + k];
  }
  return out;
}

/** Every occupation in one group: benchmark (GDP-weighted task average) draws, out[column]. */
export function benchmarkDraws(boot: TaskBootstrap, columns: Float64Array[], weights: Float64Array): Float64Array[] {
  return groupMeanDraws(boot, columns, weights, new Int32Array(boot.occupations), 1).map((g) => g[0]);
}
