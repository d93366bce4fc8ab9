/**
 * The seven-part report the QAIJ paper recommends instead of one number, per system:
 * (1) unweighted task service per joule with its bootstrap interval; (2) service per joule by
 * difficulty stratum; (3) the difficulty-weighted sensitivity result, beside the unweighted one;
 * (4) expected service and expected energy separately, each with an interval; (5) latency and
 * reliability summaries (late and failed counts; Wilson, corrected Wilson and exact intervals when
 * reliability is binary, with the task as the sampling unit: `clusteredBinomialIntervals`); (6) the energy-service frontier with robust dominance from the bootstrap
 * regions; (7) QAIJ and intervals under each alternative task mix given (or 'obstructed').
 * Tokens per joule is reported beside. Units: task equivalents, joules, seconds.
 * // QAIJ "Primary and sensitivity reports"
 * Throws mixed-boundary errors and what bootstrapQaij throws.
 *
 * Example: `sevenPartReport(results, { draws: 1000, seed: 1 }).systems.A.unweighted.estimate.qaij` // => 0.05
 */
import { clusteredBinomialIntervals, type ClusteredBinomialIntervals } from '../stats/binomialIntervals.ts';
import { bootstrapQaijPaired, type Interval } from './bootstrapQaij.ts';
import type { ImportanceWeightOptions, TargetMix } from './importanceWeights.ts';
import { paretoFrontier, type Frontier } from './paretoFrontier.ts';
import { percentileSorted } from '../stats/percentile.ts';
import { qualityAdjustedServicePerJoule, type QaijEstimate } from './qualityAdjustedServicePerJoule.ts';
import { robustFrontier, type FrontierStatus } from './robustFrontier.ts';
import { singleBoundary } from './singleBoundary.ts';
import { latencyStatistic } from './latencyStatistic.ts';
import { tokensPerJoule } from './tokensPerJoule.ts';
import type { EnergyBoundary, LatencyContract, TaskResult } from './types.ts';

export interface ReportOptions extends ImportanceWeightOptions {
  latency?: LatencyContract;
  draws?: number;
  seed?: number;
  level?: number;
  /** quantile of attempt latencies checked against L* for the frontier (latencyStatistic; default the median) */
  frontierLatencyQuantile?: number;
  /** named alternative task mixes over strata (or the given family) */
  alternativeMixes?: Readonly<Record<string, TargetMix>>;
}

export interface EstimateWithIntervals {
  estimate: QaijEstimate;
  qaij: Interval | null;
  serviceMean: Interval | null;
  energyMeanJ: Interval | null;
}

export interface SystemReport {
  n: number;
  unweighted: EstimateWithIntervals;
  byStratum: Record<string, QaijEstimate>;
  difficultyWeighted: EstimateWithIntervals;
  tokensPerJoule: number;
  latency: { meanS: number; medianS: number; p90S: number; maxS: number; late: number };
  reliability: {
    mean: number;
    failed: number;
    /** binary reliability with the task as the sampling unit (attempts of one task are one cluster) */
    binary: ClusteredBinomialIntervals | null;
  };
  alternativeMixes: Record<string, { status: 'ok' | 'obstructed'; missing: string[]; estimate: QaijEstimate | null; qaij: Interval | null; effectiveSampleSize: number | null; trimmed: { at: number; count: number } | null }>;
}

export interface SevenPartReport {
  boundary: EnergyBoundary;
  systems: Record<string, SystemReport>;
  frontier: Frontier & { robust: Record<string, FrontierStatus> };
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
  const mixes = mixEntries.map(([name], k) => [name, mixBoots[k]] as const);
  const systems: Record<string, SystemReport> = {};
  for (const [system, u] of unweighted) {
    const own = results.filter((r) => r.system === system);
    const w = weighted.get(system)!;
    const strata = [...new Set(own.map((r) => r.stratum).filter((s): s is string => s !== undefined))].sort();
    const byStratum: Record<string, QaijEstimate> = {};
    for (const s of strata) byStratum[s] = qualityAdjustedServicePerJoule(own.filter((r) => r.stratum === s), { latency: options.latency, difficulty: 'unweighted' });
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
      alternativeMixes[name] = { status: b.status, missing: b.missing, estimate: b.estimate, qaij: b.qaij, effectiveSampleSize: b.effectiveSampleSize, trimmed: b.trimmed };
    }
    systems[system] = {
      n: own.length,
      unweighted: { estimate: u.estimate!, qaij: u.qaij, serviceMean: u.serviceMean, energyMeanJ: u.energyMeanJ },
      byStratum,
      difficultyWeighted: { estimate: w.estimate!, qaij: w.qaij, serviceMean: w.serviceMean, energyMeanJ: w.energyMeanJ },
      tokensPerJoule: tokensPerJoule(own),
      latency: {
        meanS: lat.reduce((a, b) => a + b, 0) / lat.length,
        medianS: percentileSorted(lat, 0.5),
        p90S: percentileSorted(lat, 0.9),
        maxS: lat[lat.length - 1],
        late,
      },
      reliability: {
        mean: own.reduce((a, r) => a + r.reliability, 0) / own.length,
        failed,
        binary: isBinary
          ? clusteredBinomialIntervals(cells.map((c) => c.x), cells.map((c) => c.m), options.level)
          : null,
      },
      alternativeMixes,
    };
  }
  // QAIJ "Frontier implementation": the frontier "first filters points that violate L*", a system
  // whose latency statistic (latencyStatistic: by default its median attempt latency) exceeds L*.
  const points = Object.entries(systems).map(([id, s]) => ({
    id,
    latencyS: latencyStatistic(results.filter((r) => r.system === id).map((r) => r.latencyS), options.frontierLatencyQuantile),
    energyJ: s.unweighted.estimate.energyMeanJ,
    service: s.unweighted.estimate.serviceMean,
    energyInterval: s.unweighted.energyMeanJ ?? { lower: s.unweighted.estimate.energyMeanJ, upper: s.unweighted.estimate.energyMeanJ },
    serviceInterval: s.unweighted.serviceMean ?? { lower: s.unweighted.estimate.serviceMean, upper: s.unweighted.estimate.serviceMean },
  }));
  const feasibility = options.latency ? { latencyMaxS: options.latency.latencyMaxS } : {};
  return { boundary, systems, frontier: { ...paretoFrontier(points, feasibility), robust: robustFrontier(points, feasibility) } };
}
