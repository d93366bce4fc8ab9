/**
 * Seeded percentile bootstrap of QAIJ per system. Each replicate resamples tasks with replacement
 * (all attempts of a drawn task come along, so attempts are clustered by task), within each stratum
 * when strata are given (stratum sizes fixed), and applies the same drawn tasks to every system
 * (a paired bootstrap, so systems evaluated on the same tasks are compared on the same draws). In
 * each replicate theta_b = sum w s / sum w E over the drawn attempts, with importance weights
 * recomputed when a target mix is given. The interval is the (1 - level)/2 and (1 + level)/2
 * percentiles of the replicates; expected service and expected energy get their own intervals.
 * Task equivalents per joule. Deterministic for a fixed seed.
 * // QAIJ "Percentile bootstrap"
 *
 * The replicate loop works on typed arrays built once (issue 16): tasks are integers, each system's
 * attempts lie in one flat list grouped by task (with per-task offsets), service, energy, weight and
 * family index are Float64Array / Int32Array columns, and a replicate's family masses are a small
 * Float64Array. It draws the same random stream (`createRng(seed).int(g.length)` for every task slot
 * of every stratum, in order) and performs the same floating-point operations in the same order as
 * the plain implementation kept as its oracle (test/qaij/naiveBootstrapQaij.ts), so every replicate
 * is bit-identical to it (test/qaij/fastBootstrapQaij.test.ts).
 *
 * Memory: per variant, 3 Float64Array(draws) of replicates per system, plus, while the intervals are
 * taken, one trimmed copy (when some draws were invalid) and one sorted copy: 3 S + 2 series of
 * 8 bytes per draw for S systems (uncertainty/settings.ts checkDraws); `bootstrapQaijPaired` holds
 * every variant at once, 3 S V + 2 series.
 * Throws "invalid draws: v" (also for draws whose replicates would need more than 2 GiB, with the
 * memory they would need), "invalid level: v", "task t has two strata: a and b", the seed errors of
 * createRng, mixed-boundary errors, what importanceWeights and qualityAdjustedServicePerJoule throw,
 * and effectiveSampleSize's error when a replicate's importance weights are negative, not finite or
 * sum to zero.
 *
 * Example: `bootstrapQaij(results, { draws: 2000, seed: 1 }).get('A').qaij` // => { lower: 0.08, upper: 0.12 }
 */
import { J2GError } from '../errors.ts';
import { createRawRng } from '../random/prng.ts';
import { checkDraws } from '../uncertainty/settings.ts';
import { importanceWeights, normalizeTargetMix, stratumFamily, type ImportanceWeightOptions, type TargetMix } from './importanceWeights.ts';
import { percentileSorted } from '../stats/percentile.ts';
import { percentileIntervalInPlace } from '../uncertainty/percentileInterval.ts';
import { qualityAdjustedServicePerJoule, type QaijEstimate } from './qualityAdjustedServicePerJoule.ts';
import { serviceContribution } from './serviceContribution.ts';
import { singleBoundary } from './singleBoundary.ts';
import type { ServiceOptions, TaskResult } from './types.ts';

export interface Interval {
  lower: number;
  upper: number;
}

export interface BootstrapOptions extends ServiceOptions, ImportanceWeightOptions {
  /** number of replicates, default 2000 */
  draws?: number;
  /** PRNG seed, default 1 */
  seed?: number;
  /** interval level, default 0.95 */
  level?: number;
  /** reweight every replicate to this mix */
  targetMix?: TargetMix;
}

export interface SystemBootstrap {
  system: string;
  status: 'ok' | 'obstructed';
  /** target families with no observations, when obstructed */
  missing: string[];
  estimate: QaijEstimate | null;
  effectiveSampleSize: number | null;
  trimmed: { at: number; count: number } | null;
  qaij: Interval | null;
  serviceMean: Interval | null;
  energyMeanJ: Interval | null;
  /** replicates in which the system had results (and no obstructed family) */
  validDraws: number;
  /** one value per valid replicate, in draw order (length validDraws) */
  replicates: { qaij: Float64Array; serviceMean: Float64Array; energyMeanJ: Float64Array };
}

