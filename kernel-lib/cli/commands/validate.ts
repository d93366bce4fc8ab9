/**
 * `j2g validate --data DIR`: check a dataset against the recorded-data schema and print every
 * problem as `file:line: column: what was expected`, or a one-line summary when it is valid.
 */
import { parseArgs } from '../args.ts';
import { J2GError, ValidationError } from '../../errors.ts';
import { loadDataset } from '../../data/load.ts';
import { progressFor } from '../progress.ts';

export const summary = 'check a dataset directory against the recorded-data schema';
export const usage = `usage: j2g validate --data DIR [--engine js|duckdb]

Prints every schema violation as file:line: column: what was expected and exits 1, or prints a
summary (rows per file, provenance, warnings) and exits 0. DIR holds CSV or Parquet files.

  --engine duckdb   run the checks as SQL in DuckDB (kernel-lib/data/sql/validate.sql), out of core,
                    for data past one Node heap: problems are named by key (runs.csv: run_id=r7:
                    energy_mj: ...) rather than by line, and the text rules are the SQL file's`;

export async function run(argv: string[]): Promise<number> {
  const args = parseArgs(argv, { values: ['data', 'engine'] });
  if (!args.options.data) throw new J2GError('missing --data DIR');
  const engine = args.options.engine ?? 'js';
  if (engine !== 'js' && engine !== 'duckdb') throw new J2GError(`invalid engine: ${engine} (expected js or duckdb)`);
  if (engine === 'duckdb') return validateInDuckDb(args.options.data);
  try {
    const ds = loadDataset(args.options.data, { progress: progressFor('validate', args.options.data) });
    for (const w of ds.warnings) console.error(`warning: ${w}`);
    const counts = (['occupations', 'sectors', 'tasks', 'systems', 'runs', 'judgments'] as const).map((k) => `${ds.rows[k].length} ${k}`);
    console.log(`${args.options.data}: valid (${ds.manifest.provenance}, ${ds.manifest.energy_boundary} boundary): ${counts.join(', ')}`);
    return 0;
  } catch (e) {
    if (e instanceof ValidationError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
}

/** `--engine duckdb`: the SQL checks, every problem printed named by key; the row counts when there is none. */
async function validateInDuckDb(dir: string): Promise<number> {
  const { openDuckDbDataset } = await import('../../data/duckdb/engine.ts');
  const { formatIssue } = await import('../../errors.ts');
  const db = await openDuckDbDataset(dir);
  try {
    const issues = await db.validate();
    if (issues.length) {
      console.error(`${issues.length} problem${issues.length === 1 ? '' : 's'} in input:\n${issues.map(formatIssue).join('\n')}`);
      return 1;
    }
    const keys = ['occupations', 'sectors', 'tasks', 'systems', 'runs', 'judgments'] as const;
    const counts: string[] = [];
    for (const k of keys) counts.push(`${(await db.connection.runAndReadAll(`SELECT COUNT(*) AS n FROM raw_${k}`)).getRowObjectsJS()[0].n} ${k}`);
    console.log(`${dir}: valid (duckdb checks): ${counts.join(', ')}`);
    return 0;
  } finally {
    db.close();
  }
}
