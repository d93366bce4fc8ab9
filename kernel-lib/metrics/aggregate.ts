/**
 * Two-level GDP aggregation (Joules-to-GDP section 2.5):
 *
 *   occupation mean       X_o / n_o        (average over the occupation's observed tasks)
 *   category average      X~_c = sum_{o in c} (w_o / W_c) X_o / n_o
 *   benchmark average     X~   = sum_c W_c X~_c = sum_o w_o X_o / n_o
 *
 * applied to every component (credit, value, cost, energy, AI time, time saving) before any ratio is
 * formed: ratios are always of aggregated components, never means of ratios.
 */
import { J2GError } from '../errors.ts';
import { checkDataset, type Dataset } from '../data/load.ts';
import { occupationWeights, type WeightScheme } from '../weights/schemes.ts';
import type { TaskComponents } from './taskComponents.ts';
import { netValuePerJoule } from './netValuePerJoule.ts';
import { timeSavingPerJoule } from './timeSavingPerJoule.ts';
import { winTieRatePerMJ } from './winTieRatePerMJ.ts';
import { netValuePerAIDollar } from './netValuePerAIDollar.ts';
import { netValuePerAIHour } from './netValuePerAIHour.ts';

/** The aggregated components, in table order: fraction, USD, USD, MJ, hours, hours. */
export const COMPONENTS = ['credit', 'valueUSD', 'costUSD', 'energyMJ', 'aiHours', 'timeSavingHours'] as const;
export type Component = (typeof COMPONENTS)[number];
/** Aggregated components; `credit` is the win-tie rate as a fraction. */
export type Components = Record<Component, number>;

export interface OccupationMeans {
  occupations: string[];
  counts: Int32Array;
  means: Record<Component, Float64Array>;
}

/**
 * Mean X_o / n_o of every component over each occupation's tasks (each in its component's units), with
 * the counts n_o. // Joules-to-GDP section 2.5 ("we average ... over its observed tasks")
 */
export function occupationMeans(c: TaskComponents): OccupationMeans {
  const O = c.occupations.length;
  const counts = new Int32Array(O);
  const means = Object.fromEntries(COMPONENTS.map((k) => [k, new Float64Array(O)])) as Record<Component, Float64Array>;
  const n = c.taskIds.length, at = c.occupationIndex;
  for (let i = 0; i < n; i++) counts[at[i]]++;
  // one component at a time (each sum in task order, as before): no lookup by name per task
  for (const k of COMPONENTS) {
    const sum = means[k], x = c[k];
    for (let i = 0; i < n; i++) sum[at[i]] += x[i];
    for (let o = 0; o < O; o++) sum[o] /= counts[o];
  }
  return { occupations: c.occupations, counts, means };
}

/**
 * Occupation weights w_o (dimensionless, summing to 1) aligned with `occupations`, under a weighting
 * scheme (`gdp`: sector GDP share x within-sector employment share). // Joules-to-GDP section 2.5, Appendix H
 * @example weightVector(loadDataset('data/recorded/synthetic-small'), ['occA', 'occB', 'occC']) // => [0.15, 0.45, 0.4]
 */
export function weightVector(dataset: Dataset, occupations: string[], scheme: WeightScheme = 'gdp'): Float64Array {
  const ds = checkDataset(dataset);
  const byName = new Map(ds.rows.occupations.map((o) => [o.occupation, o]));
  const facts = occupations.map((name) => {
    const o = byName.get(name);
    if (!o) throw new J2GError(`unknown occupation: ${name}`);
    return { occupation: name, sector: o.sector, employment: o.employment };
  });
  const w = occupationWeights(scheme, facts, ds.rows.sectors.map((s) => ({ sector: s.sector, gdpShare: s.gdp_share })), new Set(byName.keys()));
  return Float64Array.from(occupations, (o) => w.get(o)!);
}

/**
 * Benchmark (GDP-weighted task) average of every component, in its units: sum_o w_o X_o / n_o, divided
 * by the total weight of the selected occupations. // Joules-to-GDP section 2.5, X~^GDP = sum_c W_c X~_c
 */
export function weightedAverage(m: OccupationMeans, weights: Float64Array, select?: (o: number) => boolean): Components {
  if (weights.length !== m.occupations.length) throw new J2GError(`weightedAverage requires one weight per occupation: ${weights.length} weights for ${m.occupations.length} occupations`);
  const out = Object.fromEntries(COMPONENTS.map((k) => [k, 0])) as Components;
  let total = 0;
  for (let o = 0; o < m.occupations.length; o++) {
    if (select && !select(o)) continue;
    if (!(weights[o] >= 0) || !Number.isFinite(weights[o])) throw new J2GError(`weightedAverage requires finite weights >= 0: ${weights[o]} for ${m.occupations[o]}`);
    total += weights[o];
    for (const k of COMPONENTS) out[k] += weights[o] * m.means[k][o];
  }
  if (!(total > 0)) throw new J2GError('weightedAverage requires a positive total weight');
  for (const k of COMPONENTS) out[k] /= total;
  return out;
}