const TWO_32 = 4294967296;
/** effectiveSampleSize's message (effectiveSampleSize.ts), thrown where it would throw on a replicate's weights. */
const ESS_ERROR = 'effectiveSampleSize requires nonnegative weights with a positive sum';

/**
 * Type-7 percentiles of the replicates: by selection (uncertainty/percentileInterval.ts, equal to the
 * sorted percentiles) when every replicate is finite and none is -0, else from a sorted copy as the
 * oracle does (selection could put -0 and 0, or a NaN, elsewhere than the sort; never the case for
 * ratios of non-negative sums, but the two paths must agree bit for bit on any input).
 */
function interval(values: Float64Array, level: number): Interval | null {
  if (values.length === 0) return null;
  let plain = true;
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i]) || Object.is(values[i], -0)) { plain = false; break; }
  if (plain) return percentileIntervalInPlace(values.slice(), level);
  const s = values.slice().sort();
  return { lower: percentileSorted(s, (1 - level) / 2), upper: percentileSorted(s, (1 + level) / 2) };
}

/** Attempts of every system, grouped by system and then by task (integer task ids). */
interface Layout {
  systems: string[];
  /** tasks in first-appearance order; task id = index */
  taskCount: number;
  /** task ids of every stratum in turn, and where each stratum starts (length strata + 1) */
  groupTasks: Int32Array;
  groupStart: Int32Array;
  /** per system: row indices into results, grouped by task; offsets[t]..offsets[t + 1] are task t's */
  rows: Int32Array[];
  offsets: Int32Array[];
  weight: Float64Array[];
  energyJ: Float64Array[];
  /** per system: its number of attempts on every task when that is the same for all tasks (a loop without branches), else 0 */
  perTask: number[];
}

function layout(results: readonly TaskResult[]): Layout {
  // Tasks in first-appearance order, grouped by stratum (first-appearance order of strata).
  const taskId = new Map<string, number>();
  const taskStratum: string[] = [];
  for (const r of results) {
    const s = r.stratum ?? '';
    const id = taskId.get(r.task);
    if (id === undefined) {
      taskId.set(r.task, taskStratum.length);
      taskStratum.push(s);
    } else if (taskStratum[id] !== s) throw new J2GError(`task ${r.task} has two strata: ${taskStratum[id]} and ${s}`);
  }
  const groups = new Map<string, number[]>();
  taskStratum.forEach((s, t) => {
    if (!groups.has(s)) groups.set(s, []);
    groups.get(s)!.push(t);
  });
  const groupTasks = new Int32Array(taskStratum.length);
  const groupStart = new Int32Array(groups.size + 1);
  let k = 0, g = 0;
  for (const ts of groups.values()) {
    groupStart[g++] = k;
    for (const t of ts) groupTasks[k++] = t;
  }
  groupStart[g] = k;

  const systems = [...new Set(results.map((r) => r.system))].sort();
  const sysId = new Map(systems.map((s, i) => [s, i]));
  const T = taskStratum.length;
  // counting sort of rows by (system, task), stable in result order
  const counts = systems.map(() => new Int32Array(T + 1));
  const rowTask = new Int32Array(results.length), rowSys = new Int32Array(results.length);
  results.forEach((r, i) => {
    const s = sysId.get(r.system)!, t = taskId.get(r.task)!;
    rowSys[i] = s;
    rowTask[i] = t;
    counts[s][t + 1]++;
  });
  const offsets = counts.map((c) => {
    for (let t = 0; t < T; t++) c[t + 1] += c[t];
    return c;
  });
  const fill = offsets.map((o) => o.slice(0, T));
  const rows = offsets.map((o) => new Int32Array(o[T]));
  for (let i = 0; i < results.length; i++) rows[rowSys[i]][fill[rowSys[i]][rowTask[i]]++] = i;
  const weight = rows.map((rs) => Float64Array.from(rs, (i) => results[i].weight));
  const energyJ = rows.map((rs) => Float64Array.from(rs, (i) => results[i].energyJ));
  const perTask = offsets.map((o) => {
    const c = T > 0 ? o[1] - o[0] : 0;
    for (let t = 1; t < T; t++) if (o[t + 1] - o[t] !== c) return 0;
    return c;
  });
  return { systems, taskCount: T, groupTasks, groupStart, rows, offsets, weight, energyJ, perTask };
}

