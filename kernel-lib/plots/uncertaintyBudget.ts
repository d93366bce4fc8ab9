/**
 * The uncertainty budget as a figure (issue #26, part 2): for each row (a Table 1 system or a Table 13
 * category), the width of its percentile 95% interval with tasks only, with each other source added
 * alone (attempts, grading, meter), and with all of them, as grouped horizontal bars. Data plus
 * options, a plain Plotly specification (plots/spec.ts).
 */
import type { PlotSpec, Trace } from './spec.ts';
import { OKABE_ITO, axis, baseLayout, labelAxis, type FigureOptions } from './theme.ts';

export interface BudgetBarRow {
  row: string;
  /** interval widths in the metric's unit */
  width: { tasks: number; attempts: number; grading: number; meter: number; all: number };
}

const SERIES = [
  ['tasks', 'tasks only (the published intervals)', OKABE_ITO.black],
  ['attempts', '+ attempts', OKABE_ITO.blue],
  ['grading', '+ grading', OKABE_ITO.orange],
  ['meter', '+ meter', OKABE_ITO.green],
  ['all', 'all sources', OKABE_ITO.vermillion],
] as const;

export function uncertaintyBudgetFigure(rows: readonly BudgetBarRow[], options: FigureOptions & { metric?: { label: string; unit: string } } = {}): PlotSpec {
  const metric = options.metric ?? { label: 'NVJ', unit: 'USD/MJ' };
  const layout = baseLayout('uncertainty-budget', `Uncertainty budget: width of the 95% interval of ${metric.label}`,
    `Width of each row's percentile 95% bootstrap interval of ${metric.label} with tasks resampled only (the paper's intervals), with one more source added `
    + '(attempts: which recorded attempts are the runs; grading: which judge credits each task; meter: relative error per run and calibration bias per system), and with all of them; every bar resamples the same tasks.',
    { height: Math.max(420, 200 + 60 * rows.length), ...options });
  layout.barmode = 'group';
  layout.legend = { ...(layout.legend as object), traceorder: 'normal' };
  const labels = rows.map((r) => r.row);
  layout.xaxis = axis(`Width of the 95% interval of ${metric.label}`, metric.unit, { rangemode: 'tozero' });
  layout.yaxis = labelAxis('', { categoryorder: 'array', categoryarray: [...labels].reverse(), title: { text: '' } });
  const data: Trace[] = SERIES.map(([key, name, colour]) => ({
    type: 'bar', orientation: 'h', name, y: labels, x: rows.map((r) => r.width[key]), marker: { color: colour },
    hovertemplate: `%{y}<br>${name}: %{x:.4g} ${metric.unit}<extra></extra>`,
  }));
  return { data, layout };
}
