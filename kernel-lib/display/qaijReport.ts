/**
 * The QAIJ seven-part report in a notebook: each part's title, then its table (part 2, one row per
 * system and occupation, limited to the first `systemsShown` systems' rows). Notebooks stay thin:
 * notebooks/11-qaij calls this instead of looping over the parts itself.
 */
import type { ColumnTable } from 'arquero';
import { qaijReportParts } from '../qaij/reportTables.ts';
import type { SevenPartReport } from '../qaij/sevenPartReport.ts';
import { showTable } from './show.ts';
import { tslabSink, type DisplaySink } from './sink.ts';

/** Show every part of a seven-part report (QAIJ seed, "Reporting"), in order. */
export function showQaijReportParts(report: SevenPartReport, options: { systemsShown?: number; sink?: DisplaySink } = {}): void {
  const sink = options.sink ?? tslabSink();
  for (const p of qaijReportParts(report)) {
    sink({ 'text/markdown': `**Part ${p.part}: ${p.title}**`, 'text/plain': `Part ${p.part}: ${p.title}` });
    showTable(p.table, { sink: options.sink, limit: p.part === 2 ? rowsOfFirstSystems(p.table, options.systemsShown ?? 3) : Infinity });
  }
}

/** How many leading rows belong to the first `n` systems of a table with a `system` column (all rows without one). */
function rowsOfFirstSystems(table: ColumnTable, n: number): number {
  if (!table.columnNames().includes('system')) return table.numRows();
  const systems = table.array('system') as unknown[];
  const seen = new Set<unknown>();
  for (let i = 0; i < systems.length; i++) {
    seen.add(systems[i]);
    if (seen.size > n) return i;
  }
  return systems.length;
}
