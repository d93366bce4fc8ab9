/**
 * settings.ts (bootstrap draws and seed, Joules-to-GDP K.1; memory bound of issue 13) against
 * arithmetic done by hand (#29 mutation testing): the memory bound 2 GiB / (8 bytes x series) at
 * and around its edge, formatBytes' decimal units at each boundary, and the precedence and messages
 * of resolveBootstrap.
 *
 * s11-u3 run: 83 + 1 timeout of 85 killed. The survivor, units[0] = 'bytes' made '', was dead code (the
 * bytes branch wrote its own literal); formatBytes now takes every unit, bytes too, from the list.
 */
import { describe, expect, test } from 'vitest';
import {
  BYTES_PER_DRAW_PER_SERIES, DEFAULT_BOOTSTRAP, DEFAULT_DRAWS, DEFAULT_SEED, DEFAULT_SERIES, MAX_BOOTSTRAP_BYTES,
  checkBootstrap, checkDraws, formatBytes, maxDraws, resolveBootstrap,
} from '../../kernel-lib/uncertainty/settings.ts';

describe('the constants', () => {
  test('the paper\'s 10,000 draws and seed 20260726 (K.1), 8 bytes a float, 2 GiB, 76 series', () => {
    expect(DEFAULT_DRAWS).toBe(10000);
    expect(DEFAULT_SEED).toBe(20260726);
    expect(DEFAULT_BOOTSTRAP).toEqual({ draws: 10000, seed: 20260726 });
    expect(BYTES_PER_DRAW_PER_SERIES).toBe(8);
    expect(MAX_BOOTSTRAP_BYTES).toBe(2147483648);
    expect(DEFAULT_SERIES).toBe(6 * 10 + 16);
  });
});

describe('maxDraws and formatBytes', () => {
  test('maxDraws = floor(2^31 / (8 series)); fewer than one series counts as one', () => {
    expect(maxDraws(1)).toBe(268435456); // 2^31 / 8 = 2^28
    expect(maxDraws(0)).toBe(268435456);
    expect(maxDraws(-3)).toBe(268435456);
    expect(maxDraws(76)).toBe(3532045); // 2147483648 / 608 = 3532045.05
    expect(maxDraws(3)).toBe(89478485); // 2147483648 / 24 = 89478485.33
  });

  test('decimal units, two significant digits; whole bytes below 1000', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(12.6)).toBe('13 bytes');
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(1000)).toBe('1 kB');
    expect(formatBytes(1234)).toBe('1.2 kB');
    expect(formatBytes(999_999)).toBe('1000 kB'); // 999.999 kB to two digits
    expect(formatBytes(1e6)).toBe('1 MB');
    expect(formatBytes(2147483648)).toBe('2.1 GB');
    expect(formatBytes(7.3e12)).toBe('7.3 TB');
    expect(formatBytes(4.56e15)).toBe('4.6 PB');
    expect(formatBytes(1e18)).toBe('1 EB');
    expect(formatBytes(3e21)).toBe('3000 EB'); // no unit above EB
  });
});

describe('checkDraws', () => {
  test('accepts an integer from 1 to maxDraws(series) inclusive', () => {
    expect(checkDraws(1)).toBe(1);
    expect(checkDraws(3532045)).toBe(3532045); // the most for 76 series
    expect(checkDraws(89478485, 3)).toBe(89478485);
  });

  test('one draw past the bound is refused with the memory it would need, by hand', () => {
    // 3532046 x 76 x 8 = 2147483968 bytes: 2.1 GB
    expect(() => checkDraws(3532046)).toThrow(
      'invalid draws: 3532046: a bootstrap of 76 series at once would need about 2.1 GB of memory (8 bytes per draw per series); at most 3532045 draws fit in 2.1 GB');
    // 1e12 x 76 x 8 = 6.08e14 bytes: 610 TB (the doc comment's example), naming the source
    expect(() => checkDraws(1e12, 76, 'the draws option')).toThrow(
      /^invalid draws: 1000000000000 \(from the draws option\): a bootstrap of 76 series at once would need about 610 TB of memory \(8 bytes per draw per series\); at most 3532045 draws fit in 2\.1 GB$/);
    // 3 series: 89478486 x 3 x 8 = 2147483664 bytes
    expect(() => checkDraws(89478486, 3)).toThrow(/^invalid draws: 89478486: a bootstrap of 3 series at once would need about 2\.1 GB of memory \(8 bytes per draw per series\); at most 89478485 draws fit/);
  });

  test('refuses a non-integer or a count below 1, naming where it came from', () => {
    expect(() => checkDraws(0)).toThrow(/^invalid draws: 0$/);
    expect(() => checkDraws(-5, 76, 'manifest.json bootstrap.draws')).toThrow(/^invalid draws: -5 \(from manifest\.json bootstrap\.draws\)$/);
    expect(() => checkDraws(2.5)).toThrow(/^invalid draws: 2\.5$/);
    expect(() => checkDraws(NaN)).toThrow(/^invalid draws: NaN$/);
  });
});

