/**
 * Imported runs priced, so that they load as runs.csv rows as they are: `node_hours` (T_alloc,
 * Appendix G) and `cost_usd` (C = T_alloc / 3600 x rate, executionCostUSD), with each run's source
 * (`source_file`, `source_line`: the file and line the importer read it from).
 *
 * T_alloc of an imported run is its own measured window (elapsed seconds): the node is charged to the
 * run alone over it, which is Appendix G's allocation when runs do not overlap. Another tool's log has
 * no record of which runs shared the node (IPW's traces.jsonl has no start times), so for runs that
 * overlapped (flagged `concurrent-whole-device` or `overlapping-window`) the node time of the overlap is
 * charged to each of them, as their energy is: record such batches with power-log and `j2g energy`,
 * which shares node time among active runs (tau_i = integral of A_i / N, Appendix G).
 *
 * The rate of a run: one rate for every run (`{ rateUSDPerHour }`), or by system (`bySystem`), or by
 * node type (`nodeTypes` with the systems' accelerator and count, as systems.csv records them); a run
 * without a rate is an error naming it. By system and by node type need the runs' `system` (`--map`).
 * Costs carry 6 decimals (micro-USD) and node hours 9, as `j2g energy` writes them.
 */
import { J2GError, ValidationError, type ValidationIssue } from '../errors.ts';
import { executionCostUSD } from '../energy/executionCost.ts';
import { nodeTypeKey } from '../data/nodeType.ts';
import type { ImportResult } from './importedRuns.ts';
import { formatHours } from './units.ts';
import { z } from 'zod';
import { DECIMAL, positiveInteger, requiredText } from '../data/fields.ts';
import { readCsv } from '../io/csv.ts';
import { checkHeader, parseRows } from '../io/csvRows.ts';
import { readNodeTypeRates } from '../data/nodeType.ts';

export interface ImportRates {
  /** USD per node-hour for every run */
  rateUSDPerHour?: number;
  /** USD per node-hour by the runs' system */
  bySystem?: Record<string, number>;
  /** USD per node-hour by node type, with each system's node type */
  nodeTypes?: {
    rates: readonly { accelerator: string; acceleratorCount: number; usdPerNodeHour: number }[];
    systems: readonly { system: string; accelerator: string; accelerator_count: number }[];
    /** the systems file, to name in messages */
    systemsFile: string;
  };
}

/** The columns pricing adds, after the importer's. */
export const PRICED_COLUMNS = ['cost_usd', 'node_hours', 'source_file', 'source_line'] as const;

/**
 * `result` with cost_usd, node_hours, source_file and source_line on every row (see the file
 * comment); throws a ValidationError naming each run without a rate.
 * @example priceImportedRuns(parseZeusLog('start_time,window_name,elapsed_time,gpu0_energy\n100,a,10,500\n', 'z.csv'), { rateUSDPerHour: 63.296 }).rows[0].cost_usd // => '0.175822' (10 s at 63.296 USD per node-hour)
 */
