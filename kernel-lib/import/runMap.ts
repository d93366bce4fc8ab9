/**
 * `--map FILE`: from a tool's own run ids to the dataset's runs. A CSV with the columns source_id (the
 * tool's id: IPW query_id, Zeus window_name, CodeCarbon run_id), run_id, task_id, system, attempt; every
 * column required, source_id and run_id unique. Problems are reported as `file:line: column: expected ...`.
 */
import { z } from 'zod';
import { ValidationError, type ValidationIssue } from '../errors.ts';
import { positiveInteger, requiredText } from '../data/fields.ts';
import { readCsv } from '../io/csv.ts';
import { checkHeader, parseRows } from '../io/csvRows.ts';

const MAP_COLUMNS = ['source_id', 'run_id', 'task_id', 'system', 'attempt'] as const;
const mapRow = z.object({ source_id: requiredText, run_id: requiredText, task_id: requiredText, system: requiredText, attempt: positiveInteger });
export type RunMapRow = z.output<typeof mapRow>;

export interface RunMap {
  file: string;
  bySourceId: Map<string, RunMapRow>;
}

/** Read and check a run map (every problem at once, as a ValidationError). */
export function readRunMap(path: string): RunMap {
  const csv = readCsv(path);
  const issues: ValidationIssue[] = [];
  if (!checkHeader(csv, MAP_COLUMNS, issues, MAP_COLUMNS)) throw new ValidationError(issues);
  const rows = parseRows(csv, mapRow, issues);
  const bySourceId = new Map<string, RunMapRow>();
  const runLine = new Map<string, number>();
  const sourceLine = new Map<string, number>();
  for (const { line, data } of rows) {
    const s = sourceLine.get(data.source_id);
    if (s !== undefined) issues.push({ file: path, line, column: 'source_id', message: `expected a unique source_id, "${data.source_id}" is already on line ${s}` });
    const r = runLine.get(data.run_id);
    if (r !== undefined) issues.push({ file: path, line, column: 'run_id', message: `expected a unique run_id, "${data.run_id}" is already on line ${r}` });
    sourceLine.set(data.source_id, line);
    runLine.set(data.run_id, line);
    bySourceId.set(data.source_id, data);
  }
  if (issues.length) throw new ValidationError(issues);
  return { file: path, bySourceId };
}
