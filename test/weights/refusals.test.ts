/**
 * The weights module's refusals and edge values, each with the exact value or message it must give
 * (#29: `npm run mutation weights` left these branches untested: 74.4% of 219 mutants killed).
 * Oracles: the formulas of section 2.5 by hand, and the error grammar of kernel-lib/errors.ts.
 *
 * Equivalent survivors: none. `npm run mutation weights` scored 163 of 219 before these tests; a run
 * narrowed to the lines of its 56 survivors (MUTATION_MUTATE) then killed 104 of 104 mutants there.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ValidationError, formatIssue } from '../../kernel-lib/errors.ts';
import { categoryWeights, gdpOccupationWeights, occupationWeights } from '../../kernel-lib/weights/index.ts';
import { parseWeightsCsv } from '../../kernel-lib/weights/parseWeightsCsv.ts';
import { parseWeights, readWeightsFile } from '../../kernel-lib/weights/readWeightsFile.ts';

const occ = (occupation: string, sector: string, employment: number) => ({ occupation, sector, employment });

describe('gdpOccupationWeights refuses what has no weight', () => {
  test.each([[0], [-2], [Number.NaN], [Infinity]])('a sector share of %d', (share) => {
    expect(() => gdpOccupationWeights([occ('a', 'S', 1)], [{ sector: 'S', gdpShare: share }])).toThrow(`gdpOccupationWeights requires a positive sector share: S ${share}`);
  });

  test.each([[-1], [Number.NaN], [Infinity]])('an employment of %d', (employment) => {
    expect(() => gdpOccupationWeights([occ('a', 'S', 1), occ('b', 'S', employment)], [{ sector: 'S', gdpShare: 1 }])).toThrow(`gdpOccupationWeights requires a non-negative employment: b ${employment}`);
  });

  test('an employment of 0 beside others gives that occupation weight 0 (S 30, T 10: a 0, b 0.75, c 0.25)', () => {
    const w = gdpOccupationWeights([occ('a', 'S', 0), occ('b', 'S', 3), occ('c', 'T', 5)], [{ sector: 'S', gdpShare: 30 }, { sector: 'T', gdpShare: 10 }]);
    expect(Object.fromEntries(w)).toEqual({ a: 0, b: 0.75, c: 0.25 });
  });
});

describe('occupationWeights', () => {
  const sectors = [{ sector: 'S', gdpShare: 1 }];

  test('refuses no occupations, and names the occupation given twice (the second name, not the first)', () => {
    expect(() => occupationWeights('equal', [], sectors)).toThrow('occupationWeights requires at least one occupation');
    expect(() => occupationWeights('equal', [occ('a', 'S', 1), occ('b', 'S', 1), occ('b', 'S', 2)], sectors)).toThrow('occupationWeights requires each occupation once: b is given twice');
  });

  test.each([[null], [{}], [{ custom: null }], [{ custom: 5 }], ['gdp2']])('refuses the scheme %j by name', (scheme) => {
    expect(() => occupationWeights(scheme as never, [occ('a', 'S', 1)], sectors)).toThrow(`invalid weights scheme: ${JSON.stringify(scheme)}`);
  });

  test('custom weights: a zero weight is allowed (a 0, b 1/4, c 3/4); all zero or negative are refused; a total that overflows is normalised by ratios (1e308 twice: 1/2 each)', () => {
    const three = [occ('a', 'S', 1), occ('b', 'S', 1), occ('c', 'S', 1)];
    expect(Object.fromEntries(occupationWeights({ custom: { a: 0, b: 1, c: 3 } }, three, sectors))).toEqual({ a: 0, b: 0.25, c: 0.75 });
    expect(() => occupationWeights({ custom: { a: 0, b: 0, c: 0 } }, three, sectors)).toThrow('weights scheme custom gives a zero total weight');
    expect(() => occupationWeights({ custom: { a: 0, b: -1, c: 0 } }, three, sectors)).toThrow('invalid weight for b: -1');
    expect(Object.fromEntries(occupationWeights({ custom: { a: 1e308, b: 1e308, c: 0 } }, three, sectors))).toEqual({ a: 0.5, b: 0.5, c: 0 });
  });

  test('employment and equal schemes by hand: employment 1, 3 -> 1/4, 3/4; equal -> 1/2 each', () => {
    const two = [occ('a', 'S', 1), occ('b', 'T', 3)];
    expect(Object.fromEntries(occupationWeights('employment', two, sectors))).toEqual({ a: 0.25, b: 0.75 });
    expect(Object.fromEntries(occupationWeights('equal', two, sectors))).toEqual({ a: 0.5, b: 0.5 });
    expect(() => occupationWeights('employment', [occ('a', 'S', 0)], sectors)).toThrow('weights scheme employment gives a zero total weight');
  });

  test('categoryWeights sums w_o by category and refuses an occupation without a category', () => {
    expect(Object.fromEntries(categoryWeights(new Map([['a', 0.2], ['b', 0.5], ['c', 0.3]]), new Map([['a', 'X'], ['b', 'Y'], ['c', 'X']])))).toEqual({ X: 0.5, Y: 0.5 });
    expect(() => categoryWeights(new Map([['a', 1]]), new Map())).toThrow('categoryWeights: occupation a has no category');
  });
});

describe('weights files and the weights option', () => {
  const dataset = { rows: { occupations: [{ occupation: 'a' }, { occupation: 'b' }], tasks: [{ occupation: 'a' }] } } as never;

  test('parseWeights: no value is gdp, the three scheme names pass through, a file is read, anything else is refused', () => {
    expect(parseWeights(undefined)).toBe('gdp');
    for (const s of ['gdp', 'employment', 'equal']) expect(parseWeights(s)).toBe(s);
    const file = join(mkdtempSync(join(tmpdir(), 'j2g-w-')), 'w.csv');
    writeFileSync(file, 'occupation,weight\na,2\nb,0\n');
    expect(parseWeights(file, dataset)).toEqual({ custom: { a: 2, b: 0 } });
    expect(readWeightsFile(file)).toEqual({ custom: { a: 2, b: 0 } });
    expect(() => parseWeights('no-such-weights.csv')).toThrow('invalid weights: no-such-weights.csv (expected gdp, employment, equal or a CSV file)');
  });

  test('an empty occupation name is reported once, as missing text, not also as an unknown occupation', () => {
    let issues: string[] = [];
    try {
      parseWeightsCsv('occupation,weight\na,1\n,2\n', 'w.csv', dataset);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      issues = e.issues.map(formatIssue);
    }
    expect(issues.length).toBe(1);
    expect(issues[0]).toMatch(/^w\.csv:3: occupation: /);
    expect(issues[0]).not.toContain('unknown occupation');
  });
});
