/** meterErrorFromDisagreements: one meter's error sizes from two meters' disagreements, by hand. */
import { describe, expect, test } from 'vitest';
import { meterErrorFromDisagreements } from '../../kernel-lib/uncertainty/meterFromTraces.ts';

describe('meterErrorFromDisagreements', () => {
  test('eps = sample SD / sqrt 2, beta = |mean| / sqrt 2 (by hand), non-finite values left out', () => {
    // d = 0.1, 0.3: mean 0.2, sample SD sqrt(((-.1)^2 + .1^2) / 1) = 0.141421...
    const e = meterErrorFromDisagreements([0.1, 0.3, NaN]);
    expect(e.runs).toBe(2);
    expect(e.eps).toBeCloseTo(0.1, 12);
    expect(e.beta).toBeCloseTo(0.2 / Math.SQRT2, 12);
    // a power meter reading low gives the same sizes (beta from |mean|)
    expect(meterErrorFromDisagreements([-0.1, -0.3]).beta).toBeCloseTo(0.2 / Math.SQRT2, 12);
    // identical disagreements: no random part, all bias
    expect(meterErrorFromDisagreements([0.05, 0.05, 0.05]).eps).toBeCloseTo(0, 15);
  });
  test('fewer than two values: refused with the reason and what to give instead', () => {
    expect(() => meterErrorFromDisagreements([], 'dataset X')).toThrow(/^--noise meter:trace: dataset X has no run with a meter cross-check .*Give the sizes yourself: --noise meter:EPS:BETA$/);
    expect(() => meterErrorFromDisagreements([0.1])).toThrow(/has one run with a meter cross-check/);
  });
});
