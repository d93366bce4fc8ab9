/**
 * Figure 3 of Joules-to-GDP: occupation-category rankings by win-tie rate, win-tie rate per MJ, NVJ
 * and TSJ, and, without energy, net value per task (G - C, USD) and time saving per task (S, hours).
 * Energy changes the rankings: compare each bar's position across the panels (Section 3.1: a
 * category can lead net value per task and trail in NVJ, or be second in time saving per task and
 * sixth in TSJ).
 */
import type { PlotSpec } from './spec.ts';
import { CATEGORY_PALETTE, baseLayout, colourOf, type FigureOptions } from './theme.ts';
import { panelGrid } from './panels.ts';
import { publishedRankedBars, rankedBarPanel } from './bars.ts';
import { figureNote } from './marks.ts';
import type { Trace } from './spec.ts';

export interface CategoryRankingRow {
  category: string;
  /** win-tie rate, percent */
  winTiePct: number;
  /** win-tie rate per MJ, percent per MJ */
  winTiePctPerMJ: number;
  /** USD/MJ */
  nvj: number;
  /** hours/MJ */
  tsj: number;
  /** net value per task G - C, USD (GDP-weighted category average) */
  netValueUSD: number;
  /** time saving per task S, hours (GDP-weighted category average) */
  timeSavingHours: number;
}

export function figure03(rows: readonly CategoryRankingRow[], options: FigureOptions = {}): PlotSpec {
  const layout = baseLayout('3', 'Figure 3. Category rankings with and without energy',
    'GDP-weighted category averages (category-normalised occupation weights), attempt 1, expert-only reference.',
    { height: 1080, ...options });
  const keys = rows.map((r) => r.category);
  const colour = (r: CategoryRankingRow) => colourOf(r.category, options.colours, keys, CATEGORY_PALETTE);
  const label = (r: CategoryRankingRow) => r.category;
  const [a, b, c, d, e, f] = panelGrid(6, 2, 0.3, 0.1);
  const winTie = { label: 'Win–tie rate', unit: '%', format: '.1f' };
  const saving = { label: 'Time saving per task', unit: 'hours', format: '.3f' };
  // panels placed in order a..f (each adds its title annotation)
  const data: Trace[] = [
    rankedBarPanel(layout, a, 'Win–tie rate', rows, (r) => r.winTiePct, label, colour, winTie),
    rankedBarPanel(layout, b, 'Win–tie rate per MJ', rows, (r) => r.winTiePctPerMJ, label, colour, { label: 'Win–tie rate per MJ', unit: '%/MJ', format: '.1f' }),
    rankedBarPanel(layout, c, 'Net value per joule', rows, (r) => r.nvj, label, colour, { label: 'NVJ', unit: 'USD/MJ', format: '.1f' }),
    rankedBarPanel(layout, d, 'Time saving per joule', rows, (r) => r.tsj, label, colour, { label: 'TSJ', unit: 'hours/MJ', format: '.3f' }),
    rankedBarPanel(layout, e, 'Net value per task', rows, (r) => r.netValueUSD, label, colour, { label: 'Net value per task', unit: 'USD', format: '.2f' }),
    rankedBarPanel(layout, f, 'Time saving per task', rows, (r) => r.timeSavingHours, label, colour, saving),
  ];
  const winTieBars = data[0];
  // the paper's Table 13 win–tie rate and time saving S per category beside the reproduced bars, when
  // given (issue #24: every figure with a published counterpart draws it); Table 13 prints no NVJ or TSJ
  const pub = options.published;
  if (pub && rows.some((r) => pub.get(r.category)?.winTiePct)) {
    Object.assign(winTieBars, { name: 'reproduced', legendgroup: 'reproduced', showlegend: true });
    data.push(
      publishedRankedBars(a, rows, label, (r) => pub.get(r.category)?.winTiePct, winTie, true),
      publishedRankedBars(f, rows, label, (r) => pub.get(r.category)?.timeSavingHours, saving, false),
    );
    figureNote(layout, 'Hollow bars: Table 13 (win–tie rate, time saving per task).');
  }
  return { layout, data };
}
