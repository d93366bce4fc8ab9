/**
 * A figure spec fitted to the explorer's column: drawn at the column's width (not the 900 px a
 * static export uses), its title, provenance badge and caption taken out of the plot into the page's
 * HTML (where text wraps to any width), and every other in-figure text (panel titles, notes) wrapped
 * to the width it has. The plot's geometry is otherwise the figure builder's (kernel-lib/plots): the
 * rows freed by the title and badge are given back at the top, the caption's lines at the bottom.
 * No DOM here: the page, the tests and the bench call the same function.
 */
import type { PlotSpec } from '../plots/spec.ts';
import { wrapText } from '../plots/theme.ts';

/** A figure as the page shows it: the fitted spec, and the texts the page prints around the plot. */
export interface FittedFigure {
  spec: PlotSpec;
  /** the figure's title (was the plot's title) */
  title: string | null;
  /** the provenance badge's lines (was an annotation inside the plot) and whether it warns */
  badge: { lines: string[]; warn: boolean } | null;
  /** the caption (was an annotation under the plot) */
  caption: string | null;
}

/** Average glyph width as a share of the font size (Inter/Helvetica, mixed case and digits). */
const GLYPH = 0.58;
/** Height of a caption line and of the title row inside the plot (theme.ts baseLayout), px. */
const CAPTION_LINE_PX = 14;
const TITLE_ROW_PX = 30;
/** Below this width (px) bar labels go inside their bars (fitFigure). */
const NARROW = 560;

type Rec = Record<string, unknown>;

const plain = (html: string) => html.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();

/**
 * Wrap an in-figure text (lines split by `<br>`) so that no line is wider than `px` at `fontSize`.
 * @example wrapToWidth('Figure notes can be long enough to leave a narrow figure', 120, 10) // => 'Figure notes can be<br>long enough to leave<br>a narrow figure' (20 characters a line)
 */
export function wrapToWidth(text: string, px: number, fontSize: number): string {
  const chars = Math.max(8, Math.floor(px / (fontSize * GLYPH)));
  return text.split(/<br\s*\/?>/i).map((line) => (plain(line).length > chars ? wrapText(line, chars) : line)).join('<br>');
}

/**
 * An in-figure text drawn `drawnPx` wide where only `roomPx` fit, wrapped again narrower in proportion
 * (the page measures what the estimate of wrapToWidth missed: bold text, margins grown by Plotly).
 * @example rewrapToFit('alpha beta gamma delta', 200, 100) // => 'alpha beta<br>gamma delta'
 */
export function rewrapToFit(text: string, drawnPx: number, roomPx: number): string {
  const lines = text.split(/<br\s*\/?>/i);
  const longest = Math.max(...lines.map((l) => plain(l).length));
  const chars = Math.max(6, Math.floor((longest * roomPx) / Math.max(1, drawnPx)));
  return lines.map((line) => (plain(line).length > chars ? wrapText(line, chars) : line)).join('<br>');
}

/**
 * How many panels a figure sets side by side: the distinct horizontal domains of its x axes.
 * @example panelColumns({ data: [], layout: { meta: { figure: 'x', caption: '' }, xaxis: { title: { text: '' }, domain: [0, 0.45] }, xaxis2: { title: { text: '' }, domain: [0.55, 1] } } }) // => 2
 */
export function panelColumns(spec: PlotSpec): number {
  const starts = new Set<number>();
  for (const [k, v] of Object.entries(spec.layout)) {
    if (!/^xaxis\d*$/.test(k)) continue;
    const d = (v as Rec | undefined)?.domain;
    starts.add(Array.isArray(d) ? Number(d[0]) : 0);
  }
  return Math.max(1, starts.size);
}

/**
 * The narrowest a figure is drawn (px): a figure with panels side by side needs room for each panel's
 * labels; narrower columns scroll the figure sideways inside its own box (never the page).
 * @example minFigureWidth({ data: [], layout: { meta: { figure: 'x', caption: '' } } }) // => 340
 */
