/**
 * The metrics' refusals and boundary values, each with its exact message or hand value (#29: mutation
 * testing showed the refusal branches of the numeric core as the place where a wrong comparison
 * goes unnoticed: `>` for `>=`, a dropped `isFinite`, a wrong operand in a message).
 *
 * Equivalent mutants (no output can tell them apart), left surviving by `npm run mutation -- metrics`
 * (docs/mutation.md):
 * - requirePositive.ts requireFinite: `typeof x !== 'number' || !Number.isFinite(x)` with the typeof test
 *   replaced by `false`. Number.isFinite does not coerce (Number.isFinite('1') is false), so every
 *   non-number already fails the second test and gets the same message.
 * - policy.ts threshold: `n < 1` made `false`. The other tests already require integers m >= 1 and
 *   m <= n, which imply n >= 1, with the same message.
 */
import { describe, expect, test } from 'vitest';
import {
  outputValueUSD, timeSavingHours, netValuePerJoule, timeSavingPerJoule, winTieRatePerMJ, netValuePerAIDollar, netValuePerAIHour,
  passAtK, threshold, checkPolicy, parsePolicy, policyLabel, taskCredit, attemptsCharged, weightedTaskAverage,
} from '../../kernel-lib/metrics/index.ts';

describe('task quantities refuse what is not a task outcome', () => {
  test.each([[0.5], [2], [-1], [Number.NaN]])('a win-tie indicator of %d', (y) => {
    expect(() => outputValueUSD(y, 1, 1)).toThrow(`outputValueUSD requires a win-tie indicator of 0 or 1: ${y}`);
    expect(() => timeSavingHours(y, 1, 1)).toThrow(`timeSavingHours requires a win-tie indicator of 0 or 1: ${y}`);
  });
  test.each([[0], [-1], [Infinity], [Number.NaN]])('expert hours of %d', (h) => {
    expect(() => outputValueUSD(1, h, 1)).toThrow(`outputValueUSD requires positive expert hours: ${h}`);
    expect(() => timeSavingHours(1, h, 1)).toThrow(`timeSavingHours requires positive expert hours: ${h}`);
  });
  test.each([[0], [-1], [Infinity]])('a wage of %d', (w) => {
    expect(() => outputValueUSD(1, 1, w)).toThrow(`outputValueUSD requires a positive wage: ${w}`);
  });
  test('AI hours: 0 is allowed (saving = H), negative or infinite refused', () => {
    expect(timeSavingHours(1, 2, 0)).toBe(2);
    expect(() => timeSavingHours(1, 2, -0.1)).toThrow('timeSavingHours requires non-negative AI hours: -0.1');
    expect(() => timeSavingHours(1, 2, Infinity)).toThrow('timeSavingHours requires non-negative AI hours: Infinity');
    // a loss with 0 AI hours still saves nothing
    expect(timeSavingHours(0, 2, 0)).toBe(0);
  });
});

