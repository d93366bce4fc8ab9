/**
 * Table options as a notebook user writes them, wrong: every bad option is a J2GError that names the
 * option, the value and what was expected, never a silently different table.
 */
import { describe, expect, test } from 'vitest';
import { loadDataset, restrictDataset } from '../../kernel-lib/data/index.ts';
import { table01, table02, table13, table15, table19, table22, policyTable, passAtKPolicies, thresholdPolicies, commonAttempts } from '../../kernel-lib/tables/index.ts';
import { passAtK, taskComponents, checkPolicy, type AttemptPolicy } from '../../kernel-lib/metrics/index.ts';
import { J2GError } from '../../kernel-lib/errors.ts';
import { SMALL } from '../helpers/dataset.ts';

const dataset = loadDataset(SMALL);
const off = { dataset, bootstrap: false as const };

function error(f: () => unknown): J2GError {
  try { f(); } catch (e) { expect(e).toBeInstanceOf(J2GError); return e as J2GError; }
  throw new Error('expected a J2GError');
}

describe('references', () => {
  test('an unknown timeReference is refused, not read as expert_with_ai', () => {
    expect(error(() => table13({ ...off, timeReference: 'expert' as never })).message).toBe('invalid timeReference: "expert" (expected expert_only or expert_with_ai)');
  });
  test('an unknown judgmentReference names the option', () => {
    expect(error(() => table15({ ...off, judgmentReference: 'expert' as never })).message).toBe('invalid judgmentReference: "expert" (expected expert_only or expert_with_ai)');
    expect(error(() => policyTable(off, [passAtK(1)], 'expert' as never)).message).toBe('invalid judgmentReference: "expert" (expected expert_only or expert_with_ai)');
  });
});

