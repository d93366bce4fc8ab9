/**
 * The scenario context (tables/context.ts) and the shared evaluation step (tables/evaluate.ts): every
 * default applied in one place, which fields were derived, the checks, the memo a context family
 * shares, and the category bookkeeping, on synthetic-small (oracles: the manifest, written by hand,
 * and the hand values of synthetic-small.test.ts).
 *
 * Equivalent mutants (`MUTATION_MUTATE=kernel-lib/tables/context.ts,kernel-lib/tables/evaluate.ts`):
 * - context.ts `ds.manifest?.bootstrap` made `ds.manifest.bootstrap`: a Dataset always has a manifest,
 *   and resolveComponentOptions reads manifest.primary_system first (as table16.ts's, in table16Mutants).
 * - context.ts the RESOLVED mark's `{ value: true }` emptied or made `false`: taskComponents then resolves
 *   the context's component fields again, to the same values (only the work is repeated).
 * - evaluate.ts the memo key's 'evaluation' made '': no other memo key starts with '' (components use
 *   'components'), so the key still names this evaluation alone.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { CONTEXT_FIELDS, componentsKey, isContext, memoOf, memoized, resolveContext, withScenario } from '../../kernel-lib/tables/context.ts';
import { byName, categoriesOf, categoryAverages, evaluate, weightedCategories } from '../../kernel-lib/tables/evaluate.ts';
import { BOOTSTRAP_CACHE } from '../../kernel-lib/uncertainty/tableBootstrap.ts';
import { RESOLVED } from '../../kernel-lib/metrics/taskComponents.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';
import { SMALL, editedDataset } from '../helpers/dataset.ts';

onWarning(null);
afterEach(() => clearWarnings());

describe('resolveContext', () => {
  test('defaults: the manifest\'s system, judge and draws, expert-only, pass@1, gdp, Wilson, tasks only; every field derived', () => {
    const dataset = loadDataset(SMALL);
    const c = resolveContext({ dataset });
    expect([c.system, c.judge, c.judgmentReference, c.timeReference, c.tieCredit, c.weights, c.winTieInterval]).toEqual(['sysX', 'J1', 'expert_only', 'expert_only', 1, 'gdp', 'wilson']);
    expect(c.policy).toEqual({ kind: 'pass', k: 1 });
    expect(c.rates).toBeUndefined();
    expect(c.sweep).toBeUndefined();
    expect(c.bootstrap).toEqual({ draws: 2000, seed: 20260726 });
    expect(c.noise).toEqual({ attempts: false, grading: false, meter: null });
    expect([...c.derived].sort()).toEqual([...CONTEXT_FIELDS].sort());
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.derived)).toBe(true);
  });

  test('every field chosen: none derived, each kept; the sweep is a frozen copy', () => {
    const dataset = loadDataset(SMALL);
    const sweep = [{ label: 'a', usdPerNodeHour: 3 }];
    const c = resolveContext({
      dataset, system: 'sysY', judge: 'J1', judgmentReference: 'expert_with_ai', timeReference: 'expert_only', policy: 'pass@1',
      tieCredit: 0.5, weights: 'equal', rates: { nodeRateUSDPerHour: 5 }, sweep, bootstrap: { draws: 30, seed: 4 }, winTieInterval: 'exact', noise: { grading: true },
    });
    expect(c.derived).toEqual([]);
    expect([c.system, c.judgmentReference, c.timeReference, c.tieCredit, c.weights, c.winTieInterval]).toEqual(['sysY', 'expert_with_ai', 'expert_only', 0.5, 'equal', 'exact']);
    expect(c.rates).toEqual({ nodeRateUSDPerHour: 5 });
    expect(c.bootstrap).toEqual({ draws: 30, seed: 4 });
    expect(c.noise.grading).toBe(true);
    expect(c.sweep).toEqual(sweep);
    expect(c.sweep).not.toBe(sweep);
    expect(Object.isFrozen(c.sweep)).toBe(true);
    sweep.push({ label: 'b', usdPerNodeHour: 1 });
    expect(c.sweep).toHaveLength(1);
    expect(resolveContext({ dataset, bootstrap: false }).bootstrap).toBe(false);
    expect(resolveContext({ dataset, bootstrap: false }).derived).not.toContain('bootstrap');
  });

  test('refusals: no options object, a sweep that is not a list, an unknown interval method', () => {
    const dataset = loadDataset(SMALL);
    expect(() => resolveContext(null as never)).toThrow('expected an options object with a dataset, found null');
    expect(() => resolveContext(7 as never)).toThrow('expected an options object with a dataset, found 7');
    expect(() => resolveContext(undefined as never)).toThrow('expected an options object with a dataset, found undefined');
    expect(() => resolveContext({ dataset, sweep: { label: 'a' } as never })).toThrow('invalid sweep: expected a list of { label, usdPerNodeHour } node rates');
    expect(() => resolveContext({ dataset, winTieInterval: 'jeffreys' as never })).toThrow('invalid winTieInterval: jeffreys (expected wilson, wilson_corrected, exact)');
  });

  test('a context is returned as it is; a spread copy is plain options again, with a fresh memo', () => {
    const dataset = loadDataset(SMALL);
    const c = resolveContext({ dataset });
    expect(isContext(c)).toBe(true);
    expect(resolveContext(c)).toBe(c);
    const copy = { ...c };
    expect(isContext(copy)).toBe(false);
    expect(isContext(null)).toBe(false);
    expect(isContext('ctx')).toBe(false);
    const again = resolveContext(copy);
    expect(again).not.toBe(c);
    expect(memoOf(again)).not.toBe(memoOf(c));
    // the memo's bootstraps are what tableBootstrap caches in
    expect((c as unknown as Record<symbol, unknown>)[BOOTSTRAP_CACHE]).toBe(memoOf(c).bootstraps);
    // a spread copy carries none of the context's marks: no memo, no bootstrap cache, not resolved
    const marks = copy as unknown as Record<symbol, unknown>;
    expect([memoOf(copy as never), marks[BOOTSTRAP_CACHE], marks[RESOLVED]]).toEqual([undefined, undefined, undefined]);
    expect((c as unknown as Record<symbol, unknown>)[RESOLVED]).toBe(true);
    // so its values are resolved again as chosen: only the fields it holds as undefined are derived
    expect([...again.derived].sort()).toEqual(['rates', 'sweep']);
    expect([...resolveContext({ ...c, judge: 'J2' }).derived].sort()).toEqual(['rates', 'sweep']);
  });
});

describe('withScenario', () => {
  test('a derived time reference follows a changed judgment reference; a chosen one stays; the memo is shared', () => {
    const dataset = loadDataset(SMALL);
    const c = resolveContext({ dataset });
    const w = withScenario(c, { judgmentReference: 'expert_with_ai' });
    expect([w.judgmentReference, w.timeReference]).toEqual(['expert_with_ai', 'expert_with_ai']);
    expect(memoOf(w)).toBe(memoOf(c));
    expect(w.derived).toContain('timeReference');
    expect(w.derived).not.toContain('judgmentReference');
    const chosen = resolveContext({ dataset, timeReference: 'expert_only' });
    expect(withScenario(chosen, { judgmentReference: 'expert_with_ai' }).timeReference).toBe('expert_only');
    // a patch's undefined keeps the context's value; chosen values survive other patches
    const s = resolveContext({ dataset, weights: 'equal', bootstrap: { draws: 10, seed: 2 } });
    const p = withScenario(s, { system: 'sysY', weights: undefined });
    expect([p.system, p.weights, p.bootstrap]).toEqual(['sysY', 'equal', { draws: 10, seed: 2 }]);
    expect(p.derived).not.toContain('weights');
  });
});

describe('componentsKey and memoized', () => {
  test('the key names system, judge, references, policy, the system\'s rate (null without one) and the tie credit', () => {
    const dataset = loadDataset(SMALL);
    expect(componentsKey(resolveContext({ dataset }))).toBe('["sysX","J1","expert_only","expert_only","pass@1",null,1]');
    expect(componentsKey(resolveContext({ dataset, rates: { bySystem: { sysX: 20 } }, policy: 'pass@2', judgmentReference: 'expert_with_ai', tieCredit: 0 })))
      .toBe('["sysX","J1","expert_with_ai","expert_with_ai","pass@2",20,0]');
  });

  test('a value is built once per key in a context family', () => {
    const c = resolveContext({ dataset: loadDataset(SMALL) });
    let built = 0;
    const build = () => ({ n: ++built });
    const a = memoized(c, ['x', 1], build);
    expect(memoized(withScenario(c, { system: 'sysY' }), ['x', 1], build)).toBe(a);
    expect(memoized(c, ['x', 2], build)).toEqual({ n: 2 });
    expect(built).toBe(2);
    expect(memoOf(c).values.has(JSON.stringify(['x', 1]))).toBe(true);
  });
});

describe('evaluate and the category helpers', () => {
  test('the benchmark of synthetic-small, weights summing to 1; computed once per context family', () => {
    const c = resolveContext({ dataset: loadDataset(SMALL) });
    const ev = evaluate(c);
    expect(ev.benchmark.valueUSD).toBeCloseTo(52, 12);
    expect(ev.benchmark.costUSD).toBeCloseTo(1.1625, 12);
    expect(Array.from(ev.weights).map((w) => Number(w.toFixed(12)))).toEqual([0.15, 0.45, 0.4]);
    expect(ev.means.occupations).toEqual(['occA', 'occB', 'occC']);
    expect(evaluate(withScenario(c, { bootstrap: false }))).toBe(ev);
    expect(evaluate(withScenario(c, { weights: 'equal' }))).not.toBe(ev);
  });

  test('tasks without a run are warned about once per dataset and system, naming the first', () => {
    // sysY loses its runs (and judgments) of A1 and B2
    const dataset = loadDataset(editedDataset({
      'runs.csv': (s) => s.replace(/^y(A1|B2),.*\n/gm, ''),
      'judgments.csv': (s) => s.replace(/^y(A1|B2),.*\n/gm, ''),
    }));
    evaluate({ dataset, system: 'sysY' });
    evaluate({ dataset, system: 'sysY', weights: 'equal' }); // another family, the same dataset and system
    evaluate({ dataset });
    expect(warnings()).toEqual(['2 task(s) have no run on sysY and are left out of its averages (first: A1)']);
  });

  test('two systems with tasks without a run: one warning for each', () => {
    const dataset = loadDataset(editedDataset({
      'runs.csv': (s) => s.replace(/^(yB2|xC2a1|xC2a2),.*\n/gm, ''),
      'judgments.csv': (s) => s.replace(/^(yB2|xC2a1|xC2a2),.*\n/gm, ''),
    }));
    evaluate({ dataset });
    evaluate({ dataset, system: 'sysY' });
    expect(warnings()).toEqual([
      '1 task(s) have no run on sysX and are left out of its averages (first: C2)',
      '1 task(s) have no run on sysY and are left out of its averages (first: B2)',
    ]);
  });

  test('category names in name order whatever order the occupations list them in; a zero-weight category names all its occupations', () => {
    const dataset = loadDataset(editedDataset({ 'occupations.csv': (s) => s.replace('occC,11-0003,Cat2', 'occC,11-0003,Cat0') }));
    const ctx = resolveContext({ dataset });
    expect(weightedCategories(ctx, evaluate(ctx)).names).toEqual(['Cat0', 'Cat1', 'Cat2']);
    const one = loadDataset(editedDataset({ 'occupations.csv': (s) => s.replace('occB,11-0002,Cat2', 'occB,11-0002,Cat1').replace('occC,11-0003,Cat2', 'occC,11-0003,Cat3') }));
    const zero = resolveContext({ dataset: one, weights: { custom: { occA: 0, occB: 0, occC: 1 } } });
    expect(weightedCategories(zero, evaluate(zero)).names).toEqual(['Cat3']);
    expect(warnings()).toEqual(['category Cat1 has zero total weight under the custom weights (occupations: occA, occB), so it has no category average and is left out of the category tables']);
  });

  test('categoriesOf, weightedCategories (zero-weight categories warned in name order) and categoryAverages', () => {
    const dataset = loadDataset(editedDataset({ 'occupations.csv': (s) => s.replace('occC,11-0003,Cat2', 'occC,11-0003,Cat0') }));
    expect(categoriesOf({ dataset }, ['occC', 'occA'])).toEqual(['Cat0', 'Cat1']);
    const ctx = resolveContext({ dataset, weights: { custom: { occA: 0, occB: 1, occC: 0 } } });
    const ev = evaluate(ctx);
    const w = weightedCategories(ctx, ev);
    expect(w.categoryOf).toEqual(['Cat1', 'Cat2', 'Cat0']);
    expect(w.names).toEqual(['Cat2']);
    expect(warnings()).toEqual([
      'category Cat0 has zero total weight under the custom weights (occupations: occC), so it has no category average and is left out of the category tables',
      'category Cat1 has zero total weight under the custom weights (occupations: occA), so it has no category average and is left out of the category tables',
    ]);
    const avg = categoryAverages(ctx, ev);
    expect([...avg.keys()]).toEqual(['Cat2']);
    expect(avg.get('Cat2')!.valueUSD).toBeCloseTo(10, 12); // occB alone: G (20 + 0) / 2
    expect(avg.get('Cat2')!.weight).toBeCloseTo(1, 12);
  });

  test('byName: plain code-unit order (upper case before lower case), 0 for equal names', () => {
    expect(byName('a', 'b')).toBe(-1);
    expect(byName('b', 'a')).toBe(1);
    expect(byName('a', 'a')).toBe(0);
    expect(['b', 'B', 'a', 'A'].sort(byName)).toEqual(['A', 'B', 'a', 'b']);
  });
});