/** The most attempts of one system a replicate can draw: per stratum, its size times the system's most attempts on one of its tasks. */
function maxDrawnRows(L: Layout): number {
  let most = 0;
  for (const off of L.offsets) {
    let n = 0;
    for (let g = 0; g + 1 < L.groupStart.length; g++) {
      let top = 0;
      for (let k = L.groupStart[g]; k < L.groupStart[g + 1]; k++) top = Math.max(top, off[L.groupTasks[k] + 1] - off[L.groupTasks[k]]);
      n += top * (L.groupStart[g + 1] - L.groupStart[g]);
    }
    most = Math.max(most, n);
  }
  return most;
}

/** One bootstrap of the paired set: its options, per-system columns and results. */
interface Variant {
  options: BootstrapOptions;
  out: Map<string, SystemBootstrap>;
  /** per system: service of each attempt (layout order), or null when obstructed */
  service: (Float64Array | null)[];
  /** per system, with a target mix: the attempt's family as a local index, the target share per local family, the families with target share > 0 */
  family: Int32Array[];
  targetShare: Float64Array[];
  required: Int32Array[];
  mass: Float64Array[];
  ratio: Float64Array[];
  reps: { qaij: Float64Array; serviceMean: Float64Array; energyMeanJ: Float64Array }[];
  valid: Int32Array;
  error: unknown;
  failed: boolean;
}

/** The per-system point estimates, effective sample sizes and obstruction of one variant (before any replicate). */
function prepareVariant(results: readonly TaskResult[], L: Layout, options: BootstrapOptions, draws: number): Variant {
  const serviceAll = results.map((r) => serviceContribution(r, options));
  const out = new Map<string, SystemBootstrap>();
  for (const system of L.systems) {
    const own = results.filter((r) => r.system === system);
    let estimate: QaijEstimate | null = null;
    let ess: number | null = null;
    let trimmed: SystemBootstrap['trimmed'] = null;
    let missing: string[] = [];
    if (options.targetMix) {
      const iw = importanceWeights(own, options.targetMix, options);
      if (iw.status === 'obstructed') missing = iw.missing;
      else {
        estimate = qualityAdjustedServicePerJoule(own, { ...options, weights: iw.weights });
        ess = iw.effectiveSampleSize;
        trimmed = iw.trimmed;
      }
    } else {
      if (!own.some((r) => r.weight > 0)) throw new J2GError(`system ${system}: every weight is 0, expected at least one weight > 0`);
      estimate = qualityAdjustedServicePerJoule(own, options);
      ess = own.length;
    }
    out.set(system, {
      system,
      status: missing.length ? 'obstructed' : 'ok',
      missing,
      estimate,
      effectiveSampleSize: ess,
      trimmed,
      qaij: null,
      serviceMean: null,
      energyMeanJ: null,
      validDraws: 0,
      replicates: { qaij: new Float64Array(0), serviceMean: new Float64Array(0), energyMeanJ: new Float64Array(0) },
    });
  }
  const S = L.systems.length;
  const v: Variant = {
    options, out, service: [], family: [], targetShare: [], required: [], mass: [], ratio: [], reps: [],
    valid: new Int32Array(S), error: undefined, failed: false,
  };
  // Every family was computed without error above (importanceWeights saw every system's attempts).
  const family = options.family ?? stratumFamily;
  const target = options.targetMix ? normalizeTargetMix(options.targetMix) : null;
  for (let s = 0; s < S; s++) {
    const ok = out.get(L.systems[s])!.status === 'ok';
    const rs = L.rows[s];
    v.service.push(ok ? Float64Array.from(rs, (i) => serviceAll[i]) : null);
    v.reps.push(ok
      ? { qaij: new Float64Array(draws), serviceMean: new Float64Array(draws), energyMeanJ: new Float64Array(draws) }
      : { qaij: new Float64Array(0), serviceMean: new Float64Array(0), energyMeanJ: new Float64Array(0) });
    if (!target || !ok) {
      v.family.push(new Int32Array(0)); v.targetShare.push(new Float64Array(0)); v.required.push(new Int32Array(0));
      v.mass.push(new Float64Array(0)); v.ratio.push(new Float64Array(0));
      continue;
    }
    const local = new Map<string, number>();
    const fam = Int32Array.from(rs, (i) => {
      const f = family(results[i]);
      let id = local.get(f);
      if (id === undefined) local.set(f, (id = local.size));
      return id;
    });
    const names = [...local.keys()];
    // importanceWeights reads a family's share as `target[f] ?? 0` (a plain object, so a prototype
    // member such as 'constructor' reads as a function: NaN once divided); a Float64Array stores ToNumber of it.
    const share = Float64Array.from(names, (f) => (target as Record<string, unknown>)[f] as number ?? 0);
    // its obstruction test: a family of the target with share > 0 whose proposal is not > 0; every such
    // family has attempts of this system (else the system would be obstructed above)
    const required = Int32Array.from(Object.keys(target).filter((f) => target[f] > 0), (f) => local.get(f)!);
    v.family.push(fam); v.targetShare.push(share); v.required.push(required);
    v.mass.push(new Float64Array(names.length)); v.ratio.push(new Float64Array(names.length));
  }
  return v;
}

