/**
 * Table 13 (and Table 14): category-normalised GDP-based task averages for one system, one policy
 * (default attempt 1), expert-only reference (Joules-to-GDP Appendix J.1).
 *
 * X~_c = sum_{o in c} (w_o / W_c) X_o / n_o for every component, then the ratios.
 * Table 13 columns: category, win_tie_pct, credited_value_usd, ai_cost_usd, time_saving_hours,
 * energy_mj, ai_time_hours, nvj, tsj, nvj_lo, nvj_hi, tsj_lo, tsj_hi (percentile 95% task-composition
 * intervals, J.2: tasks resampled within occupations, category components re-aggregated with the fixed
 * weights in every draw; the scenario's `noise` adds attempts, grading and meter error, tables/noisyDraws.ts). Table 14 columns: category, nv_per_ai_usd, nv_per_ai_hour.
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { returnsOf, type Components, type Returns } from '../metrics/aggregate.ts';
import type { TableOptions } from './options.ts';
import { resolveContext, type ScenarioContext } from './context.ts';
import { byName, categoryAverages, evaluate } from './evaluate.ts';
import { scenarioCategoryDraws } from './noisyDraws.ts';
import { ratioIntervals } from '../uncertainty/ratioIntervals.ts';
import { warn } from '../warn.ts';

export interface CategorySummary extends Components, Returns {
  category: string;
  /** W_c, the category's share of the occupation weights */
  weight: number;
}

/** Category rows in name order, each with its components and ratios. */
export function categorySummaries(options: TableOptions | ScenarioContext): CategorySummary[] {
  const ctx = resolveContext(options);
  const ev = evaluate(ctx);
  const groups = categoryAverages(ctx, ev);
  return [...groups.keys()].sort(byName).map((category) => {
    const g = groups.get(category)!;
    return { category, ...g, ...returnsOf(g) };
  });
}

export function table13(options: TableOptions | ScenarioContext): ColumnTable {
  const ctx = resolveContext(options);
  const draws = scenarioCategoryDraws(ctx);
  return aq.from(categorySummaries(ctx).map((c, g) => ({
    category: c.category,
    win_tie_pct: 100 * c.credit,
    credited_value_usd: c.valueUSD,
    ai_cost_usd: c.costUSD,
    time_saving_hours: c.timeSavingHours,
    energy_mj: c.energyMJ,
    ai_time_hours: c.aiHours,
    nvj: c.nvj,
    tsj: c.tsj,
    ...ratioIntervals(draws?.[g]),
  })));
}

/** Table 14, ordered by net value per AI dollar (highest first) as the paper prints it. */
export function table14(options: TableOptions | ScenarioContext): ColumnTable {
  const rows = categorySummaries(options).map((c) => ({ category: c.category, nv_per_ai_usd: c.nvPerAIDollar, nv_per_ai_hour: c.nvPerAIHour }));
  const noCost = rows.filter((r) => r.nv_per_ai_usd === null).map((r) => r.category);
  const noTime = rows.filter((r) => r.nv_per_ai_hour === null).map((r) => r.category);
  if (noCost.length) warn(`Table 14: zero AI cost in ${noCost.join(', ')}, so net value per AI dollar is undefined there, left empty and ranked last`);
  if (noTime.length) warn(`Table 14: zero AI time in ${noTime.join(', ')}, so net value per AI hour is undefined there and left empty`);
  rows.sort((a, b) => (b.nv_per_ai_usd ?? -Infinity) - (a.nv_per_ai_usd ?? -Infinity) || byName(a.category, b.category));
  return aq.from(rows.map((r, i) => ({ rank: i + 1, ...r })));
}
