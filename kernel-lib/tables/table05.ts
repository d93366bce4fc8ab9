/**
 * Table 5: the same recorded runs re-priced at other node-hour rates (Joules-to-GDP Appendix G.1):
 *   C_i(r) = C_i(base) + T_alloc,i (r - base)     (T_alloc in hours; see runCostAtRate)
 * Outcomes, times and energy stay fixed; only cost, hence NVJ, moves. One row per category
 * (category-normalised GDP averages, as Table 13), two columns per rate:
 * `ai_cost_usd_<label>` and `nvj_<label>`, labels lower-cased with non-alphanumerics as `_`.
 * @example table05({ dataset, rates: [{ label: 'AWS', usdPerNodeHour: 63.296 }, { label: 'GCP', usdPerNodeHour: 84.81 }] })
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { z } from 'zod';
import { J2GError, ValidationError, type ValidationIssue } from '../errors.ts';
import { checkHeader, parseRows } from '../io/csvRows.ts';
import { nonNegativeNumber, positiveInteger, requiredText } from '../data/fields.ts';
import { MAX_CONFIG_CSV_BYTES, readCsv, type CsvData } from '../io/csv.ts';
import type { NodeRate, TableOptions } from './options.ts';
import { resolveContext, withScenario, type ScenarioContext } from './context.ts';
import { UnsupportedOutputError } from '../errors.ts';
import { categorySummaries } from './table13.ts';
import { normalAccelerator } from '../data/nodeType.ts';

export type { NodeRate } from './options.ts';

export function rateColumnLabel(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
}

/**
 * Table 5 under the context's sweep (`sweep`, or for compatibility a `rates` list of node rates). A
 * context without a sweep cannot give Table 5 (UnsupportedOutputError).
 */
export function table05(options: TableOptions | ScenarioContext | (Omit<TableOptions, 'rates'> & { rates: NodeRate[] })): ColumnTable {
  const legacy = Array.isArray((options as { rates?: unknown }).rates) ? { ...options, rates: undefined, sweep: (options as { rates: NodeRate[] }).rates } : options;
  const ctx = resolveContext(legacy as TableOptions);
  const sweep = ctx.sweep;
  if (sweep === undefined) throw new UnsupportedOutputError('table05 needs a rates sweep (--rates FILE, scenario field rates.sweepFile)');
  if (sweep.length === 0) {
    const row = ctx.dataset.rows.systems.find((r) => r.system === ctx.system)!;
    // (issue #28: "no node rate" read as if systems.csv gave none; Table 5 compares providers' rates
    // for the node type, and the system's own recorded rate is Table 1's)
    const recorded = row.node_rate_usd_per_hour == null ? 'systems.csv records no node rate for it either' : `its recorded rate in systems.csv (${row.node_rate_usd_per_hour} USD per node-hour) is what Table 1 uses; Table 5 compares providers' rates`;
    throw new UnsupportedOutputError(`table05: the rates sweep lists no provider rate for the node type of ${row.system} (${row.accelerator} x${row.accelerator_count}); ${recorded}`);
  }
  const labels = sweep.map((r) => rateColumnLabel(r.label));
  if (new Set(labels).size !== labels.length) throw new J2GError(`table05 rate labels must differ: ${labels.join(', ')}`);
  const perRate = sweep.map((r) => categorySummaries(withScenario(ctx, { rates: { nodeRateUSDPerHour: r.usdPerNodeHour } })));
  return aq.from(perRate[0].map((c, k) => {
    const row: Record<string, unknown> = { category: c.category };
    perRate.forEach((rows, j) => (row[`ai_cost_usd_${labels[j]}`] = rows[k].costUSD));
    perRate.forEach((rows, j) => (row[`nvj_${labels[j]}`] = rows[k].nvj));
    return row;
  }));
}

/** Accelerator names compared without a vendor prefix or case: "NVIDIA H200" is "h200". */
export function sameAccelerator(a: string, b: string): boolean {
  return normalAccelerator(a) === normalAccelerator(b);
}

/** The node type a rates file row must match: accelerator (see sameAccelerator) and count. */
export interface NodeType {
  accelerator: string;
  accelerator_count: number;
}

/**
 * Node rates from a CSV with columns `provider` (the label) and `usd_per_node_hour`. Given a node type
 * (a systems.csv row), only the rows of that node type are kept: same accelerator (`sameAccelerator`)
 * and same `accelerator_count`. Rates never pair by accelerator name alone: a file with an
 * `accelerator` column but no `accelerator_count` is refused when a node type is asked for (a 1xH100
 * system is not priced at an 8xH100 node's rate). A file with neither column applies to any node type.
 * data/reference/node_rates.csv has this shape.
 */
export function readNodeRates(path: string, nodeType?: NodeType): NodeRate[] {
  return nodeRatesOf(readCsv(path, path, MAX_CONFIG_CSV_BYTES), nodeType);
}

/**
 * The context with Table 5's sweep: its own, else the rows of a rates CSV (the reference rates,
 * data/reference/node_rates.csv, as the report and the explorer read it) for the system's node type.
 */
export function withSweepFrom(options: TableOptions | ScenarioContext, rates: CsvData): ScenarioContext {
  const ctx = resolveContext(options);
  if (ctx.sweep !== undefined) return ctx;
  const system = ctx.dataset.rows.systems.find((s) => s.system === ctx.system)!;
  return withScenario(ctx, { sweep: nodeRatesOf(rates, system) });
}

/** readNodeRates over a parsed CSV (the browser explorer has the file's text, not its path); messages name `csv.file`. */
export function nodeRatesOf(csv: CsvData, nodeType?: NodeType): NodeRate[] {
  const path = csv.file;
  const issues: ValidationIssue[] = [];
  if (!checkHeader(csv, ['provider', 'usd_per_node_hour'], issues)) throw new ValidationError(issues);
  // an accelerator cell, where the column is, names one (an empty or padded one would silently match no node type)
  const schema = z.object({ provider: requiredText, usd_per_node_hour: nonNegativeNumber, accelerator: requiredText.optional(), accelerator_count: positiveInteger.optional() });
  const rows = parseRows(csv, schema, issues);
  if (nodeType && csv.header.includes('accelerator') && !csv.header.includes('accelerator_count')) {
    issues.push({ file: path, line: 1, column: 'accelerator_count', message: 'missing column: rates pair with a system by accelerator and count, never by accelerator name alone' });
  }
  if (issues.length) throw new ValidationError(issues);
  return rows
    .filter(({ data }) => !nodeType || data.accelerator === undefined || (sameAccelerator(data.accelerator, nodeType.accelerator) && data.accelerator_count === nodeType.accelerator_count))
    .map(({ data }) => ({ label: data.provider, usdPerNodeHour: data.usd_per_node_hour }));
}
