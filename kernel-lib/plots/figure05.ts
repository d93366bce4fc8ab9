/**
 * Figure 5 of Joules-to-GDP: model rankings by GDP-weighted NVJ and TSJ, and the unweighted
 * value-energy and time-energy frontiers. A high return per joule can come from a model that
 * delivers little total work; the frontiers show that trade.
 */
import type { PlotSpec } from './spec.ts';
import { baseLayout, systemStyler, type FigureOptions } from './theme.ts';
import { panelGrid } from './panels.ts';
import { frontierPanel, publishedRankedBars, rankedBarPanel } from './bars.ts';
import { figureNote } from './marks.ts';
import type { Trace } from './spec.ts';
import type { SystemTotalsRow } from './figure01.ts';

export interface SystemReturnRow extends SystemTotalsRow {
  /** GDP-weighted, USD/MJ */
  nvj: number;
  /** GDP-weighted, hours/MJ */
  tsj: number;
}

export function figure05(rows: readonly SystemReturnRow[], options: FigureOptions = {}): PlotSpec {
  const layout = baseLayout('5', 'Figure 5. Models: returns per joule and efficient frontiers',
    'Top: GDP-weighted NVJ and TSJ, attempt 1, expert-only reference. Bottom: unweighted totals over the evaluated tasks on log scales; filled markers lie on the efficient frontier (dotted).',
    { height: 760, ...options });
  const keys = rows.map((r) => r.system);
  const style = systemStyler(options, keys);
  const colourId = (id: string) => style(id).colour;
  const symbolId = (id: string) => style(id).symbol;
  const pattern = (r: SystemReturnRow) => style(r.system).pattern;
  const colour = (r: SystemReturnRow) => colourId(r.system);
  const label = (r: SystemReturnRow) => r.label;
  const [a, b, c, d] = panelGrid(4, 2, 0.22, 0.2);
  const nvjMeasure = { label: 'NVJ', unit: 'USD/MJ', format: '.1f' };
  const nvjBars = rankedBarPanel(layout, a, 'Net value per joule', rows, (r) => r.nvj, label, colour, nvjMeasure, pattern);
  const data: Trace[] = [
    nvjBars,
    rankedBarPanel(layout, b, 'Time saving per joule', rows, (r) => r.tsj, label, colour, { label: 'TSJ', unit: 'hours/MJ', format: '.3f' }, pattern),
    ...frontierPanel(layout, c, 'Value-energy frontier', rows.map((r) => ({ id: r.system, label: r.label, energyMJ: r.energyMJ, benefit: r.valueUSD })), colourId, { label: 'Total output value', unit: 'USD' }, 'MJ', symbolId),
    ...frontierPanel(layout, d, 'Time-energy frontier', rows.map((r) => ({ id: r.system, label: r.label, energyMJ: r.energyMJ, benefit: r.timeSavingHours })), colourId, { label: 'Total time saving', unit: 'hours' }, 'MJ', symbolId),
  ];
  // the paper's Table 1 NVJ of each model beside the reproduced bar, when given (issue #24: every
  // figure with a published counterpart draws it); Table 1 prints no TSJ, so the TSJ panel has none
  const pub = options.published;
  if (pub && rows.some((r) => pub.get(r.label)?.nvj)) {
    Object.assign(nvjBars, { name: 'reproduced', legendgroup: 'reproduced', showlegend: true });
    data.push(publishedRankedBars(a, rows, label, (r) => pub.get(r.label)?.nvj, nvjMeasure, true));
    figureNote(layout, 'Hollow bars: Table 1 (NVJ).');
  }
  return { layout, data };
}
