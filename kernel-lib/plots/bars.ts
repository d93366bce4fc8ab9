/**
 * Building blocks shared by the figure builders: a ranked horizontal bar panel, a grouped vertical
 * bar panel, and a value-energy frontier panel.
 */
import { paretoFrontier } from '../qaij/paretoFrontier.ts';
import type { Layout, Trace } from './spec.ts';
import { axis, barPatterns, labelAxis } from './theme.ts';
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
 * One horizontal bar per row, highest value on top, coloured by `colour(row)` and filled with the
 * pattern `pattern(row)` ('' solid: systems past sixteen, theme.ts systemStyle); the panel title
 * names the ranking. Rows with a missing value are listed last with no bar.
 */
export function rankedBarPanel<R>(
  layout: Layout, panel: Panel, title: string, rows: readonly R[],
  value: (r: R) => number | null, label: (r: R) => string, colour: (r: R) => string, measure: Measure,
  pattern: (r: R) => string = () => '',
): Trace {
  const ranked = rankOrder(rows, value, label);
  const labels = ranked.map(label);
  placePanel(layout, panel, title, axis(measure.label, measure.unit), labelAxis('', { categoryorder: 'array', categoryarray: [...labels].reverse(), title: { text: '' } }));
  return onPanel({
    type: 'bar', orientation: 'h', name: title, showlegend: false,
    x: ranked.map(value), y: labels,
    marker: { color: ranked.map(colour), ...barPatterns(ranked.map(pattern)) },
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
  errors?: { lo: (r: R) => number | null; hi: (r: R) => number | null }, pattern: (r: R) => string = () => '',
): Trace {
  const rows = allRows.filter((r) => value(r) !== null);
  const missing = allRows.filter((r) => value(r) === null).map(label);
  placePanel(layout, panel, missing.length ? `${title} (no value: ${missing.join(', ')})` : title,
    labelAxis('', { title: { text: '' } }), axis(measure.label, measure.unit, { rangemode: 'tozero' }));
  const trace: Trace = onPanel({
    type: 'bar', name: title, showlegend: false,
    x: rows.map(label), y: rows.map(value),
    marker: { color: rows.map(colour), ...barPatterns(rows.map(pattern)) },
    hovertemplate: `%{x}<br>${measure.label} %{y:${measure.format ?? '.4g'}} ${measure.unit}<extra></extra>`,
  }, panel);
  if (errors) trace.error_y = whiskers(rows, value, errors.lo, errors.hi);
  return trace;
}

/**
 * The paper's printed values beside the reproduced bars of `barPanel` (issue #24): a hollow bar per
 * row the paper prints (outline only), its printed interval as a grey whisker, named "published" in
 * the legend (`legend`: show the entry, once per figure). Plotly groups it beside the reproduced bar.
 */
export function publishedBars<R>(
  panel: Panel, rows: readonly R[], label: (r: R) => string, published: (r: R) => { value: number; lo: number | null; hi: number | null } | undefined,
  measure: Measure, legend: boolean,
): Trace {
  const shown = rows.filter((r) => published(r) !== undefined);
  const p = (r: R) => published(r)!;
  return onPanel({
    type: 'bar', name: 'published', legendgroup: 'published', showlegend: legend,
    x: shown.map(label), y: shown.map((r) => p(r).value),
    marker: { color: 'rgba(255,255,255,0)', line: { color: '#333333', width: 1.5 } },
    error_y: { ...whiskers(shown, (r) => p(r).value, (r) => p(r).lo, (r) => p(r).hi), color: '#9A9A9A', thickness: 1.5 },
    hovertemplate: `%{x}<br>published ${measure.label} %{y:${measure.format ?? '.4g'}} ${measure.unit}<extra></extra>`,
  }, panel);
}

/**
 * The paper's printed values beside the reproduced bars of `rankedBarPanel` (horizontal): a hollow
 * bar per row the paper prints, its printed interval (if any) as a grey whisker, named "published"
 * in the legend (`legend`: show the entry). Plotly groups it beside the reproduced bar of its row.
 */
export function publishedRankedBars<R>(
  panel: Panel, rows: readonly R[], label: (r: R) => string, published: (r: R) => { value: number; lo: number | null; hi: number | null } | undefined,
  measure: Measure, legend: boolean,
): Trace {
  const shown = rows.filter((r) => published(r) !== undefined);
  const p = (r: R) => published(r)!;
  const withInterval = shown.some((r) => p(r).lo !== null || p(r).hi !== null);
  return onPanel({
    type: 'bar', orientation: 'h', name: 'published', legendgroup: 'published', showlegend: legend,
    x: shown.map((r) => p(r).value), y: shown.map(label),
    marker: { color: 'rgba(255,255,255,0)', line: { color: '#333333', width: 1.5 } },
    ...(withInterval ? { error_x: { ...whiskers(shown, (r) => p(r).value, (r) => p(r).lo, (r) => p(r).hi), color: '#9A9A9A', thickness: 1.5 } } : {}),
    hovertemplate: `%{y}<br>published ${measure.label} %{x:${measure.format ?? '.4g'}} ${measure.unit}<extra></extra>`,
  }, panel);
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
 * the most benefit) drawn as a line through its points in energy order. Each point takes its
 * system's colour and symbol (`symbol(id)`, default 'circle'), filled on the frontier and open
 * ('circle-open') off it. Points with a non-positive benefit cannot sit on a log axis: they are left
 * out of the panel and named in its title.
 */
export function frontierPanel(
  layout: Layout, panel: Panel, title: string, points: readonly FrontierInput[], colour: (id: string) => string,
  benefit: Measure, energyUnit = 'MJ', symbol: (id: string) => string = () => 'circle',
): Trace[] {
  const shown = points.filter((p) => p.benefit > 0 && p.energyMJ > 0);
  const hidden = points.filter((p) => !(p.benefit > 0 && p.energyMJ > 0)).map((p) => p.label);
  const { frontier } = paretoFrontier(shown.map((p) => ({ id: p.id, energyJ: p.energyMJ * 1e6, service: p.benefit })));
  const byId = new Map(shown.map((p) => [p.id, p]));
  const line = frontier.map((id) => byId.get(id)!);
  // Log ranges padded by a quarter decade (labels need room at the ends); marker labels placed by
  // labelPositions so that no two labels, and no label and marker, take the same spot.
  const pad = (xs: number[]) => xs.length ? [Math.log10(Math.min(...xs)) - 0.25, Math.log10(Math.max(...xs)) + 0.25] : undefined;
  const xRange = pad(shown.map((p) => p.energyMJ)), yRange = pad(shown.map((p) => p.benefit));
  const position = new Map<string, string>();
  if (xRange && yRange) {
    const size = panelPixels(layout, panel);
    const px = shown.map((p) => ({
      id: p.id, chars: p.label.length,
      x: ((Math.log10(p.energyMJ) - xRange[0]) / (xRange[1] - xRange[0])) * size.w,
      y: ((Math.log10(p.benefit) - yRange[0]) / (yRange[1] - yRange[0])) * size.h,
    }));
    // the frontier's segments are obstacles too: no label sits on the dotted line (issue #24)
    const at = new Map(px.map((p) => [p.id, p]));
    const segments = line.slice(1).map((p, i) => [at.get(line[i].id)!, at.get(p.id)!] as const)
      .map(([u, v]) => ({ x0: u.x, y0: u.y, x1: v.x, y1: v.y }));
    for (const [id, pos] of labelPositions(px, size, segments)) position.set(id, pos);
  }
  // Plotly's own log ticks label a decade's 2 to 9 with bare digits ("2" for 20 MJ) and may leave the
  // decades unlabelled: ticks at 1, 2 and 5 times each power of ten instead, every one written in full
  const logAxis = (range: number[] | undefined) => (range ? logTicks(range) : {});
  placePanel(layout, panel, hidden.length ? `${title} (not shown, benefit <= 0: ${hidden.join(', ')})` : title,
    axis('Total energy', energyUnit, { type: 'log', range: xRange, ...logAxis(xRange) }),
    axis(benefit.label, benefit.unit, { type: 'log', range: yRange, ...logAxis(yRange) }));
  return [
    onPanel({
      type: 'scatter', mode: 'lines', name: 'Frontier', showlegend: false, hoverinfo: 'skip',
      x: line.map((p) => p.energyMJ), y: line.map((p) => p.benefit),
      line: { color: '#999999', dash: 'dot', width: 1.5 },
    }, panel),
    onPanel({
      type: 'scatter', mode: 'markers+text', name: title, showlegend: false,
      x: shown.map((p) => p.energyMJ), y: shown.map((p) => p.benefit), text: shown.map((p) => p.label),
      textposition: shown.map((p) => position.get(p.id) ?? 'top center'), cliponaxis: false,
      marker: { size: 11, color: shown.map((p) => colour(p.id)), line: { color: '#FFFFFF', width: 1 },
        symbol: shown.map((p) => (frontier.includes(p.id) ? symbol(p.id) : `${symbol(p.id)}-open`)) },
      customdata: shown.map((p) => (frontier.includes(p.id) ? 'on the frontier' : 'dominated')),
      hovertemplate: `%{text}<br>energy %{x:.4g} ${energyUnit}<br>${benefit.label} %{y:.4g} ${benefit.unit}<br>%{customdata}<extra></extra>`,
    }, panel),
  ];
}

/**
 * Tick values and texts for a log axis over `range` (log10 bounds): every power of ten inside it,
 * with 2 and 5 times each when the range spans at most three decades (1 and 3 times when it spans
 * less than one), each written in full with thousands separators.
 * @example logTicks([0.05, 2.3]) // => { tickvals: [2, 5, 10, 20, 50, 100], ticktext: ['2', '5', '10', '20', '50', '100'] }
 */
export function logTicks(range: readonly number[]): { tickvals: number[]; ticktext: string[] } {
  const [lo, hi] = range;
  const span = hi - lo;
  const steps = span > 3 ? [1] : span < 1 ? [1, 2, 3, 5] : [1, 2, 5];
  const tickvals: number[] = [];
  for (let e = Math.floor(lo); e <= Math.ceil(hi); e++) {
    for (const m of steps) {
      // m x 10^e computed exactly for negative exponents too (0.2, not 0.20000000000000004)
      const v = e >= 0 ? m * 10 ** e : m / 10 ** -e;
      const l = Math.log10(v);
      if (l >= lo - 1e-9 && l <= hi + 1e-9) tickvals.push(v);
    }
  }
  return { tickvals, ticktext: tickvals.map((v) => v.toLocaleString('en-US', { maximumFractionDigits: 6 })) };
}

/** The approximate pixel size of a panel's plot area (figure size less the layout's margins, times the domains). */
export function panelPixels(layout: Layout, panel: Panel): { w: number; h: number } {
  const m = (layout.margin ?? {}) as { l?: number; r?: number; t?: number; b?: number };
  const w = ((layout.width as number | undefined) ?? 900) - (m.l ?? 80) - (m.r ?? 80);
  const h = ((layout.height as number | undefined) ?? 480) - (m.t ?? 100) - (m.b ?? 80);
  return { w: w * (panel.xDomain[1] - panel.xDomain[0]), h: h * (panel.yDomain[1] - panel.yDomain[0]) };
}

const TEXT_POSITIONS = ['top center', 'bottom center', 'top right', 'bottom right', 'top left', 'bottom left', 'middle right', 'middle left'] as const;

/**
 * A Plotly text position for each marker label, chosen greedily (markers in order of x) as the first
 * of top, bottom, right and left placements whose box (about 6.6 px per character, 14 px tall at the
 * 12 px font) overlaps no label placed before, no marker and no segment of `segments` (the frontier's
 * line) and does not leave the panel; the least overlapping one when every placement collides. Points
 * and segments in pixels from the panel's bottom-left.
 */
export function labelPositions(
  points: readonly { id: string; x: number; y: number; chars: number }[], size: { w: number; h: number },
  segments: readonly { x0: number; y0: number; x1: number; y1: number }[] = [],
): Map<string, string> {
  const R = 8; // marker radius and gap, px
  const boxes: { x0: number; x1: number; y0: number; y1: number }[] = points.map((p) => ({ x0: p.x - R, x1: p.x + R, y0: p.y - R, y1: p.y + R }));
  const out = new Map<string, string>();
  const order = [...points].sort((a, b) => a.x - b.x || (a.id < b.id ? -1 : 1));
  for (const p of order) {
    const w = 6.6 * p.chars, h = 14;
    let best: { pos: string; cost: number; box: (typeof boxes)[number] } | null = null;
    for (const pos of TEXT_POSITIONS) {
      const [v, hz] = pos.split(' ');
      const x0 = hz === 'center' ? p.x - w / 2 : hz === 'right' ? p.x + R / 2 : p.x - R / 2 - w;
      const y0 = v === 'top' ? p.y + R : v === 'bottom' ? p.y - R - h : p.y - h / 2;
      const box = { x0, x1: x0 + w, y0, y1: y0 + h };
      let cost = 0;
      for (const b of boxes) cost += Math.max(0, Math.min(b.x1, box.x1) - Math.max(b.x0, box.x0)) * Math.max(0, Math.min(b.y1, box.y1) - Math.max(b.y0, box.y0));
      cost += Math.max(0, -box.x0) * h + Math.max(0, box.x1 - size.w) * h + Math.max(0, -box.y0) * w + Math.max(0, box.y1 - size.h) * w;
      // a segment crossing the box costs as much as a 10 px square of overlap for every 2 px of its length inside
      for (const sg of segments) cost += 50 * segmentPixelsInside(sg, box);
      if (!best || cost < best.cost - 1e-9) best = { pos, cost, box };
      if (cost === 0) break;
    }
    out.set(p.id, best!.pos);
    boxes.push(best!.box);
  }
  return out;
}

/** How many of a segment's points, sampled every 2 px, lie inside `box`. */
function segmentPixelsInside(s: { x0: number; y0: number; x1: number; y1: number }, box: { x0: number; x1: number; y0: number; y1: number }): number {
  const n = Math.max(1, Math.ceil(Math.hypot(s.x1 - s.x0, s.y1 - s.y0) / 2));
  let inside = 0;
  for (let i = 0; i <= n; i++) {
    const x = s.x0 + ((s.x1 - s.x0) * i) / n, y = s.y0 + ((s.y1 - s.y0) * i) / n;
    if (x > box.x0 && x < box.x1 && y > box.y0 && y < box.y1) inside++;
  }
  return inside;
}
