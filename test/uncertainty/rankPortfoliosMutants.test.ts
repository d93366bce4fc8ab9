/**
 * rankPortfolios.ts (Joules-to-GDP J.2, Table 16), #29 mutation testing, second pass: a survivor listed
 * as equivalent was not. `if (!(e > 0)) requirePositive(...)` let an infinite category energy through
 * (Infinity > 0): a one-task category (kept whole, never re-averaged) with an infinite energy was
 * ranked with every ratio 0 (Y / Infinity), silently; a larger one failed only at its first removal,
 * as "energy: NaN" (Infinity - Infinity). The library's rule (metrics/requirePositive.ts) is that a
 * ratio refuses a zero, negative or non-finite denominator; the oracle is that rule and its message.
 *
 * The other survivors stay equivalent (listed in rankPortfolios.test.ts). Most live in speed-only code,
 * measured against its plain replacement (same outputs bit for bit; 10,000 portfolios on the
 * reconstructed dataset's Table 16 input, 13 categories, 220 tasks; variants interleaved in one
 * process, median CPU per call, s11-u3 on 2 December 2026 at load 13): spearman.ts's averageRanks
 * instead of ranksFrom (9 survivors) costs 20% more CPU, createRng(seed).int(m) instead of the inlined
 * draw (5 survivors, the rejection step) 19%, no removal cache (1 survivor) 67%. So that code stays.
 * requirePositive on every category instead of behind the guard: 0.99 of the guarded CPU time.
 */
import { describe, expect, test } from 'vitest';
import { rankPortfolios } from '../../kernel-lib/uncertainty/rankPortfolios.ts';

const two = (energyMJ: Float64Array) => ({
  occupationIndex: Int32Array.of(0, 0, 1, 1), categoryOf: Int32Array.of(0, 1), categories: 2, weights: Float64Array.of(1, 1),
  credit: Float64Array.of(1, 0, 1, 1), valueUSD: Float64Array.of(10, 6, 5, 5), costUSD: Float64Array.of(2, 2, 1, 3),
  energyMJ, timeSavingHours: Float64Array.of(3, 1, 0, 2),
});

describe('rankPortfolios refuses a non-finite category energy', () => {
  test('a one-task category with an infinite energy is refused, not ranked with ratios of 0', () => {
    const single = {
      occupationIndex: Int32Array.of(0, 0, 1), categoryOf: Int32Array.of(0, 1), categories: 2, weights: Float64Array.of(1, 1),
      credit: Float64Array.of(1, 0, 1), valueUSD: Float64Array.of(10, 6, 5), costUSD: Float64Array.of(2, 2, 1),
      energyMJ: Float64Array.of(1, 2, Infinity), timeSavingHours: Float64Array.of(3, 1, 2),
    };
    expect(() => rankPortfolios(single, { draws: 20, seed: 1 })).toThrow(/^netValuePerJoule requires a positive energy: Infinity$/);
  });

  test('an infinite task energy (or a sum that overflows) is refused with the ratio\'s message, not ranked as 0', () => {
    expect(() => rankPortfolios(two(Float64Array.of(1, 1, 1, Infinity)), { draws: 20, seed: 1 })).toThrow(/^netValuePerJoule requires a positive energy: Infinity$/);
    // 1e308 + 1e308 overflows to Infinity in the occupation's sum
    expect(() => rankPortfolios(two(Float64Array.of(1e308, 1e308, 1, 1)), { draws: 20, seed: 1 })).toThrow(/^netValuePerJoule requires a positive energy: Infinity$/);
    expect(() => rankPortfolios(two(Float64Array.of(1, NaN, 1, 1)), { draws: 20, seed: 1 })).toThrow(/^netValuePerJoule requires a positive energy: NaN$/);
  });
});
