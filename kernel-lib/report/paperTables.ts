/**
 * The paper's tables from one context, by number, as the report and the notebooks show them: the
 * registry's builders (tables/registry.ts), with Table 5 re-priced at the node rates of
 * data/reference/node_rates.csv for the system's node type when the scenario names no sweep of its own.
 */
import { join } from 'node:path';
import type { ColumnTable } from 'arquero';
import { DEFAULT_REFERENCE_DIR } from '../reference/load.ts';
import { readCsv } from '../io/csv.ts';
import { withSweepFrom } from '../tables/table05.ts';
import type { TableOptions } from '../tables/options.ts';
import type { ScenarioContext } from '../tables/context.ts';
import { buildTables, tableEntry } from '../tables/registry.ts';

export const NODE_RATES_FILE = join(DEFAULT_REFERENCE_DIR, 'node_rates.csv');

/** The context with Table 5's sweep: its own, else the reference node rates for the system's node type. */
export function withReferenceSweep(options: TableOptions | ScenarioContext): ScenarioContext {
  return withSweepFrom(options, readCsv(NODE_RATES_FILE));
}

/** Table `id` ('1', '13', ... '22'). Throws UnsupportedOutputError when the dataset cannot support it. */
export function paperTable(options: TableOptions | ScenarioContext, id: string): ColumnTable {
  return tableEntry(id).build(withReferenceSweep(options));
}

/** Every table the dataset supports (named table01 ...), and why the others were skipped. */
export function paperTables(options: TableOptions | ScenarioContext): { tables: Record<string, ColumnTable>; skipped: Record<string, string> } {
  return buildTables(withReferenceSweep(options));
}
