/**
 * Unknown commands and options get the nearest valid name suggested; every "invalid X" message says
 * what is expected. In-process (kernel-lib/cli/main.ts) so the suite stays fast.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { j2gInProcess } from '../helpers/cli.ts';
import { editDistance, nearest, parseArgs, positiveInt } from '../../kernel-lib/cli/args.ts';

afterEach(() => vi.restoreAllMocks());

describe('nearest valid name', () => {
  test('edit distance counts insertions, deletions, substitutions and swaps of neighbours', () => {
    expect(editDistance('tables', 'tables')).toBe(0);
    expect(editDistance('tabels', 'tables')).toBe(1); // one swap
    expect(editDistance('table', 'tables')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3); // the textbook example
  });

  test('suggests the closest name within a third of its length, else nothing', () => {
    expect(nearest('tabels', ['tables', 'audit', 'validate'])).toBe('tables');
    expect(nearest('DRAWS', ['draws', 'data'])).toBe('draws');
    expect(nearest('valid', ['tables', 'validate'])).toBe('validate'); // a unique prefix
    expect(nearest('colour', ['data', 'out', 'draws'])).toBeNull();
  });

  test('parseArgs names the nearest option of the command, whatever options it declares', () => {
    expect(() => parseArgs(['--drows', '3'], { values: ['draws', 'data'] })).toThrow('unknown option --drows (did you mean --draws?)');
    expect(() => parseArgs(['--no-notebook'], { flags: ['no-notebooks'] })).toThrow('(did you mean --no-notebooks?)');
    expect(() => parseArgs(['--colour', 'red'], { values: ['data'] })).toThrow(/^unknown option --colour$/);
  });
});

describe('j2g', () => {
  test('an unknown command suggests the nearest one and exits 2', async () => {
    const r = await j2gInProcess(['tabels']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^j2g: unknown command tabels \(did you mean tables\?\)/);
  });

  test('an unknown option of a command suggests the nearest one', async () => {
    const r = await j2gInProcess(['tables', '--dta', 'x']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('unknown option --dta (did you mean --data?)');
  });

  test('an invalid number says what is expected', async () => {
    expect(() => positiveInt('draws', '-5')).toThrow('invalid draws: -5 (expected a positive integer)');
    const r = await j2gInProcess(['gdpval', '--input', 'x.csv', '--accept', 'tie']);
    expect(r.err).toContain('invalid accept: tie (expected win or win-or-tie)');
  });

  test('every "invalid X" message in the command line says what is expected', () => {
    const dir = new URL('../../kernel-lib/cli/', import.meta.url).pathname;
    const files = ['args.ts', 'main.ts', ...readdirSync(join(dir, 'commands')).map((f) => `commands/${f}`)];
    const bare: string[] = [];
    for (const f of files) {
      for (const [i, line] of readFileSync(join(dir, f), 'utf8').split('\n').entries()) {
        // a thrown "invalid ..." message, as a template literal, without "(expected" on the same line
        if (/throw new J2GError\(`invalid /.test(line) && !/\(expected |given twice/.test(line)) bare.push(`${f}:${i + 1}: ${line.trim()}`);
      }
    }
    expect(bare).toEqual([]);
  });
});
