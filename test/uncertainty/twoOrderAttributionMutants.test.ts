/**
 * twoOrderAttribution.ts (Joules-to-GDP K.1 "Interaction and attribution") on cells chosen so that
 * every term differs (#29 mutation testing): the two orders' contributions averaged, as shares of the
 * total change and as points of the start value, computed by hand; and each refusal's full message.
 */
import { describe, expect, test } from 'vitest';
import { twoOrderAttribution } from '../../kernel-lib/uncertainty/twoOrderAttribution.ts';

describe('twoOrderAttribution by hand', () => {
  test('start 10, after judgments 6, after times 7, end 4: judgments 3.5, times 2.5 of a change of 6', () => {
    // judgments-first order: judgments 10 - 6 = 4, then times 6 - 4 = 2; times-first: times 10 - 7 = 3,
    // then judgments 7 - 4 = 3. Averages: judgments (4 + 3) / 2 = 3.5, times (2 + 3) / 2 = 2.5; total 6.
    const a = twoOrderAttribution(10, 6, 7, 4);
    expect(a.judgmentsSharePct).toBeCloseTo(100 * 3.5 / 6, 12); // 58.33%
    expect(a.timesSharePct).toBeCloseTo(100 * 2.5 / 6, 12); // 41.67%
    expect(a.judgmentsPoints).toBeCloseTo(35, 12); // 3.5 of 10
    expect(a.timesPoints).toBeCloseTo(25, 12);
    expect(a.totalReductionPct).toBeCloseTo(60, 12); // 100 (1 - 4 / 10)
  });

  test('an increase (end above start) gives negative points and positive shares of the negative change', () => {
    // start 2, after judgments 5, after times 3, end 8: judgments ((2-5) + (3-8)) / 2 = -4,
    // times ((5-8) + (2-3)) / 2 = -2; total -6: shares 66.67% and 33.33%; points -200 and -100; reduction -300%.
    const a = twoOrderAttribution(2, 5, 3, 8);
    expect(a.judgmentsSharePct).toBeCloseTo(200 / 3, 12);
    expect(a.timesSharePct).toBeCloseTo(100 / 3, 12);
    expect(a.judgmentsPoints).toBeCloseTo(-200, 12);
    expect(a.timesPoints).toBeCloseTo(-100, 12);
    expect(a.totalReductionPct).toBeCloseTo(-300, 12);
  });

  test('refuses a non-finite middle cell, naming it, and a zero or non-finite total change', () => {
    expect(() => twoOrderAttribution(10, NaN, 7, 4)).toThrow(/^twoOrderAttribution requires a finite afterJudgments: NaN$/);
    expect(() => twoOrderAttribution(10, 6, Infinity, 4)).toThrow(/^twoOrderAttribution requires a finite afterTimes: Infinity$/);
    expect(() => twoOrderAttribution(5, 6, 7, 5)).toThrow(/^twoOrderAttribution requires a nonzero total change: 0$/);
    expect(() => twoOrderAttribution(Infinity, 6, 7, 4)).toThrow(/^twoOrderAttribution requires a nonzero total change: Infinity$/);
    expect(() => twoOrderAttribution(10, 6, 7, NaN)).toThrow(/^twoOrderAttribution requires a nonzero total change: NaN$/);
  });
});
