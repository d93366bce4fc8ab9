/**
 * Validate the rows of a parsed CSV against a zod row schema, collecting every problem as
 * `file:line: column: message` (the schema's own message) into `issues`. Rows that fail are left out
 * of the result and reported, never coerced. Header checks stay with each caller.
 * @example parseRows(parseCsv('x\n1\n', 'f.csv'), z.object({ x: positiveNumber }), issues) // => [{ line: 2, data: { x: 1 } }]
 */
import type { z } from 'zod';
import type { ValidationIssue } from '../errors.ts';
import type { CsvData } from './csv.ts';

export function parseRows<S extends z.ZodType>(csv: CsvData, schema: S, issues: ValidationIssue[]): { line: number; data: z.output<S> }[] {
  const out: { line: number; data: z.output<S> }[] = [];
  for (const r of csv.rows) {
    const res = schema.safeParse(r.values);
    if (res.success) out.push({ line: r.line, data: res.data });
    else for (const iss of res.error.issues) issues.push({ file: csv.file, line: r.line, column: String(iss.path[0] ?? ''), message: iss.message });
  }
  return out;
}
