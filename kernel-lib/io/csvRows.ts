/**
 * Validate the rows of a parsed CSV against a zod row schema, collecting every problem as
 * `file:line: column: message` (the schema's own message) into `issues`. Rows that fail are left out
 * of the result and reported, never coerced. `checkHeader` is the matching header check.
 * @example parseRows(parseCsv('x\n1\n', 'f.csv'), z.object({ x: positiveNumber }), issues) // => [{ line: 2, data: { x: 1 } }]
 */
import type { z } from 'zod';
import type { ValidationIssue } from '../errors.ts';
import type { CsvData } from './csv.ts';
import { editDistance } from './json.ts';

export function parseRows<S extends z.ZodType>(csv: CsvData, schema: S, issues: ValidationIssue[]): { line: number; data: z.output<S> }[] {
  const out: { line: number; data: z.output<S> }[] = [];
  for (const r of csv.rows) {
    const data = parseRow(csv.file, r.line, r.values, schema, issues);
    if (data !== undefined) out.push({ line: r.line, data });
  }
  return out;
}

/**
 * One row's cells against a zod row schema (parseRows for a row at a time, as a streaming reader
 * has them): the parsed row, or undefined with each problem pushed to `issues` as `file:line: column: message`
 * (parseRows' example, a row at a time).
 */
export function parseRow<S extends z.ZodType>(file: string, line: number, values: Record<string, string>, schema: S, issues: ValidationIssue[]): z.output<S> | undefined {
  const res = schema.safeParse(values);
  if (res.success) return res.data;
  for (const iss of res.error.issues) issues.push({ file, line, column: String(iss.path[0] ?? ''), message: iss.message });
  return undefined;
}

/**
 * The header check every CSV reader shares: each required column that is missing is one issue at
 * line 1, "missing required column"; with `allowed` (the full list of known columns), each other
 * column is one too, "unknown column (known: ...)". Returns whether the header raised no issue.
 * @example checkHeader(parseCsv('x\n1\n', 'f.csv'), ['x', 'y'], issues) // => false; issues: f.csv:1: y: missing required column
 */
export function checkHeader(csv: Pick<CsvData, 'file' | 'header'>, required: readonly string[], issues: ValidationIssue[], allowed?: readonly string[]): boolean {
  let ok = true;
  // a header name that is not required (nor known) and is near a missing one is named: `energy_MJ` for `energy_mj`
  const spare = csv.header.filter((h) => !required.includes(h) && !allowed?.includes(h));
  for (const c of required) {
    if (csv.header.includes(c)) continue;
    // case-insensitive edit distance at most a quarter of the name (a one-letter name: only its other case)
    let near: string | null = null, best = Math.floor(c.length / 4) + 1;
    for (const h of spare) {
      const d = editDistance(c.toLowerCase(), h.toLowerCase());
      if (d < best) { best = d; near = h; }
    }
    issues.push({ file: csv.file, line: 1, column: c, message: near === null ? 'missing required column' : `missing required column; did you mean "${near}" (found in the header)?` });
    ok = false;
  }
  if (allowed) for (const c of csv.header) if (!allowed.includes(c)) { issues.push({ file: csv.file, line: 1, column: c, message: `unknown column (known: ${allowed.join(', ')})` }); ok = false; }
  return ok;
}
