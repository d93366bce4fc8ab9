/**
 * The shared look of every figure: one font, one colour per AI system and per occupation category
 * (the same in every figure of a run), units on every axis, and a caption that states the dataset's
 * provenance.
 */
import { J2GError } from '../errors.ts';
import type { Axis, Layout } from './spec.ts';

export const FONT = { family: 'Inter, "Helvetica Neue", Helvetica, Arial, sans-serif', size: 12, color: '#222222' };

/** Okabe-Ito: eight colours that stay distinct under the common colour-vision deficiencies. */
export const SYSTEM_PALETTE = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#F0E442', '#000000'];

/** Thirteen well-separated colours, one per O*NET category the paper reports. */
export const CATEGORY_PALETTE = [
  '#4E79A7', '#F28E2B', '#E15759', '#76B7B2', '#59A14F', '#EDC948', '#B07AA1',
  '#FF9DA7', '#9C755F', '#BAB0AC', '#1F77B4', '#8C564B', '#17BECF',
];

/** Neutral colours for references and decompositions. */
export const REFERENCE_COLOURS: Record<string, string> = {
  expert_only: '#4E79A7',
  expert_with_ai: '#F28E2B',
  ai_system: '#59A14F',
};
export const OUTCOME_COLOURS: Record<string, string> = { win: '#1A9850', tie: '#FEE08B', loss: '#D73027' };

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