describe('attempt policies built by hand', () => {
  test('m > n is refused instead of crediting no task (every credited value was 0)', () => {
    expect(error(() => table13({ ...off, policy: { kind: 'threshold', m: 3, n: 2 } })).message).toBe('invalid policy: {"kind":"threshold","m":3,"n":2} (expected passAtK(k), k >= 1, or threshold(m, n), 1 <= m <= n)');
  });
  test('k = 0, an unknown kind and a bad policy text are refused by name, not as "a positive energy: 0"; a policy text is read as the scenario reads it', () => {
    for (const policy of [{ kind: 'pass', k: 0 }, { kind: 'best', k: 1 }, { kind: 'pass', k: 1.5 }]) {
      expect(error(() => taskComponents({ dataset, policy: policy as AttemptPolicy })).message).toMatch(/^invalid policy: .* \(expected passAtK\(k\)/);
    }
    expect(error(() => taskComponents({ dataset, policy: 'pass2' })).message).toBe('invalid policy: pass2 (expected pass@k, >=m/n or m-of-n)');
    // issue #22: a notebook may write table13({ policy: 'pass@2' }); the facade resolves the text once
    expect(taskComponents({ dataset, policy: 'pass@2' }).policy).toEqual(passAtK(2));
    expect(checkPolicy(passAtK(2))).toEqual({ kind: 'pass', k: 2 });
  });
  test('policyTable of no policies and policy lists of no attempts are errors, not a TypeError or []', () => {
    expect(error(() => policyTable(off, [], 'expert_only')).message).toBe('policyTable requires at least one policy');
    expect(error(() => thresholdPolicies(0)).message).toBe('thresholdPolicies requires a number of attempts n >= 1: 0');
    expect(error(() => passAtKPolicies(1.5)).message).toBe('passAtKPolicies requires a number of attempts n >= 1: 1.5');
  });
});

describe('system and judge names', () => {
  test('an unknown judge is named, not an empty Table 1 or a list of missing judgments', () => {
    expect(error(() => table01({ ...off, judge: 'nope' })).message).toBe('unknown judge: nope (judgments.csv has: J1, J2)');
    expect(error(() => table13({ ...off, judge: 'nope' })).message).toBe('unknown judge: nope (judgments.csv has: J1, J2)');
  });
  test('Table 2 refuses an unknown system or judge instead of dropping its repeated-output row', () => {
    expect(error(() => table02({ ...off, system: 'nope' })).message).toBe('unknown system: nope (systems.csv has: sysX, sysY)');
    expect(error(() => table02({ ...off, judge: 'nope' })).message).toBe('unknown judge: nope (judgments.csv has: J1, J2)');
  });
  test('policy tables say "unknown system", as the other tables do', () => {
    expect(error(() => table19({ ...off, system: 'nope' })).message).toBe('unknown system: nope (systems.csv has: sysX, sysY)');
    expect(error(() => commonAttempts({ dataset, system: 'nope' })).message).toBe('unknown system: nope (systems.csv has: sysX, sysY)');
  });
});

describe('node rates', () => {
  test('a malformed rates option is refused, not ignored (the recorded costs were used)', () => {
    expect(error(() => table13({ ...off, rates: 5 as never })).message).toBe('invalid rates: 5 (expected { nodeRateUSDPerHour: USD per node-hour } or { bySystem: { system: USD per node-hour } })');
    expect(error(() => table22({ ...off, rates: { usdPerNodeHour: 5 } as never })).message).toBe('invalid rates: {"usdPerNodeHour":5} (expected { nodeRateUSDPerHour: USD per node-hour } or { bySystem: { system: USD per node-hour } })');
    expect(error(() => table13({ ...off, rates: { nodeRateUSDPerHour: '5' as never } })).message).toBe('invalid node rate: 5');
  });
  test('a well-formed rate still re-prices: sysX at $20/h doubles every cost (base $10/h, no node_hours)', () => {
    // C(r) = C + (C / 10)(20 - 10) = 2C: Table 13's Cat1 cost 1.5 -> 3.0
    expect(table13({ ...off, rates: { nodeRateUSDPerHour: 20 } }).array('ai_cost_usd')[0]).toBeCloseTo(3, 12);
  });
  test('rates by system re-price only the systems they name', () => {
    expect(table13({ ...off, rates: { bySystem: { sysX: 20 } } }).array('ai_cost_usd')[0]).toBeCloseTo(3, 12);
    expect(table13({ ...off, rates: { bySystem: { sysY: 20 } } }).array('ai_cost_usd')[0]).toBeCloseTo(1.5, 12);
  });
});

describe('a dataset with some tasks, runs or systems left out (restrictDataset)', () => {
  test('fewer tasks give the tables of those tasks, not of the whole dataset', () => {
    const fewer = restrictDataset(dataset, { tasks: (t) => t.occupation !== 'occC' });
    // By hand, pass@1, expert-only: only sector S1 is left, so w = employment share: occA 0.25, occB 0.75.
    // Occupation means (G, C, E): occA (50, 1.5, 0.3), occB (10, 0.75, 0.1), so
    // G = 20, C = 0.9375, E = 0.15 and NVJ = (20 - 0.9375) / 0.15 = 127.0833 USD/MJ.
    const t = table01({ ...off, dataset: fewer });
    expect(t.array('nvj')[0]).toBeCloseTo(19.0625 / 0.15, 10);
    expect(t.array('energy_mj')[0]).toBeCloseTo(0.15, 12);
    expect(table15({ ...off, dataset: fewer }).array('occupation')).toEqual(['occA', 'occB']);
    expect(table13({ ...off, dataset: fewer }).array('category')).toEqual(['Cat1', 'Cat2']);
    // the runs and judgments of the tasks left out go with them, counted
    expect(fewer.rows.runs.every((r) => fewer.rows.tasks.some((t) => t.task_id === r.task_id))).toBe(true);
    expect(fewer.warnings.some((w) => /^restrictDataset: \d+ runs row\(s\) of the tasks left out/.test(w))).toBe(true);
    expect(fewer.tasks.numRows()).toBe(fewer.rows.tasks.length); // its view shows its rows
    expect(dataset.rows.tasks).toHaveLength(6); // the dataset restricted is unchanged
  });
  test('keeping runs of attempt 1 makes the policy tables one attempt long', () => {
    const first = restrictDataset(dataset, { runs: (r) => r.attempt === 1 });
    expect(table19({ ...off, dataset: first }).array('policy')).toEqual(['pass@1']);
  });
  test('a restriction that breaks a reference is a ValidationError naming the file and line', () => {
    // leaving out sysX leaves out its runs, but the manifest's primary system is sysX
    expect(() => restrictDataset(dataset, { systems: (s) => s.system === 'sysY' })).toThrow(/manifest\.json(:\d+)?: primary_system: unknown system "sysX"/);
    expect(() => restrictDataset(dataset, { occupations: (o) => o.occupation !== 'occC' })).toThrow(/dataset\.tasks:\d+: occupation: unknown occupation "occC"/);
  });
  test('a dataset whose table was replaced by a filtered one is refused, naming restrictDataset', () => {
    const filtered = { ...dataset, tasks: dataset.tasks.filter((d: { occupation: string }) => d.occupation !== 'occC') };
    expect(() => table01({ ...off, dataset: filtered })).toThrow(/dataset\.tasks is not the view .*restrictDataset\(dataset, \{ tasks:/);
    // a copy that keeps its views is the same dataset
    expect(table01({ ...off, dataset: { ...dataset } }).array('nvj')).toEqual(table01(off).array('nvj'));
  });
});
