/**
 * `j2g tables`: every paper table that a task-level dataset supports, as CSV files.
 */
import { join } from 'node:path';
import { existsSync, statSync } from 'node:fs';
import { parseArgs, type ParsedArgs } from '../args.ts';
import { J2GError } from '../../errors.ts';
import { hasRecords, loadDataset, loadDatasetWithoutRecords, type Dataset } from '../../data/load.ts';
import { withRecordAggregates } from '../../metrics/recordAggregates.ts';
import { writeFilesAtomic } from '../../io/atomic.ts';
import { checkOutput, earlierOutputs, outputRecord } from '../../io/outputDir.ts';
import { tableToCsv } from '../../io/tableCsv.ts';
import { loadScenario, readScenarioFileAt, scenarioFileBase, type LoadedScenario } from '../../scenario/files.ts';
import { progressFor } from '../progress.ts';
import { SCENARIO_VALUE_FLAGS, flagOrFileFieldName, scenarioFromFlags } from '../../scenario/flags.ts';
import { warn } from '../../warn.ts';
import { degenerateIntervals, formatCrossChecks, formatFlags, meterCrossChecks, meterDisagreements, validityFlags } from '../../release/completeness.ts';
import { meterErrorFromDisagreements } from '../../uncertainty/meterFromTraces.ts';

export const summary = 'write the paper tables (1, 2, 13-22) for a dataset as CSV, with bootstrap intervals';
export const usage = `usage: j2g tables (--data DIR | --scenario FILE) --out DIR [options]

Every option is one field of the scenario (kernel-lib/scenario/schema.ts); flags given beside
--scenario FILE override its chosen fields, and its derived fields follow them again (the time
reference follows --judgment-reference unless the file chose it; scenario.json's "derived" lists them).

  --data DIR                dataset directory (recorded-data schema, see data/README.md)   [dataset]
  --scenario FILE           read the scenario from a JSON file (e.g. an earlier OUT/scenario.json)
  --out DIR                 where to write table01.csv, ... and scenario.json (created if needed)
  --system ID               system of the single-system tables (default: manifest primary_system)
  --judge ID                judge (default: manifest primary_judge)
  --judgment-reference R    expert_only (default) | expert_with_ai          [judgmentReference]
  --time-reference R        expert_only | expert_with_ai (default: the judgment reference)
  --policy P                attempt policy: pass@k | m-of-n (default pass@1; Appendix K.2)
  --tie-credit T            credit of a tie, 0 to 1 (default 1, the paper's: a tie earns the full
                            output value; 0 counts ties as losses)                  [tieCredit]
  --weights W               gdp (default) | employment | equal | FILE.csv with columns occupation,weight
  --rate USD                re-price the systems on the primary system's node type (accelerator and
                            count) at USD per node-hour (Appendix G.1)      [rates.nodeRateUSDPerHour]
  --rate SYSTEM=USD         re-price one system (repeatable)                 [rates.bySystem]
  --node-rates FILE         re-price every system whose node type has a row in FILE (columns
                            accelerator, accelerator_count, usd_per_node_hour)   [rates.nodeTypesFile]
  --rates FILE              also write table05.csv: the Table 5 sweep over the rates of FILE (columns
                            provider, usd_per_node_hour, optional accelerator with accelerator_count
                            to keep the primary system's node type), e.g. data/reference/node_rates.csv
  --draws N                 task-composition bootstrap draws and Table 16 portfolios (default: manifest
                            bootstrap.draws, else 10000)
  --seed S                  PRNG seed (default: manifest bootstrap.seed, else 20260726)
  --win-tie-interval M      wilson (default) | wilson_corrected | exact (Table 15)
  --latency-max S           QAIJ latency contract in seconds (recorded in scenario.json)  [qaij.latencyMaxS]
  --noise SOURCES           sources of noise the intervals of Tables 13 and 17-21 cover beside task
                            sampling: tasks (default, the paper's) or a comma list of attempts
                            (which recorded attempts are the charged runs), grading (which judge's
                            verdicts credit a task) and meter:EPS:BETA (relative meter error per run
                            and calibration bias per system, e.g. meter:0.05:0.02)   [noise]
  --engine js|duckdb        where the task components (records -> per-task credit, value, cost,
                            energy, times) are computed: js (default) or duckdb, the SQL of
                            kernel-lib/sql/taskComponents.sql over the folder's CSV or Parquet files;
                            the same tables byte for byte (docs/scale.md). With duckdb, runs and
                            judgments never enter the heap: DuckDB checks them (sql/validate.sql) and
                            gives what the tables read of them (sql/recordAggregates.sql); --noise
                            beyond tasks needs them, so it is refused there
  --accept-dataset-change   compute on a dataset whose files changed since --scenario FILE was written
                            (refused otherwise, naming the changed files); the new scenario.json
                            records both hashes (datasetChange)

A system that changed rates do not reach (no rate for its node type, or no node_rate_usd_per_hour
to re-price from) keeps its recorded cost: table01.csv then has a cost_basis column saying which
rows were re-priced, and a warning names each system left at its recorded cost.

Files: table01 (every system), table02 (judge and repeated-output agreement), table13, table14,
table15 (categories and occupations; Wilson win-tie intervals), table16 (rank stability), table17
(reference crossing), table18 (reference reductions and attribution), table19 (pass@k),
table20/table21 (thresholds against the expert-only and expert-with-AI references), table22
(time-saving decomposition), and scenario.json: the resolved scenario (every default filled in) with
the SHA-256 of the dataset's files; \`j2g tables --scenario OUT/scenario.json --out OUT2\` gives the
same bytes. Interval columns (*_lo, *_hi) are percentile 95% task-composition bootstrap intervals on
one shared, seeded set of draws per table (with --noise, a two-stage bootstrap that also resamples
the sources named; Table 22's intervals cover tasks only). All files are written as one unit: this run's, or on a
failure the earlier run's untouched. A table the dataset cannot support (for example no
expert-with-AI reference) is skipped with a warning naming the reason; its file from an earlier run
in --out, if any, is removed (with a warning), so --out only ever holds one run's tables.`;

