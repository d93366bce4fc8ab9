/**
 * Per-task components (kernel-lib/metrics/taskComponents.ts) of synthetic-small, by hand, task by task
 * (#29: the tables tests reach them only through GDP-weighted averages, where a wrong component of one
 * task can cancel or hide). Synthetic-small (data/recorded/synthetic-small): tasks A1, A2 (occA, wage 50),
 * B1, B2 (occB, 20), C1, C2 (occC, 40); expert hours 2, 4, 1, 3, 5, 1 (with AI 1.5, 3, 1, 2, 4, 0.5);
 * sysX has two attempts per task, node rate 10 USD/h, no node_hours. J1's expert-only outcomes of
 * attempts 1 / 2: A1 win/loss, A2 loss/tie, B1 tie/win, B2 loss/loss, C1 win/win, C2 loss/win.
 *
 * Equivalent mutants (no output can tell them apart), left surviving by `npm run mutation -- metrics`:
 * - the per-dataset caches (runIndexCache, judgmentCache, judgeCache, systemIndexCache, outcomeCache):
 *   a mutant that skips a cache lookup (`if (!idx)` made `true`, `if (index) return index` made `false`,
 *   the `set` removed) rebuilds the same index on every call, which changes the time, not a value.
 * - nodeRateOf's `valid`: `typeof x === 'number'` made `true`. Number.isFinite does not coerce, so a
 *   non-number (the text '5') is refused by the Number.isFinite test with the same message.
 * - nodeRateOf: `if (r.nodeRateUSDPerHour === undefined) return undefined` made `false`: the code after
 *   it returns the same undefined (valid(undefined) is true).
 * - resolveComponentOptions: `if (options.rates !== undefined)` made `true`: nodeRateOf(undefined) does
 *   nothing.
 * - taskComponents: `missing = true` made `false`, or `if (missing) continue` made `false`. A missing
 *   judgment has already been added to `problems`, so the call throws whatever is computed for the task.
 */
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import {
  checkSystemAndJudge, hoursAt, judgmentsOf, nodeRateOf, resolveComponentOptions, RESOLVED, runCostAtRate, runsByTaskAndSystem, runsOfSystem, taskComponents,
} from '../../kernel-lib/metrics/taskComponents.ts';
import { PASS_AT_1, threshold } from '../../kernel-lib/metrics/policy.ts';
import { UnsupportedOutputError } from '../../kernel-lib/errors.ts';
import { editedDataset, replaceLine } from '../helpers/dataset.ts';

