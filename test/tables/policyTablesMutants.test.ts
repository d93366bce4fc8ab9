/**
 * Tables 19-21 (repeated-run policies, K.2) and their helpers, by hand on synthetic-small, with the
 * intervals of Table 19 from a second implementation on the same draws (test/tables/handDraws.ts).
 * sysX, judge J1, expert-only verdicts (attempt 1, attempt 2):
 *   A1 (win, loss)  A2 (loss, tie)  B1 (tie, win)  B2 (loss, loss)  C1 (win, win)  C2 (loss, win)
 * pass@2 per task (G = Q H wage, C and E over both attempts, S = Q (H - mean AI time of the credited attempts)):
 *   A1 G 100, C 1.5, E .3, S 1.5   A2 G 200, C 3, E .6, S 3.5   B1 G 20, C 2, E .2, S .5
 *   B2 G 0,   C 2,   E .4, S 0     C1 G 200, C 4, E 1,  S 4     C2 G 40,  C 2, E .6, S .5
 * (occupation means A (150, 2.25, .45), B (10, 2, .3), C (120, 3, .8), as synthetic-small.test.ts).
 *
 * Equivalent mutants (`MUTATION_MUTATE=kernel-lib/tables/policyTables.ts`):
 * - commonAttempts' `attemptFacts(ds, system, judge, 'expert_only')` with the reference made '': the
 *   reference only decides each task's leading judged attempts (`prefix`), and commonAttempts reads
 *   `attempts` alone (the runs of the task, whatever their judgments).
 * - judgedAttempts' `let short = ''` made another text: `short` is read only where n < available or
 *   n = 0, and both happen only after the loop has set it.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { passAtK } from '../../kernel-lib/metrics/policy.ts';
import {
  commonAttempts, judgedAttempts, passAtKPolicies, thresholdPolicies, policyRow, policyTable, table19, table20,
} from '../../kernel-lib/tables/policyTables.ts';
import { policyLabel } from '../../kernel-lib/metrics/policy.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';
import { SMALL, columns, editedDataset } from '../helpers/dataset.ts';
import { SMALL_TASKS, drawsByHand, expectNvjTsjIntervals, type HandTask } from './handDraws.ts';

onWarning(null);
afterEach(() => clearWarnings());

// pass@2 per task: G, C, E, S
const PASS2: Record<string, number[]> = {
  A1: [100, 1.5, 0.3, 1.5], A2: [200, 3, 0.6, 3.5], B1: [20, 2, 0.2, 0.5],
  B2: [0, 2, 0.4, 0], C1: [200, 4, 1, 4], C2: [40, 2, 0.6, 0.5],
};
const idOf = (t: HandTask) => Object.keys(SMALL_TASKS).find((k) => SMALL_TASKS[k] === t)!;

describe('policy helpers', () => {
  test('pass@1..n and >=1/n..>=n/n, n a whole number of at least 1', () => {
    expect(passAtKPolicies(3).map(policyLabel)).toEqual(['pass@1', 'pass@2', 'pass@3']);
    expect(thresholdPolicies(3).map(policyLabel)).toEqual(['>=1/3', '>=2/3', '>=3/3']);
    expect(passAtKPolicies(1).map(policyLabel)).toEqual(['pass@1']);
    for (const n of [0, 1.5, -1]) {
      expect(() => passAtKPolicies(n)).toThrow(`passAtKPolicies requires a number of attempts n >= 1: ${n}`);
      expect(() => thresholdPolicies(n)).toThrow(`thresholdPolicies requires a number of attempts n >= 1: ${n}`);
    }
  });

  test('commonAttempts and judgedAttempts: the fewest attempts of any task; a task with more is named', () => {
    const dataset = loadDataset(SMALL);
    expect(commonAttempts({ dataset })).toBe(2);
    expect(commonAttempts({ dataset, system: 'sysY' })).toBe(1);
    expect(judgedAttempts({ dataset }, 'expert_only')).toBe(2);
    expect(warnings()).toEqual([]);
    // A1 gets a judged third attempt: n stays 2, and the extra attempt is named
    const three = loadDataset(editedDataset({
      'runs.csv': (s) => `${s.trimEnd()}\nxA1a3,A1,sysX,3,0.5,1.0,0.2\n`,
      'judgments.csv': (s) => `${s.trimEnd()}\nxA1a3,expert_only,J1,win\nxA1a3,expert_with_ai,J1,win\n`,
    }));
    expect(commonAttempts({ dataset: three })).toBe(2);
    expect(judgedAttempts({ dataset: three }, 'expert_only')).toBe(2);
    expect(warnings()).toEqual(['policy tables use attempts 1..2 on sysX: task A2 has 2 attempt(s), other tasks up to 3; later attempts are left out']);
    expect(() => judgedAttempts({ dataset }, 'expert' as never)).toThrow(/reference/);
    // a system listed in systems.csv without any run
    const none = loadDataset(editedDataset({ 'systems.csv': (s) => `${s.trimEnd()}\nsysZ,Model Z,OpenHands,vLLM,H100,1,20\n` }));
    expect(() => commonAttempts({ dataset: none, system: 'sysZ' })).toThrow(/^system sysZ has no runs$/);
  });

  test('policyRow: the GDP-weighted components under one policy and their ratios', () => {
    const r = policyRow({ dataset: loadDataset(SMALL) }, passAtK(2), 'expert_only');
    expect(r.policy).toBe('pass@2');
    // G = .15 150 + .45 10 + .4 120 = 75, C = 2.4375, E = .5225
    expect(r.output_value_usd).toBeCloseTo(75, 10);
    expect(r.ai_cost_usd).toBeCloseTo(2.4375, 10);
    expect(r.energy_mj).toBeCloseTo(0.5225, 10);
    expect(r.nvj).toBeCloseTo((75 - 2.4375) / 0.5225, 9);
    expect(r.nv_per_ai_usd!).toBeCloseTo((75 - 2.4375) / 2.4375, 9);
    expect(r.tsj).toBeCloseTo(1.3875 / 0.5225, 9);
  });

  test('policyTable needs at least one policy', () => {
    const dataset = loadDataset(SMALL);
    expect(() => policyTable({ dataset }, [], 'expert_only')).toThrow('policyTable requires at least one policy');
    expect(() => policyTable({ dataset }, 'pass@1' as never, 'expert_only')).toThrow('policyTable requires at least one policy');
  });
});

describe('Table 19 intervals: a second implementation on the same draws', () => {
  test('pass@1 and pass@2 NVJ and TSJ intervals equal the ones from the definition and hold their points', () => {
    const dataset = loadDataset(SMALL);
    const settings = { draws: 300, seed: 6 };
    const t = columns(table19({ dataset, bootstrap: settings }), 12);
    expect(t.policy).toEqual(['pass@1', 'pass@2']);
    const d = drawsByHand(dataset, settings, SMALL_TASKS, (x) => [x.yEo * x.eo * x.wage, x.C, x.E, x.yEo * (x.eo - x.L), ...PASS2[idOf(x)]]);
    expectNvjTsjIntervals(t, d, 2, 'row', 'nvj');
  });

  test('Table 20 with the bootstrap off: thresholds >=1/2 and >=2/2, no intervals', () => {
    const t = columns(table20({ dataset: loadDataset(SMALL), bootstrap: false }), 9);
    expect(t.policy).toEqual(['>=1/2', '>=2/2']);
    expect(t.output_value_usd).toEqual([75, 44.5]);
    expect(t.nvj_lo).toEqual([null, null]);
  });
});
