/**
 * The uncertainty budget (issue #26, part 2): for every Table 1 row and every Table 13 category of the
 * context's system, the width of the percentile 95% interval of NVJ (USD/MJ) and TSJ (hours/MJ) with
 * tasks only (today's intervals), then with each other source added alone (noise.ts: attempts,
 * grading, meter), then with all of them; and each source's share of the variance of the draws with
 * all sources on, a Shapley decomposition over the three sources (tasks always resampled):
 *   v(S) = var of the draws with tasks and the sources S, share_tasks = v({}) / v(all),
 *   share_s = phi_s / v(all), phi_s = sum over S not holding s of |S|! (2 - |S|)! / 3! (v(S + s) - v(S)),
 * so that share_tasks + share_attempts + share_grading + share_meter = 1 exactly (no interaction term:
 * Shapley splits what sources add together evenly among them). A share is negative when adding the
 * source narrows the interval on average over the orders of adding: that is structural, not Monte
 * Carlo error. The tasks-only interval charges attempt 1 and credits by the context's judge on every
 * task; with attempts (or grading) on, each task's charged runs (or judge) are drawn, and a task whose
 * attempt 1 (or judge) is extreme is then often replaced by a milder draw. `note` says so in words
 * for each negative share (budgetNote). All eight configurations run through the two-stage loop
 * (noise.ts, path 'hierarchical'), so that a source that changes nothing (one judge, one attempt)
 * adds exactly zero; width_tasks equals today's interval up to summation order (about 1e-12 relative).
 * Every configuration resamples the same tasks (each source has its own stream, noise.ts), so the
 * widths differ only by the source added.
 */
import { J2GError } from '../errors.ts';
import { resolveContext, withScenario, type ScenarioContext } from '../tables/context.ts';
import type { TableOptions } from '../tables/options.ts';
import { systemSummaries } from '../tables/table01.ts';
import { categorySummaries } from '../tables/table13.ts';
import { percentileIntervalInPlace } from '../uncertainty/percentileInterval.ts';
import { noisyDraws, type Noise, type NoisyDraws } from './noise.ts';
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
  /** Shapley shares of the variance with all sources, summing to 1 (null: no variance at all) */
  share: Record<'tasks' | Source, number> | null;
  /** the negative shares in words ('' when none): what a reader must not take for an error */
  note: string;
}

/** The subsets of the sources, by bit mask (bit i: SOURCES[i]), and the noise of each. */
const SUBSETS = [0, 1, 2, 3, 4, 5, 6, 7] as const;

/**
 * Shapley shares over the sources of v (variance by subset mask, v[0] tasks only, v[7] all):
 * share_tasks = v[0] / v[7], share_s = phi_s / v[7]; they sum to 1. Null when v[7] is 0.
 * // Shapley (1953) value of the game v(S) - v({}) over the players attempts, grading, meter
 * @example shapleyShares([1, 2, 1, 2, 1, 2, 1, 2]) // => { tasks: 0.5, attempts: 0.5, grading: 0, meter: 0 }
 */
export function shapleyShares(v: readonly number[]): Record<'tasks' | Source, number> | null {
  if (v.length !== 8) throw new J2GError(`shapleyShares requires the 8 variances of the subsets of ${SOURCES.join(', ')}: ${v.length}`);
  if (!(v[7] > 0)) return null;
  const weight = [1 / 3, 1 / 6, 1 / 3]; // |S|! (n - |S| - 1)! / n! for |S| = 0, 1, 2 of n = 3
  const phi = SOURCES.map((_, i) => {
    let x = 0;
    for (const S of SUBSETS) if (!(S & (1 << i))) x += weight[popcount(S)] * (v[S | (1 << i)] - v[S]);
    return x / v[7];
  });
  return { tasks: v[0] / v[7], attempts: phi[0], grading: phi[1], meter: phi[2] };
}
const popcount = (S: number) => (S & 1) + ((S >> 1) & 1) + ((S >> 2) & 1);

/**
 * What a row's negative shares mean, in words ('' when none is negative).
 * @example budgetNote({ tasks: 1.2, attempts: -0.3, grading: 0.1, meter: 0 }) // => 'attempts -0.3: adding it narrows the interval (the tasks-only interval charges attempt 1 of every task; drawn attempts replace an extreme attempt 1 by milder ones), not an error'
 */