/** Records one replicate's three ratios, unless sum w or sum w E is not > 0 (the oracle's `continue`). */
function record(v: Variant, s: number, sw: number, sws: number, swe: number): void {
  if (!(sw > 0) || !(swe > 0)) return;
  const b = v.valid[s]++;
  const reps = v.reps[s];
  reps.qaij[b] = sws / swe;
  reps.serviceMean[b] = sws / sw;
  reps.energyMeanJ[b] = swe / sw;
}

/** A variant stops at its first error; the error is thrown after the loop, in variant order. */
function fail(v: Variant, error: unknown): void {
  v.failed = true;
  v.error = error;
}

/**
 * Replicates without a target mix, two variants at once (their weights and energies are the same, so
 * sum w and sum w E are one sum each; only sum w s differs), over the drawn attempts idx[0..m):
 * the oracle's three running sums, in draw order.
 */
function plainReplicates(a: Variant, c: Variant | null, L: Layout, s: number, idx: Int32Array, m: number): void {
  const w = L.weight[s], e = L.energyJ[s], sa = a.service[s]!;
  let sw = 0, swe = 0, swsA = 0, swsC = 0;
  if (c === null) {
    for (let i = 0; i < m; i++) {
      const j = idx[i];
      sw += w[j];
      swsA += w[j] * sa[j];
      swe += w[j] * e[j];
    }
  } else {
    const sc = c.service[s]!;
    for (let i = 0; i < m; i++) {
      const j = idx[i];
      const wj = w[j];
      sw += wj;
      swsA += wj * sa[j];
      swsC += wj * sc[j];
      swe += wj * e[j];
    }
    record(c, s, sw, swsC, swe);
  }
  record(a, s, sw, swsA, swe);
}

/**
 * importanceWeights' proposal shares of one replicate, into `prop` (one slot per family of the system):
 * nu(f) = mass(f) / total, the masses summed in draw order (a run of one family is summed in a local,
 * the same additions in the same order as the oracle's Map), 0 when total is not > 0.
 */
function proposalShares(fam: Int32Array, w: Float64Array, idx: Int32Array, m: number, prop: Float64Array): void {
  prop.fill(0);
  let total = 0;
  let cur = fam[idx[0]], acc = 0;
  for (let i = 0; i < m; i++) {
    const j = idx[i], f = fam[j];
    if (f !== cur) {
      prop[cur] = acc;
      cur = f;
      acc = prop[f];
    }
    acc += w[j];
    total += w[j];
  }
  prop[cur] = acc;
  for (let f = 0; f < prop.length; f++) prop[f] = total > 0 ? prop[f] / total : 0;
}

/**
 * The replicate's weight ratio mu(f) / nu(f) per family into v.ratio[s] (trimmed at trimAt), or false
 * when a family of the target with share > 0 has no proposal share (the oracle's obstructed replicate).
 */
