/**
 * Occupation weights from a file (`occupation,weight`), and the `weights` option of the CLI and the
 * notebooks: a scheme name or a file.
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { J2GError, ValidationError, type ValidationIssue } from '../errors.ts';
import { parseRows } from '../io/csvRows.ts';
import { nonNegativeNumber, requiredText } from '../data/fields.ts';
import type { Dataset } from '../data/load.ts';
import { readCsv } from '../io/csv.ts';
import type { WeightScheme } from './schemes.ts';

/**
 * Read user-supplied occupation weights (`occupation,weight`): every bad row is named, none coerced.
 * A repeated occupation is an error (never "last one wins"). With the dataset, an occupation that is
 * not in its occupations.csv is named by line, and every occupation that has tasks must have a weight
 * (an occupation of occupations.csv that no system evaluates may be listed; it is not used).
 */
export function readWeightsFile(path: string, dataset?: Pick<Dataset, 'rows'>): WeightScheme {
  const csv = readCsv(path);
  if (!csv.header.includes('occupation') || !csv.header.includes('weight')) throw new J2GError(`${path}: expected columns occupation,weight`);
  const issues: ValidationIssue[] = [];
  const rows = parseRows(csv, z.object({ occupation: requiredText, weight: nonNegativeNumber }), issues);
  const first = new Map<string, number>();
  for (const r of csv.rows) {
    const name = r.values.occupation;
    const prev = first.get(name);
    if (prev !== undefined) issues.push({ file: path, line: r.line, column: 'occupation', message: `duplicate occupation "${name}" (first on line ${prev})` });
    else first.set(name, r.line);
  }
  if (dataset) {
    const known = new Set(dataset.rows.occupations.map((o) => o.occupation));
    for (const r of csv.rows) {
      const name = r.values.occupation;
      if (name !== '' && !known.has(name)) issues.push({ file: path, line: r.line, column: 'occupation', message: `unknown occupation "${name}" (not in occupations.csv)` });
    }
    const withTasks = new Set(dataset.rows.tasks.map((t) => t.occupation));
    for (const o of dataset.rows.occupations) {
      if (withTasks.has(o.occupation) && !first.has(o.occupation)) issues.push({ file: path, column: 'occupation', message: `no weight for occupation "${o.occupation}" (it has tasks in tasks.csv)` });
    }
  }
  if (issues.length) throw new ValidationError(issues);
  return { custom: Object.fromEntries(rows.map(({ data }) => [data.occupation, data.weight])) };
}

/** `gdp`, `employment`, `equal` or a weights file (checked against `dataset` when given). */
export function parseWeights(value: string | undefined, dataset?: Pick<Dataset, 'rows'>): WeightScheme {
  if (value === undefined) return 'gdp';
  if (value === 'gdp' || value === 'employment' || value === 'equal') return value;
  if (existsSync(value)) return readWeightsFile(value, dataset);
  throw new J2GError(`invalid weights: ${value} (expected gdp, employment, equal or a CSV file)`);
}

