/**
 * Notebook display helpers (tslab kernel).
 *
 * @example
 * await show(paperFigure('3', { dataset }));        // interactive Plotly, with its PNG for static viewers
 * showComparison(comparisons);                      // reproduced beside published, differences highlighted
 * showTable(table13({ dataset }));                  // any Arquero table
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { escapeHtml } from '../export/plotly.ts';
import { cellProvenanceNote, markedStrings, type TableCellProvenance } from '../report/cellProvenance.ts';
import type { PlotSpec } from '../plots/spec.ts';
import { paperFigures, type FigureId, type PaperFigureOptions } from '../plots/paperFigures.ts';
import type { Comparison } from '../report/compare.ts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { plotlyBundlePath } from '../export/plotly.ts';
import { figureBundle, figureId, plotlyLibraryBundle, type MimeBundle } from './bundle.ts';
import { comparisonHtml, comparisonText } from '../report/comparisonHtml.ts';
import { tslabSink, type DisplaySink } from './sink.ts';
import { staticImages } from './staticSvg.ts';
import { publishedFigureInputs, type PublishedFigureSource } from '../plots/published.ts';
import { publishedFigureSource } from '../report/paperDataset.ts';
import { loadPublished } from '../published/load.ts';
import { loadReference } from '../reference/load.ts';
import { resolveContext } from '../tables/context.ts';
import type { TableOptions } from '../tables/options.ts';
import { onWarning } from '../warn.ts';

export interface ShowOptions {
  /** where the bundle goes; default the tslab kernel */
  sink?: DisplaySink;
  /** false: no PNG (the live figure only) */
  static?: boolean;
  /** false: do not send plotly.js before the first figure (a sink that is no page) */
  library?: boolean;
}

let librarySent = false;
/** The figures shown in this kernel (id, title and caption): one shown again is a re-run cell. */
const shownFigures = new Set<string>();

/** Forget that plotly.js was sent (the next figure sends it again): a new page, or a test. */
export function resetPlotlyLibrary(): void {
  librarySent = false;
  shownFigures.clear();
}

/** The plotly.js output, once per kernel (null after the first): the installed bundle, inline. */
export function plotlyLibraryOnce(): MimeBundle | null {
  if (librarySent) return null;
  const require = createRequire(import.meta.url);
  const version = (require('plotly.js-dist/package.json') as { version: string }).version;
  const bundle = plotlyLibraryBundle(readFileSync(plotlyBundlePath(), 'utf8'), version);
  librarySent = true;
  return bundle;
}

/**
 * The plotly.js output to send before figure `spec`, or null: the first figure of a kernel, and a
 * figure shown again (a re-run cell, whose new output replaces the old: when that cell held the
 * library, the saved notebook would otherwise reopen with every figure static). A re-run figure cell
 * thus carries a copy of its own (its size is stated in the output).
 */
export function plotlyLibraryFor(spec: PlotSpec): MimeBundle | null {
  const key = JSON.stringify([spec.layout.meta.figure, spec.layout.title?.text ?? null, spec.layout.meta.caption]);
  const again = shownFigures.has(key);
  shownFigures.add(key);
  if (again) librarySent = false;
  return plotlyLibraryOnce();
}

/**
 * Display a figure: one output with the live figure (HTML that Classic Notebook, JupyterLab and VS
 * Code run), its PNG inside that HTML and beside it (static viewers), and the Plotly spec
 * (display/bundle.ts). The first figure of a kernel, and a figure shown again (a re-run cell), is
 * preceded by the output that loads plotly.js from the installed package (plotlyLibraryFor). Returns nothing, so that a cell ending in `await show(...)` prints
 * nothing else; pass a `sink` to capture the bundles.
 */
export async function show(spec: PlotSpec, options: ShowOptions = {}): Promise<void> {
  const sink = options.sink ?? tslabSink();
  const { png, note } = options.static === false ? { png: null, note: undefined } : await staticImages(spec);
  if (options.library !== false) {
    const library = plotlyLibraryFor(spec);
    if (library) sink(library);
  }
  sink(figureBundle(spec, png, note, figureId()));
}

/**
 * Build paper figure `id` from the options and display it; a figure the dataset cannot support is
 * replaced by a line saying why (Figures 6 and 7 need several deployments of one model). On the
 * paper's dataset under the paper's scenario it draws the paper's printed values too, as the report
 * and the explorer do (issue #24).
 */
export async function showFigure(id: FigureId, options: PaperFigureOptions, show_: ShowOptions = {}): Promise<void> {
  // the paper's printed values beside the reproduced ones, by the rule the report and the explorer
  // apply (plots/published.ts publishedFigureInputs: the paper's dataset only; paperFigures then draws
  // them only under the paper's scenario); options that name `published` themselves are kept as given
  const ds = resolveContext(options.context ?? (options as TableOptions)).dataset;
  const published = 'published' in options ? {} : publishedFigureInputs(ds, paperFigureSource());
  // the warnings raised while building it, kept from the cell's output: those about this figure are
  // shown under it, the others (a system left out of a table the figure does not show) only counted
  const raised: string[] = [];
  const listener = onWarning((m) => raised.push(m));
  let r: Awaited<ReturnType<typeof paperFigures>>[number];
  try {
    [r] = paperFigures({ ...published, ...options, figures: [id] });
  } finally {
    onWarning(listener);
  }
  const sink = show_.sink ?? tslabSink();
  if ('spec' in r) await show(r.spec, { ...show_, sink });
  else sink(notApplicable(`Figure ${id} is not drawn for this dataset`, r.skipped));
  const w = figureWarnings(id, raised.filter((m) => !m.startsWith(`Figure ${id} skipped:`)));
  if (w.shown.length || w.elsewhere) sink(figureWarningsBundle(id, w));
}

