/**
 * kernel-lib/arrays.ts: pushAll, maxOf and minOf give what the spreads they replace give
 * (`to.push(...more)`, `Math.max(...xs)`, `Math.min(...xs)`: the oracle, on arrays short enough for a
 * spread), including NaN, -0 and empty lists, and keep giving it past the length where a spread throws
 * "Maximum call stack size exceeded".
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxOf, minOf, pushAll } from '../kernel-lib/arrays.ts';

const numbers = fc.array(fc.oneof(fc.double(), fc.constantFrom(NaN, -0, 0, Infinity, -Infinity)), { maxLength: 50 });

describe('arrays.ts equals the spreads it replaces', () => {
  it('maxOf and minOf: Math.max and Math.min of the spread on 500 generated lists (NaN, -0 and empty included)', () => {
    fc.assert(fc.property(numbers, (xs) => {
      expect(Object.is(maxOf(xs), Math.max(...xs))).toBe(true);
      expect(Object.is(minOf(xs), Math.min(...xs))).toBe(true);
    }), { numRuns: 500, seed: 27 });
  });

  it('by hand: the empty list, a lone NaN, -0 against 0, and any iterable', () => {
    expect(maxOf([])).toBe(-Infinity);
    expect(minOf([])).toBe(Infinity);
    expect(maxOf([1, NaN, 3])).toBeNaN();
    expect(minOf([1, NaN, 3])).toBeNaN();
    expect(Object.is(maxOf([-0, 0]), 0)).toBe(true);
    expect(Object.is(minOf([0, -0]), -0)).toBe(true);
    expect(maxOf(new Set([2, 9, 4]))).toBe(9);
    expect(minOf(Float64Array.of(2, -9, 4))).toBe(-9);
  });

  it('pushAll: the list with the others appended in order, the same array returned (500 generated pairs)', () => {
    fc.assert(fc.property(fc.array(fc.integer()), fc.array(fc.integer()), (a, b) => {
      const to = [...a];
      const want = [...a];
      want.push(...b);
      expect(pushAll(to, b)).toBe(to);
      expect(to).toEqual(want);
    }), { numRuns: 500, seed: 27 });
    expect(pushAll([1], new Set([2, 3]))).toEqual([1, 2, 3]);
  });

  it("past a spread's limit: 1,000,000 elements, where Math.max(...xs) and push(...xs) throw", () => {
    const xs = Array.from({ length: 1_000_000 }, (_, i) => (i * 7919) % 1_000_003);
    expect(() => Math.max(...xs)).toThrow(RangeError);
    expect(maxOf(xs)).toBe(xs.reduce((m, x) => (x > m ? x : m), -Infinity));
    expect(minOf(xs)).toBe(xs.reduce((m, x) => (x < m ? x : m), Infinity));
    const to = [-1];
    expect(pushAll(to, xs).length).toBe(1_000_001);
    expect(to[1_000_000]).toBe(xs[999_999]);
  });
});
