/**
 * Issue #23: the explorer's URL scenario reads its JSON parameter (weights={"custom": ...}) with the
 * strict reader, as every JSON file is read: a duplicated key is refused naming the URL parameter
 * (JSON.parse kept the last value silently: a link could show other weights than it spells), and
 * JSON that does not parse is an error naming the parameter and the problem.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scenarioFromQuery, scenarioToQuery } from '../../kernel-lib/explorer/scenario.ts';

const q = (weights: string) => `weights=${encodeURIComponent(weights)}`;

describe('the explorer URL scenario reader (#23)', () => {
  it('refuses a duplicated occupation in weights, naming the URL parameter (JSON.parse kept the last weight)', () => {
    expect(() => scenarioFromQuery(q('{"custom":{"a":1,"b":2,"a":9}}'), 'd')).toThrow(/^URL parameter weights: .* is not allowed \(expected .*; duplicate key "a" \(first on line 1\)\)$/);
    expect(() => scenarioFromQuery(q('{"custom":{"a":1},"custom":{"a":2}}'), 'd')).toThrow('duplicate key "custom"');
  });

  it('names the parameter and the syntax problem of JSON that does not parse', () => {
    expect(() => scenarioFromQuery(q('{"custom":{"a":1,}}'), 'd')).toThrow(/^URL parameter weights: .*expected a key in double quotes, found '}' at column 18\)$/);
    expect(() => scenarioFromQuery(q('{"custom":{"a":NaN}}'), 'd')).toThrow(/^URL parameter weights: .*expected a value, found 'N' at column 16\)$/);
  });

  it('generated custom weights round-trip through the URL; a duplicated key among them is always refused', () => {
    const occupation = fc.string({ minLength: 1, maxLength: 6 }).filter((s) => s !== '__proto__');
    fc.assert(fc.property(fc.dictionary(occupation, fc.integer({ min: 0, max: 1000 }), { minKeys: 1, maxKeys: 5 }), fc.nat(), (custom, pick) => {
      const s = { dataset: 'x', weights: { custom } };
      expect(scenarioFromQuery(scenarioToQuery(s), 'x')).toEqual(s);
      const keys = Object.keys(custom);
      const k = keys[pick % keys.length];
      // a function replacement: in a replacement string "$$" would stand for "$" (a key "$$ " was no duplicate)
      const text = JSON.stringify({ custom }).replace(/\}\}$/, () => `,${JSON.stringify(k)}:${custom[k] + 1}}}`);
      expect(() => scenarioFromQuery(q(text), 'x')).toThrow(`duplicate key "${k}"`);
    }), { numRuns: 200 });
  });
});
