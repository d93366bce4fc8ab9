/**
 * Naive speed-up or cost ratio: mean human completion time (or cost) over mean model sampling time
 * (or cost), H / M, ignoring quality differences, review and rework. Dimensionless (times faster or
 * cheaper). // GDPval A.2.1 "naive ratio"
 * Throws "naiveRatio requires at least one task" and "naiveRatio requires a positive model mean".
 *
 * Example: `naiveRatio([{ human: 400, review: 100, model: 10, winRate: 0.5 }])` // => 40
 */
import { J2GError } from '../errors.ts';
import type { ScenarioInputs } from './types.ts';

export function naiveRatio(tasks: readonly ScenarioInputs[]): number {
  if (tasks.length === 0) throw new J2GError('naiveRatio requires at least one task');
  const h = tasks.reduce((a, t) => a + t.human, 0);
  const m = tasks.reduce((a, t) => a + t.model, 0);
  if (!(m > 0)) throw new J2GError('naiveRatio requires a positive model mean');
  return h / m;
}
