/**
 * Notebook display helpers (tslab kernel).
 *
 * @example
 * await show(paperFigure('3', { dataset }));        // interactive Plotly + static SVG
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
import { figureBundle, type MimeBundle } from './bundle.ts';
import { comparisonHtml, comparisonText } from '../report/comparisonHtml.ts';
import { tslabSink, type DisplaySink } from './sink.ts';
import { staticImages } from './staticSvg.ts';

export interface ShowOptions {
  /** where the bundle goes; default the tslab kernel */
  sink?: DisplaySink;
  /** false: interactive output only, no SVG or PNG */
  static?: boolean;
}

/**
 * Display a figure: Plotly (interactive), SVG and PNG (static) in one output. Returns nothing, so that a
 * cell ending in `await show(...)` prints nothing else; pass a `sink` to capture the bundle.
 */
export async function show(spec: PlotSpec, options: ShowOptions = {}): Promise<void> {
  const sink = options.sink ?? tslabSink();
  const { svg, png, note } = options.static === false ? { svg: null, png: null, note: undefined } : await staticImages(spec);
  const bundle = figureBundle(spec, svg, note, png);
  sink(bundle);
}

/**
 * Build paper figure `id` from the options and display it; a figure the dataset cannot support is
 * replaced by a line saying why (Figures 6 and 7 need several deployments of one model).
 */
export async function showFigure(id: FigureId, options: PaperFigureOptions, show_: ShowOptions = {}): Promise<void> {
  const [r] = paperFigures({ ...options, figures: [id] });
  if ('spec' in r) return show(r.spec, show_);
  (show_.sink ?? tslabSink())(notApplicable(`Figure ${id} is not drawn for this dataset`, r.skipped));
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

/**
 * Display an Arquero table as HTML (with a Markdown-ish text fallback); `limit` rows (default all).
 * With `marks` (a reconstructed dataset's table: report/cellProvenance.ts), every cell no published
 * number pins ends in † and a one-line note under the table says so and names the reconstruction's README.
 */
export function showTable(table: ColumnTable, options: { limit?: number; digits?: number; sink?: DisplaySink; marks?: TableCellProvenance | null } = {}): void {
  const limit = options.limit ?? Infinity;
  const digits = options.digits ?? 4;
  const one = (v: unknown) => (typeof v === 'number' ? Number(v.toPrecision(digits)).toString() : String(v ?? ''));
  const format = Object.fromEntries(table.columnNames().map((c) => [c, one]));
  const note = cellProvenanceNote(options.marks);
  if (!note) {
    (options.sink ?? tslabSink())({
      'text/html': table.toHTML({ limit, format }),
      'text/plain': table.toMarkdown({ limit, format }),
    });
    return;
  }
  const { rows, align } = markedStrings(table, (_c, v) => one(v), options.marks);
  const marked = aq.from(rows, table.columnNames());
  (options.sink ?? tslabSink())({
    'text/html': `${marked.toHTML({ limit, align })}<p class="j2g-provenance-note">${escapeHtml(note)}</p>`,
    'text/plain': `${marked.toMarkdown({ limit, align })}\n${note}`,
  });
}
