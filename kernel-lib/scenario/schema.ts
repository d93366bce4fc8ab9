/**
 * The scenario: every input that determines a table or figure, as plain JSON values (issue #11).
 *
 * One object, one zod schema, the same fields whether it comes from `j2g tables` flags, a
 * `scenario.json` file (`--scenario FILE`), a notebook's parameters cell or the browser explorer.
 * This module is pure (no file system), so that a browser bundle can use it.
 *
 * Shape (version 1; every field but `dataset` optional on input, every field filled once resolved):
 *
 *   {
 *     "version": 1,
 *     "dataset": "data/recorded/synthetic-small",   dataset directory (relative to the working directory;
 *                                                   in a file, to its folder when a dataset is there)
 *     "datasetSha256": "9f…",                       resolved only: SHA-256 of the dataset's files (datasetHash)
 *     "system": "sysX",                             default: manifest primary_system
 *     "judge": "J1",                                default: manifest primary_judge
 *     "judgmentReference": "expert_only",           "expert_only" | "expert_with_ai"; default expert_only
 *     "timeReference": "expert_only",               "expert_only" | "expert_with_ai"; default the judgment reference
 *     "policy": "pass@1",                           "pass@k" (k >= 1) | "m-of-n" (1 <= m <= n); default pass@1 (K.2)
 *     "tieCredit": 1,                               credit of a tie, 0..1; default 1: "a tie receives the full
 *                                                   output dollar value" (section 2.2); 0 counts ties as losses
 *     "weights": "gdp",                             "gdp" | "employment" | "equal" | {"file": "w.csv"}
 *                                                   | {"custom": {"occupation": weight}}; default gdp (section 2.5)
 *     "rates": {                                    node-hour rates, USD per node-hour (Appendix G.1)
 *       "nodeRateUSDPerHour": null,                 re-prices the systems on the primary system's node type
 *       "bySystem": {},                             {"system": USD}: re-prices that system
 *       "nodeTypesFile": null,                      CSV accelerator,accelerator_count,usd_per_node_hour
 *       "sweepFile": null                           CSV provider,usd_per_node_hour[,accelerator,accelerator_count]: Table 5
 *     },
 *     "draws": 10000, "seed": 20260726,             bootstrap (K.1); default the manifest's bootstrap
 *     "winTieInterval": "wilson",                   "wilson" | "wilson_corrected" | "exact" (Table 15)
 *     "qaij": { "latencyMaxS": null },              QAIJ latency contract L* in seconds; null: none
 *     "noise": { "attempts": false, "grading": false, "meter": null },
 *                                                   sources of noise the intervals cover beside task
 *                                                   sampling; meter: null | {"eps": SD, "beta": SD}
 *                                                   (relative); default none: the paper's intervals
 *     "derived": ["system", "judge", ...],          resolved only: the fields filled from a default or
 *                                                   another field rather than chosen (see below)
 *     "datasetFiles": {"runs.csv": "4b…", ...},     resolved only: SHA-256 of each dataset file
 *     "datasetChange": {"fromSha256": "…", "changedFiles": ["runs.csv"]}
 *                                                   only when the dataset changed since the scenario
 *                                                   and the user accepted it (--accept-dataset-change)
 *   }
 *
 * Chosen and derived fields: a field the user gave (a flag, a file field, a parameter) is chosen;
 * every other field is derived (from the manifest, a default, or for timeReference from the judgment
 * reference). When a scenario file is read again, its derived fields are dropped before flags are
 * applied, so that they follow their sources: `--scenario A/scenario.json --judgment-reference
 * expert_with_ai` times the judgments at the expert-with-AI reference, as the same flags alone do.
 * But a field the user edited is honoured as chosen, whatever `derived` says: a listed field is dropped
 * only while its value is the one it was derived as (resolve.ts followingFields: its derivation from
 * the manifest and the file's fields as written). Every value is checked, derived or not.
 * A file without `derived` (written before it existed) has its timeReference taken as derived when it
 * equals the judgment reference (it could only follow it), every other field as chosen.
 *
 * A resolved scenario is itself a valid input: `--scenario OUT/scenario.json` gives the same tables.
 * Every error names the field, the value found and what is allowed:
 * `scenario field policy: "pass2" is not allowed (expected "pass@k" with k >= 1, or "m-of-n" with 1 <= m <= n)`.
 */
