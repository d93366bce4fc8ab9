/**
 * The check that ends each step-by-step construction of notebook 00b-the-method: rows built by hand
 * (Arquero verbs on the dataset's records) against the library's rows, column by column.
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { J2GError } from '../errors.ts';

/**
 * One row per (key, column): the hand-built value, the library's, their difference and whether they
 * agree (relative difference at most `rtol`, default 1e-9). Throws a
 * J2GError naming every cell that does not agree, or a key the
 * library has and the hand-built table lacks; returns the table when they agree.
 *
 * @example
 * const a = aq.from([{ category: 'Legal', nvj: 203.35 }]);
 * sameRows(a, a, 'category', ['nvj']).numRows() // => 1
 */
export function sameRows(hand: ColumnTable, library: ColumnTable, key: string, columns: readonly string[], rtol = 1e-9): ColumnTable {
  const mine = new Map((hand.objects() as Record<string, unknown>[]).map((r) => [String(r[key]), r]));
  const rows: { [k: string]: string | number | boolean }[] = [];
  const bad: string[] = [];
  for (const lib of library.objects() as Record<string, unknown>[]) {
    const k = String(lib[key]);
    const h = mine.get(k);
    if (!h) {
      bad.push(`${key} ${k}: not in the hand-built table`);
      continue;
    }
    for (const c of columns) {
      const x = Number(h[c]), y = Number(lib[c]);
      const diff = x - y;
      const agrees = Math.abs(diff) <= rtol * Math.max(1, Math.abs(y));
      rows.push({ [key]: k, column: c, by_hand: x, library: y, difference: diff, agrees });
      if (!agrees) bad.push(`${key} ${k}, ${c}: by hand ${x}, library ${y}`);
    }
  }
  if (bad.length) throw new J2GError(`the hand-built rows differ from the library's:\n  ${bad.join('\n  ')}`);
  return aq.from(rows);
}
