import { describe, expect, it } from 'vitest';
import { add, div, exact, fromPrinted, interval, intersect, mul, scale, sub, sum } from '../../kernel-lib/audit/interval.ts';
import { consistent } from '../../kernel-lib/audit/check.ts';

// Oracle: hand arithmetic in the comments. Bounds are widened outward by a few ulps, hence a relative tolerance of 1e-12.
const close = (r: { lo: number; hi: number }, lo: number, hi: number) => {
  expect(Math.abs(r.lo - lo)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(lo)));
  expect(Math.abs(r.hi - hi)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(hi)));
  expect(r.lo).toBeLessThanOrEqual(lo);
  expect(r.hi).toBeGreaterThanOrEqual(hi);
};

describe('fromPrinted', () => {
  it('is value ± half the last printed digit', () => {
    close(fromPrinted('0.430'), 0.4295, 0.4305);
    close(fromPrinted('168.11'), 168.105, 168.115);
    close(fromPrinted('23'), 22.5, 23.5);
    close(fromPrinted('-2.5'), -2.55, -2.45);
    close(fromPrinted('77.2%'), 77.15, 77.25);
    close(fromPrinted('10,000'), 9999.5, 10000.5);
  });
  it('rejects text that is not a printed decimal', () => {
    expect(() => fromPrinted('four')).toThrow('fromPrinted requires a printed decimal number: "four"');
    expect(() => fromPrinted('1e3')).toThrow('fromPrinted requires');
  });
});

describe('interval operations', () => {
  it('add, sub, mul, div by hand', () => {
    close(add(interval(1, 2), interval(10, 20)), 11, 22);
    close(sub(interval(10, 20), interval(1, 2)), 8, 19); // [10 − 2, 20 − 1]
    close(mul(interval(-1, 2), interval(3, 4)), -4, 8); // corners −3, −4, 6, 8
    close(div(interval(1, 2), interval(4, 8)), 0.125, 0.5); // [1/8, 2/4]
    close(scale(interval(1, 2), -2), -4, -2);
    close(sum([exact(1), interval(0, 1), exact(2)]), 3, 4);
  });
  it('G/C − 1 for Table 14 Legal: G = 56.97, C = 1.577', () => {
    // [56.965/1.5775 − 1, 56.975/1.5765 − 1] = [35.11093, 35.14018]
    const r = sub(div(fromPrinted('56.97'), fromPrinted('1.577')), exact(1));
    close(r, 56.965 / 1.5775 - 1, 56.975 / 1.5765 - 1);
    expect(consistent('35.1', r)).toBe(true); // 35.1 stands for [35.05, 35.15]
    expect(consistent('35.2', r)).toBe(false); // [35.15, 35.25] misses [35.111, 35.140]
  });
  it('division by an interval holding 0 throws', () => {
    expect(() => div(exact(1), interval(-1, 1))).toThrow('div requires a divisor interval without 0');
  });
  it('intersect', () => {
    expect(intersect(interval(0, 2), interval(1, 3))).toEqual({ lo: 1, hi: 2 });
    expect(intersect(interval(0, 1), interval(2, 3))).toBeNull();
  });
  it('rejects an inverted interval', () => {
    expect(() => interval(2, 1)).toThrow('invalid interval: [2, 1]');
  });
});
