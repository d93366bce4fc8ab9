/**
 * Strict reading of JSON fields for the JSON-based imports (IPW): a number must be a JSON number (a
 * string "12.5" is not one), every problem is a ValidationIssue at the file's line, nothing is coerced.
 */
import type { ValidationIssue } from '../errors.ts';

/** How a JSON value looks in a message: `"12.5"` for a string, `null`, `true`, `12`. @example shown('12.5') // => '"12.5"' */
export function shown(v: unknown): string {
  if (v === undefined) return 'nothing (field missing)';
  const s = JSON.stringify(v);
  return s.length > 40 ? s.slice(0, 37) + '...' : s;
}

/** A finite JSON number >= 0, or null when the field is null or absent and `nullable`; else an issue and undefined. */
export function nonNegativeJsonNumber(
  obj: Record<string, unknown>, key: string, where: { file: string; line: number; prefix?: string }, expected: string, issues: ValidationIssue[], nullable: boolean,
): number | null | undefined {
  const v = obj[key];
  const column = (where.prefix ?? '') + key;
  if ((v === null || v === undefined) && nullable) return null;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
    issues.push({ file: where.file, line: where.line, column, message: `expected ${expected}, found ${shown(v)}` });
    return undefined;
  }
  return v;
}

/** The 1-based line of the first occurrence of `"key"` in JSON text, for messages about a whole-file JSON. @example lineOf('{\n  "a": 1\n}', 'a') // => 2 */
export function lineOf(text: string, key: string): number | undefined {
  const at = text.indexOf(`"${key}"`);
  if (at < 0) return undefined;
  let line = 1;
  for (let i = 0; i < at; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
