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
import { systemsWithoutNodeHours } from '../metrics/recordAggregates.ts';
import type { TableOptions } from '../tables/options.ts';
import type { WeightScheme } from '../weights/schemes.ts';
import { warn } from '../warn.ts';
import { resolveContext, type ScenarioContext } from '../tables/context.ts';
import type { NodeRate } from '../tables/options.ts';
import { nodeTypeKey } from '../data/nodeType.ts';
import { DEFAULT_DRAWS, DEFAULT_SEED } from '../uncertainty/settings.ts';
import {
  ScenarioError, SCENARIO_VERSION, ALLOWED, DERIVABLE_FIELDS, parseScenario, policyFromText, policyText, scenarioFieldName,
  type DerivableField, type ResolvedScenario, type ScenarioInput, type ScenarioWeights,
} from './schema.ts';

export type { NodeTypeRate } from '../data/nodeType.ts';
import type { NodeTypeRate } from '../data/nodeType.ts';

/** What the caller read from the files a scenario names. */
export interface ScenarioFiles {
  /** the weights of `weights: {file}` */
  weights?: WeightScheme;
  /** the rows of `rates.nodeTypesFile` */
  nodeTypes?: NodeTypeRate[];
  /** SHA-256 of the dataset's files (scenario/files.ts datasetHash) */
  datasetSha256?: string;
  /** SHA-256 of each of the dataset's files */
  datasetFiles?: Record<string, string>;
  /** the dataset changed since the scenario that was read, and the user accepted it */
  datasetChange?: { fromSha256: string; changedFiles: string[] };
  /** the rows of `rates.sweepFile` for the system's node type (Table 5) */
  sweep?: NodeRate[];
}

export interface ResolveOptions {
  /** how errors name a field (default `scenario field X`; notebooks say `parameter X`) */
  where?: (field: string) => string;
}

/**
 * The value each derivable field takes when not chosen (resolveScenario's defaults, tables/context.ts):
 * from the manifest (system, judge, draws, seed), a fixed default, or another field of `s`
 * (timeReference: the judgment reference).
 */
function derivationOf(field: DerivableField, s: Record<string, unknown>, manifest: { primary_system: string; primary_judge: string; bootstrap?: { draws?: number; seed?: number } } | null): unknown {
  switch (field) {
    case 'system': return manifest?.primary_system;
    case 'judge': return manifest?.primary_judge;
    case 'judgmentReference': return 'expert_only';
    case 'timeReference': return s.judgmentReference ?? 'expert_only';
    case 'policy': return 'pass@1';
    case 'tieCredit': return 1;
    case 'weights': return 'gdp';
    case 'rates': return { nodeRateUSDPerHour: null, bySystem: {}, nodeTypesFile: null, sweepFile: null };
    case 'draws': return manifest?.bootstrap?.draws ?? DEFAULT_DRAWS;
    case 'seed': return manifest?.bootstrap?.seed ?? DEFAULT_SEED;
    case 'winTieInterval': return 'wilson';
    case 'qaij': return { latencyMaxS: null };
    case 'noise': return { attempts: false, grading: false, meter: null };
    default: {
      // every derivable field has its derivation here: a new one fails the type check until it does
      const missing: never = field;
      return missing;
    }
  }
}

/** JSON equality of two plain values (key order ignored). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * The rule for a scenario file's `derived` list (written down in docs/scenarios.md): a field the list
 * names follows its source again (it is dropped and derived anew) only when its value is still the one
 * it was derived as when the file was written; a field whose value differs was edited by the user and
 * is honoured as chosen, whatever `derived` says. "As written" is computed from the file itself: each
 * listed field's derivation (derivationOf) from the manifest and the file's fields as written (a listed
 * judgmentReference counts as its own derivation when timeReference's is computed). `listed`: the
 * fields the file says are derived. Returns the listed fields to drop, in DERIVABLE_FIELDS order.
 * @example followingFields({ derived: ['policy', 'seed'], policy: 'pass@2', seed: 20260726 }, ['policy', 'seed'], null) // => ['seed']
 */
export function followingFields(s: Record<string, unknown>, listed: readonly string[], manifest: Parameters<typeof derivationOf>[2]): DerivableField[] {
  const written: Record<string, unknown> = { ...s };
  for (const f of DERIVABLE_FIELDS) if (listed.includes(f)) written[f] = derivationOf(f, written, manifest);
  return DERIVABLE_FIELDS.filter((f) => listed.includes(f) && (s[f] === undefined || sameJson(s[f], written[f])));
}

/**
 * The fields of a parsed scenario that were not given (derived), in DERIVABLE_FIELDS order; a file's
 * own `derived` list counts (a scenario.json read again keeps its derived fields derived).
 */
export function derivedFields(s: ScenarioInput): DerivableField[] {
  const listed = new Set(s.derived); // new Set(undefined) is empty
  return DERIVABLE_FIELDS.filter((f) => listed.has(f) || s[f] === undefined);
}

