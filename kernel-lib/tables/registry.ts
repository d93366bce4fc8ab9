/**
 * The registry of the paper's tables: for each, its output name, number, title, caption subject, kind,
 * builder, the context fields its numbers depend on, and what it needs from a dataset. The CLI
 * (`j2g tables`), the explorer, the notebooks, the report, captions and compare all read it; adding a
 * table touches this list and its builder only. Figures have theirs in plots/registry.ts.
 *
 * kind: `point` (point estimates only), `interval` (point estimates with 95% interval columns),
 * `interval-only` (every number is a bootstrap statistic: Table 16's portfolio percentiles; the
 * explorer computes it in its interval pass only).
 * core: a table every dataset must support (`j2g tables` fails without it).
 */
import type { ColumnTable } from 'arquero';
import { UnsupportedOutputError } from '../errors.ts';
import type { ContextField, ScenarioContext } from './context.ts';
import { resolveContext } from './context.ts';
import { drawTableBootstrapAside } from '../uncertainty/tableBootstrap.ts';
import { cancelSlotPositionsAside } from '../uncertainty/slotPositionsAside.ts';
import type { TableOptions } from './options.ts';
import { table01 } from './table01.ts';
import { table02 } from './table02.ts';
import { table05 } from './table05.ts';
import { table13, table14 } from './table13.ts';
import { table15 } from './table15.ts';
import { table16 } from './table16.ts';
import { table17 } from './table17.ts';
import { table18 } from './table18.ts';
import { table19, table20, table21 } from './policyTables.ts';
import { table22 } from './table22.ts';

export type TableKind = 'point' | 'interval' | 'interval-only';

export interface TableEntry {
  /** output name and file stem: `table13` */
  name: string;
  /** the paper's number: `13` */
  number: string;
  /** "Table 13: category components and ratios" */
  title: string;
  /** what its caption says it shows, before the scenario's inputs */
  subject: string;
  kind: TableKind;
  core: boolean;
  /** the context fields its numbers depend on (a caption states these; compare with the paper only when none differs) */
  dependsOn: readonly ContextField[];
  /** what it needs from a dataset, in words */
  needs: readonly string[];
  /** the columns that name a row (its key: the same row under two scenarios has the same key) */
  keyColumns: readonly string[];
  build: (ctx: ScenarioContext) => ColumnTable;
}

