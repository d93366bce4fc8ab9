/**
 * Components from another engine (tables/componentSource.ts), with a source written here that
 * computes them in JavaScript (metrics/taskComponents.ts) and records what it is asked: the tables
 * built from it equal the tables built directly (the oracle), every configuration is asked once, a
 * configuration the source cannot evaluate gives the builder the source's own error, and one the
 * patches did not list is queried and the build started again.
 *
 * Equivalent mutants (`MUTATION_MUTATE=kernel-lib/tables/componentSource.ts`): componentPatches' first
 * patch `[{}]` made `[]` (the context's own system is among the systems, so `{ system: ctx.system }`
 * gives the same configuration, first) and `ctx.sweep ?? []` made a one-string list (its "rate" is
 * undefined: the configuration is the context's own, dropped as a repeat).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { UnsupportedOutputError } from '../../kernel-lib/errors.ts';
import { taskComponents } from '../../kernel-lib/metrics/taskComponents.ts';
import { policyLabel, type AttemptPolicy } from '../../kernel-lib/metrics/policy.ts';
import { resolveContext, withScenario, componentsKey } from '../../kernel-lib/tables/context.ts';
import { ComponentsPending, buildWithComponents, componentPatches, componentsMemoKey, type ComponentSource } from '../../kernel-lib/tables/componentSource.ts';
import { evaluate } from '../../kernel-lib/tables/evaluate.ts';
import { buildTables } from '../../kernel-lib/tables/registry.ts';
import { table13 } from '../../kernel-lib/tables/table13.ts';
import { clearWarnings, onWarning } from '../../kernel-lib/warn.ts';
import { SMALL, editedDataset } from '../helpers/dataset.ts';

onWarning(null);
afterEach(() => clearWarnings());

type Config = Parameters<ComponentSource['taskComponents']>[0];
const label = (c: Config) => `${c.system} ${c.judge} ${c.judgmentReference}/${c.timeReference} ${policyLabel(c.policy)} ${c.nodeRateUSDPerHour ?? '-'}`;

function jsSource(dataset: ReturnType<typeof loadDataset>, refuse: (c: Config) => boolean = () => false, extras: Partial<ComponentSource> = {}) {
  const asked: string[] = [];
  const source: ComponentSource = {
    async taskComponents(c) {
      asked.push(label(c));
      if (refuse(c)) throw new UnsupportedOutputError(`refused: ${label(c)}`);
      const rates = c.nodeRateUSDPerHour === undefined ? undefined : { nodeRateUSDPerHour: c.nodeRateUSDPerHour };
      return taskComponents({ dataset, system: c.system, judge: c.judge, judgmentReference: c.judgmentReference, timeReference: c.timeReference, policy: c.policy, rates });
    },
    async maxAttempt(system) { return system === 'sysX' ? 2 : 1; },
    ...extras,
  };
  return { source, asked };
}

describe('componentPatches', () => {
  test('synthetic-small, two attempts: the context, sysY, three other crossings, three more policies per reference (11)', () => {
    const ctx = resolveContext({ dataset: loadDataset(SMALL) });
    const patches = componentPatches(ctx, 2);
    const keys = patches.map((p) => componentsKey(withScenario(ctx, p)));
    expect(new Set(keys).size).toBe(patches.length);
    expect(keys).toEqual([
      '["sysX","J1","expert_only","expert_only","pass@1",null,1]',
      '["sysY","J1","expert_only","expert_only","pass@1",null,1]',
      '["sysX","J1","expert_only","expert_with_ai","pass@1",null,1]',
      '["sysX","J1","expert_with_ai","expert_only","pass@1",null,1]',
      '["sysX","J1","expert_with_ai","expert_with_ai","pass@1",null,1]',
      '["sysX","J1","expert_only","expert_only","pass@2",null,1]',
      '["sysX","J1","expert_only","expert_only",">=1/2",null,1]',
      '["sysX","J1","expert_only","expert_only",">=2/2",null,1]',
      '["sysX","J1","expert_with_ai","expert_with_ai","pass@2",null,1]',
      '["sysX","J1","expert_with_ai","expert_with_ai",">=1/2",null,1]',
      '["sysX","J1","expert_with_ai","expert_with_ai",">=2/2",null,1]',
    ]);
    // a sweep adds one configuration per rate; with one attempt: the context, sysY, three crossings and >=1/1 per reference
    const swept = resolveContext({ dataset: loadDataset(SMALL), sweep: [{ label: 'a', usdPerNodeHour: 3 }, { label: 'b', usdPerNodeHour: 4 }] });
    expect(componentPatches(swept, 2).slice(-2).map((p) => p.rates)).toEqual([{ nodeRateUSDPerHour: 3 }, { nodeRateUSDPerHour: 4 }]);
    expect(componentPatches(ctx, 1).map((p) => (p.policy ? policyLabel(p.policy as AttemptPolicy) : null))).toEqual([null, null, null, null, null, '>=1/1', '>=1/1']);
  });
});

describe('buildWithComponents', () => {
  test('another engine computes the paper\'s tie credit only: another one is refused before any query', async () => {
    const dataset = loadDataset(SMALL);
    const { source, asked } = jsSource(dataset);
    const ctx = resolveContext({ dataset, bootstrap: false, tieCredit: 0 });
    await expect(buildWithComponents(ctx, source, () => buildTables(ctx))).rejects.toThrow('tieCredit 0: the other engine computes the paper\'s tie credit (1) only');
    expect(asked).toEqual([]);
  });
  test('every table equals the one built in JavaScript; each configuration asked once; no rebuild', async () => {
    const dataset = loadDataset(SMALL);
    const { source, asked } = jsSource(dataset);
    const lines: string[] = [];
    const ctx = resolveContext({ dataset, bootstrap: { draws: 50, seed: 3 } });
    const built = await buildWithComponents(ctx, source, () => buildTables(ctx), (l) => lines.push(l));
    const direct = buildTables({ dataset, bootstrap: { draws: 50, seed: 3 } });
    expect(Object.keys(built.value.tables)).toEqual(Object.keys(direct.tables));
    for (const name of Object.keys(direct.tables)) expect(built.value.tables[name].objects(), name).toEqual(direct.tables[name].objects());
    expect(built.queried).toBe(11);
    expect(built.rebuilds).toBe(0);
    expect(new Set(asked).size).toBe(asked.length);
    expect(lines).toHaveLength(11);
    expect(lines[0]).toMatch(/^components 1: sysX, J1, expert_only\/expert_only, pass@1 \(\d+\.\d s\)$/);
    // built again from the same family: nothing more is asked
    const again = await buildWithComponents(ctx, source, () => buildTables(ctx));
    expect(again.queried).toBe(0);
  });

  test('a node rate is passed to the source and named in the progress line', async () => {
    const dataset = loadDataset(SMALL);
    const { source, asked } = jsSource(dataset);
    const lines: string[] = [];
    const ctx = resolveContext({ dataset, bootstrap: false, rates: { nodeRateUSDPerHour: 30 } });
    const built = await buildWithComponents(ctx, source, () => table13(ctx).objects(), (l) => lines.push(l));
    expect(built.value).toEqual(table13({ dataset, bootstrap: false, rates: { nodeRateUSDPerHour: 30 } }).objects());
    expect(asked[0]).toBe('sysX J1 expert_only/expert_only pass@1 30');
    expect(lines[0]).toMatch(/^components 1: sysX, J1, expert_only\/expert_only, pass@1, 30 USD\/node-hour \(\d+\.\d s\)$/);
  });

  test('a configuration the source refuses: its builder gets the source\'s error, and the tables that need it are skipped', async () => {
    const dataset = loadDataset(SMALL);
    const { source } = jsSource(dataset, (c) => c.system === 'sysY');
    const ctx = resolveContext({ dataset, bootstrap: false });
    const built = await buildWithComponents(ctx, source, () => {
      try { evaluate(withScenario(ctx, { system: 'sysY' })); return 'built'; } catch (e) { return (e as Error).message; }
    });
    expect(built.value).toBe('refused: sysY J1 expert_only/expert_only pass@1 -');
  });

  test('a configuration not among the patches is queried, and the build started again', async () => {
    const dataset = loadDataset(SMALL);
    const { source, asked } = jsSource(dataset);
    const ctx = resolveContext({ dataset, bootstrap: false });
    const odd = withScenario(ctx, { judge: 'J2' });
    const built = await buildWithComponents(ctx, source, () => evaluate(odd).benchmark.valueUSD);
    expect(built.rebuilds).toBe(1);
    expect(built.queried).toBe(12);
    expect(asked[asked.length - 1]).toBe('sysX J2 expert_only/expert_only pass@1 -');
    expect(built.value).toBeCloseTo(62.5, 12); // J2: synthetic-small.test.ts's hand value
  });

  test('outside the build, a configuration of the family not in the memo is pending; errors other than pending propagate', async () => {
    const dataset = loadDataset(SMALL);
    const { source } = jsSource(dataset);
    const ctx = resolveContext({ dataset, bootstrap: false });
    await buildWithComponents(ctx, source, () => 0);
    const other = withScenario(ctx, { judge: 'J2' });
    expect(() => evaluate(other)).toThrow(ComponentsPending);
    expect(() => evaluate(other)).toThrow(`task components of ${componentsKey(other)} are not computed yet`);
    expect(componentsMemoKey(other)).toEqual(['components', componentsKey(other)]);
    await expect(buildWithComponents(ctx, source, () => { throw new RangeError('bug'); })).rejects.toThrow('bug');
  });

  test('prefetchAllSystems and focusSystem are called when the source has them, with progress lines', async () => {
    const dataset = loadDataset(SMALL);
    const calls: string[] = [];
    const { source } = jsSource(dataset, () => false, {
      async prefetchAllSystems(c) { calls.push(`prefetch ${c.judge} ${c.judgmentReference}/${c.timeReference} ${policyLabel(c.policy)}`); },
      async focusSystem(s) { calls.push(`focus ${s}`); },
    });
    const lines: string[] = [];
    const ctx = resolveContext({ dataset, bootstrap: false });
    const w0 = performance.now();
    await buildWithComponents(ctx, source, () => 0, (l) => lines.push(l));
    const wallS = (performance.now() - w0) / 1000;
    expect(calls).toEqual(['prefetch J1 expert_only/expert_only pass@1', 'focus sysX']);
    // every time a line reports is seconds spent within the build (rounded to 0.1 s)
    for (const l of lines) expect(Number(/\((\d+\.\d) s\)$/.exec(l)![1]), l).toBeLessThanOrEqual(wallS + 0.05);
    expect(lines[0]).toMatch(/^components of every system, J1, expert_only\/expert_only, pass@1, in one query \(\d+\.\d s\)$/);
    expect(lines[1]).toMatch(/^runs and judgments of sysX set apart for its configurations \(\d+\.\d s\)$/);
    expect(lines).toHaveLength(13);
    // without a progress callback, and with one system only (no prefetch then)
    calls.length = 0;
    await expect(buildWithComponents(resolveContext({ dataset, bootstrap: false, judge: 'J2' }), source, () => 1)).resolves.toMatchObject({ value: 1 });
    const one = loadDataset(editedDataset({
      'systems.csv': (t) => t.replace(/^sysY,.*\n/m, ''), 'runs.csv': (t) => t.replace(/^y\w+,.*\n/gm, ''), 'judgments.csv': (t) => t.replace(/^y\w+,.*\n/gm, ''),
    }));
    const { source: oneSource } = jsSource(one, () => false, { async prefetchAllSystems() { calls.push('prefetch'); }, async focusSystem(sys) { calls.push(`focus ${sys}`); } });
    calls.length = 0;
    await buildWithComponents(resolveContext({ dataset: one, bootstrap: false }), oneSource, () => 0);
    expect(calls).toEqual(['focus sysX']);
  });
});
