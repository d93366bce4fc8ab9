/**
 * The first call of every notebook: turn the parameters cell into a loaded dataset and the one
 * options object every table and figure builder takes.
 *
 * `npm run reproduce` runs every notebook on the same dataset by setting J2G_DATA (and J2G_DRAWS),
 * which override the parameters cell; a reader changes the cell and re-runs.
 *
 * @example
 * const nb = openNotebook({ data: '../data/recorded/synthetic-small', weights: 'gdp' });
 * table13(nb.options)
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import type { Dataset } from '../data/load.ts';
import { J2GError } from '../errors.ts';
import { loadPublished, type Published } from '../published/load.ts';
import { loadReference, type Reference } from '../reference/load.ts';
import type { ScenarioContext } from '../tables/context.ts';
import { UnsupportedOutputError } from '../errors.ts';
import { differencesFor, differsWords, scenarioDifferences } from '../tables/paperScenario.ts';
import { tableEntry } from '../tables/registry.ts';
import { reproductionChecks } from '../report/checks.ts';
import { extraTextClaimCells } from '../report/textClaims.ts';
import { paperTable } from '../report/paperTables.ts';
import { cellProvenance, type TableCellProvenance } from '../report/cellProvenance.ts';
import { applicableChecks, paperMatch } from '../report/paperDataset.ts';
import { identityWords } from '../report/datasetReport.ts';
import type { Comparison } from '../report/compare.ts';
import { onWarning, warn } from '../warn.ts';
import { loadScenario } from '../scenario/files.ts';
import type { ResolvedScenario } from '../scenario/schema.ts';
import { notApplicable, showComparison, showTable } from './show.ts';
import { tableCaption } from '../plots/captions.ts';
import { tslabSink, type DisplaySink } from './sink.ts';

/**
 * What a notebook's parameters cell sets: every scenario field (kernel-lib/scenario/schema.ts) as a
 * plain value, flat, so that the cell needs no import and no TypeScript; null means the default.
 */
export interface NotebookParameters {
  /** dataset directory, relative to the notebook */
  data: string;
  /** AI system id; null: the manifest's primary_system */
  system?: string | null;
  /** judge id; null: the manifest's primary_judge */
  judge?: string | null;
  /** 'expert_only' | 'expert_with_ai'; null: expert_only */
  judgmentReference?: string | null;
  /** 'expert_only' | 'expert_with_ai'; null: the judgment reference */
  timeReference?: string | null;
  /** 'pass@k' | 'm-of-n'; null: pass@1 */
  policy?: string | null;
  /** 'gdp' (default), 'employment', 'equal', a CSV file occupation,weight, or { occupation: weight } */
  weights?: string | Record<string, number> | null;
  /** USD per node-hour for the systems on the primary system's node type; null: recorded costs */
  rate?: number | null;
  /** { system: USD per node-hour } */
  systemRates?: Record<string, number> | null;
  /** CSV accelerator,accelerator_count,usd_per_node_hour; null: none */
  nodeRatesFile?: string | null;
  /** CSV of provider rates for Table 5; null: data/reference/node_rates.csv */
  ratesFile?: string | null;
  /** bootstrap draws; null: the manifest's */
  draws?: number | null;
  /** bootstrap seed; null: the manifest's */
  seed?: number | null;
  /** credit of a tie, 0..1; null: 1, the paper's */
  tieCredit?: number | null;
  /** 'wilson' | 'wilson_corrected' | 'exact'; null: wilson */
  winTieInterval?: string | null;
  /** QAIJ latency contract in seconds; null: none */
  latencyMaxS?: number | null;
}

/** Parameter name of each scenario field (the parameters cell is flat). */
const PARAMETER_OF: Record<string, string> = {
  dataset: 'data', 'rates.nodeRateUSDPerHour': 'rate', 'rates.bySystem': 'systemRates', 'rates.nodeTypesFile': 'nodeRatesFile',
  'rates.sweepFile': 'ratesFile', 'qaij.latencyMaxS': 'latencyMaxS', qaij: 'latencyMaxS', rates: 'rate',
};
const PARAMETERS = ['data', 'system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'rate', 'systemRates',
  'nodeRatesFile', 'ratesFile', 'draws', 'seed', 'winTieInterval', 'latencyMaxS'];

