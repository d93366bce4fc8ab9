/**
 * Reproduced numbers beside the published ones (data/published/), one row per published number that
 * was reproduced: {table, row, column, published, printed, reproduced, status, kind, byConstruction}.
 *
 * - kind `exact`: a point estimate; it must print as published (status `exact`).
 * - kind `approximate`: an interval endpoint (columns ending ` lo` / ` hi`) or a Table 16 number, which
 *   depend on resampling; `within tolerance` when |reproduced - published| <= `tolerance` (default 15%)
 *   of |published|, and never less than the larger of one printed unit and 15% of the printed
 *   interval's width (so endpoints near zero are not held to a vanishing band). `withinPlain` says
 *   whether it also lies within the plain 15% of |published|, so reports can show which rule it met.
 * Status grammar and rounding rule are kernel-lib/report/compare.ts's (`checkStatus`). Text claims use
 * table `text`, row = claim id, column `value`.
 */
import type { Published } from '../published/load.ts';
import { cellKey } from '../published/load.ts';
import { printedDecimals } from '../published/lookup.ts';
import { checkStatus, type CheckStatus } from './status.ts';
import type { ReproducedCell } from './cells.ts';

export type TargetKind = 'exact' | 'approximate';

export interface ComparisonRow {
  table: string;
  row: string;
  column: string;
  published: number;
  printed: string;
  reproduced: number | null;
  status: CheckStatus;
  kind: TargetKind;
  /** relative error |reproduced - published| / |published| (null when published is 0 or not reproduced) */
  relativeError: number | null;
  /** absolute tolerance of an approximate target (null for exact ones) */
  tolerance: number | null;
  /**
   * approximate targets: whether |reproduced - published| <= 15% (the `tolerance` option) of
   * |published| alone, without the near-zero allowances of `tolerance`; null for exact targets
   */
  withinPlain: boolean | null;
  byConstruction: boolean;
}

export interface CompareOptions {
  /** relative tolerance for approximate targets; default 0.15 */
  tolerance?: number;
  /** marks the numbers a reconstructed dataset was built to hit (default: none) */
  byConstruction?: (cell: { table: string; row: string; column: string }) => boolean;
}

/** Text claims that repeat a Table 16 number (J.2's leader shares): they depend on resampling too. */
const RESAMPLED_CLAIMS = new Set(['J.2.nvj_leader_retained', 'J.2.tsj_leader_retained']);

/** Interval endpoints, Table 16 and the text claims that repeat it are approximate; everything else is a point estimate. */
export function targetKind(table: string, column: string, row = ''): TargetKind {
  return table === '16' || / (lo|hi)$/.test(column) || (table === 'text' && RESAMPLED_CLAIMS.has(row)) ? 'approximate' : 'exact';
}

export function compareWithPublished(cells: ReproducedCell[], pub: Published, options: CompareOptions = {}): ComparisonRow[] {
  const tolerance = options.tolerance ?? 0.15;
  const out: ComparisonRow[] = [];
  for (const c of cells) {
    let published: { value: number; printed: string } | undefined;
    if (c.table === 'text') {
      // a claim printed as a word ("nine") or with thousands commas ("10,000") is compared too: the
      // loader has checked that its value is the printed number, and both print with 0 decimals
      published = pub.claims.get(c.row);
    } else {
      published = pub.tables.get(c.table)?.get(cellKey(c.row, c.column));
    }
    if (!published) continue;
    const kind = targetKind(c.table, c.column, c.row);
    let status: CheckStatus;
    let band: number | null = null;
    if (kind === 'exact') status = checkStatus(c.value, published.value, published.printed);
    else {
      const base = c.column.replace(/ (lo|hi)$/, '');
      const lo = pub.tables.get(c.table)?.get(cellKey(c.row, `${base} lo`))?.value;
      const hi = pub.tables.get(c.table)?.get(cellKey(c.row, `${base} hi`))?.value;
      const width = lo !== undefined && hi !== undefined ? Math.abs(hi - lo) : 0;
      const decimals = printedDecimals(published.printed);
      band = Math.max(tolerance * Math.abs(published.value), tolerance * width, 10 ** -decimals);
      status = checkStatus(c.value, published.value, published.printed, { relative: band / Math.max(Math.abs(published.value), 1e-300) });
    }
    const r = c.value;
    out.push({
      table: c.table, row: c.row, column: c.column, published: published.value, printed: published.printed,
      reproduced: r, status, kind,
      relativeError: r === null || published.value === 0 ? null : Math.abs(r - published.value) / Math.abs(published.value),
      tolerance: band,
      withinPlain: kind === 'exact' ? null : r !== null && Math.abs(r - published.value) <= tolerance * Math.abs(published.value),
      byConstruction: options.byConstruction?.(c) ?? false,
    });
  }
  return out;
}
