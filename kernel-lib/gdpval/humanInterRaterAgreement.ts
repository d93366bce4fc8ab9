/**
 * Human inter-rater agreement on GDPval's pairwise scale {0, 0.5, 1}: for a sample s,
 * A_s^HH = E[1 - |H1 - H2|] over two distinct human grades, estimated by the mean over all unordered
 * pairs of the sample's human grades; the aggregate is the mean of A_s^HH over samples with at least
 * two human grades. Dimensionless, in [0, 1]. // GDPval A.6.1
 * Throws "humanInterRaterAgreement requires a sample with at least two human grades".
 *
 * Example: human grades 1, 1, 0 // => (1 + 0 + 0) / 3 = 0.3333333333333333
 */
import { J2GError } from '../errors.ts';
import { gradesBySample, type Agreement } from './humanAutograderAgreement.ts';
import type { Grade } from './types.ts';

/** Per-sample A^HH from human scores; null with fewer than two. */
export function sampleInterRater(human: readonly number[]): number | null {
  const n = human.length;
  if (n < 2) return null;
  let s = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) s += 1 - Math.abs(human[i] - human[j]);
  return s / ((n * (n - 1)) / 2);
}

export function humanInterRaterAgreement(grades: readonly Grade[]): Agreement {
  const perSample = new Map<string, number>();
  for (const [sample, g] of gradesBySample(grades)) {
    const a = sampleInterRater(g.human);
    if (a !== null) perSample.set(sample, a);
  }
  if (perSample.size === 0) throw new J2GError('humanInterRaterAgreement requires a sample with at least two human grades');
  const v = [...perSample.values()];
  return { agreement: v.reduce((x, y) => x + y, 0) / v.length, samples: v.length, perSample };
}
