/**
 * `j2g assemble --runs A.csv --runs B.csv --out runs.csv`: the runs.csv of a dataset from the outputs of
 * `j2g energy` and `j2g import` (one per trace or tool), as one file: every column of every input (in
 * first-seen order; a cell a file lacks is empty), every row once. A run id in two inputs, or a row
 * without its task_id, system or attempt (an import without --map), is an error naming file and line;
 * nothing is written then.
 */
import { J2GError, ValidationError, type ValidationIssue } from '../../errors.ts';
import { formatCsv, readCsv } from '../../io/csv.ts';
import { writeFileAtomic } from '../../io/atomic.ts';
import { checkOutput } from '../../io/outputDir.ts';
import { parseArgs } from '../args.ts';

export const summary = 'merge runs.csv files from j2g energy and j2g import into one runs.csv';
export const usage = `usage: j2g assemble --runs FILE [--runs FILE ...] --out runs.csv

Every column of every input, in first-seen order (a cell an input lacks is empty), every row once, in
input order. A run_id found twice, or a row without task_id, system or attempt (import without --map),
is an error naming its file and line, and nothing is written. The other dataset files (tasks.csv,
systems.csv, judgments.csv, manifest.json, ...) are the author's: see data/README.md.`;

const NEEDED = ['run_id', 'task_id', 'system', 'attempt'];

export async function run(argv: string[]): Promise<number> {
  const a = parseArgs(argv, { values: ['out'], repeatable: ['runs'] });
  const inputs = a.lists.runs ?? [];
  if (!inputs.length) throw new J2GError('missing --runs FILE (repeatable)');
  if (!a.options.out) throw new J2GError('missing --out FILE');
  const issues: ValidationIssue[] = [];
  const columns: string[] = [];
  const rows: Record<string, string>[] = [];
  const seen = new Map<string, string>();
  for (const file of inputs) {
    const csv = readCsv(file);
    for (const c of csv.header) if (!columns.includes(c)) columns.push(c);
    for (const c of NEEDED) if (!csv.header.includes(c)) issues.push({ file, line: 1, column: c, message: `missing column${c === 'run_id' ? '' : ' (an import without --map keeps the tool\'s ids: give j2g import --map FILE)'}` });
    if (NEEDED.some((c) => !csv.header.includes(c))) continue;
    for (const r of csv.rows) {
      const id = r.values.run_id;
      const prev = seen.get(id);
      if (prev) issues.push({ file, line: r.line, column: 'run_id', message: `run "${id}" is already in ${prev}` });
      else seen.set(id, `${file}:${r.line}`);
      rows.push(r.values);
    }
  }
  if (issues.length) throw new ValidationError(issues);
  // the output guard: not a filesystem root, not through a link, not over one of its --runs inputs
  // (a dataset folder is where it belongs: its runs.csv is what it makes)
  checkOutput('out', a.options.out, { inputs: inputs.map((f) => ['--runs input', f] as const) });
  writeFileAtomic(a.options.out, formatCsv(columns, rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? ''])))));
  console.error(`j2g assemble: ${rows.length} runs from ${inputs.length} file(s), ${columns.length} columns; wrote ${a.options.out}`);
  return 0;
}
