/**
 * Figure 9 of Joules-to-GDP (Appendix H): the GDP weights of the benchmark portfolio by sector,
 * occupation category and occupation. w_o = sector share x within-sector employment share.
 */
import type { PlotSpec } from './spec.ts';
import { CATEGORY_PALETTE, baseLayout, colourOf, type FigureOptions } from './theme.ts';
import { panelGrid } from './panels.ts';
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

export function figure09(rows: readonly WeightRow[], options: FigureOptions & { scheme?: string } = {}): PlotSpec {
  const scheme = options.scheme ?? 'gdp';
  const layout = baseLayout('9', 'Figure 9. Benchmark portfolio weights',
    `Occupation weights (${scheme} scheme) summed by sector and by category; occupations coloured by category.`,
    { height: Math.max(520, 120 + 16 * rows.length), ...options });
  const categories = [...new Set(rows.map((r) => r.category))];
  const colourCat = (c: string) => colourOf(c, options.colours, categories, CATEGORY_PALETTE);
  const [a, b, c] = panelGrid(3, 3, 0.2);
  const pct = (s: Share) => s.pct;
  const name = (s: Share) => s.name;
  const measure = { label: 'Weight', unit: '%', format: '.2f' };
  return {
    layout,
    data: [
      rankedBarPanel(layout, a, 'By sector', sumBy(rows, (r) => r.sector), pct, name, () => '#7F7F7F', measure),
      rankedBarPanel(layout, b, 'By category', sumBy(rows, (r) => r.category), pct, name, (s) => colourCat(s.name), measure),
      rankedBarPanel(layout, c, 'By occupation', rows.map((r) => ({ name: r.occupation, category: r.category, pct: 100 * r.weight })), pct, name, (s) => colourCat(s.category!), measure),
    ],
  };
}
