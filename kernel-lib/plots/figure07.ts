/**
 * Figure 7 of Joules-to-GDP: one against eight accelerators of the same type. More accelerators
 * finish sooner (more per AI hour) but draw more energy (less per joule).
 */
import type { PlotSpec } from './spec.ts';
import { baseLayout, systemStyler, type FigureOptions } from './theme.ts';
import { panelGrid } from './panels.ts';
import { barPanel } from './bars.ts';
import type { DeploymentRow } from './figure06.ts';

export interface ScaleRow extends DeploymentRow {
  /** net value per AI hour, USD/hour; null when the AI time is zero */
  nvPerAIHour: number | null;
  /** time saving per AI hour, hours/hour; null when the AI time is zero */
  tsPerAIHour: number | null;
}

export function figure07(rows: readonly ScaleRow[], options: FigureOptions & { model?: string } = {}): PlotSpec {
  const layout = baseLayout('7', `Figure 7. Accelerator count${options.model ? `: ${options.model}` : ''}`,
    'Per megajoule (left) and per AI hour (right); GDP-weighted, attempt 1, expert-only reference.',
    { height: 740, ...options });
  const keys = rows.map((r) => r.system);
  const style = systemStyler(options, keys);
  const colour = (r: ScaleRow) => style(r.system).colour;
  const pattern = (r: ScaleRow) => style(r.system).pattern;
  const label = (r: ScaleRow) => r.label;
  // the right-hand axis titles say "per AI hour" in their unit: as "Net value per AI hour (USD/hour)"
  // they were taller than their panels and rose above them (issue #24)
  const [a, b, c, d] = panelGrid(4, 2, 0.12, 0.2);
  return {
    layout,
    data: [
      barPanel(layout, a, 'Net value per joule', rows, (r) => r.nvj, label, colour, { label: 'NVJ', unit: 'USD/MJ', format: '.1f' }, undefined, pattern),
      barPanel(layout, b, 'Net value per AI hour', rows, (r) => r.nvPerAIHour, label, colour, { label: 'Net value', unit: 'USD/AI hour', format: '.1f' }, undefined, pattern),
      barPanel(layout, c, 'Time saving per joule', rows, (r) => r.tsj, label, colour, { label: 'TSJ', unit: 'hours/MJ', format: '.3f' }, undefined, pattern),
      barPanel(layout, d, 'Time saving per AI hour', rows, (r) => r.tsPerAIHour, label, colour, { label: 'Time saving', unit: 'hours/AI hour', format: '.2f' }, undefined, pattern),
    ],
  };
}
