/**
 * The resolved scenario context: every input of every table and figure, each field filled, resolved
 * in ONE place (`resolveContext`). Builders, captions, figure rows, notebook helpers, the report, the
 * explorer and compare all take it; a notebook can still call `table13({ dataset, policy: 'pass@2' })`:
 * the facade resolves once (`resolveContext` returns a context as it is), as arquero's verbs wrap their internals.
 *
 * Defaults (the only place they are applied; Joules-to-GDP section 3.2.1 and Appendix K):
 *   system            manifest primary_system
 *   judge             manifest primary_judge
 *   judgmentReference expert_only
 *   timeReference     the judgment reference (follows it again when only the judgment reference changes)
 *   policy            pass@1
 *   tieCredit         1: a tie earns the full output value (section 2.2)
 *   weights           gdp (section 2.5)
 *   rates             none (recorded costs; Appendix G.1)
 *   bootstrap         the manifest's, else 10,000 draws with seed 20260726 (K.1); false: point estimates
 *   winTieInterval    wilson (Table 15)
 *   noise             tasks only (the paper's intervals; uncertainty/noise.ts adds attempts, grading, meter)
 *
 * A context is frozen. To vary it, `withScenario(ctx, patch)` builds a new one that shares the memo of
 * evaluations (the per-task components of one system, judge, reference pair, policy and rate are
 * computed once per context family) and re-derives what follows a changed field. A plain object spread
 * of a context (`{ ...ctx, judge: 'x' }`) is a plain options object again: it keeps every value as
 * chosen, and gets a fresh memo.
 */
import { J2GError } from '../errors.ts';
import { policyLabel } from '../metrics/policy.ts';
import { RESOLVED, nodeRateOf, resolveComponentOptions, type ResolvedComponentOptions } from '../metrics/taskComponents.ts';
import { resolveBootstrap, type BootstrapSettings } from '../uncertainty/settings.ts';
import { BOOTSTRAP_CACHE, tableSeries } from '../uncertainty/tableBootstrap.ts';
import { resolveNoise, type Noise } from '../uncertainty/noise.ts';
import type { WeightScheme } from '../weights/schemes.ts';
import type { BinomialIntervalMethod, NodeRate, TableOptions } from './options.ts';