function mixRatios(v: Variant, s: number, prop: Float64Array): boolean {
  const required = v.required[s];
  for (let q = 0; q < required.length; q++) if (!(prop[required[q]] > 0)) return false;
  const share = v.targetShare[s], ratio = v.ratio[s], trimAt = v.options.trimAt;
  for (let f = 0; f < prop.length; f++) {
    let r = share[f] / prop[f];
    if (trimAt !== undefined && r > trimAt) r = trimAt;
    ratio[f] = r;
  }
  return true;
}

/**
 * Replicates under a target mix, one or two variants at once (same families): w_i = base_i * ratio(f_i),
 * the three running sums in draw order, and effectiveSampleSize's checks (every weight >= 0 and
 * finite, their sum, which is sum w here, > 0): a variant that fails them fails with its error.
 */
function mixReplicates(a: Variant, c: Variant | null, L: Layout, s: number, fam: Int32Array, idx: Int32Array, m: number): void {
  const w = L.weight[s], e = L.energyJ[s], sa = a.service[s]!, ra = a.ratio[s];
  let swA = 0, swsA = 0, sweA = 0, badA = false;
  if (c === null) {
    for (let i = 0; i < m; i++) {
      const j = idx[i];
      const wj = w[j] * ra[fam[j]];
      if (!(wj >= 0) || !Number.isFinite(wj)) badA = true;
      swA += wj;
      swsA += wj * sa[j];
      sweA += wj * e[j];
    }
  } else {
    const sc = c.service[s]!, rc = c.ratio[s];
    let swC = 0, swsC = 0, sweC = 0, badC = false;
    for (let i = 0; i < m; i++) {
      const j = idx[i], f = fam[j];
      const wa = w[j] * ra[f], wc = w[j] * rc[f];
      if (!(wa >= 0) || !Number.isFinite(wa)) badA = true;
      if (!(wc >= 0) || !Number.isFinite(wc)) badC = true;
      swA += wa;
      swsA += wa * sa[j];
      sweA += wa * e[j];
      swC += wc;
      swsC += wc * sc[j];
      sweC += wc * e[j];
    }
    if (badC || !(swC > 0)) fail(c, new J2GError(ESS_ERROR));
    else record(c, s, swC, swsC, sweC);
  }
  if (badA || !(swA > 0)) fail(a, new J2GError(ESS_ERROR));
  else record(a, s, swA, swsA, sweA);
}

/**
 * Several bootstraps of the same results on the same draws: `variants` differ in difficulty mode,
 * latency contract and target mix, and share `draws`, `seed` and `level`, so the tasks drawn are
 * the same in each and are drawn once. The result of variant k equals `bootstrapQaij(results,
 * variants[k])`, value for value, and an error is the one the first failing `bootstrapQaij` call
 * in variant order would throw. Used by sevenPartReport (its unweighted, difficulty-weighted and
 * alternative-mix bootstraps).
 * Throws "bootstrapQaijPaired: every variant needs the same draws, seed and level", and what bootstrapQaij throws.
 *
 * One attempt of 10 J, every factor 1, so every replicate is 1 / 10:
 * Example: `bootstrapQaijPaired([{ task: 't', system: 'A', energyJ: 10, latencyS: 1, tokens: 1, quality: 1, correctness: 1, reliability: 1, usefulness: 1, difficultyWeight: 1, weight: 1, boundary: 'system' }], [{ draws: 10 }, { draws: 10, difficulty: 'unweighted' }])[1].get('A').qaij` // => { lower: 0.1, upper: 0.1 }
 */
