/**
 * The explorer's scenario: the page's controls as the scenario object of issue #11
 * (kernel-lib/scenario: one schema, defaults from the manifest, rates by node type). The page, its
 * worker, the URL and the downloaded `scenario.json` all go through these functions, which only map
 * the page's fields onto resolveScenario and scenarioToTableOptions: no second set of rules.
 */
import type { Dataset } from '../data/load.ts';
import { parseJson } from '../io/json.ts';
import { ALLOWED, ScenarioError } from '../scenario/schema.ts';
import { withScenario, type ScenarioContext } from '../tables/context.ts';
import {
  parseScenario, resolveScenario, scenarioToTableOptions, WEIGHT_NAMES, WIN_TIE_INTERVALS,
  type ResolvedScenario, type ScenarioInput,
} from '../scenario/index.ts';

export const WEIGHTS = WEIGHT_NAMES;
export const WIN_TIE = WIN_TIE_INTERVALS;
/** Live draws (a control change recomputes the intervals at this count) and the full count (one click). */
export const LIVE_DRAWS = 2000;
export const FULL_DRAWS = 10000;

/**
 * The scenario fields the page controls (a ScenarioInput): dataset (directory relative to the
 * repository root, what `j2g tables --scenario` reads), system, judge, judgment and time references,
 * policy ("pass@k", "m-of-n"), tieCredit (0..1), weights (gdp, employment, equal, or {custom: {occupation: weight}} from a
 * weights file the reader chose, parseWeightsCsv), rates.nodeRateUSDPerHour (USD per
 * node-hour for the primary system's node type), draws, seed, winTieInterval, qaij.latencyMaxS (the
 * QAIJ view's latency contract L*, seconds). `draws` left out means
 * the live count, LIVE_DRAWS.
 */
export type PageScenario = ScenarioInput & { weights?: (typeof WEIGHTS)[number] | { custom: Record<string, number> } };

/** The scenario resolved against the dataset, at the draws the page shows (LIVE_DRAWS unless set). */
export function pageResolved(dataset: Dataset, s: PageScenario): ResolvedScenario {
  return resolveScenario({ ...s, draws: s.draws ?? LIVE_DRAWS }, dataset);
}

/** The scenario as its resolved context (scenarioToTableOptions); `draws` false: point estimates only. Throws ScenarioError naming a bad field. */
export function pageOptions(dataset: Dataset, s: PageScenario, draws: number | false): ScenarioContext {
  const ctx = scenarioToTableOptions(pageResolved(dataset, draws === false ? s : { ...s, draws }), dataset);
  return draws === false ? withScenario(ctx, { bootstrap: false }) : ctx;
}

