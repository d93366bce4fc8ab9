/**
 * A scenario against its dataset: defaults filled from the manifest (`resolveScenario`), node-hour
 * rates paired with systems by node type (`systemPricing`), and the options object of every table and
 * figure builder (`scenarioToTableOptions`). Pure: files named by the scenario (a weights file, a
 * node-types rates file) are read by the caller and passed in `ScenarioFiles` (scenario/files.ts
 * does it on Node).
 */
import { J2GError } from '../errors.ts';
import { checkDataset, type Dataset } from '../data/load.ts';
import { judgesOf } from '../metrics/taskComponents.ts';
import { resolveBootstrap } from '../uncertainty/settings.ts';
import { tableSeries } from '../uncertainty/tableBootstrap.ts';
import type { TableOptions } from '../tables/options.ts';
import type { WeightScheme } from '../weights/schemes.ts';
import { warn } from '../warn.ts';
import {
  ScenarioError, SCENARIO_VERSION, ALLOWED, parseScenario, policyFromText, scenarioFieldName,
  type ResolvedScenario, type ScenarioInput,
} from './schema.ts';

/** A node type's rate: accelerator (vendor prefix and case ignored) and count, USD per node-hour. */
export interface NodeTypeRate {
  accelerator: string;
  acceleratorCount: number;
  usdPerNodeHour: number;
}

/** What the caller read from the files a scenario names. */
export interface ScenarioFiles {
  /** the weights of `weights: {file}` */
  weights?: WeightScheme;
  /** the rows of `rates.nodeTypesFile` */
  nodeTypes?: NodeTypeRate[];
  /** SHA-256 of the dataset's files (scenario/files.ts datasetHash) */
  datasetSha256?: string;
}

export interface ResolveOptions {
  /** how errors name a field (default `scenario field X`; notebooks say `parameter X`) */
  where?: (field: string) => string;
}

/**
 * The scenario with every default filled: system and judge from the manifest (primary_system,
 * primary_judge), expert_only judgments, time reference = judgment reference, pass@1, GDP weights, the
 * recorded node rates, the manifest's bootstrap (else 10,000 draws, seed 20260726; K.1), Wilson
 * intervals, no latency contract. Names that the dataset lacks are ScenarioErrors naming the field.
 * @example resolveScenario({ dataset: 'data/recorded/synthetic-small' }, loadDataset('data/recorded/synthetic-small')).policy // => 'pass@1'
 */
export function resolveScenario(input: unknown, dataset: Dataset, files: ScenarioFiles = {}, opts: ResolveOptions = {}): ResolvedScenario {
  const where = opts.where ?? scenarioFieldName;
  const s: ScenarioInput = parseScenario(input, where);
  const ds = checkDataset(dataset);
  const systems = ds.rows.systems.map((r) => r.system);
  const system = s.system ?? ds.manifest.primary_system;
  if (!systems.includes(system)) throw new ScenarioError('system', system, `one of ${systems.join(', ')}`, where);
  const judge = s.judge ?? ds.manifest.primary_judge;
  const judges = [...judgesOf(ds)];
  if (!judges.includes(judge)) throw new ScenarioError('judge', judge, `one of ${judges.join(', ')}`, where);
  for (const name of Object.keys(s.rates?.bySystem ?? {})) {
    if (!systems.includes(name)) throw new ScenarioError(`rates.bySystem.${name}`, s.rates!.bySystem![name], `a rate for one of ${systems.join(', ')}`, where);
  }
  let bootstrap;
  try {
    bootstrap = resolveBootstrap({ draws: s.draws, seed: s.seed }, ds.manifest.bootstrap, tableSeries(ds));
  } catch (e) {
    if (!(e instanceof J2GError)) throw e;
    const field = /seed/.test(e.message) ? 'seed' : 'draws';
    throw new ScenarioError(field, s[field], `${ALLOWED[field]}; ${e.message}`, where);
  }
  const judgmentReference = s.judgmentReference ?? 'expert_only';
  const datasetSha256 = files.datasetSha256 ?? s.datasetSha256;
  return {
    version: SCENARIO_VERSION,
    dataset: s.dataset,
    ...(datasetSha256 ? { datasetSha256 } : {}),
    system,
    judge,
    judgmentReference,
    timeReference: s.timeReference ?? judgmentReference,
    policy: s.policy ?? 'pass@1',
    weights: s.weights ?? 'gdp',
    rates: {
      nodeRateUSDPerHour: s.rates?.nodeRateUSDPerHour ?? null,
      bySystem: sortedRecord(s.rates?.bySystem ?? {}),
      nodeTypesFile: s.rates?.nodeTypesFile ?? null,
      sweepFile: s.rates?.sweepFile ?? null,
    },
    draws: bootstrap.draws,
    seed: bootstrap.seed,
    winTieInterval: s.winTieInterval ?? 'wilson',
    qaij: { latencyMaxS: s.qaij?.latencyMaxS ?? null },
  };
}

