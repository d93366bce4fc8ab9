/**
 * Savings ratio under "try n times, then fix", per task then averaged as in GDPval A.2.1: mean human
 * time (or cost) over the mean across tasks of each task's expected time E[T_n,i] (see
 * expectedTryNThenFix), H / T_n. n = 1 gives the "try once then fix" ratio; n = Infinity its limit,
 * H / mean_i((M_i + R_i)/w_i), which is 0 when some task has w_i = 0 (that task is never finished by
 * the model, so its expected cost grows without bound). Dimensionless (times faster or cheaper).
 * // GDPval A.2.1
 * Throws "tryNThenFixRatio requires at least one task" and what expectedTryNThenFix throws.
 *
 * Example: `tryNThenFixRatio([{ model: 10, review: 100, human: 400, winRate: 0.5 }], 1)` // => 1.2903225806451613
 */
import { J2GError } from '../errors.ts';
import { expectedTryNThenFix } from './tryNThenFix.ts';
import type { ScenarioInputs } from './types.ts';

export function tryNThenFixRatio(tasks: readonly ScenarioInputs[], tries: number): number {
  if (tasks.length === 0) throw new J2GError('tryNThenFixRatio requires at least one task');
  const h = tasks.reduce((a, t) => a + t.human, 0) / tasks.length;
  const tn = tasks.reduce((a, t) => a + expectedTryNThenFix(t, tries), 0) / tasks.length;
  return h / tn;
}
