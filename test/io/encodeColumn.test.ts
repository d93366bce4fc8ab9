/**
 * encodeColumn (kernel-lib/io/csv.ts), the loader's way of checking an id column's uniqueness: its
 * codes must say "same cell" exactly when the strings are equal. Oracle: a JavaScript Map from string
 * to its first position, built in the test; cells drawn from a small alphabet so that repeats are
 * common, and a pair of ids with the same FNV-1a hash (checked in the test) so that equal hashes of different
 * strings are met.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellHash, encodeColumn } from '../../kernel-lib/io/csv.ts';

/** A plain column (code i is row i) of `cells`. */
function plain(cells: string[]) {
  return { codes: Int32Array.from(cells, (_, i) => i), dict: cells, encoded: false };
}

/** The expected codes: each cell's rank among the distinct cells in order of first appearance. */
function byMap(cells: string[]): { codes: number[]; distinct: number } {
  const first = new Map<string, number>();
  const codes = cells.map((c) => {
    if (!first.has(c)) first.set(c, first.size);
    return first.get(c)!;
  });
  return { codes, distinct: first.size };
}

describe('encodeColumn gives equal codes exactly to equal cells', () => {
  it('on 300 generated columns of short cells with many repeats, equals a Map of first appearances', () => {
    fc.assert(fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', 'b', '|', 'é', ','), maxLength: 3 }), { maxLength: 400 }), (cells) => {
      const got = encodeColumn(plain(cells), cells.length);
      const want = byMap(cells);
      expect(Array.from(got.codes)).toEqual(want.codes);
      expect(got.distinct).toBe(want.distinct);
    }), { numRuns: 300, seed: 27 });
  });

  it('reads row i through the column codes (an encoded column gives the same answer as its plain form)', () => {
    const column = { codes: Int32Array.of(1, 0, 1, 2), dict: ['x', 'y', 'x'], encoded: false };
    // rows: y, x, y, x
    expect(Array.from(encodeColumn(column, 4).codes)).toEqual([0, 1, 0, 1]);
  });

  it('tells apart two different cells with the same FNV-1a hash', () => {
    // found by a birthday search over `run-<i>` (the first two ids whose 32-bit hashes agree)
    const pair = ['run-302948', 'run-1826500'];
    const [a, b] = pair;
    expect(cellHash(a)).toBe(cellHash(b));
    expect(a).not.toBe(b);
    const got = encodeColumn(plain([a, b, a, b]), 4);
    expect(Array.from(got.codes)).toEqual([0, 1, 0, 1]);
    expect(got.distinct).toBe(2);
  });
});