describe('ratios refuse non-finite numerators and non-positive or infinite denominators', () => {
  test('NVJ and net value per AI hour: value and cost must be finite; energy and AI time positive and finite', () => {
    expect(() => netValuePerJoule(Infinity, 0, 1)).toThrow('netValuePerJoule requires a finite value: Infinity');
    expect(() => netValuePerJoule(1, Number.NaN, 1)).toThrow('netValuePerJoule requires a finite cost: NaN');
    expect(() => netValuePerJoule(1, 0, Infinity)).toThrow('netValuePerJoule requires a positive energy: Infinity');
    expect(() => netValuePerJoule(1, 0, -2)).toThrow('netValuePerJoule requires a positive energy: -2');
    expect(() => netValuePerJoule('1' as never, 0, 1)).toThrow('netValuePerJoule requires a finite value: 1');
    expect(() => netValuePerAIHour(Number.NaN, 0, 1)).toThrow('netValuePerAIHour requires a finite value: NaN');
    expect(() => netValuePerAIHour(1, Infinity, 1)).toThrow('netValuePerAIHour requires a finite cost: Infinity');
    expect(() => netValuePerAIHour(1, 0, Infinity)).toThrow('netValuePerAIHour requires a positive AI time: Infinity');
    // (G - C) / E with C > G: negative NVJ is a value, not an error: (1 - 3) / 0.5 = -4
    expect(netValuePerJoule(1, 3, 0.5)).toBe(-4);
    expect(netValuePerAIHour(1, 3, 0.5)).toBe(-4);
  });
  test('TSJ, net value per AI dollar and win-tie per MJ', () => {
    expect(timeSavingPerJoule(-1, 0.5)).toBe(-2); // a slow win saves negative time
    expect(() => timeSavingPerJoule(1, 0)).toThrow('timeSavingPerJoule requires a positive energy: 0');
    expect(netValuePerAIDollar(3, 2)).toBe(0.5);
    expect(() => netValuePerAIDollar(3, -2)).toThrow('netValuePerAIDollar requires a positive cost: -2');
    expect(winTieRatePerMJ(0, 2)).toBe(0);
    expect(winTieRatePerMJ(1, 4)).toBe(0.25);
    expect(() => winTieRatePerMJ(-0.01, 1)).toThrow('winTieRatePerMJ requires a win-tie rate in [0, 1]: -0.01');
    expect(() => winTieRatePerMJ(1.01, 1)).toThrow('winTieRatePerMJ requires a win-tie rate in [0, 1]: 1.01');
    // the documented tolerance: a rate of 1 + 1e-12 (an average's rounding) is kept, a rate 2e-12 above 1 refused
    expect(winTieRatePerMJ(1 + 1e-12, 1)).toBe(1 + 1e-12);
    expect(() => winTieRatePerMJ(1 + 2e-12, 1)).toThrow(`winTieRatePerMJ requires a win-tie rate in [0, 1]: ${1 + 2e-12}`);
    expect(() => winTieRatePerMJ(Number.NaN, 1)).toThrow('winTieRatePerMJ requires a win-tie rate in [0, 1]: NaN');
    expect(() => winTieRatePerMJ(0.5, 0)).toThrow('winTieRatePerMJ requires a positive energy: 0');
  });
});

describe('attempt policies at their bounds', () => {
  test('pass@k and m-of-n: the smallest valid values pass, the next invalid ones are named', () => {
    expect(passAtK(1)).toEqual({ kind: 'pass', k: 1 });
    expect(() => passAtK(0)).toThrow('invalid pass@k: 0');
    expect(() => passAtK(1.5)).toThrow('invalid pass@k: 1.5');
    expect(threshold(1, 1)).toEqual({ kind: 'threshold', m: 1, n: 1 });
    expect(threshold(4, 4)).toEqual({ kind: 'threshold', m: 4, n: 4 });
    for (const [m, n] of [[0, 4], [5, 4], [1, 0], [1.5, 4], [1, 2.5]]) expect(() => threshold(m, n)).toThrow(`invalid threshold: ${m}/${n}`);
  });
  test('checkPolicy accepts exactly the well-formed policies', () => {
    expect(checkPolicy({ kind: 'threshold', m: 2, n: 2 })).toEqual({ kind: 'threshold', m: 2, n: 2 });
    for (const bad of [null, undefined, 'pass@1', 3, {}, { kind: 'pass', k: 0 }, { kind: 'pass' }, { kind: 'threshold', m: 3, n: 2 }, { kind: 'threshold', m: 0, n: 2 }, { kind: 'threshold', m: 1 }, { kind: 'threshold', m: 1, n: 2.5 }, { kind: 'threshold', m: 1.5, n: 2 }, { kind: 'pass', k: 1.5 }, { kind: 'other', k: 1 }, { kind: 'other', m: 1, n: 2 }, { kind: 'pass', m: 1, n: 2 }]) {
      expect(() => checkPolicy(bad as never)).toThrow(`invalid policy: ${JSON.stringify(bad)} (expected passAtK(k), k >= 1, or threshold(m, n), 1 <= m <= n)`);
    }
  });
  test('parsing and labels: pass@3, >=2/4, 2/4 and 2-of-4 read; anything else refused', () => {
    expect(parsePolicy('pass@3')).toEqual({ kind: 'pass', k: 3 });
    expect(parsePolicy('>=2/4')).toEqual({ kind: 'threshold', m: 2, n: 4 });
    expect(parsePolicy('2/4')).toEqual({ kind: 'threshold', m: 2, n: 4 });
    expect(parsePolicy('2-of-4')).toEqual({ kind: 'threshold', m: 2, n: 4 });
    // several digits in each number (a one-digit pattern would refuse them or read one digit)
    expect(parsePolicy('pass@12')).toEqual({ kind: 'pass', k: 12 });
    expect(parsePolicy('>=10/12')).toEqual({ kind: 'threshold', m: 10, n: 12 });
    expect(parsePolicy('10-of-12')).toEqual({ kind: 'threshold', m: 10, n: 12 });
    for (const bad of ['pass@', 'pass3', ' pass@3', '>=2/4 ', '=2/4', 'pass@3x', '2-of-', '-of-4', 'x2-of-4', '2-of-4x', '2-of-x', 'x-of-4', 'pass@x', '>=x/4', '>=2/x', '2/4/']) expect(() => parsePolicy(bad)).toThrow(`invalid policy: ${bad} (expected pass@k, >=m/n or m-of-n)`);
    expect(policyLabel(threshold(2, 4))).toBe('>=2/4');
    expect(attemptsCharged(passAtK(3))).toBe(3);
    expect(attemptsCharged(threshold(1, 4))).toBe(4);
  });
  test('taskCredit: exactly m wins meet an m-of-n threshold, m - 1 do not; more attempts than charged are refused', () => {
    expect(taskCredit(threshold(2, 3), [1, 1, 0])).toBe(1);
    expect(taskCredit(threshold(2, 3), [1, 0, 0])).toBe(0);
    expect(taskCredit(passAtK(1), [1])).toBe(1);
    expect(taskCredit(passAtK(2), [])).toBe(0);
    expect(taskCredit(passAtK(2), [1, 1])).toBe(1);
    expect(() => taskCredit(passAtK(1), [0, 1])).toThrow('taskCredit: 2 attempts for a policy that charges at most 1');
    expect(() => taskCredit(threshold(1, 2), [0, 1, 1])).toThrow('taskCredit: 3 attempts for a policy that charges at most 2');
    expect(taskCredit(passAtK(2), [0, 0.5])).toBe(0.5); // a tie at tie credit 0.5
    expect(() => taskCredit(passAtK(2), [0, -0.5])).toThrow('taskCredit requires credit indicators in [0, 1]: -0.5 at attempt 2');
    expect(() => taskCredit(passAtK(2), [0, NaN])).toThrow('taskCredit requires credit indicators in [0, 1]: NaN at attempt 2');
  });
});