const EVALUATION: readonly ContextField[] = ['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'rates'];
// `noise` (the sources the bootstrap intervals cover beside tasks) moves only the interval columns
// of the tables that take it (tables/noisyDraws.ts): 13 and 17-21
const CROSSING: readonly ContextField[] = ['system', 'judge', 'policy', 'tieCredit', 'weights', 'rates', 'noise'];
const POLICIES: readonly ContextField[] = ['system', 'judge', 'tieCredit', 'weights', 'rates', 'noise'];

const entry = (name: string, subject: string, kind: TableKind, keyColumns: readonly string[], dependsOn: readonly ContextField[], build: TableEntry['build'], more: Partial<TableEntry> = {}): TableEntry => {
  const number = String(Number(name.slice(5)));
  return { name, number, title: `Table ${number}: ${subject[0].toLowerCase()}${subject.slice(1)}`, subject, kind, core: false, dependsOn, needs: [], keyColumns, build, ...more };
};

/** Every table, in paper order. */
export const TABLES: readonly TableEntry[] = [
  entry('table01', 'Task averages per AI system', 'point', ['system'], ['judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'rates'], table01, { core: true }),
  entry('table02', 'Judge agreement and repeated-output agreement', 'point', ['judge_a', 'judge_b'], ['system', 'judge', 'judgmentReference'], table02,
    { needs: ['two judges sharing comparisons of the system, or two judged attempts'] }),
  entry('table05', 'Costs and NVJ of the same runs re-priced at other node-hour rates (Appendix G.1)', 'point', ['category'], ['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'sweep'], table05,
    { needs: ['a rates sweep with a rate for the system\'s node type', 'a node_rate_usd_per_hour for the system'] }),
  entry('table13', 'Category components and ratios', 'interval', ['category'], [...EVALUATION, 'noise'], table13, { core: true }),
  entry('table14', 'Net value per AI dollar and per AI hour by category', 'point', ['category'], EVALUATION, table14),
  entry('table15', 'Occupation results, Wilson win-tie intervals', 'interval', ['occupation'], [...EVALUATION, 'winTieInterval'], table15, { core: true }),
  entry('table16', 'Rank stability over random portfolios', 'interval-only', ['ranking'], EVALUATION, table16, { needs: ['two or more categories with a positive weight'] }),
  entry('table17', 'Reference crossing: judgments against times', 'interval', ['judgment_reference', 'time_reference'], CROSSING, table17, { needs: ['expert-with-AI judgments and times'] }),
  entry('table18', 'Reductions from the expert-only to the expert-with-AI reference', 'interval', ['change', 'fixed'], CROSSING, table18, { needs: ['expert-with-AI judgments and times'] }),
  entry('table19', 'pass@k policies', 'interval', ['policy'], POLICIES, table19, { needs: ['judged attempts'] }),
  entry('table20', 'n-run win-tie thresholds against the expert-only reference', 'interval', ['policy'], POLICIES, table20, { needs: ['judged attempts'] }),
  entry('table21', 'n-run win-tie thresholds against the expert-with-AI reference', 'interval', ['policy'], POLICIES, table21, { needs: ['expert-with-AI judgments and times'] }),
  entry('table22', 'Time-saving decomposition between the references', 'interval', ['transition'], ['system', 'judge', 'policy', 'tieCredit', 'weights'], table22, { needs: ['expert-with-AI judgments and times'] }),
];

/** The registry entry of `name` (`table13`, `13` or `Table 13`); throws for a table that does not exist. */
export function tableEntry(name: string): TableEntry {
  const n = /^(?:table\s*)?0*(\d+)$/i.exec(name.trim());
  const e = n ? TABLES.find((t) => t.number === n[1]) : undefined;
  if (!e) throw new Error(`no paper table ${JSON.stringify(name)} (tables: ${TABLES.map((t) => t.number).join(', ')})`);
  return e;
}

/**
 * Build every table of `names` (default: every table; Table 5 only when the context has a sweep) under
 * one context, sharing its memo (`entries`: another list of entries, for tests). A table the dataset cannot support (UnsupportedOutputError) is in
 * `skipped` with its reason; every other error propagates and fails the caller.
 */
export function buildTables(options: TableOptions | ScenarioContext, only: { names?: readonly string[]; except?: readonly string[]; entries?: readonly TableEntry[] } = {}): { tables: Record<string, ColumnTable>; skipped: Record<string, string> } {
  const ctx = resolveContext(options);
  const tables: Record<string, ColumnTable> = {};
  const skipped: Record<string, string> = {};
  const registry = only.entries ?? TABLES;
  const entries = only.names ? only.names.map((n) => registry.find((t) => t.name === n) ?? tableEntry(n)) : registry.filter((t) => t.name !== 'table05' || ctx.sweep !== undefined);
  // several tables: the slot positions of their shared draws are drawn on another thread meanwhile (where that pays)
  if (entries.length > 1) drawTableBootstrapAside(ctx);
  try {
    for (const { name, build } of entries) {
      if (only.except?.includes(name)) continue;
      try {
        tables[name] = build(ctx);
      } catch (e) {
        if (!(e instanceof UnsupportedOutputError)) throw e;
        skipped[name] = e.message;
      }
    }
  } finally {
    cancelSlotPositionsAside(); // a draw no table took (another bootstrap's draws) is not kept
  }
  return { tables, skipped };
}

/**
 * The key of a table row: its key columns' cells as a JSON tuple (no two rows with different cells
 * share one, whatever the cells hold). compare and the explorer match a baseline row to a variant row by it.
 * @example rowKeyOf('table17', { judgment_reference: 'expert_only', time_reference: 'expert_with_ai', nvj: 1 }) // => '["expert_only","expert_with_ai"]'
 */
export function rowKeyOf(name: string, row: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(tableEntry(name).keyColumns.map((c) => row[c] ?? null));
}

/**
 * How a row is named in words: its key cells joined by ` | ` (escape the bars for Markdown).
 * @example rowLabelOf('table17', { judgment_reference: 'expert_only', time_reference: 'expert_with_ai' }) // => 'expert_only | expert_with_ai'
 */
export function rowLabelOf(name: string, row: Readonly<Record<string, unknown>>): string {
  return tableEntry(name).keyColumns.map((c) => String(row[c] ?? '')).join(' | ');
}