const dataset = loadDataset('data/recorded/synthetic-small');
const arr = (x: ArrayLike<number>) => Array.from(x);
const close = (xs: number[]) => xs.map((x) => expect.closeTo(x, 12));
const error = (f: () => unknown): Error => {
  try {
    f();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a throw');
};

describe('taskComponents of sysX by J1, expert-only, by hand', () => {
  test('pass@1: credit Y of attempt 1; G = Y H W; C, E, L of attempt 1; S = Y (H - L)', () => {
    const c = taskComponents({ dataset });
    expect(c.taskIds).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']);
    expect(c.occupations).toEqual(['occA', 'occB', 'occC']);
    expect(arr(c.occupationIndex)).toEqual([0, 0, 1, 1, 2, 2]);
    expect(arr(c.expertHours)).toEqual([2, 4, 1, 3, 5, 1]);
    expect(arr(c.wageUSDPerHour)).toEqual([50, 50, 20, 20, 40, 40]);
    expect(arr(c.credit)).toEqual([1, 0, 1, 0, 1, 0]); // win, loss, tie, loss, win, loss
    expect(arr(c.valueUSD)).toEqual([100, 0, 20, 0, 200, 0]); // 2 x 50, 1 x 20, 5 x 40
    expect(arr(c.costUSD)).toEqual([1, 2, 1, 0.5, 2, 1]);
    expect(arr(c.energyMJ)).toEqual([0.2, 0.4, 0.1, 0.1, 0.5, 0.3]);
    expect(arr(c.aiHours)).toEqual([0.5, 1, 0.5, 0.25, 1, 0.5]);
    expect(arr(c.timeSavingHours)).toEqual([1.5, 0, 0.5, 0, 4, 0]); // 2 - .5, 1 - .5, 5 - 1
    expect(c.tasksWithoutRuns).toEqual([]);
    expect([c.system, c.judge, c.judgmentReference, c.timeReference]).toEqual(['sysX', 'J1', 'expert_only', 'expert_only']);
    expect(c.policy).toEqual(PASS_AT_1);
  });
  test('pass@2: credit when either attempt wins; both charged; S = H - mean L of the winning attempts', () => {
    const c = taskComponents({ dataset, policy: 'pass@2' });
    expect(arr(c.credit)).toEqual([1, 1, 1, 0, 1, 1]);
    expect(arr(c.valueUSD)).toEqual([100, 200, 20, 0, 200, 40]);
    expect(arr(c.costUSD)).toEqual([1.5, 3, 2, 2, 4, 2]);
    expect(arr(c.energyMJ)).toEqual(close([0.3, 0.6, 0.2, 0.4, 1, 0.6]));
    expect(arr(c.aiHours)).toEqual([0.75, 1.5, 1, 1, 2, 1]);
    // A1: 2 - .5 (attempt 1 only); A2: 4 - .5 (the tie of attempt 2); B1: 1 - (.5 + .5)/2; C1: 5 - (1 + 1)/2; C2: 1 - .5
    expect(arr(c.timeSavingHours)).toEqual([1.5, 3.5, 0.5, 0, 4, 0.5]);
  });
  test('2-of-2: only B1 and C1 win both attempts', () => {
    const c = taskComponents({ dataset, policy: threshold(2, 2) });
    expect(arr(c.credit)).toEqual([0, 0, 1, 0, 1, 0]);
    expect(arr(c.timeSavingHours)).toEqual([0, 0, 0.5, 0, 4, 0]);
    expect(arr(c.costUSD)).toEqual([1.5, 3, 2, 2, 4, 2]);
  });
  test('time reference crossed with the judgment reference (K.1): expert-only judgments, expert-with-AI hours', () => {
    const c = taskComponents({ dataset, timeReference: 'expert_with_ai' });
    expect(arr(c.credit)).toEqual([1, 0, 1, 0, 1, 0]);
    expect(arr(c.expertHours)).toEqual([1.5, 3, 1, 2, 4, 0.5]);
    expect(arr(c.valueUSD)).toEqual([75, 0, 20, 0, 160, 0]); // 1.5 x 50, 1 x 20, 4 x 40
    expect(arr(c.timeSavingHours)).toEqual([1, 0, 0.5, 0, 3, 0]);
  });
  test('expert-with-AI judgments (same dataset object, after expert-only above): their own outcomes and hours', () => {
    taskComponents({ dataset, judge: 'J1' }); // the expert-only outcomes are cached first
    const c = taskComponents({ dataset, judgmentReference: 'expert_with_ai' });
    expect(c.timeReference).toBe('expert_with_ai');
    expect(arr(c.credit)).toEqual([1, 0, 0, 0, 1, 0]); // A1 win, A2 loss, B1 loss, B2 loss, C1 win, C2 loss
    expect(arr(c.timeSavingHours)).toEqual([1, 0, 0, 0, 3, 0]); // 1.5 - .5, 4 - 1
    const j2 = taskComponents({ dataset, judge: 'J2' }); // J2: A1 win, A2 win, B1 loss, B2 loss, C1 tie, C2 loss
    expect(arr(j2.credit)).toEqual([1, 1, 0, 0, 1, 0]);
  });
  test('sysY: one attempt per task, its own costs', () => {
    const c = taskComponents({ dataset, system: 'sysY' });
    expect(arr(c.credit)).toEqual([1, 0, 1, 1, 0, 1]);
    expect(arr(c.costUSD)).toEqual([2, 2, 1, 1, 4, 2]);
    expect(arr(c.timeSavingHours)).toEqual([1, 0, 0.5, 2.5, 0, 0]); // 2 - 1, 1 - .5, 3 - .5, 1 - 1
  });
});

describe('taskComponents at a replacement node rate (Appendix G.1): C(r) = C + (C / 10) (r - 10) without node_hours', () => {
  test('nodeRateUSDPerHour 20 doubles every sysX cost; 0 makes it free', () => {
    expect(arr(taskComponents({ dataset, rates: { nodeRateUSDPerHour: 20 } }).costUSD)).toEqual([2, 4, 2, 1, 4, 2]);
    expect(arr(taskComponents({ dataset, rates: { nodeRateUSDPerHour: 0 } }).costUSD)).toEqual([0, 0, 0, 0, 0, 0]);
  });
  test('bySystem: a rate for sysX applies; one for sysY only leaves sysX at its recorded cost, or at nodeRateUSDPerHour', () => {
    expect(arr(taskComponents({ dataset, rates: { bySystem: { sysX: 5 } } }).costUSD)).toEqual([0.5, 1, 0.5, 0.25, 1, 0.5]);
    expect(arr(taskComponents({ dataset, rates: { bySystem: { sysY: 40 } } }).costUSD)).toEqual([1, 2, 1, 0.5, 2, 1]);
    expect(arr(taskComponents({ dataset, rates: { bySystem: { sysY: 40 }, nodeRateUSDPerHour: 30 } }).costUSD)).toEqual([3, 6, 3, 1.5, 6, 3]);
  });
});

describe('what taskComponents cannot evaluate is refused with every reason', () => {
  test('a task without the time reference\'s hours', () => {
    const ds = loadDataset(editedDataset({ 'tasks.csv': replaceLine(2, 'A1,occA,2,') }));
    const e = error(() => taskComponents({ dataset: ds, timeReference: 'expert_with_ai' }));
    expect(e).toBeInstanceOf(UnsupportedOutputError);
    expect(e.message).toBe('cannot evaluate sysX (judge J1, pass@1): 1 problem(s)\n  task A1 has no expert_with_ai completion time (expert_ai_hours is empty)');
    // the expert-only hours are still there
    expect(taskComponents({ dataset: ds }).expertHours[0]).toBe(2);
  });
  test('too few attempts for the policy: each task named, with its count', () => {
    const e = error(() => taskComponents({ dataset, system: 'sysY', policy: 'pass@2' }));
    expect(e).toBeInstanceOf(UnsupportedOutputError);
    expect(e.message).toBe(['cannot evaluate sysY (judge J1, pass@2): 6 problem(s)', ...['A1', 'A2', 'B1', 'B2', 'C1', 'C2'].map((t) => `  task ${t} has 1 attempt(s) on sysY, pass@2 needs 2`)].join('\n'));
  });
  test('unjudged attempts: J2 judged only attempt 1', () => {
    // a dataset object of its own: the outcome index is built (and an unjudged run marked) in this test
    const e = error(() => taskComponents({ dataset: loadDataset('data/recorded/synthetic-small'), judge: 'J2', policy: '>=1/2' }));
    expect(e.message).toBe(['cannot evaluate sysX (judge J2, >=1/2): 6 problem(s)', ...['A1', 'A2', 'B1', 'B2', 'C1', 'C2'].map((t) => `  run x${t}a2 has no expert_only judgment by J2`)].join('\n'));
  });
  // `extra` more tasks of occA that sysY ran once: with pass@2, 6 + extra problems
  const withExtraTasks = (extra: number) => {
    const tasks = Array.from({ length: extra }, (_, i) => `Z${i + 10},occA,1,1`);
    const runs = Array.from({ length: extra }, (_, i) => `yZ${i + 10},Z${i + 10},sysY,1,1,1,0.1`);
    const judged = Array.from({ length: extra }, (_, i) => `yZ${i + 10},expert_only,J1,win`);
    const add = (lines: string[]) => (text: string) => text.trimEnd() + '\n' + lines.join('\n') + '\n';
    return loadDataset(editedDataset({ 'tasks.csv': add(tasks), 'runs.csv': add(runs), 'judgments.csv': add(judged) }));
  };
  test('more than ten problems: the first ten, then how many more', () => {
    const lines = error(() => taskComponents({ dataset: withExtraTasks(12), system: 'sysY', policy: 'pass@2' })).message.split('\n');
    expect(lines[0]).toBe('cannot evaluate sysY (judge J1, pass@2): 18 problem(s)');
    expect(lines.length).toBe(12);
    expect(lines[10]).toBe('  task Z13 has 1 attempt(s) on sysY, pass@2 needs 2');
    expect(lines[11]).toBe('  ... and 8 more');
  });
  test('exactly ten problems: all ten, and no "... and 0 more"', () => {
    const lines = error(() => taskComponents({ dataset: withExtraTasks(4), system: 'sysY', policy: 'pass@2' })).message.split('\n');
    expect(lines[0]).toBe('cannot evaluate sysY (judge J1, pass@2): 10 problem(s)');
    expect(lines.length).toBe(11);
    expect(lines[10]).toBe('  task Z13 has 1 attempt(s) on sysY, pass@2 needs 2');
  });
  test('a system in systems.csv without runs', () => {
    const ds = loadDataset(editedDataset({ 'systems.csv': (t) => t.trimEnd() + '\nsysZ,Model Z,OpenHands,vLLM,H100,1,20\n' }));
    const e = error(() => taskComponents({ dataset: ds, system: 'sysZ' }));
    expect(e).toBeInstanceOf(UnsupportedOutputError);
    expect(e.message).toBe('system sysZ has no runs');
  });
});

describe('tasks and occupations a system did not run, and attempt order', () => {
  test('sysY without occC\'s runs: C1, C2 listed as without runs; occC is not evaluated', () => {
    const drop = (text: string) => text.split('\n').filter((l) => !l.startsWith('yC')).join('\n');
    const ds = loadDataset(editedDataset({ 'runs.csv': drop, 'judgments.csv': drop }));
    const c = taskComponents({ dataset: ds, system: 'sysY' });
    expect(c.taskIds).toEqual(['A1', 'A2', 'B1', 'B2']);
    expect(c.tasksWithoutRuns).toEqual(['C1', 'C2']);
    expect(c.occupations).toEqual(['occA', 'occB']);
    expect(runsOfSystem(ds, 'sysZ').size).toBe(0);
  });
  test('occupations in occupations.csv order whatever the task order; runs in attempt order whatever the file order', () => {
    const tasksCFirst = (text: string) => {
      const [head, ...rows] = text.trimEnd().split('\n');
      return [head, ...rows.filter((r) => r.startsWith('C')), ...rows.filter((r) => !r.startsWith('C'))].join('\n') + '\n';
    };
    const swapA1 = (text: string) => text.replace('xA1a1,A1,sysX,1,0.5,1.0,0.2\nxA1a2,A1,sysX,2,0.25,0.5,0.1', 'xA1a2,A1,sysX,2,0.25,0.5,0.1\nxA1a1,A1,sysX,1,0.5,1.0,0.2');
    const ds = loadDataset(editedDataset({ 'tasks.csv': tasksCFirst, 'runs.csv': swapA1 }));
    expect(runsByTaskAndSystem(ds).get('sysX')!.get('A1')!.map((r) => r.attempt)).toEqual([1, 2]);
    const c = taskComponents({ dataset: ds });
    expect(c.taskIds).toEqual(['C1', 'C2', 'A1', 'A2', 'B1', 'B2']);
    expect(c.occupations).toEqual(['occA', 'occB', 'occC']);
    expect(arr(c.occupationIndex)).toEqual([2, 2, 0, 0, 1, 1]);
    expect(arr(c.wageUSDPerHour)).toEqual([40, 40, 50, 50, 20, 20]);
    expect(arr(c.credit)).toEqual([1, 0, 1, 0, 1, 0]); // A1's attempt 1 (a win), not the file's first row
    expect(c.costUSD[2]).toBe(1);
  });
});

describe('the arrays returned are the caller\'s own', () => {
  test('changing one result (a notebook may) leaves the next call\'s task ids, occupations and indices as they were', () => {
    const a = taskComponents({ dataset, system: 'sysY' });
    a.taskIds.push('changed');
    a.occupations.push('changed');
    a.occupationIndex[0] = 9;
    a.tasksWithoutRuns.push('changed');
    const b = taskComponents({ dataset, system: 'sysY' });
    expect(b.taskIds).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']);
    expect(b.occupations).toEqual(['occA', 'occB', 'occC']);
    expect(arr(b.occupationIndex)).toEqual([0, 0, 1, 1, 2, 2]);
    expect(b.tasksWithoutRuns).toEqual([]);
  });
});

describe('the small helpers', () => {
  test('RESOLVED is the registry symbol j2g.resolvedComponentOptions, so that two copies of the library (the notebook bundle and kernel-lib) mark resolved options alike', () => {
    expect(RESOLVED).toBe(Symbol.for('j2g.resolvedComponentOptions'));
  });
  test('hoursAt: expert_hours for expert-only, expert_ai_hours otherwise', () => {
    expect(hoursAt({ expert_hours: 2.5, expert_ai_hours: 1.9 }, 'expert_only')).toBe(2.5);
    expect(hoursAt({ expert_hours: 2.5, expert_ai_hours: null }, 'expert_with_ai')).toBe(null);
  });
  test('judgmentsOf: by reference and judge; none is an empty map', () => {
    expect(judgmentsOf(dataset, 'expert_only', 'J2').get('xC1a1')).toBe('tie');
    expect(judgmentsOf(dataset, 'expert_with_ai', 'J1').get('xB1a1')).toBe('loss');
    expect(judgmentsOf(dataset, 'expert_only', 'J2').size).toBe(6);
    expect(judgmentsOf(dataset, 'expert_with_ai', 'J2').size).toBe(0);
    expect(judgmentsOf(dataset, 'nowhere', 'J1').size).toBe(0);
  });
  test('checkSystemAndJudge names what the dataset has', () => {
    expect(() => checkSystemAndJudge(dataset, 'sysQ', 'J1')).toThrow('unknown system: sysQ (systems.csv has: sysX, sysY)');
    expect(() => checkSystemAndJudge(dataset, 'sysY', 'J3')).toThrow('unknown judge: J3 (judgments.csv has: J1, J2)');
    expect(checkSystemAndJudge(dataset, 'sysY', 'J2')).toBeUndefined();
  });
  test('runCostAtRate: a system without a node rate, an infinite base or rate are refused; rate 0 is free', () => {
    const run = { run_id: 'r1', task_id: 't1', system: 's', attempt: 1, ai_hours: 0.5, cost_usd: 10, energy_mj: 0.1, node_hours: null, extra: {} };
    expect(() => runCostAtRate(run, null, 30)).toThrow('system s has no node_rate_usd_per_hour, so its cost cannot be re-priced');
    expect(() => runCostAtRate(run, Infinity, 30)).toThrow('run r1: no node_hours and a node rate of Infinity USD per node-hour, so its node time is unknown and it cannot be re-priced');
    expect(() => runCostAtRate(run, 20, Infinity)).toThrow('invalid node rate: Infinity (expected a finite USD per node-hour >= 0)');
    expect(runCostAtRate(run, 20, 0)).toBe(0); // 10 + 0.5 x (0 - 20)
    // with node_hours recorded, a zero base is fine: 3 + 2 x (5 - 0)
    expect(runCostAtRate({ ...run, cost_usd: 3, node_hours: 2 }, 0, 5)).toBe(13);
  });
  test('nodeRateOf: the rate for a system, or undefined; malformed options named', () => {
    expect(nodeRateOf(undefined, 'a')).toBeUndefined();
    expect(nodeRateOf({}, 'a')).toBeUndefined();
    expect(nodeRateOf({ nodeRateUSDPerHour: 0 }, 'a')).toBe(0);
    expect(nodeRateOf({ bySystem: { a: 40 } }, 'a')).toBe(40);
    expect(nodeRateOf({ bySystem: { a: 40 } }, 'b')).toBeUndefined();
    expect(nodeRateOf({ bySystem: { a: 40 } })).toBeUndefined();
    expect(nodeRateOf({ bySystem: { a: 40 }, nodeRateUSDPerHour: 7 }, 'b')).toBe(7);
    expect(nodeRateOf({ bySystem: { a: 0 } }, 'a')).toBe(0);
    // without a system, no bySystem entry applies, not even one whose key is the text 'undefined'
    expect(nodeRateOf({ bySystem: { undefined: 5 } })).toBeUndefined();
    expect(nodeRateOf({ bySystem: { undefined: 5 }, nodeRateUSDPerHour: 2 })).toBe(2);
    const expected = '(expected { nodeRateUSDPerHour: USD per node-hour } or { bySystem: { system: USD per node-hour } })';
    expect(() => nodeRateOf(null, 'a')).toThrow(`invalid rates: null ${expected}`);
    expect(() => nodeRateOf({ nodeRateUSDPerHour: 1, other: 2 }, 'a')).toThrow(`invalid rates: {"nodeRateUSDPerHour":1,"other":2} ${expected}`);
    expect(() => nodeRateOf({ bySystem: null }, 'a')).toThrow('invalid rates.bySystem: null');
    expect(() => nodeRateOf({ bySystem: 5 }, 'a')).toThrow('invalid rates.bySystem: 5');
    expect(() => nodeRateOf({ bySystem: { a: 1, b: -1 } }, 'a')).toThrow('invalid node rate for b: -1');
    expect(() => nodeRateOf({ bySystem: { a: Infinity } }, 'a')).toThrow('invalid node rate for a: Infinity');
    expect(() => nodeRateOf({ bySystem: { a: '5' } }, 'a')).toThrow('invalid node rate for a: 5');
    expect(() => nodeRateOf({ nodeRateUSDPerHour: -1 }, 'a')).toThrow('invalid node rate: -1');
    expect(() => nodeRateOf({ nodeRateUSDPerHour: NaN }, 'a')).toThrow('invalid node rate: NaN');
    expect(() => nodeRateOf({ bySystem: { a: 1 }, nodeRateUSDPerHour: -1 }, 'b')).toThrow('invalid node rate: -1');
  });
  test('resolveComponentOptions: the manifest\'s defaults, and which fields were derived', () => {
    const r = resolveComponentOptions({ dataset });
    expect([r.system, r.judge, r.judgmentReference, r.timeReference]).toEqual(['sysX', 'J1', 'expert_only', 'expert_only']);
    expect(r.policy).toEqual({ kind: 'pass', k: 1 });
    expect(r.derived).toEqual(['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit']);
    expect(r.tieCredit).toBe(1);
    expect(r.rates).toBeUndefined();
    const s = resolveComponentOptions({ dataset, system: 'sysY', judgmentReference: 'expert_with_ai', policy: '3-of-4', rates: { nodeRateUSDPerHour: 3 }, tieCredit: 0 });
    expect([s.system, s.judge, s.judgmentReference, s.timeReference]).toEqual(['sysY', 'J1', 'expert_with_ai', 'expert_with_ai']);
    expect(s.policy).toEqual({ kind: 'threshold', m: 3, n: 4 });
    expect(s.derived).toEqual(['judge', 'timeReference']);
    expect(s.tieCredit).toBe(0);
    for (const bad of [-0.1, 1.5, NaN, '1']) expect(() => resolveComponentOptions({ dataset, tieCredit: bad as never })).toThrow(`invalid tieCredit: ${JSON.stringify(bad)} (expected a number from 0 to 1: the credit of a tie, 1 the paper's)`);
    expect(s.rates).toEqual({ nodeRateUSDPerHour: 3 });
    expect(() => resolveComponentOptions({ dataset, judgmentReference: 'expert' as never })).toThrow('invalid judgmentReference: "expert" (expected expert_only or expert_with_ai)');
    expect(() => resolveComponentOptions({ dataset, timeReference: 'x' as never })).toThrow('invalid timeReference: "x" (expected expert_only or expert_with_ai)');
    expect(() => resolveComponentOptions({ dataset, policy: { kind: 'pass', k: 0 } })).toThrow('invalid policy');
    expect(() => resolveComponentOptions({ dataset, rates: { bySystem: { sysX: -2 } } })).toThrow('invalid node rate for sysX: -2');
    const marked = { [RESOLVED]: true, system: 'anything' };
    expect(resolveComponentOptions(marked as never)).toBe(marked);
  });
});
