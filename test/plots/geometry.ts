/**
 * Where a figure's text lands, estimated from its spec alone (no browser): the oracle of
 * test/plots/readerLayout.test.ts. Glyph widths measured on the project's PNGs (Plotly's default
 * sans-serif in Debian Chromium): a 120-character caption line at 10 px spans 653 px (0.545 of the
 * font size a character), a bold 12 px panel title of 41 characters 280 px (0.57); so 0.55 regular and
 * 0.6 bold, a line 1.25 font sizes tall. The left margin is the spec's or, when a panel at the left
 * edge names its categories on the y axis, what Plotly's automargin grows it to for its longest label.
 */
import type { PlotSpec } from '../../kernel-lib/plots/spec.ts';

type Rec = Record<string, unknown>;
export interface Box { x0: number; x1: number; y0: number; y1: number }

const plain = (s: string) => s.replace(/<[^>]+>/g, '');

/** A text's box size in px: its longest `<br>` line at `size`, bold when wrapped in <b>. */
export function textSize(text: string, size: number): { w: number; h: number } {
  const lines = text.split(/<br\s*\/?>/i);
  const glyph = /<b>/.test(text) ? 0.6 : 0.55;
  return { w: Math.max(...lines.map((l) => plain(l).length)) * size * glyph, h: lines.length * size * 1.25 };
}

/** The figure's size and margins, the left one grown for the longest category label of a left-edge y axis. */
export function frame(spec: PlotSpec): { width: number; height: number; l: number; r: number; t: number; b: number; plotW: number; plotH: number } {
  const layout = spec.layout as Rec;
  const width = (layout.width as number | undefined) ?? 900, height = (layout.height as number | undefined) ?? 480;
  const m = { l: 80, r: 80, t: 100, b: 80, ...(layout.margin as Rec | undefined) } as { l: number; r: number; t: number; b: number };
  let l = m.l;
  for (const t of spec.data) {
    if (t.orientation !== 'h') continue;
    const xKey = `xaxis${String(t.xaxis ?? 'x').slice(1)}`, yKey = `yaxis${String(t.yaxis ?? 'y').slice(1)}`;
    const dom = ((layout[xKey] as Rec | undefined)?.domain as number[] | undefined) ?? [0, 1];
    if (dom[0] !== 0) continue;
    const yAxis = (layout[yKey] as Rec | undefined) ?? {};
    const font = ((yAxis.tickfont as Rec | undefined)?.size as number | undefined) ?? 12;
    // the axis's tick texts when it has them (positions on a numeric axis), else the bars' category names
    const names = (yAxis.ticktext as string[] | undefined) ?? t.y ?? [];
    const longest = Math.max(0, ...names.map((v) => textSize(String(v), font).w));
    l = Math.max(l, longest + 12);
  }
  return { width, height, l, r: m.r, t: m.t, b: m.b, plotW: width - l - m.r, plotH: height - m.t - m.b };
}

/** The box of a paper-referenced annotation, px from the figure's top-left; null for one on a data axis. */
export function annotationBox(spec: PlotSpec, a: Rec): Box | null {
  if ((a.xref ?? 'paper') !== 'paper' || (a.yref ?? 'paper') !== 'paper') return null;
  const f = frame(spec);
  const size = ((a.font as Rec | undefined)?.size as number | undefined) ?? 12;
  const pad = ((a.borderpad as number | undefined) ?? 1) + ((a.borderwidth as number | undefined) ?? 0);
  const { w, h } = textSize(String(a.text), size);
  const x = f.l + Number(a.x) * f.plotW + ((a.xshift as number | undefined) ?? 0);
  const y = f.t + (1 - Number(a.y)) * f.plotH - ((a.yshift as number | undefined) ?? 0);
  const x0 = a.xanchor === 'left' ? x : a.xanchor === 'right' ? x - w : x - w / 2;
  const y0 = a.yanchor === 'top' ? y : a.yanchor === 'bottom' ? y - h : y - h / 2;
  return { x0: x0 - pad, x1: x0 + w + pad, y0: y0 - pad, y1: y0 + h + pad };
}

/** The pixel box of a panel's plot area (its axes' domains). */
export function panelBox(spec: PlotSpec, xKey: string, yKey: string): Box {
  const f = frame(spec);
  const xd = ((spec.layout[xKey] as Rec).domain as number[] | undefined) ?? [0, 1];
  const yd = ((spec.layout[yKey] as Rec).domain as number[] | undefined) ?? [0, 1];
  return { x0: f.l + xd[0] * f.plotW, x1: f.l + xd[1] * f.plotW, y0: f.t + (1 - yd[1]) * f.plotH, y1: f.t + (1 - yd[0]) * f.plotH };
}

/** Whether segment (ax, ay)-(bx, by) meets the box (Liang-Barsky clipping). */
export function segmentMeetsBox(ax: number, ay: number, bx: number, by: number, box: Box): boolean {
  let t0 = 0, t1 = 1;
  const dx = bx - ax, dy = by - ay;
  for (const [p, q] of [[-dx, ax - box.x0], [dx, box.x1 - ax], [-dy, ay - box.y0], [dy, box.y1 - ay]]) {
    if (p === 0) { if (q < 0) return false; continue; }
    const r = q / p;
    if (p < 0) { if (r > t1) return false; if (r > t0) t0 = r; } else { if (r < t0) return false; if (r < t1) t1 = r; }
  }
  return true;
}