export function minFigureWidth(spec: PlotSpec): number {
  if (panelColumns(spec) > 1) return 760;
  // horizontal bars name their categories on the y axis: the longest name's line beside a usable plot
  const names = spec.data.filter((t) => t.orientation === 'h').flatMap((t) => (t.y ?? []).filter((v): v is string => typeof v === 'string'));
  const longest = Math.max(0, ...names.flatMap((n) => n.split(/<br\s*\/?>/i).map((l) => plain(l).length)));
  // a label placed on the data's scale (beside a bar's end) needs the room the figure was drawn with
  const onData = ((spec.layout.annotations as Rec[] | undefined) ?? []).some((a) => typeof a.xref === 'string' && /^x\d*$/.test(a.xref));
  return Math.max(340, Math.round(longest * 12 * GLYPH) + 300, onData ? 560 : 0);
}

/**
 * `spec` fitted to a column `width` px wide (see the module comment). The input is not changed.
 * @example fitFigure({ data: [], layout: { meta: { figure: 'x', caption: 'c' }, width: 900, height: 400, title: { text: 'T' } } }, 500).spec.layout.width // => 500
 */
export function fitFigure(spec: PlotSpec, width: number): FittedFigure {
  const layout: Rec = { ...spec.layout };
  const margin: Record<string, number> = { l: 70, r: 20, t: 100, b: 80, ...(layout.margin as Record<string, number> | undefined) };
  let height = (layout.height as number | undefined) ?? 480;
  const annotations = [...((layout.annotations as Rec[] | undefined) ?? [])];
  let top = 0; // px freed at the top of the figure

  const titleText = (layout.title as Rec | undefined)?.text;
  const title = typeof titleText === 'string' && titleText !== '' ? plain(titleText) : null;
  if (title !== null) {
    layout.title = { text: '' };
    top += TITLE_ROW_PX;
  }

  let badge: FittedFigure['badge'] = null;
  const b = annotations.findIndex((a) => a.name === 'provenance-badge');
  if (b >= 0) {
    const text = String(annotations[b].text);
    const lines = text.split(/<br\s*\/?>/i);
    badge = { lines: lines.map(plain), warn: /NOT|SYNTHETIC/.test(text) };
    annotations.splice(b, 1);
    top += 12 * lines.length + 16; // the badge's row (plots/marks.ts markProvenance)
  }

  let caption: string | null = null;
  const c = annotations.findIndex((a) => a.name === 'caption');
  if (c >= 0) {
    const text = String(annotations[c].text);
    caption = plain(text);
    annotations.splice(c, 1);
    const freed = CAPTION_LINE_PX * text.split(/<br\s*\/?>/i).length;
    const b2 = Math.max(70, margin.b - freed);
    height -= margin.b - b2;
    margin.b = b2;
  }

  // the legend and the annotations placed from the figure's top move up by the freed rows
  top = Math.min(top, Math.max(0, margin.t - 40));
  margin.t -= top;
  height -= top;
  const plotWidth = Math.max(60, width - margin.l - margin.r);
  const legend = layout.legend as Rec | undefined;
  if (legend && legend.yref === 'container' && typeof legend.y === 'number') {
    const fromTop = (1 - legend.y) * ((spec.layout.height as number | undefined) ?? 480) - top;
    // a horizontal legend wraps into rows at a narrow width: give each extra row 20 px above the plot
    const names = spec.data.filter((t) => t.showlegend !== false && typeof t.name === 'string').map((t) => String(t.name));
    const itemsPx = names.reduce((s, n) => s + 40 + n.length * 12 * GLYPH, 0);
    const extra = Math.max(0, Math.ceil(itemsPx / Math.max(1, width - 20)) - 1) * 20;
    margin.t += extra;
    height += extra;
    layout.legend = { ...legend, y: Math.round((1 - Math.max(0, fromTop) / height) * 1000) / 1000 };
  }
  layout.annotations = annotations.map((a) => {
    if (typeof a.text !== 'string') return a;
    const font = (a.font as Rec | undefined)?.size;
    const size = typeof font === 'number' ? font : 12;
    // an annotation on the paper's x scale has the room from its anchor to the figure's edge (both edges when centred)
    let room = width - 20;
    if ((a.xref === 'paper' || a.xref === undefined) && typeof a.x === 'number') {
      const px = a.x * plotWidth;
      const left = px + margin.l, right = plotWidth + margin.r - px;
      room = a.xanchor === 'left' ? right : a.xanchor === 'right' ? left : 2 * Math.min(left, right);
    }
    room = Math.max(80, room - 4);
    return { ...a, text: wrapToWidth(a.text, room, size) };
  });
  // a narrow figure: bar labels that would sit past a short bar's end (and past the figure's edge) go
  // inside the bars, and a label too long for its bar is left to the hover
  let data = spec.data;
  if (width < NARROW && data.some((t) => t.type === 'bar' && t.text !== undefined && (t.textposition === 'auto' || t.textposition === 'outside'))) {
    data = data.map((t) => (t.type === 'bar' && (t.textposition === 'auto' || t.textposition === 'outside') ? { ...t, textposition: 'inside', insidetextanchor: 'start' } : t));
    layout.uniformtext = { mode: 'hide', minsize: 8 };
  }
  else data = roomForBarLabels(data, layout, width, margin).data;
  layout.margin = margin;
  layout.width = width;
  layout.height = Math.max(200, Math.round(height));
  layout.autosize = false;
  return { spec: { data, layout: layout as PlotSpec['layout'] }, title, badge, caption };
}

