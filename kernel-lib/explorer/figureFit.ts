/**
 * A figure spec fitted to the explorer's column: drawn at the column's width (not the 900 px a
 * static export uses), its title, provenance badge and caption taken out of the plot into the page's
 * HTML (where text wraps to any width), and every other in-figure text (panel titles, notes) wrapped
 * to the width it has. The plot's geometry is otherwise the figure builder's (kernel-lib/plots): the
 * rows freed by the title and badge are given back at the top, the caption's lines at the bottom.
 * No DOM here: the page, the tests and the bench call the same function.
 */
import type { PlotSpec } from '../plots/spec.ts';
import { layoutMargins } from '../plots/marks.ts';
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
  const margin = layoutMargins(layout);
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
  // Plotly measures every tick label after drawing it, to hide one that runs past the figure's edge
  // (ticklabeloverflow 'hide past div', its default): Figure 9's 45 occupation names took 459 of a
  // 984 ms drawing (a trace, issue #24). The page checks that every text stays inside its figure
  // itself (drawFigure: automargin when it does not), so the axes allow overflow and skip that pass.
  for (const k of Object.keys(layout)) if (/^[xy]axis\d*$/.test(k) && layout[k] && (layout[k] as Rec).ticklabeloverflow === undefined) layout[k] = { ...(layout[k] as Rec), ticklabeloverflow: 'allow' };
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

/** A y axis's row: the key of the layout's y axis (`yaxis`, `yaxis2`, ...) of a trace-side id (`y`, `y2`, ...). */
const yKeyOf = (id: unknown) => `yaxis${String(id ?? 'y').slice(1)}`;
const xKeyOf = (id: unknown) => `xaxis${String(id ?? 'x').slice(1)}`;

/**
 * A fitted spec whose panels sit in rows one above another (distinct y domains), cut into one spec per
 * row of panels, each drawn as its own plot (issue #24: the page draws a figure in one Plotly.react,
 * one main-thread task; Figure 9's three stacked panels, 45 occupations among them, took 185 ms, and a
 * task over 100 ms freezes the page). Together the parts are the figure: the same traces (each in the
 * part of its axes, unchanged), the same width, and heights that add up to the figure's. Part i's plot
 * area is its row's extent, [bottom_i, top_i] of the figure's paper height P = height - t - b; the gap
 * g_i px between rows i and i+1 is shared: min(40, 0.45 g_i) px becomes part i+1's top margin (its
 * panel titles), the rest part i's bottom margin (its x axis). A position on the figure's paper scale
 * y becomes (y - bottom_i) / (top_i - bottom_i) in part i; a text, shape or legend placed on the paper
 * goes to the part whose band of the figure's height holds it, one placed on axes goes with them. A
 * legend goes to the part it sits in; a trace in another part that names it shows no legend entry.
 * A spec of one row (or with an axis that has no domain) is returned as it is. The input is not changed.
 * @example splitPanelRows({ data: [{ type: 'bar', y: [1] }, { type: 'bar', yaxis: 'y2', y: [2] }], layout: { meta: { figure: 'x', caption: '' }, height: 500, margin: { l: 70, r: 20, t: 40, b: 60 }, yaxis: { title: { text: '' }, domain: [0.6, 1] }, yaxis2: { title: { text: '' }, domain: [0, 0.4] } } }).map((s) => [s.layout.height, s.data.length]) // => [[244, 1], [256, 1]] (P = 400: rows 160 px, a gap of 80 px: 44 px under the first row, a 36 px top margin over the second)
 */
