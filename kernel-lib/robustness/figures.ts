/**
 * Figure data of a multiverse: the specification curve's rows (plots/specificationCurve.ts) from a
 * MultiverseResult, for one system and one metric.
 */
import type { MultiverseResult } from './multiverse.ts';
import type { SpecCurveOptions, SpecCurveRow } from '../plots/specificationCurve.ts';
import { specificationCurve } from '../plots/specificationCurve.ts';
import { gridLabel } from './grid.ts';
import type { PlotSpec } from '../plots/spec.ts';

/**
 * One row per supported specification whose Table 1 has `system` (default: the system the shared
 * draws resample, the primary system): its `metric` (nvj in USD/MJ, tsj in hours/MJ) with the interval.
 */
export function specCurveRows(r: MultiverseResult, options: { system?: string; metric?: 'nvj' | 'tsj' } = {}): SpecCurveRow[] {
  const system = options.system ?? r.bootstrapSystem;
  const metric = options.metric ?? 'nvj';
  const labels = new Map(r.specs.map((s) => [s.spec.id, s.spec.labels as Record<string, string>]));
  return r.rows.filter((x) => x.system === system).map((x) => ({
    spec: x.spec, value: x[metric], lo: x[`${metric}_lo`], hi: x[`${metric}_hi`],
    choices: labels.get(x.spec)!, reference: x.spec === r.referenceSpec,
  }));
}

/** The specification curve of a multiverse (default: the primary system's NVJ). */
export function multiverseCurve(r: MultiverseResult, options: SpecCurveOptions & { system?: string; metricName?: 'nvj' | 'tsj' } = {}): PlotSpec {
  const metricName = options.metricName ?? 'nvj';
  const system = options.system ?? r.bootstrapSystem;
  return specificationCurve(specCurveRows(r, { system, metric: metricName }), {
    metric: metricName === 'nvj' ? { label: 'NVJ', unit: 'USD/MJ' } : { label: 'TSJ', unit: 'hours/MJ' },
    system,
    fields: r.fields.map((f) => ({ field: f, values: r.grid[f]!.map((v) => gridLabel(f, v)) })),
    ...options,
  });
}
