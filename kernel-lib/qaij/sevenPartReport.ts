/**
 * The seven-part report the QAIJ paper recommends instead of one number, per system:
 * (1) unweighted task service per joule with its bootstrap interval (the primary result), and with
 * `hierarchy` also the interval of the hierarchical bootstrap (strata as task families); (2) service
 * per joule by difficulty stratum, each with its interval (tasks resampled within the stratum);
 * (3) the difficulty-weighted sensitivity result beside the unweighted one, under two normalisations of
 * the declared difficulty d (Example 4: "any composite under at least two plausible normalizations"):
 * 'linear' delta = d / mean d and 'sqrt' delta = sqrt(d) / mean sqrt(d), with whether their rankings
 * agree; (4) expected service and expected energy separately, each with an interval; (5) latency and
 * reliability summaries (late and failed counts; Wilson, corrected Wilson and exact intervals when
 * reliability is binary, with the task as the sampling unit: `clusteredBinomialIntervals`), with the
 * declared perturbation set; (6) the energy-service frontier, systems whose latency statistic violates
 * L* first filtered out, with robust dominance from the bootstrap regions; (7) QAIJ and intervals under
 * each alternative task mix given (or 'obstructed'), with the Kish effective sample size and a low-ESS
 * flag (and warning) below LOW_EFFECTIVE_SAMPLE_SIZE. Tokens per joule is reported beside.
 * The report also carries what the seed asks to be declared: the bootstrap's resampling unit and the
 * sources of uncertainty it covers and does not ("Sources of uncertainty"), the correctness/reliability
 * design ("Reliability": "The manifest must say which design is used"), gross or incremental energy as
 * the denominator ("Step 8": "The primary denominator must be named"), and the unit of every figure.
 * Undeclared items say 'not declared'.
 * Units: task equivalents, joules, seconds (`units`).
 * // QAIJ "Primary and sensitivity reports"
 * Throws mixed-boundary errors and what bootstrapQaij throws.
 *
 * Example: `sevenPartReport(results, { draws: 1000, seed: 1 }).systems.A.unweighted.estimate.qaij` // => 0.05
 */
import { clusteredBinomialIntervals, type ClusteredBinomialIntervals } from '../stats/binomialIntervals.ts';
import { bootstrapQaij, bootstrapQaijPaired, type Interval, type SystemBootstrap } from './bootstrapQaij.ts';
import { bootstrapCoverage, singleTaskStrata, type BootstrapCoverage } from './bootstrapCoverage.ts';
import { LOW_EFFECTIVE_SAMPLE_SIZE } from './effectiveSampleSize.ts';
import { hierarchicalBootstrapQaij, type HierarchyLevels } from './hierarchicalBootstrapQaij.ts';
import { warn } from '../warn.ts';
import type { ImportanceWeightOptions, TargetMix } from './importanceWeights.ts';
import { paretoFrontier, type Frontier } from './paretoFrontier.ts';
import { percentileSorted } from '../stats/percentile.ts';
import type { QaijEstimate } from './qualityAdjustedServicePerJoule.ts';
import { rankSystems } from './rankSystems.ts';
import { robustFrontier, type FrontierStatus } from './robustFrontier.ts';
import { singleBoundary } from './singleBoundary.ts';
import { latencyStatistic } from './latencyStatistic.ts';
import { tokensPerJoule } from './tokensPerJoule.ts';
import type { EnergyBoundary, LatencyContract, TaskResult } from './types.ts';

/** How correctness and reliability share the joint outcome (QAIJ "Reliability"). */
export type CorrectnessReliabilityDesign =
  /** c is graded on a completed answer, r estimated from independent reruns: both multiply in */
  | 'separate'
  /** the joint outcome of the attempt is r (c = 1), e.g. a win-or-tie judgment */
  | 'joint-outcome-as-reliability'
  /** c is the mean success across retries, so r = 1 */
  | 'joint-outcome-as-correctness';

export interface ReportDeclarations {
  correctnessReliabilityDesign?: CorrectnessReliabilityDesign;
  /** the variation the repeated attempts span: seeds, retries, tool state, paraphrase ... (QAIJ "Reliability intervals") */
  perturbationSet?: string;
  /** the primary energy denominator (QAIJ "Step 8") */
  energyDenominator?: 'gross' | 'incremental';
}

