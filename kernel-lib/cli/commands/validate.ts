/**
 * `j2g validate --data DIR`: check a dataset against the recorded-data schema and print every
 * problem as `file:line: column: what was expected`, or a one-line summary when it is valid.
 * `--complete` also checks what the default scenario's tables need (release/completeness.ts).
 */
import { parseArgs } from '../args.ts';
import { J2GError, ValidationError, formatIssue } from '../../errors.ts';
import { datasetRowCounts, loadDataset } from '../../data/load.ts';
import { boundaryMismatches, checkCompleteness, energyComponents, formatCrossChecks, formatFlags, meterCrossChecks, validityFlags } from '../../release/completeness.ts';
import { parsePolicy } from '../../metrics/policy.ts';
import { verifyPackage } from '../../release/package.ts';
import { progressFor } from '../progress.ts';

export const summary = 'check a dataset directory against the recorded-data schema (--complete: and what the tables need)';
export const usage = `usage: j2g validate --data DIR [--complete [--policy P ...]] [--engine js|duckdb]

Prints every schema violation as file:line: column: what was expected and exits 1, or prints a
summary (rows per file, provenance, validity flags per system, warnings) and exits 0.

A folder written by \`j2g pack\` (it holds datapackage.json) is checked against its descriptor first:
each file's SHA-256 and size must match, and a changed, missing or unlisted data file is refused by name.

  --complete    also check everything the default scenario's tables need, and exit 1 naming each
                missing piece: a judgment by the primary judge for every run, against each reference
                in use (expert_only; expert_with_ai when any judgment or time uses it); expert_ai_hours
                for all tasks or none; a run of every task on every system, with the attempts each
                policy in use charges; the core tables (1, 13, 15) built. Tables the dataset cannot
                support are listed with their reason; occupations with one task (zero-width
                intervals) and uneven attempts are warnings.
  --policy P    an attempt policy in use besides pass@1 (pass@k or >=m/n; repeatable), for --complete
  --engine duckdb   the checks for data past one Node heap, out of core: each file's own rules
                first, with the same messages as the default engine (runs.csv:7: energy_mj: expected a
                finite number > 0, found "NaN"; a CSV file streamed, a Parquet file's suspect rows found
                in DuckDB), then the cross-file checks as SQL (kernel-lib/sql/validate.sql), named by key
                (judgments.csv: run_id=r7,...: run_id: ...). DIR holds CSV or Parquet files either way`;

export async function run(argv: string[]): Promise<number> {
  const args = parseArgs(argv, { values: ['data', 'engine'], repeatable: ['policy'], flags: ['complete'] });
  const dir = args.options.data;
  if (!dir) throw new J2GError('missing --data DIR');
  const engine = args.options.engine ?? 'js';
  if (engine !== 'js' && engine !== 'duckdb') throw new J2GError(`invalid engine: ${engine} (expected js or duckdb)`);
  if (engine === 'duckdb') {
    if (args.flags.has('complete')) throw new J2GError('--complete runs on the JavaScript engine: leave out --engine duckdb');
    return validateInDuckDb(dir);
  }
  const policies = (args.lists.policy ?? []).map(parsePolicy);
  if (policies.length && !args.flags.has('complete')) throw new J2GError('--policy is checked by --complete: give --complete too');
  try {
    const pkg = verifyPackage(dir);
    const ds = loadDataset(dir, { progress: progressFor('validate', dir) });
    for (const w of ds.warnings) console.error(`warning: ${w}`);
    const rowCounts = datasetRowCounts(ds);
    const counts = (['occupations', 'sectors', 'tasks', 'systems', 'runs', 'judgments'] as const).map((k) => `${rowCounts[k]} ${k}`);
    if (pkg) console.log(`${dir}/datapackage.json: ${pkg.files} files, every SHA-256 matches (${pkg.name} ${pkg.version})`);
    if (pkg?.blanks) console.error(`warning: DATASHEET.md has ${pkg.blanks} blank(s) to fill ([TO FILL: ...]); then j2g pack --data ${dir} --out ${dir} records its new SHA-256`);
    const covered = energyComponents(ds);
    if (covered.length) console.log(`energy components (${ds.manifest.energy_boundary} boundary in manifest.json): ${covered.map((c) => `${c.system} ${c.label} (${c.runs} runs)`).join(', ')}`);
    if (!args.flags.has('complete')) {
      for (const w of boundaryMismatches(ds)) console.error(`warning: ${w}`);
      for (const line of formatFlags(validityFlags(ds))) console.log(`validity flags: ${line}`);
      for (const line of formatCrossChecks(meterCrossChecks(ds))) console.log(`meter cross-check: ${line}`);
      console.log(`${dir}: valid (${ds.manifest.provenance}, ${ds.manifest.energy_boundary} boundary): ${counts.join(', ')}`);
      return 0;
    }
    const report = checkCompleteness(ds, { policies });
    for (const w of report.warnings) console.error(`warning: ${w}`);
    for (const line of formatFlags(report.flags)) console.log(`validity flags: ${line}`);
    for (const line of formatCrossChecks(meterCrossChecks(ds))) console.log(`meter cross-check: ${line}`);
    for (const [name, why] of Object.entries(report.skipped)) console.log(`not supported by this dataset: ${name}: ${why}`);
    if (report.problems.length) {
      const n = report.problems.length;
      console.error(`${dir}: valid, but not complete: ${n} missing piece${n === 1 ? '' : 's'} for the tables (references checked: ${report.references.join(', ')}; judge ${ds.manifest.primary_judge}):`);
      for (const p of report.problems) console.error(formatIssue(p));
      return 1;
    }
    console.log(`${dir}: valid and complete (${ds.manifest.provenance}, ${ds.manifest.energy_boundary} boundary; references ${report.references.join(', ')}; judge ${ds.manifest.primary_judge}): ${counts.join(', ')}`);
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
  const { openDuckDbDataset } = await import('../../sql/engine.ts');
  const { validateOnce } = await import('../../sql/validationStamp.ts');
  const { formatIssue } = await import('../../errors.ts');
  const db = await openDuckDbDataset(dir);
  try {
    // every check, even over bytes stamped before; a clean result is stamped (sql/validationStamp.ts)
    const { issues } = await validateOnce(db, { always: true });
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