/**
 * The scenario with every field filled, from the one place defaults are applied (tables/context.ts
 * resolveContext: system and judge from the manifest's primary_system and primary_judge, expert_only
 * judgments, time reference = judgment reference, pass@1, GDP weights, the manifest's bootstrap, else
 * 10,000 draws with seed 20260726, K.1; Wilson intervals), with `derived` naming the fields not
 * given. Names the dataset lacks and bad values are ScenarioErrors naming the field.
 * @example resolveScenario({ dataset: 'data/recorded/synthetic-small' }, loadDataset('data/recorded/synthetic-small')).policy // => 'pass@1'
 */
export function resolveScenario(input: unknown, dataset: Dataset, files: ScenarioFiles = {}, opts: ResolveOptions = {}): ResolvedScenario {
  const where = opts.where ?? scenarioFieldName;
  const parsed: ScenarioInput = parseScenario(input, where);
  const ds = checkDataset(dataset);
  // a derived field is resolved again from its source, not read back from the input, unless the user
  // edited it (followingFields: an edited field is honoured as chosen)
  const s: ScenarioInput = { ...parsed };
  if (parsed.derived) for (const f of followingFields(parsed, parsed.derived, ds.manifest)) delete s[f];
  delete s.derived;
  const derived = derivedFields(s);
  const systems = ds.rows.systems.map((r) => r.system);
  if (s.system !== undefined && !systems.includes(s.system)) throw new ScenarioError('system', s.system, `one of ${systems.join(', ')}`, where);
  const judges = [...judgesOf(ds)];
  if (s.judge !== undefined && !judges.includes(s.judge)) throw new ScenarioError('judge', s.judge, `one of ${judges.join(', ')}`, where);
  for (const name of Object.keys(s.rates?.bySystem ?? {})) {
    if (!systems.includes(name)) throw new ScenarioError(`rates.bySystem.${name}`, s.rates!.bySystem![name], `a rate for one of ${systems.join(', ')}`, where);
  }
  let ctx: ScenarioContext;
  try {
    ctx = resolveContext({
      dataset: ds, system: s.system, judge: s.judge, judgmentReference: s.judgmentReference, timeReference: s.timeReference,
      policy: s.policy === undefined ? undefined : policyFromText(s.policy)!,
      tieCredit: s.tieCredit,
      bootstrap: s.draws === undefined && s.seed === undefined ? undefined : { draws: s.draws, seed: s.seed },
      winTieInterval: s.winTieInterval,
      noise: s.noise,
    });
  } catch (e) {
    if (!(e instanceof J2GError) || !/invalid (draws|seed)/.test(e.message)) throw e;
    const field = /seed/.test(e.message) ? 'seed' : 'draws';
    // a value the scenario gave is named as its field; the manifest's own (not given) by its error, which names manifest.json
    if (s[field] === undefined) throw e;
    throw new ScenarioError(field, s[field], `${ALLOWED[field]}; ${e.message}`, where);
  }
  const boot = ctx.bootstrap as { draws: number; seed: number };
  const datasetSha256 = files.datasetSha256 ?? parsed.datasetSha256;
  return {
    version: SCENARIO_VERSION,
    dataset: parsed.dataset,
    ...(datasetSha256 ? { datasetSha256 } : {}),
    system: ctx.system,
    judge: ctx.judge,
    judgmentReference: ctx.judgmentReference,
    timeReference: ctx.timeReference,
    policy: policyText(ctx.policy),
    tieCredit: ctx.tieCredit,
    weights: s.weights ?? (ctx.weights as ScenarioWeights),
    rates: {
      nodeRateUSDPerHour: s.rates?.nodeRateUSDPerHour ?? null,
      bySystem: sortedRecord(s.rates?.bySystem ?? {}),
      nodeTypesFile: s.rates?.nodeTypesFile ?? null,
      sweepFile: s.rates?.sweepFile ?? null,
    },
    draws: boot.draws,
    seed: boot.seed,
    winTieInterval: ctx.winTieInterval,
    qaij: { latencyMaxS: s.qaij?.latencyMaxS ?? null },
    noise: { attempts: ctx.noise.attempts, grading: ctx.noise.grading, meter: ctx.noise.meter === null ? null : { ...ctx.noise.meter } },
    derived,
    ...(files.datasetFiles ? { datasetFiles: files.datasetFiles } : {}),
    ...(files.datasetChange ? { datasetChange: files.datasetChange } : {}),
  };
}

function sortedRecord<T>(r: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.keys(r).sort().map((k) => [k, r[k]])); // UTF-16 code unit order, sort's own
}

