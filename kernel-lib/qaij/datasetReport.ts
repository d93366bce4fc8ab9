/**
 * QAIJ applied to a recorded Joules-to-GDP dataset (issue 7, "Applied to the paper's data"): every run
 * is one attempt whose service is its win-or-tie judgment (`taskResultsFromDataset`), and the seven-part
 * report is computed per system with the benchmark re-weighted to two alternative occupation mixes,
 * employment-only and equal (`occupationMixes`). `qaijSummaryTable` lays the report out one row per
 * system in readable units (tasks per MJ, MJ per attempt).
 * // QAIJ "Primary and sensitivity reports"; Joules-to-GDP sections 2.2-2.5
 *
 * Example: `qaijSummaryTable(qaijDatasetReport(ds, { draws: 1000, seed: 1 })).column('qaij_per_mj')`
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import type { Dataset } from '../data/load.ts';
import { warn } from '../warn.ts';
import { DATASET_DECLARATIONS, occupationMixes, taskResultsFromDataset, type FromDatasetOptions } from './fromDataset.ts';
import { sevenPartReport, type SevenPartReport } from './sevenPartReport.ts';
import type { HierarchyLevels } from './hierarchicalBootstrapQaij.ts';

export interface DatasetReportOptions extends FromDatasetOptions {
  /** bootstrap draws; default the dataset manifest's */
  draws?: number;
  /** bootstrap seed; default the dataset manifest's */
  seed?: number;
  /** latency contract L* in seconds (a scenario's qaij.latencyMaxS); null or absent: none */
  latencyMaxS?: number | null;
  /** levels of the hierarchical bootstrap of part 1 (occupations as families); default 'families-tasks' */
  hierarchy?: HierarchyLevels;
}


export function qaijDatasetReport(ds: Dataset, options: DatasetReportOptions = {}): SevenPartReport {
  // difficulty for part 3 from expert completion time, unless the caller chose otherwise
  const { results, unjudged } = taskResultsFromDataset(ds, { difficulty: 'expert-hours', ...options });
  if (unjudged.length) warn(`qaij: ${unjudged.length} run(s) have no judgment by the chosen judge and reference and are left out (first: ${unjudged[0]})`);
  const mixes = occupationMixes(ds);
  return sevenPartReport(results, {
    draws: options.draws ?? ds.manifest.bootstrap.draws,
    seed: options.seed ?? ds.manifest.bootstrap.seed,
    ...(options.latencyMaxS !== undefined && options.latencyMaxS !== null ? { latency: { latencyMaxS: options.latencyMaxS } } : {}),
    alternativeMixes: { employment: mixes.employment, equal: mixes.equal },
    ...DATASET_DECLARATIONS,
    // tasks nested in occupations: the occupations are themselves a sample of the economy's work
    hierarchy: options.hierarchy ?? 'families-tasks',
  });
}

const MJ = 1e6;

/**
 * One row per system: n attempts, win-tie share (service_mean), energy per attempt (energy_mj),
 * QAIJ in win-or-tie outputs per MJ with its percentile 95% interval, the same under the
 * employment-only and equal occupation mixes (empty when obstructed), and the frontier status
 * (point estimate: frontier, dominated, or excluded when its latency statistic breaks the contract L*;
 * and robust to the bootstrap regions).
 */
export function qaijSummaryTable(report: SevenPartReport): ColumnTable {
  const onFrontier = new Set(report.frontier.frontier);
  const excluded = new Set(report.frontier.excluded);
  const rows = Object.entries(report.systems).map(([system, s]) => {
    const mix = (name: string) => {
      const m = s.alternativeMixes[name];
      return m && m.status === 'ok' && m.estimate ? m.estimate.qaij * MJ : null;
    };
    return {
      system,
      n: s.n,
      service_mean: s.unweighted.estimate.serviceMean,
      energy_mj: s.unweighted.estimate.energyMeanJ / MJ,
      qaij_per_mj: s.unweighted.estimate.qaij * MJ,
      qaij_lo: s.unweighted.qaij ? s.unweighted.qaij.lower * MJ : null,
      qaij_hi: s.unweighted.qaij ? s.unweighted.qaij.upper * MJ : null,
      employment_mix_per_mj: mix('employment'),
      equal_mix_per_mj: mix('equal'),
      frontier: onFrontier.has(system) ? 'frontier' : excluded.has(system) ? 'excluded' : 'dominated',
      robust_frontier: report.frontier.robust[system],
    };
  });
  rows.sort((a, b) => b.qaij_per_mj - a.qaij_per_mj || (a.system < b.system ? -1 : 1));
  return aq.from(rows);
}

/**
 * Part 5 of the seven-part report, one row per system: latency per attempt (mean, median, 90th
 * percentile, max, in seconds) and the share of attempts judged win or tie with its Wilson and exact
 * 95% intervals, the task as the sampling unit: `tasks` clusters of attempts give `effective_n`
 * independent-trial equivalents (`clusteredBinomialIntervals`; QAIJ "Reliability").
 */
export function qaijLatencyReliabilityTable(report: SevenPartReport): ColumnTable {
  return aq.from(Object.entries(report.systems).map(([system, s]) => ({
    system,
    n: s.n,
    latency_mean_s: s.latency.meanS,
    latency_median_s: s.latency.medianS,
    latency_p90_s: s.latency.p90S,
    latency_max_s: s.latency.maxS,
    win_tie_share: s.unweighted.estimate.serviceMean,
    tasks: s.reliability.binary?.clusters ?? null,
    effective_n: s.reliability.binary?.effectiveTrials ?? null,
    wilson_lo: s.reliability.binary?.wilson.lower ?? null,
    wilson_hi: s.reliability.binary?.wilson.upper ?? null,
    exact_lo: s.reliability.binary?.exact.lower ?? null,
    exact_hi: s.reliability.binary?.exact.upper ?? null,
  })));
}
