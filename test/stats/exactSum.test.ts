import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { exactSum } from '../../kernel-lib/stats/exactSum.ts';

describe('exactSum', () => {
  it('matches Python math.fsum on cancellation and rounding cases', () => {
    // Oracle: Python 3 math.fsum on the same lists
    expect(exactSum([0.1, 0.2, 0.3])).toBe(0.6);
    expect(exactSum([0.3, 0.2, 0.1])).toBe(0.6);
    expect(exactSum([1e100, 1, -1e100])).toBe(1);
    expect(exactSum(Array(10).fill(0.1))).toBe(1);
    expect(exactSum([1, 1e-16, 1e-16])).toBe(1.0000000000000002);
    expect(exactSum([])).toBe(0);
  });

  it('does not depend on the order of the terms (property)', () => {
    const term = fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true });
    fc.assert(fc.property(fc.array(term, { maxLength: 30 }), fc.integer(), (xs, seed) => {
      const shuffled = [...xs];
      let s = seed >>> 0;
      for (let i = shuffled.length - 1; i > 0; i--) {
        s = (s * 1103515245 + 12345) >>> 0;
        const j = s % (i + 1);
        [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
      }
      expect(exactSum(shuffled) === exactSum(xs)).toBe(true); // === so that 0 and -0 count as equal
    }), { seed: 30, numRuns: 300 });
  });

  it('falls back to the plain sum for non-finite terms', () => {
    expect(exactSum([1, Infinity])).toBe(Infinity);
    expect(exactSum([Infinity, -Infinity])).toBeNaN();
  });
});
