/**
 * zod field schemas for CSV cells. Every CSV cell arrives as a string; these parse it strictly
 * (no coercion of "", "NaN", "1e400", "1e-400", "-0", " 3 ", "0x10") and say what was expected when
 * they reject it. Integer fields (attempt, counts) take integers written as integers: "01", "1.0",
 * "1e0" and "+1" are errors, not the integer 1 (issue 13: "01" and "1.0" made a second attempt 1).
 */
import { z } from 'zod';

/** A plain decimal, optionally with an exponent: no hex, no padding, no `Infinity` (CSV cells and CLI values). */
export const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** An integer written as an integer: "0", or digits without a leading zero (no sign, point or exponent). */
export const INTEGER = /^(0|[1-9]\d*)$/;

/** What a cell parser (cellParser) returns for a cell its schema rejects. */
export const INVALID: unique symbol = Symbol('invalid cell');

/** Each field schema below -> the same rule as a plain function (value, or INVALID), without zod. */
const PARSERS = new WeakMap<z.ZodType, (s: string) => unknown>();

/** Register `accept` as `schema`'s plain parser; returns `schema`. */
function withParser<S extends z.ZodType>(schema: S, accept: (s: string) => unknown): S {
  PARSERS.set(schema, accept);
  return schema;
}

/**
 * A field schema's rule as a plain function: the parsed value of a cell it accepts, INVALID for one
 * it rejects (whose message only the schema gives: parse it with the schema then), or undefined for a
 * schema not built here. For the loader's fast path (data/load.ts); each zod transform below accepts
 * exactly what its parser accepts, because it calls it first.
 * @example cellParser(positiveNumber)?.('2.5') // => 2.5
 */
export function cellParser(schema: z.ZodType): ((s: string) => unknown) | undefined {
  return PARSERS.get(schema);
}

/**
 * Why a plain decimal `s` does not stand for the number `x = Number(s)` it parses to, or null when it
 * does: a written "-0" (a negative zero, never a cost or a time) and a nonzero value that underflows
 * to 0 ("1e-400").
 */
function zeroProblem(s: string, x: number): string | null {
  if (x !== 0) return null;
  const mantissa = s.replace(/[eE].*$/, '');
  if (/[1-9]/.test(mantissa)) return 'underflows to 0';
  if (s.startsWith('-')) return 'a negative zero';
  return null;
}

/**
 * A number cell: a plain decimal (DECIMAL) that is finite, not a written negative zero nor a
 * nonzero value that underflows to 0, and passes `ok`; `expected` words the rule.
 * @example numberField('a finite number >= 0', (x) => x >= 0).safeParse('1e-400').success // => false
 */
export function numberField(expected: string, ok: (x: number) => boolean) {
  const accept = (s: string): number | typeof INVALID => {
    if (s === '') return INVALID;
    const x = DECIMAL.test(s) ? Number(s) : NaN;
    return Number.isFinite(x) && !zeroProblem(s, x) && ok(x) ? x : INVALID;
  };
  return withParser(z.string().transform((s, ctx) => {
    const v = accept(s);
    if (v !== INVALID) return v;
    if (s === '') {
      ctx.addIssue({ code: 'custom', message: `empty, expected ${expected}` });
      return z.NEVER;
    }
    const x = DECIMAL.test(s) ? Number(s) : NaN;
    if (!Number.isFinite(x)) {
      ctx.addIssue({ code: 'custom', message: `expected ${expected}, found "${s}"` });
      return z.NEVER;
    }
    const zero = zeroProblem(s, x);
    if (zero) {
      ctx.addIssue({ code: 'custom', message: `expected ${expected}, found ${s} (${zero})` });
      return z.NEVER;
    }
    if (!ok(x)) {
      ctx.addIssue({ code: 'custom', message: `expected ${expected}, found ${s}` });
      return z.NEVER;
    }
    return x;
  }), accept);
}

