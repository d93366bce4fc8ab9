/**
 * Look up published numbers by table, row and column labels exactly as printed (see
 * `data/published/README.md`). A missing label throws a J2GError naming table, row and column.
 */
import { J2GError } from '../errors.ts';
import { cellKey, type Published, type PublishedCell, type TextClaim } from './load.ts';

/** The file a published table is read from: `table05.csv`. */
function tableFile(table: string | number): string {
  return `table${String(table).padStart(2, '0')}.csv`;
}

/** The cell of Table `table` at `row`, `column`. @example publishedCell(pub, '13', 'Legal', 'Win–tie (%)').printed // => '60.0' */
export function publishedCell(pub: Published, table: string | number, row: string, column: string): PublishedCell {
  const t = pub.tables.get(String(table));
  if (!t) throw new J2GError(`no published Table ${table} (expected ${tableFile(table)})`);
  const c = t.get(cellKey(row, column));
  if (!c) throw new J2GError(`no published value in Table ${table}: row "${row}", column "${column}" (${tableFile(table)})`);
  return c;
}

/** The number printed in Table `table` at `row`, `column`. @example publishedValue(pub, '17', 'Expert-only / Expert-only', 'TSJ (hours/MJ)') // => 3.823 */
export function publishedValue(pub: Published, table: string | number, row: string, column: string): number {
  return publishedCell(pub, table, row, column).value;
}

/** The row labels of Table `table` in file order. */
export function publishedRows(pub: Published, table: string | number): string[] {
  const t = pub.tables.get(String(table));
  if (!t) throw new J2GError(`no published Table ${table} (expected ${tableFile(table)})`);
  return [...new Set([...t.values()].map((c) => c.row))];
}

/** The text claim with id `claimId`. */
export function textClaim(pub: Published, claimId: string): TextClaim {
  const c = pub.claims.get(claimId);
  if (!c) throw new J2GError(`no published text claim ${claimId}`);
  return c;
}

/**
 * Number of digits after the decimal point in a printed number; integers and whole-number words give
 * 0, the fraction words as many as their value has ("half" 0.5: 1, "quarter" 0.25: 2).
 * @example printedDecimals('0.430') // => 3
 * @example printedDecimals('10,000') // => 0
 * @example printedDecimals('half') // => 1
 */
export function printedDecimals(printed: string): number {
  const word = FRACTION_WORD_DECIMALS[printed.trim().toLowerCase()];
  if (word !== undefined) return word;
  const m = /\.(\d+)$/.exec(printed.trim());
  return m ? m[1].length : 0;
}

const FRACTION_WORD_DECIMALS: Record<string, number> = { half: 1, quarter: 2 };
