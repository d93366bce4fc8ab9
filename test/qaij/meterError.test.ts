/**
 * Meter uncertainty (QAIJ "Meter uncertainty", E~ = E + eps + beta) added to the task bootstrap.
 * Oracle: with the task bootstrap degenerate (every replicate theta = 0.05, E = 10 J) and no random
 * error, theta / (1 + beta) is a monotone function of beta ~ N(0, s^2), so its percentiles are
 * 0.05 / (1 + z s) and 0.05 / (1 - z s), z = 1.959964 (hand computation).
 */
import { describe, expect, it } from 'vitest';
import { meterErrorIntervals } from '../../kernel-lib/qaij/index.ts';

const flat = (n: number, x: number) => new Float64Array(n).fill(x);

describe('meterErrorIntervals', () => {
  it('widens a zero-width interval by the calibration bias alone (percentiles of theta / (1 + beta))', () => {
    const z = 1.959963984540054, s = 0.05;
    const m = meterErrorIntervals({ qaij: flat(40000, 0.05), energyMeanJ: flat(40000, 10) }, { relativeBiasSd: s, relativeNoiseSd: 0 }, { effectiveAttempts: 2, seed: 3 });
    expect(m.qaij!.lower).toBeCloseTo(0.05 / (1 + z * s), 3);
    expect(m.qaij!.upper).toBeCloseTo(0.05 / (1 - z * s), 3);
    expect(m.energyMeanJ!.lower).toBeCloseTo(10 * (1 - z * s), 1);
    expect(m.energyMeanJ!.upper).toBeCloseTo(10 * (1 + z * s), 1);
  });

  it('shrinks the random-error part with the effective number of attempts, not the bias part', () => {
    const reps = { qaij: flat(20000, 0.05), energyMeanJ: flat(20000, 10) };
    const width = (n: number, bias: number, noise: number) => {
      const i = meterErrorIntervals(reps, { relativeBiasSd: bias, relativeNoiseSd: noise }, { effectiveAttempts: n, seed: 1 }).energyMeanJ!;
      return i.upper - i.lower;
    };
    // noise only: sd 0.1/sqrt(n), width 2 z 10 0.1/sqrt(n): 100 attempts a tenth of 1 attempt
    expect(width(100, 0, 0.1) / width(1, 0, 0.1)).toBeCloseTo(0.1, 1);
    expect(width(100, 0.05, 0) / width(1, 0.05, 0)).toBeCloseTo(1, 6);
  });

  it('refuses error models that could make energy negative', () => {
    expect(() => meterErrorIntervals({ qaij: flat(1, 1), energyMeanJ: flat(1, 1) }, { relativeBiasSd: 0.5, relativeNoiseSd: 0 }, { effectiveAttempts: 1 })).toThrow('invalid meter-bias-sd: 0.5');
  });
});