function sortedRecord<T>(r: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

export { normalAccelerator, nodeTypeKey } from '../data/nodeType.ts';
import { nodeTypeKey } from '../data/nodeType.ts';

/** How one system's cost is priced under a scenario. */
export interface SystemPricing {
  system: string;
  nodeType: string;
  /** the replacement rate, USD per node-hour; null: recorded cost */
  rateUSDPerHour: number | null;
  /** where the rate came from, or why there is none */
  source: 'bySystem' | 'primaryNodeType' | 'nodeTypesFile' | 'recorded';
  /** for `recorded` under a scenario that changes rates: why this system keeps its recorded cost */
  reason?: string;
}

/** Whether a resolved scenario changes any node rate. */
export function changesRates(s: ResolvedScenario): boolean {
  return s.rates.nodeRateUSDPerHour !== null || Object.keys(s.rates.bySystem).length > 0 || s.rates.nodeTypesFile !== null;
}

/**
 * The rate of every system of the dataset under the scenario, in systems.csv order. Precedence:
 * `rates.bySystem[system]`, then `rates.nodeRateUSDPerHour` for the systems whose node type
 * (accelerator and count, `nodeTypeKey`) is the primary system's, then the node-types file's row of
 * the system's node type. Rates never pair by accelerator name alone. A system without a recorded
 * base rate (systems.csv node_rate_usd_per_hour empty) cannot be re-priced by C(r) = C(base) +
 * T_alloc (r - base) (Appendix G.1): it keeps its recorded cost, with the reason.
 */
export function systemPricing(s: ResolvedScenario, dataset: Dataset, nodeTypes: readonly NodeTypeRate[] = []): SystemPricing[] {
  const ds = checkDataset(dataset);
  const primary = ds.rows.systems.find((r) => r.system === s.system)!;
  const primaryType = nodeTypeKey(primary.accelerator, primary.accelerator_count);
  const fileRates = new Map(nodeTypes.map((r) => [nodeTypeKey(r.accelerator, r.acceleratorCount), r.usdPerNodeHour]));
  return ds.rows.systems.map((row) => {
    const nodeType = nodeTypeKey(row.accelerator, row.accelerator_count);
    let rate: number | undefined;
    let source: SystemPricing['source'] = 'recorded';
    if (Object.hasOwn(s.rates.bySystem, row.system)) { rate = s.rates.bySystem[row.system]; source = 'bySystem'; }
    else if (s.rates.nodeRateUSDPerHour !== null && nodeType === primaryType) { rate = s.rates.nodeRateUSDPerHour; source = 'primaryNodeType'; }
    else if (fileRates.has(nodeType)) { rate = fileRates.get(nodeType)!; source = 'nodeTypesFile'; }
    if (rate === undefined) {
      return { system: row.system, nodeType, rateUSDPerHour: null, source: 'recorded', reason: `no rate for its node type ${row.accelerator} x${row.accelerator_count}` };
    }
    if (row.node_rate_usd_per_hour === null) {
      return { system: row.system, nodeType, rateUSDPerHour: null, source: 'recorded', reason: 'no node_rate_usd_per_hour in systems.csv to re-price from' };
    }
    return { system: row.system, nodeType, rateUSDPerHour: rate, source };
  });
}

/**
 * The options object of every table and figure builder under a resolved scenario. A system that
 * keeps its recorded cost under changed rates is named in a warning. `files` carries what the
 * scenario's files hold (weights, node types); a file field without its contents is an error.
 * @example
 * const ds = loadDataset('data/recorded/synthetic-small');
 * scenarioToTableOptions(resolveScenario({ dataset: ds.dir, policy: 'pass@2' }, ds), ds).policy // => { kind: 'pass', k: 2 }
 */
export function scenarioToTableOptions(s: ResolvedScenario, dataset: Dataset, files: ScenarioFiles = {}): TableOptions {
  let weights: WeightScheme;
  if (typeof s.weights === 'string') weights = s.weights;
  else if ('custom' in s.weights) weights = { custom: s.weights.custom };
  else {
    if (!files.weights) throw new J2GError(`scenario field weights: the file ${s.weights.file} was not read (use loadScenario, or pass its weights)`);
    weights = files.weights;
  }
  if (s.rates.nodeTypesFile !== null && !files.nodeTypes) throw new J2GError(`scenario field rates.nodeTypesFile: the file ${s.rates.nodeTypesFile} was not read (use loadScenario, or pass its rates)`);
  let rates: TableOptions['rates'];
  if (changesRates(s)) {
    const pricing = systemPricing(s, dataset, files.nodeTypes);
    for (const p of pricing) if (p.reason) warn(`rates: system ${p.system} keeps its recorded cost (${p.reason}); its rows are marked cost_basis=recorded`);
    rates = { bySystem: Object.fromEntries(pricing.filter((p) => p.rateUSDPerHour !== null).map((p) => [p.system, p.rateUSDPerHour!])) };
  }
  return {
    dataset,
    system: s.system,
    judge: s.judge,
    judgmentReference: s.judgmentReference,
    timeReference: s.timeReference,
    policy: policyFromText(s.policy)!,
    weights,
    ...(rates ? { rates } : {}),
    bootstrap: { draws: s.draws, seed: s.seed },
    winTieInterval: s.winTieInterval,
  };
}