export interface ReportOptions extends ImportanceWeightOptions, ReportDeclarations {
  latency?: LatencyContract;
  draws?: number;
  seed?: number;
  level?: number;
  /** quantile of attempt latencies checked against L* for the frontier (latencyStatistic; default the median) */
  frontierLatencyQuantile?: number;
  /** named alternative task mixes over strata (or the given family) */
  alternativeMixes?: Readonly<Record<string, TargetMix>>;
  /** also a hierarchical bootstrap of part 1 with the strata as task families (hierarchicalBootstrapQaij) */
  hierarchy?: HierarchyLevels;
}

export interface EstimateWithIntervals {
  estimate: QaijEstimate;
  qaij: Interval | null;
  serviceMean: Interval | null;
  energyMeanJ: Interval | null;
}

export type DifficultyNormalisation = 'linear' | 'sqrt';
export const DIFFICULTY_NORMALISATIONS: readonly DifficultyNormalisation[] = ['linear', 'sqrt'];

export interface SystemReport {
  n: number;
  /** part 1 (with part 4's service and energy intervals) */
  unweighted: EstimateWithIntervals;
  /** part 1's QAIJ interval from the hierarchical bootstrap, when asked (options.hierarchy) */
  hierarchical: Interval | null;
  /** part 2 */
  byStratum: Record<string, EstimateWithIntervals>;
  /** part 3: the declared difficulty weights as given */
  difficultyWeighted: EstimateWithIntervals;
  /** part 3: the same under each normalisation of the declared difficulty */
  difficultyNormalisations: Record<DifficultyNormalisation, EstimateWithIntervals>;
  tokensPerJoule: number;
  /** part 5 */
  latency: { meanS: number; medianS: number; p90S: number; maxS: number; late: number; frontierStatisticS: number };
  reliability: {
    mean: number;
    failed: number;
    /** binary reliability with the task as the sampling unit (attempts of one task are one cluster) */
    binary: ClusteredBinomialIntervals | null;
    perturbationSet: string;
  };
  /** part 7 */
  alternativeMixes: Record<string, { status: 'ok' | 'obstructed'; missing: string[]; estimate: QaijEstimate | null; qaij: Interval | null; effectiveSampleSize: number | null; lowEffectiveSampleSize: boolean; trimmed: { at: number; count: number } | null }>;
}

export interface SevenPartReport {
  boundary: EnergyBoundary;
  primary: 'unweighted';
  units: Record<string, string>;
  declarations: { correctnessReliabilityDesign: string; perturbationSet: string; energyDenominator: string; latencyContract: string; lowEffectiveSampleSize: number };
  uncertainty: BootstrapCoverage & { level: number; draws: number; seed: number; singleTaskStrata: string[]; reliabilityIntervals: string; hierarchical: string | null };
  systems: Record<string, SystemReport>;
  /** part 3: ranking by QAIJ under each normalisation, and whether they agree (robust or weight-driven) */
  difficultyRankings: Record<DifficultyNormalisation, string[]> & { unweighted: string[]; agree: boolean };
  /** part 6 */
  frontier: Frontier & { robust: Record<string, FrontierStatus>; latencyStatistic: string };
}

const NOT_DECLARED = 'not declared';

function withIntervals(b: SystemBootstrap): EstimateWithIntervals {
  return { estimate: b.estimate!, qaij: b.qaij, serviceMean: b.serviceMean, energyMeanJ: b.energyMeanJ };
}

/** The declared difficulty normalised to mean one over the attempts: d / mean d, or sqrt(d) / mean sqrt(d). // QAIJ "Difficulty", Example 4 */
function normalise(results: readonly TaskResult[], how: DifficultyNormalisation): TaskResult[] {
  const f = how === 'linear' ? (d: number) => d : Math.sqrt;
  const m = results.reduce((a, r) => a + f(r.difficultyWeight), 0) / results.length;
  return results.map((r) => ({ ...r, difficultyWeight: m > 0 ? f(r.difficultyWeight) / m : 0 }));
}

