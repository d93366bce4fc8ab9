/**
 * Seeded percentile bootstrap intervals for the two agreement rates. Two resampling units:
 * - 'within-sample' (GDPval A.6.2): in each replicate, resample with replacement the human grades and
 *   the autograder grades available for each sample, recompute each sample's agreement, then average
 *   over samples;
 * - 'samples': resample the samples themselves with replacement and average their agreements.
 * The interval is the (1 - level)/2 and (1 + level)/2 percentiles. Dimensionless.
 * // GDPval A.6.1, A.6.2
 * Throws "invalid draws: v", "invalid level: v", the errors of the agreement functions and of createRng.
 *
 * Example: `agreementBootstrap(grades, 'humanAutograder', { draws: 1000, seed: 1 })` // => { agreement: 0.66, lower: 0.61, upper: 0.70 }
 */
import { J2GError } from '../errors.ts';
import { createRng, type Rng } from '../random/prng.ts';
import { checkDraws } from '../uncertainty/settings.ts';
import { percentileSorted } from '../stats/percentile.ts';
import { gradesBySample, humanAutograderAgreement, sampleHumanAutograder } from './humanAutograderAgreement.ts';
import { humanInterRaterAgreement, sampleInterRater } from './humanInterRaterAgreement.ts';
import type { Grade } from './types.ts';

export type AgreementKind = 'humanAutograder' | 'interRater';
export type AgreementResampling = 'within-sample' | 'samples';

export interface AgreementInterval {
  agreement: number;
  samples: number;
  lower: number;
  upper: number;
}

function resample(xs: readonly number[], rng: Rng): number[] {
  return xs.map(() => xs[rng.int(xs.length)]);
}

export function agreementBootstrap(
  grades: readonly Grade[],
  kind: AgreementKind,
  options: { draws?: number; seed?: number; level?: number; resampling?: AgreementResampling } = {},
): AgreementInterval {
  const draws = options.draws ?? 2000;
  const level = options.level ?? 0.95;
  checkDraws(draws, 2); // one Float64Array of replicates and its sorted copy (uncertainty/settings.ts)
  if (!(level > 0 && level < 1)) throw new J2GError(`invalid level: ${level}`);
  const point = kind === 'humanAutograder' ? humanAutograderAgreement(grades) : humanInterRaterAgreement(grades);
  const rng = createRng(options.seed ?? 1);
  const bySample = gradesBySample(grades);
  const used = [...point.perSample.keys()].map((s) => bySample.get(s)!);
  const values = [...point.perSample.values()];
  const reps = new Float64Array(draws);
  for (let b = 0; b < draws; b++) {
    let sum = 0;
    if (options.resampling === 'samples') {
      for (let k = 0; k < values.length; k++) sum += values[rng.int(values.length)];
    } else {
      for (const g of used) {
        const h = resample(g.human, rng);
        sum += kind === 'humanAutograder' ? sampleHumanAutograder(h, resample(g.autograder, rng))! : sampleInterRater(h)!;
      }
    }
    reps[b] = sum / values.length;
  }
  reps.sort();
  return { agreement: point.agreement, samples: point.samples, lower: percentileSorted(reps, (1 - level) / 2), upper: percentileSorted(reps, (1 + level) / 2) };
}
