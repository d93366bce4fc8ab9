/**
 * Seeded percentile bootstrap intervals for the two agreement rates. Two resampling units:
 * - 'within-sample' (GDPval A.6.2: "对每个样本可用的自动评分器分数或人类评分做有放回重抽样，计算每个样本的均值，
 *   再对全部样本或指定模型取平均"): the samples are fixed; in each replicate every sample's grades are
 *   resampled with replacement and its agreement recomputed, then averaged over samples. For A^HA the
 *   sample's human grades and its autograder grades are resampled separately. For A^HH the unit is
 *   the pair of two distinct human grades (A.6.1: "两次随机抽取的人类评分"): the sample's pairs are
 *   resampled, never single grades, because a grade drawn twice would be paired with its own copy and
 *   score as agreement (the grades parser refuses that pairing in the data for the same reason).
 *   Covers grader disagreement within a sample, not the choice of samples.
 * - 'samples': resample the samples themselves with replacement and average their agreements.
 *   Covers sample-to-sample variation, each sample's grades fixed.
 * The interval is the (1 - level)/2 and (1 + level)/2 percentiles of the replicates. Dimensionless.
 * A zero-width interval is reported as such (`zeroWidth`, with `zeroWidthReason`): it means the
 * chosen unit has no variation in these data (for example one human and one autograder grade per
 * sample under 'within-sample'), not that the agreement is known exactly.
 * // GDPval A.6.1, A.6.2
 * Throws "invalid draws: v", "invalid level: v", the errors of the agreement functions and of createRng.
 *
 * Example: `agreementBootstrap(grades, 'humanAutograder', { draws: 1000, seed: 1 })` // => { agreement: 0.66, lower: 0.61, upper: 0.70, ... }
 */
import { J2GError } from '../errors.ts';
import { createRng, type Rng } from '../random/prng.ts';
import { checkDraws } from '../uncertainty/settings.ts';
import { percentileSorted } from '../stats/percentile.ts';
import { gradesBySample, humanAutograderAgreement, sampleHumanAutograder } from './humanAutograderAgreement.ts';
import { humanInterRaterAgreement } from './humanInterRaterAgreement.ts';
import type { Grade } from './types.ts';

export type AgreementKind = 'humanAutograder' | 'interRater';
export type AgreementResampling = 'within-sample' | 'samples';

export interface AgreementInterval {
  agreement: number;
  samples: number;
  lower: number;
  upper: number;
  level: number;
  resampling: AgreementResampling;
  /** what one resampled unit is */
  unit: string;
  /** the source of uncertainty the interval covers, and what it holds fixed */
  covers: string;
  /** lower === upper: the unit has no variation in these data */
  zeroWidth: boolean;
  zeroWidthReason: string | null;
}

function resample(xs: readonly number[], rng: Rng): number[] {
  return xs.map(() => xs[rng.int(xs.length)]);
}

/** The agreement 1 - |H1 - H2| of every unordered pair of distinct human grades. // GDPval A.6.1 */
function interRaterPairs(human: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < human.length; i++) for (let j = i + 1; j < human.length; j++) out.push(1 - Math.abs(human[i] - human[j]));
  return out;
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

const DESCRIPTION: Record<AgreementKind, Record<AgreementResampling, { unit: string; covers: string }>> = {
  humanAutograder: {
    'within-sample': {
      unit: "each sample's human grades and its autograder grades, resampled separately",
      covers: 'grader disagreement within a sample (GDPval A.6.2); the samples are held fixed',
    },
    samples: { unit: 'samples', covers: 'sample-to-sample variation; each sample\'s grades are held fixed' },
  },
  interRater: {
    'within-sample': {
      unit: 'pairs of two distinct human grades of a sample',
      covers: 'grader disagreement within a sample (GDPval A.6.2); the samples are held fixed',
    },
    samples: { unit: 'samples', covers: 'sample-to-sample variation; each sample\'s grades are held fixed' },
  },
};

export function agreementBootstrap(
  grades: readonly Grade[],
  kind: AgreementKind,
  options: { draws?: number; seed?: number; level?: number; resampling?: AgreementResampling } = {},
): AgreementInterval {
  const draws = options.draws ?? 2000;
  const level = options.level ?? 0.95;
  const resampling = options.resampling ?? 'within-sample';
  checkDraws(draws, 2); // one Float64Array of replicates and its sorted copy (uncertainty/settings.ts)
  if (!(level > 0 && level < 1)) throw new J2GError(`invalid level: ${level}`);
  if (resampling !== 'within-sample' && resampling !== 'samples') throw new J2GError(`invalid resampling: ${resampling}`);
  const point = kind === 'humanAutograder' ? humanAutograderAgreement(grades) : humanInterRaterAgreement(grades);
  const rng = createRng(options.seed ?? 1);
  const bySample = gradesBySample(grades);
  const used = [...point.perSample.keys()].map((s) => bySample.get(s)!);
  const values = [...point.perSample.values()];
  const pairs = kind === 'interRater' ? used.map((g) => interRaterPairs(g.human)) : [];
  const reps = new Float64Array(draws);
  for (let b = 0; b < draws; b++) {
    let sum = 0;
    if (resampling === 'samples') {
      for (let k = 0; k < values.length; k++) sum += values[rng.int(values.length)];
    } else if (kind === 'humanAutograder') {
      for (const g of used) sum += sampleHumanAutograder(resample(g.human, rng), resample(g.autograder, rng))!;
    } else {
      for (const p of pairs) sum += mean(resample(p, rng));
    }
    reps[b] = sum / values.length;
  }
  reps.sort();
  const lower = percentileSorted(reps, (1 - level) / 2);
  const upper = percentileSorted(reps, (1 + level) / 2);
  const zeroWidth = lower === upper;
  let zeroWidthReason: string | null = null;
  if (zeroWidth) {
    if (resampling === 'samples') zeroWidthReason = 'every sample has the same agreement';
    else if (kind === 'interRater') zeroWidthReason = 'no sample has two pairs of human grades that differ in agreement (one pair per sample, or unanimous samples); --resampling samples covers sample-to-sample variation';
    else zeroWidthReason = 'no sample has two different human grades or two different autograder grades (for example one of each); --resampling samples covers sample-to-sample variation';
  }
  return { agreement: point.agreement, samples: point.samples, lower, upper, level, resampling, ...DESCRIPTION[kind][resampling], zeroWidth, zeroWidthReason };
}
