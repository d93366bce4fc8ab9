/**
 * Issue #23, weights and rates files at schema level, by fast-check: the weights file
 * (occupation,weight; readWeightsFile), the node-type rates file (accelerator,accelerator_count,
 * usd_per_node_hour; readNodeTypeRates) and Table 5's sweep file (provider,usd_per_node_hour[,
 * accelerator,accelerator_count]; readNodeRates). A generated valid file (any names, quoted where CSV
 * needs it, any line ends, an extra column) reads back to the values written; a generated mutation (a
 * wrong type, NaN, Infinity, a negative, a number too large, an empty or padded cell, a duplicated key
 * or header, a missing column, an invalid UTF-8 byte) is a ValidationError whose every issue names the
 * file and a line (an invalid byte its column too), never another exception, never other values.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../kernel-lib/errors.ts';
import { readNodeTypeRates } from '../../kernel-lib/data/nodeType.ts';
import { csvField } from '../../kernel-lib/io/csv.ts';
import { readNodeRates } from '../../kernel-lib/tables/table05.ts';
import { readWeightsFile } from '../../kernel-lib/weights/readWeightsFile.ts';

const dir = mkdtempSync(join(tmpdir(), 'j2g-weights-prop-'));
let n = 0;
const fileOf = (bytes: string | Buffer) => {
  const path = join(dir, `f${n++}.csv`);
  writeFileSync(path, bytes);
  return path;
};

/** A name a CSV cell can hold as it is: not empty, no leading or trailing space, any other characters (quoted as needed). */
const name = fc.string({ minLength: 1, maxLength: 10, unit: 'grapheme' }).filter((s) => s.trim() === s && !/[\r\n]/.test(s) && s.charCodeAt(0) !== 0xfeff);
/** A number >= 0 as the files write it (plain decimal), and its value. */
const amount = fc.oneof(fc.integer({ min: 0, max: 10 ** 6 }), fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true }).map((x) => Math.abs(x)));
const count = fc.integer({ min: 1, max: 64 });
const lineEnd = fc.constantFrom('\n', '\r\n');

interface Reader {
  what: string;
  header: string[];
  /** generated rows, cells as written (strings) */
  rows: fc.Arbitrary<Record<string, string>[]>;
  read: (path: string) => unknown;
  /** the values a reader returns for rows (the oracle: the generator's own values) */
  expected: (rows: Record<string, string>[]) => unknown;
  numeric: string[];
  integer: string[];
  /** columns whose value in another row makes a duplicate (refused) */
  key: string[] | null;
}

const uniqueBy = <T,>(xs: fc.Arbitrary<T[]>, key: (x: T) => string) => xs.map((a) => a.filter((x, i) => a.findIndex((y) => key(y) === key(x)) === i)).filter((a) => a.length > 0);

const READERS: Reader[] = [
  {
    what: 'weights file',
    header: ['occupation', 'weight'],
    rows: uniqueBy(fc.array(fc.record({ occupation: name, weight: amount.map(String) }), { minLength: 1, maxLength: 6 }), (r) => r.occupation),
    read: (p) => readWeightsFile(p),
    expected: (rows) => ({ custom: Object.fromEntries(rows.map((r) => [r.occupation, Number(r.weight)])) }),
    numeric: ['weight'], integer: [], key: ['occupation'],
  },
  {
    what: 'node-type rates file',
    header: ['accelerator', 'accelerator_count', 'usd_per_node_hour'],
    rows: uniqueBy(fc.array(fc.record({ accelerator: name, accelerator_count: count.map(String), usd_per_node_hour: amount.map(String) }), { minLength: 1, maxLength: 6 }), (r) => JSON.stringify([r.accelerator.toUpperCase(), r.accelerator_count])),
    read: (p) => readNodeTypeRates(p),
    expected: (rows) => rows.map((r) => ({ accelerator: r.accelerator, acceleratorCount: Number(r.accelerator_count), usdPerNodeHour: Number(r.usd_per_node_hour) })),
    numeric: ['usd_per_node_hour'], integer: ['accelerator_count'], key: ['accelerator', 'accelerator_count'],
  },
  {
    what: 'Table 5 sweep file',
    header: ['provider', 'usd_per_node_hour', 'accelerator', 'accelerator_count'],
    rows: fc.array(fc.record({ provider: name, usd_per_node_hour: amount.map(String), accelerator: name, accelerator_count: count.map(String) }), { minLength: 1, maxLength: 6 }),
    read: (p) => readNodeRates(p),
    expected: (rows) => rows.map((r) => ({ label: r.provider, usdPerNodeHour: Number(r.usd_per_node_hour) })),
    numeric: ['usd_per_node_hour'], integer: ['accelerator_count'], key: null,
  },
];

const csvText = (header: string[], rows: Record<string, string>[], end: string) => [header.map(csvField).join(','), ...rows.map((r) => header.map((h) => csvField(r[h])).join(','))].join(end) + end;