export { readWeightsFile, parseWeights } from '../../weights/readWeightsFile.ts';

// The builders and buildTables are domain code (the explorer bundles them for the browser).
export { TABLE_BUILDERS, buildTables } from '../../tables/buildTables.ts';
import { TABLES, buildTables } from '../../tables/registry.ts';
import { resolveContext } from '../../tables/context.ts';
import { buildWithComponents } from '../../tables/componentSource.ts';

/**
 * Every output of `j2g tables` under a loaded scenario, as file name -> content: the tables that the
 * dataset supports (table05 when the scenario has a sweep file) and `scenario.json` (the resolved
 * scenario, every default filled, with the dataset's SHA-256). Core tables (the registry's `core`)
 * and a Table 5 asked for with --rates must build; `skipped` says why each other one did not. Any
 * error other than "the dataset cannot support this output" propagates (the run fails).
 */
export function scenarioOutputs(loaded: LoadedScenario, built: ReturnType<typeof buildTables> = buildTables(loaded.options)): { files: Record<string, string>; skipped: Record<string, string> } {
  const { scenario } = loaded;
  const { tables, skipped } = built;
  for (const t of TABLES) if ((t.core || (t.name === 'table05' && scenario.rates.sweepFile !== null)) && skipped[t.name]) throw new J2GError(`${t.name}: ${skipped[t.name]}`);
  const files: Record<string, string> = {};
  for (const [name, table] of Object.entries(tables)) files[`${name}.csv`] = tableToCsv(table);
  files['scenario.json'] = `${JSON.stringify(scenario, null, 2)}\n`;
  return { files, skipped };
}

/**
 * The scenario of a command line: `--scenario FILE` (if given; its derived fields dropped so that they
 * follow the flags, scenario/files.ts scenarioFileBase) with the flags over it.
 */
export function scenarioOfArgs(args: ParsedArgs, dataset?: Dataset): LoadedScenario {
  const file = args.options.scenario !== undefined ? readScenarioFileAt(args.options.scenario) : undefined;
  const flags = { ...args.options, rate: args.lists.rate };
  const input = scenarioFromFlags(flags, scenarioFileBase(file?.value ?? {}, undefined, file?.where));
  if (input.dataset === undefined) throw new J2GError('missing --data DIR (or a --scenario FILE with a dataset)');
  if (dataset && dataset.dir !== input.dataset) throw new J2GError(`the dataset given (${dataset.dir}) is not the scenario's (${input.dataset})`);
  return loadScenario(input, { dataset, where: flagOrFileFieldName(flags, file?.where), progress: (dir) => progressFor('tables', dir), acceptDatasetChange: args.flags.has('accept-dataset-change') });
}

