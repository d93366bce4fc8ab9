import { describe, expect, it } from 'vitest';
import { agreementBootstrap, humanAutograderAgreement, humanInterRaterAgreement, type Grade } from '../../kernel-lib/gdpval/index.ts';
import { createRng } from '../../kernel-lib/random/prng.ts';

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
    expect(agreementBootstrap(same, 'interRater', { draws: 100, seed: 1 })).toMatchObject({ agreement: 1, samples: 2, lower: 1, upper: 1, zeroWidth: true });
  });

  it('refuses bad draws', () => {
    expect(() => agreementBootstrap(grades, 'interRater', { draws: -5 })).toThrow('invalid draws: -5');
  });
});

describe('agreementBootstrap intervals (issue 30)', () => {
  // Samples whose two human grades always disagree: every pair scores 1 - |1 - 0| = 0, so A^HH = 0 (hand computation).
  const disagree: Grade[] = Array.from({ length: 20 }, (_, i) => [g(`s${i}`, 'h1', 'human', 1), g(`s${i}`, 'h2', 'human', 0)]).flat();

  it('the within-sample inter-rater interval never pairs a grade with its own copy: always-disagreeing raters give [0, 0], flagged zero width', () => {
    // before: resampling single grades paired a grade with its copy (agreement 1), giving [0.30, 0.75] around A^HH = 0
    const a = agreementBootstrap(disagree, 'interRater', { draws: 400, seed: 1 });
    expect(a.agreement).toBe(0);
    expect(a.lower).toBe(0);
    expect(a.upper).toBe(0);
    expect(a.zeroWidth).toBe(true);
    expect(a.zeroWidthReason).toMatch(/one pair per sample/);
    expect(a.unit).toBe('pairs of two distinct human grades of a sample');
  });

  it('the within-sample inter-rater interval contains its point on random grades of three raters per sample', () => {
    const rng = createRng(5);
    const scores = [0, 0.5, 1] as const;
    const random: Grade[] = [];
    for (let s = 0; s < 40; s++) for (const h of ['h1', 'h2', 'h3']) random.push(g(`s${s}`, h, 'human', scores[rng.int(3)]));
    const a = agreementBootstrap(random, 'interRater', { draws: 1000, seed: 2 });
    expect(a.lower).toBeLessThanOrEqual(a.agreement);
    expect(a.upper).toBeGreaterThanOrEqual(a.agreement);
    // the replicate mean of a sample is the mean of its resampled pairs, whose expectation is the sample's own mean;
    // so the interval is centred near the point (within a tenth here, far from the old [0.656, 0.850] around 0.544)
    expect(Math.abs((a.lower + a.upper) / 2 - a.agreement)).toBeLessThan(0.1);
  });

  it('flags the zero-width A^HA interval of one human and one autograder grade per sample, which --resampling samples widens', () => {
    // 1 - |H - A| per sample: s0..s9 agree (1), s10..s19 disagree by 0.5 (0.5): A^HA = 0.75 (hand computation)
    const one: Grade[] = Array.from({ length: 20 }, (_, i) => [g(`s${i}`, 'h', 'human', 1), g(`s${i}`, 'a', 'autograder', i < 10 ? 1 : 0.5)]).flat();
    const w = agreementBootstrap(one, 'humanAutograder', { draws: 300, seed: 1 });
    expect(w).toMatchObject({ agreement: 0.75, lower: 0.75, upper: 0.75, zeroWidth: true, resampling: 'within-sample' });
    expect(w.zeroWidthReason).toMatch(/one of each/);
    const s = agreementBootstrap(one, 'humanAutograder', { draws: 300, seed: 1, resampling: 'samples' });
    expect(s.zeroWidth).toBe(false);
    expect(s.zeroWidthReason).toBeNull();
    expect(s.lower).toBeLessThan(0.75);
    expect(s.upper).toBeGreaterThan(0.75);
  });
});
