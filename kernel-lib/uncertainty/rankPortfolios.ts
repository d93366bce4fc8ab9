/**
 * Category-rank stability under one-task deletions (Joules-to-GDP J.2, Table 16). In each of P
 * portfolios, one task is chosen uniformly from every category (categories in the given order, one
 * `rng.int(n_c)` each, from one `createRng(seed)`) and removed; the remaining tasks are re-averaged
 * within their occupations and the categories re-aggregated with the same occupation weights
 * (an occupation left without tasks drops out of its category, whose weight is renormalised). For
 * win-tie rate per MJ (Y/E), NVJ ((G-C)/E) and TSJ (S/E) it records the Spearman correlation of the
 * portfolio's category values with the full-data values (ties by average rank) and whether the
 * full-data leader is still first (ties with another category count as first).
 *
 * A category with a single task cannot lose it: it is kept whole and draws no random number. A
 * portfolio ranking without variation has no rank correlation; it is counted as 0 and reported in
 * `constantRankings`. Each removal touches one occupation, so a portfolio costs O(categories).
 * Throws "rankPortfolios requires two or more categories", "rankPortfolios requires full-data
 * rankings with variation: every category has the same nvj, ...", and the energy errors of the ratios.
 * @example rankPortfolios(input, { draws: 10000, seed: 20260726 }).nvj.leaderRetainedPct // => 76.5 in the paper
 */
import { J2GError } from '../errors.ts';
import { createRng } from '../random/prng.ts';
import { requirePositive } from '../metrics/requirePositive.ts';
import { checkBootstrap, type BootstrapSettings } from './settings.ts';
import { averageRanks, pearsonOrNull } from './spearman.ts';

export interface PortfolioInput {
  /** occupation of each task, 0..O-1 */
  occupationIndex: Int32Array;
  /** category of each occupation, 0..C-1 */
  categoryOf: Int32Array;
  categories: number;
  /** fixed occupation weights w_o */
  weights: Float64Array;
  credit: Float64Array;
  valueUSD: Float64Array;
  costUSD: Float64Array;
  energyMJ: Float64Array;
  timeSavingHours: Float64Array;
}

export const RANKINGS = ['win_tie_per_mj', 'nvj', 'tsj'] as const;
export type Ranking = (typeof RANKINGS)[number];

export interface RankStability {
  /** Spearman rho of every portfolio */
  rho: Float64Array;
  /** index of the full-data leader (highest value; the first such category on a tie) */
  leader: number;
  leaderRetainedPct: number;
  /** full-data value of every category */
  full: Float64Array;
  constantRankings: number;
}

const K = 5; // credit, value, cost, energy, time saving

function metrics(agg: Float64Array, C: number, out: Float64Array[]): void {
  for (let c = 0; c < C; c++) {
    const y = agg[c * K], g = agg[c * K + 1], cost = agg[c * K + 2], e = agg[c * K + 3], s = agg[c * K + 4];
    if (!(e > 0)) requirePositive('netValuePerJoule', 'energy', e);
    out[0][c] = y / e;
    out[1][c] = (g - cost) / e;
    out[2][c] = s / e;
  }
}