/**
 * `--noise ...meter:trace`: the meter error's sizes from the dataset's own cross-checked runs
 * (uncertainty/meterFromTraces.ts), written into the flag as meter:EPS:BETA, so that scenario.json
 * records the numbers used. Returns the dataset it loaded to measure them (undefined otherwise).
 */
function meterFromTraces(args: ParsedArgs): Dataset | undefined {
  const text = args.options.noise;
  if (text === undefined || !text.split(',').map((p) => p.trim()).includes('meter:trace')) return undefined;
  const dir = datasetDirOfArgs(args);
  const dataset = loadDataset(dir);
  const est = meterErrorFromDisagreements(meterDisagreements(dataset), `dataset ${dir}`);
  args.options.noise = text.split(',').map((p) => (p.trim() === 'meter:trace' ? `meter:${+est.eps.toPrecision(6)}:${+est.beta.toPrecision(6)}` : p)).join(',');
  console.error(`j2g tables: --noise meter:trace: eps ${+est.eps.toPrecision(6)}, beta ${+est.beta.toPrecision(6)} from the two meters of ${est.runs} cross-checked runs (docs/robustness.md, "meter:trace"); scenario.json records them`);
  return dataset;
}

/** The dataset folder a command line names (--data, else its --scenario FILE's dataset). */
function datasetDirOfArgs(args: ParsedArgs): string {
  const file = args.options.scenario !== undefined ? readScenarioFileAt(args.options.scenario) : undefined;
  const input = scenarioFromFlags({ ...args.options, rate: args.lists.rate }, scenarioFileBase(file?.value ?? {}, undefined, file?.where));
  if (input.dataset === undefined) throw new J2GError('missing --data DIR (or a --scenario FILE with a dataset)');
  return String(input.dataset);
}

/**
 * `--engine duckdb`: the scenario and the tables without a record in the heap (issue 27). DuckDB
 * checks runs and judgments (sql/validate.sql; the other four files are loaded and checked as
 * always), gives the aggregates the tables read of the records (sql/recordAggregates.sql) and every
 * configuration's task components (tables/componentSource.ts); the dataset is loaded without its
 * records (data/load.ts loadDatasetWithoutRecords), so a reader that still wanted them would throw.
 */
async function tablesOnDuckDb(args: ParsedArgs, progress: ((line: string) => void) | undefined): Promise<{ loaded: LoadedScenario; built: ReturnType<typeof buildTables> }> {
  const { openDuckDbDataset } = await import('../../sql/engine.ts');
  const { validateOnce } = await import('../../sql/validationStamp.ts');
  const dir = datasetDirOfArgs(args);
  const step = stepTimer(progress);
  const db = await openDuckDbDataset(dir);
  try {
    // checked once per content (sql/validationStamp.ts: a stamp keyed by the files' SHA-256 and the checks' text)
    const once = await validateOnce(db);
    step(once.checked ? 'runs and judgments checked in DuckDB (sql/validate.sql)' : `runs and judgments already checked: these bytes passed sql/validate.sql before (${once.stamp})`);
    const dataset = loadDatasetWithoutRecords(dir);
    for (const w of dataset.warnings) warn(w);
    const base = await db.recordAggregates(null);
    withRecordAggregates(dataset, base);
    step('per-system and per-judge aggregates from DuckDB (sql/recordAggregates.sql)');
    const loaded = scenarioOfArgs(args, dataset);
    const ctx = resolveContext(loaded.options);
    if (ctx.noise.attempts || ctx.noise.grading || ctx.noise.meter) throw new J2GError('--noise attempts, grading and meter resample the runs and judgments, which --engine duckdb keeps out of the heap: use --engine js (or --noise tasks)');
    withRecordAggregates(dataset, await db.recordAggregates({ system: ctx.system, judge: ctx.judge }, base));
    step(`aggregates of ${ctx.system} (judge ${ctx.judge}) from DuckDB`);
    const built = await buildWithComponents(ctx, db, () => buildTables(ctx), progress);
    progress?.(`${built.queried} component configurations from DuckDB${built.rebuilds ? `, ${built.rebuilds} asked for late` : ''}`);
    return { loaded, built: built.value };
  } finally {
    db.close();
  }
}