import { z } from 'zod';
import { J2GError } from '../errors.ts';
import { REFERENCES, type Reference } from '../data/schema.ts';
import type { AttemptPolicy } from '../metrics/policy.ts';
import type { Noise } from '../uncertainty/noise.ts';

export const SCENARIO_VERSION = 1;
export const WEIGHT_NAMES = ['gdp', 'employment', 'equal'] as const;
export const WIN_TIE_INTERVALS = ['wilson', 'wilson_corrected', 'exact'] as const;

const POLICY_PATTERN = /^(?:pass@([1-9]\d*)|([1-9]\d*)-of-([1-9]\d*))$/;
const usd = z.number().finite().nonnegative();

export const scenarioRatesSchema = z.object({
  nodeRateUSDPerHour: usd.nullable().optional(),
  bySystem: z.record(z.string().min(1), usd).optional(),
  nodeTypesFile: z.string().min(1).nullable().optional(),
  sweepFile: z.string().min(1).nullable().optional(),
}).strict();

const weightsFileSchema = z.object({ file: z.string().min(1) }).strict();
const weightsCustomSchema = z.object({ custom: z.record(z.string().min(1), z.number().finite().nonnegative()) }).strict();
export const scenarioWeightsSchema = z.union([z.enum(WEIGHT_NAMES), weightsFileSchema, weightsCustomSchema]);

/** The `noise` field (uncertainty/noise.ts): every key optional; the default (every source off) is the paper's intervals. */
export const noiseSchema = z.object({
  attempts: z.boolean().optional(),
  grading: z.boolean().optional(),
  meter: z.object({ eps: z.number().finite().nonnegative(), beta: z.number().finite().nonnegative() }).strict().nullable().optional(),
}).strict();
const qaijSchema = z.object({ latencyMaxS: z.number().finite().nonnegative().nullable().optional() }).strict();
const datasetChangeSchema = z.object({ fromSha256: z.string().regex(/^[0-9a-f]{64}$/), changedFiles: z.array(z.string()) }).strict();

