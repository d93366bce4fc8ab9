/**
 * The shared look of every figure: one font, one colour per AI system and per occupation category
 * (the same in every figure of a run), units on every axis, and a caption that states the dataset's
 * provenance.
 */
import { J2GError } from '../errors.ts';
import type { Axis, Layout } from './spec.ts';
import type { PublishedValues } from './published.ts';

export const FONT = { family: 'Inter, "Helvetica Neue", Helvetica, Arial, sans-serif', size: 12, color: '#222222' };

/**
 * One colour-blind-safe palette for every system, outcome and reference colour: Okabe-Ito (Okabe and
 * Ito 2008, "Color Universal Design"), eight colours that stay distinct under protanopia,
 * deuteranopia and tritanopia. Systems take them in order; outcomes and references are named
 * entries of the same eight.
 */
export const OKABE_ITO = {
  blue: '#0072B2', orange: '#E69F00', green: '#009E73', vermillion: '#D55E00',
  purple: '#CC79A7', sky: '#56B4E9', yellow: '#F0E442', black: '#000000',
} as const;

export const SYSTEM_PALETTE = [OKABE_ITO.blue, OKABE_ITO.orange, OKABE_ITO.green, OKABE_ITO.vermillion, OKABE_ITO.purple, OKABE_ITO.sky, OKABE_ITO.yellow, OKABE_ITO.black];

/**
 * Past eight systems (the reconstruction has nine) Okabe-Ito's eight colours would repeat (issue
 * #24): the first eight stay Okabe-Ito's, then Paul Tol's "muted" scheme (SRON technical note, 2021),
 * colour-blind safe, none of whose eight equals an Okabe-Ito colour. Sixteen systems before a repeat.
 */
export const SYSTEM_PALETTE_EXTENDED = [...SYSTEM_PALETTE, '#332288', '#117733', '#44AA99', '#88CCEE', '#DDCC77', '#CC6677', '#AA4499', '#882255'];

/**
 * How one AI system (or one device line) is drawn, so that any number of them stay apart in every
 * figure: a colour, a marker symbol (scatter points), a line dash (lines) and a bar fill pattern (bars;
 * '' is solid). `systemStyle(i)` is the only place that maps a system's position to its look.
 */
export interface SystemStyle {
  colour: string;
  /** a Plotly marker symbol with an '-open' variant ('circle', 'square', ...) */
  symbol: string;
  /** a Plotly line dash ('solid', 'dash', ... or a px list such as '12px,3px,3px,3px') */
  dash: string;
  /** a Plotly bar pattern shape ('' solid, '/', 'x', ...) */
  pattern: string;
}

/** One entry per tier of sixteen systems: tier 0 is today's look (filled circle, solid line, solid bar). */
const TIER_SYMBOLS = ['circle', 'square', 'diamond', 'triangle-up', 'triangle-down', 'star', 'hexagon', 'pentagon'];
const TIER_DASHES = ['solid', 'dash', 'dot', 'dashdot', 'longdash', 'longdashdot', '12px,3px,3px,3px,3px,3px', '2px,6px'];
const TIER_PATTERNS = ['', '/', '\\', 'x', '.', '-', '|', '+'];

/**
 * The look of the system at position `index` (0-based, systems.csv order). The first sixteen take
 * SYSTEM_PALETTE_EXTENDED's colours with a filled circle, a solid line and a solid bar (the paper's
 * figures as before); each further tier of sixteen repeats the sixteen colours with the tier's own
 * symbol, dash and bar pattern together (any one of them tells two tiers apart: a bar shows only its
 * pattern, a line only its dash). After eight tiers (128 systems) the eight tiers start again with the
 * colours mixed 1 - 0.7^k of the way (k = ceil(round / 2)) towards white (odd rounds) or near-black
 * #1A1A1A (even rounds; pure black would leave the palette's black unchanged), a new shade each round,
 * so no two of the first 1,000 positions share a (colour, symbol, dash) style (checked in
 * test/plots/theme.test.ts; shades of two palette colours first coincide at position 1,413).
 * @example systemStyle(0)  // => { colour: '#0072B2', symbol: 'circle', dash: 'solid', pattern: '' }
 * @example systemStyle(17) // => { colour: '#E69F00', symbol: 'square', dash: 'dash', pattern: '/' }
 */
