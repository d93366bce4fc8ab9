/**
 * Figure 11 of Joules-to-GDP (Appendix K.2): time saving from expert assistance and from automation,
 * over the tasks that meet each n-run win-tie threshold against the expert-with-AI reference.
 * Left: GDP-weighted hours, stacked (the two steps add up to expert-only -> AI system). Right: each
 * transition's hours over completion time at its starting reference; these percentages have
 * different denominators and do not add.
 */
import type { PlotSpec, Trace } from './spec.ts';
import { REFERENCE_COLOURS, axis, baseLayout, labelAxis, type FigureOptions } from './theme.ts';
import { onPanel, panelGrid, placePanel } from './panels.ts';

export interface DecompositionRow {
  /** "≥1/4" */
  policy: string;
  /** expert-only -> expert-with-AI, hours */
  assistHours: number;
  /** expert-with-AI -> AI system, hours */
  automationHours: number;
  /** percent of expert-only time */
  assistPct: number;
  /** percent of expert-with-AI time */
  automationPct: number;
  /** expert-only -> AI system, percent of expert-only time */
  totalPct: number;
}

const STEPS = [
  { key: 'assist', name: 'Expert-only → expert-with-AI', colour: REFERENCE_COLOURS.expert_with_ai },
  { key: 'automation', name: 'Expert-with-AI → AI system', colour: REFERENCE_COLOURS.ai_system },
] as const;

export function figure11(rows: readonly DecompositionRow[], options: FigureOptions = {}): PlotSpec {
  const layout = baseLayout('11', 'Figure 11. Where the saved expert time comes from',
    'Primary AI system; tasks meeting each win–tie threshold against the expert-with-AI reference (others contribute zero); GDP-weighted. Percentages use different denominators and should not be added.',
    { height: 460, ...options });
  layout.barmode = 'stack';
  const [a, b] = panelGrid(2, 2);
  const policies = rows.map((r) => r.policy);
  placePanel(layout, a, 'Saved hours', labelAxis('', { title: { text: 'Win–tie threshold (runs)' } }), axis('Time saving', 'hours', { rangemode: 'tozero' }));
  placePanel(layout, b, 'Share of the starting reference time', labelAxis('', { title: { text: 'Win–tie threshold (runs)' } }), axis('Time saving', '%', { rangemode: 'tozero' }));
  const data: Trace[] = [];
  for (const s of STEPS) {
    data.push(onPanel({
      type: 'bar', name: s.name, legendgroup: s.key, x: policies,
      y: rows.map((r) => (s.key === 'assist' ? r.assistHours : r.automationHours)),
      marker: { color: s.colour }, hovertemplate: `${s.name}<br>%{x}: %{y:.3f} hours<extra></extra>`,
    }, a));
  }
  // Right panel: grouped, not stacked. Plotly stacks per axis pair, so offsetgroups keep these apart.
  const pct = [
    { ...STEPS[0], values: rows.map((r) => r.assistPct) },
    { ...STEPS[1], values: rows.map((r) => r.automationPct) },
    { key: 'total', name: 'Expert-only → AI system', colour: REFERENCE_COLOURS.expert_only, values: rows.map((r) => r.totalPct) },
  ];
  pct.forEach((s, i) => {
    data.push(onPanel({
      type: 'bar', name: s.name, legendgroup: s.key, showlegend: s.key === 'total', x: policies, y: s.values,
      offsetgroup: String(i), base: 0, marker: { color: s.colour }, hovertemplate: `${s.name}<br>%{x}: %{y:.1f}%<extra></extra>`,
    }, b));
  });
  return { data, layout };
}
