/**
 * Figure 9 of Joules-to-GDP (Appendix H): the GDP weights of the benchmark portfolio by sector,
 * occupation category and occupation. w_o = sector share x within-sector employment share.
 */
import type { PlotSpec } from './spec.ts';
import { CATEGORY_PALETTE, axis, baseLayout, colourOf, labelAxis, wrapText, type FigureOptions } from './theme.ts';
import { onPanel, placePanel, roundDomain, type Panel } from './panels.ts';
import { rankOrder, rankedBarPanel } from './bars.ts';

export interface WeightRow {
  occupation: string;
  category: string;
  sector: string;
  /** w_o, a fraction; the weights sum to 1 */
  weight: number;
}

interface Share { name: string; category?: string; pct: number }

function sumBy(rows: readonly WeightRow[], key: (r: WeightRow) => string): Share[] {
  const m = new Map<string, number>();
  for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + 100 * r.weight);
  return [...m].map(([name, pct]) => ({ name, pct }));
}

/** Break a tick label into lines of at most `width` characters (Plotly does not wrap tick labels). */
export function wrapLabel(label: string, width = 46): string {
  return wrapText(label, width);
}

/**
 * The occupation panel's tick labels: smaller than the figure's font, wrapped at 56 characters (no
 * wider than the sector names above, 46 at 12 px); a row 16 px tall for a name on one line, 12 px
 * more a further line, each bar 12 px thick.
 */
const OCCUPATION_FONT = 10;
const OCCUPATION_WRAP = 56;
const occupationRowPx = (label: string) => 4 + 12 * label.split('<br>').length;
/** the share of the width the occupation panel leaves to its category legend on its right */
const OCCUPATION_DOMAIN_END = 0.7;

export function figure09(rows: readonly WeightRow[], options: FigureOptions & { scheme: string }): PlotSpec {
  const scheme = options.scheme;
  // Sectors, categories and occupations stacked, each across the full width with its labels on the
  // left. Sector and category names wrap to two lines at most. The occupations (45 in the paper) are
  // placed on a numeric axis (px from the panel's top) so that each row is only as tall as its own
  // name: on a category axis every row took the height of the longest name, 49 px, and the panel was
  // 2,200 px tall (issue #24). Their colour is their category's, keyed by a legend of their own at the
  // panel's right, where no bar reaches.
  const sectors = sumBy(rows, (r) => r.sector);
  const categories = [...new Set(rows.map((r) => r.category))];
  const lines = (names: string[]) => Math.max(1, ...names.map((n) => wrapLabel(n).split('<br>').length));
  const rowPx = (names: string[]) => (lines(names) === 1 ? 18 : 4 + 15 * lines(names));
  const gapPx = 90;
  const occupations = rankOrder(rows.map((r) => ({ name: r.occupation, category: r.category, pct: 100 * r.weight })), (s) => s.pct, (s) => s.name);
  const occupationLabels = occupations.map((s) => wrapText(s.name, OCCUPATION_WRAP));
  const rowTops: number[] = [];
  let occupationPx = 4;
  for (const l of occupationLabels) { rowTops.push(occupationPx); occupationPx += occupationRowPx(l); }
  const panelsPx = [
    40 + rowPx(sectors.map((x) => x.name)) * sectors.length,
    40 + rowPx(categories) * categories.length,
    // at least as tall as its legend: a 19 px row a category
    8 + Math.max(occupationPx, 19 * categories.length + 30),
  ];
  const plotPx = panelsPx.reduce((a, b) => a + b, 0) + 2 * gapPx;
  const layout = baseLayout('9', 'Figure 9. Benchmark portfolio weights',
    `Occupation weights (${scheme} scheme) summed by sector and by category; occupations coloured by category.`,
    { width: 1000, ...options, height: options.height ?? 100 + plotPx });
  // the plot area is plotPx tall whatever the caption's lines: the figure is the margins plus it
  const m = layout.margin as { t: number; b: number };
  if (options.height === undefined) layout.height = m.t + m.b + plotPx;
  const colourCat = (c: string) => colourOf(c, options.colours, categories, CATEGORY_PALETTE);
  const panel = (i: number): Panel => {
    const n = i === 0 ? '' : String(i + 1);
    const above = panelsPx.slice(0, i).reduce((a, b) => a + b, 0) + i * gapPx;
    const y1 = 1 - above / plotPx, y0 = 1 - (above + panelsPx[i]) / plotPx;
    return { xaxis: `x${n}`, yaxis: `y${n}`, xKey: `xaxis${n}`, yKey: `yaxis${n}`, xDomain: [0, i === 2 ? OCCUPATION_DOMAIN_END : 1], yDomain: [roundDomain(y0), roundDomain(y1)] };
  };
  const pct = (s: Share) => s.pct;
  const name = (s: Share) => wrapLabel(s.name);
  const measure = { label: 'Weight', unit: '%', format: '.2f' };
  const occ = panel(2);
  placePanel(layout, occ, 'By occupation', axis(measure.label, measure.unit), labelAxis('', {
    title: { text: '' }, tickmode: 'array', tickvals: occupationLabels.map((l, i) => rowTops[i] + occupationRowPx(l) / 2), ticktext: occupationLabels,
    range: [panelsPx[2], 0], tickfont: { size: OCCUPATION_FONT }, zeroline: false,
  }));
  const byOccupation = onPanel({
    type: 'bar' as const, orientation: 'h', name: 'By occupation', showlegend: false,
    x: occupations.map((s) => s.pct), y: occupationLabels.map((l, i) => rowTops[i] + occupationRowPx(l) / 2), width: 12,
    marker: { color: occupations.map((s) => colourCat(s.category)) }, customdata: occupations.map((s) => s.name),
    hovertemplate: `%{customdata}<br>${measure.label} %{x:${measure.format}} ${measure.unit}<extra></extra>`,
  }, occ);
  // the occupation panel's own legend: one entry per category, in the category panel's order
  const byCategory = sumBy(rows, (r) => r.category);
  const legendOrder = [...byCategory].sort((a, b) => b.pct - a.pct || (a.name < b.name ? -1 : 1)).map((c) => c.name);
  layout.legend2 = {
    title: { text: 'Category', font: { size: 11 } }, orientation: 'v', xref: 'paper', x: OCCUPATION_DOMAIN_END + 0.03, xanchor: 'left',
    yref: 'paper', y: occ.yDomain[1], yanchor: 'top', font: { size: 10 }, bgcolor: 'rgba(255,255,255,0)', traceorder: 'normal',
  };
  layout.barmode = 'overlay';
  return {
    layout,
    data: [
      rankedBarPanel(layout, panel(0), 'By sector', sectors, pct, name, () => '#7F7F7F', measure),
      rankedBarPanel(layout, panel(1), 'By category', byCategory, pct, name, (s) => colourCat(s.name), measure),
      byOccupation,
      // legend keys only: no point, no hover
      ...legendOrder.map((c) => onPanel({
        type: 'scatter' as const, mode: 'markers', name: c, legend: 'legend2', showlegend: true, x: [null], y: [null],
        marker: { symbol: 'square', size: 10, color: colourCat(c) }, hoverinfo: 'skip',
      }, occ)),
    ],
  };
}
