/**
 * Task components from elsewhere (issue 27: `j2g tables --engine duckdb`): the step records -> per-task
 * components computed by another engine (kernel-lib/sql/engine.ts runs taskComponents.sql on DuckDB),
 * put in the context family's memo before the builders run, so that everything after the boundary
 * (evaluate's weights and aggregates, the bootstrap, the table builders) is the same code on the same
 * arrays: the same tables byte for byte (test/sql/tablesEngine.test.ts).
 *
 * The builders are synchronous and a query is not, so the configurations (system, judge, references,
 * policy, node rate) are asked for first: every one the registry's tables build from (`componentPatches`).
 * A family marked `external` never computes components in JavaScript: a configuration missing from the
 * memo throws ComponentsPending, the driver queries it and builds again, and says how many times it had to.
 */
import type { TaskComponents } from '../metrics/taskComponents.ts';
import { PAPER_TIE_CREDIT, nodeRateOf } from '../metrics/taskComponents.ts';
import { J2GError } from '../errors.ts';
import { passAtK, threshold, policyLabel, type AttemptPolicy } from '../metrics/policy.ts';
import type { Reference } from '../data/schema.ts';
import { componentsKey, memoOf, withScenario, type ContextPatch, type ScenarioContext } from './context.ts';

/** Where components come from: one configuration at a time (kernel-lib/sql/engine.ts's DuckDbDataset is one). */
export interface ComponentSource {
  taskComponents(config: {
    system: string; judge: string; judgmentReference: Reference; timeReference: Reference;
    policy: AttemptPolicy; nodeRateUSDPerHour?: number;
  }): Promise<TaskComponents>;
  /** the most attempts a task has on `system` (the policy tables' n), or 0 when it has no runs */
  maxAttempt(system: string): Promise<number>;
  /**
   * Optional: compute one configuration (recorded costs) for every system at once, so that the
   * taskComponents calls of Table 1's systems that follow read it instead of querying one by one.
   */
  prefetchAllSystems?(config: { judge: string; judgmentReference: Reference; timeReference: Reference; policy: AttemptPolicy }): Promise<void>;
  /** Optional: prepare for many configurations of one system (the context's crossings and policies). */
  focusSystem?(system: string): Promise<void>;
}

/** The memo key of a context's components (tables/evaluate.ts componentsOf reads and writes it). */
export function componentsMemoKey(ctx: ScenarioContext): readonly unknown[] {
  return ['components', componentsKey(ctx)];
}

/** The families whose components come from a source, each with the source's errors by memo key. */
const external = new WeakMap<object, Map<string, unknown>>();

/**
 * Called by componentsOf before computing components in JavaScript: in a family whose components come
 * from a source, throws the source's error for this configuration (the builder sees it as it would see
 * taskComponents' own: an UnsupportedOutputError skips a table or a system), else ComponentsPending.
 */
export function refuseInJavaScript(ctx: ScenarioContext): void {
  const failures = external.get(memoOf(ctx).values);
  if (failures === undefined) return;
  const key = JSON.stringify(componentsMemoKey(ctx));
  if (failures.has(key)) throw failures.get(key);
  throw new ComponentsPending(ctx);
}

/** Thrown by componentsOf in an external family for a configuration not in the memo yet. */
export class ComponentsPending extends Error {
  constructor(readonly ctx: ScenarioContext) {
    super(`task components of ${componentsKey(ctx)} are not computed yet`);
  }
}

/**
 * The configurations the registry's tables build from, as patches of `ctx`: the context itself, every
 * system (Table 1), the four reference crossings (Tables 17, 18, 22), pass@1..n and >=1/n..>=n/n
 * against both references (Tables 19-21; n: the system's most attempts) and every rate of the
 * sweep (Table 5).
 * @example componentPatches(resolveContext({ dataset: loadDataset('data/recorded/synthetic-small') }), 2).length // => 11
 */