describe('weightedTaskAverage', () => {
  test('by hand: weights (1, 3) over means (2, 10) -> (2 + 30) / 4 = 8; an occupation of weight 0 drops out', () => {
    expect(weightedTaskAverage(Int32Array.of(0, 0, 1), Float64Array.of(1, 3), [1, 3, 10])).toBe(8);
    expect(weightedTaskAverage(Int32Array.of(0, 1, 1), Float64Array.of(0, 2), [100, 4, 6])).toBe(5);
    // an occupation without tasks neither contributes nor counts in the total: (1 x (4 + 6) / 2) / 1 = 5, not NaN
    expect(weightedTaskAverage(Int32Array.of(1, 1), Float64Array.of(3, 1), [4, 6])).toBe(5);
  });
  test('refuses mismatched lengths, bad weights, bad indices, non-finite values and a zero total, naming each', () => {
    expect(() => weightedTaskAverage(Int32Array.of(0, 0), Float64Array.of(1), [1])).toThrow('weightedTaskAverage requires one value per task: 1 values for 2 tasks');
    expect(() => weightedTaskAverage(Int32Array.of(0), Float64Array.of(-1), [1])).toThrow('weightedTaskAverage requires finite weights >= 0: -1 at occupation 0');
    expect(() => weightedTaskAverage(Int32Array.of(0), Float64Array.of(Infinity), [1])).toThrow('weightedTaskAverage requires finite weights >= 0: Infinity at occupation 0');
    expect(() => weightedTaskAverage(Int32Array.of(1), Float64Array.of(1), [1])).toThrow('weightedTaskAverage requires occupation indices in 0..0: 1 at task 0');
    expect(() => weightedTaskAverage(Int32Array.of(-1), Float64Array.of(1), [1])).toThrow('weightedTaskAverage requires occupation indices in 0..0: -1 at task 0');
    expect(() => weightedTaskAverage(Int32Array.of(0), Float64Array.of(1), [Number.NaN])).toThrow('weightedTaskAverage requires finite values: NaN at task 0');
    expect(() => weightedTaskAverage(Int32Array.of(0), Float64Array.of(0), [1])).toThrow('weightedTaskAverage requires a positive total weight');
  });
});
