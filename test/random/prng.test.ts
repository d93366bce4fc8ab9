import { describe, expect, it } from 'vitest';
import { createRng, xoshiro128StarStar } from '../../kernel-lib/random/prng.ts';

describe('xoshiro128**', () => {
  it('matches the reference C implementation from state (1, 2, 3, 4)', () => {
    // Oracle: hand-traced from https://prng.di.unimi.it/xoshiro128starstar.c
    const g = xoshiro128StarStar(1, 2, 3, 4);
    expect([g(), g(), g()]).toEqual([11520, 0, 5927040]);
  });
});

describe('createRng', () => {
  it('gives the same stream for the same seed and different streams for different seeds', () => {
    const a = createRng(7), b = createRng(7), c = createRng(8);
    const xa = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xa);
    expect(Array.from({ length: 5 }, () => c.next())).not.toEqual(xa);
  });

  it('keeps next() in [0, 1) and int(n) in {0..n-1}, roughly uniform', () => {
    const r = createRng(1);
    const counts = [0, 0, 0];
    for (let i = 0; i < 30000; i++) {
      const u = r.next();
      expect(u >= 0 && u < 1).toBe(true);
      counts[r.int(3)]++;
    }
    // Oracle: binomial sd of each count is about 82; allow 5 sd.
    for (const k of counts) expect(Math.abs(k - 10000)).toBeLessThan(410);
  });

  it('refuses a seed that is not a safe integer and a bad bound', () => {
    expect(() => createRng(1.5)).toThrow('invalid seed: 1.5');
    expect(() => createRng(1).int(0)).toThrow('invalid n: 0');
  });
});
