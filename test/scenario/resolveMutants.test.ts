/**
 * kernel-lib/scenario/resolve.ts, every branch (issue #29): which fields are derived, what a scenario
 * resolves to on a dataset, the rate of every system and the context every table builder gets.
 * Oracles: synthetic-small's manifest (sysX, J1, 2000 draws, seed 20260726) and the documented defaults
 * (expert_only, pass@1, gdp, wilson, no noise), and a five-system copy of it whose rates are decided
 * by hand from the documented precedence (a per-system rate, then the --rate of the primary system's
 * node type, then the node-types file; a system without a base rate keeps its recorded cost).
 *
 * Bug this file found (the test failed before the fix): a manifest whose bootstrap.draws is too large
 * for memory was reported as "scenario field draws: missing (expected an integer >= 1; invalid
 * draws: ... (from manifest.json bootstrap.draws) ...)", on the command line "--draws (scenario field
 * draws): missing", as if the user had to give --draws; now the manifest's own error.
 *
 * The run of resolve.ts before this file (docs/mutation.md, session s9-29b): 224 mutants, 47 survived
 * and 23 without coverage, nearly all in scenarioToTableOptions (tested only for its plain options),
 * systemPricing's precedence, the file-field errors, the rate warnings and the draws error. After it
 * (their lines rerun with MUTATION_FORCE=1): 212 of 225 killed; 13 equivalent were left. Session s11-sc
 * took out the code behind eight of them (no output changed): derivedFields' `s.derived ?? []` (new
 * Set(undefined) is empty), sortedRecord's comparator (now sort()'s own code-unit order; the test of
 * code-unit order fails if the sort is dropped), systemPricing's `fileRates.has` and its initial
 * `source = 'recorded'`. Left, equivalent (no input reaches a difference):
 * - scenarioToTableOptions' `(s.derived ?? [])` (188) made `["Stryker was here"]`: a list no field name
 *   is in, as the empty one.
 * - resolveScenario's bootstrap `s.draws === undefined && s.seed === undefined` made `false` (84):
 *   `{ draws: undefined, seed: undefined }` falls back to the manifest's draws and seed exactly as no
 *   bootstrap option does (resolveBootstrap's `??`), with the same error source text.
 * - the catch's rethrow test made `false` or `&&` (89), and its 'seed' (90): after the schema and the
 *   dataset loader have checked every field, the only error resolveContext can throw is checkDraws'
 *   "invalid draws" (the loader refuses a manifest naming an unknown system or judge; a seed the schema
 *   accepted is never invalid).
 */
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { J2GError } from '../../kernel-lib/errors.ts';
import { changesRates, derivedFields, resolveScenario, scenarioToTableOptions, systemPricing } from '../../kernel-lib/scenario/resolve.ts';
import { ScenarioError, type ResolvedScenario } from '../../kernel-lib/scenario/schema.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';
import { editedDataset, SMALL } from '../helpers/dataset.ts';

