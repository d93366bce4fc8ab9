/**
 * What the explorer computes for one scenario: every paper table (the registry's builders, which
 * `j2g tables` uses) and every paper figure, as plain, structured-cloneable values a page or a Web
 * Worker can pass around, all under one resolved context per pass. No DOM here: the page, the
 * worker, the bench and the tests call the same functions.
 */
import type { ColumnTable } from 'arquero';
import { UnsupportedOutputError } from '../errors.ts';
import { formatNumber } from '../io/format.ts';
import { parseCsv } from '../io/csv.ts';
import { tableCaption } from '../plots/captions.ts';
import { paperFigures, type FigureId, type FigureResult, type FigureSettings } from '../plots/paperFigures.ts';
import { publishedFigureInputs, publishedFigureSourceFromJson, type PublishedFigureSource, type PublishedFigureSourceJson } from '../plots/published.ts';
import { withSweepFrom, type TableOptions } from '../tables/index.ts';
import { resolveContext, type ScenarioContext } from '../tables/context.ts';
import { TABLES, tableEntry } from '../tables/registry.ts';
import { differsWords, scenarioDifferences } from '../tables/paperScenario.ts';
import { qaijDatasetReport, qaijSummaryTable } from '../qaij/datasetReport.ts';
import type { Dataset } from '../data/load.ts';
import type { ResolvedScenario } from '../scenario/schema.ts';

/**
 * The context with Table 5's sweep at the node rates of a rates CSV's text (the reference rates,
 * data/reference/node_rates.csv) for the system's node type, as the report shows it; unchanged
 * without the text or when the scenario has a sweep of its own.
 */
export function withSweepOf(options: TableOptions | ScenarioContext, ratesCsv: string | null, file = 'node_rates.csv'): ScenarioContext {
  return ratesCsv === null ? resolveContext(options) : withSweepFrom(options, parseCsv(ratesCsv, file));
}

/** The tables the page shows, in paper order (the registry's; Table 5 when the context has a sweep). */
export function explorerTableNames(ctx: ScenarioContext): string[] {
  return TABLES.filter((t) => t.name !== 'table05' || ctx.sweep !== undefined).map((t) => t.name);
}

/** Tables whose every number is an interval or a bootstrap statistic: computed in the interval pass only (the registry's `interval-only`). */
export const INTERVAL_ONLY = new Set(TABLES.filter((t) => t.kind === 'interval-only').map((t) => t.name));

/**
 * What a scenario differs in from the paper's, in the words every surface uses (the notebooks, the
 * report, compare), or null under the paper's scenario.
 */
export function scenarioNote(ctx: ScenarioContext): string | null {
  return differsWords(scenarioDifferences(ctx));
}

/** A table as columns and rows of raw values (numbers, text, null). */
export interface TableData {
  columns: string[];
  rows: (number | string | null)[][];
}

export type TableResult = { name: string; table: TableData; caption: string; ms: number } | { name: string; skipped: string; ms: number };

/**
 * An Arquero table as TableData (numbers stay numbers, null for an empty cell).
 * @example tableData(table01({ dataset: loadDataset('data/recorded/synthetic-small'), bootstrap: false })).columns.slice(0, 2) // => ['system', 'cost_usd']
 */
export function tableData(t: ColumnTable): TableData {
  const columns = t.columnNames();
  const arrays = columns.map((c) => t.array(c) as unknown[]);
  const rows = Array.from({ length: t.numRows() }, (_, i) => arrays.map((a) => {
    const v = a[i];
    return v === undefined || v === null ? null : typeof v === 'number' ? v : String(v);
  }));
  return { columns, rows };
}

/**
 * Build one table with its caption (plots/captions.ts, from the context); a table the dataset cannot
 * support is `skipped` with the builder's reason (UnsupportedOutputError); any other error is thrown.
 */
export function computeTable(name: string, options: TableOptions | ScenarioContext): TableResult {
  const t0 = performance.now();
  const ctx = resolveContext(options);
  try {
    return { name, table: tableData(tableEntry(name).build(ctx)), caption: tableCaption(name, ctx), ms: performance.now() - t0 };
  } catch (e) {
    if (!(e instanceof UnsupportedOutputError)) throw e;
    return { name, skipped: e.message, ms: performance.now() - t0 };
  }
}

/**
 * Every table in `names` (default all but the interval-only ones when the bootstrap is off) under ONE
 * context, so that its memo of task components serves every table (and the figures, given the same context).
 */
