/**
 * A multiverse's results as arquero tables, for notebooks and the report: the conclusions from least
 * to most robust, and the specifications (unsupported ones with the reason).
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import type { MultiverseResult } from './multiverse.ts';
import { robustnessOrder } from './files.ts';

/**
 * The conclusions that hold in the reference specification (`reference: true`, default) or the others,
 * least robust first: conclusion, statement, holds, of, share, share_with_interval (fractions).
 */
export function conclusionsTable(r: MultiverseResult, options: { reference?: boolean; limit?: number } = {}): ColumnTable {
  const want = options.reference ?? true;
  const rows = robustnessOrder(r).filter((c) => (c.holdsInReference === true) === want).slice(0, options.limit ?? Infinity);
  return aq.from(rows.map((c) => ({ conclusion: c.conclusion, statement: c.statement, holds: c.holds, of: c.of, share: c.share, share_with_interval: c.shareWithInterval })));
}

/** Every specification: its id, grid values, supported or the reason, and its Table 1 systems. */
export function specsTable(r: MultiverseResult, options: { unsupportedOnly?: boolean } = {}): ColumnTable {
  const specs = options.unsupportedOnly ? r.specs.filter((s) => s.unsupported !== null) : r.specs;
  return aq.from(specs.map((s) => ({ spec_id: s.spec.id, ...(s.spec.labels as Record<string, string>), supported: s.unsupported === null, reason: s.unsupported ?? '', table1_systems: s.systems.length })));
}
