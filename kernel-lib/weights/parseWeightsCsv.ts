/**
 * Occupation weights from the text of a CSV `occupation,weight` (no file system: the explorer page
 * uses it on a file the reader chose; readWeightsFile reads the file and calls it).
 */
import { z } from 'zod';
import { ValidationError, type ValidationIssue } from '../errors.ts';
import { checkHeader, parseRows } from '../io/csvRows.ts';
import { parseCsv } from '../io/csv.ts';
import { nonNegativeNumber, requiredText } from '../data/fields.ts';
import type { Dataset } from '../data/load.ts';

/**
 * Parse and check occupation weights (`occupation,weight`, weight a finite number >= 0): every bad
 * row is named `file:line: column: message`, none coerced. A repeated occupation is an error (never
 * "last one wins"). With the dataset, an occupation that is not in its occupations.csv is named by
 * line, and every occupation that has tasks must have a weight (an occupation of occupations.csv that
 * no system evaluates may be listed; it is not used). Throws ValidationError (a header without both
 * columns at line 1). The weights are relative: occupationWeights normalises them.
 * @example parseWeightsCsv('occupation,weight\na,1\nb,3\n', 'w.csv') // => { custom: { a: 1, b: 3 } }
 */
export function parseWeightsCsv(text: string, file: string, dataset?: Pick<Dataset, 'rows'>): { custom: Record<string, number> } {
  const csv = parseCsv(text, file);
  const issues: ValidationIssue[] = [];
  // a header without both columns is named at line 1 (with "did you mean" for a near miss); other columns are not read
  if (!checkHeader(csv, ['occupation', 'weight'], issues)) throw new ValidationError(issues);
  const rows = parseRows(csv, z.object({ occupation: requiredText, weight: nonNegativeNumber }), issues);
  const first = new Map<string, number>();
  for (const r of csv.rows) {
    const name = r.values.occupation;
    const prev = first.get(name);
    if (prev !== undefined) issues.push({ file, line: r.line, column: 'occupation', message: `duplicate occupation "${name}" (first on line ${prev})` });
    else first.set(name, r.line);
  }
  if (dataset) {
    const known = new Set(dataset.rows.occupations.map((o) => o.occupation));
    for (const r of csv.rows) {
      const name = r.values.occupation;
      if (name !== '' && !known.has(name)) issues.push({ file, line: r.line, column: 'occupation', message: `unknown occupation "${name}" (not in occupations.csv)` });
    }
    const withTasks = new Set(dataset.rows.tasks.map((t) => t.occupation));
    for (const o of dataset.rows.occupations) {
      if (withTasks.has(o.occupation) && !first.has(o.occupation)) issues.push({ file, column: 'occupation', message: `no weight for occupation "${o.occupation}" (it has tasks in tasks.csv)` });
    }
  }
  if (issues.length) throw new ValidationError(issues);
  return { custom: Object.fromEntries(rows.map(({ data }) => [data.occupation, data.weight])) };
}
