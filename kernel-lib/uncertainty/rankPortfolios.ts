/**
 * Category-rank stability under one-task deletions (Joules-to-GDP J.2, Table 16). In each of P
 * portfolios, one task is chosen uniformly from every category (categories in the given order, one
 * `rng.int(n_c)` each, from one `createRng(seed)`) and removed; the remaining tasks are re-averaged
 * within their occupations and the categories re-aggregated with the same occupation weights
 * (an occupation left without tasks drops out of its category, whose weight is renormalised). For
 * win-tie rate per MJ (Y/E), NVJ ((G-C)/E) and TSJ (S/E) it records the Spearman correlation of the
 * portfolio's category values with the full-data values (ties by average rank) and whether the
 * full-data leader is still first (ties with another category count as first). Values tie by
 * stats/tie.ts (within 1e-9 relative): the leave-one-out arithmetic gives -4.999999999999999 where a
 * category's own mean gives -5, and a rank or leader decided by that is float noise (issue #29).
 *
 * A category with a single task cannot lose it: it is kept whole and draws no random number. A
 * portfolio ranking without variation has no rank correlation; it is counted as 0 and reported in
 * `constantRankings`. Each removal touches one occupation, so a portfolio costs O(categories).
 * Throws "rankPortfolios requires two or more categories", "rankPortfolios requires full-data
 * rankings with variation: every category has the same nvj, ...", and the energy errors of the ratios.
 * @example rankPortfolios(input, { draws: 10000, seed: 20260726 }).nvj.leaderRetainedPct // => 76.5 in the paper
 */
import { J2GError } from '../errors.ts';
import { createRawRng } from '../random/prng.ts';
import { requirePositive } from '../metrics/requirePositive.ts';
import { checkBootstrap, type BootstrapSettings } from './settings.ts';
import { averageRanks, pearsonOrNull } from './spearman.ts';
import { tied } from '../stats/tie.ts';

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
  /** index of the full-data leader (highest value; the first such category on a tie, stats/tie.ts) */
  leader: number;
  leaderRetainedPct: number;
  /** full-data value of every category */
  full: Float64Array;
  constantRankings: number;
}

const K = 5; // credit, value, cost, energy, time saving
const TWO_32 = 4294967296;

function metrics(agg: Float64Array, C: number, out: Float64Array[]): void {
  for (let c = 0; c < C; c++) {
    const y = agg[c * K], g = agg[c * K + 1], cost = agg[c * K + 2], e = agg[c * K + 3], s = agg[c * K + 4];
    requirePositive('netValuePerJoule', 'energy', e); // also refuses Infinity (a guard `e > 0` let it through)
    out[0][c] = y / e;
    out[1][c] = (g - cost) / e;
    out[2][c] = s / e;
  }
}

/**
 * spearman.ts averageRanks for the portfolio loop's Float64Array values (one array type, so V8
 * keeps it monomorphic): 1-based ranks of x, ties sharing their mean rank, by insertion sort from
 * `order` (the previous portfolio's, nearly sorted), which is left sorted by x.
 */
function ranksFrom(x: Float64Array, out: Float64Array, order: Int32Array, n: number): Float64Array {
  for (let i = 1; i < n; i++) {
    const v = order[i], xv = x[v];
    let j = i - 1;
    while (j >= 0 && x[order[j]] > xv) { order[j + 1] = order[j]; j--; }
    order[j + 1] = v;
  }
  let i = 0;
  while (i < n) {
    const xi = x[order[i]];
    let j = i;
    while (j + 1 < n && tied(x[order[j + 1]], xi)) j++;
    const r = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) out[order[k]] = r;
    i = j + 1;
  }
  return out;
}

interface Removal {
  occupationIndex: Int32Array; categoryOf: Int32Array; weights: Float64Array; counts: Int32Array;
  sums: Float64Array; num: Float64Array; W: Float64Array; cols: Float64Array[];
  one: Float64Array; oneValues: Float64Array[];
}

/**
 * The three values of task t's category once t is removed, written to out[3 t .. 3 t + 2]: the
 * category's components re-averaged without t (its occupation re-averaged over n_o - 1 tasks, or
 * dropped with its weight when t was its only task), then the ratios (`metrics`).
 */
function removalValues(r: Removal, t: number, out: Float64Array): void {
  const o = r.occupationIndex[t], c = r.categoryOf[o], w = r.weights[o], n_o = r.counts[o];
  let Wc = r.W[c];
  if (n_o === 1) Wc -= w;
  if (!(Wc > 0)) throw new J2GError(`rankPortfolios requires a positive category weight after a removal: category ${c}`);
  for (let k = 0; k < K; k++) {
    const s = r.sums[o * K + k];
    const after = n_o === 1 ? 0 : (w * (s - r.cols[k][t])) / (n_o - 1);
    r.one[k] = (r.num[c * K + k] - (w * s) / n_o + after) / Wc;
  }
  metrics(r.one, 1, r.oneValues);
  for (let m = 0; m < RANKINGS.length; m++) out[t * RANKINGS.length + m] = r.oneValues[m][0];
}