export function bootstrapQaijPaired(results: readonly TaskResult[], variants: readonly BootstrapOptions[]): Map<string, SystemBootstrap>[] {
  if (variants.length === 0) return [];
  const draws = variants[0].draws ?? 2000;
  const level = variants[0].level ?? 0.95;
  const seed = variants[0].seed ?? 1;
  for (const o of variants) {
    if (!Object.is(o.draws ?? 2000, draws) || !Object.is(o.level ?? 0.95, level) || !Object.is(o.seed ?? 1, seed)) {
      throw new J2GError('bootstrapQaijPaired: every variant needs the same draws, seed and level');
    }
  }
  checkDraws(draws, 3 * new Set(results.map((r) => r.system)).size * variants.length + 2);
  if (!(level > 0 && level < 1)) throw new J2GError(`invalid level: ${level}`);
  singleBoundary(results);
  const raw = createRawRng(seed);
  const L = layout(results);

  // A variant whose setup throws ends the list: the calls after it would never have run.
  const live: Variant[] = [];
  let setupError: { error: unknown } | null = null;
  for (const o of variants) {
    try {
      live.push(prepareVariant(results, L, o, draws));
    } catch (error) {
      setupError = { error };
      break;
    }
  }

  const { groupTasks, groupStart } = L;
  const drawn = new Int32Array(L.taskCount);
  const idx = new Int32Array(maxDrawnRows(L));
  const S = L.systems.length;
  const plain = live.filter((v) => !v.options.targetMix); // never fail inside the loop
  // variants under a target mix, grouped by family function: their families, so their proposal shares, agree
  const mixGroups = new Map<ImportanceWeightOptions['family'], Variant[]>();
  for (const v of live) {
    if (!v.options.targetMix) continue;
    const key = v.options.family ?? stratumFamily;
    if (!mixGroups.has(key)) mixGroups.set(key, []);
    mixGroups.get(key)!.push(v);
  }
  const groups = [...mixGroups.values()];
  const active: Variant[] = [];
  for (let b = 0; b < draws && live.some((v) => !v.failed); b++) {
    // createRng(seed).int(n), inlined: reject outputs at or above the largest multiple of n below 2^32
    for (let g = 0; g + 1 < groupStart.length; g++) {
      const start = groupStart[g], n = groupStart[g + 1] - start;
      const limit = TWO_32 - (TWO_32 % n);
      for (let k = 0; k < n; k++) {
        let x = raw();
        while (x >= limit) x = raw();
        drawn[start + k] = groupTasks[start + (x % n)];
      }
    }
    for (let s = 0; s < S; s++) {
      // the system's attempts on the drawn tasks, in draw order (shared by every variant)
      const off = L.offsets[s], c = L.perTask[s];
      let m = 0;
      if (c === 1) for (let k = 0; k < drawn.length; k++) idx[m++] = off[drawn[k]];
      else if (c > 1) {
        for (let k = 0; k < drawn.length; k++) for (let j = off[drawn[k]], r = 0; r < c; r++) idx[m++] = j + r;
      } else {
        for (let k = 0; k < drawn.length; k++) {
          for (let j = off[drawn[k]], end = off[drawn[k] + 1]; j < end; j++) idx[m++] = j;
        }
      }
      if (m === 0) continue;
      for (let k = 0; k < plain.length; k += 2) plainReplicates(plain[k], k + 1 < plain.length ? plain[k + 1] : null, L, s, idx, m);
      for (const group of groups) {
        active.length = 0;
        let first: Variant | null = null;
        for (const v of group) {
          if (v.failed || v.service[s] === null) continue;
          if (first === null) {
            first = v;
            proposalShares(v.family[s], L.weight[s], idx, m, v.mass[s]);
          }
          if (mixRatios(v, s, first.mass[s])) active.push(v);
        }
        if (first === null) continue;
        const fam = first.family[s];
        for (let k = 0; k < active.length; k += 2) mixReplicates(active[k], k + 1 < active.length ? active[k + 1] : null, L, s, fam, idx, m);
      }
    }
  }
  for (const v of live) if (v.failed) throw v.error;
  if (setupError) throw setupError.error;

  return live.map((v) => {
    L.systems.forEach((system, s) => {
      const sb = v.out.get(system)!;
      if (sb.status === 'obstructed') return;
      const n = v.valid[s], r = v.reps[s];
      const cut = (a: Float64Array) => (n === draws ? a : a.slice(0, n));
      sb.validDraws = n;
      sb.replicates = { qaij: cut(r.qaij), serviceMean: cut(r.serviceMean), energyMeanJ: cut(r.energyMeanJ) };
      sb.qaij = interval(sb.replicates.qaij, level);
      sb.serviceMean = interval(sb.replicates.serviceMean, level);
      sb.energyMeanJ = interval(sb.replicates.energyMeanJ, level);
    });
    return v.out;
  });
}

export function bootstrapQaij(results: readonly TaskResult[], options: BootstrapOptions = {}): Map<string, SystemBootstrap> {
  return bootstrapQaijPaired(results, [options])[0];
}
