/**
 * The aggregation helpers a notebook calls on its own arrays refuse what would silently give a wrong
 * number: a task whose occupation index is out of range was left out, a short x gave NaN, negative
 * weights were used, an indicator of 2 counted as two wins, an outcome 'Win' counted as win-or-tie.
 * Oracles: hand arithmetic beside each assertion.
 */
import { expect, test } from 'vitest';
import { weightedTaskAverage } from '../../kernel-lib/metrics/aggregate.ts';
import { runCostAtRate } from '../../kernel-lib/metrics/taskComponents.ts';
import { passAtK, taskCredit, threshold } from '../../kernel-lib/metrics/policy.ts';
import { percentileSorted } from '../../kernel-lib/stats/percentile.ts';
import { outcomeAgreement } from '../../kernel-lib/uncertainty/judgeAgreement.ts';
import { nvjDraws } from '../../kernel-lib/uncertainty/ratioDraws.ts';

test('weightedTaskAverage: the documented example, then out-of-range, short and negative inputs are refused', () => {
  // (0.5 x (1 + 3)/2 + 0.5 x 10) / 1 = 6
  expect(weightedTaskAverage(Int32Array.of(0, 0, 1), Float64Array.of(0.5, 0.5), [1, 3, 10])).toBe(6);
  expect(() => weightedTaskAverage(Int32Array.of(0, 0, 2), Float64Array.of(0.5, 0.5), [1, 3, 10])).toThrow('weightedTaskAverage requires occupation indices in 0..1: 2 at task 2');
  expect(() => weightedTaskAverage(Int32Array.of(0, 0, 1), Float64Array.of(0.5, 0.5), [1, 3])).toThrow('weightedTaskAverage requires one value per task: 2 values for 3 tasks');
  expect(() => weightedTaskAverage(Int32Array.of(0, 1), Float64Array.of(1.5, -0.5), [1, 3])).toThrow('weightedTaskAverage requires finite weights >= 0: -0.5 at occupation 1');
  expect(() => weightedTaskAverage(Int32Array.of(0, 1), Float64Array.of(0.5, 0.5), [1, NaN])).toThrow('weightedTaskAverage requires finite values: NaN at task 1');
});

test('taskCredit: indicators must be in [0, 1] and no more than the policy charges', () => {
  expect(taskCredit(threshold(2, 4), [1, 0, 1, 0])).toBe(1);
  expect(taskCredit(passAtK(2), [0, 0])).toBe(0);
  expect(() => taskCredit(threshold(2, 4), [2, 0, 0, 0])).toThrow('taskCredit requires credit indicators in [0, 1]: 2 at attempt 1');
  expect(() => taskCredit(passAtK(1), [0, 1])).toThrow('taskCredit: 2 attempts for a policy that charges at most 1');
});

test("outcomeAgreement: 'Win' is not an outcome (it counted as win-or-tie)", () => {
  expect(outcomeAgreement(['win', 'loss'], ['tie', 'loss'])).toEqual({ exactPct: 50, binaryPct: 100, pairs: 2 });
  expect(() => outcomeAgreement(['Win' as never], ['win'])).toThrow('outcomeAgreement requires outcomes win, tie or loss: "Win" at position 0');
});

test('percentileSorted refuses NaN (it returned NaN) and nvjDraws refuses draws of different lengths', () => {
  expect(percentileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
  expect(() => percentileSorted([1, NaN, 3], 0.5)).toThrow('percentile requires numbers: NaN at position 1');
  expect(() => nvjDraws(Float64Array.of(1), Float64Array.of(0, 0), Float64Array.of(1, 1))).toThrow('netValuePerJoule draws: 1 numerator draws for 2 energy draws');
});

test('runCostAtRate: C(r) = C(base) + T_alloc (r - base); a zero base rate without node_hours cannot be re-priced (it gave Infinity)', () => {
  const run = { run_id: 'r1', task_id: 't1', system: 's', attempt: 1, ai_hours: 0.5, cost_usd: 10, energy_mj: 0.1, node_hours: null, extra: {} };
  // T_alloc = 10 / 20 = 0.5 h; at 30 USD/h: 10 + 0.5 x (30 - 20) = 15
  expect(runCostAtRate(run, 20, 30)).toBe(15);
  // free node recorded with its time: 0 + 2 x (5 - 0) = 10
  expect(runCostAtRate({ ...run, cost_usd: 0, node_hours: 2 }, 0, 5)).toBe(10);
  expect(() => runCostAtRate(run, 0, 30)).toThrow('run r1: no node_hours and a node rate of 0 USD per node-hour');
  expect(() => runCostAtRate(run, 20, -1)).toThrow('invalid node rate: -1');
});