/**
 * Group-normalised averages: for each group g (a category), sum_{o in g} (w_o / W_g) X_o / n_o.
 * `groupOf[o]` names the group of occupation o. Groups in first-appearance order; occupations that
 * `select` rejects are left out (their groups too, when none of their occupations is selected).
 */
export function groupAverages(m: OccupationMeans, weights: Float64Array, groupOf: string[], select?: (o: number) => boolean): Map<string, Components & { weight: number }> {
  const groups = new Map<string, Components & { weight: number }>();
  for (let o = 0; o < m.occupations.length; o++) {
    if (select && !select(o)) continue;
    const g = groupOf[o];
    const acc = groups.get(g) ?? ({ ...Object.fromEntries(COMPONENTS.map((k) => [k, 0])), weight: 0 } as Components & { weight: number });
    acc.weight += weights[o];
    for (const k of COMPONENTS) acc[k] += weights[o] * m.means[k][o];
    groups.set(g, acc);
  }
  for (const [g, acc] of groups) {
    if (!(acc.weight > 0)) throw new J2GError(`group ${g} has zero total weight`);
    for (const k of COMPONENTS) acc[k] /= acc.weight;
  }
  return groups;
}

export interface Returns {
  /** USD/MJ */
  nvj: number;
  /** hours/MJ */
  tsj: number;
  /** win-tie fraction per MJ */
  winTiePerMJ: number;
  /** USD/USD; null when the aggregated cost is zero (the ratio is undefined, not infinite) */
  nvPerAIDollar: number | null;
  /** USD/hour; null when the aggregated AI time is zero */
  nvPerAIHour: number | null;
}

/**
 * The five efficiency ratios of one aggregate (eq. 2.4 and section 3.2.1). Energy is positive by
 * schema, so NVJ, TSJ and win-tie per MJ always exist; a zero energy throws. Cost and AI time may be
 * zero in a valid dataset: their ratios are then null.
 */
export function returnsOf(a: Components): Returns {
  return {
    nvj: netValuePerJoule(a.valueUSD, a.costUSD, a.energyMJ),
    tsj: timeSavingPerJoule(a.timeSavingHours, a.energyMJ),
    winTiePerMJ: winTieRatePerMJ(a.credit, a.energyMJ),
    nvPerAIDollar: a.costUSD > 0 ? netValuePerAIDollar(a.valueUSD, a.costUSD) : null,
    nvPerAIHour: a.aiHours > 0 ? netValuePerAIHour(a.valueUSD, a.costUSD, a.aiHours) : null,
  };
}

/**
 * GDP-weighted task average of any per-task quantity: sum_o w_o * (mean of x_i over the tasks of o),
 * divided by the total weight of the occupations present. Throws for a task whose occupation index is
 * not in 0..O-1, for x of another length than the tasks, for a negative or non-finite weight or a
 * non-finite x (never NaN, never a task silently left out).
 * @example weightedTaskAverage(Int32Array.of(0, 0, 1), Float64Array.of(0.5, 0.5), [1, 3, 10]) // => 6
 */
export function weightedTaskAverage(occupationIndex: Int32Array, weights: Float64Array, x: ArrayLike<number>): number {
  const O = weights.length;
  if (x.length !== occupationIndex.length) throw new J2GError(`weightedTaskAverage requires one value per task: ${x.length} values for ${occupationIndex.length} tasks`);
  for (let o = 0; o < O; o++) if (!(weights[o] >= 0) || !Number.isFinite(weights[o])) throw new J2GError(`weightedTaskAverage requires finite weights >= 0: ${weights[o]} at occupation ${o}`);
  const sum = new Float64Array(O);
  const count = new Float64Array(O);
  for (let i = 0; i < occupationIndex.length; i++) {
    const o = occupationIndex[i];
    if (!(o >= 0 && o < O)) throw new J2GError(`weightedTaskAverage requires occupation indices in 0..${O - 1}: ${o} at task ${i}`);
    if (!Number.isFinite(x[i])) throw new J2GError(`weightedTaskAverage requires finite values: ${x[i]} at task ${i}`);
    sum[occupationIndex[i]] += x[i];
    count[occupationIndex[i]]++;
  }
  let acc = 0, total = 0;
  for (let o = 0; o < O; o++) {
    if (count[o] === 0) continue;
    acc += (weights[o] * sum[o]) / count[o];
    total += weights[o];
  }
  if (!(total > 0)) throw new J2GError('weightedTaskAverage requires a positive total weight');
  return acc / total;
}