export function systemStyle(index: number): SystemStyle {
  if (!Number.isInteger(index) || index < 0) throw new J2GError(`systemStyle: index must be a whole number >= 0, got ${index}`);
  const n = SYSTEM_PALETTE_EXTENDED.length, tiers = TIER_SYMBOLS.length;
  const tier = Math.floor(index / n) % tiers;
  const round = Math.floor(index / (n * tiers));
  const base = SYSTEM_PALETTE_EXTENDED[index % n];
  const colour = round === 0 ? base : mixHex(base, round % 2 === 1 ? '#FFFFFF' : '#1A1A1A', 1 - 0.7 ** Math.ceil(round / 2));
  return { colour, symbol: TIER_SYMBOLS[tier], dash: TIER_DASHES[tier], pattern: TIER_PATTERNS[tier] };
}

/**
 * A style for every system, in the order given (first appearance wins). Pass every system of the
 * dataset so that a system keeps its look in every figure.
 * @example systemStyles(['a', 'b']).b.colour // => '#E69F00'
 */
export function systemStyles(systems: readonly string[]): Record<string, SystemStyle> {
  const out: Record<string, SystemStyle> = {};
  let i = 0;
  for (const s of systems) if (!(s in out)) out[s] = systemStyle(i++);
  return out;
}

/**
 * A figure's style lookup: `options.systemStyles` (the dataset's, from paperFigures) or else the
 * position among `keys`; a colour in `options.colours` overrides the style's colour.
 */
export function systemStyler(options: FigureOptions, keys: readonly string[]): (id: string) => SystemStyle {
  const own = systemStyles(keys);
  return (id) => {
    const style = options.systemStyles?.[id] ?? own[id] ?? systemStyle(0);
    const colour = options.colours?.[id];
    return colour ? { ...style, colour } : style;
  };
}

/**
 * Plotly bar-marker fields for per-bar patterns: `{}` when every pattern is solid (the spec is then
 * the same as without patterns), else white hatching over the bar colour.
 */
export function barPatterns(patterns: readonly string[]): { pattern?: { shape: string[]; fillmode: 'overlay'; fgcolor: string; solidity: number } } {
  return patterns.some((p) => p !== '') ? { pattern: { shape: [...patterns], fillmode: 'overlay', fgcolor: '#FFFFFF', solidity: 0.35 } } : {};
}

/** `hex` moved a fraction `f` of the way to `target` in sRGB. @example mixHex('#000000', '#FFFFFF', 0.5) // => '#808080' */
export function mixHex(hex: string, target: string, f: number): string {
  const ch = (h: string, i: number) => parseInt(h.slice(1 + 2 * i, 3 + 2 * i), 16);
  return `#${[0, 1, 2].map((i) => Math.round(ch(hex, i) + (ch(target, i) - ch(hex, i)) * f).toString(16).padStart(2, '0')).join('').toUpperCase()}`;
}

/**
 * Thirteen categories need more hues than any colour-blind-safe set has; Paul Tol's discrete
 * rainbow (14 colours, ordered so that neighbours differ in lightness; "Colour schemes", SRON
 * technical note, 2021) without its palest entry. Bars also carry the category name, so colour
 * is never the only key.
 */
export const CATEGORY_PALETTE = [
  '#1965B0', '#F1932D', '#4EB265', '#882E72', '#7BAFDE', '#DC050C', '#CAE0AB',
  '#AE76A3', '#F6C141', '#5289C7', '#E8601C', '#90C987', '#D1BBD7',
];

/** References and decompositions, from the same Okabe-Ito set. */
export const REFERENCE_COLOURS: Record<string, string> = {
  expert_only: OKABE_ITO.blue,
  expert_with_ai: OKABE_ITO.orange,
  ai_system: OKABE_ITO.green,
};
/** Outcomes: win and loss are blue and orange (never red against green); a tie is the pale blue between. */
export const OUTCOME_COLOURS: Record<string, string> = { win: OKABE_ITO.blue, tie: OKABE_ITO.sky, loss: OKABE_ITO.orange };

/**
 * A colour for every key, assigned in the order given (cycling when there are more keys than
 * colours). Pass the full list (every system of the dataset, every category) so that a key keeps its
 * colour in every figure.
 * @example colourMap(['sysX', 'sysY'], SYSTEM_PALETTE) // => { sysX: '#0072B2', sysY: '#E69F00' }
 */
export function colourMap(keys: readonly string[], palette: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  let i = 0;
  for (const k of keys) if (!(k in out)) out[k] = palette[i++ % palette.length];
  return out;
}

/** The colour of `key`, falling back to the palette position of `key` among `keys`. */
export function colourOf(key: string, colours: Record<string, string> | undefined, keys: readonly string[], palette: readonly string[]): string {
  return colours?.[key] ?? colourMap(keys, palette)[key] ?? palette[0];
}

