/**
 * zod field schemas for CSV cells. Every CSV cell arrives as a string; these parse it strictly
 * (no coercion of "", "NaN", "1e400", " 3 ", "0x10") and say what was expected when they reject it.
 */
import { z } from 'zod';

/** A plain decimal, optionally with an exponent: no hex, no padding, no `Infinity` (CSV cells and CLI values). */
export const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A number cell: a plain decimal (DECIMAL) that is finite and passes `ok`; `expected` words the rule. */
export function numberField(expected: string, ok: (x: number) => boolean) {
  return z.string().transform((s, ctx) => {
    if (s === '') {
      ctx.addIssue({ code: 'custom', message: `empty, expected ${expected}` });
      return z.NEVER;
    }
    const x = DECIMAL.test(s) ? Number(s) : NaN;
    if (!Number.isFinite(x)) {
      ctx.addIssue({ code: 'custom', message: `expected ${expected}, found "${s}"` });
      return z.NEVER;
    }
    if (!ok(x)) {
      ctx.addIssue({ code: 'custom', message: `expected ${expected}, found ${s}` });
      return z.NEVER;
    }
    return x;
  });
}

/** A finite number > 0. */
export const positiveNumber = numberField('a finite number > 0', (x) => x > 0);
/** A finite number >= 0. */
export const nonNegativeNumber = numberField('a finite number >= 0', (x) => x >= 0);
/** An integer >= 0 (a count). */
export const nonNegativeInteger = numberField('an integer >= 0', (x) => Number.isInteger(x) && x >= 0);
/** An integer >= 1. */
export const positiveInteger = numberField('an integer >= 1', (x) => Number.isInteger(x) && x >= 1);

/** The same as `schema`, but an empty cell gives null. */
export function optional<T>(schema: z.ZodType<T, string>) {
  return z.string().transform((s, ctx): T | null => {
    if (s === '') return null;
    const r = schema.safeParse(s);
    if (!r.success) {
      for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return r.data;
  });
}

/** A required, non-empty text field (leading or trailing spaces are rejected, not trimmed). */
export const requiredText = z.string().transform((s, ctx) => {
  if (s === '') {
    ctx.addIssue({ code: 'custom', message: 'empty, expected a value' });
    return z.NEVER;
  }
  if (s.trim() !== s) {
    ctx.addIssue({ code: 'custom', message: `leading or trailing spaces in "${s}"` });
    return z.NEVER;
  }
  return s;
});

/** One of a fixed set of labels. */
export function oneOf<const T extends readonly string[]>(labels: T) {
  return z.string().transform((s, ctx): T[number] => {
    if (!(labels as readonly string[]).includes(s)) {
      ctx.addIssue({ code: 'custom', message: `expected one of ${labels.join(' | ')}, found "${s}"` });
      return z.NEVER;
    }
    return s as T[number];
  });
}
