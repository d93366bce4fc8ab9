/**
 * Expected time (or cost) of one task under "try n times, then fix": the expert samples the model,
 * reviews the deliverable, and resamples while unsatisfied, up to n tries; if no try is accepted the
 * expert does the task. With acceptance probability w per try:
 * E[T_n] = sum_{k=1..n} (1 - w)^(k-1) (M + R) + (1 - w)^n H = (M + R)(1 - (1 - w)^n)/w + (1 - w)^n H,
 * which is n(M + R) + H when w = 0. n = 1 is "try once then fix", M + R + (1 - w) H. As n grows
 * (n = Infinity) it tends to (M + R)/w for w > 0, and to infinity for w = 0.
 * Units of the inputs (minutes or USD). Domain: M, R, H >= 0, 0 <= w <= 1, n a positive integer or Infinity.
 * // GDPval A.2.1 (try n times then fix)
 * Throws "invalid tries: v", "tryNThenFix requires a win rate in [0, 1]", "tryNThenFix requires
 * nonnegative times or costs".
 *
 * Example: `expectedTryNThenFix({ model: 10, review: 100, human: 400, winRate: 0.5 }, 2)` // => 265
 */
import { J2GError } from '../errors.ts';
import type { ScenarioInputs } from './types.ts';

export function expectedTryNThenFix(t: ScenarioInputs, tries: number): number {
  if (!(tries === Infinity || (Number.isInteger(tries) && tries >= 1))) throw new J2GError(`invalid tries: ${tries}`);
  const { model, review, human, winRate: w } = t;
  if (!(w >= 0 && w <= 1)) throw new J2GError('tryNThenFix requires a win rate in [0, 1]');
  if (!(model >= 0 && review >= 0 && human >= 0)) throw new J2GError('tryNThenFix requires nonnegative times or costs');
  const attempt = model + review;
  if (w === 0) return tries === Infinity ? Infinity : tries * attempt + human;
  if (tries === Infinity) return attempt / w;
  const fail = (1 - w) ** tries;
  return (attempt * (1 - fail)) / w + fail * human;
}

/** "Try once then fix": E[T_1] = M + R + (1 - w) H. // GDPval A.2.1 */
export function expectedTryOnceThenFix(t: ScenarioInputs): number {
  return expectedTryNThenFix(t, 1);
}
