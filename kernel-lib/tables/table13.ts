/**
 * Table 13 (and Table 14): category-normalised GDP-based task averages for one system, one policy
 * (default attempt 1), expert-only reference (Joules-to-GDP Appendix J.1).
 *
 * X~_c = sum_{o in c} (w_o / W_c) X_o / n_o for every component, then the ratios.
 * Table 13 columns: category, win_tie_pct, credited_value_usd, ai_cost_usd, time_saving_hours,
 * energy_mj, ai_time_hours, nvj, tsj. Table 14 columns: category, nv_per_ai_usd, nv_per_ai_hour.
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { returnsOf, type Components, type Returns } from '../metrics/aggregate.ts';
import type { TableOptions } from './options.ts';
import { byName, categoryAverages, evaluate } from './evaluate.ts';

export interface CategorySummary extends Components, Returns {
  category: string;
  /** W_c, the category's share of the occupation weights */
  weight: number;
}

/** Category rows in name order, each with its components and ratios. */
export function categorySummaries(options: TableOptions): CategorySummary[] {
  const ev = evaluate(options);
  const groups = categoryAverages(options, ev);
  return [...groups.keys()].sort(byName).map((category) => {
    const g = groups.get(category)!;
    return { category, ...g, ...returnsOf(g) };
  });
}

export function table13(options: TableOptions): ColumnTable {
  return aq.from(categorySummaries(options).map((c) => ({
    category: c.category,
    win_tie_pct: 100 * c.credit,
    credited_value_usd: c.valueUSD,
    ai_cost_usd: c.costUSD,
    time_saving_hours: c.timeSavingHours,
    energy_mj: c.energyMJ,
    ai_time_hours: c.aiHours,
    nvj: c.nvj,
    tsj: c.tsj,
  })));
}

/** Table 14, ordered by net value per AI dollar (highest first) as the paper prints it. */
export function table14(options: TableOptions): ColumnTable {
  const rows = categorySummaries(options).map((c) => ({ category: c.category, nv_per_ai_usd: c.nvPerAIDollar, nv_per_ai_hour: c.nvPerAIHour }));
  rows.sort((a, b) => (b.nv_per_ai_usd ?? -Infinity) - (a.nv_per_ai_usd ?? -Infinity) || byName(a.category, b.category));
  return aq.from(rows.map((r, i) => ({ rank: i + 1, ...r })));
}