/** Everything the portfolio loop reads and writes (one object: the loop is its own small function). */
interface PortfolioLoop {
  P: number; C: number; raw: () => number; limit: Float64Array; catCount: Int32Array; catStart: Int32Array; catTasks: Int32Array;
  full: Float64Array[]; values: Float64Array[]; removed: Float64Array; ready: Uint8Array; removal: Removal;
  ranks: Float64Array; orders: Int32Array[]; fullRanks: Float64Array[]; leader: number[];
  rho: Float64Array[]; constant: Int32Array; retained: Int32Array;
}

/**
 * The P portfolios. V8 note: in its own function, optimised once; as one more loop of the long
 * rankPortfolios it was compiled on-stack at every call and thrown away at the loop's end.
 */
function runPortfolios(q: PortfolioLoop): void {
  const { P, C, raw, limit, catCount, catStart, catTasks, full, values, removed, ready, removal, ranks, orders, fullRanks, leader, rho, constant, retained } = q;
  for (let p = 0; p < P; p++) {
    for (let c = 0; c < C; c++) {
      const m = catCount[c];
      if (m <= 1) { for (let r = 0; r < RANKINGS.length; r++) values[r][c] = full[r][c]; continue; }
      const lim = limit[c];
      let x = raw();
      while (x >= lim) x = raw();
      const t = catTasks[catStart[c] + (x - Math.floor(x / m) * m)];
      if (!ready[t]) { removalValues(removal, t, removed); ready[t] = 1; }
      for (let r = 0; r < RANKINGS.length; r++) values[r][c] = removed[t * RANKINGS.length + r];
    }
    for (let m = 0; m < RANKINGS.length; m++) {
      const v = values[m];
      const r = pearsonOrNull(ranksFrom(v, ranks, orders[m], C), fullRanks[m]);
      if (r === null) constant[m]++;
      rho[m][p] = r ?? 0;
      const lv = v[leader[m]];
      let first = true;
      for (let c = 0; c < C; c++) if (v[c] > lv && !tied(v[c], lv)) { first = false; break; }
      if (first) retained[m]++;
    }
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
  const leader = full.map((v) => { let best = 0; for (let c = 1; c < C; c++) if (v[c] > v[best] && !tied(v[c], v[best])) best = c; return best; });
  // Tasks of every category, in task order.
  const catCount = new Int32Array(C);
  for (let i = 0; i < n; i++) catCount[categoryOf[occupationIndex[i]]]++;
  const catStart = new Int32Array(C + 1);
  for (let c = 0; c < C; c++) catStart[c + 1] = catStart[c] + catCount[c];
  const catTasks = new Int32Array(n);
  const fill = catStart.slice(0, C);
  for (let i = 0; i < n; i++) catTasks[fill[categoryOf[occupationIndex[i]]]++] = i;

  // createRng(seed).int(m), inlined: raw outputs x until x < 2^32 - (2^32 mod m), then x mod m, with
  // the modulo as x - floor(x / m) m (exact: x, m < 2^32 make the quotient's rounding harmless;
  // Float64 % is a library call in V8).
  const raw = createRawRng(seed);
  const limit = Float64Array.from(catCount, (m) => TWO_32 - (TWO_32 % Math.max(1, m)));
  const rho = RANKINGS.map(() => new Float64Array(P));
  const retained = new Int32Array(RANKINGS.length), constant = new Int32Array(RANKINGS.length);
  const values = RANKINGS.map(() => new Float64Array(C));
  // A category's values once task t is removed depend on t alone: formed the first time t is drawn
  // (so a removal that fails, as a zero weight or energy, fails when drawn, as it always has) and
  // reused, with the same arithmetic, in every later portfolio that draws t.
  const removed = new Float64Array(n * RANKINGS.length), ready = new Uint8Array(n);
  const one = new Float64Array(K), oneValues = RANKINGS.map(() => new Float64Array(1));
  const removal = { occupationIndex, categoryOf, weights, counts, sums, num, W, cols, one, oneValues };
  // The insertion sorts of the ranks start from the previous portfolio's order (nearly sorted):
  // average ranks depend only on the values, not on the order ties are met in.
  const ranks = new Float64Array(C), orders = RANKINGS.map(() => Int32Array.from({ length: C }, (_, c) => c));
  const loop: PortfolioLoop = { P, C, raw, limit, catCount, catStart, catTasks, full, values, removed, ready, removal, ranks, orders, fullRanks, leader, rho, constant, retained };
  runPortfolios(loop);
  return Object.fromEntries(RANKINGS.map((name, m) => [name, {
    rho: rho[m], leader: leader[m], leaderRetainedPct: (100 * retained[m]) / P, full: full[m], constantRankings: constant[m],
  }])) as Record<Ranking, RankStability>;
}
