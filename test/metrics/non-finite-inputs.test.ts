/**
 * The ratio functions as a notebook calls them with a value it computed itself: a NaN or Infinity
 * numerator is refused by name, as a zero energy already was, instead of coming back as NaN.
 */
import { expect, test } from 'vitest';
import { netValuePerJoule, timeSavingPerJoule, netValuePerAIDollar, netValuePerAIHour, winTieRatePerMJ, outputValueUSD, timeSavingHours } from '../../kernel-lib/metrics/index.ts';
import { percentReduction, twoOrderAttribution } from '../../kernel-lib/uncertainty/index.ts';

test('NVJ, TSJ and the per-AI ratios refuse a non-finite numerator (they returned NaN or Infinity)', () => {
  expect(() => netValuePerJoule(NaN, 1.92, 0.43)).toThrow('netValuePerJoule requires a finite value: NaN');
  expect(() => netValuePerJoule(74.19, Infinity, 0.43)).toThrow('netValuePerJoule requires a finite cost: Infinity');
  expect(() => timeSavingPerJoule(NaN, 0.43)).toThrow('timeSavingPerJoule requires a finite time saving: NaN');
  expect(() => netValuePerAIDollar(NaN, 1.92)).toThrow('netValuePerAIDollar requires a finite value: NaN');
  expect(() => netValuePerAIHour(74.19, NaN, 0.38)).toThrow('netValuePerAIHour requires a finite cost: NaN');
  // the documented examples still hold
  expect(netValuePerJoule(74.19, 1.92, 0.43)).toBeCloseTo(168.07, 2);
  expect(timeSavingPerJoule(1.64, 0.43)).toBeCloseTo(3.814, 3);
});

test('a win-tie rate outside [0, 1] (a percent passed as a fraction) is refused', () => {
  expect(() => winTieRatePerMJ(60, 0.3)).toThrow('winTieRatePerMJ requires a win-tie rate in [0, 1]: 60');
  expect(winTieRatePerMJ(0.6, 0.3)).toBeCloseTo(2, 12);
});

test('task-level G and S refuse infinite or NaN hours (G was Infinity, S NaN)', () => {
  expect(() => outputValueUSD(1, Infinity, 40)).toThrow('outputValueUSD requires positive expert hours: Infinity');
  expect(() => timeSavingHours(1, NaN, 0.5)).toThrow('timeSavingHours requires positive expert hours: NaN');
  expect(() => timeSavingHours(1, 3, Infinity)).toThrow('timeSavingHours requires non-negative AI hours: Infinity');
});

test('percent reductions and the two-order attribution refuse NaN cells', () => {
  expect(() => percentReduction(168.11, NaN)).toThrow('percentReduction requires a finite end: NaN');
  expect(() => twoOrderAttribution(168.11, NaN, 84.9, 50.04)).toThrow('twoOrderAttribution requires a finite afterJudgments: NaN');
  expect(twoOrderAttribution(168.11, 69.07, 84.9, 50.04).judgmentsSharePct).toBeCloseTo(56.7, 1); // K.1 text
});
