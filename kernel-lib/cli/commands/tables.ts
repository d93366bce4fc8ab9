/**
 * `j2g tables`: every paper table that a task-level dataset supports, as CSV files.
 */
import { join } from 'node:path';
import { existsSync, rmSync, statSync } from 'node:fs';
import type { ColumnTable } from 'arquero';
import { parseArgs, finiteNumber, positiveInt } from '../args.ts';
import { z } from 'zod';
import { J2GError, ValidationError, type ValidationIssue } from '../../errors.ts';
import { parseRows } from '../../io/csvRows.ts';
import { DECIMAL, nonNegativeNumber, requiredText } from '../../data/fields.ts';
import { loadDataset, type Dataset } from '../../data/load.ts';
import { writeFileAtomic } from '../../io/atomic.ts';
import { tableToCsv } from '../../io/tableCsv.ts';
import { readCsv } from '../../io/csv.ts';
import { table01, table02, table05, table13, table14, table15, table16, table17, table18, table19, table20, table21, table22, readNodeRates, type TableOptions } from '../../tables/index.ts';
import { resolveBootstrap } from '../../uncertainty/settings.ts';
import type { WeightScheme } from '../../weights/schemes.ts';
import { warn } from '../../warn.ts';

export const summary = 'write the paper tables (1, 2, 13-22) for a dataset as CSV, with bootstrap intervals';
export const usage = `usage: j2g tables --data DIR --out DIR [options]

  --data DIR        dataset directory (recorded-data schema, see data/README.md)
  --out DIR         where to write table01.csv, table13.csv, ... (created if needed)
  --system ID       system for the single-system tables (default: manifest primary_system)
  --judge ID        judge (default: manifest primary_judge)
  --weights W       gdp (default) | employment | equal | FILE.csv with columns occupation,weight
  --rate USD        re-price every run at this node-hour rate (Appendix G.1)
  --rates FILE      also write table05.csv: the Table 5 sweep over the node rates of FILE (columns
                    provider, usd_per_node_hour, optional accelerator to match the system's), e.g.
                    data/reference/node_rates.csv
  --draws N         task-composition bootstrap draws and Table 16 portfolios (default: manifest
                    bootstrap.draws, else 10000)
  --seed S          PRNG seed (default: manifest bootstrap.seed, else 20260726)

Files: table01 (every system), table02 (judge and repeated-output agreement), table13, table14,
table15 (categories and occupations; Wilson win-tie intervals), table16 (rank stability), table17
(reference crossing), table18 (reference reductions and attribution), table19 (pass@k),
table20/table21 (thresholds against the expert-only and expert-with-AI references), table22
(time-saving decomposition). Interval columns (*_lo, *_hi) are percentile 95% task-composition
bootstrap intervals on one shared, seeded set of draws per table: the same seed gives the same bytes.
A table the dataset cannot support (for example no expert-with-AI reference) is skipped with a
warning naming the reason; its file from an earlier run in --out, if any, is removed (with a warning),
so --out only ever holds one run's tables.`;

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

export const TABLE_BUILDERS: Record<string, (o: TableOptions) => ColumnTable> = {
  table01, table02, table13, table14, table15, table16, table17, table18, table19, table20, table21, table22,
};

/** Build every table the dataset supports; a table that cannot be built is reported, not written. */
export function buildTables(options: TableOptions): { tables: Record<string, ColumnTable>; skipped: Record<string, string> } {
  const tables: Record<string, ColumnTable> = {};
  const skipped: Record<string, string> = {};
  for (const [name, build] of Object.entries(TABLE_BUILDERS)) {
    try {
      tables[name] = build(options);
    } catch (e) {
      if (!(e instanceof J2GError)) throw e;
      skipped[name] = e.message;
    }
  }
  return { tables, skipped };
}

/** A seed is a non-negative safe integer: "invalid seed: x" otherwise. */
function seedOption(v: string): number {
  const x = DECIMAL.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(x) || x < 0) throw new J2GError(`invalid seed: ${v} (expected an integer >= 0)`);
  return x;
}

/** A node rate is a finite number >= 0 (USD per node-hour): "invalid rate: x" otherwise. */
function rateOption(v: string): number {
  const x = finiteNumber('rate', v);
  if (x < 0) throw new J2GError(`invalid rate: ${v} (expected USD per node-hour >= 0)`);
  return x;
}

export async function run(argv: string[]): Promise<number> {
  const args = parseArgs(argv, { values: ['data', 'out', 'system', 'judge', 'weights', 'rate', 'rates', 'draws', 'seed'] });
  const { data, out } = args.options;
  if (!data) throw new J2GError('missing --data DIR');
  if (!out) throw new J2GError('missing --out DIR');
  if (existsSync(out) && !statSync(out).isDirectory()) throw new J2GError(`--out ${out} exists and is not a directory`);
  const dataset = loadDataset(data);
  for (const w of dataset.warnings) warn(w);
  const options: TableOptions = {
    dataset,
    system: args.options.system,
    judge: args.options.judge,
    weights: parseWeights(args.options.weights, dataset),
    rates: args.options.rate !== undefined ? { nodeRateUSDPerHour: rateOption(args.options.rate) } : undefined,
    bootstrap: resolveBootstrap({
      draws: args.options.draws !== undefined ? positiveInt('draws', args.options.draws) : undefined,
      seed: args.options.seed !== undefined ? seedOption(args.options.seed) : undefined,
    }, dataset.manifest.bootstrap),
  };
  // The rates file is read before any table is built, so that a bad file fails at once.
  let rates: ReturnType<typeof readNodeRates> | undefined;
  if (args.options.rates) {
    const system = dataset.rows.systems.find((s) => s.system === (options.system ?? dataset.manifest.primary_system));
    rates = readNodeRates(args.options.rates, system?.accelerator);
    if (rates.length === 0) throw new J2GError(`${args.options.rates}: no node rate for accelerator ${system?.accelerator}`);
  }
  const { tables, skipped } = buildTables(options);
  if (rates) tables.table05 = table05({ ...options, rates });
  // Core tables must exist; optional ones (needing a second reference or repeated runs) may be skipped.
  for (const core of ['table01', 'table13', 'table15']) if (skipped[core]) throw new J2GError(`${core}: ${skipped[core]}`);
  for (const [name, why] of Object.entries(skipped)) warn(`${name} skipped: ${why}`);
  for (const [name, table] of Object.entries(tables)) {
    const path = join(out, `${name}.csv`);
    try {
      writeFileAtomic(path, tableToCsv(table));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === undefined) throw e;
      throw new J2GError(`cannot write ${path} (${code}); --out must be a directory that can be written`);
    }
  }
  // A table of an earlier run that this run did not write (skipped, or table05 without --rates) would
  // sit beside this run's tables as if it belonged to them: remove it, and say so.
  for (const name of [...Object.keys(TABLE_BUILDERS), 'table05']) {
    const path = join(out, `${name}.csv`);
    if (tables[name] || !existsSync(path)) continue;
    rmSync(path);
    warn(`removed ${path} from an earlier run: ${skipped[name] ? `${name} was skipped this time` : `${name} was not asked for this time (--rates)`}`);
  }
  console.error(`wrote ${Object.keys(tables).length} tables to ${out}`);
  return 0;
}
