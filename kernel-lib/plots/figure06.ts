/**
 * Figure 6 of Joules-to-GDP: one model on different accelerator types. Architecture, memory
 * bandwidth and power draw change inference time and energy, and hence NVJ and TSJ.
 */
import type { PlotSpec } from './spec.ts';
import { baseLayout, systemStyler, wrapText, type FigureOptions } from './theme.ts';
import { panelGrid } from './panels.ts';
import { barPanel } from './bars.ts';

export interface DeploymentRow {
  system: string;
  /** what distinguishes the deployment, "1× H100" */
  label: string;
  /** USD/MJ */
  nvj: number;
  /** hours/MJ */
  tsj: number;
}

export function figure06(rows: readonly DeploymentRow[], options: FigureOptions & { model?: string } = {}): PlotSpec {
  const layout = baseLayout('6', `Figure 6. Accelerator types${options.model ? `: ${options.model}` : ''}`,
    'Same model, harness, reference and judge on each accelerator; GDP-weighted, attempt 1, expert-only reference.',
    { height: 420, ...options });
  const keys = rows.map((r) => r.system);
  const style = systemStyler(options, keys);
  const colour = (r: DeploymentRow) => style(r.system).colour;
  const pattern = (r: DeploymentRow) => style(r.system).pattern;
  const [a, b] = panelGrid(2, 2);
  // Deployment names ("1× AMD Instinct MI350X") are wrapped onto short lines and kept horizontal:
  // rotated, they ran into the caption and off the right edge.
  const label = (r: DeploymentRow) => wrapText(r.label, 12);
  const data = [
    barPanel(layout, a, 'Net value per joule', rows, (r) => r.nvj, label, colour, { label: 'NVJ', unit: 'USD/MJ', format: '.1f' }, undefined, pattern),
    barPanel(layout, b, 'Time saving per joule', rows, (r) => r.tsj, label, colour, { label: 'TSJ', unit: 'hours/MJ', format: '.3f' }, undefined, pattern),
  ];
  for (const k of [a.xKey, b.xKey]) layout[k] = { ...(layout[k] as object), tickangle: 0 };
  return { layout, data };
}
