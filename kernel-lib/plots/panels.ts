/**
 * Small multiples without Plotly's subplot machinery: panel i gets its own x and y axis (`x`, `x2`,
 * ...), placed on a grid of `columns` columns by axis domains, with a panel title above it.
 */
import type { Axis, Layout, Trace } from './spec.ts';

export interface Panel {
  /** trace-side axis ids: 'x', 'x2', ... */
  xaxis: string;
  yaxis: string;
  /** layout-side keys: 'xaxis', 'xaxis2', ... */
  xKey: string;
  yKey: string;
  xDomain: [number, number];
  yDomain: [number, number];
}

export function panelGrid(count: number, columns = count, gapX = 0.1, gapY = 0.16): Panel[] {
  const rows = Math.ceil(count / columns);
  const w = (1 - gapX * (columns - 1)) / columns;
  const h = (1 - gapY * (rows - 1)) / rows;
  return Array.from({ length: count }, (_, i) => {
    const c = i % columns;
    const r = Math.floor(i / columns);
    const n = i === 0 ? '' : String(i + 1);
    const x0 = c * (w + gapX);
    const y1 = 1 - r * (h + gapY);
    return {
      xaxis: `x${n}`, yaxis: `y${n}`, xKey: `xaxis${n}`, yKey: `yaxis${n}`,
      xDomain: [roundDomain(x0), roundDomain(x0 + w)], yDomain: [roundDomain(y1 - h), roundDomain(y1)],
    };
  });
}

/** A domain bound rounded to 1e-6 (stable snapshots), never -0. */
export function roundDomain(v: number): number {
  return Math.round(v * 1e6) / 1e6 || 0;
}

/** Put `x` and `y` axes on a panel (domains and anchors), and a title above it. */
export function placePanel(layout: Layout, panel: Panel, title: string, x: Axis, y: Axis): void {
  layout[panel.xKey] = { ...x, domain: panel.xDomain, anchor: panel.yaxis };
  layout[panel.yKey] = { ...y, domain: panel.yDomain, anchor: panel.xaxis };
  if (title) {
    layout.annotations = [...(layout.annotations ?? []), {
      text: `<b>${title}</b>`, showarrow: false, xref: 'paper', yref: 'paper',
      x: panel.xDomain[0], y: panel.yDomain[1], xanchor: 'left', yanchor: 'bottom', yshift: 4,
      font: { size: 12 }, name: 'panel-title',
    }];
  }
}

/** Attach a trace to a panel's axes. */
export function onPanel<T extends Trace>(trace: T, panel: Panel): T {
  return { ...trace, xaxis: panel.xaxis, yaxis: panel.yaxis };
}