export { normalAccelerator, nodeTypeKey } from '../data/nodeType.ts';

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
    let source: SystemPricing['source'];
    if (Object.hasOwn(s.rates.bySystem, row.system)) { rate = s.rates.bySystem[row.system]; source = 'bySystem'; }
    else if (s.rates.nodeRateUSDPerHour !== null && nodeType === primaryType) { rate = s.rates.nodeRateUSDPerHour; source = 'primaryNodeType'; }
    else { rate = fileRates.get(nodeType); source = 'nodeTypesFile'; } // undefined where the file has no row: recorded, below
    if (rate === undefined) {
      const shown = `${row.accelerator} x${row.accelerator_count}`;
      // a system rate prices that system alone: another system of the same node type is not priced by it
      const sharing = ds.rows.systems.filter((r) => Object.hasOwn(s.rates.bySystem, r.system) && nodeTypeKey(r.accelerator, r.accelerator_count) === nodeType).map((r) => r.system);
      const reason = sharing.length ? `no rate for this system: rates.bySystem prices ${sharing.join(', ')} of its node type ${shown}, not the node type` : `no rate for this system or its node type ${shown}`;
      return { system: row.system, nodeType, rateUSDPerHour: null, source: 'recorded', reason };
    }
    if (row.node_rate_usd_per_hour === null) {
      return { system: row.system, nodeType, rateUSDPerHour: null, source: 'recorded', reason: 'no node_rate_usd_per_hour in systems.csv to re-price from' };
    }
    return { system: row.system, nodeType, rateUSDPerHour: rate, source };
  });
}

/**
 * The resolved context of every table and figure builder under a resolved scenario: its chosen fields
 * as options, its derived ones left to resolveContext (so that withScenario re-derives them), the
 * rates paired with systems by node type. A system that keeps its recorded cost under changed rates is
 * named in a warning. `files` carries what the scenario's files hold (weights, node types, the sweep);
 * a file field without its contents is an error.
 * @example
 * const ds = loadDataset('data/recorded/synthetic-small');
 * scenarioToTableOptions(resolveScenario({ dataset: ds.dir, policy: 'pass@2' }, ds), ds).policy // => { kind: 'pass', k: 2 }
 */
export function scenarioToTableOptions(s: ResolvedScenario, dataset: Dataset, files: ScenarioFiles = {}): ScenarioContext {
  const chosen = (f: DerivableField) => !(s.derived ?? []).includes(f);
  let weights: WeightScheme;
  if (typeof s.weights === 'string') weights = s.weights;
  else if ('custom' in s.weights) weights = { custom: s.weights.custom };
  else {
    if (!files.weights) throw new J2GError(`scenario field weights: the file ${s.weights.file} was not read (use loadScenario, or pass its weights)`);
    weights = files.weights;
  }
  if (s.rates.nodeTypesFile !== null && !files.nodeTypes) throw new J2GError(`scenario field rates.nodeTypesFile: the file ${s.rates.nodeTypesFile} was not read (use loadScenario, or pass its rates)`);
  if (s.rates.sweepFile !== null && !files.sweep) throw new J2GError(`scenario field rates.sweepFile: the file ${s.rates.sweepFile} was not read (use loadScenario, or pass its rates)`);
  let rates: TableOptions['rates'];
  if (changesRates(s)) {
    const pricing = systemPricing(s, dataset, files.nodeTypes);
    for (const p of pricing) if (p.reason) warn(`rates: system ${p.system} keeps its recorded cost (${p.reason}); its rows are marked cost_basis=recorded`);
    // runCostAtRate without node_hours takes all of a run's cost as node time: say so at run time (the captions say it too)
    const repriced = new Set(pricing.filter((p) => p.rateUSDPerHour !== null).map((p) => p.system));
    const without = systemsWithoutNodeHours(dataset, repriced);
    for (const system of without) warn(`rates: runs of ${system} have no node_hours, so each is re-priced as if all of its cost were node time (Appendix G.1's fixed non-node charges are not kept; give node_hours in runs.csv to keep them)`);
    rates = { bySystem: Object.fromEntries(pricing.filter((p) => p.rateUSDPerHour !== null).map((p) => [p.system, p.rateUSDPerHour!])) };
  }
  return resolveContext({
    dataset,
    system: chosen('system') ? s.system : undefined,
    judge: chosen('judge') ? s.judge : undefined,
    judgmentReference: chosen('judgmentReference') ? s.judgmentReference : undefined,
    timeReference: chosen('timeReference') ? s.timeReference : undefined,
    policy: chosen('policy') ? policyFromText(s.policy)! : undefined,
    tieCredit: chosen('tieCredit') ? s.tieCredit : undefined,
    weights: chosen('weights') ? weights : undefined,
    ...(rates ? { rates } : {}),
    ...(files.sweep ? { sweep: files.sweep } : {}),
    bootstrap: chosen('draws') || chosen('seed') ? { draws: s.draws, seed: s.seed } : undefined,
    winTieInterval: chosen('winTieInterval') ? s.winTieInterval : undefined,
    noise: chosen('noise') ? s.noise : undefined,
  });
}