/** Figures that compare the dataset's systems (one per model): a system left out of Table 1 is missing from them. */
const COMPARING_SYSTEMS: readonly string[] = ['1d', '5', '6', '7', '12'];

/**
 * The warnings raised while building figure `id` that concern what it shows: those naming the
 * figure, and for a figure that compares systems those saying a system is left out; the others
 * (eight "left out of Table 1" lines under Figure 1(a), which shows one system) only counted.
 * @example figureWarnings('1a', ['system s has no expert_only judgments by J; it is left out of Table 1']) // => { shown: [], elsewhere: 1 }
 */
export function figureWarnings(id: string, messages: readonly string[]): { shown: string[]; elsewhere: number } {
  const distinct = [...new Set(messages)];
  // the figure as the text names it: "Figure 1(a)" for id 1a
  const names = [...new Set([id, id.replace(/^(\d+)([a-d])$/, '$1($2)')])].map((n) => n.replace(/[()]/g, '\\$&'));
  const about = (m: string) => names.some((n) => new RegExp(`\\bFigures? ${n}(?![\\w(])`).test(m)) || (COMPARING_SYSTEMS.includes(id) && /left out of Table 1/.test(m));
  const shown = distinct.filter(about);
  return { shown, elsewhere: distinct.length - shown.length };
}

/** The note under a figure: its warnings, and how many others were raised while building it. */
export function figureWarningsBundle(id: string, w: { shown: readonly string[]; elsewhere: number }): MimeBundle {
  const other = w.elsewhere ? `${w.elsewhere} other warning${w.elsewhere === 1 ? '' : 's'} raised while building it concern${w.elsewhere === 1 ? 's' : ''} tables or systems Figure ${id} does not show (warnings() lists them).` : '';
  const lines = w.shown.map((m) => `- ${m}`);
  return {
    'text/markdown': [w.shown.length ? `*Warnings about Figure ${id}:*` : '', ...lines, other ? `*${other}*` : ''].filter(Boolean).join('\n'),
    'text/plain': [w.shown.length ? `Warnings about Figure ${id}:` : '', ...lines, other].filter(Boolean).join('\n'),
  };
}

let paperSource: PublishedFigureSource | undefined;

/** The paper's printed values for figures (data/published, data/reference), read once per kernel: files of the repository, not state. */
function paperFigureSource(): PublishedFigureSource {
  paperSource ??= publishedFigureSource(loadPublished(), loadReference());
  return paperSource;
}

/** The output that stands in for a section the dataset cannot support: what, and why (a multi-line reason keeps its lines). */
export function notApplicable(what: string, reason: string): MimeBundle {
  return {
    'text/markdown': reason.includes('\n') ? `*${what}:*\n\n\`\`\`\n${reason}\n\`\`\`` : `*${what}: ${reason}.*`,
    'text/plain': `${what}: ${reason}${reason.includes('\n') ? '' : '.'}`,
  };
}

/** Display comparisons of reproduced against published values (HTML with a text fallback). */
export function showComparison(rows: readonly Comparison[], options: { caption?: string; sink?: DisplaySink } = {}): void {
  (options.sink ?? tslabSink())({ 'text/html': comparisonHtml(rows, options), 'text/plain': comparisonText(rows) });
}

/** Rows showTable shows unless told otherwise: a notebook stays small and fast to save. */
export const SHOW_TABLE_LIMIT = 50;

/**
 * Display an Arquero table as HTML (with a Markdown-ish text fallback): the first `limit` rows
 * (default SHOW_TABLE_LIMIT; `Infinity` for all), then a line "… N more rows (showTable(t, { limit: Infinity }) shows all)".
 * With `marks` (a reconstructed dataset's table: report/cellProvenance.ts), every cell no published
 * number pins ends in † and a one-line note under the table says so and names the reconstruction's README.
 */
export function showTable(table: ColumnTable, options: { limit?: number; digits?: number; sink?: DisplaySink; marks?: TableCellProvenance | null } = {}): void {
  const limit = options.limit ?? SHOW_TABLE_LIMIT;
  const digits = options.digits ?? 4;
  const one = (v: unknown) => (typeof v === 'number' ? Number(v.toPrecision(digits)).toString() : String(v ?? ''));
  const format = Object.fromEntries(table.columnNames().map((c) => [c, one]));
  const hidden = Math.max(0, table.numRows() - limit);
  const more = hidden ? `… ${hidden} more row${hidden === 1 ? '' : 's'} (showTable(t, { limit: Infinity }) shows all)` : '';
  const moreHtml = more ? `<p class="j2g-more-rows">${escapeHtml(more)}</p>` : '';
  const moreText = more ? `${more}\n` : '';
  const note = cellProvenanceNote(options.marks);
  if (!note) {
    (options.sink ?? tslabSink())({
      'text/html': `${table.toHTML({ limit, format })}${moreHtml}`,
      'text/plain': `${table.toMarkdown({ limit, format })}${moreText}`,
    });
    return;
  }
  const { rows, align } = markedStrings(table, (_c, v) => one(v), options.marks);
  const marked = aq.from(rows, table.columnNames());
  (options.sink ?? tslabSink())({
    'text/html': `${marked.toHTML({ limit, align })}${moreHtml}<p class="j2g-provenance-note">${escapeHtml(note)}</p>`,
    'text/plain': `${marked.toMarkdown({ limit, align })}${moreText}\n${note}`,
  });
}
