/**
 * A table of reproduced values beside published ones, the difference highlighted by status
 * (green exact, amber within tolerance, red off; values that hold by construction are marked).
 * Used by notebooks (showComparison) and by out/report.html.
 */
import type { CheckStatus, Comparison } from '../compare/status.ts';
import { escapeHtml } from '../export/plotly.ts';
import { printedDecimals } from '../published/lookup.ts';

export const STATUS_STYLE: Record<CheckStatus, { background: string; colour: string }> = {
  exact: { background: '#E3F4E1', colour: '#1B5E20' },
  'within tolerance': { background: '#FFF4CC', colour: '#7A5B00' },
  off: { background: '#FBE0DE', colour: '#A50E0E' },
  'not published': { background: '#F1F1F1', colour: '#555555' },
  'not reproduced': { background: '#F1F1F1', colour: '#555555' },
  'differs from the paper': { background: '#E8EEF7', colour: '#1F3A66' },
};

/** A row's status as every surface prints it: the reason of a value not compared, "(by construction)" where due. */
export function statusText(r: Comparison): string {
  if (r.status === 'differs from the paper') return r.reason ?? r.status;
  return `${r.status}${r.byConstruction ? ' (by construction)' : ''}`;
}

/**
 * A number with `decimals` digits after the point (the published number's printed precision plus
 * two), or a dash when absent. Fixed formatting: the same run prints the same text.
 */
export function formatNumber(v: number | null, decimals: number): string {
  return v === null || !Number.isFinite(v) ? '–' : v.toFixed(Math.max(0, Math.min(decimals, 8)));
}

const decimals = (r: Comparison) => printedDecimals(r.printed ?? '');

export function comparisonHtml(rows: readonly Comparison[], options: { caption?: string } = {}): string {
  const head = '<tr><th>Table</th><th>Row</th><th>Column</th><th>Published</th><th>Reproduced</th><th>Difference</th><th>Status</th></tr>';
  const body = rows.map((r) => {
    const d = decimals(r);
    const s = STATUS_STYLE[r.status];
    const status = statusText(r);
    return `<tr class="j2g-check" data-status="${r.status}" data-by-construction="${r.byConstruction}">`
      + `<td>${escapeHtml(r.table)}</td><td>${escapeHtml(r.row)}</td><td>${escapeHtml(r.column)}</td>`
      + `<td style="text-align:right">${r.printed === null ? '–' : escapeHtml(r.printed)}</td>`
      + `<td style="text-align:right">${formatNumber(r.reproduced, d + 2)}</td>`
      + `<td style="text-align:right;background:${s.background};color:${s.colour}">${r.difference === null ? '–' : (r.difference >= 0 ? '+' : '') + formatNumber(r.difference, d + 2)}</td>`
      + `<td style="background:${s.background};color:${s.colour}">${escapeHtml(status)}</td></tr>`;
  }).join('\n');
  const caption = options.caption ? `<caption style="text-align:left;caption-side:top">${escapeHtml(options.caption)}</caption>` : '';
  return `<table class="j2g-comparison" style="border-collapse:collapse;font-variant-numeric:tabular-nums">${caption}\n<thead>${head}</thead>\n<tbody>\n${body}\n</tbody></table>`;
}

/** The same table as aligned plain text (what a terminal or a text-only front end shows). */
export function comparisonText(rows: readonly Comparison[]): string {
  const lines = rows.map((r) => {
    const d = decimals(r);
    return [r.table, r.row, r.column, r.printed ?? '–', formatNumber(r.reproduced, d + 2), statusText(r)];
  });
  const all = [['table', 'row', 'column', 'published', 'reproduced', 'status'], ...lines];
  const widths = all[0].map((_, i) => Math.max(...all.map((l) => l[i].length)));
  return all.map((l) => l.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd()).join('\n');
}