export function splitPanelRows(spec: PlotSpec): PlotSpec[] {
  const layout = spec.layout as Rec;
  const height = (layout.height as number | undefined) ?? 480;
  const margin = layoutMargins(layout);
  const P = height - margin.t - margin.b;
  const yKeys = Object.keys(layout).filter((k) => /^yaxis\d*$/.test(k) && layout[k]);
  const usedY = new Set(spec.data.map((t) => yKeyOf(t.yaxis)));
  for (const k of usedY) if (!yKeys.includes(k)) return [spec];
  // each y axis's domain (an overlaying axis shares the domain of the one it overlays)
  const domainOf = (k: string): [number, number] | null => {
    const ax = layout[k] as Rec;
    if (typeof ax.overlaying === 'string') return layout[yKeyOf(ax.overlaying)] ? domainOf(yKeyOf(ax.overlaying)) : null;
    const d = ax.domain;
    return Array.isArray(d) && typeof d[0] === 'number' && typeof d[1] === 'number' ? [d[0], d[1]] : null;
  };
  const domains = new Map<string, [number, number]>();
  for (const k of yKeys) {
    const d = domainOf(k);
    if (!d) return [spec];
    domains.set(k, d);
  }
  // rows: y domains that overlap are one row, top row first
  const rows: { top: number; bottom: number; keys: string[] }[] = [];
  for (const [k, [y0, y1]] of [...domains].sort((a, b) => b[1][1] - a[1][1])) {
    const r = rows.find((row) => y0 < row.top && y1 > row.bottom);
    if (r) { r.keys.push(k); r.top = Math.max(r.top, y1); r.bottom = Math.min(r.bottom, y0); }
    else rows.push({ top: y1, bottom: y0, keys: [k] });
  }
  if (rows.length < 2 || rows.some((r, i) => i > 0 && r.top > rows[i - 1].bottom)) return [spec];
  // each part's margins (px) and its band of the figure's height (px from the figure's top)
  const parts = rows.map((r, i) => {
    const gapAbove = i === 0 ? 0 : (rows[i - 1].bottom - r.top) * P;
    const gapBelow = i === rows.length - 1 ? 0 : (r.bottom - rows[i + 1].top) * P;
    const t = i === 0 ? margin.t : Math.min(40, 0.45 * gapAbove);
    const b = i === rows.length - 1 ? margin.b : gapBelow - Math.min(40, 0.45 * gapBelow);
    const start = margin.t + (1 - r.top) * P - t;
    return { ...r, t, b, start, end: start + t + (r.top - r.bottom) * P + b };
  });
  const partOfPx = (px: number) => Math.max(0, parts.findIndex((p, i) => px < p.end || i === parts.length - 1));
  const partOfPaperY = (y: number) => partOfPx(margin.t + (1 - y) * P);
  const rowOfY = new Map(parts.flatMap((p, i) => p.keys.map((k) => [k, i] as const)));
  const rowOfX = (xid: unknown) => {
    const ax = layout[xKeyOf(xid)] as Rec | undefined;
    return ax && typeof ax.anchor === 'string' && ax.anchor.startsWith('y') ? rowOfY.get(yKeyOf(ax.anchor)) : undefined;
  };
  /** the part of an annotation, shape or image: by its axes, else by where it sits on the paper */
  const partOf = (a: Rec): number => {
    if (typeof a.yref === 'string' && /^y\d*/.test(a.yref)) return rowOfY.get(yKeyOf(a.yref.split(' ')[0])) ?? 0;
    if (typeof a.xref === 'string' && /^x\d*/.test(a.xref) && (a.yref === undefined)) return rowOfX(a.xref.split(' ')[0]) ?? 0;
    const y = typeof a.y === 'number' ? a.y : typeof a.y0 === 'number' ? a.y0 : 1;
    return a.yref === 'container' ? partOfPx((1 - y) * height) : partOfPaperY(y);
  };
  const toPart = (i: number, y: number) => (y - parts[i].bottom) / (parts[i].top - parts[i].bottom);
  const legendKeys = Object.keys(layout).filter((k) => /^legend\d*$/.test(k) && layout[k]);
  const legendPart = new Map(legendKeys.map((k) => [k, partOf(layout[k] as Rec)]));
  return parts.map((p, i) => {
    const h = p.end - p.start;
    const out: Rec = {};
    for (const [k, v] of Object.entries(layout)) {
      if (/^yaxis\d*$/.test(k)) {
        if (rowOfY.get(k) !== i) continue;
        const d = domains.get(k)!;
        out[k] = (v as Rec).overlaying ? v : { ...(v as Rec), domain: [round6(toPart(i, d[0])), round6(toPart(i, d[1]))] };
      } else if (/^xaxis\d*$/.test(k)) {
        const anchor = (v as Rec | undefined)?.anchor;
        const row = typeof anchor === 'string' && anchor.startsWith('y') ? rowOfY.get(yKeyOf(anchor)) : rowOfX(k.replace('axis', ''));
        if ((row ?? 0) === i) out[k] = v;
      } else if (/^legend\d*$/.test(k)) {
        if (legendPart.get(k) !== i) continue;
        const l = v as Rec;
        const y = typeof l.y === 'number' ? l.y : 1;
        out[k] = l.yref === 'container' ? { ...l, y: round6(1 - ((1 - y) * height - p.start) / h) } : { ...l, y: round6(toPart(i, y)) };
      } else out[k] = v;
    }
    const remap = (a: Rec, yKeys: string[]) => {
      if (a.yref === 'container') { const r = { ...a }; for (const k of yKeys) if (typeof a[k] === 'number') r[k] = round6(1 - ((1 - (a[k] as number)) * height - p.start) / h); return r; }
      if (a.yref !== undefined && a.yref !== 'paper') return a;
      const r = { ...a };
      for (const k of yKeys) if (typeof a[k] === 'number') r[k] = round6(toPart(i, a[k] as number));
      return r;
    };
    for (const [k, yk] of [['annotations', ['y']], ['shapes', ['y0', 'y1']], ['images', ['y']]] as const) {
      const list = layout[k] as Rec[] | undefined;
      if (Array.isArray(list)) out[k] = list.filter((a) => partOf(a) === i).map((a) => remap(a, [...yk]));
    }
    out.margin = { ...margin, t: Math.round(p.t), b: Math.round(p.b) };
    out.height = Math.round(p.end) - Math.round(p.start);
    const data = spec.data.filter((t) => rowOfY.get(yKeyOf(t.yaxis)) === i)
      .map((t) => (t.showlegend !== false && legendPart.has(String(t.legend ?? 'legend')) && legendPart.get(String(t.legend ?? 'legend')) !== i ? { ...t, showlegend: false } : t));
    if (!data.some((t) => t.showlegend === true || (t.showlegend === undefined && legendPart.get(String(t.legend ?? 'legend')) === i))) out.showlegend = false;
    return { data, layout: out as PlotSpec['layout'] };
  });
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6 || 0;

/** A legend the page draws in HTML over a plot (htmlLegends): its title, its keys in order, and where it sits. */
export interface HtmlLegend {
  /** the legend's layout key (`legend2`) */
  name: string;
  title: string;
  keys: { name: string; colour: string }[];
  /** its left edge and top on the plot area's paper scale (0 to 1: left to right, bottom to top) */
  x: number;
  y: number;
  fontSize: number;
}

/** A trace that only draws a legend key: a scatter of no point (every x and y null), its marker one colour. */
const keyOnly = (t: PlotSpec['data'][number]) => t.type === 'scatter' && t.showlegend === true && typeof t.legend === 'string'
  && Array.isArray(t.x) && Array.isArray(t.y) && t.x.every((v) => v === null) && t.y.every((v) => v === null)
  && typeof (t.marker as Rec | undefined)?.color === 'string';

/**
 * A spec whose legends of key-only traces (a scatter of no point per key, as Figure 9's occupation
 * panel keys its bar colours by category) are taken out for the page to draw in HTML beside the
 * plot: the key traces and the layout's legend go, each legend becomes an HtmlLegend (its title,
 * each key's name and marker colour in trace order, its paper x and y). Plotly lays out a legend of
 * n entries with one text measure and one group each; Figure 9's 13 categories were about a fifth
 * of the occupation panel's drawing task (issue #24: no task over 100 ms). Only a legend anchored
 * at its left and top on the paper (xref and yref 'paper') with every one of its traces key-only is
 * taken; any other is left to Plotly. The input is not changed.
 * @example htmlLegends({ data: [{ type: 'bar', x: [1], y: [0] }, { type: 'scatter', mode: 'markers', name: 'A', legend: 'legend2', showlegend: true, x: [null], y: [null], marker: { color: '#f00' } }], layout: { meta: { figure: 'x', caption: '' }, legend2: { title: { text: 'Category' }, xref: 'paper', x: 0.73, xanchor: 'left', yref: 'paper', y: 0.3, yanchor: 'top', font: { size: 10 } } } }).legends // => [{ name: 'legend2', title: 'Category', keys: [{ name: 'A', colour: '#f00' }], x: 0.73, y: 0.3, fontSize: 10 }]
 */
export function htmlLegends(spec: PlotSpec): { spec: PlotSpec; legends: HtmlLegend[] } {
  const layout = spec.layout as Rec;
  const legends: HtmlLegend[] = [];
  for (const k of Object.keys(layout).filter((n) => /^legend\d+$/.test(n) && layout[n])) {
    const l = layout[k] as Rec;
    const traces = spec.data.filter((t) => t.legend === k);
    if (!traces.length || !traces.every(keyOnly)) continue;
    if ((l.xref ?? 'paper') !== 'paper' || (l.yref ?? 'paper') !== 'paper' || l.xanchor !== 'left' || (l.yanchor ?? 'top') !== 'top') continue;
    if (typeof l.x !== 'number' || typeof l.y !== 'number') continue;
    const title = l.title as { text?: unknown } | undefined;
    legends.push({
      name: k, title: typeof title?.text === 'string' ? plain(title.text) : '',
      keys: traces.map((t) => ({ name: plain(String(t.name ?? '')), colour: (t.marker as Rec).color as string })),
      x: l.x, y: l.y, fontSize: typeof (l.font as Rec | undefined)?.size === 'number' ? (l.font as Rec).size as number : 12,
    });
  }
  if (!legends.length) return { spec, legends };
  const taken = new Set(legends.map((l) => l.name));
  const out: Rec = { ...layout };
  for (const k of taken) delete out[k];
  return { spec: { data: spec.data.filter((t) => !(typeof t.legend === 'string' && taken.has(t.legend))), layout: out as PlotSpec['layout'] }, legends };
}

/**
 * A part of a figure drawn one plot per row (splitPanelRows) with at least `l` px of left margin: the
 * page gives every part of a figure the widest left margin Plotly settled on for any of them, so that
 * the stacked plots' axes line up (each part's labels grew its own margin: Figure 9's sector, category
 * and occupation names, 192 to 298 px at 1280 px). The input is not changed.
 * @example withLeftMargin({ data: [], layout: { meta: { figure: 'x', caption: '' }, margin: { l: 70, r: 20, t: 40, b: 60 } } }, 120).layout.margin // => { l: 120, r: 20, t: 40, b: 60 }
 */
export function withLeftMargin(spec: PlotSpec, l: number): PlotSpec {
  const margin = layoutMargins(spec.layout);
  if (margin.l >= l) return spec;
  return { data: spec.data, layout: { ...spec.layout, margin: { ...margin, l } } };
}

/**
 * What of a spec sets its margins, for a first draw with Plotly's automargin (issue #24): the same axes,
 * legends, traces and data (so the same ranges, ticks and legend entries), without what Plotly draws
 * inside the plot area and never grows a margin for: data labels (a bar's or a scatter point's text,
 * `textposition: 'none'`, a scatter's mode without 'text'; a vertical bar's text outside its end stays,
 * as Plotly pads the axis range for it), bar fill patterns, annotations and shapes.
 * Automargin draws a figure, measures its labels, grows the margins and draws again (two or more
 * passes in one task); on the skeleton those passes skip the data labels' measuring and the patterns'
 * fills, and the page then draws the whole spec once with the margins the skeleton settled on, in a
 * task of its own (withRecordedMargins), checking that its text fits. The input is not changed.
 * @example marginSkeleton({ data: [{ type: 'bar', orientation: 'h', x: [1], y: ['a'], text: ['1.0'], textposition: 'outside', marker: { color: '#f00', pattern: { shape: '/' } } }, { type: 'scatter', mode: 'markers+text', x: [1], y: [2], text: ['p'] }], layout: { meta: { figure: 'x', caption: '' }, annotations: [{ text: 'note' }], shapes: [{ type: 'line' }] } }) // => { data: [{ type: 'bar', orientation: 'h', x: [1], y: ['a'], textposition: 'none', marker: { color: '#f00' } }, { type: 'scatter', mode: 'markers', x: [1], y: [2] }], layout: { meta: { figure: 'x', caption: '' }, annotations: [], shapes: [] } }
 */
export function marginSkeleton(spec: PlotSpec): PlotSpec {
  const data = spec.data.map((t) => {
    const out: Rec = { ...t };
    // a vertical bar's text outside its end widens the value axis's range (Plotly pads the autorange by
    // its lines of text): kept, so that the skeleton's ticks are the figure's
    const outside = t.type === 'bar' && t.orientation !== 'h' && t.textposition === 'outside' && (t.text !== undefined || t.texttemplate !== undefined);
    if (!outside) {
      delete out.text;
      delete out.texttemplate;
      if (t.type === 'bar') out.textposition = 'none';
      else delete out.textposition;
    }
    if (typeof t.mode === 'string' && t.mode.includes('text')) out.mode = t.mode.split('+').filter((m) => m !== 'text').join('+') || 'none';
    const marker = t.marker as Rec | undefined;
    if (marker && 'pattern' in marker) {
      const m = { ...marker };
      delete m.pattern;
      out.marker = m;
    }
    return out as PlotSpec['data'][number];
  });
  const layout: Rec = { ...spec.layout };
  if (layout.annotations) layout.annotations = [];
  if (layout.shapes) layout.shapes = [];
  return { data, layout: layout as PlotSpec['layout'] };
}

/** Room between two stacked panels (px): the upper one's tick labels and axis title, the lower one's title. */
const STACK_GAP_PX = 80;
/** More room over a stacked panel for each note placed above it (two lines of 12-px text at a narrow width). */
const NOTE_ROWS_PX = 36;
/** Texts of the figure as a whole, not of one panel (stackPanels): not moved with a panel. */
const FIGURE_TEXTS = ['panel-title', 'note', 'caption', 'provenance-badge'];

/**
 * Panels set side by side re-laid one above another, for a column too narrow for them side by side
 * (issue #45: Figure 4's three panels at 400 px showed one and a half, scrolling sideways): reading
 * order (rows top first, each row left to right), each panel the full width and its own height in
 * px, STACK_GAP_PX between panels, the figure taller by what the stack adds. Annotations and shapes
 * placed on the figure's paper coordinates inside a panel's band (its title above it, a note in it)
 * move with the panel. A spec with one column of panels, or an x axis whose y axis is missing, is
 * returned as it is. The input is not changed.
 * @example stackPanels({ data: [], layout: { meta: { figure: 'x', caption: '' }, height: 400, margin: { l: 70, r: 20, t: 40, b: 60 }, xaxis: { title: { text: '' }, domain: [0, 0.45], anchor: 'y' }, yaxis: { title: { text: '' }, domain: [0, 1], anchor: 'x' }, xaxis2: { title: { text: '' }, domain: [0.55, 1], anchor: 'y2' }, yaxis2: { title: { text: '' }, domain: [0, 1], anchor: 'x2' } } }).layout.height // => 780 (two panels of 300 px and an 80-px gap, plus the 100 px of margins)
 */
export function stackPanels(spec: PlotSpec): PlotSpec {
  if (panelColumns(spec) < 2) return spec;
  const layout: Rec = { ...spec.layout };
  const height = (layout.height as number | undefined) ?? 480;
  const margin = layoutMargins(layout);
  const P = height - margin.t - margin.b;
  const dom = (a: unknown): [number, number] => {
    const d = (a as Rec | undefined)?.domain;
    return Array.isArray(d) && typeof d[0] === 'number' && typeof d[1] === 'number' ? [d[0], d[1]] : [0, 1];
  };
  const panels: { xk: string; yk: string; x: [number, number]; y: [number, number] }[] = [];
  for (const xk of Object.keys(layout).filter((k) => /^xaxis\d*$/.test(k) && layout[k])) {
    const xa = layout[xk] as Rec;
    if (typeof xa.overlaying === 'string') continue;
    const yk = yKeyOf(xa.anchor ?? `y${xk.slice(5)}`);
    if (!layout[yk]) return spec;
    panels.push({ xk, yk, x: dom(xa), y: dom(layout[yk]) });
  }
  panels.sort((a, b) => b.y[1] - a.y[1] || a.x[0] - b.x[0]);
  const heights = panels.map((p) => Math.max(80, (p.y[1] - p.y[0]) * P));
  // a note placed above a panel (a legend in words: "Hollow bars: Table 17") gets rows of its own over it, beside the panel's title
  const gapY = STACK_GAP_PX / P;
  const notes = panels.map((p) => ((layout.annotations as Rec[] | undefined) ?? []).filter((a) => !FIGURE_TEXTS.includes(String(a.name)) && (a.xref ?? 'paper') === 'paper' && (a.yref ?? 'paper') === 'paper'
    && typeof a.x === 'number' && typeof a.y === 'number' && a.x >= p.x[0] - 1e-6 && a.x <= p.x[1] + 1e-6 && a.y > p.y[1] - 1e-6 && a.y <= p.y[1] + Math.min(gapY, 0.2)).length);
  const gaps = panels.map((_, i) => (i === 0 ? 0 : STACK_GAP_PX + NOTE_ROWS_PX * notes[i]));
  const Pn = heights.reduce((s, h) => s + h, 0) + gaps.reduce((s, g) => s + g, 0);
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  let cursor = Pn;
  const placed = panels.map((p, i) => {
    cursor -= gaps[i];
    const y: [number, number] = [round((cursor - heights[i]) / Pn), round(cursor / Pn)];
    cursor -= heights[i];
    return { ...p, ny: y };
  });
  for (const p of placed) {
    layout[p.xk] = { ...(layout[p.xk] as Rec), domain: [0, 1] };
    layout[p.yk] = { ...(layout[p.yk] as Rec), domain: p.ny };
  }
  // an overlaying x axis spans its panel's (now full) width
  for (const k of Object.keys(layout)) if (/^xaxis\d*$/.test(k) && typeof (layout[k] as Rec | undefined)?.overlaying === 'string') layout[k] = { ...(layout[k] as Rec), domain: [0, 1] };
  // a paper-placed item in a panel's band (its title just above it counts) moves with the panel
  const move = <T extends Rec>(a: T, xKey: string, yKey: string): T => {
    if ((a[xKey] !== 'paper' && a[xKey] !== undefined) || (a[yKey] !== 'paper' && a[yKey] !== undefined)) return a;
    const x = a[xKey === 'xref' ? 'x' : 'x0'], y = a[yKey === 'yref' ? 'y' : 'y0'];
    if (typeof x !== 'number' || typeof y !== 'number') return a;
    const p = placed.find((q) => x >= q.x[0] - 1e-6 && x <= q.x[1] + 1e-6 && y >= q.y[0] - 1e-6 && y <= q.y[1] + Math.min(gapY, 0.2));
    if (!p) return a;
    const mx = (v: unknown) => (typeof v === 'number' ? round((v - p.x[0]) / (p.x[1] - p.x[0])) : v);
    const my = (v: unknown) => (typeof v === 'number' ? round(p.ny[0] + ((v - p.y[0]) / (p.y[1] - p.y[0])) * (p.ny[1] - p.ny[0])) : v);
    return xKey === 'xref' ? { ...a, x: mx(a.x), y: my(a.y) } : { ...a, x0: mx(a.x0), x1: mx(a.x1), y0: my(a.y0), y1: my(a.y1) };
  };
  if (Array.isArray(layout.annotations)) {
    // the figure's own notes (what hollow bars and whiskers mean) go under it, after its caption: above
    // the stack they would sit on the first panel's title, and they are about every panel
    const all = layout.annotations as Rec[];
    const caption = all.find((a) => a.name === 'caption');
    const figureNotes = caption ? all.filter((a) => a.name === 'note' && typeof a.text === 'string') : [];
    layout.annotations = all.filter((a) => !figureNotes.includes(a)).map((a) => {
      if (a === caption && figureNotes.length) return { ...a, text: [String(a.text), ...figureNotes.map((n) => String(n.text))].join('<br>') };
      return a.name === 'caption' || a.name === 'provenance-badge' ? a : move(a, 'xref', 'yref');
    });
  }
  if (Array.isArray(layout.shapes)) layout.shapes = (layout.shapes as Rec[]).map((s) => move(s, 'xref', 'yref'));
  // the legend and every other row above the plot stay where they were, px from the figure's top
  const legend = layout.legend as Rec | undefined;
  const newHeight = Math.round(margin.t + margin.b + Pn);
  if (legend && legend.yref === 'container' && typeof legend.y === 'number') layout.legend = { ...legend, y: round(1 - ((1 - legend.y) * height) / newHeight) };
  const title = layout.title as Rec | undefined;
  if (title && title.yref === 'container' && typeof title.y === 'number') layout.title = { ...title, y: round(1 - ((1 - title.y) * height) / newHeight) };
  layout.height = newHeight;
  return { data: spec.data, layout: layout as PlotSpec['layout'] };
}

/**
 * Category labels too long for a narrow figure wrapped onto lines (`<br>`), every category still
 * labelled: the axis lists each category with its wrapped text (tickmode 'array'). A label may take
 * `share` of the figure's width. Axes whose labels fit are left as they are. The input is not changed.
 * @example wrapCategoryTicks({ data: [{ type: 'bar', orientation: 'h', x: [1], y: ['Arts, Design, Entertainment, Sports, and Media'] }], layout: { meta: { figure: 'x', caption: '' }, yaxis: { title: { text: '' } } } }, 380).layout.yaxis.ticktext // => ['Arts, Design,<br>Entertainment,<br>Sports, and Media'] (21 characters a line)
 */
export function wrapCategoryTicks(spec: PlotSpec, width: number, share = 0.4): PlotSpec {
  const layout: Rec = { ...spec.layout };
  const byAxis = new Map<string, string[]>();
  for (const t of spec.data) {
    for (const dim of ['x', 'y'] as const) {
      const values = (t as Rec)[dim];
      if (!Array.isArray(values) || !values.some((v) => typeof v === 'string')) continue;
      const key = `${dim}axis${String((t as Rec)[`${dim}axis`] ?? dim).slice(1)}`;
      const list = byAxis.get(key) ?? [];
      for (const v of values) if (!list.includes(String(v))) list.push(String(v));
      byAxis.set(key, list);
    }
  }
  for (const [key, categories] of byAxis) {
    const axisOf = (layout[key] ?? {}) as Rec;
    const size = typeof (axisOf.tickfont as Rec | undefined)?.size === 'number' ? ((axisOf.tickfont as Rec).size as number) : 12;
    const chars = Math.max(10, Math.floor((share * width) / (size * GLYPH)));
    if (!categories.some((c) => c.split(/<br\s*\/?>/i).some((l) => plain(l).length > chars))) continue;
    layout[key] = { ...axisOf, tickmode: 'array', tickvals: categories, ticktext: categories.map((c) => (plain(c).length > chars ? wrapText(plain(c), chars) : c)) };
  }
  return { data: spec.data, layout: layout as PlotSpec['layout'] };
}
