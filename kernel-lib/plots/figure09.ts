/**
 * Figure 9 of Joules-to-GDP (Appendix H): the GDP weights of the benchmark portfolio by sector,
 * occupation category and occupation. w_o = sector share x within-sector employment share.
 */
import type { PlotSpec } from './spec.ts';
import { CATEGORY_PALETTE, baseLayout, colourOf, wrapText, type FigureOptions } from './theme.ts';
import { roundDomain, type Panel } from './panels.ts';
import { rankedBarPanel } from './bars.ts';

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

export function figure09(rows: readonly WeightRow[], options: FigureOptions & { scheme: string }): PlotSpec {
  const scheme = options.scheme;
  // Sectors, categories and occupations stacked, each across the full width with its labels on the
  // left, wrapped to two lines at most: no panel's labels can run into another panel, and the left
  // margin stays narrow enough for the caption under the plot.
  const sectors = sumBy(rows, (r) => r.sector);
  const categories = [...new Set(rows.map((r) => r.category))];
  const lines = (names: string[]) => Math.max(1, ...names.map((n) => wrapLabel(n).split('<br>').length));
  const rowPx = (names: string[]) => (lines(names) === 1 ? 18 : 4 + 15 * lines(names));
  const gapPx = 90;
  const panelsPx = [
    40 + rowPx(sectors.map((x) => x.name)) * sectors.length,
    40 + rowPx(categories) * categories.length,
    40 + rowPx(rows.map((r) => r.occupation)) * rows.length,
  ];
  const plotPx = panelsPx.reduce((a, b) => a + b, 0) + 2 * gapPx;
  const height = options.height ?? 100 + 130 + plotPx;
  const layout = baseLayout('9', 'Figure 9. Benchmark portfolio weights',
    `Occupation weights (${scheme} scheme) summed by sector and by category; occupations coloured by category.`,
    { width: 1000, ...options, height });
  const colourCat = (c: string) => colourOf(c, options.colours, categories, CATEGORY_PALETTE);
  const panel = (i: number): Panel => {
    const n = i === 0 ? '' : String(i + 1);
    const above = panelsPx.slice(0, i).reduce((a, b) => a + b, 0) + i * gapPx;
    const y1 = 1 - above / plotPx, y0 = 1 - (above + panelsPx[i]) / plotPx;
    return { xaxis: `x${n}`, yaxis: `y${n}`, xKey: `xaxis${n}`, yKey: `yaxis${n}`, xDomain: [0, 1], yDomain: [roundDomain(y0), roundDomain(y1)] };
  };
  const pct = (s: Share) => s.pct;
  const name = (s: Share) => wrapLabel(s.name);
  const measure = { label: 'Weight', unit: '%', format: '.2f' };
  return {
    layout,
    data: [
      rankedBarPanel(layout, panel(0), 'By sector', sectors, pct, name, () => '#7F7F7F', measure),
      rankedBarPanel(layout, panel(1), 'By category', sumBy(rows, (r) => r.category), pct, name, (s) => colourCat(s.name), measure),
      rankedBarPanel(layout, panel(2), 'By occupation', rows.map((r) => ({ name: r.occupation, category: r.category, pct: 100 * r.weight })), pct, name, (s) => colourCat(s.category!), measure),
    ],
  };
}
