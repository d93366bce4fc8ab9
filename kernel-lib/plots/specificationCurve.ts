/**
 * The specification curve (Simonsohn, Simmons and Nelson 2020, "Specification curve analysis", Nature
 * Human Behaviour 4, 1208-1214) of a multiverse (issue #26): the specifications sorted by one metric
 * of one system (default: the primary system's NVJ), each with its percentile 95% interval, and below
 * it the panel of which choice each specification made (one row per grid value, a mark where the
 * specification took it). The reference specification (the base scenario) is drawn in a second colour.
 * Data plus options, a plain Plotly specification (plots/spec.ts).
 */
import type { PlotSpec, Trace } from './spec.ts';
import { OKABE_ITO, axis, baseLayout, labelAxis, type FigureOptions } from './theme.ts';
const round3 = (v: number) => Math.round(v * 1000) / 1000;

export interface SpecCurveRow {
  spec: string;
  value: number;
  lo: number | null;
  hi: number | null;
  /** the grid value label of every field this specification chose */
  choices: Record<string, string>;
  reference?: boolean;
}

export interface SpecCurveOptions extends FigureOptions {
  /** the metric's name and unit on the axis: default NVJ, USD/MJ */
  metric?: { label: string; unit: string };
  /** the system the metric is of, for the title */
  system?: string;
  /** the grid's fields and their values in grid order (the choice panel's rows); default: from the rows */
  fields?: { field: string; values: string[] }[];
}

const byValue = (a: SpecCurveRow, b: SpecCurveRow) => a.value - b.value || (a.spec < b.spec ? -1 : a.spec > b.spec ? 1 : 0);

export function specificationCurve(rows: readonly SpecCurveRow[], options: SpecCurveOptions = {}): PlotSpec {
  const metric = options.metric ?? { label: 'NVJ', unit: 'USD/MJ' };
  const fields = options.fields ?? Object.keys(rows[0]?.choices ?? {}).map((field) => ({ field, values: [...new Set(rows.map((r) => r.choices[field]))] }));
  const choiceRows = fields.flatMap((f) => f.values.map((v) => `${f.field}: ${v}`));
  const title = `Specification curve: ${metric.label}${options.system ? ` of ${options.system}` : ''}`;
  const caption = `Every supported specification of the multiverse, sorted by ${metric.label}; bars are percentile 95% task-composition bootstrap intervals on draws shared by every specification (paired). `
    + 'Below: the choices each specification made. Orange: the reference specification (the base scenario).';
  // every choice row labelled and 20 px apart (10-px labels), the curve's panel 260 px above a 40-px gap
  const rowPx = 20, curvePx = 260, gapPx = 40;
  const margin = baseLayout('specification-curve', title, caption, { ...options, height: undefined }).margin as { t: number; b: number };
  const plotPx = rowPx * choiceRows.length + gapPx + curvePx;
  const layout = baseLayout('specification-curve', title, caption, { height: margin.t + margin.b + plotPx, ...options });
  const split = round3((rowPx * choiceRows.length) / plotPx);
  const sorted = [...rows].sort(byValue);
  const x = sorted.map((_, i) => i + 1);
  layout.xaxis = axis('Specification, ranked', 'rank', { domain: [0, 1], anchor: 'y2', showgrid: false });
  layout.yaxis = axis(metric.label, metric.unit, { domain: [round3(split + gapPx / plotPx), 1] });
  layout.yaxis2 = labelAxis('', { domain: [0, split], categoryorder: 'array', categoryarray: [...choiceRows].reverse(), title: { text: '' }, tickfont: { size: 10 } });
  const colour = (r: SpecCurveRow) => (r.reference ? OKABE_ITO.orange : OKABE_ITO.blue);
  const withInterval = sorted.some((r) => r.lo !== null && r.hi !== null);
  const data: Trace[] = [{
    type: 'scatter', mode: 'markers', name: metric.label, x, y: sorted.map((r) => r.value), xaxis: 'x', yaxis: 'y',
    customdata: sorted.map((r) => r.spec),
    marker: { color: sorted.map(colour), size: 6 },
    ...(withInterval ? { error_y: { type: 'data', symmetric: false, array: sorted.map((r) => (r.hi === null ? 0 : r.hi - r.value)), arrayminus: sorted.map((r) => (r.lo === null ? 0 : r.value - r.lo)), color: '#999999', thickness: 1, width: 0 } } : {}),
    hovertemplate: `%{customdata}<br>${metric.label} %{y:.4g} ${metric.unit}<extra></extra>`,
    showlegend: false,
  }];
  const cx: number[] = [], cy: string[] = [], cc: string[] = [];
  sorted.forEach((r, i) => {
    for (const f of fields) {
      const v = r.choices[f.field];
      if (v === undefined) continue;
      cx.push(i + 1); cy.push(`${f.field}: ${v}`); cc.push(colour(r));
    }
  });
  data.push({ type: 'scatter', mode: 'markers', name: 'choices', x: cx, y: cy, xaxis: 'x', yaxis: 'y2', marker: { color: cc, size: 5, symbol: 'square' }, hoverinfo: 'skip', showlegend: false });
  return { data, layout };
}
