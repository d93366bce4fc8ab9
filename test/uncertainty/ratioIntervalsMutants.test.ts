/**
 * ratioIntervals.ts (#29, mutation testing): the NVJ and TSJ interval columns of a cell from its
 * component draws. Oracle: a second implementation, the ratios formed draw by draw by hand and their
 * type-7 percentiles by sorting (test/tables/handDraws.ts type7, numpy's default).
 */
import { describe, expect, test } from 'vitest';
import { NO_INTERVALS, ratioIntervals } from '../../kernel-lib/uncertainty/ratioIntervals.ts';
import { type7 } from '../tables/handDraws.ts';

const f = (...v: number[]) => Float64Array.from(v);

describe('ratioIntervals', () => {
  // five draws; NVJ^b = (G - C) / E = 8, -1, 3, 20, 0.5 and TSJ^b = S / E = 1, 6, 0.25, 2, 10
  const d = { credit: f(), valueUSD: f(6, 1, 7, 12, 2), costUSD: f(2, 2, 1, 2, 1.5), energyMJ: f(0.5, 1, 2, 0.5, 1), timeSavingHours: f(0.5, 6, 0.5, 1, 10) };
  const nvj = [8, -1, 3, 20, 0.5], tsj = [1, 6, 0.25, 2, 10];

  test('gives the type-7 percentiles 2.5% and 97.5% of NVJ and TSJ formed within each draw', () => {
    const r = ratioIntervals(d);
    // by hand on the sorted NVJ -1, 0.5, 3, 8, 20: h = 4 x 0.025 = 0.1 -> -1 + 0.1 x 1.5 = -0.85;
    // h = 3.9 -> 8 + 0.9 x 12 = 18.8
    expect(r.nvj_lo).toBeCloseTo(-0.85, 12);
    expect(r.nvj_hi).toBeCloseTo(18.8, 12);
    expect(r.nvj_lo).toBeCloseTo(type7(nvj, 0.025), 12);
    expect(r.nvj_hi).toBeCloseTo(type7(nvj, 0.975), 12);
    expect(r.tsj_lo).toBeCloseTo(type7(tsj, 0.025), 12);
    expect(r.tsj_hi).toBeCloseTo(type7(tsj, 0.975), 12);
    expect(Object.keys(r).sort()).toEqual(['nvj_hi', 'nvj_lo', 'tsj_hi', 'tsj_lo']);
  });

  test('another level is passed on to both intervals (50%: the quartiles)', () => {
    const r = ratioIntervals(d, 0.5);
    expect(r).toEqual({ nvj_lo: type7(nvj, 0.25), nvj_hi: type7(nvj, 0.75), tsj_lo: type7(tsj, 0.25), tsj_hi: type7(tsj, 0.75) });
    expect(r.nvj_lo).toBe(0.5);
    expect(r.tsj_hi).toBe(6);
  });

  test('leaves the component draws unchanged (the ratios go to a scratch array)', () => {
    const before = Object.fromEntries(Object.entries(d).map(([k, v]) => [k, [...v]]));
    ratioIntervals(d);
    for (const [k, v] of Object.entries(d)) expect([...v], k).toEqual(before[k]);
  });

  test('with the bootstrap off (null or undefined draws): every interval cell is null', () => {
    expect(ratioIntervals(null)).toEqual({ nvj_lo: null, nvj_hi: null, tsj_lo: null, tsj_hi: null });
    expect(ratioIntervals(undefined)).toBe(NO_INTERVALS);
    expect(NO_INTERVALS).toEqual({ nvj_lo: null, nvj_hi: null, tsj_lo: null, tsj_hi: null });
  });
});
