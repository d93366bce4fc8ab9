/**
 * Human-autograder agreement on GDPval's pairwise scale {0, 0.5, 1}: for a sample s,
 * A_s^HA = E[1 - |H - A|], estimated by the mean over all (human grade, autograder grade) pairs of
 * the sample; the aggregate is the mean of A_s^HA over samples with at least one grade of each kind.
 * Dimensionless, in [0, 1]. // GDPval A.6.1
 * Throws "humanAutograderAgreement requires a sample with both human and autograder grades".
 *
 * Example: sample with human grades 1 and 0.5 and autograder grade 1 // => 0.75
 */
import { J2GError } from '../errors.ts';
import type { Grade } from './types.ts';

export interface Agreement {
  /** mean of per-sample agreements */
  agreement: number;
  /** samples that entered */
  samples: number;
  perSample: Map<string, number>;
}

/** Grades grouped by sample, in first-appearance order. */
export function gradesBySample(grades: readonly Grade[]): Map<string, { human: number[]; autograder: number[] }> {
  const m = new Map<string, { human: number[]; autograder: number[] }>();
  for (const g of grades) {
    if (!m.has(g.sample)) m.set(g.sample, { human: [], autograder: [] });
    m.get(g.sample)![g.kind].push(g.score);
  }
  return m;
}

/** Per-sample A^HA from score lists; null when either list is empty. */
export function sampleHumanAutograder(human: readonly number[], auto: readonly number[]): number | null {
  if (human.length === 0 || auto.length === 0) return null;
  let s = 0;
  for (const h of human) for (const a of auto) s += 1 - Math.abs(h - a);
  return s / (human.length * auto.length);
}

export function humanAutograderAgreement(grades: readonly Grade[]): Agreement {
  const perSample = new Map<string, number>();
  for (const [sample, g] of gradesBySample(grades)) {
    const a = sampleHumanAutograder(g.human, g.autograder);
    if (a !== null) perSample.set(sample, a);
  }
  if (perSample.size === 0) throw new J2GError('humanAutograderAgreement requires a sample with both human and autograder grades');
  const v = [...perSample.values()];
  return { agreement: v.reduce((x, y) => x + y, 0) / v.length, samples: v.length, perSample };
}
