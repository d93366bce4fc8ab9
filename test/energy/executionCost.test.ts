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
});

describe('counterIntervalEnergy', () => {
  it('adds one range on a decrease of a wrapping counter', () => {
    // oracle: 65_532_610_987 - 65_000_000_000 + 500_000_000 = 1_032_610_987 uJ
    expect(counterIntervalEnergy(65_000e6, 500e6, 65_532_610_987, 1, 1000e6)).toEqual({ energy: 1_032_610_987, flag: null });
  });
  it('reports a reset for a decrease of a non-wrapping counter', () => {
    expect(counterIntervalEnergy(10, 5, null, 1, 1)).toEqual({ energy: 0, flag: 'counter-reset' });
  });
});