/**
 * Horizontal bars whose labels may sit past the bar's end (textposition 'auto' or 'outside'), on a value
 * axis whose range the spec sets: a label wider than half the panel is wrapped onto lines of half the
 * panel, and the range grows until each label too long for its bar ends inside the panel, by estimated
 * widths. Without it a scenario with a short bar pushed its label past the figure's edge (Figure 1's
 * energy scale under pass@2 at 616 px: 21 px out). Returns the traces (those changed are copies) and
 * `layout` changed in place (fitFigure's copy).
 * @example roomForBarLabels([{ type: 'bar', orientation: 'h', x: [10, 5], y: ['a', 'b'], text: ['10', 'a label of 30 characters, long'], textposition: 'auto' }], { xaxis: { range: [0, 10] } }, 500, { l: 70, r: 20, t: 40, b: 70 }).data[0].text // => ['10', 'a label of 30 characters,<br>long'] (panel 500 - 70 - 20 = 410 px; the label 30 × 12 × 0.58 + 12 = 221 px is over half of it)
 */
export function roomForBarLabels(data: PlotSpec['data'], layout: Rec, width: number, margin: Record<string, number>): { data: PlotSpec['data']; layout: Rec } {
  const out = data.map((t) => {
    if (t.type !== 'bar' || t.orientation !== 'h' || !Array.isArray(t.text) || (t.textposition !== 'auto' && t.textposition !== 'outside')) return t;
    const key = `xaxis${String(t.xaxis ?? 'x').slice(1)}`;
    const ax = layout[key] as Rec | undefined;
    const range = ax?.range;
    if (!ax || !Array.isArray(range) || typeof range[0] !== 'number' || typeof range[1] !== 'number' || range[1] <= range[0]) return t;
    const [a, b] = range as [number, number];
    const domain = Array.isArray(ax.domain) ? (ax.domain as number[]) : [0, 1];
    // the category labels on the left take what they need (Plotly's automargin), at 12 px
    const names = (t.y ?? []).filter((v): v is string => typeof v === 'string').map((n) => plain(n).length);
    const left = Math.max(margin.l, Math.max(0, ...names) * 12 * GLYPH + 20);
    const panel = (width - left - margin.r) * (domain[1] - domain[0]);
    const size = typeof (t.textfont as Rec | undefined)?.size === 'number' ? ((t.textfont as Rec).size as number) : 12;
    const px = (text: string) => Math.max(...text.split(/<br\s*\/?>/i).map((l) => plain(l).length)) * size * GLYPH + 12;
    const texts = (t.text as unknown[]).map((x) => (typeof x === 'string' && px(x) > panel / 2 ? wrapToWidth(x, panel / 2 - 12, size) : x));
    let top = b;
    (t.x ?? []).forEach((v, i) => {
      const text = texts[i];
      if (typeof v !== 'number' || typeof text !== 'string') return;
      const label = px(text);
      const end = ((v - a) / (b - a)) * panel;
      if (label <= end - 6 || label >= panel) return; // inside its bar, or wider than the panel
      if (end + label > panel) top = Math.max(top, a + ((v - a) * panel) / (panel - label));
    });
    if (top > b) layout[key] = { ...ax, range: [a, top] };
    return texts.some((x, i) => x !== (t.text as unknown[])[i]) ? { ...t, text: texts } : t;
  });
  return { data: out, layout };
}

