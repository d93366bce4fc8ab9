/**
 * Building blocks shared by the figure builders: a ranked horizontal bar panel, a grouped vertical
 * bar panel, and a value-energy frontier panel.
 */
import { paretoFrontier } from '../qaij/paretoFrontier.ts';
import type { Layout, Trace } from './spec.ts';
import { axis, labelAxis } from './theme.ts';
import { onPanel, placePanel, type Panel } from './panels.ts';

/** Descending by value, ties and missing values by label, so that rankings are stable. */
export function rankOrder<R>(rows: readonly R[], value: (r: R) => number | null, label: (r: R) => string): R[] {
  return [...rows].sort((a, b) => {
    const va = value(a), vb = value(b);
    if (va === null || vb === null) return va === null && vb === null ? cmp(label(a), label(b)) : va === null ? 1 : -1;
    return vb - va || cmp(label(a), label(b));
  });
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface Measure {
  /** quantity name on the axis, "NVJ" */
  label: string;
  unit: string;
  /** d3 number format for hover text */
  format?: string;
}

/**
 * One horizontal bar per row, highest value on top, coloured by `colour(row)`; the panel title names
 * the ranking. Rows with a missing value are listed last with no bar.
 */
export function rankedBarPanel<R>(
  layout: Layout, panel: Panel, title: string, rows: readonly R[],
  value: (r: R) => number | null, label: (r: R) => string, colour: (r: R) => string, measure: Measure,
): Trace {
  const ranked = rankOrder(rows, value, label);
  const labels = ranked.map(label);
  placePanel(layout, panel, title, axis(measure.label, measure.unit), labelAxis('', { categoryorder: 'array', categoryarray: [...labels].reverse(), title: { text: '' } }));
  return onPanel({
    type: 'bar', orientation: 'h', name: title, showlegend: false,
    x: ranked.map(value), y: labels,
    marker: { color: ranked.map(colour) },
    hovertemplate: `%{y}<br>${measure.label} %{x:${measure.format ?? '.4g'}} ${measure.unit}<extra></extra>`,
  }, panel);
}

/**
 * One vertical bar per row in the given order (no ranking), e.g. references or accelerators. Rows
 * without a value (null: a ratio over a zero AI time) get no bar and are named in the panel title,
 * so the trace holds numbers only.
 */
export function barPanel<R>(
  layout: Layout, panel: Panel, title: string, allRows: readonly R[],
  value: (r: R) => number | null, label: (r: R) => string, colour: (r: R) => string, measure: Measure,
  errors?: { lo: (r: R) => number | null; hi: (r: R) => number | null },
): Trace {
  const rows = allRows.filter((r) => value(r) !== null);
  const missing = allRows.filter((r) => value(r) === null).map(label);
  placePanel(layout, panel, missing.length ? `${title} (no value: ${missing.join(', ')})` : title,
    labelAxis('', { title: { text: '' } }), axis(measure.label, measure.unit, { rangemode: 'tozero' }));
  const trace: Trace = onPanel({
    type: 'bar', name: title, showlegend: false,
    x: rows.map(label), y: rows.map(value),
    marker: { color: rows.map(colour) },
    hovertemplate: `%{x}<br>${measure.label} %{y:${measure.format ?? '.4g'}} ${measure.unit}<extra></extra>`,
  }, panel);
  if (errors) trace.error_y = whiskers(rows, value, errors.lo, errors.hi);
  return trace;
}

/** Asymmetric error bars from interval bounds (`null` bound: no whisker on that side). */
export function whiskers<R>(rows: readonly R[], value: (r: R) => number | null, lo: (r: R) => number | null, hi: (r: R) => number | null) {
  return {
    type: 'data', symmetric: false, color: '#333333', thickness: 1.2, width: 5,
    array: rows.map((r) => { const v = value(r), h = hi(r); return v === null || h === null ? null : h - v; }),
    arrayminus: rows.map((r) => { const v = value(r), l = lo(r); return v === null || l === null ? null : v - l; }),
  };
}

export interface FrontierInput {
  id: string;
  label: string;
  energyMJ: number;
  benefit: number;
}

/**
 * Points of (total energy, total benefit) on log scales, with the Pareto frontier (least energy for
 * the most benefit) drawn as a line through its points in energy order. Points with a non-positive
 * benefit cannot sit on a log axis: they are left out of the panel and named in its title.
 */
export function frontierPanel(
  layout: Layout, panel: Panel, title: string, points: readonly FrontierInput[], colour: (id: string) => string,
  benefit: Measure, energyUnit = 'MJ',
): Trace[] {
  const shown = points.filter((p) => p.benefit > 0 && p.energyMJ > 0);
  const hidden = points.filter((p) => !(p.benefit > 0 && p.energyMJ > 0)).map((p) => p.label);
  const { frontier } = paretoFrontier(shown.map((p) => ({ id: p.id, energyJ: p.energyMJ * 1e6, service: p.benefit })));
  const byId = new Map(shown.map((p) => [p.id, p]));
  const line = frontier.map((id) => byId.get(id)!);
  placePanel(layout, panel, hidden.length ? `${title} (not shown, benefit <= 0: ${hidden.join(', ')})` : title,
    axis('Total energy', energyUnit, { type: 'log' }), axis(benefit.label, benefit.unit, { type: 'log' }));
  return [
    onPanel({
      type: 'scatter', mode: 'lines', name: 'Frontier', showlegend: false, hoverinfo: 'skip',
      x: line.map((p) => p.energyMJ), y: line.map((p) => p.benefit),
      line: { color: '#999999', dash: 'dot', width: 1.5 },
    }, panel),
    onPanel({
      type: 'scatter', mode: 'markers+text', name: title, showlegend: false,
      x: shown.map((p) => p.energyMJ), y: shown.map((p) => p.benefit), text: shown.map((p) => p.label),
      textposition: 'top center', cliponaxis: false,
      marker: { size: 11, color: shown.map((p) => colour(p.id)), line: { color: '#FFFFFF', width: 1 },
        symbol: shown.map((p) => (frontier.includes(p.id) ? 'circle' : 'circle-open')) },
      customdata: shown.map((p) => (frontier.includes(p.id) ? 'on the frontier' : 'dominated')),
      hovertemplate: `%{text}<br>energy %{x:.4g} ${energyUnit}<br>${benefit.label} %{y:.4g} ${benefit.unit}<br>%{customdata}<extra></extra>`,
    }, panel),
  ];
}