/** How a notebook error names a field: `parameter policy`, `parameter systemRates.sysX`. @example parameterName('rates.bySystem.sysX') // => 'parameter systemRates.sysX' */
export function parameterName(field: string): string {
  const by = /^rates\.bySystem\.(.+)$/.exec(field);
  if (by) return `parameter systemRates.${by[1]}`;
  return `parameter ${PARAMETER_OF[field] ?? field}`;
}

/**
 * The scenario input of a parameters cell (nulls left out, so that the defaults apply). Throws
 * "parameter x: no such parameter (known: ...)" for a name the cell should not have.
 * @example notebookScenario({ data: 'd', policy: 'pass@2', rate: null }) // => { dataset: 'd', policy: 'pass@2' }
 */
export function notebookScenario(parameters: NotebookParameters, env: NodeJS.ProcessEnv = {}): Record<string, unknown> {
  for (const k of Object.keys(parameters)) if (!PARAMETERS.includes(k)) throw new J2GError(`parameter ${k}: no such parameter (known: ${PARAMETERS.join(', ')})`);
  const p = parameters as unknown as Record<string, unknown>;
  const given = (k: string) => (p[k] === null || p[k] === undefined ? undefined : p[k]);
  const out: Record<string, unknown> = {};
  for (const k of ['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'draws', 'seed', 'winTieInterval']) if (given(k) !== undefined) out[k] = given(k);
  out.dataset = given('data');
  const w = given('weights');
  if (w !== undefined) out.weights = typeof w === 'string' && !['gdp', 'employment', 'equal'].includes(w) ? { file: w } : typeof w === 'object' && !Array.isArray(w) ? { custom: w } : w;
  const rates: Record<string, unknown> = {};
  if (given('rate') !== undefined) rates.nodeRateUSDPerHour = given('rate');
  if (given('systemRates') !== undefined && Object.keys(given('systemRates') as object).length) rates.bySystem = given('systemRates');
  if (given('nodeRatesFile') !== undefined) rates.nodeTypesFile = given('nodeRatesFile');
  if (given('ratesFile') !== undefined) rates.sweepFile = given('ratesFile');
  if (Object.keys(rates).length) out.rates = rates;
  if (given('latencyMaxS') !== undefined) out.qaij = { latencyMaxS: given('latencyMaxS') };
  if (env.J2G_DATA) out.dataset = env.J2G_DATA;
  if (env.J2G_DRAWS) out.draws = Number(env.J2G_DRAWS);
  return out;
}

/**
 * A notebook's error as the cell shows it: its one line (tslab prints a failing cell's error with
 * console.error, which asks the error how to inspect itself), the stack only on request: set
 * `process.env.J2G_STACK = '1'` in a cell (or J2G_STACK=1 for the kernel) and re-run.
 */
export class NotebookError extends J2GError {
  override name = 'NotebookError';
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    if (!process.env.J2G_STACK) return this.message;
    return String(this.cause instanceof Error ? this.cause.stack : this.stack);
  }
}

/** The library's own errors (J2GError: a bad parameter, a bad file) as one line in the cell; anything else is left as it is (a bug keeps its stack). */
export function notebookError(e: unknown): unknown {
  if (!(e instanceof J2GError) || e instanceof NotebookError) return e;
  return new NotebookError(e.message, { cause: e });
}

/** Parameters that name files, read relative to the notebook: refused in the parameters cell when missing. */
const FILE_PARAMETERS: Record<string, string> = {
  nodeRatesFile: 'a CSV accelerator,accelerator_count,usd_per_node_hour, or null',
  ratesFile: 'a CSV of provider rates for Table 5 (as data/reference/node_rates.csv), or null',
};

function checkFiles(parameters: Record<string, unknown>): void {
  for (const [k, expected] of Object.entries(FILE_PARAMETERS)) {
    const v = parameters[k];
    if (v === null || v === undefined) continue;
    if (typeof v !== 'string' || v === '') throw new J2GError(`parameter ${k}: ${JSON.stringify(v)} is not allowed (expected ${expected})`);
    if (!existsSync(resolve(v))) throw new J2GError(`parameter ${k}: no file ${v} (from ${process.cwd()}; expected ${expected})`);
  }
}

export interface Notebook {
  parameters: NotebookParameters;
  /** the resolved scenario: every input of every table and figure below */
  scenario: ResolvedScenario;
  dataset: Dataset;
  /** the resolved context every table and figure builder takes (a TableOptions too) */
  options: ScenarioContext;
  published: Published;
  reference: Reference;
}

const RECONSTRUCTED = 'joules-to-gdp-reconstructed';

/**
 * Open a notebook: its parameters cell parsed by the scenario schema (an invalid value stops the
 * cell with the one line "parameter policy: "x" is not allowed (expected ...)", NotebookError), the
 * dataset loaded, every default filled in. J2G_DATA and J2G_DRAWS (set by `npm run reproduce` and
 * `npm run notebook -- NAME --data DIR`) override the cell. The same parameters opened twice (by
 * checkParameters in the parameters cell, then here) load the dataset once.
 */
export function openNotebook(parameters: NotebookParameters, env: NodeJS.ProcessEnv = process.env): Notebook {
  try {
    return openChecked(parameters, env, true);
  } catch (e) {
    throw notebookError(e);
  }
}

let lastOpened: { key: string; nb: Notebook } | null = null;

function openChecked(parameters: NotebookParameters, env: NodeJS.ProcessEnv, reuse: boolean): Notebook {
  // Notebook output shows warnings as they happen (stderr), once each.
  const seen = new Set<string>();
  onWarning((m) => {
    if (!seen.has(m)) process.stderr.write(`warning: ${m}\n`);
    seen.add(m);
  });
  const { category, ...scenarioParameters } = parameters as NotebookParameters & { category?: unknown };
  const input = notebookScenario(scenarioParameters, env);
  checkFiles(scenarioParameters as unknown as Record<string, unknown>);
  const key = JSON.stringify([process.cwd(), input, category ?? null]);
  if (reuse && lastOpened?.key === key) return lastOpened.nb;
  if (typeof input.dataset !== 'string' || input.dataset === '') throw new J2GError('parameter data: missing (expected a dataset directory)');
  let data = resolve(input.dataset);
  if (!existsSync(data) && data.endsWith(RECONSTRUCTED)) {
    const fallback = resolve(data, '..', 'synthetic-small');
    warn(`${data} is not in this checkout yet; using ${fallback}`);
    data = fallback;
  }
  if (!existsSync(data)) throw new J2GError(`parameter data: no dataset at ${data} (expected a dataset directory, schema: data/README.md)`);
  const { scenario, dataset, options } = loadScenario({ ...input, dataset: data }, { where: parameterName });
  if (category !== undefined && category !== null) {
    const categories = [...new Set(dataset.occupations.array('category') as string[])].sort();
    if (typeof category !== 'string' || !categories.includes(category)) {
      throw new J2GError(`parameter category: ${JSON.stringify(category)} is not allowed (expected one of ${categories.join(', ')}, or null for the first)`);
    }
  }
  const nb: Notebook = { parameters, scenario, dataset, options, published: loadPublished(), reference: loadReference() };
  lastOpened = { key, nb };
  return nb;
}

/**
 * The last line of a parameters cell: check every parameter now, so that a bad value stops THIS cell
 * with one line naming the parameter and the values allowed (NotebookError), and say in the cell what
 * overrides it (`npm run notebook -- NAME --data DIR` and `npm run reproduce` set J2G_DATA and
 * J2G_DRAWS: the dataset and draws actually used are printed). Returns nothing, so that the cell
 * prints nothing else.
 */
export function checkParameters(parameters: NotebookParameters & { category?: string | null }, env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): void {
  let nb: Notebook;
  try {
    nb = openChecked(parameters, env, false);
  } catch (e) {
    throw notebookError(e);
  }
  if (env.J2G_DATA) log(`data: ${nb.dataset.dir} (set by J2G_DATA: npm run notebook --data or npm run reproduce; the value above is not used)`);
  if (env.J2G_DRAWS) log(`draws: ${nb.scenario.draws} (set by J2G_DRAWS: npm run notebook --draws or npm run reproduce)`);
}

/** The parameters of 09-measurement: a trace directory, a node rate and the trace's provenance. */
export interface TraceParameters {
  /** a directory written by scripts/power-log (data/traces/README.md), relative to the notebook */
  trace: string;
  /** USD per node-hour */
  rateUSDPerHour: number;
  /** 'recorded' | 'synthetic' | 'reconstructed' */
  traceProvenance: string;
}

const TRACE_PROVENANCES = ['recorded', 'synthetic', 'reconstructed'];

/**
 * The parameters cell of 09-measurement checked: each bad value one line naming the parameter and what
 * is allowed (NotebookError). Returns nothing, so that the cell prints nothing else.
 * @example checkTraceParameters({ trace: 'data/traces/standin-two-runs', rateUSDPerHour: 63.296, traceProvenance: 'synthetic' }) // => undefined
 */
export function checkTraceParameters(parameters: TraceParameters, from = process.cwd()): void {
  const known = ['trace', 'rateUSDPerHour', 'traceProvenance'];
  const bad = (m: string) => new NotebookError(m);
  for (const k of Object.keys(parameters)) if (!known.includes(k)) throw bad(`parameter ${k}: no such parameter (known: ${known.join(', ')})`);
  const { trace, rateUSDPerHour: rate, traceProvenance } = parameters;
  if (typeof trace !== 'string' || trace === '') throw bad(`parameter trace: ${JSON.stringify(trace)} is not allowed (expected a trace directory written by scripts/power-log)`);
  const dir = resolve(from, trace);
  if (!existsSync(resolve(dir, 'marks.csv'))) throw bad(`parameter trace: no trace at ${dir} (expected a directory with marks.csv and a power log, written by scripts/power-log: data/traces/README.md)`);
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0) throw bad(`parameter rateUSDPerHour: ${JSON.stringify(rate)} is not allowed (expected a node-hour rate in USD >= 0)`);
  if (!TRACE_PROVENANCES.includes(traceProvenance)) throw bad(`parameter traceProvenance: ${JSON.stringify(traceProvenance)} is not allowed (expected one of ${TRACE_PROVENANCES.map((p) => `'${p}'`).join(', ')})`);
}