export function rankPortfolios(input: PortfolioInput, settings: BootstrapSettings): Record<Ranking, RankStability> {
  const { draws: P, seed } = checkBootstrap(settings);
  const { occupationIndex, categoryOf, categories: C, weights } = input;
  if (C < 2) throw new J2GError('rankPortfolios requires two or more categories');
  const cols = [input.credit, input.valueUSD, input.costUSD, input.energyMJ, input.timeSavingHours];
  const n = occupationIndex.length, O = weights.length;
  const counts = new Int32Array(O);
  const sums = new Float64Array(O * K);
  for (let i = 0; i < n; i++) {
    const o = occupationIndex[i];
    counts[o]++;
    for (let k = 0; k < K; k++) sums[o * K + k] += cols[k][i];
  }
  // Full-data category aggregates: numerators sum_o w_o X_o / n_o and weights W_c.
  const num = new Float64Array(C * K), W = new Float64Array(C);
  for (let o = 0; o < O; o++) {
    if (counts[o] === 0) continue;
    const c = categoryOf[o];
    W[c] += weights[o];
    for (let k = 0; k < K; k++) num[c * K + k] += (weights[o] * sums[o * K + k]) / counts[o];
  }
  const agg = new Float64Array(C * K);
  for (let c = 0; c < C; c++) {
    if (!(W[c] > 0)) throw new J2GError(`rankPortfolios requires a positive category weight: category ${c}`);
    for (let k = 0; k < K; k++) agg[c * K + k] = num[c * K + k] / W[c];
  }
  const full = RANKINGS.map(() => new Float64Array(C));
  metrics(agg, C, full);
  const fullRanks = full.map((v) => averageRanks(v));
  RANKINGS.forEach((name, m) => {
    if (pearsonOrNull(fullRanks[m], fullRanks[m]) === null) throw new J2GError(`rankPortfolios requires full-data rankings with variation: every category has the same ${name}, so there is no ranking whose stability could be tested`);
  });
  const leader = full.map((v) => { let best = 0; for (let c = 1; c < C; c++) if (v[c] > v[best]) best = c; return best; });
  // Tasks of every category, in task order.
  const catCount = new Int32Array(C);
  for (let i = 0; i < n; i++) catCount[categoryOf[occupationIndex[i]]]++;
  const catStart = new Int32Array(C + 1);
  for (let c = 0; c < C; c++) catStart[c + 1] = catStart[c] + catCount[c];
  const catTasks = new Int32Array(n);
  const fill = catStart.slice(0, C);
  for (let i = 0; i < n; i++) catTasks[fill[categoryOf[occupationIndex[i]]]++] = i;

  const rng = createRng(seed);
  const rho = RANKINGS.map(() => new Float64Array(P));
  const retained = new Int32Array(RANKINGS.length), constant = new Int32Array(RANKINGS.length);
  const pAgg = new Float64Array(C * K);
  const values = RANKINGS.map(() => new Float64Array(C));
  const ranks = new Float64Array(C), order = new Int32Array(C);
  for (let p = 0; p < P; p++) {
    for (let c = 0; c < C; c++) {
      const m = catCount[c];
      if (m <= 1) { for (let k = 0; k < K; k++) pAgg[c * K + k] = agg[c * K + k]; continue; }
      const t = catTasks[catStart[c] + rng.int(m)];
      const o = occupationIndex[t], w = weights[o], n_o = counts[o];
      let Wc = W[c];
      if (n_o === 1) Wc -= w;
      if (!(Wc > 0)) throw new J2GError(`rankPortfolios requires a positive category weight after a removal: category ${c}`);
      for (let k = 0; k < K; k++) {
        const s = sums[o * K + k];
        const after = n_o === 1 ? 0 : (w * (s - cols[k][t])) / (n_o - 1);
        pAgg[c * K + k] = (num[c * K + k] - (w * s) / n_o + after) / Wc;
      }
    }
    metrics(pAgg, C, values);
    for (let m = 0; m < RANKINGS.length; m++) {
      const v = values[m];
      const r = pearsonOrNull(averageRanks(v, ranks, order), fullRanks[m]);
      if (r === null) constant[m]++;
      rho[m][p] = r ?? 0;
      const lv = v[leader[m]];
      let first = true;
      for (let c = 0; c < C; c++) if (v[c] > lv) { first = false; break; }
      if (first) retained[m]++;
    }
  }
  return Object.fromEntries(RANKINGS.map((name, m) => [name, {
    rho: rho[m], leader: leader[m], leaderRetainedPct: (100 * retained[m]) / P, full: full[m], constantRankings: constant[m],
  }])) as Record<Ranking, RankStability>;
}
