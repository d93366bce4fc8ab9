/**
 * The strict JSON field readers of the IPW import (kernel-lib/import/jsonFields.ts), each case by hand
 * (issue #29: mutation testing).
 *
 * Equivalent mutants (no input can tell them apart):
 * - nonNegativeJsonNumber's `typeof v !== 'number'` made `false`: Number.isFinite does not coerce, so a
 *   string, boolean, object or null still fails `!Number.isFinite(v)` with the same message.
 * - lineOf's loop `i < at` made `i <= at`: the extra character read is text[at], the key's opening
 *   quote (code 34), never a line feed.
 */
import { describe, expect, it } from 'vitest';
import type { ValidationIssue } from '../../kernel-lib/errors.ts';
import { lineOf, nonNegativeJsonNumber, shown } from '../../kernel-lib/import/jsonFields.ts';

describe('shown: a JSON value as a message shows it', () => {
  it('an absent field, a string, null, a boolean and a number', () => {
    expect(shown(undefined)).toBe('nothing (field missing)');
    expect(shown('12.5')).toBe('"12.5"');
    expect(shown(null)).toBe('null');
    expect(shown(true)).toBe('true');
    expect(shown(12)).toBe('12');
  });

  it('keeps a 40-character JSON text whole and cuts a 41-character one to 37 characters and "..."', () => {
    const s38 = 'a'.repeat(38); // JSON text "aaa...a" is 40 characters with its quotes
    expect(shown(s38)).toBe(`"${s38}"`);
    expect(shown(s38).length).toBe(40);
    const s39 = 'b'.repeat(39); // 41 characters
    expect(shown(s39)).toBe(`"${'b'.repeat(36)}...`);
    expect(shown(s39).length).toBe(40);
    expect(shown([1, 2, 3])).toBe('[1,2,3]'); // short texts are never cut
  });
});

describe('nonNegativeJsonNumber', () => {
  const where = { file: 'traces.jsonl', line: 7 };
  const read = (obj: Record<string, unknown>, nullable: boolean, at: { file: string; line: number; prefix?: string } = where) => {
    const issues: ValidationIssue[] = [];
    const value = nonNegativeJsonNumber(obj, 'e', at, 'joules >= 0', issues, nullable);
    return { value, issues };
  };

  it('returns a finite number >= 0 as it is: 0 and 12.5', () => {
    expect(read({ e: 0 }, false)).toEqual({ value: 0, issues: [] });
    expect(read({ e: 12.5 }, true)).toEqual({ value: 12.5, issues: [] });
  });

  it('null or an absent field is null when nullable', () => {
    expect(read({ e: null }, true)).toEqual({ value: null, issues: [] });
    expect(read({}, true)).toEqual({ value: null, issues: [] });
  });

  it('null or an absent field is an issue at file, line and column when not nullable', () => {
    expect(read({ e: null }, false)).toEqual({ value: undefined, issues: [{ file: 'traces.jsonl', line: 7, column: 'e', message: 'expected joules >= 0, found null' }] });
    expect(read({}, false)).toEqual({ value: undefined, issues: [{ file: 'traces.jsonl', line: 7, column: 'e', message: 'expected joules >= 0, found nothing (field missing)' }] });
  });

  it('refuses a string, a negative number and an infinity, nullable or not; the column carries the prefix', () => {
    expect(read({ e: '12.5' }, true).issues).toEqual([{ file: 'traces.jsonl', line: 7, column: 'e', message: 'expected joules >= 0, found "12.5"' }]);
    expect(read({ e: -1 }, true)).toEqual({ value: undefined, issues: [{ file: 'traces.jsonl', line: 7, column: 'e', message: 'expected joules >= 0, found -1' }] });
    expect(read({ e: -1e-300 }, false).value).toBeUndefined();
    expect(read({ e: Infinity }, false).value).toBeUndefined();
    expect(read({ e: -2 }, false, { file: 'f', line: 2, prefix: 'turns[1].' }).issues).toEqual([{ file: 'f', line: 2, column: 'turns[1].e', message: 'expected joules >= 0, found -2' }]);
  });
});

describe('lineOf: the 1-based line of a key in JSON text', () => {
  it('a key on the first character, on line 2 and on line 4; a missing key is undefined', () => {
    expect(lineOf('"a": 1', 'a')).toBe(1);
    expect(lineOf('{\n  "a": 1\n}', 'a')).toBe(2);
    expect(lineOf('{\n"b": {\n\n  "c": 3}}', 'c')).toBe(4);
    expect(lineOf('{"b": 1}', 'c')).toBeUndefined();
    expect(lineOf('{\n"ab": 1,\n"b": 2}', 'b')).toBe(3); // `"b"` inside `"ab"` is not the key `"b"`
  });
});
