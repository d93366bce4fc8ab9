/**
 * The strict CSV reader (RFC 4180): every field stays text, line numbers survive quoted newlines,
 * CRLF and a byte-order mark are accepted, and malformed input is an error naming file and line.
 */
import { describe, expect, test } from 'vitest';
import { parseCsv, formatCsv } from '../../kernel-lib/io/csv.ts';
import { formatNumber } from '../../kernel-lib/io/format.ts';

describe('parseCsv', () => {
  test('CRLF line ends and a byte-order mark read like plain LF', () => {
    const a = parseCsv('\ufeffx,y\r\n1,2\r\n3,4\r\n', 'f.csv');
    expect(a.header).toEqual(['x', 'y']);
    expect(a.rows.map((r) => [r.line, r.values.x, r.values.y])).toEqual([[2, '1', '2'], [3, '3', '4']]);
  });
  test('bare CR line ends (classic Mac) count lines, so errors name the right line', () => {
    const a = parseCsv('x,y\r1,2\r3,4\r', 'f.csv');
    expect(a.rows.map((r) => [r.line, r.values.x, r.values.y])).toEqual([[2, '1', '2'], [3, '3', '4']]);
    expect(parseCsv('a,b\r"p\rq",1\rlast,row\r', 'f.csv').rows[1].line).toBe(4);
    expect(() => parseCsv('a,b\r1,2\r3\r', 'f.csv')).toThrow('f.csv:3: expected 2 fields, found 1');
  });
  test('quoted commas, doubled quotes and newlines; later rows keep their physical line', () => {
    const d = parseCsv('a,b\n"x, ""y""","two\nlines"\nlast,row\n', 'f.csv');
    expect(d.rows[0].values).toEqual({ a: 'x, "y"', b: 'two\nlines' });
    expect(d.rows[1].line).toBe(4);
  });
  test('values are never typed or trimmed', () => {
    expect(parseCsv('n\n 007 \n', 'f.csv').rows[0].values.n).toBe(' 007 ');
  });
  test('malformed input names file and line', () => {
    expect(() => parseCsv('a,b\n1\n', 'f.csv')).toThrow('f.csv:2: expected 2 fields, found 1');
    expect(() => parseCsv('a\n"open\n', 'f.csv')).toThrow('f.csv:2: unterminated quoted field');
    expect(() => parseCsv('a,a\n1,2\n', 'f.csv')).toThrow('f.csv:1: a: duplicate column name in header');
    expect(() => parseCsv('', 'f.csv')).toThrow('f.csv:1: empty file, expected a header row');
  });
});

describe('output formatting', () => {
  test('formatCsv quotes what needs quoting and round-trips', () => {
    const text = formatCsv(['s', 'v'], [{ s: 'Professional, Scientific', v: 'say "hi"' }]);
    expect(text).toBe('s,v\n"Professional, Scientific","say ""hi"""\n');
    expect(parseCsv(text, 'x').rows[0].values).toEqual({ s: 'Professional, Scientific', v: 'say "hi"' });
  });
  test('formatNumber: 12 significant digits, -0 as 0, null as empty, NaN refused', () => {
    expect(formatNumber(203.35000000000002)).toBe('203.35');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(null)).toBe('');
    expect(() => formatNumber(NaN)).toThrow(/NaN/);
    expect(() => formatNumber(Infinity)).toThrow(/Infinity/);
  });
});
