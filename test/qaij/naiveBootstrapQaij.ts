/**
 * The plain reference implementation of bootstrapQaij, kept as the oracle for the fast one
 * (kernel-lib/qaij/bootstrapQaij.ts, issue 16): a verbatim copy of bootstrapQaij as it was before the
 * typed-array rewrite (string task arrays, row spreads and a full importanceWeights call in every
 * replicate). test/qaij/fastBootstrapQaij.test.ts checks that the fast one gives exactly these
 * replicates, intervals and errors; scripts/bench/qaij.ts times both in the same run. Do not
 * optimise this file: its worth is that it is the obvious reading of the method.
 * // QAIJ "Percentile bootstrap"
 */
import { J2GError } from '../../kernel-lib/errors.ts';
import { createRng } from '../../kernel-lib/random/prng.ts';
import { checkDraws } from '../../kernel-lib/uncertainty/settings.ts';
import { importanceWeights, type ImportanceWeightOptions, type TargetMix } from '../../kernel-lib/qaij/importanceWeights.ts';
import { percentileSorted } from '../../kernel-lib/stats/percentile.ts';
import { qualityAdjustedServicePerJoule, type QaijEstimate } from '../../kernel-lib/qaij/qualityAdjustedServicePerJoule.ts';
import { serviceContribution } from '../../kernel-lib/qaij/serviceContribution.ts';
import { singleBoundary } from '../../kernel-lib/qaij/singleBoundary.ts';
import type { ServiceOptions, TaskResult } from '../../kernel-lib/qaij/types.ts';

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
  replicates: { qaij: number[]; serviceMean: number[]; energyMeanJ: number[] };
}

function interval(values: number[], level: number): Interval | null {
  if (values.length === 0) return null;
  const s = Float64Array.from(values).sort();
  return { lower: percentileSorted(s, (1 - level) / 2), upper: percentileSorted(s, (1 + level) / 2) };
}

export function naiveBootstrapQaij(results: readonly TaskResult[], options: BootstrapOptions = {}): Map<string, SystemBootstrap> {
  const draws = options.draws ?? 2000;
  const level = options.level ?? 0.95;
  // Memory (uncertainty/settings.ts): 3 replicate arrays per system, JS arrays that grow by half
  // again (so up to 1.5 x 8 bytes per draw each), and the sorted copy of one: 5 series per system + 1.
  checkDraws(draws, 5 * new Set(results.map((r) => r.system)).size + 1);
  if (!(level > 0 && level < 1)) throw new J2GError(`invalid level: ${level}`);
  singleBoundary(results);
  const rng = createRng(options.seed ?? 1);

  // Tasks in first-appearance order, grouped by stratum.
  const taskStratum = new Map<string, string>();
  for (const r of results) {
    const s = r.stratum ?? '';
    const prev = taskStratum.get(r.task);
    if (prev === undefined) taskStratum.set(r.task, s);
    else if (prev !== s) throw new J2GError(`task ${r.task} has two strata: ${prev} and ${s}`);
  }
  const groups = new Map<string, string[]>();
  for (const [t, s] of taskStratum) {
    if (!groups.has(s)) groups.set(s, []);
    groups.get(s)!.push(t);
  }

  const systems = [...new Set(results.map((r) => r.system))].sort();
  const service = results.map((r) => serviceContribution(r, options));
  // system -> task -> row indices
  const rowsOf = new Map<string, Map<string, number[]>>();
  results.forEach((r, i) => {
    if (!rowsOf.has(r.system)) rowsOf.set(r.system, new Map());
    const m = rowsOf.get(r.system)!;
    if (!m.has(r.task)) m.set(r.task, []);
    m.get(r.task)!.push(i);
  });

  const out = new Map<string, SystemBootstrap>();
  for (const system of systems) {
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
      replicates: { qaij: [], serviceMean: [], energyMeanJ: [] },
    });
  }

  const groupList = [...groups.values()];
  for (let b = 0; b < draws; b++) {
    const drawn: string[] = [];
    for (const g of groupList) for (let k = 0; k < g.length; k++) drawn.push(g[rng.int(g.length)]);
    for (const system of systems) {
      const sb = out.get(system)!;
      if (sb.status === 'obstructed') continue;
      const byTask = rowsOf.get(system)!;
      const idx: number[] = [];
      for (const t of drawn) {
        const rows = byTask.get(t);
        if (rows) idx.push(...rows);
      }
      if (idx.length === 0) continue;
      let w: number[];
      if (options.targetMix) {
        const iw = importanceWeights(idx.map((i) => results[i]), options.targetMix, options);
        if (iw.status === 'obstructed') continue;
        w = iw.weights;
      } else w = idx.map((i) => results[i].weight);
      let sw = 0, sws = 0, swe = 0;
      idx.forEach((i, k) => {
        sw += w[k];
        sws += w[k] * service[i];
        swe += w[k] * results[i].energyJ;
      });
      if (!(sw > 0) || !(swe > 0)) continue;
      sb.replicates.qaij.push(sws / swe);
      sb.replicates.serviceMean.push(sws / sw);
      sb.replicates.energyMeanJ.push(swe / sw);
      sb.validDraws++;
    }
  }
  for (const sb of out.values()) {
    sb.qaij = interval(sb.replicates.qaij, level);
    sb.serviceMean = interval(sb.replicates.serviceMean, level);
    sb.energyMeanJ = interval(sb.replicates.energyMeanJ, level);
  }
  return out;
}
