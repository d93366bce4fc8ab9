/**
 * Savings ratio under "try n times, then fix" (GDPval A.2.1): mean human time (or cost) H over the
 * mean across tasks of each task's expected time E[T_n,i] (see expectedTryNThenFix), H / T_n.
 * n = 1 gives the "try once then fix" ratio.
 *
 * n = Infinity is the limit as n grows. By default (`limit: 'aggregate'`) it is the paper's plug-in
 * with the aggregate win rate: H / ((M + R) / w), with H, M, R the mean human, model and review
 * amounts and w the mean of the tasks' win rates (the pooled win rate when every task has the same
 * number of comparisons); 0 when w = 0.
 * // GDPval A.2.1: "当 n→∞ 且 w>0 时，时间节省为比人类专家快 H_T/((M_T+R_T)/w) 倍"
 * With `limit: 'per-task'` it is the limit of the per-task average instead,
 * H / mean_i((M_i + R_i)/w_i), which is 0 as soon as one task has w_i = 0 (that task is never
 * finished by the model, so its expected time grows without bound).
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

export function tryNThenFixRatio(tasks: readonly ScenarioInputs[], tries: number, options: TryNThenFixOptions = {}): number {
  if (tasks.length === 0) throw new J2GError('tryNThenFixRatio requires at least one task');
  const limit = options.limit ?? 'aggregate';
  if (limit !== 'aggregate' && limit !== 'per-task') throw new J2GError(`invalid limit: ${limit}`);
  const mean = (f: (t: ScenarioInputs) => number) => tasks.reduce((a, t) => a + f(t), 0) / tasks.length;
  const h = mean((t) => t.human);
  if (tries === Infinity && limit === 'aggregate') {
    // validates every task's inputs the same way as the finite case
    for (const t of tasks) expectedTryNThenFix(t, 1);
    return h / expectedTryNThenFix({ human: h, model: mean((t) => t.model), review: mean((t) => t.review), winRate: mean((t) => t.winRate) }, Infinity);
  }
  return h / mean((t) => expectedTryNThenFix(t, tries));
}
