/**
 * Service contribution of one attempt: s_i = delta_i * u_i * q_i * c_i * r_i * l_i(L*), the product of
 * difficulty weight (1 in 'unweighted' mode), usefulness, quality, correctness, reliability and the
 * latency factor. Dimensionless task equivalents, >= 0. A late answer gets l = 0 before the
 * product; its energy is untouched and stays in the denominator.
 * // QAIJ "Task-level contribution", eq. (service)
 * Throws what latencyIndicator throws.
 *
 * Example: `serviceContribution({ ...r, quality: 0.5, correctness: 1, reliability: 1, usefulness: 1, difficultyWeight: 1, latencyS: 1 })` // => 0.5
 */
import { latencyIndicator } from './latencyIndicator.ts';
import type { ServiceOptions, TaskResult } from './types.ts';

export function serviceContribution(r: TaskResult, options: ServiceOptions = {}): number {
  const late = latencyIndicator(r.latencyS, options.latency);
  if (late === 0) return 0;
  const delta = options.difficulty === 'unweighted' ? 1 : r.difficultyWeight;
  return delta * r.usefulness * r.quality * r.correctness * r.reliability * late;
}
