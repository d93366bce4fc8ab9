/**
 * Hand-checked small cases: Spearman with ties, Wilson and exact binomial intervals, percent
 * reductions and the two-order attribution of Table 18, and judge agreement.
 */
import { describe, expect, test } from 'vitest';
import { averageRanks, spearman } from '../../kernel-lib/uncertainty/spearman.ts';
import { percentReduction } from '../../kernel-lib/uncertainty/percentReduction.ts';
import { twoOrderAttribution } from '../../kernel-lib/uncertainty/twoOrderAttribution.ts';
import { outcomeAgreement } from '../../kernel-lib/uncertainty/judgeAgreement.ts';
import { clopperPearsonInterval, wilsonInterval, wilsonIntervalCorrected } from '../../kernel-lib/stats/binomialIntervals.ts';
import { winTieInterval } from '../../kernel-lib/tables/table15.ts';

describe('Spearman with average-rank ties', () => {
  test('tied values share the mean of their ranks', () => {
    // Oracle: by hand; R rank(c(10, 20, 20, 30)) = 1, 2.5, 2.5, 4
    expect([...averageRanks([10, 20, 20, 30])]).toEqual([1, 2.5, 2.5, 4]);
    expect([...averageRanks([3, 3, 3])]).toEqual([2, 2, 2]);
    expect([...averageRanks([5, 1, 5, 1, 9])]).toEqual([3.5, 1.5, 3.5, 1.5, 5]);
  });

  test('rho of [1,2,2,3] and [1,3,2,4] is 0.9487 (R: cor(..., method = "spearman"))', () => {
    // ranks (1, 2.5, 2.5, 4) and (1, 3, 2, 4): centred (-1.5, 0, 0, 1.5), (-1.5, .5, -.5, 1.5);
    // sum of products 4.5, sums of squares 4.5 and 5 -> 4.5 / sqrt(22.5) = 0.948683
    expect(spearman([1, 2, 2, 3], [1, 3, 2, 4])).toBeCloseTo(0.948683298, 8);
    expect(spearman([1, 2, 3], [30, 20, 10])).toBeCloseTo(-1, 12);
  });

  test('a ranking without variation has no correlation: an error, not NaN', () => {
    expect(() => spearman([1, 1, 1], [1, 2, 3])).toThrow('spearman requires rankings with variation');
    expect(() => spearman([1, 2, 3], [4, 4, 4])).toThrow('spearman requires rankings with variation'); // the second one too
    expect(() => spearman([1], [1])).toThrow('spearman requires two rankings of the same length >= 2');
  });

  // #29 mutation survivors of spearman.ts, killed below. Equivalent survivors (no output can tell them
  // apart), all in averageRanks' loops over typed arrays: running a loop one index past n (i <= n,
  // j + 1 <= n, or no j >= 0 / j + 1 < n bound) reads undefined from Int32Array/Float64Array, which
  // compares false and stops the loop, and writes past the end of a typed array are ignored; `>=`
  // for `>` in the insertion sort reorders equal values only, which share their rank anyway.
  test('two rankings of two values have rho +1 or -1 (length 2 is enough)', () => {
    expect(spearman([1, 2], [3, 4])).toBe(1);
    expect(spearman([1, 2], [4, 3])).toBe(-1);
  });

  test('rankings of different lengths, and non-finite values in either ranking, are refused by position', () => {
    expect(() => spearman([1, 2, 3], [1, 2])).toThrow('spearman requires two rankings of the same length >= 2');
    expect(() => spearman([1, NaN, 3], [1, 2, 3])).toThrow('spearman requires finite values: NaN at position 1');
    expect(() => spearman([1, 2, 3], [1, 2, Infinity])).toThrow('spearman requires finite values: Infinity at position 2');
  });

  test('values within 1e-9 relative tie (stats/tie.ts); 1e-6 apart they do not', () => {
    // -5 and -4.999999999999999 are the same mean reached by two orders of arithmetic (Table 16, #29)
    expect([...averageRanks([-5, 1, -4.999999999999999])]).toEqual([1.5, 3, 1.5]);
    expect([...averageRanks([1 + 1e-6, 1])]).toEqual([2, 1]);
    expect(spearman([-5, 1, -4.999999999999999], [1, 3, 2])).toBeCloseTo(0.866025404, 8); // ranks (1.5, 3, 1.5) vs (1, 3, 2)
  });
});