export function computeTables(options: TableOptions | ScenarioContext, names?: readonly string[]): TableResult[] {
  const ctx = resolveContext(options);
  const list = names ?? explorerTableNames(ctx).filter((n) => ctx.bootstrap !== false || !INTERVAL_ONLY.has(n));
  return list.map((n) => computeTable(n, ctx));
}

/** The name of the explorer's QAIJ table (not a paper table: QAIJ is the companion method's measure). */
export const QAIJ_TABLE = 'qaij';

/**
 * The QAIJ view: quality-adjusted service per joule per system (qaijSummaryTable of qaijDatasetReport,
 * what notebooks/11-qaij shows), under the scenario's judge, judgment reference, draws, seed and latency
 * contract L* (`qaij.latencyMaxS`: an attempt slower than L* earns no service and keeps its energy).
 * A bootstrap at the scenario's draws: the explorer computes it in its worker.
 * @example computeQaijTable(loadDataset('data/recorded/synthetic-small'), resolveScenario({ dataset: 'data/recorded/synthetic-small', draws: 50 }, loadDataset('data/recorded/synthetic-small'))).table.columns.slice(3, 5) // => ['energy_mj', 'qaij_per_mj']
 */
export function computeQaijTable(ds: Dataset, s: ResolvedScenario): TableResult {
  const t0 = performance.now();
  try {
    const report = qaijDatasetReport(ds, { judge: s.judge, reference: s.judgmentReference, draws: s.draws, seed: s.seed, latencyMaxS: s.qaij.latencyMaxS });
    const contract = s.qaij.latencyMaxS === null ? 'no latency contract' : `latency contract L* = ${s.qaij.latencyMaxS} s (an attempt slower than L* earns no service and keeps its energy; a system whose median attempt is slower is off the frontier)`;
    const caption = `QAIJ: win-or-tie outputs per MJ of energy per system (judged by ${s.judge} against ${s.judgmentReference.replace(/_/g, '-')}), ${contract}; `
      + `95% intervals from ${s.draws.toLocaleString('en')} bootstrap draws (seed ${s.seed}), occupations then tasks resampled; the same under employment-only and equal occupation mixes; `
      + 'frontier: on the energy-service frontier of the point estimates, and robustly so across the intervals.';
    return { name: QAIJ_TABLE, table: tableData(qaijSummaryTable(report)), caption, ms: performance.now() - t0 };
  } catch (e) {
    if (!(e instanceof UnsupportedOutputError)) throw e;
    return { name: QAIJ_TABLE, skipped: e.message, ms: performance.now() - t0 };
  }
}

/**
 * The reference constants the figures draw (Figure 1's energy scale, Figure 2's task titles) and the
 * paper's printed values with the paper's systems (plots/published.ts, what the report's figures
 * draw beside the reproduced values), as the build wrote them (data/constants.json).
 */
export interface FigureConstants {
  energyScale: NonNullable<FigureSettings['energyScale']>;
  taskTitles: [string, { title: string }][];
  /** absent in a build without data/published/: then no figure draws a published value */
  published?: PublishedFigureSourceJson;
}

/** each constants object's published values, revived once (the page and the worker each hold one object) */
const revived = new WeakMap<PublishedFigureSourceJson, PublishedFigureSource>();

function figureSource(constants: FigureConstants | null): PublishedFigureSource | null {
  const json = constants?.published;
  if (!json) return null;
  let source = revived.get(json);
  if (!source) revived.set(json, (source = publishedFigureSourceFromJson(json)));
  return source;
}

/**
 * Every paper figure, or those of `figures` (a spec, or the reason the dataset cannot support it); the
 * page builds one figure per task, under the pass's one context. On the paper's dataset (by system
 * identity, publishedFigureInputs: the report's rule) a figure whose values the paper prints draws them
 * as the report's figures do, and only under the paper's scenario for what the figure depends on (paperFigures).
 */
export function computeFigures(options: TableOptions | ScenarioContext, constants: FigureConstants | null = null, figures?: readonly FigureId[]): FigureResult[] {
  const context = resolveContext(options);
  const published = publishedFigureInputs(context.dataset, figureSource(constants));
  return paperFigures(constants ? { context, figures, energyScale: constants.energyScale, taskTitles: new Map(constants.taskTitles), ...published } : { context, figures });
}

/**
 * A cell as the page prints it: numbers to 6 significant digits (trailing zeros dropped, the value
 * `j2g tables` writes rounded the same way), text as is, an empty cell for null.
 * @example printedCell(0.123456789) // => '0.123457'
 */
export function printedCell(v: number | string | null): string {
  if (v === null) return '';
  if (typeof v !== 'number') return v;
  return formatNumber(Number(v.toPrecision(6)));
}