/**
 * An axis whose title names the quantity and its unit: `axis('NVJ', 'USD/MJ')` → "NVJ (USD/MJ)".
 * Throws "axis requires a unit: NVJ" when the unit is empty (every axis of every figure has one).
 */
export function axis(label: string, unit: string, extra: Record<string, unknown> = {}): Axis {
  if (!unit) throw new J2GError(`axis requires a unit: ${label}`);
  return {
    title: { text: `${label} (${unit})` },
    zeroline: false,
    gridcolor: '#E5E5E5',
    linecolor: '#888888',
    ticks: 'outside',
    automargin: true,
    ...extra,
  };
}

/**
 * A category axis (labels, not quantities), e.g. the systems of a ranking; its "unit" says what the labels are.
 * Every category labelled: one tick per category (Plotly's automatic mode thins crowded category labels).
 */
export function labelAxis(label: string, extra: Record<string, unknown> = {}): Axis {
  return axis(label, 'label', { showgrid: false, ticks: '', ...EVERY_CATEGORY, ...extra });
}

/** A category axis's tick settings that label every category (Plotly would otherwise keep every n-th when crowded). */
export const EVERY_CATEGORY = { tickmode: 'linear', tick0: 0, dtick: 1 } as const;

export interface Provenance {
  name: string;
  provenance: 'recorded' | 'reconstructed' | 'synthetic';
  energy_boundary: string;
}

const PROVENANCE_TEXT: Record<Provenance['provenance'], string> = {
  recorded: 'recorded task-level measurements',
  reconstructed: "reconstructed from the paper's published aggregates, not task-level measurements",
  synthetic: "synthetic records, not measurements of any real system",
};

/**
 * The provenance sentence every caption ends with.
 * @example provenanceText({ name: 'synthetic-small', provenance: 'synthetic', energy_boundary: 'system' })
 * // => 'Data: synthetic-small (synthetic records, not measurements of any real system); energy boundary: system.'
 */
export function provenanceText(p: Provenance): string {
  return `Data: ${p.name} (${PROVENANCE_TEXT[p.provenance]}); energy boundary: ${p.energy_boundary}.`;
}

export interface FigureOptions {
  /** The paper's printed values for this figure (plots/published.ts), drawn beside the reproduced ones; absent: none drawn. */
  published?: PublishedValues | null;
  /** Dataset provenance for the caption; without it the caption says the data are unspecified. */
  provenance?: Provenance;
  /** Overrides the figure's default title. */
  title?: string;
  /** Overrides the figure's default caption (paperFigures sets it from the options: plots/captions.ts). */
  caption?: string;
  /** Colours by system id / category name (defaults: palettes in first-appearance order). */
  colours?: Record<string, string>;
  /** Looks by system id (default: `systemStyles` of the figure's own systems); `colours` overrides their colour. */
  systemStyles?: Record<string, SystemStyle>;
  /** Pixel size used by static export (interactive output fills its container). */
  width?: number;
  height?: number;
}

/**
 * The layout every figure starts from: title, font, white background, legend below the title, and
 * the caption as an annotation under the plot (also kept in `meta.caption`).
 */
export function baseLayout(figure: string, title: string, caption: string, options: FigureOptions): Layout {
  const full = `${options.caption ?? caption} ${options.provenance ? provenanceText(options.provenance) : 'Data: unspecified dataset.'}`;
  const height = options.height ?? 480;
  return {
    title: { text: options.title ?? title, xref: 'paper', x: 0, xanchor: 'left', yref: 'container', y: round3(1 - 12 / height), yanchor: 'top', font: { size: 15 } },
    font: FONT,
    paper_bgcolor: '#FFFFFF',
    plot_bgcolor: '#FFFFFF',
    width: options.width ?? 900,
    height,
    // room under the plot for the axis labels (60 px) and every caption line (about 14 px each)
    margin: { l: 70, r: 20, t: 100, b: Math.max(110, 66 + 14 * wrapText(full).split('<br>').length) },
    legend: { orientation: 'h', xref: 'paper', x: 0, yref: 'container', y: round3(1 - 44 / height), yanchor: 'top' },
    annotations: [captionAnnotation(full)],
    meta: { figure, caption: full },
  };
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}

/** Wrap a caption into lines of at most `width` characters (Plotly annotations do not wrap). */
export function wrapText(text: string, width = 120): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('<br>');
}

function captionAnnotation(text: string): Record<string, unknown> {
  return {
    text: wrapText(text), showarrow: false, xref: 'paper', yref: 'paper', x: 0, y: 0,
    xanchor: 'left', yanchor: 'top', yshift: -60, align: 'left', font: { size: 10, color: '#555555' },
    name: 'caption',
  };
}