describe('binomial intervals for small n (QAIJ "Reliability intervals")', () => {
  test('8 of 10: Wilson 0.490-0.943, corrected Wilson 0.444-0.965, exact 0.444-0.975', () => {
    // Oracles: R prop.test(8, 10, correct = FALSE)$conf.int = 0.4901625 0.9433178;
    // prop.test(8, 10)$conf.int = 0.4421814 0.9645731; binom.test(8, 10)$conf.int = 0.4439045 0.9747893
    const w = wilsonInterval(8, 10);
    expect(w.lower).toBeCloseTo(0.4901625, 6);
    expect(w.upper).toBeCloseTo(0.9433178, 6);
    const c = wilsonIntervalCorrected(8, 10);
    expect(c.lower).toBeCloseTo(0.4421814, 6);
    expect(c.upper).toBeCloseTo(0.9645731, 6);
    const e = clopperPearsonInterval(8, 10);
    expect(e.lower).toBeCloseTo(0.4439045, 6);
    expect(e.upper).toBeCloseTo(0.9747893, 6);
  });

  test('Table 15 win_tie_lo/hi are in percent and follow the chosen method', () => {
    expect(winTieInterval(8, 10).win_tie_lo).toBeCloseTo(49.01625, 4);
    expect(winTieInterval(8, 10, 'exact').win_tie_hi).toBeCloseTo(97.47893, 4);
    expect(winTieInterval(0, 3, 'exact')).toEqual({ win_tie_lo: 0, win_tie_hi: expect.closeTo(70.75982, 4) }); // R binom.test(0, 3)
    expect(() => winTieInterval(1, 2, 'bogus' as never)).toThrow('invalid winTieInterval: bogus');
  });
});

describe('Table 18 reductions and attribution (Joules-to-GDP K.1)', () => {
  test('the five reductions of Table 18 from the four Table 17 cells', () => {
    // Oracle: Table 18 of the paper, to its printed precision.
    expect(percentReduction(168.11, 69.07)).toBeCloseTo(58.9, 1);
    expect(percentReduction(168.11, 84.9)).toBeCloseTo(49.5, 1);
    // 27.55 from the rounded cells; the inputs' rounding (±0.005) moves it by up to ±0.01, and the
    // paper's 27.5 comes from unrounded cells: printed precision plus input rounding, 0.06.
    expect(Math.abs(percentReduction(69.07, 50.04) - 27.5)).toBeLessThanOrEqual(0.06);
    expect(percentReduction(84.9, 50.04)).toBeCloseTo(41.1, 1);
    expect(percentReduction(168.11, 50.04)).toBeCloseTo(70.2, 1);
    expect(() => percentReduction(0, 1)).toThrow('percentReduction requires a nonzero start: 0');
  });

  test('168.11 -> 69.07 -> 50.04 and 168.11 -> 84.90 -> 50.04 attribute 56.7% to judgments, 43.3% to times', () => {
    // Oracle: K.1 text. By hand: judgments ((168.11-69.07) + (84.90-50.04))/2 = 66.95, total 118.07 -> 56.70%;
    // points of the start: first order 58.92 + 11.32 = 70.23.
    const a = twoOrderAttribution(168.11, 69.07, 84.9, 50.04);
    expect(a.judgmentsSharePct).toBeCloseTo(56.7, 1);
    expect(a.timesSharePct).toBeCloseTo(43.3, 1);
    expect(a.judgmentsSharePct + a.timesSharePct).toBeCloseTo(100, 12);
    expect(a.totalReductionPct).toBeCloseTo(70.23, 2);
    expect(a.judgmentsPoints + a.timesPoints).toBeCloseTo(a.totalReductionPct, 12);
    // TSJ, Table 17: 3.823 -> 1.818 / 1.990 -> 1.340 gives the text's 53.5% / 46.5%
    const t = twoOrderAttribution(3.823, 1.818, 1.99, 1.34);
    expect(t.judgmentsSharePct).toBeCloseTo(53.5, 1);
    expect(() => twoOrderAttribution(1, 2, 3, 1)).toThrow('twoOrderAttribution requires a nonzero total change: 0');
  });
});

describe('judge agreement (Table 2)', () => {
  test('exact keeps win/tie/loss; binary merges win and tie', () => {
    // by hand: pairs (win,win) (win,tie) (tie,loss) (loss,loss): exact 2/4, binary 3/4
    expect(outcomeAgreement(['win', 'win', 'tie', 'loss'], ['win', 'tie', 'loss', 'loss'])).toEqual({ exactPct: 50, binaryPct: 75, pairs: 4 });
  });
});