export function componentPatches(ctx: ScenarioContext, attempts: number): ContextPatch[] {
  const patches: ContextPatch[] = [{}];
  for (const s of ctx.dataset.rows.systems) patches.push({ system: s.system });
  const refs: Reference[] = ['expert_only', 'expert_with_ai'];
  for (const s of refs) for (const t of refs) patches.push({ judgmentReference: s, timeReference: t });
  const policies: AttemptPolicy[] = [];
  for (let k = 1; k <= attempts; k++) policies.push(passAtK(k));
  for (let m = 1; m <= attempts; m++) policies.push(threshold(m, attempts));
  for (const r of refs) for (const policy of policies) patches.push({ policy, judgmentReference: r, timeReference: r });
  for (const r of ctx.sweep ?? []) patches.push({ rates: { nodeRateUSDPerHour: r.usdPerNodeHour } });
  // pass@1 and >=1/1 are one policy: keep the first of each configuration
  const seen = new Set<string>();
  return patches.filter((p) => {
    const key = componentsKey(withScenario(ctx, p));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Query the components of one context from `source` and put them in its family's memo. */
async function fetchInto(source: ComponentSource, c: ScenarioContext): Promise<void> {
  const components = await source.taskComponents({
    system: c.system, judge: c.judge, judgmentReference: c.judgmentReference, timeReference: c.timeReference,
    policy: c.policy, nodeRateUSDPerHour: nodeRateOf(c.rates, c.system),
  });
  memoOf(c).values.set(JSON.stringify(componentsMemoKey(c)), components);
}

export interface SourcedBuild<T> {
  value: T;
  /** configurations queried from the source */
  queried: number;
  /** builds started again because a builder asked for a configuration componentPatches did not list */
  rebuilds: number;
}

/**
 * Build with components from `source`: marks the family of `ctx` external, queries every configuration
 * of componentPatches (a configuration the source cannot evaluate keeps the source's error: the
 * builder that asks for it gets it, as it would get taskComponents' own), then runs `build`; a configuration it asks for that is not in the
 * memo is queried and the build started again. `progress` gets one line per configuration queried.
 */
export async function buildWithComponents<T>(ctx: ScenarioContext, source: ComponentSource, build: () => T, progress?: (line: string) => void): Promise<SourcedBuild<T>> {
  if (ctx.tieCredit !== PAPER_TIE_CREDIT) throw new J2GError(`tieCredit ${ctx.tieCredit}: the other engine computes the paper's tie credit (${PAPER_TIE_CREDIT}) only; leave the engine at its default for another tie credit`);
  const failed = external.get(memoOf(ctx).values) ?? new Map<string, unknown>();
  external.set(memoOf(ctx).values, failed);
  let queried = 0;
  const query = async (c: ScenarioContext) => {
    const key = JSON.stringify(componentsMemoKey(c));
    if (memoOf(c).values.has(key) || failed.has(key)) return;
    const t0 = performance.now();
    try {
      await fetchInto(source, c);
    } catch (e) {
      failed.set(key, e);
    }
    queried++;
    progress?.(`components ${queried}: ${c.system}, ${c.judge}, ${c.judgmentReference}/${c.timeReference}, ${policyLabel(c.policy)}${nodeRateOf(c.rates, c.system) === undefined ? '' : `, ${nodeRateOf(c.rates, c.system)} USD/node-hour`} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  };
  const attempts = await source.maxAttempt(ctx.system);
  if (source.prefetchAllSystems && ctx.dataset.rows.systems.length > 1) {
    // Table 1's row per system: one query for all (systems with a node rate are still asked one by one)
    const t0 = performance.now();
    await source.prefetchAllSystems({ judge: ctx.judge, judgmentReference: ctx.judgmentReference, timeReference: ctx.timeReference, policy: ctx.policy });
    progress?.(`components of every system, ${ctx.judge}, ${ctx.judgmentReference}/${ctx.timeReference}, ${policyLabel(ctx.policy)}, in one query (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
  if (source.focusSystem) {
    const t0 = performance.now();
    await source.focusSystem(ctx.system);
    progress?.(`runs and judgments of ${ctx.system} set apart for its configurations (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
  for (const patch of componentPatches(ctx, attempts)) await query(withScenario(ctx, patch));
  for (let rebuilds = 0; ; rebuilds++) {
    try {
      return { value: build(), queried, rebuilds };
    } catch (e) {
      if (!(e instanceof ComponentsPending)) throw e;
      await query(e.ctx);
    }
  }
}
