import { describe, expect, it } from 'vitest';
import { agreementBootstrap, humanAutograderAgreement, humanInterRaterAgreement, type Grade } from '../../kernel-lib/gdpval/index.ts';

const g = (sample: string, rater: string, kind: Grade['kind'], score: Grade['score']): Grade => ({ sample, model: 'm', rater, kind, score });

const grades: Grade[] = [
  g('s1', 'h1', 'human', 1), g('s1', 'h2', 'human', 0.5), g('s1', 'auto', 'autograder', 1),
  g('s2', 'h1', 'human', 0), g('s2', 'h3', 'human', 0), g('s2', 'h4', 'human', 1), g('s2', 'auto', 'autograder', 0.5),
  g('s3', 'h2', 'human', 1), // one human only: no inter-rater pair, no autograder
];

describe('humanAutograderAgreement (GDPval A.6.1)', () => {
  it('averages 1 - |H - A| over pairs within a sample, then over samples (hand computation)', () => {
    // s1: (1 + 0.5)/2 = 0.75; s2: (0.5 + 0.5 + 0.5)/3 = 0.5; mean 0.625
    const a = humanAutograderAgreement(grades);
    expect(a.perSample.get('s1')).toBeCloseTo(0.75, 14);
    expect(a.perSample.get('s2')).toBeCloseTo(0.5, 14);
    expect(a.samples).toBe(2);
    expect(a.agreement).toBeCloseTo(0.625, 14);
  });
});

describe('humanInterRaterAgreement (GDPval A.6.1)', () => {
  it('averages 1 - |H1 - H2| over pairs of human grades, over samples with two or more (hand computation)', () => {
    // s1: 0.5; s2: pairs (0,0)=1, (0,1)=0, (0,1)=0 -> 1/3; mean (0.5 + 1/3)/2
    const a = humanInterRaterAgreement(grades);
    expect(a.samples).toBe(2);
    expect(a.agreement).toBeCloseTo((0.5 + 1 / 3) / 2, 14);
  });

  it('refuses data with no sample of two human grades', () => {
    expect(() => humanInterRaterAgreement([g('s', 'h', 'human', 1)])).toThrow('humanInterRaterAgreement requires a sample with at least two human grades');
  });
});

describe('agreementBootstrap', () => {
  it('is deterministic for a seed and brackets the point estimate under both resampling units', () => {
    for (const resampling of ['within-sample', 'samples'] as const) {
      const a = agreementBootstrap(grades, 'humanAutograder', { draws: 500, seed: 3, resampling });
      expect(agreementBootstrap(grades, 'humanAutograder', { draws: 500, seed: 3, resampling })).toEqual(a);
      expect(a.agreement).toBeCloseTo(0.625, 14);
      expect(a.lower).toBeLessThanOrEqual(a.agreement);
      expect(a.upper).toBeGreaterThanOrEqual(a.agreement);
    }
  });

  it('gives a zero-width interval when every sample is unanimous', () => {
    const same = [g('a', 'h1', 'human', 1), g('a', 'h2', 'human', 1), g('b', 'h1', 'human', 0), g('b', 'h2', 'human', 0)];
    expect(agreementBootstrap(same, 'interRater', { draws: 100, seed: 1 })).toEqual({ agreement: 1, samples: 2, lower: 1, upper: 1 });
  });

  it('refuses bad draws', () => {
    expect(() => agreementBootstrap(grades, 'interRater', { draws: -5 })).toThrow('invalid draws: -5');
  });
});
