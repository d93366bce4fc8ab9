/**
 * The table builders by output name (TABLE_BUILDERS, from the registry) and buildTables. Kept for the
 * callers that import them from here; the registry (registry.ts) is the one list.
 */
import type { ColumnTable } from 'arquero';
import type { TableOptions } from './options.ts';
import type { ScenarioContext } from './context.ts';
import { TABLES } from './registry.ts';

export { buildTables, TABLES, tableEntry, type TableEntry } from './registry.ts';

/** Every builder by output name, in paper order (Table 5 included: it needs a context with a sweep). */
export const TABLE_BUILDERS: Record<string, (o: TableOptions | ScenarioContext) => ColumnTable> = Object.fromEntries(TABLES.map((t) => [t.name, t.build as (o: TableOptions | ScenarioContext) => ColumnTable]));
