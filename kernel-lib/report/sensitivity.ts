/**
 * Small derived tables the notebooks show: the primary system's benchmark returns under each
 * weighting scheme, and the occupation weights themselves.
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { returnsOf } from '../metrics/aggregate.ts';
import { evaluate } from '../tables/evaluate.ts';
import type { TableOptions } from '../tables/options.ts';
import { weightRows } from '../plots/rows.ts';
import type { WeightScheme } from '../weights/schemes.ts';
import { weightSchemeName } from '../weights/schemes.ts';

/**
 * Benchmark averages (attempt 1, expert-only reference unless the options say otherwise) of the
 * system under each scheme: win_tie_pct, nvj (USD/MJ), tsj (hours/MJ), nv_per_ai_usd.
 */
export function weightSchemeComparison(options: TableOptions, schemes: WeightScheme[] = ['gdp', 'employment', 'equal']): ColumnTable {
  return aq.from(schemes.map((weights) => {
    const b = evaluate({ ...options, weights }).benchmark;
    const r = returnsOf(b);
    return { weights: weightSchemeName(weights), win_tie_pct: 100 * b.credit, nvj: r.nvj, tsj: r.tsj, nv_per_ai_usd: r.nvPerAIDollar };
  }));
}

/** Every occupation with tasks: sector, category and its weight in percent, largest first. */
export function weightTable(options: TableOptions): ColumnTable {
  const rows = weightRows(options).map((r) => ({ occupation: r.occupation, category: r.category, sector: r.sector, weight_pct: 100 * r.weight }));
  rows.sort((a, b) => b.weight_pct - a.weight_pct || (a.occupation < b.occupation ? -1 : 1));
  return aq.from(rows);
}
