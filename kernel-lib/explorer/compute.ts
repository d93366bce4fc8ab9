/**
 * What the explorer computes for one scenario: every paper table (the builders `j2g tables` uses) and
 * every paper figure, as plain, structured-cloneable values a page or a Web Worker can pass around.
 * No DOM here: the page, the worker, the bench and the tests call the same functions.
 */
import type { ColumnTable } from 'arquero';
import { J2GError } from '../errors.ts';
import { formatNumber } from '../io/format.ts';
import { parseCsv } from '../io/csv.ts';
import { tableCaption } from '../plots/captions.ts';
import { paperFigures, type FigureResult, type PaperFigureOptions } from '../plots/paperFigures.ts';
import { nodeRatesOf, table05, type TableOptions } from '../tables/index.ts';
import { TABLE_BUILDERS } from '../tables/buildTables.ts';

/** The table builders, by output name, in paper order: `j2g tables`' TABLE_BUILDERS. */
export const EXPLORER_TABLES = TABLE_BUILDERS;

/**
 * Table 5, the cost sweep, at the node rates of a rates CSV's text (the reference rates,
 * data/reference/node_rates.csv) for the system's node type, as the report shows it.
 */
export function table05At(ratesCsv: string, file = 'node_rates.csv'): (o: TableOptions) => ColumnTable {
  return (o) => {
    const ds = o.dataset;
    const system = ds.rows.systems.find((s) => s.system === (o.system ?? ds.manifest.primary_system));
    const rates = nodeRatesOf(parseCsv(ratesCsv, file), system);
    if (!rates.length) throw new J2GError(`no node rate in ${file} for the node type of ${system?.system} (${system?.accelerator} x${system?.accelerator_count})`);
    return table05({ ...o, rates });
  };
}

/** Every table of the page, in paper order: EXPLORER_TABLES and, given the reference rates' text, Table 5. */
export function explorerTables(nodeRatesCsv: string | null): Record<string, (o: TableOptions) => ColumnTable> {
  if (nodeRatesCsv === null) return EXPLORER_TABLES;
  const { table01, table02, ...rest } = EXPLORER_TABLES;
  return { table01, table02, table05: table05At(nodeRatesCsv), ...rest };
}

/** Tables whose every number is an interval or a bootstrap statistic: computed in the interval pass only. */
export const INTERVAL_ONLY = new Set(['table16']);

/** A table as columns and rows of raw values (numbers, text, null). */
export interface TableData {
  columns: string[];
  rows: (number | string | null)[][];
}

export type TableResult = { name: string; table: TableData; caption: string; ms: number } | { name: string; skipped: string; ms: number };

/**
 * An Arquero table as TableData (numbers stay numbers, null for an empty cell).
 * @example tableData(table01({ dataset: loadDataset('data/recorded/synthetic-small'), bootstrap: false })).columns.slice(0, 2) // => ['system', 'cost_usd']
 */
export function tableData(t: ColumnTable): TableData {
  const columns = t.columnNames();
  const arrays = columns.map((c) => t.array(c) as unknown[]);
  const rows = Array.from({ length: t.numRows() }, (_, i) => arrays.map((a) => {
    const v = a[i];
    return v === undefined || v === null ? null : typeof v === 'number' ? v : String(v);
  }));
  return { columns, rows };
}

/**
 * Build one table with its caption (plots/captions.ts, from the options); a table the dataset cannot
 * support is `skipped` with the builder's reason. `builders` adds builders beside EXPLORER_TABLES (table05At).
 */
export function computeTable(name: string, options: TableOptions, builders: Record<string, (o: TableOptions) => ColumnTable> = EXPLORER_TABLES): TableResult {
  const t0 = performance.now();
  try {
    const build = builders[name] ?? EXPLORER_TABLES[name];
    return { name, table: tableData(build(options)), caption: tableCaption(name, options), ms: performance.now() - t0 };
  } catch (e) {
    if (!(e instanceof J2GError)) throw e;
    return { name, skipped: e.message, ms: performance.now() - t0 };
  }
}

/** Every table in `names` (default all but the interval-only ones when `options.bootstrap` is false). */
export function computeTables(options: TableOptions, names?: readonly string[], builders: Record<string, (o: TableOptions) => ColumnTable> = EXPLORER_TABLES): TableResult[] {
  const list = names ?? Object.keys(builders).filter((n) => options.bootstrap !== false || !INTERVAL_ONLY.has(n));
  return list.map((n) => computeTable(n, options, builders));
}

/** The reference constants the figures draw (Figure 1's energy scale, Figure 2's task titles), as the build wrote them. */
export interface FigureConstants {
  energyScale: NonNullable<PaperFigureOptions['energyScale']>;
  taskTitles: [string, { title: string }][];
}

/** Every paper figure (a spec, or the reason the dataset cannot support it). */
export function computeFigures(options: TableOptions, constants: FigureConstants | null = null): FigureResult[] {
  return paperFigures(constants ? { ...options, energyScale: constants.energyScale, taskTitles: new Map(constants.taskTitles) } : options);
}

/**
 * A cell as the page prints it: numbers to 6 significant digits (trailing zeros dropped, the value
 * `j2g tables` writes rounded the same way), text as is, an empty cell for null.
 * @example printedCell(0.123456789) // => '0.123457'
 */
export function printedCell(v: number | string | null): string {
  if (v === null) return '';
  if (typeof v !== 'number') return v;
  return formatNumber(Number(v.toPrecision(6)));
}