describe('checkBootstrap and resolveBootstrap', () => {
  test('checkBootstrap: draws an integer >= 1, seed a safe integer (0 and negatives allowed)', () => {
    const s = { draws: 1, seed: 0 };
    expect(checkBootstrap(s)).toBe(s);
    expect(checkBootstrap({ draws: 5, seed: -7 })).toEqual({ draws: 5, seed: -7 });
    expect(checkBootstrap({ draws: 5, seed: 2 ** 53 - 1 })).toEqual({ draws: 5, seed: 2 ** 53 - 1 });
    expect(() => checkBootstrap({ draws: 0, seed: 1 })).toThrow(/^invalid draws: 0$/);
    expect(() => checkBootstrap({ draws: 1.5, seed: 1 })).toThrow(/^invalid draws: 1\.5$/);
    expect(() => checkBootstrap({ draws: 1, seed: 2 ** 53 })).toThrow(/^invalid seed: 9007199254740992$/);
    expect(() => checkBootstrap({ draws: 1, seed: 0.5 })).toThrow(/^invalid seed: 0\.5$/);
  });

  test('explicit over manifest over the paper, separately for draws and seed', () => {
    expect(resolveBootstrap(undefined)).toEqual({ draws: 10000, seed: 20260726 });
    expect(resolveBootstrap({}, {})).toEqual({ draws: 10000, seed: 20260726 });
    expect(resolveBootstrap({ seed: 3 }, { draws: 40, seed: 9 })).toEqual({ draws: 40, seed: 3 });
    expect(resolveBootstrap({ draws: 7 }, { seed: 9 })).toEqual({ draws: 7, seed: 9 });
    expect(resolveBootstrap(undefined, { draws: 40 })).toEqual({ draws: 40, seed: 20260726 });
  });

  test('the memory bound uses the series given, and the message names the source of the draws', () => {
    // 10 series: maxDraws 2^31 / 80 = 26843545.6 -> 26843545
    expect(resolveBootstrap(undefined, { draws: 26843545 }, 10).draws).toBe(26843545);
    expect(() => resolveBootstrap(undefined, { draws: 26843546 }, 10)).toThrow(/^invalid draws: 26843546 \(from manifest\.json bootstrap\.draws\): a bootstrap of 10 series/);
    expect(() => resolveBootstrap({ draws: 26843546 }, { draws: 5 }, 10)).toThrow(/^invalid draws: 26843546 \(from the draws option\): a bootstrap of 10 series/);
    expect(() => resolveBootstrap({ draws: 0 })).toThrow(/^invalid draws: 0 \(from the draws option\)$/);
    expect(() => resolveBootstrap({ seed: 1 }, { draws: 0 })).toThrow(/^invalid draws: 0 \(from manifest\.json bootstrap\.draws\)$/);
    // the default series (76) when none is given
    expect(() => resolveBootstrap({ draws: 3532046 })).toThrow(/a bootstrap of 76 series/);
    // the paper's default draws fit even the largest table (no source to name)
    expect(resolveBootstrap(undefined, undefined, 1000).draws).toBe(10000);
    expect(() => resolveBootstrap(undefined, undefined, 30000)).toThrow(/^invalid draws: 10000: a bootstrap of 30000 series/);
  });
});
