/**
 * Savings ratio under "try n times, then fix" (GDPval A.2.1): mean human time (or cost) H over the
 * mean across tasks of each task's expected time E[T_n,i] (see expectedTryNThenFix), H / T_n.
 * n = 1 gives the "try once then fix" ratio.
 *
 * n = Infinity takes one of two limits, which agree when every task has the same win rate and
 * differ otherwise (so they cannot both be "the" limit):
 * - `limit: 'aggregate'` (default) is GDPval's own formula, H / ((M + R) / w), with H, M, R the mean
 *   human, model and review amounts and w the model win rate as GDPval defines it, "the frequency with
 *   which expert graders preferred the model deliverable": the pooled rate, sum of w_i n_i over the sum
 *   of n_i with n_i the task's comparisons (`comparisons`; the plain mean of w_i when a task lacks it).
 *   It is the same w as the `win_rate` the CLI reports beside it; 0 when w = 0. It is the limit of the
 *   plug-in H / E[T_n](M, R, H, w) at those aggregates, not of the per-task average below.
 *   // GDPval A.2.1: "当 n→∞ 且 w>0 时，时间节省为比人类专家快 H_T/((M_T+R_T)/w) 倍"; "模型胜率 w：...的频率"
 * - `limit: 'per-task'` is the limit of what finite n computes, H / mean_i((M_i + R_i)/w_i): the value
 *   that `tryNThenFixRatio(tasks, n)` approaches as n grows. It is 0 as soon as one task has w_i = 0
 *   (that task is never finished by the model, its expected time n (M_i + R_i) + H_i grows without bound,
 *   and the ratio falls like 1/n).
 * Dimensionless (times faster or cheaper).
 * Throws "tryNThenFixRatio requires at least one task", "invalid limit: v" and what
 * expectedTryNThenFix throws.
 *
 * Example: `tryNThenFixRatio([{ model: 10, review: 100, human: 400, winRate: 0.5 }], 1)` // => 1.2903225806451613
 */
import { J2GError } from '../errors.ts';
import { expectedTryNThenFix } from './tryNThenFix.ts';
import type { ScenarioInputs } from './types.ts';

/** How the n -> infinity limit is formed: the paper's aggregate plug-in, or per task then averaged. */
export type TryLimit = 'aggregate' | 'per-task';

export interface TryNThenFixOptions {
  /** n = Infinity only; default 'aggregate' (GDPval A.2.1) */
  limit?: TryLimit;
}

/** The pooled win rate sum w_i n_i / sum n_i over the tasks' comparisons n_i (plain mean when a count is missing). // GDPval A.2.1 (w) */
export function pooledWinRate(tasks: readonly ScenarioInputs[]): number {
  if (tasks.every((t) => t.comparisons !== undefined && t.comparisons > 0)) {
    const n = tasks.reduce((a, t) => a + t.comparisons!, 0);
    return tasks.reduce((a, t) => a + t.winRate * t.comparisons!, 0) / n;
  }
  return tasks.reduce((a, t) => a + t.winRate, 0) / tasks.length;
}

export function tryNThenFixRatio(tasks: readonly ScenarioInputs[], tries: number, options: TryNThenFixOptions = {}): number {
  if (tasks.length === 0) throw new J2GError('tryNThenFixRatio requires at least one task');
  const limit = options.limit ?? 'aggregate';
  if (limit !== 'aggregate' && limit !== 'per-task') throw new J2GError(`invalid limit: ${limit}`);
  const mean = (f: (t: ScenarioInputs) => number) => tasks.reduce((a, t) => a + f(t), 0) / tasks.length;
  const h = mean((t) => t.human);
  if (tries === Infinity && limit === 'aggregate') {
    // validates every task's inputs the same way as the finite case
    for (const t of tasks) expectedTryNThenFix(t, 1);
    return h / expectedTryNThenFix({ human: h, model: mean((t) => t.model), review: mean((t) => t.review), winRate: pooledWinRate(tasks) }, Infinity);
  }
  return h / mean((t) => expectedTryNThenFix(t, tries));
}
