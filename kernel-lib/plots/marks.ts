/**
 * Marks drawn inside a figure that are not its caption: a short note (what whiskers mean) and the
 * provenance badge, which says visibly, in the picture itself, when a figure's values rest on inputs
 * that no published number constrains. Kept apart from the captions (theme.ts `baseLayout`), which
 * the scenario code writes.
 *
 * Which figures rest on such inputs, for a reconstructed dataset, follows the reconstruction's README
 * (data/recorded/joules-to-gdp-reconstructed/README.md, "Free quantities" and "Figures 5, 6, 7 and
 * 12"): per-task values beyond the published aggregates, unweighted totals, the single-accelerator
 * deployments and the win/tie split are the generator's choices.
 */
import type { Layout, PlotSpec } from './spec.ts';
import type { Provenance } from './theme.ts';

export const RECONSTRUCTION_README = 'data/recorded/joules-to-gdp-reconstructed/README.md';

/** How much of a figure rests on reconstructed values that no published number constrains. */
export type Unconstrained = 'all' | 'part' | 'none';

/**
 * Per paper figure: what in it no published number constrains when the data are reconstructed, or
 * null when every value it draws is pinned by a published number or a public fact (by construction).
 */
export const UNCONSTRAINED_IN_RECONSTRUCTION: Record<string, { extent: Unconstrained; what: string } | null> = {
  '1a': null,
  '1b': null,
  '1scale': null,
  '1c': null,
  '1d': { extent: 'all', what: 'unweighted totals' },
  '2': { extent: 'all', what: 'per-task values and judgments' },
  '3': null,
  '4': null,
  '5': { extent: 'part', what: 'bottom row: unweighted totals' },
  '6': { extent: 'all', what: 'single-accelerator deployments' },
  '7': { extent: 'part', what: "one-H100 values beyond the text's ratios" },
  '9': null,
  '10': null,
  '11': { extent: 'part', what: "thresholds other than Table 22's single split" },
  '12': { extent: 'all', what: 'win/tie split and non-GLM outcomes' },
};

/**
 * The badge text for a figure of a dataset, or null when no badge is due. `differs`: the sentence of
 * tables/paperScenario.ts differsWords when the figure was computed under another scenario than the
 * paper's (its values are then not pinned by any published number, whatever the dataset).
 */
export function provenanceBadgeText(figure: string, p: Provenance | undefined, differs: string | null = null): string | null {
  if (!p) return null;
  if (p.provenance === 'synthetic') return 'SYNTHETIC DATA: not measurements of any real system';
  if (p.provenance !== 'reconstructed') return null;
  if (differs) return `RECONSTRUCTED, NOT CONSTRAINED BY THE PAPER<br>${differs}`;
  const u = UNCONSTRAINED_IN_RECONSTRUCTION[figure];
  if (!u) return 'RECONSTRUCTED: values pinned by published numbers';
  return `RECONSTRUCTED, ${u.extent === 'all' ? 'NOT' : 'PARTLY NOT'} CONSTRAINED BY THE PAPER<br>${u.what}: the generator's choice<br>see ${RECONSTRUCTION_README}`;
}

/**
 * Draw the provenance badge on a row of its own under the title (the figure grows by that row, the
 * plot keeps its size) and record it in `layout.meta.provenanceBadge`. Returns the spec for
 * chaining; no badge for recorded data.
 */
export function markProvenance(spec: PlotSpec, figure: string, p: Provenance | undefined, differs: string | null = null): PlotSpec {
  const text = provenanceBadgeText(figure, p, differs);
  if (!text) return spec;
  const layout = spec.layout;
  const lines = text.split('<br>').length;
  const badgePx = 12 * lines + 8;
  const rowPx = badgePx + 8;
  const height = ((layout.height as number | undefined) ?? 480) + rowPx;
  const margin = { ...(layout.margin as Record<string, number> | undefined) };
  margin.t = (margin.t ?? 100) + rowPx;
  layout.height = height;
  layout.margin = margin;
  // title and legend are placed from the figure's top edge (yref container): keep them there
  if (layout.title && (layout.title as Record<string, unknown>).yref === 'container') layout.title = { ...layout.title, y: round3(1 - 12 / height) };
  const legend = layout.legend as Record<string, unknown> | undefined;
  if (legend && legend.yref === 'container') layout.legend = { ...legend, y: round3(1 - (44 + rowPx) / height) };
  const warnColour = text.includes('NOT') || text.startsWith('SYNTHETIC');
  layout.annotations = [...(layout.annotations ?? []), {
    // annotations take no 'container' reference: place from the plot's top edge, 36 px under the figure's top
    text, showarrow: false, xref: 'paper', x: 0, xanchor: 'left', yref: 'paper', y: 1, yanchor: 'bottom', yshift: margin.t - 36 - badgePx,
    align: 'left', font: { size: 9, color: warnColour ? '#7A3B00' : '#444444' },
    bgcolor: warnColour ? '#FFF1D6' : '#F2F2F2', bordercolor: warnColour ? '#D55E00' : '#999999', borderwidth: 1, borderpad: 3,
    name: 'provenance-badge',
  }];
  layout.meta = { ...layout.meta, provenanceBadge: text.replace(/<br>/g, ' ') };
  return spec;
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}