/** 'error' after checking that every issue names `path` and a line; else the values read. */
function outcome(path: string, read: (p: string) => unknown): unknown {
  try {
    return read(path);
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(ValidationError);
    for (const i of (e as ValidationError).issues) {
      expect(i.file).toBe(path);
      expect(i.line, (e as Error).message).toBeGreaterThanOrEqual(1);
    }
    return 'error';
  }
}

/** Cell texts that are never a valid number of the kind (finite >= 0; an integer >= 1 written as digits). */
const BAD_NUMBER = ['', 'abc', '-1', '-0.5', 'NaN', 'Infinity', '-Infinity', '1e309', '1e999', ' 1', '1 ', '0x10', '1,5', '1.2.3', '"'];
const BAD_INTEGER = [...BAD_NUMBER, '0', '1.0', '1e1', '+1', '01', '9007199254740993'];
const BAD_NAME = ['', ' x', 'x ', '\t'];

describe.each(READERS)('$what, generated (#23)', (r) => {
  it('a generated valid file (quoted names, CRLF or LF, an extra column) reads back to the values written', () => {
    fc.assert(fc.property(r.rows, lineEnd, fc.boolean(), (rows, end, extra) => {
      const header = extra ? [...r.header, 'note'] : r.header;
      const text = csvText(header, rows.map((x) => ({ ...x, note: 'not read' })), end);
      expect(outcome(fileOf(text), r.read)).toEqual(r.expected(rows));
    }), { numRuns: 150 });
  });

  it('one bad cell (wrong type, NaN, Infinity, negative, too large, empty or padded) is an error at its line', () => {
    fc.assert(fc.property(r.rows, fc.nat(), fc.nat(), fc.nat(), (rows, row, col, pick) => {
      const k = row % rows.length;
      const c = r.header[col % r.header.length];
      const bad = r.integer.includes(c) ? BAD_INTEGER : r.numeric.includes(c) ? BAD_NUMBER : BAD_NAME;
      const mutated = rows.map((x, i) => (i === k ? { ...x, [c]: bad[pick % bad.length] } : x));
      const path = fileOf(csvText(r.header, mutated, '\n'));
      expect(outcome(path, r.read)).toBe('error');
      try { r.read(path); } catch (e) { expect((e as ValidationError).issues.some((i) => i.line === k + 2), (e as Error).message).toBe(true); }
    }), { numRuns: 300 });
  });

  if (r.key) {
    const key = r.key;
    it('a duplicated key is an error at the second line (never "last one wins")', () => {
      fc.assert(fc.property(r.rows, fc.nat(), amount, (rows, row, other) => {
        const copy = { ...rows[row % rows.length], [r.numeric[0]]: String(other) };
        const path = fileOf(csvText(r.header, [...rows, copy], '\n'));
        expect(outcome(path, r.read)).toBe('error');
        try { r.read(path); } catch (e) { expect((e as ValidationError).issues.map((i) => [i.line, i.column]), (e as Error).message).toContainEqual([rows.length + 2, key[0]]); }
      }), { numRuns: 100 });
    });
  }

  it('a missing or duplicated column in the header is an error at line 1', () => {
    fc.assert(fc.property(r.rows, fc.nat(), fc.boolean(), (rows, col, drop) => {
      const c = r.header.filter((h) => !(r.what === 'Table 5 sweep file' && /^accelerator/.test(h)))[col % (r.what === 'Table 5 sweep file' ? 2 : r.header.length)];
      const header = drop ? r.header.filter((h) => h !== c) : [...r.header, c];
      const path = fileOf(csvText(header, rows, '\n'));
      expect(outcome(path, r.read)).toBe('error');
      try { r.read(path); } catch (e) { expect((e as ValidationError).issues.map((i) => i.line)).toContain(1); }
    }), { numRuns: 100 });
  });

  it('an invalid UTF-8 byte anywhere is an error at its line and column', () => {
    fc.assert(fc.property(r.rows, fc.nat(), fc.constantFrom([0xff], [0xc3, 0x28], [0xe2, 0x82], [0xed, 0xa0, 0x80]), (rows, at, bad) => {
      const text = csvText(r.header, rows, '\n');
      const cut = Buffer.from(text.slice(0, at % text.length)).length;
      const bytes = Buffer.from(text);
      const path = fileOf(Buffer.concat([bytes.subarray(0, cut), Buffer.from(bad), bytes.subarray(cut)]));
      expect(outcome(path, r.read)).toBe('error');
      try { r.read(path); } catch (e) { expect((e as Error).message).toMatch(new RegExp(`:${text.slice(0, at % text.length).split('\n').length}: invalid UTF-8 byte 0x[0-9A-F]{2} at column \\d+`)); }
    }), { numRuns: 100 });
  });
});
