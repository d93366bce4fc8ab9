/**
 * Leave one unit out: whose tasks carry a conclusion. For the reference specification (the base
 * scenario) and each occupation (or each category) of the dataset, the dataset without that unit's
 * tasks (data/load.ts restrictDataset: their runs and judgments go too; the weights are renormalised
 * over the occupations left, Joules-to-GDP section 2.5) is evaluated again, and every conclusion that
 * holds in the reference specification (conclusions.ts) is evaluated on it. A unit is influential for a
 * conclusion when leaving it out moves the margin toward zero; the most influential is the one whose
 * removal leaves the smallest margin, and a conclusion `flips` without a unit when its margin is then
 * <= 0. Point estimates (the margins at the full sample of what is left); a conclusion that cannot be
 * evaluated without a unit (a leader category left out, a system left without tasks) counts as not
 * evaluated, with null margin.
 * @example leaveOut({ dataset: loadDataset('data/recorded/synthetic-small') }, 'category').units // => ['Cat1', 'Cat2']
 */
import { J2GError } from '../errors.ts';
import { restrictDataset } from '../data/load.ts';
import { CONTEXT_FIELDS, resolveContext, withScenario, type ScenarioContext } from '../tables/context.ts';
import type { TableOptions } from '../tables/options.ts';
import { conclusionsFor, leaderOf, type SpecRows } from './conclusions.ts';
import { specRows } from './multiverse.ts';

export const LEAVE_OUT_UNITS = ['occupation', 'category'] as const;
export type LeaveOutUnit = (typeof LEAVE_OUT_UNITS)[number];

export interface LeaveOutRow {
  conclusion: string;
  statement: string;
  /** the margin with every unit (the reference specification's) */
  margin: number;
  /** units whose removal leaves a margin (evaluated) */
  evaluated: number;
  /** units whose removal leaves a margin <= 0 */
  flips: string[];
  /** the unit whose removal leaves the smallest margin, and that margin (null: none evaluated) */
  mostInfluential: string | null;
  marginWithout: number | null;
}

export interface LeaveOutResult {
  by: LeaveOutUnit;
  units: string[];
  rows: LeaveOutRow[];
  /** every (unit, conclusion) margin without the unit; null where not evaluable */
  entries: { unit: string; conclusion: string; margin: number | null }[];
  /** units that could not be left out at all (the dataset without them cannot be evaluated), with the reason */
  refused: { unit: string; reason: string }[];
}

const marginsOf = (rows: SpecRows, conclusions: ReturnType<typeof conclusionsFor>) => conclusions.map((c) => c.margin(rows)?.value ?? null);

/** Leave each occupation (or category) out of the reference specification in turn (see the file comment). */
export function leaveOut(base: TableOptions | ScenarioContext, by: LeaveOutUnit): LeaveOutResult {
  if (!(LEAVE_OUT_UNITS as readonly string[]).includes(by)) throw new J2GError(`invalid leave-out unit: ${JSON.stringify(by)} (expected ${LEAVE_OUT_UNITS.join(' or ')})`);
  const ctx = withScenario(resolveContext(base), { bootstrap: false });
  const ds = ctx.dataset;
  const ref = specRows(ctx, null, null);
  const leaders = { nvj: leaderOf(ref.rows.systems, 'nvj'), tsj: leaderOf(ref.rows.systems, 'tsj'), catNvj: leaderOf(ref.rows.categories, 'nvj'), catTsj: leaderOf(ref.rows.categories, 'tsj') };
  const all = conclusionsFor(ds, ctx.system, ref.order, leaders);
  const refMargins = marginsOf(ref.rows, all);
  const conclusions = all.filter((_, i) => refMargins[i] !== null && refMargins[i]! > 0);
  const margins = conclusions.map((c) => c.margin(ref.rows)!.value);
  const unitOf = new Map(ds.rows.occupations.map((o) => [o.occupation, by === 'occupation' ? o.occupation : o.category]));
  const units = [...new Set(ds.rows.tasks.map((t) => unitOf.get(t.occupation)!))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // the base's chosen fields, on the dataset without the unit
  const chosen: Record<string, unknown> = {};
  for (const f of CONTEXT_FIELDS) if (!ctx.derived.includes(f)) chosen[f] = ctx[f];
  const entries: LeaveOutResult['entries'] = [];
  const refused: LeaveOutResult['refused'] = [];
  const without = conclusions.map(() => [] as { unit: string; margin: number }[]);
  for (const u of units) {
    let values: (number | null)[];
    try {
      const rest = restrictDataset(ds, { tasks: (t) => unitOf.get(t.occupation) !== u, occupations: (o) => unitOf.get(o.occupation) !== u });
      const c = resolveContext({ ...chosen, dataset: rest, bootstrap: false } as TableOptions);
      values = marginsOf(specRows(c, null, null).rows, conclusions);
    } catch (e) {
      if (!(e instanceof J2GError)) throw e;
      refused.push({ unit: u, reason: e.message.split('\n')[0] });
      continue;
    }
    values.forEach((m, i) => {
      entries.push({ unit: u, conclusion: conclusions[i].id, margin: m });
      if (m !== null) without[i].push({ unit: u, margin: m });
    });
  }
  const rows = conclusions.map((c, i): LeaveOutRow => {
    const w = without[i];
    const least = w.reduce<{ unit: string; margin: number } | null>((a, x) => (a === null || x.margin < a.margin ? x : a), null);
    return {
      conclusion: c.id, statement: c.statement, margin: margins[i], evaluated: w.length,
      flips: w.filter((x) => x.margin <= 0).map((x) => x.unit), mostInfluential: least?.unit ?? null, marginWithout: least?.margin ?? null,
    };
  });
  return { by, units, rows, entries, refused };
}

/** Rows that flip first (most units), then the smallest share of the margin left without the most influential unit. */
export function leaveOutOrder(r: LeaveOutResult): LeaveOutRow[] {
  const left = (x: LeaveOutRow) => (x.marginWithout === null ? Infinity : x.marginWithout / x.margin);
  return [...r.rows].sort((a, b) => b.flips.length - a.flips.length || left(a) - left(b) || (a.conclusion < b.conclusion ? -1 : 1));
}
