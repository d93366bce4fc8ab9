/**
 * A multiverse's results as arquero tables, for notebooks and the report: the conclusions from least
 * to most robust, and the specifications (unsupported ones with the reason).
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import type { MultiverseResult } from './multiverse.ts';
import { robustnessOrder } from './files.ts';
import { leaveOutOrder, type LeaveOutResult } from './leaveOut.ts';

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

/**
 * The joint tests of the conclusions that hold in the reference specification (inference.ts), least
 * supported first (largest p of the share): conclusion, specs, share, share_null_95, p_share,
 * median_margin, p_median.
 */
export function jointTestTable(r: MultiverseResult, options: { limit?: number } = {}): ColumnTable {
  const held = new Set(r.conclusions.filter((c) => c.holdsInReference === true).map((c) => c.conclusion));
  const rows = r.jointTests.filter((j) => held.has(j.conclusion)).sort((a, b) => b.pShare - a.pShare || (a.conclusion < b.conclusion ? -1 : 1)).slice(0, options.limit ?? Infinity);
  return aq.from(rows.map((j) => ({ conclusion: j.conclusion, specs: j.specs, share: j.share, share_null_95: j.shareNull95, p_share: j.pShare, median_margin: j.median, p_median: j.pMedian })));
}

/** The spread of the bootstrap system's NVJ and TSJ by choice (inference.ts choiceSpread), largest share first per quantity; fields with one value left out. */
export function spreadTable(r: MultiverseResult): ColumnTable {
  const rows = (['nvj', 'tsj'] as const).flatMap((q) => r.spread.filter((x) => x.quantity === q && x.levels > 1).sort((a, b) => b.eta2 - a.eta2));
  return aq.from(rows.map((x) => ({ quantity: x.quantity, choice: x.field, values: x.levels, eta2: x.eta2, change_median: x.rangeMedian, change_max: x.rangeMax })));
}

/** A leave-one-out run (leaveOut.ts) as a table, the conclusions that flip first: statement, margin, flips (count), most_influential, margin_without. */
export function leaveOutTable(l: LeaveOutResult, options: { limit?: number } = {}): ColumnTable {
  return aq.from(leaveOutOrder(l).slice(0, options.limit ?? Infinity).map((x) => ({
    conclusion: x.statement, margin: x.margin, flips: x.flips.length, of: x.evaluated, most_influential: x.mostInfluential, margin_without: x.marginWithout,
  })));
}
