import { describe, expect, it, test } from 'vitest';
import { clopperPearsonInterval, clusteredBinomialIntervals, wilsonInterval, wilsonIntervalCorrected } from '../../kernel-lib/stats/binomialIntervals.ts';
import { normalQuantile } from '../../kernel-lib/stats/normalQuantile.ts';
import { incompleteBeta } from '../../kernel-lib/stats/incompleteBeta.ts';

describe('normalQuantile', () => {
  it('matches scipy.stats.norm.ppf', () => {
    // Oracle: scipy 1.17 norm.ppf
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 14);
    expect(normalQuantile(0.3)).toBeCloseTo(-0.5244005127080409, 14);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404056, 12);
  });
  it('refuses probabilities outside (0, 1)', () => {
    expect(() => normalQuantile(1)).toThrow('normalQuantile requires a probability in (0, 1)');
  });
});

describe('incompleteBeta', () => {
  it('is the Beta CDF: symmetric case and a closed form', () => {
    expect(incompleteBeta(0.5, 2, 2)).toBeCloseTo(0.5, 14);
    // I_x(1, b) = 1 - (1 - x)^b
    expect(incompleteBeta(0.3, 1, 4)).toBeCloseTo(1 - 0.7 ** 4, 14);
  });
});

describe('wilsonInterval', () => {
  it('gives about 0.49 to 0.94 for 8 of 10 (QAIJ paper, Example 3)', () => {
    const w = wilsonInterval(8, 10);
    expect(w.estimate).toBe(0.8);
    expect(w.lower).toBeCloseTo(0.49, 2);
    expect(w.upper).toBeCloseTo(0.94, 2);
    // Oracle: scipy, direct evaluation of the Wilson formula
    expect(w.lower).toBeCloseTo(0.49016247153664183, 12);
    expect(w.upper).toBeCloseTo(0.9433178485456247, 12);
  });
  it('matches Newcombe (1998) Table II, method 3', () => {
    const cases: [number, number, number, number][] = [[81, 263, 0.2553, 0.3662], [15, 148, 0.0624, 0.1605], [0, 20, 0, 0.1611], [1, 29, 0.0061, 0.1718]];
    for (const [x, n, lo, hi] of cases) {
      const w = wilsonInterval(x, n);
      expect(Math.abs(w.lower - lo)).toBeLessThan(6e-5);
      expect(Math.abs(w.upper - hi)).toBeLessThan(6e-5);
    }
  });
  it('has a lower bound of exactly 0 at x = 0 and an upper bound of exactly 1 at x = n (centre and half-width are equal there in exact arithmetic)', () => {
    // (z^2/2n - z sqrt(z^2/4n^2)) / (1 + z^2/n) = 0; before, rounding left 2.8e-17
    for (const n of [1, 3, 7, 10, 29, 263]) {
      expect(wilsonInterval(0, n).lower).toBe(0);
      expect(wilsonInterval(n, n).upper).toBe(1);
    }
    expect(clusteredBinomialIntervals([0, 0], [3, 4]).wilson.lower).toBe(0);
  });
  it('refuses impossible counts and levels', () => {
    expect(() => wilsonInterval(11, 10)).toThrow('binomial interval requires integers 0 <= x <= n and n >= 1');
    expect(() => wilsonInterval(1, 10, 1.5)).toThrow('invalid level: 1.5');
  });
});

describe('wilsonIntervalCorrected', () => {
  it('matches Newcombe (1998) Table II, method 4', () => {
    const cases: [number, number, number, number][] = [[81, 263, 0.2535, 0.3682], [15, 148, 0.0598, 0.1644], [0, 20, 0, 0.2005], [1, 29, 0.0018, 0.1963]];
    for (const [x, n, lo, hi] of cases) {
      const w = wilsonIntervalCorrected(x, n);
      expect(Math.abs(w.lower - lo)).toBeLessThan(6e-5);
      expect(Math.abs(w.upper - hi)).toBeLessThan(6e-5);
    }
  });
  it('is wider than the uncorrected interval', () => {
    const a = wilsonInterval(8, 10), b = wilsonIntervalCorrected(8, 10);
    expect(b.lower).toBeLessThan(a.lower);
    expect(b.upper).toBeGreaterThan(a.upper);
  });
});

describe('clopperPearsonInterval', () => {
  it('matches scipy beta.ppf (as R binom.test) for 8 of 10 and the Newcombe cases', () => {
    // Oracle: scipy.stats.beta.ppf(0.025, x, n-x+1), beta.ppf(0.975, x+1, n-x)
    const cases: [number, number, number, number][] = [
      [8, 10, 0.4439045376923585, 0.9747892736731666],
      [81, 263, 0.25273674558527126, 0.36762192260135135],
      [15, 148, 0.05784401008344857, 0.161650490349479],
      [0, 20, 0, 0.1684334709830853],
      [1, 29, 0.000872646883579922, 0.1776442954887229],
      [29, 29, 0.8805551309304973, 1],
    ];
    for (const [x, n, lo, hi] of cases) {
      const c = clopperPearsonInterval(x, n);
      expect(c.lower).toBeCloseTo(lo, 10);
      expect(c.upper).toBeCloseTo(hi, 10);
    }
  });
});

describe('clusteredBinomialIntervals (task as the sampling unit)', () => {
  test('two tasks of four attempts, one all wins and one all losses, carry the information of two trials', () => {
    // Hand computation: p = 4/8, residuals 4 - 2 = 2 and 0 - 2 = -2, v = 8/64, p(1-p)/v = 0.25/0.125 = 2
    const c = clusteredBinomialIntervals([4, 0], [4, 4]);
    expect(c.estimate).toBe(0.5);
    expect(c.effectiveTrials).toBeCloseTo(2, 12);
    const w = wilsonInterval(1, 2);
    expect(c.wilson.lower).toBeCloseTo(w.lower, 12);
    expect(c.wilson.upper).toBeCloseTo(w.upper, 12);
    expect(c.wilson.upper - c.wilson.lower).toBeGreaterThan(wilsonInterval(4, 8).upper - wilsonInterval(4, 8).lower);
  });
  test('one attempt per task gives the independent-trial intervals', () => {
    const c = clusteredBinomialIntervals([1, 1, 1, 1, 1, 1, 1, 1, 0, 0], Array(10).fill(1));
    expect(c.effectiveTrials).toBeCloseTo(10, 12);
    expect(c.wilson.lower).toBeCloseTo(wilsonInterval(8, 10).lower, 12);
    expect(c.exact.upper).toBeCloseTo(clopperPearsonInterval(8, 10).upper, 10);
  });
  test('rejects a cluster with more successes than trials', () => {
    expect(() => clusteredBinomialIntervals([3], [2])).toThrow('clustered binomial intervals require integers 0 <= x_t <= m_t and m_t >= 1 in every cluster');
  });
});
