/**
 * Figure data of a multiverse: the specification curve's rows (plots/specificationCurve.ts) from a
 * MultiverseResult, for one system and one metric.
 */
import type { MultiverseResult } from './multiverse.ts';
import type { SpecCurveOptions, SpecCurveRow } from '../plots/specificationCurve.ts';
import { specificationCurve } from '../plots/specificationCurve.ts';
import { gridLabel } from './grid.ts';
import type { PlotSpec, Trace } from '../plots/spec.ts';
import { OKABE_ITO, axis, baseLayout, labelAxis, type FigureOptions } from '../plots/theme.ts';

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

/**
 * The spread of the bootstrap system's NVJ and TSJ over the specifications, split by analysis choice
 * (inference.ts choiceSpread): for each grid field, the share of the variance between its values
 * (eta squared), NVJ and TSJ side by side; the hover gives the median range a change of that field
 * alone makes. Every field is drawn on its own labelled row.
 */
export function spreadFigure(r: MultiverseResult, options: FigureOptions = {}): PlotSpec {
  const fields = r.fields.filter((f) => r.spread.some((x) => x.field === f && x.levels > 1));
  const layout = baseLayout('spread-by-choice', `Spread by choice: which analysis choice moves ${r.bootstrapSystem}'s NVJ and TSJ`,
    'Share of the variance of the metric over the supported specifications that lies between the values of each choice (eta squared, a first-order main effect; '
    + 'what no choice explains alone is their interaction). Hover: the median and largest change of the metric when that choice alone changes.',
    { height: Math.max(380, 200 + 50 * fields.length), ...options });
  layout.barmode = 'group';
  layout.xaxis = axis('Share of the variance between the choice\'s values', 'fraction', { range: [0, 1] });
  layout.yaxis = labelAxis('', { categoryorder: 'array', categoryarray: [...fields].reverse(), tickmode: 'array', tickvals: fields, ticktext: fields, title: { text: '' } });
  const unit = { nvj: 'USD/MJ', tsj: 'hours/MJ' } as const;
  const data: Trace[] = (['nvj', 'tsj'] as const).map((q, i) => {
    const rows = fields.map((f) => r.spread.find((x) => x.quantity === q && x.field === f)!);
    return {
      type: 'bar', orientation: 'h', name: q.toUpperCase(), y: fields, x: rows.map((x) => x.eta2), marker: { color: i ? OKABE_ITO.orange : OKABE_ITO.blue },
      customdata: rows.map((x) => [x.rangeMedian ?? NaN, x.rangeMax ?? NaN]),
      hovertemplate: `%{y}: %{x:.2f} of the ${q.toUpperCase()} variance<br>change of %{y} alone: median %{customdata[0]:.3g}, largest %{customdata[1]:.3g} ${unit[q]}<extra></extra>`,
    };
  });
  return { data, layout };
}
