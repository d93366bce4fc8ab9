/**
 * The dataset reader's fast path (issue 27: io/csv.ts simpleRecords, CellCodes) against the row reader
 * parseCsv as oracle, whose records all go through the general scanner: on generated texts (quoted
 * fields, doubled quotes, stray quotes, CR, CRLF, bare CR, blank lines, wrong field counts, a
 * byte-order mark, repeated cells, no final line end), parseCsvColumns and readCsvColumns in chunks
 * of 1 to 64 bytes give the same header, lines and cells, or the same error message; a dictionary
 * column's codes number its distinct cells in order of first appearance and a plain column's code i
 * is row i, as a Map would give them; two cells of one FNV-1a hash keep their own codes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellHash, parseCsv, parseCsvColumns, readCsvColumns, type CsvColumns } from '../../kernel-lib/io/csv.ts';

const dir = mkdtempSync(join(tmpdir(), 'j2g-csv-columns-'));

/** What a columns reader gave, checked against its own encoding rules, in parseCsv's row form. */
function asRows(c: CsvColumns) {
  for (const h of c.header) {
    const { codes, dict, encoded } = c.columns[h];
    if (encoded) {
      // codes number the distinct cells in order of first appearance (what a Map<string, code> gives)
      const first = new Map<string, number>();
      const want = Array.from({ length: c.length }, (_, i) => {
        const v = dict[codes[i]];
        if (!first.has(v)) first.set(v, first.size);
        return first.get(v);
      });
      expect(Array.from(codes)).toEqual(want);
      expect(dict).toEqual([...first.keys()]);
    } else {
      expect(Array.from(codes)).toEqual(Array.from({ length: c.length }, (_, i) => i));
    }
  }
  return { header: c.header, rows: Array.from({ length: c.length }, (_, i) => ({ line: c.lines[i], values: Object.fromEntries(c.header.map((h) => [h, c.columns[h].dict[c.columns[h].codes[i]]])) })) };
}

function outcome(read: () => unknown): unknown {
  try {
    return read();
  } catch (e) {
    return { error: (e as Error).message };
  }
}

const oracle = (text: string) => outcome(() => { const d = parseCsv(text, 'g.csv'); return { header: d.header, rows: d.rows }; });

let files = 0;
function expectSame(text: string, chunks = [1, 2, 3, 7, 64, 1 << 20]): void {
  const want = oracle(text);
  expect(outcome(() => asRows(parseCsvColumns(text, 'g.csv')))).toEqual(want);
  const path = join(dir, `g${files++}.csv`);
  writeFileSync(path, text);
  for (const chunk of chunks) expect(outcome(() => asRows(readCsvColumns(path, 'g.csv', chunk))), `chunks of ${chunk}`).toEqual(want);
}

const PIECES = ['a', 'b', 'id7', '1.5', '', ',', '"', '""', '"x,y"', '\n', '\r\n', '\r', 'é', '😀'];
const cell = fc.oneof(fc.constantFrom('a', 'b', 'id7', '1.5', '', 'é', '😀'), fc.array(fc.constantFrom(...PIECES), { maxLength: 3 }).map((p) => p.join('')));

describe('parseCsvColumns and readCsvColumns against parseCsv (fast path vs general scanner)', () => {
  it('gives the same header, lines, cells or error on generated texts', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 4 }), fc.array(fc.array(cell, { minLength: 0, maxLength: 5 }), { maxLength: 8 }),
      fc.constantFrom('\n', '\r\n', '\r'), fc.boolean(), fc.boolean(),
      (width, records, eol, bom, finalEol) => {
        const header = Array.from({ length: width }, (_, i) => `c${i}`).join(',');
        const body = [header, ...records.map((r) => r.join(','))].join(eol) + (finalEol ? eol : '');
        expectSame((bom ? '\ufeff' : '') + body);
      },
    ), { numRuns: 400, seed: 27 });
  });

  it('gives the same on well-formed tables (every record taken by the fast path), repeated cells, past the 4,096th row', () => {
    fc.assert(fc.property(
      fc.integer({ min: 4000, max: 6000 }), fc.integer({ min: 1, max: 3000 }), fc.constantFrom('\n', '\r\n'), fc.nat(),
      (rows, distinct, eol, salt) => {
        const lines = ['id,k,x'];
        for (let i = 0; i < rows; i++) lines.push(`r${i},k${(i * 7 + salt) % distinct},${i % 3 === 0 ? '"q,' + (i % distinct) + '"' : (i % distinct) / 4}`);
        expectSame(lines.join(eol) + eol, [13, 4096, 1 << 20]);
      },
    ), { numRuns: 6, seed: 271 });
  });

  it('keeps two cells of the same FNV-1a hash apart', () => {
    const seen = new Map<number, string>();
    let pair: [string, string] | null = null;
    for (let i = 0; !pair; i++) {
      const v = `t${i}`, h = cellHash(v);
      const other = seen.get(h);
      if (other !== undefined) pair = [other, v];
      else seen.set(h, v);
    }
    expect(cellHash(pair[0])).toBe(cellHash(pair[1]));
    const [a, b] = pair;
    const text = ['k,n', `${a},1`, `${b},2`, `"${b}",3`, `${a},4`, `${b},5`].join('\n') + '\n';
    const c = parseCsvColumns(text, 'g.csv');
    expect(c.columns.k.dict).toEqual([a, b]);
    expect(Array.from(c.columns.k.codes)).toEqual([0, 1, 1, 0, 1]);
    expectSame(text);
  });
});
