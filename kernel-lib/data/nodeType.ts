/**
 * A system's node type: its accelerator (vendor prefix and case ignored) and count. Rates pair with
 * systems by node type, never by accelerator name alone (Appendix G.1: a 1xH100 system is not priced
 * at an 8xH100 node's rate). No quantity.
 */
import { z } from 'zod';
import { ValidationError, type ValidationIssue } from '../errors.ts';
import { MAX_CONFIG_CSV_BYTES, readCsv } from '../io/csv.ts';
import { checkHeader, parseRows } from '../io/csvRows.ts';
import { nonNegativeNumber, positiveInteger, requiredText } from './fields.ts';

/** A node type's rate: accelerator (vendor prefix and case ignored) and count, USD per node-hour. */
export interface NodeTypeRate {
  accelerator: string;
  acceleratorCount: number;
  usdPerNodeHour: number;
}

/** Accelerator names compared without a vendor prefix or case: "NVIDIA H200" is "h200". @example normalAccelerator('NVIDIA H200') // => 'h200' */
export function normalAccelerator(name: string): string {
  return name.trim().replace(/^(NVIDIA|AMD|Intel)\s+/i, '').toLowerCase();
}

/** The node type of a system: normalised accelerator and count, e.g. `h200x8`. @example nodeTypeKey('NVIDIA H200', 8) // => 'h200x8' */
export function nodeTypeKey(accelerator: string, count: number): string {
  return `${normalAccelerator(accelerator)}x${count}`;
}

/**
 * Node-type rates from a CSV with columns accelerator, accelerator_count, usd_per_node_hour (other
 * columns ignored, so data/reference/node_rates.csv's shape works when each node type has one row).
 * Two rows of one node type are an error naming both lines: a node type has one rate in a scenario.
 */
export function readNodeTypeRates(path: string): NodeTypeRate[] {
  const csv = readCsv(path, path, MAX_CONFIG_CSV_BYTES);
  const issues: ValidationIssue[] = [];
  if (!checkHeader(csv, ['accelerator', 'accelerator_count', 'usd_per_node_hour'], issues)) throw new ValidationError(issues);
  const rows = parseRows(csv, z.object({ accelerator: requiredText, accelerator_count: positiveInteger, usd_per_node_hour: nonNegativeNumber }), issues);
  const first = new Map<string, number>();
  for (const { data, line } of rows) {
    const key = nodeTypeKey(data.accelerator, data.accelerator_count);
    const prev = first.get(key);
    if (prev !== undefined) issues.push({ file: path, line, column: 'accelerator', message: `node type ${data.accelerator} x${data.accelerator_count} already has a rate on line ${prev}` });
    else first.set(key, line);
  }
  if (issues.length) throw new ValidationError(issues);
  return rows.map(({ data }) => ({ accelerator: data.accelerator, acceleratorCount: data.accelerator_count, usdPerNodeHour: data.usd_per_node_hour }));
}