export function priceImportedRuns(result: ImportResult, rates: ImportRates): ImportResult {
  const sources = result.sources;
  if (!sources || sources.length !== result.rows.length) throw new J2GError('priceImportedRuns needs the sources of an importer result (toRunsCsv)');
  const given = [rates.rateUSDPerHour !== undefined, rates.bySystem !== undefined, rates.nodeTypes !== undefined].filter(Boolean).length;
  if (given !== 1) throw new J2GError('priceImportedRuns needs exactly one of rateUSDPerHour, bySystem, nodeTypes');
  const byType = new Map((rates.nodeTypes?.rates ?? []).map((r) => [nodeTypeKey(r.accelerator, r.acceleratorCount), r.usdPerNodeHour]));
  const typeOf = new Map((rates.nodeTypes?.systems ?? []).map((s) => [s.system, nodeTypeKey(s.accelerator, s.accelerator_count)]));
  const file = result.summary.file;
  const issues: ValidationIssue[] = [];
  const rows = result.rows.map((row, i) => {
    let rate: number | undefined = rates.rateUSDPerHour;
    if (rate === undefined) {
      const system = row.system;
      if (system === undefined) throw new J2GError('a rate by system or node type needs the runs\' system: give --map');
      if (rates.bySystem) {
        // own keys only: a system named "constructor" or "toString" has no rate unless one is given
        rate = Object.hasOwn(rates.bySystem, system) ? rates.bySystem[system] : undefined;
        if (rate === undefined) issues.push({ file, line: sources[i].line, message: `run "${row.run_id}": no rate for system "${system}" (rates given for ${Object.keys(rates.bySystem).join(', ')})` });
      } else {
        const type = typeOf.get(system);
        rate = type === undefined ? undefined : byType.get(type);
        if (type === undefined) issues.push({ file, line: sources[i].line, message: `run "${row.run_id}": system "${system}" is not in ${rates.nodeTypes!.systemsFile}` });
        else if (rate === undefined) issues.push({ file, line: sources[i].line, message: `run "${row.run_id}": no node rate for node type ${type} of system "${system}"` });
      }
    }
    const allocS = sources[i].elapsedS;
    return {
      ...row,
      cost_usd: rate === undefined ? '' : executionCostUSD(allocS, rate).toFixed(6), // Joules-to-GDP Appendix G
      node_hours: formatHours(allocS),
      source_file: file,
      source_line: String(sources[i].line),
    };
  });
  if (issues.length) throw new ValidationError(issues);
  return { ...result, columns: [...result.columns, ...PRICED_COLUMNS], rows };
}

/**
 * The rates of `j2g import`'s options: `--rate USD`, `--rate SYSTEM=USD` (repeatable), or
 * `--node-rates FILE --systems FILE`; undefined when none is given. Errors name the option.
 */
export function importRatesOf(rateArgs: readonly string[], nodeRatesFile: string | undefined, systemsFile: string | undefined): ImportRates | undefined {
  if ((nodeRatesFile === undefined) !== (systemsFile === undefined)) throw new J2GError('--node-rates FILE and --systems FILE go together (the rates by node type, and each system\'s node type)');
  if (nodeRatesFile !== undefined && rateArgs.length) throw new J2GError('give --rate or --node-rates, not both');
  if (nodeRatesFile !== undefined) {
    const rates = readNodeTypeRates(nodeRatesFile);
    const csv = readCsv(systemsFile!);
    const issues: ValidationIssue[] = [];
    if (!checkHeader(csv, ['system', 'accelerator', 'accelerator_count'], issues)) throw new ValidationError(issues);
    const systems = parseRows(csv, z.object({ system: requiredText, accelerator: requiredText, accelerator_count: positiveInteger }), issues).map((r) => r.data);
    if (issues.length) throw new ValidationError(issues);
    return { nodeTypes: { rates, systems, systemsFile: systemsFile! } };
  }
  if (!rateArgs.length) return undefined;
  const usd = (name: string, v: string) => {
    const x = DECIMAL.test(v) ? Number(v) : NaN;
    if (!Number.isFinite(x) || x < 0) throw new J2GError(`invalid ${name}: ${v} (expected USD per node-hour, a decimal >= 0)`);
    return x;
  };
  const plain = rateArgs.filter((r) => !r.includes('='));
  if (plain.length && plain.length !== rateArgs.length) throw new J2GError('give --rate USD once, or --rate SYSTEM=USD per system, not both');
  if (plain.length > 1) throw new J2GError('--rate USD given twice');
  if (plain.length) return { rateUSDPerHour: usd('rate', plain[0]) };
  // no prototype: `--rate __proto__=5` or `--rate toString=5` is a system's rate like any other
  const bySystem: Record<string, number> = Object.create(null);
  for (const r of rateArgs) {
    const eq = r.indexOf('=');
    const system = r.slice(0, eq);
    if (system in bySystem) throw new J2GError(`--rate ${system}=... given twice`);
    bySystem[system] = usd(`rate for ${system}`, r.slice(eq + 1));
  }
  return { bySystem };
}