onWarning(null);
const small = loadDataset(SMALL);
const ALL = ['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'rates', 'draws', 'seed', 'winTieInterval', 'qaij', 'noise'];
const H = (c: string) => c.repeat(64);

/** synthetic-small with five systems: sysX (primary, H200 x8, $10), sysY (H100 x1, $20, runs), sysZ (NVIDIA H200 x8, $12), sysW (H200 x1, no base rate), sysV (h100 x1, $30). */
const five = () => loadDataset(editedDataset({
  'systems.csv': () => 'system,model,harness,backend,accelerator,accelerator_count,node_rate_usd_per_hour\n'
    + 'sysX,Model X,OpenHands,vLLM,H200,8,10\nsysY,Model Y,OpenHands,vLLM,H100,1,20\nsysZ,Model Z,h,b,NVIDIA H200,8,12\nsysW,Model W,h,b,H200,1,\nsysV,Model V,h,b,h100,1,30\n',
}));

describe('derivedFields', () => {
  test('every field not given, in scenario.json order', () => {
    expect(derivedFields({ dataset: 'd' })).toStrictEqual(ALL);
    expect(derivedFields({ dataset: 'd', policy: 'pass@2', judge: 'J2', noise: {} })).toStrictEqual(ALL.filter((f) => !['policy', 'judge', 'noise'].includes(f)));
  });
  test('a field listed in the file\'s own `derived` stays derived though it has a value', () => {
    expect(derivedFields({ dataset: 'd', policy: 'pass@2', judge: 'J2', derived: ['policy'] })).toStrictEqual(ALL.filter((f) => f !== 'judge'));
    expect(derivedFields({ dataset: 'd', policy: 'pass@2', derived: [] })).toStrictEqual(ALL.filter((f) => f !== 'policy'));
  });
});

describe('resolveScenario', () => {
  test('every field given is kept, the rates sorted by system, and nothing is derived', () => {
    const r = resolveScenario({
      dataset: SMALL, system: 'sysY', judge: 'J2', judgmentReference: 'expert_with_ai', timeReference: 'expert_only', policy: '1-of-2', tieCredit: 0,
      weights: { file: 'w.csv' }, rates: { nodeRateUSDPerHour: 40, bySystem: { sysY: 5, sysX: 6 }, nodeTypesFile: 'n.csv', sweepFile: 's.csv' },
      draws: 30, seed: 7, winTieInterval: 'exact', qaij: { latencyMaxS: 90 }, noise: { attempts: true, grading: true, meter: { eps: 0.1, beta: 0.2 } },
    }, small);
    expect(r).toStrictEqual({
      version: 1, dataset: SMALL, system: 'sysY', judge: 'J2', judgmentReference: 'expert_with_ai', timeReference: 'expert_only', policy: '1-of-2', tieCredit: 0,
      weights: { file: 'w.csv' }, rates: { nodeRateUSDPerHour: 40, bySystem: { sysX: 6, sysY: 5 }, nodeTypesFile: 'n.csv', sweepFile: 's.csv' },
      draws: 30, seed: 7, winTieInterval: 'exact', qaij: { latencyMaxS: 90 }, noise: { attempts: true, grading: true, meter: { eps: 0.1, beta: 0.2 } },
      derived: [],
    });
    expect(Object.keys(r.rates.bySystem)).toStrictEqual(['sysX', 'sysY']);
  });

  test('per-system rates are written in code-unit order of the system ids', () => {
    const ds = five();
    const r = resolveScenario({ dataset: SMALL, rates: { bySystem: { sysZ: 1, sysV: 2, sysY: 3, sysX: 4, sysW: 5 } } }, ds);
    expect(Object.entries(r.rates.bySystem)).toStrictEqual([['sysV', 2], ['sysW', 5], ['sysX', 4], ['sysY', 3], ['sysZ', 1]]);
  });

  test('the dataset\'s hashes: given by the caller, else the input\'s; absent when neither', () => {
    expect('datasetSha256' in resolveScenario({ dataset: SMALL }, small)).toBe(false);
    expect(resolveScenario({ dataset: SMALL, datasetSha256: H('a') }, small).datasetSha256).toBe(H('a'));
    expect(resolveScenario({ dataset: SMALL, datasetSha256: H('a') }, small, { datasetSha256: H('b') }).datasetSha256).toBe(H('b'));
    const r = resolveScenario({ dataset: SMALL }, small, { datasetFiles: { 'runs.csv': H('c') }, datasetChange: { fromSha256: H('d'), changedFiles: ['runs.csv'] } });
    expect([r.datasetFiles, r.datasetChange]).toStrictEqual([{ 'runs.csv': H('c') }, { fromSha256: H('d'), changedFiles: ['runs.csv'] }]);
    const bare = resolveScenario({ dataset: SMALL }, small);
    expect(['datasetFiles' in bare, 'datasetChange' in bare]).toStrictEqual([false, false]);
  });

  test('a derived field still at its derivation is resolved again from its source; an edited one is honoured as chosen', () => {
    // as written: system, policy, draws at their derivations, timeReference at the judgment reference
    const r = resolveScenario({ dataset: SMALL, system: 'sysX', policy: 'pass@1', judgmentReference: 'expert_with_ai', timeReference: 'expert_with_ai', draws: 2000, derived: ['system', 'policy', 'timeReference', 'draws'] }, small);
    expect([r.system, r.policy, r.judgmentReference, r.timeReference, r.draws]).toStrictEqual(['sysX', 'pass@1', 'expert_with_ai', 'expert_with_ai', 2000]);
    expect(r.derived).toStrictEqual(['system', 'judge', 'timeReference', 'policy', 'tieCredit', 'weights', 'rates', 'draws', 'seed', 'winTieInterval', 'qaij', 'noise']);
    // edited: each value kept, and no longer derived
    const e = resolveScenario({ dataset: SMALL, system: 'sysY', policy: 'pass@2', judgmentReference: 'expert_with_ai', timeReference: 'expert_only', draws: 9, derived: ['system', 'policy', 'draws'] }, small);
    expect([e.system, e.policy, e.judgmentReference, e.timeReference, e.draws]).toStrictEqual(['sysY', 'pass@2', 'expert_with_ai', 'expert_only', 9]);
    expect(e.derived).toStrictEqual(['judge', 'tieCredit', 'weights', 'rates', 'seed', 'winTieInterval', 'qaij', 'noise']);
  });

  test('draws alone keeps the manifest\'s seed; seed alone keeps the manifest\'s draws', () => {
    expect([resolveScenario({ dataset: SMALL, draws: 50 }, small)].map((r) => [r.draws, r.seed])).toStrictEqual([[50, 20260726]]);
    expect([resolveScenario({ dataset: SMALL, seed: 3 }, small)].map((r) => [r.draws, r.seed])).toStrictEqual([[2000, 3]]);
  });

  test('names the dataset lacks are refused with the dataset\'s names', () => {
    const ds = five();
    const msg = (input: Record<string, unknown>) => { try { resolveScenario({ dataset: SMALL, ...input }, ds); } catch (e) { expect(e).toBeInstanceOf(ScenarioError); return (e as Error).message; } return 'accepted'; };
    expect(msg({ system: 'sysQ' })).toBe('scenario field system: "sysQ" is not allowed (expected one of sysX, sysY, sysZ, sysW, sysV)');
    expect(msg({ judge: 'J3' })).toBe('scenario field judge: "J3" is not allowed (expected one of J1, J2)');
    expect(msg({ rates: { bySystem: { sysV: 1, sysQ: 2.5 } } })).toBe('scenario field rates.bySystem.sysQ: 2.5 is not allowed (expected a rate for one of sysX, sysY, sysZ, sysW, sysV)');
    expect(msg({ system: 'sysW', judge: 'J2', rates: { bySystem: { sysW: 1 } } })).toBe('accepted');
  });

  test('draws too large for memory: a given value is named as the field, the manifest\'s by its own error', () => {
    expect(() => resolveScenario({ dataset: SMALL, draws: 1e12 }, small, {}, { where: (f) => `--${f}` }))
      .toThrow(/^--draws: 1000000000000 is not allowed \(expected an integer >= 1; invalid draws: 1000000000000 \(from the draws option\): a bootstrap of \d+ series/);
    const dir = editedDataset({ 'manifest.json': (t) => t.replace('"draws": 2000', '"draws": 1e12') });
    let err: unknown;
    try { resolveScenario({ dataset: dir }, loadDataset(dir)); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(J2GError);
    expect(err).not.toBeInstanceOf(ScenarioError);
    expect((err as Error).message).toMatch(/^invalid draws: 1000000000000 \(from manifest.json bootstrap.draws\): /);
    // the scenario's own draws replace the manifest's: no error
    expect(resolveScenario({ dataset: dir, draws: 10 }, loadDataset(dir)).draws).toBe(10);
  });

  test('the noise meter is a copy, and null stays null', () => {
    const meter = { eps: 0.3, beta: 0 };
    const r = resolveScenario({ dataset: SMALL, noise: { meter } }, small);
    expect(r.noise).toStrictEqual({ attempts: false, grading: false, meter: { eps: 0.3, beta: 0 } });
    meter.eps = 9;
    expect(r.noise.meter!.eps).toBe(0.3);
    expect(resolveScenario({ dataset: SMALL, noise: { attempts: true } }, small).noise).toStrictEqual({ attempts: true, grading: false, meter: null });
  });
});

describe('changesRates', () => {
  test('any one of a node rate, a per-system rate or a node-types file changes rates; a sweep file alone does not', () => {
    // resolved inside the test: resolve.ts run while vitest collects a file would make its mutants "static" (docs/mutation.md)
    const base = resolveScenario({ dataset: SMALL }, small);
    const withRates = (rates: Partial<ResolvedScenario['rates']>): ResolvedScenario => ({ ...base, rates: { ...base.rates, ...rates } });
    expect(changesRates(base)).toBe(false);
    expect(changesRates(withRates({ nodeRateUSDPerHour: 0 }))).toBe(true);
    expect(changesRates(withRates({ bySystem: { sysY: 1 } }))).toBe(true);
    expect(changesRates(withRates({ nodeTypesFile: 'n.csv' }))).toBe(true);
    expect(changesRates(withRates({ sweepFile: 's.csv' }))).toBe(false);
  });
});

describe('systemPricing on five systems, by hand', () => {
  const ds = five();
  const NO_BASE = 'no node_rate_usd_per_hour in systems.csv to re-price from';
  test('per-system rate, then the primary node type\'s rate, then the node-types file, in systems.csv order', () => {
    const s = resolveScenario({ dataset: SMALL, rates: { nodeRateUSDPerHour: 40, bySystem: { sysZ: 50, sysV: 33 } } }, ds);
    expect(systemPricing(s, ds, [
      { accelerator: 'H200', acceleratorCount: 8, usdPerNodeHour: 99 }, // loses to the --rate of the primary node type
      { accelerator: 'NVIDIA H100', acceleratorCount: 1, usdPerNodeHour: 25 },
      { accelerator: 'H200', acceleratorCount: 1, usdPerNodeHour: 7 }, // sysW: but no base rate
    ])).toStrictEqual([
      { system: 'sysX', nodeType: 'h200x8', rateUSDPerHour: 40, source: 'primaryNodeType' },
      { system: 'sysY', nodeType: 'h100x1', rateUSDPerHour: 25, source: 'nodeTypesFile' },
      { system: 'sysZ', nodeType: 'h200x8', rateUSDPerHour: 50, source: 'bySystem' },
      { system: 'sysW', nodeType: 'h200x1', rateUSDPerHour: null, source: 'recorded', reason: NO_BASE },
      { system: 'sysV', nodeType: 'h100x1', rateUSDPerHour: 33, source: 'bySystem' },
    ]);
  });

  test('without a node rate the primary node type takes the file\'s rate; a type with no rate anywhere keeps its cost', () => {
    const s = resolveScenario({ dataset: SMALL, rates: { nodeTypesFile: 'n.csv' } }, ds);
    expect(systemPricing(s, ds, [{ accelerator: 'h200', acceleratorCount: 8, usdPerNodeHour: 11 }])).toStrictEqual([
      { system: 'sysX', nodeType: 'h200x8', rateUSDPerHour: 11, source: 'nodeTypesFile' },
      { system: 'sysY', nodeType: 'h100x1', rateUSDPerHour: null, source: 'recorded', reason: 'no rate for this system or its node type H100 x1' },
      { system: 'sysZ', nodeType: 'h200x8', rateUSDPerHour: 11, source: 'nodeTypesFile' },
      { system: 'sysW', nodeType: 'h200x1', rateUSDPerHour: null, source: 'recorded', reason: 'no rate for this system or its node type H200 x1' },
      { system: 'sysV', nodeType: 'h100x1', rateUSDPerHour: null, source: 'recorded', reason: 'no rate for this system or its node type h100 x1' },
    ]);
  });

  test('the primary node type is the scenario system\'s, not the manifest\'s; a rate of 0 is a rate', () => {
    const s = resolveScenario({ dataset: SMALL, system: 'sysY', rates: { nodeRateUSDPerHour: 0, bySystem: { sysW: 3 } } }, ds);
    expect(systemPricing(s, ds).map((p) => [p.system, p.rateUSDPerHour, p.source])).toStrictEqual([
      ['sysX', null, 'recorded'], ['sysY', 0, 'primaryNodeType'], ['sysZ', null, 'recorded'], ['sysW', null, 'recorded'], ['sysV', 0, 'primaryNodeType'],
    ]);
    expect(systemPricing(s, ds)[3].reason).toBe(NO_BASE);
  });

  test('a system id that is an Object property name is no per-system rate unless given', () => {
    const dir = editedDataset({ 'systems.csv': (t) => `${t.trimEnd()}\ntoString,Model T,h,b,A100,4,5\n` });
    const d = loadDataset(dir);
    const s = resolveScenario({ dataset: dir, rates: { bySystem: { sysY: 2 } } }, d);
    expect(systemPricing(s, d).map((p) => [p.system, p.rateUSDPerHour, p.source])).toStrictEqual([['sysX', null, 'recorded'], ['sysY', 2, 'bySystem'], ['toString', null, 'recorded']]);
  });
});

describe('scenarioToTableOptions', () => {
  test('a default scenario leaves every field to resolveContext (all derived)', () => {
    const c = scenarioToTableOptions(resolveScenario({ dataset: SMALL }, small), small);
    expect(c.derived).toStrictEqual(['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'rates', 'sweep', 'bootstrap', 'winTieInterval', 'noise']);
    expect([c.system, c.judge, c.judgmentReference, c.timeReference, c.policy, c.weights, c.rates, c.sweep, c.bootstrap, c.winTieInterval, c.noise])
      .toStrictEqual(['sysX', 'J1', 'expert_only', 'expert_only', { kind: 'pass', k: 1 }, 'gdp', undefined, undefined, { draws: 2000, seed: 20260726 }, 'wilson', { attempts: false, grading: false, meter: null }]);
  });

  test('every chosen field is passed on as chosen', () => {
    const s = resolveScenario({
      dataset: SMALL, system: 'sysY', judge: 'J2', judgmentReference: 'expert_with_ai', timeReference: 'expert_only', policy: '2-of-2',
      tieCredit: 0.25, weights: 'equal', draws: 40, seed: 8, winTieInterval: 'wilson_corrected', noise: { grading: true },
    }, small);
    const c = scenarioToTableOptions(s, small);
    expect(c.derived).toStrictEqual(['rates', 'sweep']);
    expect([c.system, c.judge, c.judgmentReference, c.timeReference, c.policy, c.tieCredit, c.weights, c.bootstrap, c.winTieInterval, c.noise])
      .toStrictEqual(['sysY', 'J2', 'expert_with_ai', 'expert_only', { kind: 'threshold', m: 2, n: 2 }, 0.25, 'equal', { draws: 40, seed: 8 }, 'wilson_corrected', { attempts: false, grading: true, meter: null }]);
  });

  test('draws alone or seed alone makes the bootstrap chosen', () => {
    const a = scenarioToTableOptions(resolveScenario({ dataset: SMALL, draws: 40 }, small), small);
    expect([a.bootstrap, a.derived.includes('bootstrap')]).toStrictEqual([{ draws: 40, seed: 20260726 }, false]);
    const b = scenarioToTableOptions(resolveScenario({ dataset: SMALL, seed: 4 }, small), small);
    expect([b.bootstrap, b.derived.includes('bootstrap')]).toStrictEqual([{ draws: 2000, seed: 4 }, false]);
  });

  test('weights: a name, custom weights, or the weights read from the file', () => {
    const custom = scenarioToTableOptions(resolveScenario({ dataset: SMALL, weights: { custom: { occA: 1, occB: 0, occC: 3 } } }, small), small);
    expect(custom.weights).toStrictEqual({ custom: { occA: 1, occB: 0, occC: 3 } });
    const read = { custom: { occA: 2, occB: 2, occC: 1 } };
    const file = scenarioToTableOptions(resolveScenario({ dataset: SMALL, weights: { file: 'w.csv' } }, small), small, { weights: read });
    expect(file.weights).toStrictEqual(read);
  });

  test('a file field without its contents is an error naming the field and the file', () => {
    const r = (input: Record<string, unknown>) => resolveScenario({ dataset: SMALL, ...input }, small);
    expect(() => scenarioToTableOptions(r({ weights: { file: 'w.csv' } }), small)).toThrow(new J2GError('scenario field weights: the file w.csv was not read (use loadScenario, or pass its weights)'));
    expect(() => scenarioToTableOptions(r({ rates: { nodeTypesFile: 'n.csv' } }), small)).toThrow(new J2GError('scenario field rates.nodeTypesFile: the file n.csv was not read (use loadScenario, or pass its rates)'));
    expect(() => scenarioToTableOptions(r({ rates: { sweepFile: 's.csv' } }), small)).toThrow(new J2GError('scenario field rates.sweepFile: the file s.csv was not read (use loadScenario, or pass its rates)'));
    // with their contents: no error
    const nodeTypes = [{ accelerator: 'H100', acceleratorCount: 1, usdPerNodeHour: 30 }];
    expect(scenarioToTableOptions(r({ rates: { nodeTypesFile: 'n.csv' } }), small, { nodeTypes }).rates).toStrictEqual({ bySystem: { sysY: 30 } });
    const sweep = [{ label: 'p1', usdPerNodeHour: 3 }, { label: 'p2', usdPerNodeHour: 4 }];
    const c = scenarioToTableOptions(r({ rates: { sweepFile: 's.csv' } }), small, { sweep });
    expect([c.sweep, c.rates, c.derived.includes('sweep')]).toStrictEqual([sweep, undefined, false]);
  });

  test('changed rates: the re-priced systems\' rates, a warning per system that keeps its cost and per re-priced system without node_hours', () => {
    const ds = five();
    const s = resolveScenario({ dataset: SMALL, rates: { nodeRateUSDPerHour: 40, bySystem: { sysV: 33 } } }, ds);
    clearWarnings();
    const c = scenarioToTableOptions(s, ds);
    expect(c.rates).toStrictEqual({ bySystem: { sysX: 40, sysZ: 40, sysV: 33 } });
    expect(c.derived.includes('rates')).toBe(false);
    const noNodeHours = (sys: string) => `rates: runs of ${sys} have no node_hours, so each is re-priced as if all of its cost were node time (Appendix G.1's fixed non-node charges are not kept; give node_hours in runs.csv to keep them)`;
    expect([...warnings()]).toStrictEqual([
      // sysV's rate is its own: sysY, of the same node type, is told that the rate is not the node type's
      'rates: system sysY keeps its recorded cost (no rate for this system: rates.bySystem prices sysV of its node type H100 x1, not the node type); its rows are marked cost_basis=recorded',
      'rates: system sysW keeps its recorded cost (no rate for this system or its node type H200 x1); its rows are marked cost_basis=recorded',
      noNodeHours('sysX'), // sysZ and sysV have no runs
    ]);
    clearWarnings();
    // sysY re-priced too: both systems with runs warn, in order of their first run
    scenarioToTableOptions(resolveScenario({ dataset: SMALL, rates: { bySystem: { sysY: 1, sysX: 2 } } }, ds), ds);
    expect([...warnings()]).toStrictEqual([
      // a system's rate prices that system alone: the systems sharing its node type are told so
      'rates: system sysZ keeps its recorded cost (no rate for this system: rates.bySystem prices sysX of its node type NVIDIA H200 x8, not the node type); its rows are marked cost_basis=recorded',
      'rates: system sysW keeps its recorded cost (no rate for this system or its node type H200 x1); its rows are marked cost_basis=recorded',
      'rates: system sysV keeps its recorded cost (no rate for this system: rates.bySystem prices sysY of its node type h100 x1, not the node type); its rows are marked cost_basis=recorded',
      noNodeHours('sysX'), noNodeHours('sysY'),
    ]);
    clearWarnings();
    scenarioToTableOptions(resolveScenario({ dataset: SMALL }, ds), ds);
    expect(warnings()).toStrictEqual([]);
  });
});