/**
 * Published against reproduced for the given tables, e.g. compareTables(nb, ['13', '14']): on a
 * dataset that is not the paper's, only the rows it shares with the paper by system identity
 * (report/paperDataset.ts applicableChecks, as the report compares them); another system's numbers are
 * never set against the paper's as "off".
 */
export function compareTables(nb: Notebook, ids: readonly string[], built: Record<string, ColumnTable> = {}): Comparison[] {
  const tables = Object.fromEntries(ids.map((id) => {
    const name = `table${id.padStart(2, '0')}`;
    return [name, built[name] ?? paperTable(nb.options, id)];
  }));
  const rows = reproductionChecks({ ...nb.options, context: nb.options, published: nb.published, tables, reference: nb.reference })
    .filter((c) => ids.includes(c.table));
  return applicableChecks(rows, paperMatch(nb.dataset, nb.published));
}

/**
 * How a notebook says that table or figure `what` (its registry dependencies `dependsOn`) was computed
 * under another scenario than the paper's, or null: the sentence every surface uses.
 */
export function differsNote(nb: Notebook, dependsOn: readonly string[]): string | null {
  return differsWords(differencesFor(scenarioDifferences(nb.options), dependsOn));
}

const builtTables = new WeakMap<ScenarioContext, Map<string, ColumnTable>>();

