import { describe, expect, test } from 'vitest';
import { gdpOccupationWeights, occupationWeights, categoryWeights } from '../../kernel-lib/weights/index.ts';

const occs = [
  { occupation: 'a', sector: 'S', employment: 1 },
  { occupation: 'b', sector: 'S', employment: 3 },
  { occupation: 'c', sector: 'T', employment: 5 },
];
const sectors = [{ sector: 'S', gdpShare: 30 }, { sector: 'T', gdpShare: 10 }];

describe('gdpOccupationWeights', () => {
  test('sector share times within-sector employment share (hand-computed: 0.75*0.25, 0.75*0.75, 0.25*1)', () => {
    const w = gdpOccupationWeights(occs, sectors);
    expect(w.get('a')).toBeCloseTo(0.1875, 12);
    expect(w.get('b')).toBeCloseTo(0.5625, 12);
    expect(w.get('c')).toBeCloseTo(0.25, 12);
  });
  test('share scale does not matter: percent and fraction give the same weights', () => {
    const a = gdpOccupationWeights(occs, sectors);
    const b = gdpOccupationWeights(occs, sectors.map((s) => ({ ...s, gdpShare: s.gdpShare / 100 })));
    for (const k of ['a', 'b', 'c']) expect(b.get(k)).toBeCloseTo(a.get(k)!, 14);
  });
  test('a sector with no evaluated occupation is left out of the normalisation', () => {
    const w = gdpOccupationWeights(occs, [...sectors, { sector: 'U', gdpShare: 60 }]);
    expect([...w.values()].reduce((s, x) => s + x, 0)).toBeCloseTo(1, 14);
  });
  test('rejects an occupation whose sector has no share, and a zero-employment sector', () => {
    expect(() => gdpOccupationWeights([{ occupation: 'x', sector: 'Z', employment: 1 }], sectors)).toThrow(/sector Z/);
    expect(() => gdpOccupationWeights([{ occupation: 'x', sector: 'S', employment: 0 }], sectors)).toThrow(/zero evaluated employment/);
  });
});

describe('occupationWeights schemes', () => {
  test('employment-only weights are employment shares (1/9, 3/9, 5/9)', () => {
    const w = occupationWeights('employment', occs, sectors);
    expect(w.get('c')).toBeCloseTo(5 / 9, 14);
  });
  test('equal weights are 1/3 each', () => {
    expect(occupationWeights('equal', occs, sectors).get('b')).toBeCloseTo(1 / 3, 14);
  });
  test('custom weights are normalised and must cover every occupation', () => {
    expect(occupationWeights({ custom: { a: 1, b: 1, c: 2 } }, occs, sectors).get('c')).toBeCloseTo(0.5, 14);
    expect(() => occupationWeights({ custom: { a: 1, b: 1 } }, occs, sectors)).toThrow(/miss occupation c/);
    expect(() => occupationWeights({ custom: { a: 1, b: 1, c: 1, d: 1 } }, occs, sectors)).toThrow(/not evaluated: d/);
    expect(() => occupationWeights({ custom: { a: -1, b: 1, c: 1 } }, occs, sectors)).toThrow(/invalid weight for a/);
  });
  test('category weights W_c sum the occupation weights of each category', () => {
    const W = categoryWeights(new Map([['a', 0.2], ['b', 0.3], ['c', 0.5]]), new Map([['a', 'X'], ['b', 'Y'], ['c', 'X']]));
    expect(W.get('X')).toBeCloseTo(0.7, 14);
    expect(W.get('Y')).toBeCloseTo(0.3, 14);
  });
});
