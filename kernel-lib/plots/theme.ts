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

/** A category axis (labels, not quantities), e.g. the systems of a ranking; its "unit" says what the labels are. */
export function labelAxis(label: string, extra: Record<string, unknown> = {}): Axis {
  return axis(label, 'label', { showgrid: false, ticks: '', ...extra });
}

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
