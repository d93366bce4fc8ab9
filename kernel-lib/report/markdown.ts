/**
 * Paper tables as Markdown at the paper's printed precision (out/tables/tableNN.md): a column the
 * paper prints gets as many decimals as the paper prints for it (data/published/, the `printed`
 * text: `0.430` is 3), so the Markdown reads like the paper's table; the CSV beside it keeps full
 * precision. A column the paper does not print keeps 4 significant digits.
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { cellProvenanceNote, markedStrings, type TableCellProvenance } from './cellProvenance.ts';
import { reproducedCells, type CellLabels } from '../compare/index.ts';

/** Every id labelled as itself: each row yields cells, whatever dataset it comes from (only columns matter here). */
const ASIS = { get: (k: string) => k } as unknown as Map<string, string>;
const ASIS_LABELS: CellLabels = { category: ASIS, system: ASIS, judge: ASIS };
import type { Published } from '../published/load.ts';
import { printedDecimals } from '../published/lookup.ts';

/**
 * The decimals the paper prints for each numeric column of built table `name` (`table13`, ...): the
 * paper's column that this column is compared with (the same mapping as the checks,
 * `reproducedCells`), and the most decimals printed in it, over all its rows (so any dataset's rows,
 * not only the paper's, print at the paper's precision). Columns the paper does not print are absent.
 *
 * @example
 * // Table 13's win_tie_pct is printed as 69.0: { win_tie_pct: 1, credited_value_usd: 2, ... }
 */
export function printedDecimalsByColumn(name: string, table: ColumnTable, published: Published): Record<string, number> {
  const id = String(Number(name.replace(/^table/, '')));
  const printed = published.tables.get(id);
  if (!printed) return {};
  const rows = table.objects() as Record<string, unknown>[];
  const numeric = table.columnNames().filter((c) => rows.some((r) => typeof r[c] === 'number'));
  const out: Record<string, number> = {};
  for (const column of numeric) {
    // only this column keeps its numbers: the cells that come out are the ones it is compared as
    const probe = table.derive(Object.fromEntries(numeric.filter((c) => c !== column).map((c) => [c, () => null])));
    const labels = new Set(reproducedCells({ [name]: probe }, ASIS_LABELS).filter((c) => c.value !== null).map((c) => c.column));
    const decimals = [...printed.values()].filter((p) => labels.has(p.column)).map((p) => printedDecimals(p.printed));
    if (decimals.length) out[column] = Math.max(...decimals);
  }
  return out;
}

/** 4 significant digits, no exponent for ordinary magnitudes, for columns the paper does not print. */
function significant(v: number): string {
  return Number(v.toPrecision(4)).toString();
}

/**
 * Table `name` as Markdown, numbers at the paper's printed precision (`printedDecimalsByColumn`).
 * With `provenance` (a reconstructed dataset: cellProvenance.ts), every cell no published number
 * pins ends in † and a footnote line under the table says what † means and names the
 * reconstruction's README; without it (recorded, synthetic) the table is unmarked.
 *
 * @example
 * // | category | win_tie_pct | credited_value_usd | ...
 * // | Legal    | 60.0        | 180.25             | ...
 */
export function tableMarkdown(name: string, table: ColumnTable, published: Published, provenance?: TableCellProvenance | null): string {
  const decimals = printedDecimalsByColumn(name, table, published);
  const one = (c: string, v: unknown): string => {
    if (typeof v !== 'number') return v === null || v === undefined ? '' : String(v);
    if (!Number.isFinite(v)) return String(v);
    return c in decimals ? v.toFixed(decimals[c]) : significant(v);
  };
  const note = cellProvenanceNote(provenance);
  if (!note) return table.toMarkdown({ format: Object.fromEntries(table.columnNames().map((c) => [c, (v: unknown) => one(c, v)])) });
  const { rows, align } = markedStrings(table, one, provenance);
  return `${aq.from(rows, table.columnNames()).toMarkdown({ align })}\n${note}\n`;
}
