/**
 * Figure 12 of Joules-to-GDP (Appendix L): model outcomes, the share of attempt-1 outputs judged a
 * win, a tie or a loss against the expert-only reference.
 */
import type { PlotSpec, Trace } from './spec.ts';
import { OUTCOME_COLOURS, axis, baseLayout, labelAxis, type FigureOptions } from './theme.ts';
import { onPanel, panelGrid, placePanel } from './panels.ts';

export interface OutcomeRow {
  system: string;
  label: string;
  /** percent of judged tasks; the three add to 100 */
  winPct: number;
  tiePct: number;
  lossPct: number;
  /** judged tasks */
  tasks: number;
}

export function figure12(rows: readonly OutcomeRow[], options: FigureOptions = {}): PlotSpec {
  const layout = baseLayout('12', 'Figure 12. Model outcomes',
    'Share of attempt-1 outputs judged a win, tie or loss against the expert-only reference by the primary judge (unweighted over tasks).',
    { height: Math.max(360, 180 + 40 * rows.length), ...options });
  layout.barmode = 'stack';
  // Plotly lists stacked traces in reverse by default; keep the legend in the bars' order (win, tie, loss, left to right)
  layout.legend = { ...(layout.legend as object), traceorder: 'normal' };
  const [p] = panelGrid(1);
  const ordered = [...rows].sort((a, b) => b.winPct + b.tiePct - (a.winPct + a.tiePct) || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const labels = ordered.map((r) => r.label);
  placePanel(layout, p, '', axis('Share of tasks', '%', { range: [0, 100] }), labelAxis('', { categoryorder: 'array', categoryarray: [...labels].reverse(), title: { text: '' } }));
  const data: Trace[] = (['win', 'tie', 'loss'] as const).map((k) => onPanel({
    type: 'bar', orientation: 'h', name: k[0].toUpperCase() + k.slice(1), y: labels,
    x: ordered.map((r) => r[`${k}Pct`]), customdata: ordered.map((r) => r.tasks),
    marker: { color: OUTCOME_COLOURS[k] }, hovertemplate: `%{y}<br>${k} %{x:.1f}% of %{customdata} tasks<extra></extra>`,
  }, p));
  return { data, layout };
}
