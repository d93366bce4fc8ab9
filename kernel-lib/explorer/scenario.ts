/**
 * The explorer's scenario: the page's controls as the plain JSON values of the scenario object of
 * issue #11 (`kernel-lib/scenario/`), and the one adapter from it to the TableOptions every table and
 * figure builder takes. The page, its worker, the URL and the downloaded `scenario.json` all go
 * through `pageOptions`, so swapping the adapter for the scenario module's resolver changes one place.
 */
import { J2GError } from '../errors.ts';
import type { Dataset } from '../data/load.ts';
import { REFERENCES, type Reference } from '../data/schema.ts';
import { passAtK, threshold, type AttemptPolicy } from '../metrics/policy.ts';
import type { TableOptions } from '../tables/options.ts';
import { resolveBootstrap } from '../uncertainty/settings.ts';

export const WEIGHTS = ['gdp', 'employment', 'equal'] as const;
export const WIN_TIE = ['wilson', 'wilson_corrected', 'exact'] as const;
/** Live draws (a control change recomputes the intervals at this count) and the full count (one click). */
export const LIVE_DRAWS = 2000;
export const FULL_DRAWS = 10000;

/** Every scenario field the page controls, in the scenario schema's names and JSON values. */
export interface PageScenario {
  /** dataset directory relative to the repository root (what `j2g tables --scenario` reads) */
  dataset: string;
  system?: string;
  judge?: string;
  judgmentReference?: Reference;
  timeReference?: Reference;
  /** "pass@k" or "m-of-n" */
  policy?: string;
  weights?: (typeof WEIGHTS)[number];
  /** node-hour rate in USD per node-hour for the primary system's node type; null: recorded costs */
  rates?: { nodeRateUSDPerHour?: number | null };
  draws?: number;
  seed?: number;
  winTieInterval?: (typeof WIN_TIE)[number];
}

/** "pass@2" -> pass@2, "3-of-4" -> at least 3 of 4; null for anything else. */
export function policyOf(text: string): AttemptPolicy | null {
  const m = /^(?:pass@([1-9]\d*)|([1-9]\d*)-of-([1-9]\d*))$/.exec(text);
  if (!m) return null;
  try {
    return m[1] ? passAtK(Number(m[1])) : threshold(Number(m[2]), Number(m[3]));
  } catch {
    return null;
  }
}

/** The scenario as TableOptions; `draws` false: point estimates only. Throws J2GError naming a bad field. */
export function pageOptions(dataset: Dataset, s: PageScenario, draws: number | false): TableOptions {
  const policy = s.policy === undefined ? undefined : policyOf(s.policy);
  if (policy === null) throw new J2GError(`scenario field policy: "${s.policy}" is not allowed (expected "pass@k" with k >= 1, or "m-of-n" with 1 <= m <= n)`);
  const rate = s.rates?.nodeRateUSDPerHour;
  return {
    dataset,
    system: s.system,
    judge: s.judge,
    judgmentReference: s.judgmentReference,
    timeReference: s.timeReference,
    policy,
    weights: s.weights,
    rates: rate === null || rate === undefined ? undefined : { nodeRateUSDPerHour: rate },
    winTieInterval: s.winTieInterval,
    bootstrap: draws === false ? false : { draws, seed: s.seed },
  };
}

const KEYS = ['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'weights', 'rate', 'draws', 'seed', 'winTieInterval'] as const;

/** The scenario as URL query parameters (`?dataset=...&policy=pass@2&rate=30`), defaults left out. */
export function scenarioToQuery(s: PageScenario): string {
  const q = new URLSearchParams();
  q.set('dataset', s.dataset);
  const flat: Record<string, unknown> = { ...s, rate: s.rates?.nodeRateUSDPerHour ?? undefined };
  for (const k of KEYS) if (flat[k] !== undefined && flat[k] !== null) q.set(k, String(flat[k]));
  return q.toString();
}

/** The scenario a URL query holds; a value that is not allowed throws J2GError naming the parameter. */
export function scenarioFromQuery(query: string, defaultDataset: string): PageScenario {
  const q = new URLSearchParams(query);
  const s: PageScenario = { dataset: q.get('dataset') ?? defaultDataset };
  const bad = (k: string, v: string, allowed: string) => new J2GError(`URL parameter ${k}: "${v}" is not allowed (expected ${allowed})`);
  const oneOf = <T extends string>(k: string, allowed: readonly T[]): T | undefined => {
    const v = q.get(k);
    if (v === null) return undefined;
    if (!(allowed as readonly string[]).includes(v)) throw bad(k, v, allowed.map((a) => `"${a}"`).join(' or '));
    return v as T;
  };
  const int = (k: string, min: number): number | undefined => {
    const v = q.get(k);
    if (v === null) return undefined;
    if (!/^\d+$/.test(v) || !Number.isSafeInteger(Number(v)) || Number(v) < min) throw bad(k, v, `an integer >= ${min}`);
    return Number(v);
  };
  if (q.get('system')) s.system = q.get('system')!;
  if (q.get('judge')) s.judge = q.get('judge')!;
  s.judgmentReference = oneOf('judgmentReference', REFERENCES);
  s.timeReference = oneOf('timeReference', REFERENCES);
  const policy = q.get('policy');
  if (policy !== null) {
    if (!policyOf(policy)) throw bad('policy', policy, '"pass@k" with k >= 1, or "m-of-n" with 1 <= m <= n');
    s.policy = policy;
  }
  s.weights = oneOf('weights', WEIGHTS);
  const rate = q.get('rate');
  if (rate !== null) {
    if (!/^\d+(\.\d+)?$/.test(rate)) throw bad('rate', rate, 'a node-hour rate in USD >= 0');
    s.rates = { nodeRateUSDPerHour: Number(rate) };
  }
  s.draws = int('draws', 1);
  s.seed = int('seed', 0);
  s.winTieInterval = oneOf('winTieInterval', WIN_TIE);
  for (const k of Object.keys(s) as (keyof PageScenario)[]) if (s[k] === undefined) delete s[k];
  return s;
}

/**
 * `scenario.json` for `j2g tables --scenario FILE`: the page's scenario with every default it shows
 * filled in from the dataset's manifest (system, judge, references, policy, weights, draws, seed).
 */
export function scenarioFile(dataset: Dataset, s: PageScenario): string {
  const m = dataset.manifest;
  const judgmentReference = s.judgmentReference ?? 'expert_only';
  const bootstrap = resolveBootstrap({ draws: s.draws, seed: s.seed }, m.bootstrap);
  const out = {
    version: 1,
    dataset: s.dataset,
    system: s.system ?? m.primary_system,
    judge: s.judge ?? m.primary_judge,
    judgmentReference,
    timeReference: s.timeReference ?? judgmentReference,
    policy: s.policy ?? 'pass@1',
    weights: s.weights ?? 'gdp',
    rates: { nodeRateUSDPerHour: s.rates?.nodeRateUSDPerHour ?? null },
    draws: bootstrap.draws,
    seed: bootstrap.seed,
    winTieInterval: s.winTieInterval ?? 'wilson',
  };
  return JSON.stringify(out, null, 2) + '\n';
}
