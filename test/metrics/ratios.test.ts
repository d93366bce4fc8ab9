import { describe, expect, test } from 'vitest';
import {
  outputValueUSD, timeSavingHours, netValuePerJoule, timeSavingPerJoule, winTieRatePerMJ,
  netValuePerAIDollar, netValuePerAIHour, taskCredit, passAtK, threshold, parsePolicy, policyLabel,
  weightedTaskAverage,
} from '../../kernel-lib/metrics/index.ts';

describe('task-level quantities', () => {
  test('G = Y H W: a win on a 2.5-hour task at $40/h is worth $100, a loss nothing', () => {
    expect(outputValueUSD(1, 2.5, 40)).toBe(100);
    expect(outputValueUSD(0, 2.5, 40)).toBe(0);
  });
  test('time saving Y (H - L) keeps a negative saving for a slow win', () => {
    expect(timeSavingHours(1, 3, 0.5)).toBe(2.5);
    expect(timeSavingHours(1, 1, 1.5)).toBe(-0.5);
    expect(timeSavingHours(0, 3, 0.5)).toBe(0);
  });
});

describe('ratios of aggregated components (eq. 2.4, 3.2.1)', () => {
  // Paper Table 1 GLM 5.2 row: G 74.19, C 1.92, E 0.430 -> NVJ about 168.1 (rounded inputs give 168.07).
  test('NVJ from the paper GLM 5.2 components rounds to 168.1', () => {
    expect(netValuePerJoule(74.19, 1.92, 0.43)).toBeCloseTo(168.07, 2);
  });
  test('TSJ, win-tie per MJ, net value per AI dollar and per AI hour', () => {
    expect(timeSavingPerJoule(1.025, 0.25)).toBeCloseTo(4.1, 12);
    expect(winTieRatePerMJ(0.6, 0.3)).toBeCloseTo(2, 12);
    expect(netValuePerAIDollar(52, 1.1625)).toBeCloseTo(50.8375 / 1.1625, 12);
    expect(netValuePerAIHour(52, 1.1625, 0.58125)).toBeCloseTo(87.46236559, 6);
  });
  test('a zero or negative denominator is an error, never Infinity', () => {
    expect(() => netValuePerJoule(1, 0, 0)).toThrow('netValuePerJoule requires a positive energy: 0');
    expect(() => timeSavingPerJoule(1, -1)).toThrow(/positive energy/);
    expect(() => netValuePerAIDollar(1, 0)).toThrow(/positive cost/);
    expect(() => netValuePerAIHour(1, 0, 0)).toThrow(/positive AI time/);
  });
  test('GDP-weighted task average: 0.5 * mean(1, 3) + 0.5 * 10 = 6', () => {
    expect(weightedTaskAverage(Int32Array.of(0, 0, 1), Float64Array.of(0.5, 0.5), [1, 3, 10])).toBe(6);
  });
});

describe('attempt policies (Appendix K.2)', () => {
  test('pass@k credits a task once when any of its first k attempts wins or ties', () => {
    expect(taskCredit(passAtK(2), [0, 1])).toBe(1);
    expect(taskCredit(passAtK(2), [0, 0])).toBe(0);
    expect(taskCredit(passAtK(3), [1, 1, 1])).toBe(1);
  });
  test('m-of-n threshold needs at least m wins or ties', () => {
    expect(taskCredit(threshold(2, 4), [1, 0, 1, 0])).toBe(1);
    expect(taskCredit(threshold(3, 4), [1, 0, 1, 0])).toBe(0);
  });
  test('policy labels parse and print as in Tables 19-21', () => {
    expect(policyLabel(parsePolicy('pass@3'))).toBe('pass@3');
    expect(policyLabel(parsePolicy('>=2/4'))).toBe('>=2/4');
    expect(policyLabel(parsePolicy('4/4'))).toBe('>=4/4');
    expect(() => parsePolicy('5/4')).toThrow('invalid threshold: 5/4');
    expect(() => parsePolicy('pass@0')).toThrow('invalid pass@k: 0');
  });
});
