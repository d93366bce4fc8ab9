/**
 * Command-line flags onto scenario fields (kernel-lib/scenario/flags.ts), every branch: the mutation
 * run of issue #29 found scenarioFromFlags tested only for its rates, and flagFieldName /
 * flagOrFileFieldName not at all in the scenario folder (only through the CLI, in a child process,
 * where no mutant is seen). Oracles: the flag table of flags.ts's header comment, copied by hand into
 * FLAG_OF below, and each merged object written out by hand.
 *
 * Equivalent survivors (`MUTATION_FORCE=1 MUTATION_FOLDER=scenario MUTATION_MUTATE=kernel-lib/scenario/flags.ts:51-134`):
 * - flagOrFileFieldName's `flag !== undefined` made `true`: with no flag, `options[undefined]` reads the
 *   key "undefined", which no flag has, so `given` is false either way.
 * - flagFieldName's pattern without its `$`: since the `s` flag (added after this run found a system id
 *   with a line break named only up to the break), the greedy `(.+)` reaches the end of the text anyway.
 * SCENARIO_FLAGS and SCENARIO_VALUE_FLAGS (lines 29-49) are built when the module loads: "static" to
 * Stryker, each mutant there reruns the whole folder (25 mutants, 95% of the run's estimated time), so
 * they were left out of this run; the first test below checks both against the header table.
 */
import { describe, expect, test } from 'vitest';
import { SCENARIO_FLAGS, SCENARIO_VALUE_FLAGS, flagFieldName, flagOrFileFieldName, scenarioFromFlags } from '../../kernel-lib/scenario/flags.ts';

// The header comment's table, by hand: scenario field -> flag.
const FLAG_OF: Record<string, string> = {
  dataset: 'data', system: 'system', judge: 'judge', judgmentReference: 'judgment-reference', timeReference: 'time-reference',
  policy: 'policy', tieCredit: 'tie-credit', weights: 'weights', 'rates.nodeRateUSDPerHour': 'rate', 'rates.bySystem': 'rate', 'rates.nodeTypesFile': 'node-rates',
  'rates.sweepFile': 'rates', draws: 'draws', seed: 'seed', winTieInterval: 'win-tie-interval', 'qaij.latencyMaxS': 'latency-max', noise: 'noise',
};

describe('flag names', () => {
  test('SCENARIO_FLAGS is the header table, and the single-valued flags are all of them but the repeatable --rate', () => {
    expect(SCENARIO_FLAGS).toStrictEqual(FLAG_OF);
    expect([...SCENARIO_VALUE_FLAGS].sort()).toStrictEqual(['data', 'draws', 'judge', 'judgment-reference', 'latency-max', 'node-rates', 'noise', 'policy', 'rates', 'seed', 'system', 'tie-credit', 'time-reference', 'weights', 'win-tie-interval']);
  });

  test('flagFieldName: every field names its flag, then the field', () => {
    for (const [field, flag] of Object.entries(FLAG_OF)) expect(flagFieldName(field)).toBe(`--${flag} (scenario field ${field})`);
  });

  test('flagFieldName: a per-system rate names the system in the flag; a field without a flag is named as a field', () => {
    expect(flagFieldName('rates.bySystem.sysX')).toBe('--rate sysX=USD (scenario field rates.bySystem.sysX)');
    expect(flagFieldName('rates.bySystem.a.b')).toBe('--rate a.b=USD (scenario field rates.bySystem.a.b)');
    // no system after the dot, or the pattern not at the start: not a per-system rate
    expect(flagFieldName('rates.bySystem.')).toBe('scenario field rates.bySystem.');
    expect(flagFieldName('x.rates.bySystem.s')).toBe('scenario field x.rates.bySystem.s');
    expect(flagFieldName('derived')).toBe('scenario field derived');
    // a system id may hold any character (rates.bySystem's keys are any non-empty text): the flag names all of it
    expect(flagFieldName('rates.bySystem.a\nb')).toBe('--rate a\nb=USD (scenario field rates.bySystem.a\nb)');
  });
});

describe('flagOrFileFieldName', () => {
  const where = (f: string) => `s.json:3: scenario field ${f}`;

  test('a field a flag set is named by the flag; one the file set by the file\'s line', () => {
    const name = flagOrFileFieldName({ policy: 'pass@2', draws: undefined }, where);
    expect(name('policy')).toBe('--policy (scenario field policy)');
    expect(name('draws')).toBe('s.json:3: scenario field draws');
    expect(name('derived')).toBe('s.json:3: scenario field derived');
  });

  test('without a file every field is named by the flag that could set it', () => {
    expect(flagOrFileFieldName({})('draws')).toBe('--draws (scenario field draws)');
  });

  test('--rate: given when the list is non-empty (or a single text), for the node rate and every per-system rate', () => {
    expect(flagOrFileFieldName({ rate: [] }, where)('rates.bySystem.sysX')).toBe('s.json:3: scenario field rates.bySystem.sysX');
    expect(flagOrFileFieldName({ rate: ['sysX=5'] }, where)('rates.bySystem.sysX')).toBe('--rate sysX=USD (scenario field rates.bySystem.sysX)');
    expect(flagOrFileFieldName({ rate: ['5'] }, where)('rates.nodeRateUSDPerHour')).toBe('--rate (scenario field rates.nodeRateUSDPerHour)');
    expect(flagOrFileFieldName({ rate: '5' }, where)('rates.nodeRateUSDPerHour')).toBe('--rate (scenario field rates.nodeRateUSDPerHour)');
    // a field that only contains the per-system pattern is not a per-system rate
    expect(flagOrFileFieldName({ rate: ['a=1'] }, where)('x.rates.bySystem.a')).toBe('s.json:3: scenario field x.rates.bySystem.a');
  });
});