export const scenarioSchema = z.object({
  version: z.literal(SCENARIO_VERSION).optional(),
  dataset: z.string().min(1),
  datasetSha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  system: z.string().min(1).optional(),
  judge: z.string().min(1).optional(),
  judgmentReference: z.enum(REFERENCES).optional(),
  timeReference: z.enum(REFERENCES).optional(),
  policy: z.string().refine((s) => policyFromText(s) !== null).optional(),
  tieCredit: z.number().finite().min(0).max(1).optional(),
  weights: scenarioWeightsSchema.optional(),
  rates: scenarioRatesSchema.optional(),
  draws: z.number().int().positive().optional(),
  seed: z.number().int().nonnegative().refine(Number.isSafeInteger).optional(),
  winTieInterval: z.enum(WIN_TIE_INTERVALS).optional(),
  qaij: qaijSchema.optional(),
  noise: noiseSchema.optional(),
  derived: z.array(z.enum(['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'rates', 'draws', 'seed', 'winTieInterval', 'qaij', 'noise'])).optional(),
  datasetFiles: z.record(z.string().min(1), z.string().regex(/^[0-9a-f]{64}$/)).optional(),
  datasetChange: datasetChangeSchema.optional(),
}).strict();

/** The fields a scenario can derive rather than have chosen, in scenario.json order. */
export const DERIVABLE_FIELDS = ['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'rates', 'draws', 'seed', 'winTieInterval', 'qaij', 'noise'] as const;
export type DerivableField = (typeof DERIVABLE_FIELDS)[number];

export type ScenarioInput = z.input<typeof scenarioSchema>;
export type ScenarioWeights = z.output<typeof scenarioWeightsSchema>;

/** A scenario with every default filled in (what `scenario.json` holds). */
export interface ResolvedScenario {
  version: typeof SCENARIO_VERSION;
  dataset: string;
  datasetSha256?: string;
  system: string;
  judge: string;
  judgmentReference: Reference;
  timeReference: Reference;
  policy: string;
  /** the credit of a tie, 0..1 (1 the paper's) */
  tieCredit: number;
  weights: ScenarioWeights;
  rates: { nodeRateUSDPerHour: number | null; bySystem: Record<string, number>; nodeTypesFile: string | null; sweepFile: string | null };
  draws: number;
  seed: number;
  winTieInterval: (typeof WIN_TIE_INTERVALS)[number];
  qaij: { latencyMaxS: number | null };
  /** the sources of noise the intervals cover beside task sampling */
  noise: Noise;
  /** the fields filled from a default or another field rather than chosen */
  derived: DerivableField[];
  /** SHA-256 of each dataset file (scenario/files.ts datasetFileHashes) */
  datasetFiles?: Record<string, string>;
  /** the dataset changed since the scenario that was read, and the user accepted it */
  datasetChange?: { fromSha256: string; changedFiles: string[] };
}

/** What each field allows, in words: the tail of every error message. */
export const ALLOWED: Record<string, string> = {
  version: `${SCENARIO_VERSION}`,
  dataset: 'a dataset directory',
  datasetSha256: '64 lower-case hex digits',
  system: 'a system id of systems.csv',
  judge: 'a judge id of judgments.csv',
  judgmentReference: '"expert_only" or "expert_with_ai"',
  timeReference: '"expert_only" or "expert_with_ai"',
  policy: '"pass@k" with k >= 1, or "m-of-n" with 1 <= m <= n',
  tieCredit: 'a number from 0 to 1: the credit of a tie (1 the paper\'s, 0 counts ties as losses)',
  weights: '"gdp", "employment", "equal", {"file": "weights.csv"} or {"custom": {"occupation": weight >= 0}}',
  rates: 'an object with nodeRateUSDPerHour (USD >= 0 or null), bySystem ({"system": USD >= 0}), nodeTypesFile and sweepFile (CSV paths or null)',
  'rates.nodeRateUSDPerHour': 'a node-hour rate in USD >= 0, or null',
  'rates.bySystem': 'an object {"system": USD per node-hour >= 0}',
  'rates.nodeTypesFile': 'a CSV path (accelerator,accelerator_count,usd_per_node_hour) or null',
  'rates.sweepFile': 'a CSV path (provider,usd_per_node_hour) or null',
  draws: 'an integer >= 1',
  seed: 'a safe integer >= 0',
  winTieInterval: '"wilson", "wilson_corrected" or "exact"',
  qaij: 'an object {"latencyMaxS": seconds >= 0 or null}',
  'qaij.latencyMaxS': 'a latency in seconds >= 0, or null',
  noise: 'an object {"attempts": true|false, "grading": true|false, "meter": null or {"eps": relative SD >= 0, "beta": relative SD >= 0}}; as a flag: tasks, or a comma list of attempts, grading, meter:EPS:BETA',
  'noise.meter': 'null or {"eps": relative SD >= 0, "beta": relative SD >= 0}',
  derived: 'a list of scenario field names',
  datasetFiles: 'an object {"file": SHA-256}',
  datasetChange: 'an object {"fromSha256": SHA-256, "changedFiles": [names]}',
};

/** A scenario field with a bad value; `field` is its path (`policy`, `rates.bySystem.sysX`). */
export class ScenarioError extends J2GError {
  override name = 'ScenarioError';
  constructor(readonly field: string, readonly value: unknown, readonly allowed: string, readonly where: (field: string) => string = scenarioFieldName) {
    super(`${where(field)}: ${value === undefined ? 'missing' : `${shown(value)} is not allowed`} (expected ${allowed})`);
  }
}

/** How an error names a field: `scenario field policy` (a notebook says `parameter policy`, the CLI `--policy`). */
export function scenarioFieldName(field: string): string {
  return `scenario field ${field}`;
}

function shown(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return `${value}n`;
  const s = JSON.stringify(value);
  return s === undefined ? String(value) : s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const k of path) v = v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

/**
 * The strict object schema at `parent` (a dotted path), whose fields an unknown-key error lists; for
 * `weights`, the form the value took (`file` or `custom`). Every strict object of scenarioSchema is here.
 */
function objectSchemaAt(parent: string, value: unknown): z.ZodObject {
  if (parent === 'weights') return Object.hasOwn(value as object, 'custom') ? weightsCustomSchema : weightsFileSchema;
  const at: Record<string, z.ZodObject> = { '': scenarioSchema, rates: scenarioRatesSchema, noise: noiseSchema, 'noise.meter': noiseSchema.shape.meter.unwrap().unwrap(), qaij: qaijSchema, datasetChange: datasetChangeSchema };
  return at[parent];
}

/**
 * Parse a scenario (a plain object from JSON, flags or a parameters cell). Throws a ScenarioError
 * naming the first bad field, its value and what is allowed; an unknown field is named too.
 * @example parseScenario({ dataset: 'd', policy: '3-of-4' }).policy // => '3-of-4'
 */
export function parseScenario(input: unknown, where: (field: string) => string = scenarioFieldName): ScenarioInput {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new ScenarioError('(root)', input, 'a JSON object of scenario fields', where);
  const res = scenarioSchema.safeParse(input);
  if (res.success) return withOwnKeys(input as Record<string, unknown>, res.data, where);
  const issue = res.error.issues[0];
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0];
    const field = [...issue.path.map(String), key].join('.');
    const parent = issue.path.map(String).join('.');
    const known = Object.keys(objectSchemaAt(parent, valueAt(input, issue.path)).shape);
    throw new ScenarioError(field, valueAt(input, [...issue.path, key]), `no such field; known: ${known.join(', ')}`, where);
  }
  const path = issue.path.map(String);
  // bySystem.<system> and custom.<occupation> are named in full; their allowance is their parent's.
  const top = path.length > 1 && ALLOWED[path.slice(0, 2).join('.')] ? path.slice(0, 2).join('.') : path[0] ?? '(root)';
  throw new ScenarioError(path.join('.') || '(root)', valueAt(input, issue.path), ALLOWED[top] ?? issue.message, where);
}

/**
 * The records keyed by the user's names (rates.bySystem, weights.custom) with every key the input had:
 * the schema library rebuilds a record by assignment, which drops a key `__proto__` (a system or an
 * occupation may be named so); such a key's value is checked here as the record's others are.
 */
function withOwnKeys(input: Record<string, unknown>, parsed: ScenarioInput, where: (field: string) => string): ScenarioInput {
  const records: [string, unknown, Record<string, unknown> | undefined, z.ZodType][] = [
    ['rates.bySystem', (input.rates as Record<string, unknown> | undefined)?.bySystem, parsed.rates?.bySystem as Record<string, unknown> | undefined, usd],
    ['weights.custom', (input.weights as Record<string, unknown> | undefined)?.custom, (parsed.weights as { custom?: Record<string, unknown> } | undefined)?.custom, z.number().finite().nonnegative()],
  ];
  for (const [field, given, out, schema] of records) {
    if (!given || typeof given !== 'object' || !out || !Object.hasOwn(given, '__proto__')) continue;
    const v = (given as Record<string, unknown>)['__proto__'];
    if (!schema.safeParse(v).success) throw new ScenarioError(`${field}.__proto__`, v, ALLOWED[field] ?? ALLOWED.weights, where);
    Object.defineProperty(out, '__proto__', { value: v, enumerable: true, writable: true, configurable: true });
  }
  return parsed;
}

/**
 * The attempt policy of a scenario's text: `pass@k` (Appendix K.2 pass@k) or `m-of-n` (the m-of-n
 * win-tie threshold), k and n safe integers (a larger one would be read rounded); null for any other text.
 * @example policyFromText('3-of-4') // => { kind: 'threshold', m: 3, n: 4 }
 */
export function policyFromText(text: string): AttemptPolicy | null {
  const m = POLICY_PATTERN.exec(text);
  if (!m) return null;
  if (m[1]) return Number.isSafeInteger(Number(m[1])) ? { kind: 'pass', k: Number(m[1]) } : null;
  const [a, b] = [Number(m[2]), Number(m[3])];
  return a <= b && Number.isSafeInteger(b) ? { kind: 'threshold', m: a, n: b } : null;
}

/**
 * The scenario text of an attempt policy: the inverse of policyFromText.
 * @example policyText({ kind: 'pass', k: 2 }) // => 'pass@2'
 */
export function policyText(policy: AttemptPolicy): string {
  return policy.kind === 'pass' ? `pass@${policy.k}` : `${policy.m}-of-${policy.n}`;
}