/** The fields of a context that a scenario can choose (the scenario.json names). */
export const CONTEXT_FIELDS = ['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'rates', 'sweep', 'bootstrap', 'winTieInterval', 'noise'] as const;
export type ContextField = (typeof CONTEXT_FIELDS)[number];

const WIN_TIE_METHODS: readonly BinomialIntervalMethod[] = ['wilson', 'wilson_corrected', 'exact'];
const BRAND = Symbol('ScenarioContext');

/** What a context family computes once: components and evaluations by their tuple keys. */
export interface ContextMemo {
  /** task components, evaluations and other values by their tuple keys (`memoized`) */
  readonly values: Map<string, unknown>;
  /** the task bootstraps of the family (uncertainty/tableBootstrap.ts reads it through BOOTSTRAP_CACHE) */
  readonly bootstraps: Map<string, unknown>;
}

/** The resolved component fields (metrics/taskComponents.ts), and the tables' own. */
export interface ScenarioContext extends Omit<ResolvedComponentOptions, 'derived'> {
  readonly weights: WeightScheme;
  /** Table 5's rates sweep (USD per node-hour by provider), or undefined: no Table 5 */
  readonly sweep: readonly NodeRate[] | undefined;
  /** draws and seed of the task-composition bootstrap, or false: point estimates only */
  readonly bootstrap: BootstrapSettings | false;
  readonly winTieInterval: BinomialIntervalMethod;
  /** the sources of noise the intervals cover beside task sampling (default none: the paper's) */
  readonly noise: Noise;
  /** the fields that were derived from a default or another field rather than chosen */
  readonly derived: readonly ContextField[];
}

/** Whether `x` is a resolved context (not a spread copy of one). */
export function isContext(x: unknown): x is ScenarioContext {
  return typeof x === 'object' && x !== null && (x as Record<symbol, unknown>)[BRAND] === true;
}

const MEMO = Symbol('memo');
/** The memo of a context family. */
export function memoOf(ctx: ScenarioContext): ContextMemo {
  return (ctx as unknown as Record<symbol, ContextMemo>)[MEMO];
}

/**
 * Resolve options into a context: THE place every default is applied and every value checked.
 * Unknown system or judge, a malformed reference, policy, rate, draws or interval method is an error
 * naming the option. A context is returned as it is.
 * @example resolveContext({ dataset: loadDataset('data/recorded/synthetic-small') }).timeReference // => 'expert_only'
 */
export function resolveContext(options: TableOptions | ScenarioContext, memo?: ContextMemo): ScenarioContext {
  if (isContext(options)) return options;
  if (options === null || typeof options !== 'object') throw new J2GError(`expected an options object with a dataset, found ${String(options)}`);
  // the component fields (system, judge, references, policy, rates): their defaults live in one place
  const c = resolveComponentOptions(options);
  const ds = c.dataset;
  const { system, judge, judgmentReference, timeReference, policy, tieCredit } = c;
  const derived: ContextField[] = [...c.derived];
  const pick = <T>(field: ContextField, value: T | undefined, fallback: () => T): T => {
    if (value !== undefined) return value;
    derived.push(field);
    return fallback();
  };
  const weights = pick('weights', options.weights, () => 'gdp' as WeightScheme);
  const rates = c.rates;
  if (rates === undefined) derived.push('rates');
  const sweep = options.sweep;
  if (sweep === undefined) derived.push('sweep');
  else if (!Array.isArray(sweep)) throw new J2GError(`invalid sweep: expected a list of { label, usdPerNodeHour } node rates`);
  const bootstrap = options.bootstrap === false ? false : resolveBootstrap(options.bootstrap, ds.manifest?.bootstrap, tableSeries(ds));
  if (options.bootstrap === undefined) derived.push('bootstrap');
  const winTieInterval = pick('winTieInterval', options.winTieInterval, () => 'wilson' as BinomialIntervalMethod);
  if (!WIN_TIE_METHODS.includes(winTieInterval)) throw new J2GError(`invalid winTieInterval: ${winTieInterval} (expected ${WIN_TIE_METHODS.join(', ')})`);
  const noise = resolveNoise(options.noise);
  if (options.noise === undefined) derived.push('noise');
  const ctx: ScenarioContext = {
    dataset: ds, system, judge, judgmentReference, timeReference, policy, tieCredit, weights, rates,
    sweep: sweep === undefined ? undefined : Object.freeze([...sweep]),
    bootstrap, winTieInterval, noise, derived: Object.freeze(derived),
  };
  Object.defineProperty(ctx, BRAND, { value: true, enumerable: false });
  Object.defineProperty(ctx, RESOLVED, { value: true, enumerable: false });
  const m = memo ?? { values: new Map(), bootstraps: new Map() };
  Object.defineProperty(ctx, MEMO, { value: m, enumerable: false });
  Object.defineProperty(ctx, BOOTSTRAP_CACHE, { value: m.bootstraps, enumerable: false });
  return Object.freeze(ctx);
}

/** A patch of a context: any of its fields (undefined keeps the context's value). */
export type ContextPatch = Partial<Pick<TableOptions, ContextField>>;

/**
 * A context with some fields replaced, sharing the memo. A derived field follows its source again:
 * the time reference follows a changed judgment reference unless it was chosen (or is in the patch).
 * @example withScenario(resolveContext({ dataset: loadDataset('data/recorded/synthetic-small') }), { judgmentReference: 'expert_with_ai' }).timeReference // => 'expert_with_ai'
 */
export function withScenario(ctx: ScenarioContext, patch: ContextPatch): ScenarioContext {
  const c = resolveContext(ctx);
  const options: TableOptions = { dataset: c.dataset };
  for (const f of CONTEXT_FIELDS) {
    const own = patch[f] !== undefined;
    if (own) (options as unknown as Record<string, unknown>)[f] = patch[f];
    else if (!c.derived.includes(f)) (options as unknown as Record<string, unknown>)[f] = c[f];
  }
  return resolveContext(options, memoOf(c));
}

/**
 * The tuple key of the components of `ctx` (system, judge, references, policy, the system's rate, the
 * tie credit): a JSON array, so that no id, whatever characters it holds, can collide with another.
 */
export function componentsKey(ctx: ScenarioContext): string {
  return JSON.stringify([ctx.system, ctx.judge, ctx.judgmentReference, ctx.timeReference, policyLabel(ctx.policy), nodeRateOf(ctx.rates, ctx.system) ?? null, ctx.tieCredit]);
}

/** A value computed once per context family under `key` (a tuple, JSON-encoded by the caller). */
export function memoized<T>(ctx: ScenarioContext, key: readonly unknown[], build: () => T): T {
  const m = memoOf(ctx).values;
  const k = JSON.stringify(key);
  if (m.has(k)) return m.get(k) as T;
  const v = build();
  m.set(k, v);
  return v;
}