describe('scenarioFromFlags', () => {
  const base = { dataset: 'base', system: 'sb', policy: 'pass@1', qaij: { latencyMaxS: 5, keep: 1 }, rates: { nodeRateUSDPerHour: 3 } };

  test('no flag: the file\'s object, copied, unchanged (no rates object added)', () => {
    const out = scenarioFromFlags({ rate: [] }, base);
    expect(out).toStrictEqual(base);
    expect(out).not.toBe(base);
    expect('rates' in scenarioFromFlags({ rate: [] }, { dataset: 'd' })).toBe(false);
    expect(scenarioFromFlags({})).toStrictEqual({});
  });

  test('every text flag sets its field over the file\'s; a flag that is not text sets nothing', () => {
    const out = scenarioFromFlags({ data: 'd', system: 's', judge: 'j', 'judgment-reference': 'expert', 'time-reference': 'expert_with_ai', policy: 'pass@2', 'win-tie-interval': 'wald', rate: [] }, base);
    expect(out).toStrictEqual({ ...base, dataset: 'd', system: 's', judge: 'j', judgmentReference: 'expert', timeReference: 'expert_with_ai', policy: 'pass@2', winTieInterval: 'wald' });
    expect(scenarioFromFlags({ system: ['a', 'b'], policy: ['pass@3'] }, base)).toStrictEqual(base);
  });

  test('--weights: a scheme name as the name, anything else as a file', () => {
    for (const w of ['gdp', 'employment', 'equal']) expect(scenarioFromFlags({ weights: w }).weights).toBe(w);
    expect(scenarioFromFlags({ weights: 'w.csv' }).weights).toStrictEqual({ file: 'w.csv' });
    expect(scenarioFromFlags({ weights: 'Gdp' }).weights).toStrictEqual({ file: 'Gdp' });
  });

  test('numbers: a plain finite decimal becomes a number; other text is passed on for the schema to refuse', () => {
    const n = (v: string) => scenarioFromFlags({ draws: v, seed: v }, {});
    expect(n('400')).toStrictEqual({ draws: 400, seed: 400 });
    expect(n('-1.5e2')).toStrictEqual({ draws: -150, seed: -150 });
    for (const v of ['x', '1e999', '0x10', '', ' 4']) expect(n(v)).toStrictEqual({ draws: v, seed: v });
  });

  test('--latency-max sets qaij.latencyMaxS and keeps the file\'s other qaij fields', () => {
    expect(scenarioFromFlags({ 'latency-max': '30' }, base).qaij).toStrictEqual({ latencyMaxS: 30, keep: 1 });
    expect(scenarioFromFlags({ 'latency-max': '30' }, {}).qaij).toStrictEqual({ latencyMaxS: 30 });
    expect(base.qaij).toStrictEqual({ latencyMaxS: 5, keep: 1 });
  });

  test('--noise as the field\'s object; text that does not read is passed on', () => {
    expect(scenarioFromFlags({ noise: 'attempts,meter:0.05:0.02' }).noise).toStrictEqual({ attempts: true, grading: false, meter: { eps: 0.05, beta: 0.02 } });
    expect(scenarioFromFlags({ noise: 'grading' }).noise).toStrictEqual({ attempts: false, grading: true, meter: null });
    expect(scenarioFromFlags({ noise: 'tasks' }).noise).toStrictEqual({ attempts: false, grading: false, meter: null });
    expect(scenarioFromFlags({ noise: 'bogus' }).noise).toBe('bogus');
  });

  test('--rate: one text or a list; SYSTEM=USD splits at the first "="; "=USD" (no system) is a node rate the schema refuses', () => {
    expect(scenarioFromFlags({ rate: '12' }).rates).toStrictEqual({ nodeRateUSDPerHour: 12 });
    expect(scenarioFromFlags({ rate: ['12'] }).rates).toStrictEqual({ nodeRateUSDPerHour: 12 });
    expect(scenarioFromFlags({ rate: ['a=b=3'] }).rates).toStrictEqual({ bySystem: { a: 'b=3' } });
    expect(scenarioFromFlags({ rate: ['=5'] }).rates).toStrictEqual({ nodeRateUSDPerHour: '=5' });
    expect(scenarioFromFlags({ rate: ['s=7', 't=x'] }).rates).toStrictEqual({ bySystem: { s: 7, t: 'x' } });
  });

  test('--node-rates and --rates alone set their files over the file\'s rates', () => {
    expect(scenarioFromFlags({ 'node-rates': 'n.csv' }, {}).rates).toStrictEqual({ nodeTypesFile: 'n.csv' });
    expect(scenarioFromFlags({ rates: 'sweep.csv' }, base).rates).toStrictEqual({ nodeRateUSDPerHour: 3, sweepFile: 'sweep.csv' });
    expect(base.rates).toStrictEqual({ nodeRateUSDPerHour: 3 });
  });
});
