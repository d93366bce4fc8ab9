/**
 * Figure 1(c) and 1(d) of Joules-to-GDP: (c) category returns, NVJ and TSJ ranked separately (the
 * leaders differ); (d) more valuable output can require more energy: unweighted total output value
 * against total energy per AI system, log scales, with the efficient frontier.
 */
import type { PlotSpec, Trace } from './spec.ts';
import { CATEGORY_PALETTE, baseLayout, colourOf, systemStyler, type FigureOptions } from './theme.ts';
import { panelGrid } from './panels.ts';
import { frontierPanel, rankedBarPanel } from './bars.ts';

export interface CategoryReturnRow {
  category: string;
  /** USD/MJ */
  nvj: number;
  /** hours/MJ */
  tsj: number;
}

/** Figure 1(c): NVJ and TSJ by category, each ranked. */
export function figure01c(rows: readonly CategoryReturnRow[], options: FigureOptions = {}): PlotSpec {
  const layout = baseLayout('1c', 'Figure 1(c). Returns per joule by occupation category',
    'GDP-weighted category averages, attempt 1, expert-only reference; each panel ranked on its own.', options);
  const keys = rows.map((r) => r.category);
  const colour = (r: CategoryReturnRow) => colourOf(r.category, options.colours, keys, CATEGORY_PALETTE);
  const [a, b] = panelGrid(2, 2, 0.28);
  const data: Trace[] = [
    rankedBarPanel(layout, a, 'Net value per joule', rows, (r) => r.nvj, (r) => r.category, colour, { label: 'NVJ', unit: 'USD/MJ', format: '.1f' }),
    rankedBarPanel(layout, b, 'Time saving per joule', rows, (r) => r.tsj, (r) => r.category, colour, { label: 'TSJ', unit: 'hours/MJ', format: '.3f' }),
  ];
  return { data, layout };
}

export interface SystemTotalsRow {
  system: string;
  label: string;
  /** unweighted total over the evaluated tasks, MJ */
  energyMJ: number;
  /** unweighted total output value G, USD */
  valueUSD: number;
  /** unweighted total time saving S, hours */
  timeSavingHours: number;
}

/** Figure 1(d): the value-energy frontier over AI systems, unweighted totals on log scales. */
export function figure01d(rows: readonly SystemTotalsRow[], options: FigureOptions = {}): PlotSpec {
  const layout = baseLayout('1d', 'Figure 1(d). Output value against energy',
    'Unweighted totals over the evaluated tasks, attempt 1, expert-only reference; filled markers lie on the efficient frontier (dotted).', options);
  const keys = rows.map((r) => r.system);
  const [p] = panelGrid(1);
  const style = systemStyler(options, keys);
  const data = frontierPanel(layout, p, 'Value-energy frontier',
    rows.map((r) => ({ id: r.system, label: r.label, energyMJ: r.energyMJ, benefit: r.valueUSD })),
    (id) => style(id).colour, { label: 'Total output value', unit: 'USD' }, 'MJ', (id) => style(id).symbol);
  return { data, layout };
}