/**
 * Paper table `id` under the notebook's scenario (report/paperTables.ts paperTable), built once per
 * scenario: showPaperTable and the lessons computed from a table shown above (display/lessons.ts)
 * share it. A table the dataset cannot support throws UnsupportedOutputError each time.
 */
export function notebookPaperTable(nb: Notebook, id: string): ColumnTable {
  let tables = builtTables.get(nb.options);
  if (!tables) builtTables.set(nb.options, (tables = new Map()));
  let t = tables.get(id);
  if (!t) tables.set(id, (t = paperTable(nb.options, id)));
  return t;
}

/**
 * Paper table `id` ('1', '13', ... '22') in a notebook: the table, then (unless `compare` is false)
 * its published-vs-reproduced comparison, or, when the parameters changed a field it depends on, the
 * sentence "differs from the paper because you changed ...". A table the dataset cannot support (no
 * expert-with-AI reference, one category, a run without its judgment) is one line saying why, so the
 * notebook runs on to its other sections; any other error stops the cell.
 */
export function showPaperTable(nb: Notebook, id: string, options: { caption?: string; compare?: boolean; sink?: DisplaySink } = {}): void {
  let table: ColumnTable;
  try {
    table = notebookPaperTable(nb, id);
  } catch (e) {
    if (!(e instanceof UnsupportedOutputError)) throw e;
    (options.sink ?? tslabSink())(notApplicable(`Table ${id} is not computed for this dataset`, e.message));
    return;
  }
  const name = tableEntry(id).name;
  const caption = tableCaption(name, nb.options);
  const differs = differsNote(nb, tableEntry(id).dependsOn);
  const sink = options.sink ?? tslabSink();
  sink({ 'text/markdown': `*Table ${id}. ${caption}*`, 'text/plain': `Table ${id}. ${caption}` });
  showTable(table, { sink: options.sink, limit: Infinity, marks: paperTableMarks(nb, id, table) });
  if (options.compare === false) return;
  if (differs) {
    sink({ 'text/markdown': `*Published values not compared: this table ${differs}.*`, 'text/plain': `Published values not compared: this table ${differs}.` });
    return;
  }
  const rows = compareTables(nb, [id], { [name]: table });
  const match = paperMatch(nb.dataset, nb.published);
  if (rows.length === 0 && !match.isPaper) {
    sink({ 'text/markdown': `*Published values not compared: ${identityWords(match)}*`, 'text/plain': `Published values not compared: ${identityWords(match)}` });
    return;
  }
  showComparison(rows, { caption: options.caption, sink: options.sink });
}

