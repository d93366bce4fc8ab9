/**
 * Load the public reference facts of `data/reference/` (see its README): the 44 GDPval occupations,
 * the nine sector GDP shares and the 220 gold task ids. Every problem is collected and thrown as one
 * ValidationError (`file:line: column: what was expected`): a malformed cell, a duplicate key, an
 * occupation whose sector has no share, a task whose occupation or sector disagrees with
 * occupations.csv.
 *
 * @example
 * const ref = loadReference();
 * ref.occupations.length // => 44
 */
import { pushAll } from '../arrays.ts';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { z } from 'zod';
import { ValidationError, type ValidationIssue } from '../errors.ts';
import { readCsv, type CsvData } from '../io/csv.ts';
import { checkHeader, parseRows as parseRowsOf } from '../io/csvRows.ts';

export interface ReferenceOccupation {
  occupation: string;
  socCode: string;
  /** O*NET-SOC major group, full name ("Computer & Mathematical") */
  category: string;
  /** the category as printed in the paper's Tables 5, 13, 14 ("Computer & Math") */
  categoryLabel: string;
  sector: string;
  /** persons, BLS OEWS May 2024 */
  employment: number;
  medianHourlyWageUSD: number;
  meanHourlyWageUSD: number;
}

export interface ReferenceSector {
  sector: string;
  /** value added, percent of US GDP, 2024 Q2 */
  gdpShare: number;
}

export interface ReferenceTask {
  taskId: string;
  occupation: string;
  sector: string;
}

export interface Reference {
  occupations: ReferenceOccupation[];
  sectors: ReferenceSector[];
  tasks: ReferenceTask[];
}

export const DEFAULT_REFERENCE_DIR = fileURLToPath(new URL('../../data/reference/', import.meta.url));

const text = z.string().refine((s) => s !== '' && s.trim() === s, { message: 'expected non-empty text without leading or trailing spaces' });
const decimal = (what: string, ok: (x: number) => boolean) =>
  z.string().refine((s) => /^\d+(\.\d+)?$/.test(s) && ok(Number(s)), { message: `expected ${what}` });

const occupationSchema = z.object({
  occupation: text,
  soc_code: z.string().regex(/^\d\d-\d{4}$/, { message: 'expected a SOC code such as 13-2011' }),
  category: text,
  category_label: text,
  sector: text,
  employment: decimal('an integer >= 0', (x) => Number.isInteger(x)),
  median_hourly_wage_usd: decimal('a number > 0', (x) => x > 0),
  mean_hourly_wage_usd: decimal('a number > 0', (x) => x > 0),
});
const sectorSchema = z.object({ sector: text, gdp_share: decimal('a number > 0', (x) => x > 0) });
const taskSchema = z.object({ task_id: text, occupation: text, sector: text });

function parseRows<T extends z.ZodObject>(csv: CsvData | null, schema: T, issues: ValidationIssue[]): { line: number; d: z.infer<T> }[] {
  if (!csv) return [];
  const cols = Object.keys(schema.shape);
  if (!checkHeader(csv, cols, issues)) return [];
  return parseRowsOf(csv, schema, issues).map(({ line, data }) => ({ line, d: data }));
}

function tryRead(dir: string, name: string, issues: ValidationIssue[]): CsvData | null {
  try {
    return readCsv(join(dir, name), name);
  } catch (e) {
    if (e instanceof ValidationError) { pushAll(issues, e.issues); return null; }
    throw e;
  }
}

/** Load and validate `dir` (default: the repository's `data/reference/`). Throws ValidationError. */
export function loadReference(dir: string = DEFAULT_REFERENCE_DIR): Reference {
  const issues: ValidationIssue[] = [];
  const sectors: ReferenceSector[] = [];
  const sectorLine = new Map<string, number>();
  for (const { line, d } of parseRows(tryRead(dir, 'sectors.csv', issues), sectorSchema, issues)) {
    if (sectorLine.has(d.sector)) { issues.push({ file: 'sectors.csv', line, column: 'sector', message: `duplicate sector ${d.sector}, first on line ${sectorLine.get(d.sector)}` }); continue; }
    sectorLine.set(d.sector, line);
    sectors.push({ sector: d.sector, gdpShare: Number(d.gdp_share) });
  }
  const occupations: ReferenceOccupation[] = [];
  const occLine = new Map<string, number>();
  const labelOf = new Map<string, string>();
  for (const { line, d } of parseRows(tryRead(dir, 'occupations.csv', issues), occupationSchema, issues)) {
    if (occLine.has(d.occupation)) { issues.push({ file: 'occupations.csv', line, column: 'occupation', message: `duplicate occupation ${d.occupation}, first on line ${occLine.get(d.occupation)}` }); continue; }
    occLine.set(d.occupation, line);
    if (!sectorLine.has(d.sector)) issues.push({ file: 'occupations.csv', line, column: 'sector', message: `unknown sector "${d.sector}", expected one of sectors.csv` });
    const prevLabel = labelOf.get(d.category);
    if (prevLabel !== undefined && prevLabel !== d.category_label) issues.push({ file: 'occupations.csv', line, column: 'category_label', message: `expected "${prevLabel}" for category ${d.category}, found "${d.category_label}"` });
    labelOf.set(d.category, d.category_label);
    occupations.push({
      occupation: d.occupation, socCode: d.soc_code, category: d.category, categoryLabel: d.category_label, sector: d.sector,
      employment: Number(d.employment), medianHourlyWageUSD: Number(d.median_hourly_wage_usd), meanHourlyWageUSD: Number(d.mean_hourly_wage_usd),
    });
  }
  const occSector = new Map(occupations.map((o) => [o.occupation, o.sector]));
  const tasks: ReferenceTask[] = [];
  const taskLine = new Map<string, number>();
  for (const { line, d } of parseRows(tryRead(dir, 'gold_tasks.csv', issues), taskSchema, issues)) {
    if (taskLine.has(d.task_id)) { issues.push({ file: 'gold_tasks.csv', line, column: 'task_id', message: `duplicate task_id ${d.task_id}, first on line ${taskLine.get(d.task_id)}` }); continue; }
    taskLine.set(d.task_id, line);
    const s = occSector.get(d.occupation);
    if (s === undefined) issues.push({ file: 'gold_tasks.csv', line, column: 'occupation', message: `unknown occupation "${d.occupation}", expected one of occupations.csv` });
    else if (s !== d.sector) issues.push({ file: 'gold_tasks.csv', line, column: 'sector', message: `expected "${s}" (the occupation's sector in occupations.csv), found "${d.sector}"` });
    tasks.push({ taskId: d.task_id, occupation: d.occupation, sector: d.sector });
  }
  if (issues.length) throw new ValidationError(issues);
  return { occupations, sectors, tasks };
}
