/**
 * The uncertainty budget (issue #26, part 2): for every Table 1 row and every Table 13 category of the
 * context's system, the width of the percentile 95% interval of NVJ (USD/MJ) and TSJ (hours/MJ) with
 * tasks only (today's intervals), then with each other source added alone (noise.ts: attempts,
 * grading, meter), then with all of them; and each source's share of the variance of the draws with
 * all sources on:
 *   share_tasks = var(tasks) / var(all), share_s = (var(tasks + s) - var(tasks)) / var(all),
 *   share_interaction = 1 - the others (what the sources add together beyond their sum; can be < 0).
 * A source's share can be slightly negative by Monte Carlo error when it adds little. All five
 * configurations run through the two-stage loop (noise.ts, path 'hierarchical'), so that a source that
 * changes nothing (one judge, one attempt) adds exactly zero; width_tasks equals today's interval up
 * to summation order (about 1e-12 relative).
 * Every configuration resamples the same tasks (each source has its own stream, noise.ts), so the
 * widths differ only by the source added.
 */
import { J2GError } from '../errors.ts';
import { resolveContext, withScenario, type ScenarioContext } from '../tables/context.ts';
import type { TableOptions } from '../tables/options.ts';
import { systemSummaries } from '../tables/table01.ts';
import { categorySummaries } from '../tables/table13.ts';
import { percentileIntervalInPlace } from '../uncertainty/percentileInterval.ts';
import { noisyDraws, NO_NOISE, type Noise, type NoisyDraws } from './noise.ts';
import { formatCsv } from '../io/csv.ts';
import { formatNumber } from '../io/format.ts';
import { uncertaintyBudgetFigure } from '../plots/uncertaintyBudget.ts';
import type { FigureOptions } from '../plots/theme.ts';
import type { PlotSpec } from '../plots/spec.ts';

export const SOURCES = ['attempts', 'grading', 'meter'] as const;
export type Source = (typeof SOURCES)[number];

export interface BudgetRow {
  scope: 'table01' | 'table13';
  row: string;
  metric: 'nvj' | 'tsj';
  estimate: number;
  /** 95% interval widths: tasks only, tasks + each source, all sources */
  width: Record<'tasks' | Source | 'all', number>;
  /** shares of the variance with all sources (null: no variance at all) */
  share: Record<'tasks' | Source | 'interaction', number> | null;
}

const ratio = (d: NoisyDraws, metric: 'nvj' | 'tsj') => Float64Array.from(d.energyMJ, (e, b) => (metric === 'nvj' ? (d.valueUSD[b] - d.costUSD[b]) / e : d.timeSavingHours[b] / e));
const width = (x: Float64Array) => { const i = percentileIntervalInPlace(x.slice()); return i.upper - i.lower; };
function variance(x: Float64Array): number {
  let m = 0;
  for (const v of x) m += v;
  m /= x.length;
  let s = 0;
  for (const v of x) s += (v - m) * (v - m);
  return s / (x.length - 1);
}

/**
 * The budget of `options` (a context; its bootstrap must be on) with the meter errors `meter` (relative
 * standard deviations; default eps 0.05, beta 0.02: an assumption to show the mechanics, not a
 * measurement). Table 1's systems, then Table 13's categories of the context's system.
 */
export function uncertaintyBudget(options: TableOptions | ScenarioContext, meter: { eps: number; beta: number } = { eps: 0.05, beta: 0.02 }): BudgetRow[] {
  const ctx = resolveContext(options);
  if (!ctx.bootstrap) throw new J2GError('uncertaintyBudget requires the bootstrap (draws) to be on');
  const configs: Record<'tasks' | Source | 'all', Noise> = {
    tasks: NO_NOISE,
    attempts: { ...NO_NOISE, attempts: true },
    grading: { ...NO_NOISE, grading: true },
    meter: { ...NO_NOISE, meter },
    all: { attempts: true, grading: true, meter },
  };
  const out: BudgetRow[] = [];
  const add = (scope: BudgetRow['scope'], draws: Record<string, { names: string[]; draws: NoisyDraws[] } | null>) => {
    const names = draws.tasks!.names;
    names.forEach((row, g) => {
      for (const metric of ['nvj', 'tsj'] as const) {
        const x = Object.fromEntries(Object.entries(draws).map(([k, d]) => [k, ratio(d!.draws[g], metric)])) as Record<'tasks' | Source | 'all', Float64Array>;
        const v = Object.fromEntries(Object.entries(x).map(([k, a]) => [k, variance(a)])) as Record<'tasks' | Source | 'all', number>;
        const share = v.all > 0
          ? { tasks: v.tasks / v.all, attempts: (v.attempts - v.tasks) / v.all, grading: (v.grading - v.tasks) / v.all, meter: (v.meter - v.tasks) / v.all, interaction: 0 }
          : null;
        if (share) share.interaction = 1 - share.tasks - share.attempts - share.grading - share.meter;
        out.push({
          scope, row, metric, estimate: NaN,
          width: Object.fromEntries(Object.entries(x).map(([k, a]) => [k, width(a)])) as BudgetRow['width'],
          share,
        });
      }
    });
  };
  for (const s of systemSummaries(ctx)) {
    const sctx = withScenario(ctx, { system: s.system });
    add('table01', Object.fromEntries(Object.entries(configs).map(([k, n]) => [k, noisyDraws(sctx, n, 'benchmark', 'hierarchical')])));
    for (const r of out.slice(-2)) r.estimate = r.metric === 'nvj' ? s.nvj : s.tsj;
  }
  const before = out.length;
  add('table13', Object.fromEntries(Object.entries(configs).map(([k, n]) => [k, noisyDraws(ctx, n, 'categories', 'hierarchical')])));
  const cats = new Map(categorySummaries(ctx).map((c) => [c.category, c]));
  for (const r of out.slice(before)) r.estimate = r.metric === 'nvj' ? cats.get(r.row)!.nvj : cats.get(r.row)!.tsj;
  return out;
}

/** uncertainty_budget.csv: scope, row, metric, estimate, width_* and share_* columns. */
export function budgetCsv(rows: readonly BudgetRow[]): string {
  const cols = ['scope', 'row', 'metric', 'estimate', 'width_tasks', 'width_attempts', 'width_grading', 'width_meter', 'width_all', 'share_tasks', 'share_attempts', 'share_grading', 'share_meter', 'share_interaction'];
  return formatCsv(cols, rows.map((r) => ({
    scope: r.scope, row: r.row, metric: r.metric, estimate: formatNumber(r.estimate),
    width_tasks: formatNumber(r.width.tasks), width_attempts: formatNumber(r.width.attempts), width_grading: formatNumber(r.width.grading), width_meter: formatNumber(r.width.meter), width_all: formatNumber(r.width.all),
    share_tasks: formatNumber(r.share?.tasks), share_attempts: formatNumber(r.share?.attempts), share_grading: formatNumber(r.share?.grading), share_meter: formatNumber(r.share?.meter), share_interaction: formatNumber(r.share?.interaction),
  })));
}

/** The budget figure of one scope and metric (plots/uncertaintyBudget.ts). */
export function budgetFigure(rows: readonly BudgetRow[], scope: BudgetRow['scope'] = 'table01', metric: BudgetRow['metric'] = 'nvj', options: FigureOptions = {}): PlotSpec {
  return uncertaintyBudgetFigure(rows.filter((r) => r.scope === scope && r.metric === metric), { metric: metric === 'nvj' ? { label: 'NVJ', unit: 'USD/MJ' } : { label: 'TSJ', unit: 'hours/MJ' }, ...options });
}