/**
 * The † marks of paper table `id` built in a notebook (report/cellProvenance.ts): a reconstructed
 * dataset's cells that no published number pins, and the note that says the others are "pinned by the
 * paper's printed values". Only under the paper's scenario for every field the table depends on: a
 * table computed under another weighting, judge, policy or rate is not the one the paper printed, so
 * none of its cells is pinned (null: no marks; the line after the table says it differs and why).
 */
export function paperTableMarks(nb: Notebook, id: string, table: ColumnTable): TableCellProvenance | null {
  if (differsNote(nb, tableEntry(id).dependsOn) !== null) return null;
  return cellProvenance(nb.dataset, tableEntry(id).name, table, nb.published, nb.reference, nb.options.judge);
}

/** One row per file of the dataset: rows and columns. */
export function datasetOverview(dataset: Dataset): ColumnTable {
  const files = ['occupations', 'sectors', 'tasks', 'systems', 'runs', 'judgments'] as const;
  return aq.from(files.map((f) => ({ file: `${f}.csv`, rows: dataset[f].numRows(), columns: dataset[f].columnNames().join(', ') })));
}

/** The numbers quoted in the paper's text beside their reproduced values. */
export function compareTextClaims(nb: Notebook): Comparison[] {
  const tables = Object.fromEntries(['2', '18', '22'].flatMap((id) => {
    try {
      return [[`table${id.padStart(2, '0')}`, paperTable(nb.options, id)]];
    } catch (e) {
      if (!(e instanceof UnsupportedOutputError)) throw e;
      return [];
    }
  }));
  const extraClaims = extraTextClaimCells({ ...nb.options, tables, reference: nb.reference });
  return reproductionChecks({ ...nb.options, context: nb.options, published: nb.published, tables, reference: nb.reference, extraClaims })
    .filter((c) => c.table === 'text');
}
