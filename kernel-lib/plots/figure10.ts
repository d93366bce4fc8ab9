/**
 * Figure 10 of Joules-to-GDP (Appendix K.2): more runs (pass@k, every attempt charged) and stricter
 * n-run win-tie thresholds (energy of all n runs fixed) both lower NVJ and TSJ. Whiskers: the 95%
 * interval when one is given (task-composition bootstrap).
 */
import type { PlotSpec } from './spec.ts';
import { baseLayout, type FigureOptions } from './theme.ts';
import { panelGrid } from './panels.ts';
import { barPanel, publishedBars } from './bars.ts';
import { figureNote } from './marks.ts';

export interface PolicyRow {
  /** "pass@2", "≥3/4" */
  policy: string;
  kind: 'pass@k' | 'threshold';
  /** USD/MJ */
  nvj: number;
  /** hours/MJ */
  tsj: number;
  nvjLo?: number | null;
  nvjHi?: number | null;
  tsjLo?: number | null;
  tsjHi?: number | null;
}

export function figure10(rows: readonly PolicyRow[], options: FigureOptions = {}): PlotSpec {
  const withIntervals = rows.some((r) => r.nvjLo != null || r.tsjLo != null);
  const layout = baseLayout('10', 'Figure 10. Repeated runs: pass@k and n-run thresholds',
    `Primary AI system, expert-only reference, GDP-weighted. Left: pass@k charges the energy of k runs per task. Right: the energy of all n runs is fixed while the win–tie threshold rises.${withIntervals ? ' Whiskers: percentile 95% task-composition bootstrap intervals.' : ' No intervals given.'}`,
    { height: 640, ...options });
  const passK = rows.filter((r) => r.kind === 'pass@k');
  const thresholds = rows.filter((r) => r.kind === 'threshold');
  const label = (r: PolicyRow) => r.policy;
  const pk = () => '#4E79A7';
  const th = () => '#E15759';
  const [a, b, c, d] = panelGrid(4, 2, 0.12, 0.2);
  const nvj = { label: 'NVJ', unit: 'USD/MJ', format: '.1f' };
  const tsj = { label: 'TSJ', unit: 'hours/MJ', format: '.3f' };
  const nvjErr = { lo: (r: PolicyRow) => r.nvjLo ?? null, hi: (r: PolicyRow) => r.nvjHi ?? null };
  const tsjErr = { lo: (r: PolicyRow) => r.tsjLo ?? null, hi: (r: PolicyRow) => r.tsjHi ?? null };
  const data = [
    barPanel(layout, a, 'NVJ by pass@k', passK, (r) => r.nvj, label, pk, nvj, withIntervals ? nvjErr : undefined),
    barPanel(layout, b, 'NVJ by win–tie threshold', thresholds, (r) => r.nvj, label, th, nvj, withIntervals ? nvjErr : undefined),
    barPanel(layout, c, 'TSJ by pass@k', passK, (r) => r.tsj, label, pk, tsj, withIntervals ? tsjErr : undefined),
    barPanel(layout, d, 'TSJ by win–tie threshold', thresholds, (r) => r.tsj, label, th, tsj, withIntervals ? tsjErr : undefined),
  ];
  const pub = options.published;
  if (pub) {
    // the paper's Tables 19 and 20 beside the reproduced bars (issue #24)
    Object.assign(data[0], { name: withIntervals ? 'reproduced (95% CI)' : 'reproduced', legendgroup: 'reproduced', showlegend: true });
    figureNote(layout, `${withIntervals ? 'Black whiskers: reproduced 95% CI. ' : ''}Hollow bars, grey whiskers: Tables 19 and 20.`);
    data.push(
      publishedBars(a, passK, label, (r) => pub.get(r.policy)?.nvj, nvj, true),
      publishedBars(b, thresholds, label, (r) => pub.get(r.policy)?.nvj, nvj, false),
      publishedBars(c, passK, label, (r) => pub.get(r.policy)?.tsj, tsj, false),
      publishedBars(d, thresholds, label, (r) => pub.get(r.policy)?.tsj, tsj, false),
    );
  }
  return { layout, data };
}
