/**
 * percentReduction.ts (#29, mutation testing): the reduction 100 (1 - end / start) of Table 18 and its
 * draws. Oracles: hand arithmetic on numbers chosen to be exact in binary (start 4, end 1: 75%), and
 * the error grammar of the file's doc comment.
 */
import { describe, expect, test } from 'vitest';
import { percentReduction, percentReductionDraws } from '../../kernel-lib/uncertainty/percentReduction.ts';

describe('percentReduction', () => {
  test('is 100 (1 - end / start): 4 -> 1 is 75, 4 -> 6 is -50 (an increase), 2 -> 2 is 0', () => {
    expect(percentReduction(4, 1)).toBe(75);
    expect(percentReduction(4, 6)).toBe(-50);
    expect(percentReduction(2, 2)).toBe(0);
    expect(percentReduction(-4, -1)).toBe(75); // a negative start is a start too: only 0 is refused
  });

  test('refuses a zero or non-finite start and a non-finite end, naming the value', () => {
    expect(() => percentReduction(0, 1)).toThrow('percentReduction requires a nonzero start: 0');
    expect(() => percentReduction(Infinity, 1)).toThrow('percentReduction requires a nonzero start: Infinity');
    expect(() => percentReduction(NaN, 1)).toThrow('percentReduction requires a nonzero start: NaN');
    expect(() => percentReduction(1, NaN)).toThrow('percentReduction requires a finite end: NaN');
    expect(() => percentReduction(1, -Infinity)).toThrow('percentReduction requires a finite end: -Infinity');
  });
});

describe('percentReductionDraws', () => {
  test('gives the reduction of every draw whose start is nonzero, in draw order, and counts the zero starts', () => {
    // by hand: 4 -> 1: 75; 0 -> 5: left out; 2 -> 3: -50; 0 -> 0: left out; 8 -> 2: 75
    const r = percentReductionDraws(Float64Array.of(4, 0, 2, 0, 8), Float64Array.of(1, 5, 3, 0, 2));
    expect(r.values).toBeInstanceOf(Float64Array);
    expect([...r.values]).toEqual([75, -50, 75]);
    expect(r.undefinedDraws).toBe(2);
  });

  test('no draws: no values and no undefined draws; every start zero: every draw undefined', () => {
    expect(percentReductionDraws(new Float64Array(0), new Float64Array(0))).toEqual({ values: new Float64Array(0), undefinedDraws: 0 });
    const r = percentReductionDraws(new Float64Array(3), Float64Array.of(1, 2, 3));
    expect(r.values.length).toBe(0);
    expect(r.undefinedDraws).toBe(3);
  });
});
