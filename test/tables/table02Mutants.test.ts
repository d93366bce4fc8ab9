/**
 * Table 2 (judge consistency, D.1) on synthetic-small, by hand. sysX's expert-only verdicts:
 *   J1 attempt 1: A1 win, A2 loss, B1 tie,  B2 loss, C1 win, C2 loss
 *   J2 attempt 1: A1 win, A2 win,  B1 loss, B2 loss, C1 tie, C2 loss   (J2 judged attempt 1 only)
 *   J1 attempt 2: A1 loss, A2 tie, B1 win,  B2 loss, C1 win, C2 win
 * J1 vs J2 (6 shared comparisons): same outcome A1, B2, C2: 50%; same win-or-tie vs loss A1, B2, C1, C2: 66.67%.
 * J1 attempt 1 vs attempt 2: same outcome B2, C1: 33.33%; same binary B1, B2, C1: 50%.
 * Against expert_with_ai (J1 only): attempt 1 A1 win, C1 win, the rest loss; attempt 2 A1 loss, B1 win,
 * the rest loss: same outcome A2, B2, C2: 50%, binary the same.
 *
 * Equivalent mutants (`MUTATION_MUTATE=kernel-lib/tables/table02.ts`): the judge loops' `a < judges.length`
 * and `b < judges.length` made `<=`, and `if (judgesOf(ds).has(HUMAN_JUDGE))` made `if (true)`. Each adds
 * a "judge" (undefined, or 'human' where no such judge judged) that shares no comparison with any other:
 * agreementCounts finds no pair, and a pair without comparisons gives no row (`counts.length === 0`).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { table02, repeatedOutputAgreement, HUMAN_JUDGE } from '../../kernel-lib/tables/table02.ts';
import { clearWarnings, onWarning } from '../../kernel-lib/warn.ts';
import { SMALL, columns, editedDataset } from '../helpers/dataset.ts';

onWarning(null);
afterEach(() => clearWarnings());

describe('Table 2 by hand', () => {
  test('one judge pair, then the repeated-output row', () => {
    const t = columns(table02({ dataset: loadDataset(SMALL) }), 9);
    expect(t.judge_a).toEqual(['J1', 'J1 attempt 1']);
    expect(t.judge_b).toEqual(['J2', 'J1 attempt 2']);
    expect(t.exact_agreement_pct).toEqual([50, Number((100 / 3).toFixed(9))]);
    expect(t.binary_agreement_pct).toEqual([Number((200 / 3).toFixed(9)), 50]);
    expect(t.pairs).toEqual([6, 6]);
  });

  test('a judge named human comes last whatever its place in judgments.csv', () => {
    expect(HUMAN_JUDGE).toBe('human');
    // J1 renamed human (it appears first in the file); the primary judge renamed with it
    const dataset = loadDataset(editedDataset({
      'judgments.csv': (s) => s.replace(/,J1,/g, ',human,'),
      'manifest.json': (s) => s.replace('"primary_judge": "J1"', '"primary_judge": "human"'),
    }));
    const t = columns(table02({ dataset }), 9);
    expect(t.judge_a).toEqual(['J2', 'human attempt 1']);
    expect(t.judge_b).toEqual(['human', 'human attempt 2']);
    expect(t.exact_agreement_pct[0]).toBe(50);
  });

  test('three judges: every pair sharing a comparison, in order of first appearance', () => {
    // J3 judged attempt 1 of A1 and C2 only (win, loss): agrees with J1 on both, with J2 on both
    const dataset = loadDataset(editedDataset({ 'judgments.csv': (s) => `${s.trimEnd()}\nxA1a1,expert_only,J3,win\nxC2a1,expert_only,J3,loss\n` }));
    const t = columns(table02({ dataset }), 9);
    expect(t.judge_a).toEqual(['J1', 'J1', 'J2', 'J1 attempt 1']);
    expect(t.judge_b).toEqual(['J2', 'J3', 'J3', 'J1 attempt 2']);
    expect(t.pairs).toEqual([6, 2, 2, 6]);
    expect(t.exact_agreement_pct).toEqual([50, 100, 100, Number((100 / 3).toFixed(9))]);
  });

  test('against expert_with_ai only J1 judged: the repeated-output row alone', () => {
    const t = columns(table02({ dataset: loadDataset(SMALL), judgmentReference: 'expert_with_ai' }), 9);
    expect(t.judge_a).toEqual(['J1 attempt 1']);
    expect(t.exact_agreement_pct).toEqual([50]);
    expect(t.binary_agreement_pct).toEqual([50]);
    expect(t.pairs).toEqual([6]);
  });

  test('no shared comparison and no second attempt (sysY) is refused; repeatedOutputAgreement is null there', () => {
    const dataset = loadDataset(SMALL);
    expect(repeatedOutputAgreement({ dataset, system: 'sysY' })).toBeNull();
    expect(repeatedOutputAgreement({ dataset })).toMatchObject({ pairs: 6 });
    expect(() => table02({ dataset, system: 'sysY' })).toThrow('table02 needs two judges sharing a comparison of sysY against the expert_only reference, or two judged attempts');
  });
});
