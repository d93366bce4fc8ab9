/**
 * Table 16: category-rank stability under one-task deletions (Joules-to-GDP J.2, Table 16), for
 * win-tie rate per MJ, NVJ and TSJ of one system (default the primary, pass@1, expert-only reference),
 * with the fixed occupation weights. P portfolios (the bootstrap draws setting, default 10,000, and
 * its seed) each remove one uniformly chosen task from every category (kernel-lib/uncertainty/
 * rankPortfolios.ts). Percentile ranges describe these perturbations, not confidence intervals.
 * Columns: ranking, median_rho, rho_p05, rho_p95 (type-7 percentiles of Spearman's rho),
 * leader_retained_pct, leader (the full-data leading category).
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { UnsupportedOutputError } from '../errors.ts';
import type { TableOptions } from './options.ts';
import { resolveContext, type ScenarioContext } from './context.ts';
import { evaluate, weightedCategories } from './evaluate.ts';
import { rankPortfolios, RANKINGS } from '../uncertainty/rankPortfolios.ts';
import { finitePercentiles } from '../uncertainty/percentileInterval.ts';
import { resolveBootstrap } from '../uncertainty/settings.ts';
import { warn } from '../warn.ts';

export function table16(options: TableOptions | ScenarioContext): ColumnTable {
  const ctx = resolveContext(options);
  const ev = evaluate(ctx);
  // Portfolios: the bootstrap's draws and seed, or (bootstrap off) the dataset's default settings.
  const settings = ctx.bootstrap === false ? resolveBootstrap(undefined, ctx.dataset.manifest?.bootstrap) : ctx.bootstrap;
  // Only categories with a positive weight have an average to rank (weightedCategories warns).
  const { categoryOf: cats, names } = weightedCategories(ctx, ev);
  if (names.length < 2) throw new UnsupportedOutputError(`table16 requires two or more categories with a positive weight: ${names.length}`);
  const c = ev.components;
  const groupOf = Int32Array.from(cats, (x) => names.indexOf(x));
  const tasks = Array.from(c.occupationIndex.keys()).filter((i) => groupOf[c.occupationIndex[i]] >= 0);
  const pick = (x: Float64Array) => Float64Array.from(tasks, (i) => x[i]);
  const result = rankPortfolios({
    occupationIndex: Int32Array.from(tasks, (i) => c.occupationIndex[i]), categoryOf: groupOf.map((g) => Math.max(0, g)), categories: names.length,
    weights: ev.weights, credit: pick(c.credit), valueUSD: pick(c.valueUSD), costUSD: pick(c.costUSD), energyMJ: pick(c.energyMJ), timeSavingHours: pick(c.timeSavingHours),
  }, settings);
  return aq.from(RANKINGS.map((ranking) => {
    const r = result[ranking];
    if (r.constantRankings) warn(`table16: ${ranking} has no variation in ${r.constantRankings} of ${r.rho.length} portfolios; their rank correlation is counted as 0`);
    const [median_rho, rho_p05, rho_p95] = finitePercentiles(r.rho, [0.5, 0.05, 0.95]);
    return {
      ranking,
      median_rho, rho_p05, rho_p95,
      leader_retained_pct: r.leaderRetainedPct,
      leader: names[r.leader],
    };
  }));
}