export function sevenPartReport(results: readonly TaskResult[], options: ReportOptions = {}): SevenPartReport {
  const boundary = singleBoundary(results);
  const base = { latency: options.latency, draws: options.draws, seed: options.seed, level: options.level };
  // One paired bootstrap for all: the same seed draws the same tasks for each (bootstrapQaijPaired).
  const mixEntries = Object.entries(options.alternativeMixes ?? {});
  const [unweighted, weighted, ...mixBoots] = bootstrapQaijPaired(results, [
    { ...base, difficulty: 'unweighted' },
    { ...base, difficulty: 'weighted' },
    ...mixEntries.map(([, mix]) => ({ ...base, difficulty: 'unweighted' as const, targetMix: mix, family: options.family, trimAt: options.trimAt })),
  ]);
  // Part 3's normalisations: the same seed and layout draw the same tasks as above.
  const normalised = Object.fromEntries(DIFFICULTY_NORMALISATIONS.map((how) => [how, bootstrapQaij(normalise(results, how), { ...base, difficulty: 'weighted' })])) as Record<DifficultyNormalisation, Map<string, SystemBootstrap>>;
  // Part 2: each stratum on its own, its tasks resampled within it.
  const strataAll = [...new Set(results.map((r) => r.stratum).filter((s): s is string => s !== undefined))].sort();
  const strataBoot = new Map(strataAll.map((s) => [s, bootstrapQaij(results.filter((r) => r.stratum === s), { ...base, difficulty: 'unweighted' })]));
  const mixes = mixEntries.map(([name], k) => [name, mixBoots[k]] as const);
  const hier = options.hierarchy ? hierarchicalBootstrapQaij(results, { ...base, difficulty: 'unweighted', levels: options.hierarchy }) : null;
  const systems: Record<string, SystemReport> = {};
  for (const [system, u] of unweighted) {
    const own = results.filter((r) => r.system === system);
    const w = weighted.get(system)!;
    const byStratum: Record<string, EstimateWithIntervals> = {};
    for (const s of strataAll) {
      const b = strataBoot.get(s)!.get(system);
      if (b) byStratum[s] = withIntervals(b);
    }
    const lat = Float64Array.from(own.map((r) => r.latencyS)).sort();
    const late = options.latency ? own.filter((r) => r.latencyS > options.latency!.latencyMaxS).length : 0;
    const failed = own.filter((r) => r.usefulness * r.quality * r.correctness * r.reliability === 0).length;
    const isBinary = own.every((r) => r.reliability === 0 || r.reliability === 1);
    const perTask = new Map<string, { x: number; m: number }>();
    for (const r of own) {
      const c = perTask.get(r.task) ?? { x: 0, m: 0 };
      c.m += 1;
      if (r.reliability === 1) c.x += 1;
      perTask.set(r.task, c);
    }
    const cells = [...perTask.values()];
    const alternativeMixes: SystemReport['alternativeMixes'] = {};
    for (const [name, m] of mixes) {
      const b = m.get(system)!;
      if (b.effectiveSampleSize !== null && b.effectiveSampleSize < LOW_EFFECTIVE_SAMPLE_SIZE) {
        warn(`system ${system}: effective sample size ${b.effectiveSampleSize.toFixed(2)} under the ${name} mix is below ${LOW_EFFECTIVE_SAMPLE_SIZE}: the reweighted estimate rests on few attempts (QAIJ "Importance weighting": large weights increase variance)`);
      }
      alternativeMixes[name] = {
        status: b.status,
        missing: b.missing,
        estimate: b.estimate,
        qaij: b.qaij,
        effectiveSampleSize: b.effectiveSampleSize,
        lowEffectiveSampleSize: b.effectiveSampleSize !== null && b.effectiveSampleSize < LOW_EFFECTIVE_SAMPLE_SIZE,
        trimmed: b.trimmed,
      };
    }
    systems[system] = {
      n: own.length,
      unweighted: withIntervals(u),
      hierarchical: hier?.get(system) ? { lower: hier.get(system)!.lower, upper: hier.get(system)!.upper } : null,
      byStratum,
      difficultyWeighted: withIntervals(w),
      difficultyNormalisations: Object.fromEntries(DIFFICULTY_NORMALISATIONS.map((how) => [how, withIntervals(normalised[how].get(system)!)])) as Record<DifficultyNormalisation, EstimateWithIntervals>,
      tokensPerJoule: tokensPerJoule(own),
      latency: {
        meanS: lat.reduce((a, b) => a + b, 0) / lat.length,
        medianS: percentileSorted(lat, 0.5),
        p90S: percentileSorted(lat, 0.9),
        maxS: lat[lat.length - 1],
        late,
        frontierStatisticS: latencyStatistic(own.map((r) => r.latencyS), options.frontierLatencyQuantile),
      },
      reliability: {
        mean: own.reduce((a, r) => a + r.reliability, 0) / own.length,
        failed,
        binary: isBinary
          ? clusteredBinomialIntervals(cells.map((c) => c.x), cells.map((c) => c.m), options.level)
          : null,
        perturbationSet: options.perturbationSet ?? NOT_DECLARED,
      },
      alternativeMixes,
    };
  }
  // QAIJ "Frontier implementation": the frontier "first filters points that violate L*", a system
  // whose latency statistic (latencyStatistic: by default its median attempt latency) exceeds L*.
  const points = Object.entries(systems).map(([id, s]) => ({
    id,
    latencyS: s.latency.frontierStatisticS,
    energyJ: s.unweighted.estimate.energyMeanJ,
    service: s.unweighted.estimate.serviceMean,
    energyInterval: s.unweighted.energyMeanJ ?? { lower: s.unweighted.estimate.energyMeanJ, upper: s.unweighted.estimate.energyMeanJ },
    serviceInterval: s.unweighted.serviceMean ?? { lower: s.unweighted.estimate.serviceMean, upper: s.unweighted.estimate.serviceMean },
  }));
  const feasibility = options.latency ? { latencyMaxS: options.latency.latencyMaxS } : {};
  const q = options.frontierLatencyQuantile ?? 0.5;
  const order = (pick: (s: SystemReport) => number) =>
    rankSystems(Object.entries(systems).map(([system, s]) => ({ system, boundary, score: pick(s) }))).map((r) => r.system);
  const rankings = {
    unweighted: order((s) => s.unweighted.estimate.qaij),
    linear: order((s) => s.difficultyNormalisations.linear.estimate.qaij),
    sqrt: order((s) => s.difficultyNormalisations.sqrt.estimate.qaij),
  };
  return {
    boundary,
    primary: 'unweighted',
    units: {
      qaij: 'task equivalents per joule',
      serviceMean: 'task equivalents per attempt',
      energyMeanJ: 'joules per attempt',
      latency: 'seconds',
      tokensPerJoule: 'tokens per joule',
      reliability: 'share of attempts (dimensionless)',
      effectiveSampleSize: 'attempts',
    },
    declarations: {
      correctnessReliabilityDesign: options.correctnessReliabilityDesign ?? NOT_DECLARED,
      perturbationSet: options.perturbationSet ?? NOT_DECLARED,
      energyDenominator: options.energyDenominator ? `${options.energyDenominator} energy` : NOT_DECLARED,
      latencyContract: options.latency ? `L* = ${options.latency.latencyMaxS} s, ${options.latency.penalty ? 'continuous penalty' : '0/1 indicator'}` : 'none',
      lowEffectiveSampleSize: LOW_EFFECTIVE_SAMPLE_SIZE,
    },
    uncertainty: {
      ...bootstrapCoverage(mixEntries.length > 0),
      level: options.level ?? 0.95,
      draws: options.draws ?? 2000,
      seed: options.seed ?? 1,
      singleTaskStrata: singleTaskStrata(results).strata,
      hierarchical: options.hierarchy ? `systems[].hierarchical: strata resampled as task families (${options.hierarchy}), each level with replacement` : null,
      reliabilityIntervals: 'Wilson, corrected Wilson and exact binomial intervals of the win share, the task as the sampling unit (Korn-Graubard effective n); cover attempt-to-attempt variation within the declared perturbation set only',
    },
    systems,
    difficultyRankings: { ...rankings, agree: rankings.linear.join() === rankings.sqrt.join() && rankings.linear.join() === rankings.unweighted.join() },
    frontier: {
      ...paretoFrontier(points, feasibility),
      robust: robustFrontier(points, feasibility),
      latencyStatistic: `${q === 0.5 ? 'median attempt latency' : `attempt latency quantile ${q}`} <= L*`,
    },
  };
}
