/**
 * Table 18: percentage reductions of NVJ and TSJ when the expert-with-AI reference replaces the
 * expert-only one in judgments, times or both (Joules-to-GDP K.1, Table 18), from the four cells of
 * Table 17 and their shared draws. Each reduction is 100 (1 - end / start) with the relevant starting
 * cell as denominator, and its percentile 95% interval is taken over the same draws (paired).
 *
 * Rows: the five changes in the paper's order, then two attribution rows: the share (percent) of the
 * total decline (start -> both changed) attributed to judgments and to time valuation, each averaged
 * over the two switching orders (K.1 "Interaction and attribution": 56.7% / 43.3% for NVJ).
 * Columns: change, fixed, nvj_reduction_pct, nvj_reduction_lo, nvj_reduction_hi, tsj_reduction_pct,
 * tsj_reduction_lo, tsj_reduction_hi. A draw whose starting value (or, for the attribution, total
 * change) is exactly zero has no reduction: it is left out of that interval, with one warning that
 * counts such draws (it happens only on tiny datasets, where a draw can hold no credited task). A
 * full-data start of 0 (TSJ when no task is credited) or zero total change leaves that point cell
 * empty, with a warning; the other cells are still computed.
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { returnsOf } from '../metrics/aggregate.ts';
import type { TableOptions } from './options.ts';
import type { ScenarioContext } from './context.ts';
import { crossingCells } from './table17.ts';
import { percentReduction, percentReductionDraws } from '../uncertainty/percentReduction.ts';
import { twoOrderAttribution } from '../uncertainty/twoOrderAttribution.ts';
import { percentileInterval } from '../uncertainty/percentileInterval.ts';
import { nvjDraws, tsjDraws } from '../uncertainty/ratioDraws.ts';
import { warn } from '../warn.ts';

/** [change, fixed, start cell, end cell], cells indexed as CROSSINGS (eo/eo, wai/eo, eo/wai, wai/wai). */
export const REDUCTIONS: [string, string, number, number][] = [
  ['judgments', 'expert_only times', 0, 1],
  ['times', 'expert_only judgments', 0, 2],
  ['times', 'expert_with_ai judgments', 1, 3],
  ['judgments', 'expert_with_ai times', 2, 3],
  ['judgments and times', 'none', 0, 3],
];

type Bounds = { lo: number | null; hi: number | null };

function bounds(x: Float64Array | number[] | null): Bounds {
  if (!x || x.length === 0) return { lo: null, hi: null };
  const r = percentileInterval(x instanceof Float64Array ? x : Float64Array.from(x));
  return { lo: r.lower, hi: r.upper };
}

/** Attribution shares in every draw where the total change is nonzero; counts the others. */
function attributionDraws(v: Float64Array[]): { judgments: number[]; times: number[]; skipped: number } {
  const judgments: number[] = [], times: number[] = [];
  let skipped = 0;
  for (let b = 0; b < v[0].length; b++) {
    if (v[0][b] - v[3][b] === 0 || v[0][b] === 0) { skipped++; continue; }
    const a = twoOrderAttribution(v[0][b], v[1][b], v[2][b], v[3][b]);
    judgments.push(a.judgmentsSharePct);
    times.push(a.timesSharePct);
  }
  return { judgments, times, skipped };
}

export function table18(options: TableOptions | ScenarioContext): ColumnTable {
  const { cells, draws } = crossingCells(options);
  const point = cells.map((c) => returnsOf(c.benchmark));
  const nvj = point.map((r) => r.nvj), tsj = point.map((r) => r.tsj);
  const nvjD = draws ? draws.map((d) => nvjDraws(d.valueUSD, d.costUSD, d.energyMJ)) : null;
  const tsjD = draws ? draws.map((d) => tsjDraws(d.timeSavingHours, d.energyMJ)) : null;
  let skipped = 0;
  const reductionBounds = (d: Float64Array[] | null, s: number, e: number) => {
    if (!d) return bounds(null);
    const r = percentReductionDraws(d[s], d[e]);
    skipped = Math.max(skipped, r.undefinedDraws);
    return bounds(r.values);
  };
  // A full-data start of 0 (TSJ when no task is credited) or a zero total change has no reduction
  // or attribution: that cell is left empty, with a warning, and the rest of the table stands.
  const empty: string[] = [];
  const reduction = (v: number[], metric: string, s: number, e: number) => {
    if (v[s] !== 0) return percentReduction(v[s], v[e]);
    empty.push(`${metric} reductions from a start of 0`);
    return null;
  };
  const attribution = (v: number[], metric: string) => {
    if (v[0] !== 0 && v[0] - v[3] !== 0) return twoOrderAttribution(v[0], v[1], v[2], v[3]);
    empty.push(`${metric} attribution (${v[0] === 0 ? 'start' : 'total change'} is 0)`);
    return null;
  };
  const rows = REDUCTIONS.map(([change, fixed, s, e]) => {
    const n = reductionBounds(nvjD, s, e);
    const t = reductionBounds(tsjD, s, e);
    return {
      change, fixed,
      nvj_reduction_pct: reduction(nvj, 'NVJ', s, e), nvj_reduction_lo: n.lo, nvj_reduction_hi: n.hi,
      tsj_reduction_pct: reduction(tsj, 'TSJ', s, e), tsj_reduction_lo: t.lo, tsj_reduction_hi: t.hi,
    };
  });
  const an = attribution(nvj, 'NVJ');
  const at = attribution(tsj, 'TSJ');
  if (empty.length) warn(`table18: no value for ${[...new Set(empty)].join(', ')}; those cells are left empty`);
  const dn = nvjD ? attributionDraws(nvjD) : null;
  const dt = tsjD ? attributionDraws(tsjD) : null;
  skipped = Math.max(skipped, dn?.skipped ?? 0, dt?.skipped ?? 0);
  if (skipped) warn(`table18: a starting value or total change is zero in up to ${skipped} of ${draws![0].energyMJ.length} draws, which have no reduction; the intervals use the other draws`);
  const fixed = 'share of total decline, mean of both orders';
  const jn = bounds(dn?.judgments ?? null), tn = bounds(dn?.times ?? null), jt = bounds(dt?.judgments ?? null), tt = bounds(dt?.times ?? null);
  rows.push(
    { change: 'attribution: judgments', fixed, nvj_reduction_pct: an?.judgmentsSharePct ?? null, nvj_reduction_lo: jn.lo, nvj_reduction_hi: jn.hi, tsj_reduction_pct: at?.judgmentsSharePct ?? null, tsj_reduction_lo: jt.lo, tsj_reduction_hi: jt.hi },
    { change: 'attribution: times', fixed, nvj_reduction_pct: an?.timesSharePct ?? null, nvj_reduction_lo: tn.lo, nvj_reduction_hi: tn.hi, tsj_reduction_pct: at?.timesSharePct ?? null, tsj_reduction_lo: tt.lo, tsj_reduction_hi: tt.hi },
  );
  return aq.from(rows);
}
