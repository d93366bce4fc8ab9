/**
 * Every paper table builder by output name, and buildTables: every table a dataset supports under one
 * options object, with the reason for each one it cannot support. Domain code (no files): `j2g tables`,
 * the report, compareScenarios and the browser explorer all build their tables through it.
 */
import type { ColumnTable } from 'arquero';
import { J2GError } from '../errors.ts';
import type { TableOptions } from './options.ts';
import { table01 } from './table01.ts';
import { table02 } from './table02.ts';
import { table13, table14 } from './table13.ts';
import { table15 } from './table15.ts';
import { table19, table20, table21 } from './policyTables.ts';
import { table16 } from './table16.ts';
import { table17 } from './table17.ts';
import { table18 } from './table18.ts';
import { table22 } from './table22.ts';

export const TABLE_BUILDERS: Record<string, (o: TableOptions) => ColumnTable> = {
  table01, table02, table13, table14, table15, table16, table17, table18, table19, table20, table21, table22,
};

/** Build every table the dataset supports; a table that cannot be built is reported, not written. */
export function buildTables(options: TableOptions, only: { except?: readonly string[] } = {}): { tables: Record<string, ColumnTable>; skipped: Record<string, string> } {
  const tables: Record<string, ColumnTable> = {};
  const skipped: Record<string, string> = {};
  for (const [name, build] of Object.entries(TABLE_BUILDERS)) {
    if (only.except?.includes(name)) continue;
    try {
      tables[name] = build(options);
    } catch (e) {
      if (!(e instanceof J2GError)) throw e;
      skipped[name] = e.message;
    }
  }
  return { tables, skipped };
}