/** The margins Plotly settled on for a figure (its `_fullLayout._size`), px. */
export interface Margins { l: number; r: number; t: number; b: number }

/**
 * A fitted spec drawn with fixed margins: each side as Plotly settled it when it last drew this figure
 * at this width with automargin on (`size`, its `_fullLayout._size`, over the spec's own margins then,
 * `base`), every axis's automargin off and the margins not expanded by legends (`margin.autoexpand:
 * false`). Plotly then lays the figure out once: with automargin it draws, measures its labels, grows
 * the margins and draws again (issue #24: a first draw took 2-4 times as long). A side Plotly grew
 * (labels, a legend) keeps its grown size, or the spec's own when that is larger; a side it left at
 * the spec's own margin takes the spec's margin now (a caption of fewer lines gives back its rows).
 * The page checks afterwards that the axis labels and the legend still fit, and draws again with
 * automargin when they do not (longer labels than the recorded margins hold). The input is not changed.
 * @example withRecordedMargins({ data: [], layout: { meta: { figure: 'x', caption: '' }, margin: { l: 70, r: 20, t: 40, b: 70 }, xaxis: { title: { text: 'x (u)' }, automargin: true } } }, { l: 126, r: 20, t: 40, b: 82 }, { l: 70, r: 20, t: 40, b: 82 }).layout.margin // => { l: 126, r: 20, t: 40, b: 70, autoexpand: false }
 */
export function withRecordedMargins(spec: PlotSpec, size: Margins, base: Margins): PlotSpec {
  const layout: Rec = { ...spec.layout };
  const own = { l: 0, r: 0, t: 0, b: 0, ...(layout.margin as Partial<Margins> | undefined) };
  const side = (k: keyof Margins) => (size[k] > base[k] ? Math.max(own[k], size[k]) : own[k]);
  layout.margin = { ...own, l: side('l'), r: side('r'), t: side('t'), b: side('b'), autoexpand: false };
  for (const k of Object.keys(layout)) if (/^[xy]axis\d*$/.test(k) && layout[k]) layout[k] = { ...(layout[k] as Rec), automargin: false };
  return { data: spec.data, layout: layout as PlotSpec['layout'] };
}

/**
 * What a figure's recorded margins are good for: the same width and the same legend (its position
 * from the top is kept in px by fitFigure: its y, a share of the height, is left out).
 * @example marginsKey({ data: [], layout: { meta: { figure: 'x', caption: '' }, width: 500, height: 400, legend: { orientation: 'h', y: 0.95 } } }) // => '500 {"orientation":"h"}'
 */
export function marginsKey(spec: PlotSpec): string {
  const l = spec.layout as Rec;
  const legend = l.legend ? { ...(l.legend as Rec), y: undefined } : null;
  return `${l.width} ${JSON.stringify(legend)}`;
}
