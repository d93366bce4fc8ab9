/** Weights as a notebook user passes them, wrong: refused by name, never weights that do not sum to 1. */
import { expect, test } from 'vitest';
import { gdpOccupationWeights, occupationWeights } from '../../kernel-lib/weights/index.ts';
import { spearman } from '../../kernel-lib/uncertainty/index.ts';
import { winTieInterval } from '../../kernel-lib/tables/index.ts';

const occs = [{ occupation: 'a', sector: 'S', employment: 1 }, { occupation: 'b', sector: 'S', employment: 3 }, { occupation: 'c', sector: 'T', employment: 5 }];
const sectors = [{ sector: 'S', gdpShare: 30 }, { sector: 'T', gdpShare: 10 }];

test('an occupation listed twice is refused (the GDP weights summed to 0.85, not 1)', () => {
  expect(() => gdpOccupationWeights([...occs, occs[0]], sectors)).toThrow('gdpOccupationWeights requires each occupation once: a is given twice');
  expect(() => occupationWeights('equal', [...occs, occs[0]], sectors)).toThrow('occupationWeights requires each occupation once: a is given twice');
});

test('a sector share given twice is refused (the last one silently won)', () => {
  expect(() => gdpOccupationWeights(occs, [...sectors, { sector: 'S', gdpShare: 90 }])).toThrow('gdpOccupationWeights requires one share per sector: S is given twice');
  // the documented example still holds: 0.1875, 0.5625, 0.25
  expect([...gdpOccupationWeights(occs, sectors).values()]).toEqual([0.1875, 0.5625, 0.25]);
});

test('custom: null is an invalid scheme, not a TypeError; weights too large to add are normalised exactly, not all 0', () => {
  expect(() => occupationWeights({ custom: null as never }, occs, sectors)).toThrow('invalid weights scheme: {"custom":null}');
  // #23: normalised as ratios to the largest, so the total cannot overflow (1e308 twice): 0.5, 0.5 and 1e-308 / 2
  expect([...occupationWeights({ custom: { a: 1e308, b: 1e308, c: 1 } }, occs, sectors).values()]).toEqual([0.5, 0.5, 1e-308 / 2]);
  expect(() => occupationWeights({ custom: { a: 1, b: 1, c: 1 } }, [...occs, { occupation: 'toString', sector: 'S', employment: 1 }], sectors)).toThrow('custom weights miss occupation toString');
});

test('employment 1e308 twice keeps every occupation its share instead of overflowing to 0 (#23)', () => {
  // before: the sector's employment summed to Infinity, every share of it became 0, the category was dropped
  const big = [{ occupation: 'a', sector: 'S', employment: 1e308 }, { occupation: 'b', sector: 'S', employment: 1e308 }, { occupation: 'c', sector: 'T', employment: 5 }];
  // oracle: S has 30 / 40 of the GDP, split evenly; T 10 / 40
  expect([...gdpOccupationWeights(big, sectors).values()]).toEqual([0.375, 0.375, 0.25]);
  expect([...occupationWeights('employment', big, sectors).values()]).toEqual([0.5, 0.5, 5e-308 / 2]);
});

test('spearman refuses NaN (it ranked NaN last and returned rho = 1)', () => {
  expect(() => spearman([1, NaN, 3], [1, 2, 3])).toThrow('spearman requires finite values: NaN at position 1');
  expect(spearman([1, 2, 2, 3], [1, 3, 2, 4])).toBeCloseTo(0.9487, 4); // doc example, average ranks for ties
});

test('winTieInterval refuses inherited names such as toString (it returned NaN bounds)', () => {
  expect(() => winTieInterval(1, 2, 'toString' as never)).toThrow('invalid winTieInterval: toString (expected wilson, wilson_corrected, exact)');
});
