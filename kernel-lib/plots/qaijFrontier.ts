/**
 * The energy-service frontier of a QAIJ report with its uncertainty (QAIJ "Energy-quality frontier";
 * issue 7): each system at (expected energy per attempt, expected service per attempt) with percentile
 * 95% bootstrap whiskers on both axes; frontier systems filled and joined by a dotted line, systems
 * whose bootstrap region is dominated drawn hollow, and `uncertain` ones (dominated by the point
 * estimate but not by the regions) hollow with a dashed outline colour.
 */
import type { SevenPartReport } from '../qaij/sevenPartReport.ts';
import type { PlotSpec, Trace } from './spec.ts';
import { axis, baseLayout, systemStyler, type FigureOptions } from './theme.ts';

const MJ = 1e6;

export function qaijFrontierFigure(report: SevenPartReport, options: FigureOptions = {}): PlotSpec {
  const layout = baseLayout('qaij-frontier', 'Energy-service frontier (QAIJ)',
    'Expected service (share of attempts judged win or tie) against expected energy per attempt, unweighted over attempts; whiskers are percentile 95% task bootstrap intervals. Filled: on the frontier; hollow: dominated (robustly, or only at the point estimate when marked uncertain).',
    { height: 520, ...options });
  layout.xaxis = axis('Expected energy per attempt', 'MJ', { type: 'log' });
  layout.yaxis = axis('Expected service per attempt', 'win-or-tie share', { rangemode: 'tozero' });
  const ids = Object.keys(report.systems);
  const style = systemStyler(options, ids);
  const data: Trace[] = ids.map((id) => {
    const s = report.systems[id].unweighted;
    const x = s.estimate.energyMeanJ / MJ, y = s.estimate.serviceMean;
    const status = report.frontier.robust[id];
    const { colour, symbol } = style(id);
    // the first sixteen systems' circles as before (uncertain: an open diamond); past them the system's own symbol, open with a dot when uncertain
    const uncertain = symbol === 'circle' ? 'diamond-open' : `${symbol}-open-dot`;
    return {
      type: 'scatter', mode: 'markers', name: `${id} (${status})`,
      x: [x], y: [y],
      error_x: s.energyMeanJ ? { type: 'data', symmetric: false, array: [s.energyMeanJ.upper / MJ - x], arrayminus: [x - s.energyMeanJ.lower / MJ], color: colour, thickness: 1 } : undefined,
      error_y: s.serviceMean ? { type: 'data', symmetric: false, array: [s.serviceMean.upper - y], arrayminus: [y - s.serviceMean.lower], color: colour, thickness: 1 } : undefined,
      marker: { color: status === 'frontier' ? colour : '#FFFFFF', size: 11, line: { color: colour, width: 2 }, symbol: status === 'uncertain' ? uncertain : symbol },
      hovertemplate: `${id}<br>%{x:.3f} MJ per attempt<br>service %{y:.3f}<extra></extra>`,
    } as Trace;
  });
  const front = report.frontier.frontier
    .map((id) => report.systems[id].unweighted.estimate)
    .map((e) => ({ x: e.energyMeanJ / MJ, y: e.serviceMean }))
    .sort((a, b) => a.x - b.x);
  if (front.length > 1) {
    data.push({ type: 'scatter', mode: 'lines', name: 'frontier', x: front.map((p) => p.x), y: front.map((p) => p.y), line: { color: '#555555', dash: 'dot', width: 1 }, hoverinfo: 'skip', showlegend: false } as Trace);
  }
  return { layout, data };
}
