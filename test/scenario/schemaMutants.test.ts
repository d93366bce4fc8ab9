/**
 * kernel-lib/scenario/schema.ts, every field and every message (issue #29): the scenario folder's
 * tests checked ten messages and a random round trip of some fields; the mutation run of schema.ts
 * needs each allowed value accepted, each refusal's exact message, the policy pattern's edges and
 * the shown value's edges. Oracles: the header comment's field list and the message texts written
 * out by hand (ALLOWED is the tail of every message, so each entry is checked by a message of its
 * own), policies decided by hand from "pass@k with k >= 1, m-of-n with 1 <= m <= n" (no leading
 * zero, a safe integer), SHA-256 texts of 64 lower-case hex digits.
 *
 * Bugs this file found (each test failed before the fix):
 * - an unknown field inside `weights` ({"file": ..., "x": 1}) or `datasetChange` was reported with
 *   "known: latencyMaxS" (the list of qaij, the fallback of every other object); now each object
 *   names its own fields (weights: the fields of the form given, file or custom).
 * - a BigInt value (a notebook's `draws: 10n`) made the error message itself throw ("Do not know how
 *   to serialize a BigInt") instead of a ScenarioError naming the field.
 * - `pass@9007199254740993` was read as pass@9007199254740992 (Number rounds it) where m-of-n refused
 *   an unsafe n: now refused too (nothing silently coerced).
 *
 * Mutation run (docs/mutation.md, session s9-29b): 198 mutants, 190 killed by this file,
 * resolveMutants.test.ts and scenario.test.ts alone; the 8 left are equivalent (no input reaches a
 * difference):
 * - valueAt's `v !== null && typeof v === 'object'` made `true` (twice), `||`, or its second half
 *   `true` (line 192): zod's issue paths run only through objects and arrays of the input, never
 *   through null, a missing value or a primitive, so the walk never takes the other branch.
 * - parseScenario's `path.length > 1` made `true` or `>= 1` (225): for a one-key path,
 *   `path.slice(0, 2).join('.')` is that key, which has its ALLOWED entry: the same `top`.
 * - no coverage, the two `'(root)'` fallbacks of a zod issue with an empty path (225, 226): a root
 *   that is not an object is refused before zod runs, and an object root gives every issue a path.
 */
import { describe, expect, test } from 'vitest';
import { J2GError } from '../../kernel-lib/errors.ts';
import {
  ALLOWED, DERIVABLE_FIELDS, SCENARIO_VERSION, ScenarioError, WEIGHT_NAMES, WIN_TIE_INTERVALS,
  parseScenario, policyFromText, policyText, scenarioFieldName, scenarioSchema,
} from '../../kernel-lib/scenario/schema.ts';

const H = (c: string) => c.repeat(64);
const msg = (input: unknown, where?: (f: string) => string): string => {
  try {
    parseScenario(input, where);
  } catch (e) {
    expect(e).toBeInstanceOf(ScenarioError);
    return (e as Error).message;
  }
  throw new Error(`accepted: ${JSON.stringify(input)}`);
};
const bad = (fields: Record<string, unknown>) => msg({ dataset: 'd', ...fields });

// What each field allows, in words, copied by hand from the field list of schema.ts's header comment.
const WEIGHTS = '"gdp", "employment", "equal", {"file": "weights.csv"} or {"custom": {"occupation": weight >= 0}}';
const REF = '"expert_only" or "expert_with_ai"';

