import { describe, expect, it } from 'vitest';
import { costAtRateUSD, counterIntervalEnergy, executionCostUSD } from '../../kernel-lib/energy/index.ts';

describe('executionCostUSD and costAtRateUSD', () => {
  it('prices allocated node time and moves it to another rate by Joules-to-GDP G.1', () => {
    // oracle: 1800 s at 63.296 USD/h = 31.648 USD; at 55.04: 31.648 + 0.5 x (55.04 - 63.296) = 27.52
    expect(executionCostUSD(1800, 63.296)).toBeCloseTo(31.648, 12);
    expect(costAtRateUSD(31.648, 1800, 63.296, 55.04)).toBeCloseTo(27.52, 12);
    // non-node charges in the base cost are kept: 32 USD incl. 0.352 extra => 27.872
    expect(costAtRateUSD(32, 1800, 63.296, 55.04)).toBeCloseTo(27.872, 12);
    expect(() => executionCostUSD(1, -1)).toThrow('invalid rate: -1');
  });
  it('accepts a rate of 0 (free node time) and refuses a negative or non-finite rate in both, naming it (#29)', () => {
    // oracle: 1800 s at 0 USD/h = 0; moved to rate 0: 31.648 + 0.5 x (0 - 63.296) = 0 (the node charge removed)
    expect(executionCostUSD(1800, 0)).toBe(0);
    expect(costAtRateUSD(31.648, 1800, 63.296, 0)).toBe(0);
    for (const bad of [-1, Number.NaN, Infinity]) {
      expect(() => executionCostUSD(1800, bad)).toThrow(`invalid rate: ${bad}`);
      expect(() => costAtRateUSD(31.648, 1800, 63.296, bad)).toThrow(`invalid rate: ${bad}`);
    }
  });
});

describe('counterIntervalEnergy', () => {
  it('adds one range on a decrease of a wrapping counter', () => {
    // oracle: 65_532_610_987 - 65_000_000_000 + 500_000_000 = 1_032_610_987 uJ
    // (2 s at a 1000 W ceiling allows 2000 J >= 1033 J: a plausible wrap)
    expect(counterIntervalEnergy(65_000e6, 500e6, 65_532_610_987, 2, 1000e6)).toEqual({ energy: 1_032_610_987, flag: null });
  });
  it('takes a RAPL decrease whose wrap would exceed the power ceiling as a reset, counted zero (#13)', () => {
    // before: a 20 J step back on a 262 kJ range was one wrap, +262 kJ in 0.1 s (2.6 MW), unflagged
    // oracle: d + range = 262_143_328_850 - 20e6 uJ > 1000 W x (0.1 s + 1 s slack) = 1.1e9 uJ => reset
    expect(counterIntervalEnergy(100e6, 80e6, 262_143_328_850, 0.1, 1000e6)).toEqual({ energy: 0, flag: 'counter-reset' });
    // a real wrap just below the top: 50 J + 50 J in 0.1 s = 1000 W <= ceiling => 100 J
    expect(counterIntervalEnergy(262_143_328_850 - 50e6, 50e6, 262_143_328_850, 0.1, 1000e6)).toEqual({ energy: 100e6, flag: null });
  });
  it('takes an increase above the power ceiling as implausible, counted zero', () => {
    // 1e30 in 1 s against 2000 W x (1 s + 1 s slack) = 4e6 mJ, or 1000 W x 2 s = 2e9 uJ
    expect(counterIntervalEnergy(0, 1e30, null, 1, 2000e3)).toEqual({ energy: 0, flag: 'implausible-power' });
    expect(counterIntervalEnergy(0, 1e30, 65_532_610_987, 1, 1000e6)).toEqual({ energy: 0, flag: 'implausible-power' });
  });
  it('reports a reset for a decrease of a non-wrapping counter', () => {
    expect(counterIntervalEnergy(10, 5, null, 1, 1)).toEqual({ energy: 0, flag: 'counter-reset' });
  });
  // #29, the edges of each bound, in integers so the comparisons are exact. Equivalent mutant (no test can
  // kill it): counterIntervalEnergy.ts:40, the non-wrapping counter's early return removed: d += null adds
  // 0 in JavaScript, so d stays negative and the next check returns the same { 0, 'counter-reset' }.
  it('takes an unchanged counter as 0 J, no flag (not a decrease), wrapping or not', () => {
    expect(counterIntervalEnergy(5, 5, null, 1, 1)).toEqual({ energy: 0, flag: null });
    expect(counterIntervalEnergy(5, 5, 1000, 1, 1)).toEqual({ energy: 0, flag: null });
  });
  it('accepts an increase of exactly the ceiling bound c = ceiling x (elapsed + 1 s), wrapped or not', () => {
    // ceiling 10 units/s, 1 s: c = 20. Non-wrapping 0 -> 20: d = 20 = c. Wrapping range 100, 90 -> 10: d = -80 + 100 = 20 = c
    // (ambiguity: 10 x 1 = 10 < 20 + 100, so one wrap is the only reading)
    expect(counterIntervalEnergy(0, 20, null, 1, 10)).toEqual({ energy: 20, flag: null });
    expect(counterIntervalEnergy(90, 10, 100, 1, 10)).toEqual({ energy: 20, flag: null });
  });
  it('takes a step back of exactly one range as a wrap of 0 J (the readings are equal modulo the range)', () => {
    // 1000 -> 0 on a range of 1000: d = -1000 + 1000 = 0
    expect(counterIntervalEnergy(1000, 0, 1000, 1, 1)).toEqual({ energy: 0, flag: null });
  });
  it('takes a reading above the range, whose wrap would still be negative, as a reset', () => {
    // 300 -> 10 on a range of 100: d = -290 + 100 = -190 < 0, no energy can explain it
    expect(counterIntervalEnergy(300, 10, 100, 1, 1e6)).toEqual({ energy: 0, flag: 'counter-reset' });
  });
  it('flags a wrapping interval ambiguous when the ceiling over the interval could hold exactly one more range', () => {
    // 0 -> 20 on a range of 100 in 12 s at 10 units/s: 20 or 20 + 100 = 120 = 10 x 12 are both possible
    expect(counterIntervalEnergy(0, 20, 100, 12, 10)).toEqual({ energy: 20, flag: 'ambiguous-wrap' });
    expect(counterIntervalEnergy(0, 20, 100, 11, 10)).toEqual({ energy: 20, flag: null });
  });
});
