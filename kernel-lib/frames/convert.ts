/**
 * Arquero <-> danfo.js tables, for readers who know pandas: the library computes with Arquero; a
 * notebook can hand any table to danfo (`head`, `describe`, `groupby`) and back.
 *
 * Columns keep their names and order; values pass through as JavaScript values (numbers stay
 * float64 even where danfo labels the column `float32`; `undefined` becomes null). A danfo frame's
 * index is not a column: `fromDanfo` drops it (call `df.resetIndex()` first to keep it).
 *
 * @example toDanfo(aq.table({ nvj: [168.1, 417.5] })).shape // => [2, 1]
 * @example fromDanfo(new dfd.DataFrame({ nvj: [168.1] })).array('nvj') // => [168.1]
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import * as dfd from 'danfojs-node';
import { J2GError } from '../errors.ts';

type Value = number | string | boolean | null;

function clean(v: unknown, column: string): Value {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString();
  throw new J2GError(`toDanfo requires numbers, strings or booleans: column ${column}`);
}

/** An Arquero table as a danfo DataFrame (same columns, same row order). */
export function toDanfo(table: ColumnTable): dfd.DataFrame {
  const names = table.columnNames();
  if (table.numRows() === 0) return new dfd.DataFrame([], { columns: names });
  const data: Record<string, Value[]> = {};
  for (const name of names) data[name] = Array.from(table.array(name) as ArrayLike<unknown>, (v) => clean(v, name));
  return new dfd.DataFrame(data, { columns: names });
}

/** A danfo DataFrame (or Series) as an Arquero table; the index is dropped. */
export function fromDanfo(frame: dfd.DataFrame | dfd.Series): ColumnTable {
  // danfojs-node's Series is not an instance of its exported Series class: test the dimension.
  if (frame.ndim === 1) {
    const name = String(frame.columns?.[0] ?? 'value');
    return aq.table({ [name]: Array.from(frame.values as unknown[], (v) => (v === undefined ? null : (v as Value))) });
  }
  const df = frame as dfd.DataFrame;
  const names = df.columns.map(String);
  if (df.shape[0] === 0) return aq.table(Object.fromEntries(names.map((n) => [n, [] as Value[]])));
  const rows = df.values as unknown[][];
  const cols: Record<string, Value[]> = Object.fromEntries(names.map((n) => [n, [] as Value[]]));
  for (const row of rows) names.forEach((n, j) => cols[n].push(row[j] === undefined ? null : (row[j] as Value)));
  return aq.table(cols, names);
}
