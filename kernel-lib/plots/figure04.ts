/**
 * Figure 4 of Joules-to-GDP: the expert-only against the expert-with-AI reference. The assisted
 * expert is harder to beat and takes less time, so win-tie rate, NVJ and TSJ all fall.
 */
import type { PlotSpec } from './spec.ts';
import { REFERENCE_COLOURS, baseLayout, type FigureOptions } from './theme.ts';
import { panelGrid } from './panels.ts';
import { barPanel, publishedBars } from './bars.ts';
import type { Trace } from './spec.ts';
import { figureNote } from './marks.ts';

export type ReferenceName = 'expert_only' | 'expert_with_ai';

export interface ReferenceRow {
  /** judged against, and timed at, this reference */
  reference: ReferenceName;
  /** percent */
  winTiePct: number;
  /** USD/MJ */
  nvj: number;
  /** hours/MJ */
  tsj: number;
  /** Table 17's percentile 95% interval bounds (null or absent: no whisker) */
  nvjLo?: number | null;
  nvjHi?: number | null;
  tsjLo?: number | null;
  tsjHi?: number | null;
}

export const REFERENCE_LABELS: Record<string, string> = {
  expert_only: 'Expert-only',
  expert_with_ai: 'Expert-with-AI',
  ai_system: 'AI system',
};

export function figure04(rows: readonly ReferenceRow[], options: FigureOptions = {}): PlotSpec {
  const layout = baseLayout('4', 'Figure 4. Expert-only against expert-with-AI reference',
    'Primary AI system, attempt 1, GDP-weighted; judgments and expert completion times both from the named reference (Table 17 diagonal).',
    { height: 420, ...options });
  const label = (r: ReferenceRow) => REFERENCE_LABELS[r.reference];
  const colour = (r: ReferenceRow) => options.colours?.[r.reference] ?? REFERENCE_COLOURS[r.reference];
  const [a, b, c] = panelGrid(3, 3);
  const withIntervals = rows.some((r) => r.nvjLo != null || r.tsjLo != null);
  const pub = options.published;
  // the whiskers are the reproduction's intervals, never labelled as the table they do not show;
  // the paper's Table 17 values and intervals are the hollow bars beside them when given (issue #24)
  // (beside the legend a short note: the legend already says which bars are reproduced and published)
  if (pub) figureNote(layout, `${withIntervals ? 'Black whiskers: reproduced 95% CI. ' : ''}Hollow bars, grey whiskers: Table 17.`);
  else if (withIntervals) figureNote(layout, 'Whiskers: reproduced, percentile 95% task-composition bootstrap intervals.');
  const nvjMeasure = { label: 'NVJ', unit: 'USD/MJ', format: '.1f' };
  const tsjMeasure = { label: 'TSJ', unit: 'hours/MJ', format: '.3f' };
  const winTie = barPanel(layout, a, 'Win–tie rate', rows, (r) => r.winTiePct, label, colour, { label: 'Win–tie rate', unit: '%', format: '.1f' });
  const nvjBars = barPanel(layout, b, 'Net value per joule', rows, (r) => r.nvj, label, colour, nvjMeasure,
    withIntervals ? { lo: (r) => r.nvjLo ?? null, hi: (r) => r.nvjHi ?? null } : undefined);
  const tsjBars = barPanel(layout, c, 'Time saving per joule', rows, (r) => r.tsj, label, colour, tsjMeasure,
    withIntervals ? { lo: (r) => r.tsjLo ?? null, hi: (r) => r.tsjHi ?? null } : undefined);
  const data: Trace[] = [winTie, nvjBars, tsjBars];
  if (pub) {
    Object.assign(nvjBars, { name: withIntervals ? 'reproduced (95% CI)' : 'reproduced', legendgroup: 'reproduced', showlegend: true });
    data.push(
      publishedBars(b, rows, label, (r) => pub.get(label(r))?.nvj, nvjMeasure, true),
      publishedBars(c, rows, label, (r) => pub.get(label(r))?.tsj, tsjMeasure, false),
    );
  }
  return { layout, data };
}
