/**
 * The paper's tables from one options object, by number: the builders `j2g tables` uses, plus
 * Table 5 re-priced at the node rates of data/reference/node_rates.csv for the system's accelerator.
 */
import { join } from 'node:path';
import type { ColumnTable } from 'arquero';
import { J2GError } from '../errors.ts';
import { buildTables, TABLE_BUILDERS } from '../cli/commands/tables.ts';
import { DEFAULT_REFERENCE_DIR } from '../reference/load.ts';
import { table05, readNodeRates, type TableOptions } from '../tables/index.ts';

export const NODE_RATES_FILE = join(DEFAULT_REFERENCE_DIR, 'node_rates.csv');

/** Table 5 at the reference node rates; null when none matches the system's node type (accelerator and count). */
export function table05AtReferenceRates(options: TableOptions): ColumnTable | null {
  const ds = options.dataset;
  const system = ds.rows.systems.find((s) => s.system === (options.system ?? ds.manifest.primary_system));
  const rates = readNodeRates(NODE_RATES_FILE, system);
  return rates.length ? table05({ ...options, rates }) : null;
}

/** Table `id` ('1', '13', ... '22'). Throws J2GError when the dataset cannot support it. */
export function paperTable(options: TableOptions, id: string): ColumnTable {
  if (id === '5') {
    const t = table05AtReferenceRates(options);
    if (!t) throw new J2GError('table05: no node rate in data/reference/node_rates.csv for the system\'s accelerator');
    return t;
  }
  const build = TABLE_BUILDERS[`table${id.padStart(2, '0')}`];
  if (!build) throw new J2GError(`no table builder for Table ${id}`);
  return build(options);
}

/** Every table the dataset supports (named table01 ...), and why the others were skipped. */
export function paperTables(options: TableOptions): { tables: Record<string, ColumnTable>; skipped: Record<string, string> } {
  const r = buildTables(options);
  try {
    const t5 = table05AtReferenceRates(options);
    if (t5) r.tables.table05 = t5;
    else r.skipped.table05 = 'no node rate for the system\'s accelerator';
  } catch (e) {
    if (!(e instanceof J2GError)) throw e;
    r.skipped.table05 = e.message;
  }
  return r;
}
