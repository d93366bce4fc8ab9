/**
 * The GDPval inputs at the edge, validated with zod; every problem reported as
 * `file:line: column: message` (ValidationError). Unknown and missing columns are errors.
 *
 * Task CSV (one row per task and model): `task, model, sector, occupation, deliverable_type,
 * human_time_min, human_cost_usd, review_time_min, review_cost_usd, model_time_min, model_cost_usd
 * (each >= 0), wins, ties, losses (integer counts of pairwise comparisons, at least one in total)`.
 *
 * Grades CSV (one row per grade): `sample, model, rater, kind (human | autograder),
 * score (0, 0.5 or 1: 1 prefers the model deliverable, 0 the human one, 0.5 a tie)`.
 * // GDPval A.2.1, A.6.1
 *
 * Example: `readGdpvalTasks('tasks.csv')[0].humanTimeMin` // => 404
 */
import { z } from 'zod';
import { ValidationError, type ValidationIssue } from '../errors.ts';
import { readCsv, type CsvData } from '../io/csv.ts';
import { checkHeader, parseRows } from '../io/csvRows.ts';
import { nonNegativeInteger, nonNegativeNumber, requiredText } from '../data/fields.ts';
import type { GdpvalTask, Grade } from './types.ts';

// Cells parse as every dataset cell does (kernel-lib/data/fields.ts): no trimming, no hex, no Infinity.
const nonnegative = nonNegativeNumber;
const count = nonNegativeInteger;
const label = requiredText;

export const gdpvalTaskRow = z
  .object({
    task: label,
    model: label,
    sector: label,
    occupation: label,
    deliverable_type: label,
    human_time_min: nonnegative,
    human_cost_usd: nonnegative,
    review_time_min: nonnegative,
    review_cost_usd: nonnegative,
    model_time_min: nonnegative,
    model_cost_usd: nonnegative,
    wins: count,
    ties: count,
    losses: count,
  })
  .refine((r) => r.wins + r.ties + r.losses > 0, { message: 'expected at least one comparison', path: ['wins'] });

export const gradeRow = z.object({
  sample: label,
  model: label,
  rater: label,
  kind: z.enum(['human', 'autograder'], { error: 'expected human or autograder' }),
  score: z.enum(['0', '0.5', '1'], { error: 'expected 0, 0.5 or 1' }).transform(Number),
});

function validate<T>(csv: CsvData, schema: z.ZodType<T, any>, columns: string[]): T[] {
  const issues: ValidationIssue[] = [];
  if (!checkHeader(csv, columns, issues, columns)) throw new ValidationError(issues);
  const out = parseRows(csv, schema, issues).map((r) => r.data);
  if (issues.length) throw new ValidationError(issues);
  return out;
}

export const GDPVAL_TASK_COLUMNS = Object.keys(gdpvalTaskRow.shape);
export const GRADE_COLUMNS = Object.keys(gradeRow.shape);

export function parseGdpvalTasks(csv: CsvData): GdpvalTask[] {
  const rows = validate(csv, gdpvalTaskRow, GDPVAL_TASK_COLUMNS);
  const issues: ValidationIssue[] = [];
  const seen = new Map<string, number>();
  rows.forEach((r, i) => {
    const key = `${r.task}\u0000${r.model}`;
    if (seen.has(key)) issues.push({ file: csv.file, line: csv.rows[i].line, column: 'task', message: `duplicate task ${r.task} for model ${r.model}` });
    seen.set(key, i);
  });
  if (issues.length) throw new ValidationError(issues);
  return rows.map((r) => ({
    task: r.task,
    model: r.model,
    sector: r.sector,
    occupation: r.occupation,
    deliverableType: r.deliverable_type,
    humanTimeMin: r.human_time_min,
    humanCostUSD: r.human_cost_usd,
    reviewTimeMin: r.review_time_min,
    reviewCostUSD: r.review_cost_usd,
    modelTimeMin: r.model_time_min,
    modelCostUSD: r.model_cost_usd,
    wins: r.wins,
    ties: r.ties,
    losses: r.losses,
  }));
}

/**
 * A rater grades a sample once, and a sample is one model's deliverable: a repeated (sample, rater) would
 * pair a rater with itself in the inter-rater agreement, and a sample under two models would be split
 * between them per model but pooled overall.
 */
export function parseGrades(csv: CsvData): Grade[] {
  const rows = validate(csv, gradeRow, GRADE_COLUMNS);
  const issues: ValidationIssue[] = [];
  const rated = new Map<string, number>();
  const modelOf = new Map<string, { model: string; line: number }>();
  rows.forEach((r, i) => {
    const line = csv.rows[i].line;
    const key = `${r.sample}\u0000${r.rater}`;
    const first = rated.get(key);
    if (first !== undefined) issues.push({ file: csv.file, line, column: 'rater', message: `rater ${r.rater} already graded sample ${r.sample} on line ${first}` });
    else rated.set(key, line);
    const m = modelOf.get(r.sample);
    if (m === undefined) modelOf.set(r.sample, { model: r.model, line });
    else if (m.model !== r.model) issues.push({ file: csv.file, line, column: 'model', message: `sample ${r.sample} is model ${m.model} on line ${m.line}, found ${r.model}` });
  });
  if (issues.length) throw new ValidationError(issues);
  return rows.map((r) => ({ ...r, score: r.score as Grade['score'] }));
}

export function readGdpvalTasks(path: string): GdpvalTask[] {
  return parseGdpvalTasks(readCsv(path));
}

export function readGrades(path: string): Grade[] {
  return parseGrades(readCsv(path));
}