export function budgetNote(share: Record<'tasks' | Source, number> | null): string {
  if (!share) return '';
  const why: Record<Source, string> = {
    attempts: 'the tasks-only interval charges attempt 1 of every task; drawn attempts replace an extreme attempt 1 by milder ones',
    grading: 'the tasks-only interval credits by one judge; drawn judges replace an extreme judge by milder ones',
    meter: 'meter error drawn per run can offset the spread of the tasks',
  };
  return SOURCES.filter((s) => share[s] < 0).map((s) => `${s} ${formatNumber(Number(share[s].toPrecision(3)))}: adding it narrows the interval (${why[s]}), not an error`).join('; ');
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
  // the noise of each subset of the sources (mask bit i: SOURCES[i]); 0 tasks only, 1, 2, 4 one source, 7 all
  const noiseOf = (S: number): Noise => ({ attempts: (S & 1) !== 0, grading: (S & 2) !== 0, meter: S & 4 ? meter : null });
  const WIDTH_OF: Record<'tasks' | Source | 'all', number> = { tasks: 0, attempts: 1, grading: 2, meter: 4, all: 7 };
  const out: BudgetRow[] = [];
  const add = (scope: BudgetRow['scope'], draws: ({ names: string[]; draws: NoisyDraws[] } | null)[]) => {
    const names = draws[0]!.names;
    names.forEach((row, g) => {
      for (const metric of ['nvj', 'tsj'] as const) {
        const x = draws.map((d) => ratio(d!.draws[g], metric));
        const share = shapleyShares(x.map(variance));
        out.push({
          scope, row, metric, estimate: NaN,
          width: Object.fromEntries(Object.entries(WIDTH_OF).map(([k, S]) => [k, width(x[S])])) as BudgetRow['width'],
          share, note: budgetNote(share),
        });
      }
    });
  };
  for (const s of systemSummaries(ctx)) {
    const sctx = withScenario(ctx, { system: s.system });
    add('table01', SUBSETS.map((S) => noisyDraws(sctx, noiseOf(S), 'benchmark', 'hierarchical')));
    for (const r of out.slice(-2)) r.estimate = r.metric === 'nvj' ? s.nvj : s.tsj;
  }
  const before = out.length;
  add('table13', SUBSETS.map((S) => noisyDraws(ctx, noiseOf(S), 'categories', 'hierarchical')));
  const cats = new Map(categorySummaries(ctx).map((c) => [c.category, c]));
  for (const r of out.slice(before)) r.estimate = r.metric === 'nvj' ? cats.get(r.row)!.nvj : cats.get(r.row)!.tsj;
  return out;
}

/** uncertainty_budget.csv: scope, row, metric, estimate, width_* and share_* columns (Shapley shares, summing to 1), and note (the negative shares in words). */
export function budgetCsv(rows: readonly BudgetRow[]): string {
  const cols = ['scope', 'row', 'metric', 'estimate', 'width_tasks', 'width_attempts', 'width_grading', 'width_meter', 'width_all', 'share_tasks', 'share_attempts', 'share_grading', 'share_meter', 'note'];
  return formatCsv(cols, rows.map((r) => ({
    scope: r.scope, row: r.row, metric: r.metric, estimate: formatNumber(r.estimate),
    width_tasks: formatNumber(r.width.tasks), width_attempts: formatNumber(r.width.attempts), width_grading: formatNumber(r.width.grading), width_meter: formatNumber(r.width.meter), width_all: formatNumber(r.width.all),
    share_tasks: formatNumber(r.share?.tasks), share_attempts: formatNumber(r.share?.attempts), share_grading: formatNumber(r.share?.grading), share_meter: formatNumber(r.share?.meter), note: r.note,
  })));
}

/** The budget figure of one scope and metric (plots/uncertaintyBudget.ts). */
export function budgetFigure(rows: readonly BudgetRow[], scope: BudgetRow['scope'] = 'table01', metric: BudgetRow['metric'] = 'nvj', options: FigureOptions = {}): PlotSpec {
  return uncertaintyBudgetFigure(rows.filter((r) => r.scope === scope && r.metric === metric), { metric: metric === 'nvj' ? { label: 'NVJ', unit: 'USD/MJ' } : { label: 'TSJ', unit: 'hours/MJ' }, ...options });
}