/** `step(what)` reports what finished since the last call, with its seconds (nothing without progress). */
function stepTimer(progress: ((line: string) => void) | undefined): (what: string) => void {
  let t = performance.now();
  return (what) => {
    const now = performance.now();
    progress?.(`${what} (${((now - t) / 1000).toFixed(1)} s)`);
    t = now;
  };
}

export async function run(argv: string[]): Promise<number> {
  const args = parseArgs(argv, { values: ['out', 'scenario', 'engine', ...SCENARIO_VALUE_FLAGS], repeatable: ['rate'], flags: ['accept-dataset-change'] });
  const { out } = args.options;
  if (!out) throw new J2GError('missing --out DIR');
  const engine = args.options.engine ?? 'js';
  if (engine !== 'js' && engine !== 'duckdb') throw new J2GError(`invalid engine: ${engine} (expected js or duckdb)`);
  if (existsSync(out) && !statSync(out).isDirectory()) throw new J2GError(`--out ${out} exists and is not a directory`);
  const t0 = performance.now();
  let loaded: LoadedScenario, built: ReturnType<typeof buildTables> | undefined;
  let progress: ((line: string) => void) | undefined;
  if (engine === 'duckdb') {
    const dir = datasetDirOfArgs(args);
    checkOutput('out', out, { inputs: [['dataset folder', dir]], notIntoInputs: { tool: 'j2g tables' } });
    progress = progressFor('tables', dir);
    ({ loaded, built } = await tablesOnDuckDb(args, progress));
  } else {
    loaded = scenarioOfArgs(args, meterFromTraces(args));
    checkOutput('out', out, { inputs: [['dataset folder', loaded.dataset.dir]], notIntoInputs: { tool: 'j2g tables' } });
    progress = progressFor('tables', loaded.dataset.dir);
  }
  const { files, skipped } = scenarioOutputs(loaded, built);
  progress?.(`${Object.keys(files).length - 1} tables built (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  for (const [name, why] of Object.entries(skipped)) warn(`${name} skipped: ${why}`);
  // what validate says of the runs and the intervals, said where the tables are made too (#28)
  for (const line of formatFlags(validityFlags(loaded.dataset))) console.error(`validity flags: ${line}`);
  // the meter cross-check is read from the runs' records, which the DuckDB engine keeps out of the heap
  // (with --engine duckdb it is j2g validate's to print)
  if (hasRecords(loaded.dataset)) for (const line of formatCrossChecks(meterCrossChecks(loaded.dataset))) console.error(`meter cross-check: ${line}`);
  const degenerate = degenerateIntervals(loaded.dataset);
  if (degenerate) warn(degenerate);
  // A table of an earlier run that this run did not write (skipped, or table05 without --rates) would
  // sit beside this run's tables as if it belonged to them: removed, and said, but only when the record
  // of that run (written with its tables) lists it; a file of the user's own is never touched.
  const tableFiles = new Set(TABLES.map((t) => `${t.name}.csv`));
  const removeEarlier = earlierOutputs(out, 'j2g tables', (f) => tableFiles.has(f));
  // All of this run's files and its record, or (on any failure) the earlier run's files untouched.
  try {
    writeFilesAtomic([...Object.entries(files).map(([name, content]) => [join(out, name), content] as const), outputRecord(out, 'j2g tables', Object.keys(files))]);
  } catch (e) {
    if (!(e instanceof J2GError)) throw e;
    throw new J2GError(`${e.message}; --out must be a directory that can be written`);
  }
  for (const path of removeEarlier(Object.keys(files))) {
    const name = path.slice(join(out, 'x').length - 1).replace(/\.csv$/, '');
    warn(`removed ${path} from an earlier run: ${skipped[name] ? `${name} was skipped this time` : `${name} was not asked for this time (--rates)`}`);
  }
  console.error(`wrote ${Object.keys(files).length - 1} tables and scenario.json to ${out}`);
  return 0;
}