describe('every field refused with its own words', () => {
  test.each<[Record<string, unknown>, string]>([
    [{ version: 2 }, 'version: 2 is not allowed (expected 1)'],
    [{ dataset: '' }, 'dataset: "" is not allowed (expected a dataset directory)'],
    [{ datasetSha256: H('A') }, `datasetSha256: "${H('A')}" is not allowed (expected 64 lower-case hex digits)`],
    [{ system: '' }, 'system: "" is not allowed (expected a system id of systems.csv)'],
    [{ judge: 3 }, 'judge: 3 is not allowed (expected a judge id of judgments.csv)'],
    [{ judgmentReference: 'expert' }, `judgmentReference: "expert" is not allowed (expected ${REF})`],
    [{ timeReference: 'ai' }, `timeReference: "ai" is not allowed (expected ${REF})`],
    [{ policy: 'pass@0' }, 'policy: "pass@0" is not allowed (expected "pass@k" with k >= 1, or "m-of-n" with 1 <= m <= n)'],
    [{ weights: 'gdp ' }, `weights: "gdp " is not allowed (expected ${WEIGHTS})`],
    [{ weights: { custom: { occA: -1 } } }, `weights.custom.occA: -1 is not allowed (expected ${WEIGHTS})`],
    [{ rates: 5 }, 'rates: 5 is not allowed (expected an object with nodeRateUSDPerHour (USD >= 0 or null), bySystem ({"system": USD >= 0}), nodeTypesFile and sweepFile (CSV paths or null))'],
    [{ rates: { nodeRateUSDPerHour: -2 } }, 'rates.nodeRateUSDPerHour: -2 is not allowed (expected a node-hour rate in USD >= 0, or null)'],
    [{ rates: { bySystem: { s: '1' } } }, 'rates.bySystem.s: "1" is not allowed (expected an object {"system": USD per node-hour >= 0})'],
    [{ rates: { nodeTypesFile: '' } }, 'rates.nodeTypesFile: "" is not allowed (expected a CSV path (accelerator,accelerator_count,usd_per_node_hour) or null)'],
    [{ rates: { sweepFile: 7 } }, 'rates.sweepFile: 7 is not allowed (expected a CSV path (provider,usd_per_node_hour) or null)'],
    [{ draws: 2.5 }, 'draws: 2.5 is not allowed (expected an integer >= 1)'],
    [{ seed: 2 ** 53 }, 'seed: 9007199254740992 is not allowed (expected a safe integer >= 0)'],
    [{ winTieInterval: 'wald' }, 'winTieInterval: "wald" is not allowed (expected "wilson", "wilson_corrected" or "exact")'],
    [{ qaij: 1 }, 'qaij: 1 is not allowed (expected an object {"latencyMaxS": seconds >= 0 or null})'],
    [{ qaij: { latencyMaxS: -1 } }, 'qaij.latencyMaxS: -1 is not allowed (expected a latency in seconds >= 0, or null)'],
    [{ noise: true }, 'noise: true is not allowed (expected an object {"attempts": true|false, "grading": true|false, "meter": null or {"eps": relative SD >= 0, "beta": relative SD >= 0}}; as a flag: tasks, or a comma list of attempts, grading, meter:EPS:BETA)'],
    [{ noise: { meter: 5 } }, 'noise.meter: 5 is not allowed (expected null or {"eps": relative SD >= 0, "beta": relative SD >= 0})'],
    [{ derived: ['system', 'sweep'] }, 'derived.1: "sweep" is not allowed (expected a list of scenario field names)'],
    [{ datasetFiles: { 'runs.csv': 'x' } }, 'datasetFiles.runs.csv: "x" is not allowed (expected an object {"file": SHA-256})'],
    [{ datasetChange: { fromSha256: H('a'), changedFiles: [1] } }, 'datasetChange.changedFiles.0: 1 is not allowed (expected an object {"fromSha256": SHA-256, "changedFiles": [names]})'],
  ])('%j', (fields, tail) => {
    expect(bad(fields)).toBe(`scenario field ${tail}`);
  });

  test('every top-level field has its words (none falls back to the validator\'s own message)', () => {
    const fields = Object.keys(scenarioSchema.shape);
    expect(fields).toStrictEqual(['version', 'dataset', 'datasetSha256', 'system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'rates', 'draws', 'seed', 'winTieInterval', 'qaij', 'noise', 'derived', 'datasetFiles', 'datasetChange']);
    for (const f of fields) expect(typeof ALLOWED[f] === 'string' && ALLOWED[f].length > 0, f).toBe(true);
  });

  test('a missing dataset is "missing", not a value', () => {
    expect(msg({})).toBe('scenario field dataset: missing (expected a dataset directory)');
    expect(msg({ dataset: undefined, policy: 'pass@1' })).toBe('scenario field dataset: missing (expected a dataset directory)');
  });

  test('not an object at all: the root is named', () => {
    const tail = 'is not allowed (expected a JSON object of scenario fields)';
    expect(msg(null)).toBe(`scenario field (root): null ${tail}`);
    expect(msg(5)).toBe(`scenario field (root): 5 ${tail}`);
    expect(msg('d')).toBe(`scenario field (root): "d" ${tail}`);
    expect(msg([])).toBe(`scenario field (root): [] ${tail}`);
    expect(msg([{ dataset: 'd' }])).toBe(`scenario field (root): [{"dataset":"d"}] ${tail}`);
    expect(msg(undefined)).toBe(`scenario field (root): missing (expected a JSON object of scenario fields)`);
  });

  test('the caller names the field its way; the error keeps field, value and allowance', () => {
    expect(msg({ dataset: 'd', draws: 0 }, (f) => `parameter ${f}`)).toBe('parameter draws: 0 is not allowed (expected an integer >= 1)');
    expect(scenarioFieldName('rates.bySystem.x')).toBe('scenario field rates.bySystem.x');
    const e = new ScenarioError('policy', 'p', 'something');
    expect(e).toBeInstanceOf(J2GError);
    expect(e.name).toBe('ScenarioError');
    expect([e.field, e.value, e.allowed, e.message]).toStrictEqual(['policy', 'p', 'something', 'scenario field policy: "p" is not allowed (expected something)']);
  });
});

describe('unknown fields name the fields of their own object', () => {
  const ROOT = 'version, dataset, datasetSha256, system, judge, judgmentReference, timeReference, policy, tieCredit, weights, rates, draws, seed, winTieInterval, qaij, noise, derived, datasetFiles, datasetChange';
  test.each<[Record<string, unknown>, string]>([
    [{ drawz: 5 }, `drawz: 5 is not allowed (expected no such field; known: ${ROOT})`],
    [{ rates: { nodeRate: 3 } }, 'rates.nodeRate: 3 is not allowed (expected no such field; known: nodeRateUSDPerHour, bySystem, nodeTypesFile, sweepFile)'],
    [{ noise: { tasks: true } }, 'noise.tasks: true is not allowed (expected no such field; known: attempts, grading, meter)'],
    [{ noise: { meter: { eps: 0.1, beta: 0.2, gamma: 0 } } }, 'noise.meter.gamma: 0 is not allowed (expected no such field; known: eps, beta)'],
    [{ qaij: { latency: 1 } }, 'qaij.latency: 1 is not allowed (expected no such field; known: latencyMaxS)'],
    [{ weights: { file: 'w.csv', sheet: 1 } }, 'weights.sheet: 1 is not allowed (expected no such field; known: file)'],
    [{ weights: { custom: { occA: 1 }, norm: true } }, 'weights.norm: true is not allowed (expected no such field; known: custom)'],
    [{ datasetChange: { fromSha256: H('0'), changedFiles: [], at: 'now' } }, 'datasetChange.at: "now" is not allowed (expected no such field; known: fromSha256, changedFiles)'],
  ])('%j', (fields, tail) => {
    expect(bad(fields)).toBe(`scenario field ${tail}`);
  });

  test('of two unknown fields the first is named', () => {
    expect(bad({ aa: 1, bb: 2 })).toMatch(/^scenario field aa: 1 is not allowed/);
  });
});

describe('every allowed value is accepted as given', () => {
  test('a scenario with every field, resolved-file fields included, parses to itself', () => {
    const s = {
      version: 1, dataset: 'data/x', datasetSha256: H('f'), system: 'sysX', judge: 'J1', judgmentReference: 'expert_with_ai', timeReference: 'expert_only',
      policy: '2-of-3', weights: { custom: { occA: 0, occB: 2.5 } }, rates: { nodeRateUSDPerHour: null, bySystem: { sysY: 0, sysX: 12.5 }, nodeTypesFile: 'n.csv', sweepFile: null },
      draws: 1, seed: 0, winTieInterval: 'exact', qaij: { latencyMaxS: null }, noise: { attempts: true, grading: false, meter: { eps: 0, beta: 0.05 } },
      derived: ['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'rates', 'draws', 'seed', 'winTieInterval', 'qaij', 'noise'],
      datasetFiles: { 'runs.csv': H('0'), 'tasks.csv': '0123456789abcdef'.repeat(4) }, datasetChange: { fromSha256: H('9'), changedFiles: ['runs.csv'] },
    };
    expect(parseScenario(s)).toStrictEqual(s);
    expect(parseScenario({ dataset: 'd' })).toStrictEqual({ dataset: 'd' });
    expect(parseScenario({ dataset: 'd', weights: { file: 'w.csv' }, noise: { meter: null }, rates: { nodeTypesFile: null, sweepFile: 's.csv', nodeRateUSDPerHour: 0 }, qaij: { latencyMaxS: 30 } }))
      .toStrictEqual({ dataset: 'd', weights: { file: 'w.csv' }, noise: { meter: null }, rates: { nodeTypesFile: null, sweepFile: 's.csv', nodeRateUSDPerHour: 0 }, qaij: { latencyMaxS: 30 } });
  });

  test('the named weights, the win-tie intervals and the version', () => {
    expect(SCENARIO_VERSION).toBe(1);
    expect([...WEIGHT_NAMES]).toStrictEqual(['gdp', 'employment', 'equal']);
    expect([...WIN_TIE_INTERVALS]).toStrictEqual(['wilson', 'wilson_corrected', 'exact']);
    for (const weights of ['gdp', 'employment', 'equal']) expect(parseScenario({ dataset: 'd', weights }).weights).toBe(weights);
    for (const w of ['wilson', 'wilson_corrected', 'exact']) expect(parseScenario({ dataset: 'd', winTieInterval: w }).winTieInterval).toBe(w);
    expect(bad({ weights: '' })).toMatch(/^scenario field weights: "" is not allowed/);
    expect(bad({ winTieInterval: '' })).toMatch(/^scenario field winTieInterval: "" is not allowed/);
  });

  test('the derivable fields, in scenario.json order, each accepted alone in `derived`', () => {
    const fields = ['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'rates', 'draws', 'seed', 'winTieInterval', 'qaij', 'noise'];
    expect([...DERIVABLE_FIELDS]).toStrictEqual(fields);
    for (const f of fields) expect(parseScenario({ dataset: 'd', derived: [f] }).derived).toStrictEqual([f]);
    expect(bad({ derived: [''] })).toMatch(/^scenario field derived\.0: "" is not allowed/);
    expect(bad({ derived: ['dataset'] })).toMatch(/^scenario field derived\.0: "dataset" is not allowed/);
  });

  test('a SHA-256 is exactly 64 lower-case hex digits, wherever it is', () => {
    const good = ['0123456789abcdef'.repeat(4), H('a')];
    const wrong = [H('a').slice(1), H('a') + 'a', H('A'), H('g'), `x${H('a')}`, `${H('a')}x`, `${H('a')}\n`, ''];
    for (const h of good) {
      expect(parseScenario({ dataset: 'd', datasetSha256: h }).datasetSha256).toBe(h);
      expect(parseScenario({ dataset: 'd', datasetFiles: { f: h } }).datasetFiles).toStrictEqual({ f: h });
      expect(parseScenario({ dataset: 'd', datasetChange: { fromSha256: h, changedFiles: [] } }).datasetChange).toStrictEqual({ fromSha256: h, changedFiles: [] });
    }
    for (const h of wrong) {
      expect(bad({ datasetSha256: h }), h).toMatch(/^scenario field datasetSha256: .* \(expected 64 lower-case hex digits\)$/);
      expect(bad({ datasetFiles: { f: h } }), h).toMatch(/^scenario field datasetFiles\.f: /);
      expect(bad({ datasetChange: { fromSha256: h, changedFiles: [] } }), h).toMatch(/^scenario field datasetChange\.fromSha256: /);
    }
  });
});

describe('policies: pass@k with k >= 1, m-of-n with 1 <= m <= n, no leading zero', () => {
  test.each<[string, unknown]>([
    ['pass@1', { kind: 'pass', k: 1 }],
    ['pass@10', { kind: 'pass', k: 10 }],
    ['pass@907', { kind: 'pass', k: 907 }],
    ['1-of-1', { kind: 'threshold', m: 1, n: 1 }],
    ['2-of-10', { kind: 'threshold', m: 2, n: 10 }],
    ['10-of-10', { kind: 'threshold', m: 10, n: 10 }],
    ['19-of-20', { kind: 'threshold', m: 19, n: 20 }],
    ['9007199254740991-of-9007199254740991', { kind: 'threshold', m: 9007199254740991, n: 9007199254740991 }],
    ['pass@9007199254740991', { kind: 'pass', k: 9007199254740991 }],
  ])('%s is read', (text, policy) => {
    expect(policyFromText(text)).toStrictEqual(policy);
    expect(policyText(policyFromText(text)!)).toBe(text);
    expect(parseScenario({ dataset: 'd', policy: text }).policy).toBe(text);
  });

  test.each([
    'pass@0', 'pass@01', 'pass@', 'pass@-1', 'pass@1.0', 'pass@1x', 'xpass@1', ' pass@1', 'pass@1\n', 'Pass@1', 'pass1', 'pass@a',
    '0-of-1', '1-of-0', '01-of-2', '1-of-02', '3-of-2', '11-of-10', '-of-2', '1-of-', 'a-of-b', '1-of-2x', 'x1-of-2', '1-of-2-of-3', '1of2', '1-of-2\n',
    'pass@1-of-2', '1-of-2pass@1', '1-of-9007199254740993', 'pass@9007199254740993', '',
  ])('%j is refused', (text) => {
    expect(policyFromText(text)).toBeNull();
    expect(bad({ policy: text })).toBe(`scenario field policy: ${JSON.stringify(text)} is not allowed (expected "pass@k" with k >= 1, or "m-of-n" with 1 <= m <= n)`);
  });

  test('policyText writes both kinds', () => {
    expect(policyText({ kind: 'pass', k: 3 })).toBe('pass@3');
    expect(policyText({ kind: 'threshold', m: 2, n: 5 })).toBe('2-of-5');
  });
});

describe('the value an error shows', () => {
  test('a number that is not finite is shown as itself, not as JSON null', () => {
    expect(bad({ draws: Number.NaN })).toBe('scenario field draws: NaN is not allowed (expected an integer >= 1)');
    expect(bad({ seed: Number.POSITIVE_INFINITY })).toBe('scenario field seed: Infinity is not allowed (expected a safe integer >= 0)');
    expect(bad({ rates: { nodeRateUSDPerHour: Number.NEGATIVE_INFINITY } })).toBe('scenario field rates.nodeRateUSDPerHour: -Infinity is not allowed (expected a node-hour rate in USD >= 0, or null)');
  });

  test('a value JSON cannot write is shown as text; a BigInt with its n', () => {
    expect(bad({ system: Symbol.for('s') })).toBe('scenario field system: Symbol(s) is not allowed (expected a system id of systems.csv)');
    expect(bad({ draws: 10n })).toBe('scenario field draws: 10n is not allowed (expected an integer >= 1)');
  });

  test('a value longer than 80 characters of JSON is cut to 77 and "..."', () => {
    const s78 = 'x'.repeat(78); // JSON: 80 characters, shown whole
    expect(bad({ datasetSha256: s78 })).toBe(`scenario field datasetSha256: "${s78}" is not allowed (expected 64 lower-case hex digits)`);
    const s79 = 'y'.repeat(79); // JSON: 81 characters
    expect(bad({ datasetSha256: s79 })).toBe(`scenario field datasetSha256: "${'y'.repeat(76)}... is not allowed (expected 64 lower-case hex digits)`);
  });

  test('the value of a nested field is the value there, not its parent', () => {
    expect(bad({ rates: { bySystem: { a: 1, b: -3 } } })).toBe('scenario field rates.bySystem.b: -3 is not allowed (expected an object {"system": USD per node-hour >= 0})');
    expect(bad({ noise: { attempts: 'yes' } })).toBe('scenario field noise.attempts: "yes" is not allowed (expected an object {"attempts": true|false, "grading": true|false, "meter": null or {"eps": relative SD >= 0, "beta": relative SD >= 0}}; as a flag: tasks, or a comma list of attempts, grading, meter:EPS:BETA)');
    expect(bad({ noise: { meter: { eps: -1, beta: 0 } } })).toBe('scenario field noise.meter.eps: -1 is not allowed (expected null or {"eps": relative SD >= 0, "beta": relative SD >= 0})');
  });
});
