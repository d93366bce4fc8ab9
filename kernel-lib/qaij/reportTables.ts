/**
 * The seven-part report laid out as tables, one per part, in readable units (tasks per MJ, MJ per
 * attempt, seconds), for notebook 11 and for anyone who wants every part and not only the summary row.
 * Each table comes with its part number and the seed's wording of it; intervals are the report's
 * percentile bootstrap intervals (their unit and coverage: `report.uncertainty`), `_lo` and `_hi`.
 * // QAIJ "Primary and sensitivity reports"
 *
 * Example: the parts of any report are numbered 1 to 7, in the seed's order
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import type { Interval } from './bootstrapQaij.ts';
import { qaijLatencyReliabilityTable } from './datasetReport.ts';
import { DIFFICULTY_NORMALISATIONS, type SevenPartReport } from './sevenPartReport.ts';

const MJ = 1e6;
const lo = (i: Interval | null, k = 1) => (i ? i.lower * k : null);
const hi = (i: Interval | null, k = 1) => (i ? i.upper * k : null);

export interface ReportPart {
  part: number;
  title: string;
  table: ColumnTable;
}

export function qaijReportParts(report: SevenPartReport): ReportPart[] {
  const systems = Object.entries(report.systems);
  return [
    {
      part: 1,
      title: `unweighted task service per joule (primary), win-or-tie outputs per MJ${report.uncertainty.hierarchical ? '; hierarchical_*: occupations resampled as task families' : ''}`,
      table: aq.from(systems.map(([system, s]) => ({
        system, n: s.n, qaij_per_mj: s.unweighted.estimate.qaij * MJ, qaij_lo: lo(s.unweighted.qaij, MJ), qaij_hi: hi(s.unweighted.qaij, MJ),
        ...(s.hierarchical ? { hierarchical_lo: lo(s.hierarchical, MJ), hierarchical_hi: hi(s.hierarchical, MJ) } : {}),
      }))),
    },
    {
      part: 2,
      title: 'service per joule by difficulty stratum (occupation), per MJ, tasks resampled within the stratum',
      table: aq.from(systems.flatMap(([system, s]) => Object.entries(s.byStratum).map(([stratum, b]) => ({
        system, stratum, n: b.estimate.n, qaij_per_mj: b.estimate.qaij * MJ, qaij_lo: lo(b.qaij, MJ), qaij_hi: hi(b.qaij, MJ),
      })))),
    },
    {
      part: 3,
      title: `difficulty-weighted sensitivity beside the unweighted result, under ${DIFFICULTY_NORMALISATIONS.length} normalisations (rankings ${report.difficultyRankings.agree ? 'agree' : 'differ: the ranking is weight-driven'})`,
      table: aq.from(systems.map(([system, s]) => ({
        system,
        unweighted_per_mj: s.unweighted.estimate.qaij * MJ,
        ...Object.fromEntries(DIFFICULTY_NORMALISATIONS.flatMap((how) => {
          const b = s.difficultyNormalisations[how];
          return [[`${how}_per_mj`, b.estimate.qaij * MJ], [`${how}_lo`, lo(b.qaij, MJ)], [`${how}_hi`, hi(b.qaij, MJ)]];
        })),
      }))),
    },
    {
      part: 4,
      title: 'expected service (win-or-tie share) and expected energy (MJ per attempt) separately',
      table: aq.from(systems.map(([system, s]) => ({
        system,
        service_mean: s.unweighted.estimate.serviceMean, service_lo: lo(s.unweighted.serviceMean), service_hi: hi(s.unweighted.serviceMean),
        energy_mj: s.unweighted.estimate.energyMeanJ / MJ, energy_lo: lo(s.unweighted.energyMeanJ, 1 / MJ), energy_hi: hi(s.unweighted.energyMeanJ, 1 / MJ),
      }))),
    },
    { part: 5, title: `latency (seconds) and reliability (win-or-tie share, task as sampling unit; perturbation set: ${report.declarations.perturbationSet})`, table: qaijLatencyReliabilityTable(report) },
    {
      part: 6,
      title: `energy-service frontier (feasibility: ${report.frontier.latencyStatistic}; robust status from the bootstrap regions)`,
      table: aq.from(systems.map(([system, s]) => ({
        system, energy_mj: s.unweighted.estimate.energyMeanJ / MJ, service_mean: s.unweighted.estimate.serviceMean, latency_statistic_s: s.latency.frontierStatisticS, status: report.frontier.robust[system],
      }))),
    },
    {
      part: 7,
      title: `alternative task mixes, per MJ (low_ess: effective sample size below ${report.declarations.lowEffectiveSampleSize})`,
      table: aq.from(systems.flatMap(([system, s]) => Object.entries(s.alternativeMixes).map(([mix, m]) => ({
        system, mix, status: m.status, qaij_per_mj: m.estimate ? m.estimate.qaij * MJ : null, qaij_lo: lo(m.qaij, MJ), qaij_hi: hi(m.qaij, MJ), effective_sample_size: m.effectiveSampleSize, low_ess: m.lowEffectiveSampleSize,
      })))),
    },
  ];
}

/** What the report declares and what its intervals cover, one row per item. */
export function qaijDeclarationsTable(report: SevenPartReport): ColumnTable {
  const rows: { item: string; value: string }[] = [
    { item: 'primary estimate', value: report.primary },
    { item: 'energy boundary', value: report.boundary },
    { item: 'energy denominator', value: report.declarations.energyDenominator },
    { item: 'correctness/reliability design', value: report.declarations.correctnessReliabilityDesign },
    { item: 'perturbation set', value: report.declarations.perturbationSet },
    { item: 'latency contract', value: report.declarations.latencyContract },
    { item: 'interval method', value: `${report.uncertainty.method}, level ${report.uncertainty.level}, ${report.uncertainty.draws} draws, seed ${report.uncertainty.seed}` },
    { item: 'resampling unit', value: report.uncertainty.unit },
    ...(report.uncertainty.hierarchical ? [{ item: 'hierarchical bootstrap', value: report.uncertainty.hierarchical }] : []),
    ...report.uncertainty.covers.map((c) => ({ item: 'covers', value: c })),
    ...report.uncertainty.notCovered.map((c) => ({ item: 'does not cover', value: c })),
    { item: 'strata with a single task', value: report.uncertainty.singleTaskStrata.join(', ') || 'none' },
    ...Object.entries(report.units).map(([k, v]) => ({ item: `unit of ${k}`, value: v })),
  ];
  return aq.from(rows);
}
