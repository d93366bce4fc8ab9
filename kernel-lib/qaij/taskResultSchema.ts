/**
 * The task-result table at the edge: one CSV row per attempt with columns
 * `task, system, energy_j (> 0), latency_s (>= 0), tokens (>= 0), quality, correctness, reliability,
 * usefulness (each in [0, 1]), difficulty_weight (>= 0, default 1), weight (>= 0, default 1),
 * stratum (optional), boundary (device | system | facility | lifecycle)`.
 * Optional columns may be absent or left empty. Unknown columns are errors, like missing ones.
 * Every problem in the file is reported at once as `file:line: column: message` (ValidationError).
 * // QAIJ "Scope" (TaskResult)
 *
 * Example: `readTaskResults('results.csv')[0].energyJ` // => 10
 */
import { z } from 'zod';
import { ValidationError, type ValidationIssue } from '../errors.ts';
import { readCsv, type CsvData } from '../io/csv.ts';
import { checkHeader, parseRows } from '../io/csvRows.ts';
import { nonNegativeNumber, numberField, optional, positiveNumber, requiredText } from '../data/fields.ts';
import { ENERGY_BOUNDARIES, type TaskResult } from './types.ts';

// Cells parse as every dataset cell does (kernel-lib/data/fields.ts): no trimming, no hex, no Infinity.
const unit = numberField('a number in [0, 1]', (x) => x >= 0 && x <= 1);
const label = requiredText;

export const taskResultRow = z.object({
  task: label,
  system: label,
  energy_j: positiveNumber,
  latency_s: nonNegativeNumber,
  tokens: nonNegativeNumber,
  quality: unit,
  correctness: unit,
  reliability: unit,
  usefulness: unit,
  difficulty_weight: optional(nonNegativeNumber).optional(), // empty or absent: 1 (below)
  weight: optional(nonNegativeNumber).optional(),
  stratum: z.string().refine((s) => s.trim() === s, { message: 'leading or trailing spaces' }).optional(), // empty: no stratum
  boundary: z.enum(ENERGY_BOUNDARIES as [string, ...string[]], { error: `expected one of ${ENERGY_BOUNDARIES.join(', ')}` }),
});

export const TASK_RESULT_COLUMNS = Object.keys(taskResultRow.shape);
const REQUIRED = TASK_RESULT_COLUMNS.filter((c) => !['difficulty_weight', 'weight', 'stratum'].includes(c));

/**
 * Validate parsed CSV rows into TaskResults, or throw a ValidationError listing every problem.
 * `requireStratum`: why every row needs a stratum (e.g. a target mix reweights by stratum).
 */
export function parseTaskResults(csv: CsvData, options: { requireStratum?: string } = {}): TaskResult[] {
  const issues: ValidationIssue[] = [];
  if (!checkHeader(csv, options.requireStratum ? [...REQUIRED, 'stratum'] : REQUIRED, issues, TASK_RESULT_COLUMNS)) throw new ValidationError(issues);
  const out: TaskResult[] = [];
  for (const { line, data: v } of parseRows(csv, taskResultRow, issues)) {
    if (options.requireStratum && !v.stratum) issues.push({ file: csv.file, line, column: 'stratum', message: `empty, expected a stratum (${options.requireStratum})` });
    out.push({
      task: v.task,
      system: v.system,
      energyJ: v.energy_j,
      latencyS: v.latency_s,
      tokens: v.tokens,
      quality: v.quality,
      correctness: v.correctness,
      reliability: v.reliability,
      usefulness: v.usefulness,
      difficultyWeight: v.difficulty_weight ?? 1,
      weight: v.weight ?? 1,
      ...(v.stratum ? { stratum: v.stratum } : {}),
      boundary: v.boundary as TaskResult['boundary'],
    });
  }
  if (issues.length) throw new ValidationError(issues);
  return out;
}

/** Read and validate a task-result CSV file. */
export function readTaskResults(path: string, labelForMessages = path, options: { requireStratum?: string } = {}): TaskResult[] {
  return parseTaskResults(readCsv(path, labelForMessages), options);
}