/** A one-line note inside the figure, under the legend row, at the right (e.g. what whiskers mean). */
export function figureNote(layout: Layout, text: string): void {
  layout.annotations = [...(layout.annotations ?? []), {
    // bottom 28 px above the plot's top edge: above the panel titles, below title and legend rows
    text, showarrow: false, xref: 'paper', x: 1, xanchor: 'right', yref: 'paper', y: 1, yanchor: 'bottom', yshift: 28,
    align: 'right', font: { size: 10, color: '#555555' }, name: 'note',
  }];
}

/** Rows above the plot, px from the figure's top edge (theme.ts baseLayout's title, marks.ts's badge). */
const TITLE_ROW_PX = 36;
const LEGEND_ROW_PX = 22;
/** room above the plot's top edge for the panel titles (12 px bold, 4 px above the edge) and for a note (figureNote) */
const PANEL_TITLE_PX = 24;
const NOTE_PX = 44;

/** Whether Plotly draws a legend for `spec`: a trace asks for one, or two or more do not refuse it. */
export function legendShown(spec: PlotSpec): boolean {
  if (spec.layout.showlegend === false) return false;
  return spec.data.some((t) => t.showlegend === true && !t.legend) || spec.data.filter((t) => t.showlegend !== false && !t.legend).length > 1;
}

/**
 * A layout's margins, px: its own, and the figures' defaults (l 70, r 20, t 100, b 80) for those it
 * leaves out; other keys of `layout.margin` (pad, autoexpand) kept. A new object each call.
 * @example layoutMargins({ margin: { l: 120 } }) // => { l: 120, r: 20, t: 100, b: 80 }
 */
export function layoutMargins(layout: object): Record<string, number> & { l: number; r: number; t: number; b: number } {
  return { l: 70, r: 20, t: 100, b: 80, ...(layout as { margin?: Record<string, number> }).margin };
}

/**
 * Close the empty band between the rows above the plot and the plot (issue #24: about 100 px under
 * the badge of every figure at scale 2). From the figure's top edge: the title row; the badge's row
 * when there is one; the legend's rows only when a legend is drawn (estimated at 40 px plus 7 px a
 * character an entry, wrapped to the plot's width); then the plot, leaving room for a note
 * (figureNote) or the panel titles. The plot keeps its height: the figure shrinks by what the top
 * margin loses. Returns the spec for chaining.
 */
export function fitTopMargin(spec: PlotSpec): PlotSpec {
  const layout = spec.layout;
  const oldHeight = (layout.height as number | undefined) ?? 480;
  const margin = layoutMargins(layout);
  const annotations = layout.annotations ?? [];
  let cursor = TITLE_ROW_PX;
  const badge = annotations.find((a) => a.name === 'provenance-badge');
  const badgePx = badge ? 12 * String(badge.text).split('<br>').length + 8 : 0;
  if (badge) cursor += badgePx + 6;
  const legendTop = cursor;
  if (legendShown(spec)) {
    const width = ((layout.width as number | undefined) ?? 900) - margin.l - margin.r;
    const entries = spec.data.filter((t) => t.showlegend !== false && !t.legend).map((t) => 40 + 7 * String(t.name ?? '').length);
    let rows = 1, used = 0;
    for (const w of entries) { if (used > 0 && used + w > width) { rows++; used = 0; } used += w; }
    cursor += LEGEND_ROW_PX * rows + 4;
  }
  const note = annotations.some((a) => a.name === 'note');
  const panelTitles = annotations.some((a) => a.name === 'panel-title');
  const t = cursor + (note ? NOTE_PX : panelTitles ? PANEL_TITLE_PX : 10);
  const height = oldHeight - margin.t + t;
  layout.margin = { ...margin, t };
  layout.height = height;
  if (layout.title && (layout.title as Record<string, unknown>).yref === 'container') layout.title = { ...layout.title, y: round3(1 - 12 / height) };
  const legend = layout.legend as Record<string, unknown> | undefined;
  if (legend && legend.yref === 'container') layout.legend = { ...legend, y: round3(1 - legendTop / height) };
  // the badge is anchored to the plot's top edge: keep its top TITLE_ROW_PX under the figure's
  if (badge) layout.annotations = annotations.map((a) => (a === badge ? { ...a, yshift: t - TITLE_ROW_PX - badgePx } : a));
  return spec;
}

/**
 * One line per figure saying what its provenance badge says (or that the data are recorded): for a
 * notebook cell or report beside the figures, so the mark is in words as well as in the picture.
 * @example provenanceNotes(['6'], { name: 'r', provenance: 'recorded', energy_boundary: 'system' }) // => 'Figure 6: recorded data.'
 */
export function provenanceNotes(figures: readonly string[], p: Provenance): string {
  return figures.map((id) => {
    const t = provenanceBadgeText(id, p);
    return `Figure ${id}: ${t ? t.replace(/<br>/g, '; ') : 'recorded data'}.`;
  }).join('\n');
}
