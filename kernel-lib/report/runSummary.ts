/**
 * What one `npm run reproduce` wrote and what it did not, shown at the top of report.html and printed
 * at the end of the run: a reader learns at once whether the page is complete (every notebook executed,
 * every figure as PNG and SVG) and, for each part missing, why and which command fixes it.
 */
import { escapeHtml } from '../export/plotly.ts';

/** One part of a run's output: written, or not written with the reason and the fix. */
export interface RunSummaryLine {
  /** the part, with its place: "15 notebooks executed (notebooks/*.ipynb, .html)" */
  what: string;
  written: boolean;
  /** for a part not written (or written in part): why, and the command that fixes it */
  detail: string;
}

/** The summary as a box: "Complete" when every part was written, else "Incomplete" with each missing part and its fix. */
export function runSummaryHtml(lines: readonly RunSummaryLine[] | undefined): string {
  if (!lines?.length) return '';
  const missing = lines.filter((l) => !l.written);
  const head = missing.length
    ? `<b class="fail">Incomplete run:</b> ${missing.length} part${missing.length === 1 ? ' was' : 's were'} not written.`
    : '<b class="pass">Complete run:</b> every part below was written.';
  const items = lines.map((l) => `<li>${l.written ? '✓' : '✗'} ${escapeHtml(l.what)}${l.detail ? ` <span class="note">${escapeHtml(l.detail)}</span>` : ''}</li>`).join('');
  return `<div class="run-summary" id="run-summary-box"><p>${head}</p><ul>${items}</ul></div>`;
}

/** The same as text, one line a part, for the end of the run's output. */
export function runSummaryText(lines: readonly RunSummaryLine[]): string {
  const missing = lines.filter((l) => !l.written).length;
  return [
    missing ? `INCOMPLETE: ${missing} part${missing === 1 ? '' : 's'} not written` : 'complete: every part written',
    ...lines.map((l) => `  ${l.written ? 'written    ' : 'NOT WRITTEN'}  ${l.what}${l.detail ? `: ${l.detail}` : ''}`),
  ].join('\n');
}