/** A finite number > 0. */
export const positiveNumber = numberField('a finite number > 0', (x) => x > 0);
/** A finite number >= 0. */
export const nonNegativeNumber = numberField('a finite number >= 0', (x) => x >= 0);
/**
 * An integer cell written as an integer (INTEGER: digits, no leading zero, sign, point or exponent),
 * a safe integer, passing `ok`; `expected` words the rule.
 * @example integerField('an integer >= 1', (x) => x >= 1).safeParse('1.0').success // => false
 */
export function integerField(expected: string, ok: (x: number) => boolean) {
  const accept = (s: string): number | typeof INVALID => {
    const x = s !== '' && INTEGER.test(s) ? Number(s) : NaN;
    return Number.isSafeInteger(x) && ok(x) ? x : INVALID;
  };
  return withParser(z.string().transform((s, ctx) => {
    const v = accept(s);
    if (v !== INVALID) return v;
    if (s === '') {
      ctx.addIssue({ code: 'custom', message: `empty, expected ${expected}` });
      return z.NEVER;
    }
    const x = INTEGER.test(s) ? Number(s) : NaN;
    if (!Number.isSafeInteger(x) || !ok(x)) {
      const d = DECIMAL.test(s) ? Number(s) : NaN;
      const how = !INTEGER.test(s) && Number.isInteger(d) ? ` (integers are written as plain digits, such as ${Math.abs(d)})` : '';
      ctx.addIssue({ code: 'custom', message: `expected ${expected}, found ${DECIMAL.test(s) ? s : `"${s}"`}${how}` });
      return z.NEVER;
    }
    return x;
  }), accept);
}

/** An integer >= 0 (a count). */
export const nonNegativeInteger = integerField('an integer >= 0', (x) => x >= 0);
/** An integer >= 1. */
export const positiveInteger = integerField('an integer >= 1', (x) => x >= 1);

/** The same as `schema`, but an empty cell gives null. */
export function optional<T>(schema: z.ZodType<T, string>) {
  const inner = PARSERS.get(schema);
  const accept = (s: string): unknown => (s === '' ? null : inner ? inner(s) : (() => { const r = schema.safeParse(s); return r.success ? r.data : INVALID; })());
  return withParser(z.string().transform((s, ctx): T | null => {
    if (s === '') return null;
    const r = schema.safeParse(s);
    if (!r.success) {
      for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return r.data;
  }), accept);
}

/** A required, non-empty text field (leading or trailing spaces are rejected, not trimmed; a NUL character too). */
export const requiredText = withParser(z.string().transform((s, ctx) => {
  if (s === '') {
    ctx.addIssue({ code: 'custom', message: 'empty, expected a value' });
    return z.NEVER;
  }
  if (s.trim() !== s) {
    ctx.addIssue({ code: 'custom', message: `leading or trailing spaces in "${s}"` });
    return z.NEVER;
  }
  if (s.includes('\0')) {
    // a C string (a shell, a file name, DuckDB's C API) ends at it: "r1\0x" would be read as "r1" there
    ctx.addIssue({ code: 'custom', message: `a NUL character in ${JSON.stringify(s)}, expected text without NUL` });
    return z.NEVER;
  }
  return s;
}), (s) => (s === '' || s.trim() !== s || s.includes('\0') ? INVALID : s));

/** One of a fixed set of labels. */
export function oneOf<const T extends readonly string[]>(labels: T) {
  const accept = (s: string): T[number] | typeof INVALID => ((labels as readonly string[]).includes(s) ? (s as T[number]) : INVALID);
  return withParser(z.string().transform((s, ctx): T[number] => {
    if (!(labels as readonly string[]).includes(s)) {
      ctx.addIssue({ code: 'custom', message: `expected one of ${labels.join(' | ')}, found "${s}"` });
      return z.NEVER;
    }
    return s as T[number];
  }), accept);
}