const QUERY_KEYS = ['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'rate', 'draws', 'seed', 'winTieInterval', 'latencyMax'] as const;
/** URL parameters named otherwise than their scenario field */
const QUERY_NAME: Record<string, string> = { 'rates.nodeRateUSDPerHour': 'rate', 'qaij.latencyMaxS': 'latencyMax', qaij: 'latencyMax' };

/**
 * The scenario as URL query parameters (`?dataset=...&policy=pass@2&rate=30`), unset fields left out;
 * custom weights as their JSON (`weights={"custom":{"a":1}}`, encoded); the QAIJ latency contract
 * `qaij.latencyMaxS` as `latencyMax` (seconds).
 * @example scenarioToQuery({ dataset: 'd', policy: 'pass@2', rates: { nodeRateUSDPerHour: 30 } }) // => 'dataset=d&policy=pass%402&rate=30'
 */
export function scenarioToQuery(s: PageScenario): string {
  const q = new URLSearchParams();
  q.set('dataset', s.dataset);
  const flat: Record<string, unknown> = { ...s, rate: s.rates?.nodeRateUSDPerHour ?? undefined, latencyMax: s.qaij?.latencyMaxS ?? undefined };
  for (const k of QUERY_KEYS) if (flat[k] !== undefined && flat[k] !== null) q.set(k, typeof flat[k] === 'object' ? JSON.stringify(flat[k]) : String(flat[k]));
  return q.toString();
}

/**
 * The scenario a URL query holds, checked by the scenario schema; a bad value throws a ScenarioError
 * naming the URL parameter (`URL parameter policy: "pass2" is not allowed (expected ...)`).
 * @example scenarioFromQuery('policy=pass@2&rate=30', 'd') // => { dataset: 'd', policy: 'pass@2', rates: { nodeRateUSDPerHour: 30 } }
 * @example scenarioFromQuery('latencyMax=600', 'd') // => { dataset: 'd', qaij: { latencyMaxS: 600 } }
 */
export function scenarioFromQuery(query: string, defaultDataset: string): PageScenario {
  const q = new URLSearchParams(query);
  const input: Record<string, unknown> = { dataset: q.get('dataset') ?? defaultDataset };
  for (const k of QUERY_KEYS) {
    const v = q.get(k);
    if (v === null || v === '') continue;
    const n = /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v; // numbers as numbers, anything else left for the schema to name
    if (k === 'rate') input.rates = { nodeRateUSDPerHour: n };
    else if (k === 'latencyMax') input.qaij = { latencyMaxS: n };
    else if (k === 'weights' && v.startsWith('{')) input.weights = jsonOr(v);
    else input[k] = k === 'draws' || k === 'seed' || k === 'tieCredit' ? n : v;
  }
  return parseScenario(input, (field) => `URL parameter ${QUERY_NAME[field] ?? field}`) as PageScenario;
}

/**
 * The JSON a URL parameter holds, read by the strict reader (io/json.ts: a duplicated key is refused,
 * never "the last one kept" as JSON.parse does); JSON that does not parse is an error naming the
 * parameter and what is wrong, not text handed on.
 */
function jsonOr(v: string, parameter = 'weights'): unknown {
  const read = parseJson(v, `URL parameter ${parameter}`);
  if (read.issues.length) throw new ScenarioError(parameter, v, `${ALLOWED[parameter] ?? 'JSON'}; ${read.issues.map((i) => i.message).join('; ')}`, (f) => `URL parameter ${f}`);
  return read.value;
}

/** `scenario.json` for `j2g tables --scenario FILE`: the page's scenario resolved, every default filled in. */
export function scenarioFile(dataset: Dataset, s: PageScenario): string {
  return JSON.stringify(pageResolved(dataset, s), null, 2) + '\n';
}

/** A scenario field in words (the compare panel never shows a field's internal name). */
const FIELD_WORDS: Record<string, string> = {
  dataset: 'dataset', system: 'AI system', judge: 'judge', judgmentReference: 'judgment reference', timeReference: 'time reference',
  policy: 'attempt policy', weights: 'weights', rates: 'node rate', draws: 'bootstrap draws', seed: 'bootstrap seed',
  winTieInterval: 'win-tie interval', qaij: 'QAIJ latency contract',
};
const REFERENCE_WORDS: Record<string, string> = { expert_only: 'expert-only', expert_with_ai: 'expert-with-AI' };
const WEIGHT_WORDS: Record<string, string> = { gdp: 'GDP', employment: 'employment', equal: 'equal' };
const INTERVAL_WORDS: Record<string, string> = { wilson: 'Wilson', wilson_corrected: 'Wilson with continuity correction', exact: 'exact (Clopper-Pearson)' };

/** Fields in the order the page's controls show them. */
const FIELD_ORDER = ['dataset', 'system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'weights', 'rates', 'draws', 'seed', 'winTieInterval', 'qaij'] as const;

/** One field's value in words; unset: what the default is, in words. */
function valueWords(field: string, s: PageScenario): string {
  const v = (s as Record<string, unknown>)[field];
  switch (field) {
    case 'system': return v === undefined ? "the dataset's primary system" : String(v);
    case 'judge': return v === undefined ? "the dataset's primary judge" : String(v);
    case 'judgmentReference': return REFERENCE_WORDS[String(v ?? 'expert_only')] ?? String(v);
    case 'timeReference': return v === undefined ? 'the judgment reference' : REFERENCE_WORDS[String(v)] ?? String(v);
    case 'policy': return String(v ?? 'pass@1');
    case 'weights': return v === undefined ? 'GDP' : typeof v === 'object' ? 'your weights file' : WEIGHT_WORDS[String(v)] ?? String(v);
    case 'rates': {
      const r = s.rates?.nodeRateUSDPerHour;
      return r === undefined || r === null ? 'recorded costs' : `${r} USD per node-hour`;
    }
    case 'draws': return Number(v ?? LIVE_DRAWS).toLocaleString('en-US');
    case 'seed': return v === undefined ? "the dataset's" : String(v);
    case 'winTieInterval': return INTERVAL_WORDS[String(v ?? 'wilson')] ?? String(v);
    case 'qaij': {
      const l = s.qaij?.latencyMaxS;
      return l === undefined || l === null ? 'none' : `${l} s`;
    }
    default: return String(v);
  }
}

/**
 * The fields two page scenarios differ in, each as words "field: before → after" (the compare panel's
 * "Changed" line): no internal field names, no JSON.
 * @example scenarioChangeWords({ dataset: 'd' }, { dataset: 'd', judgmentReference: 'expert_with_ai', rates: { nodeRateUSDPerHour: 50 } }) // => ['judgment reference: expert-only → expert-with-AI', 'node rate: recorded costs → 50 USD per node-hour']
 */
export function scenarioChangeWords(before: PageScenario, after: PageScenario): string[] {
  return FIELD_ORDER.filter((f) => valueWords(f, before) !== valueWords(f, after)).map((f) => `${FIELD_WORDS[f]}: ${valueWords(f, before)} → ${valueWords(f, after)}`);
}

/**
 * A page scenario in words: the fields it sets (the dataset's defaults for the others).
 * @example pageScenarioWords({ dataset: 'd', policy: 'pass@2', weights: 'employment' }) // => 'attempt policy pass@2, employment weights; every other field its default'
 */
export function pageScenarioWords(s: PageScenario): string {
  const set = FIELD_ORDER.filter((f) => f !== 'dataset' && valueWords(f, s) !== valueWords(f, { dataset: s.dataset }));
  const parts = set.map((f) => (f === 'weights' ? `${valueWords(f, s)} weights` : `${FIELD_WORDS[f]} ${valueWords(f, s)}`));
  return parts.length ? `${parts.join(', ')}; every other field its default` : 'every field its default';
}
