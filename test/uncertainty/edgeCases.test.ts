/**
 * Degenerate inputs: a one-task occupation, identical tasks, zero energy, bad settings.
 * Oracle: by construction (a resample of identical values is that value; a one-task occupation
 * resamples to itself), and the library's error grammar ("invalid draws: -5").
 */
import { describe, expect, test } from 'vitest';
import { drawSample, taskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';
import { createRawRng, lemireInt } from '../../kernel-lib/random/prng.ts';
import { benchmarkDraws, groupMeanDraws } from '../../kernel-lib/uncertainty/groupMeanDraws.ts';
import { nvjDraws, tsjDraws } from '../../kernel-lib/uncertainty/ratioDraws.ts';
import { percentileInterval } from '../../kernel-lib/uncertainty/percentileInterval.ts';
import { resolveBootstrap } from '../../kernel-lib/uncertainty/settings.ts';
import { ratioIntervals } from '../../kernel-lib/uncertainty/ratioIntervals.ts';

describe('bootstrap edge cases', () => {
  test('an occupation whose group is out of range is refused, naming it, on both paths (never summed into a neighbouring group)', () => {
    const boot = taskBootstrap(Int32Array.of(0, 1, 1), 2, { draws: 10, seed: 1 });
    const x = [Float64Array.of(1, 2, 3)], w = Float64Array.of(0.5, 0.5);
    for (const method of ['multiset', 'slots'] as const) {
      expect(() => groupMeanDraws(boot, x, w, Int32Array.of(0, 2), 2, method)).toThrow('groupMeanDraws requires a group in 0..1 for every occupation: occupation 1 has 2');
      expect(() => groupMeanDraws(boot, x, w, Int32Array.of(-1, 0), 1, method)).toThrow('occupation 0 has -1');
    }
  });
  test('a one-task occupation always resamples to itself, so a benchmark of one-task occupations has a zero-width interval, no NaN', () => {
    const occ = Int32Array.of(0, 1, 2);
    const boot = taskBootstrap(occ, 3, { draws: 500, seed: 3 });
    const [G, C, E] = benchmarkDraws(boot, [Float64Array.of(10, 20, 30), Float64Array.of(1, 1, 1), Float64Array.of(0.5, 0.25, 0.25)], Float64Array.of(0.5, 0.25, 0.25));
    const nvj = nvjDraws(G, C, E);
    const expected = (0.5 * 10 + 0.25 * 20 + 0.25 * 30 - 1) / (0.5 * 0.5 + 0.25 * 0.25 + 0.25 * 0.25);
    for (const x of nvj) expect(x).toBeCloseTo(expected, 10);
    const ci = percentileInterval(nvj);
    expect(ci.lower).toBeCloseTo(expected, 10);
    expect(ci.upper).toBeCloseTo(expected, 10);
  });

  test('identical tasks give the point estimate in every draw, no NaN', () => {
    const occ = Int32Array.of(0, 0, 0, 1, 1);
    const boot = taskBootstrap(occ, 2, { draws: 300, seed: 9 });
    const same = (v: number) => new Float64Array(5).fill(v);
    const d = groupMeanDraws(boot, [same(0), same(2), same(0.4), same(0)], Float64Array.of(0.7, 0.3), Int32Array.of(0, 1), 2);
    const r = ratioIntervals({ credit: d[0][0], valueUSD: d[0][0], costUSD: d[1][0], energyMJ: d[2][0], timeSavingHours: d[3][0] });
    expect(r.nvj_lo).toBeCloseTo(-5, 12);
    expect(r.nvj_hi).toBeCloseTo(-5, 12);
    expect(r.tsj_lo).toBe(0);
    expect(r.tsj_hi).toBe(0);
  });

  test('a zero energy denominator is an error, not Infinity', () => {
    const zero = Float64Array.of(0.2, 0);
    expect(() => nvjDraws(Float64Array.of(1, 1), Float64Array.of(0, 0), zero)).toThrow('netValuePerJoule requires a positive energy: 0');
    expect(() => tsjDraws(Float64Array.of(1, 1), zero)).toThrow('timeSavingPerJoule requires a positive energy: 0');
    const boot = taskBootstrap(Int32Array.of(0, 0), 1, { draws: 50, seed: 1 });
    const [G, C, E] = benchmarkDraws(boot, [Float64Array.of(1, 1), Float64Array.of(0, 0), Float64Array.of(0, 0)], Float64Array.of(1));
    expect(() => nvjDraws(G, C, E)).toThrow('netValuePerJoule requires a positive energy: 0');
  });

  test('percentile intervals refuse NaN and Infinity', () => {
    expect(() => percentileInterval(Float64Array.of(1, NaN))).toThrow('percentileInterval requires finite draws');
    expect(() => percentileInterval(Float64Array.of(1, Infinity))).toThrow('percentileInterval requires finite draws');
  });

  test('settings: explicit over manifest over the paper defaults; bad values name the option', () => {
    expect(resolveBootstrap(undefined, undefined)).toEqual({ draws: 10000, seed: 20260726 });
    expect(resolveBootstrap(undefined, { draws: 2000, seed: 7 })).toEqual({ draws: 2000, seed: 7 });
    expect(resolveBootstrap({ draws: 50 }, { draws: 2000, seed: 7 })).toEqual({ draws: 50, seed: 7 });
    expect(() => resolveBootstrap({ draws: -5 })).toThrow('invalid draws: -5');
    expect(() => resolveBootstrap({ seed: 1.5 })).toThrow('invalid seed: 1.5');
    expect(() => taskBootstrap(Int32Array.of(0, 2), 2, { draws: 1, seed: 1 })).toThrow('taskBootstrap requires an occupation index in 0..1: 2');
  });

  test('draws resample within occupations: every slot of occupation o holds one of o\'s tasks', () => {
    const occ = Int32Array.of(1, 0, 1, 0, 1);
    const boot = taskBootstrap(occ, 2, { draws: 200, seed: 5 });
    const sample = drawSample(boot);
    for (let b = 0; b < boot.draws; b++) {
      for (let o = 0; o < 2; o++) {
        for (let p = boot.offsets[o]; p < boot.offsets[o + 1]; p++) expect(occ[sample[b * 5 + p]]).toBe(o);
      }
    }
  });

  test('the inlined resampling stream is the documented one: per occupation, chunks of slots, each lemireInt(createRawRng(seed), n_o^len) read as base-n_o digits', () => {
    // Oracle: kernel-lib/random/prng.ts (its raw stream is checked against the reference C implementation)
    // and the stream as taskBootstrap.ts documents it, written out slot by slot. Occupations of 3, 1, 7,
    // 9 (c = 6: 9^6 <= 2^21 < 9^7, chunks of 6 and 3) and 130 tasks (c = 2: 130^2 <= 2^21 < 130^3).
    const sizes = [3, 1, 7, 9, 130];
    const occ = Int32Array.from(sizes.flatMap((n, o) => Array(n).fill(o)));
    const boot = taskBootstrap(occ, sizes.length, { draws: 60, seed: 20260726 });
    expect([...boot.chunkSlots]).toEqual([3, 1, 7, 6, 2]);
    const raw = createRawRng(20260726);
    const expected: number[] = [];
    for (let b = 0; b < 60; b++) {
      for (let o = 0; o < sizes.length; o++) {
        const n = sizes[o], c = boot.chunkSlots[o];
        for (let left = n; left > 0; left -= Math.min(c, left)) {
          const len = Math.min(c, left);
          const u = lemireInt(raw, n ** len);
          for (let j = 0; j < len; j++) expected.push(boot.order[boot.offsets[o] + (Math.floor(u / n ** j) % n)]);
        }
      }
    }
    expect([...drawSample(boot)]).toEqual(expected);
  });

  test('every slot is a uniform pick and the slots of one chunk are independent (frequencies within 4 standard errors)', () => {
    // Oracle: u uniform on 0..5^5 - 1 makes its five base-5 digits independent and uniform, so each
    // position has frequency 1/5 in every slot and each pair of positions in two slots 1/25.
    const occ = new Int32Array(5);
    const B = 40000;
    const boot = taskBootstrap(occ, 1, { draws: B, seed: 7 });
    const sample = drawSample(boot);
    const single = new Float64Array(25), pair = new Float64Array(25);
    for (let b = 0; b < B; b++) {
      for (let j = 0; j < 5; j++) single[j * 5 + sample[b * 5 + j]]++;
      pair[sample[b * 5] * 5 + sample[b * 5 + 4]]++;
    }
    const check = (count: number, p: number) => expect(Math.abs(count / B - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / B));
    for (const c of single) check(c, 1 / 5);
    for (const c of pair) check(c, 1 / 25);
  });
});

describe('lemireInt', () => {
  test('hand-traced: from state (1, 2, 3, 4) the outputs 11520, 0, 5927040 give floor(x n / 2^32) = 0 for n = 6', () => {
    // Oracle: by hand, with the reference outputs of test/random/prng.test.ts. 2^32 mod 6 = 4.
    // 11520 * 6 = 69120 >= 4: accepted, floor(69120 / 2^32) = 0.
    const outs = [11520, 0, 5927040, 4294967295];
    let k = 0;
    const raw = () => outs[k++];
    expect(lemireInt(raw, 6)).toBe(0);
    expect(lemireInt(raw, 6)).toBe(0); // x = 0: m mod 2^32 = 0 < 4, rejected; then 5927040 -> 0
    expect(k).toBe(3);
    expect(lemireInt(raw, 6)).toBe(5); // (2^32 - 1) * 6 / 2^32 = 5.99...
  });

  test('uniform over n = 3 within 5 binomial sd, and refuses bad n', () => {
    const raw = createRawRng(11);
    const counts = [0, 0, 0];
    for (let i = 0; i < 30000; i++) counts[lemireInt(raw, 3)]++;
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(410); // sd 81.6
    expect(() => lemireInt(raw, 0)).toThrow('invalid n: 0');
  });
});

describe('percentile by selection', () => {
  test('equals the type-7 percentile of the sorted draws, with ties, at every level used', async () => {
    // Oracle: percentileSorted (kernel-lib/qaij/percentile.ts), R quantile(type = 7) semantics.
    const { percentileSelect } = await import('../../kernel-lib/uncertainty/percentileInterval.ts');
    const { percentileSorted } = await import('../../kernel-lib/stats/percentile.ts');
    const raw = createRawRng(4);
    for (const size of [1, 2, 3, 10, 999, 2000]) {
      const x = Float64Array.from({ length: size }, () => lemireInt(raw, 50) / 7); // many ties
      const sorted = x.slice().sort();
      for (const p of [0, 0.025, 0.05, 0.5, 0.95, 0.975, 1]) expect(percentileSelect(x.slice(), p)).toBe(percentileSorted(sorted, p));
    }
  });
});
