/**
 * kernel-lib/metrics/taskComponents.ts after the wide-shape work (issue 27): the judgments read from
 * the loader's columns (eachJudgment, judgmentCodesOfColumns) or from the objects (judgmentCodeIndex's
 * record pass), the codes of each outcome (codeOfOutcome), the judges from attached aggregates, and the
 * per-system index of runOutcomes (issue 29: mutants of this code, measured by
 * `MUTATION_FOLDER=metrics MUTATION_MUTATE=kernel-lib/metrics/taskComponents.ts npx stryker run
 * stryker.config.mjs`). Oracles: the judgments file written here, read by hand (a second reading: the
 * lines split at commas), and the same dataset read both ways (columns and objects) must agree.
 * Every test builds its own dataset object: the indexes are cached per dataset, and the code that
 * builds them runs only in the first test that asks (docs/mutation.md, "Caches and per-test coverage").
 *
 * EDGE (as in recordAggregatesMutants.test.ts): runs in rows 0-7 yA1 (sysY), xA1a2, xA1a1, xA1a3,
 * xB1a1, xB1a2, xC1a1 (sysX), yB1 (sysY); judgments in file order J2, J1 (two blocks), J2, J1, human, so
 * that each (reference, judge)'s judgments are not contiguous.
 *
 * Equivalent mutants of this code (no output can tell them apart), besides those listed in
 * taskComponents.test.ts:
 * - judgmentCodesOfColumns: the `arrays` cache of each (reference, judge) (`if (!codes)` made `true`,
 *   `arrays[key] = codes` removed: byJudge.get gives the same array); its key `r * J + j` made
 *   `r * J - j` (still one key per pair: (r - r') J = j - j' forces r = r', j = j'); the length of
 *   `new Array(...)` (a JavaScript array grows).
 * - judgmentCodesOfColumns: the key's `r * J` made `r / J` (two references at most, REFERENCES: with
 *   one judge r / 1 = r * 1, with J >= 2 judges r / J + j = r' / J + j' needs |r - r'| >= J, impossible).
 * - judgmentCodeIndex's record pass: `lastReference = reference` or `lastJudge = judge` removed, or the
 *   switch test made `true` (the array looked up at every judgment: the same array).
 * - judgmentCodeIndex: `if (idx) return idx` made `false` (the judgmentCodeCache: rebuilt, the same codes);
 *   `if (columns)` made `false` or its block emptied: the record pass over eachJudgment, which reads the
 *   same columns (a second route to the same codes, slower: what issue 27's column pass replaced).
 * - judgmentCodesOfColumns: an outcome that is not win, tie or loss (`if (code === OTHER_OUTCOME)
 *   irregular = true` made `if (false)`, or `irregular = false` there): the loader's columns hold only
 *   outcomes the schema allows (data/load.ts refuses any other), and rows replaced unchecked have no
 *   columns (judgmentColumns is undefined for them), so no input reaches it.
 * - outcomeIndex's loop `p < runPos.length` made `<=`: the extra pass writes past the end of an Int8Array,
 *   which JavaScript ignores.
 */
import { describe, expect, test } from 'vitest';
import { datasetFromTexts, judgmentColumns, loadDatasetWithoutRecords, type Dataset } from '../../kernel-lib/data/load.ts';
import type { JudgmentRow } from '../../kernel-lib/data/schema.ts';
import {
  checkSystemAndJudge, judgesOf, judgmentCodes, judgmentCodesRegular, judgmentsOf, OTHER_OUTCOME, OUTCOME_OF_CODE, runOutcomes, taskComponents,
} from '../../kernel-lib/metrics/taskComponents.ts';
import { recordAggregatesFromRecords, withRecordAggregates } from '../../kernel-lib/metrics/recordAggregates.ts';

import { EDGE_JUDGMENTS, EDGE_RUNS, SMALL_DIR, SMALL_TEXTS } from './edgeDataset.ts';
const RUN_IDS = ['yA1', 'xA1a2', 'xA1a1', 'xA1a3', 'xB1a1', 'xB1a2', 'xC1a1', 'yB1'];

/** A new EDGE dataset object, as the loader gives it (judgments as columns until `rows.judgments` is read). */
const edge = (judgments = EDGE_JUDGMENTS): Dataset => datasetFromTexts('edge', { ...SMALL_TEXTS, 'runs.csv': EDGE_RUNS, 'judgments.csv': judgments });
/** The same, with the judgment objects built first (judgmentColumns then undefined: the record pass). */
const edgeObjects = (judgments = EDGE_JUDGMENTS): Dataset => {
  const ds = edge(judgments);
  expect(ds.rows.judgments).toHaveLength(judgments.trim().split('\n').length - 1);
  expect(judgmentColumns(ds.rows)).toBeUndefined();
  return ds;
};

/** The second reading: each run's outcome code by run position, from the file's lines (the last line of a comparison wins). */
function codesByHand(judgments: string, reference: string, judge: string): number[] {
  const codes = RUN_IDS.map(() => -1);
  for (const line of judgments.trim().split('\n').slice(1)) {
    const [run, ref, j, outcome] = line.split(',');
    if (ref === reference && j === judge) codes[RUN_IDS.indexOf(run)] = ({ loss: 0, tie: 1, win: 2 } as Record<string, number>)[outcome] ?? 3;
  }
  return codes;
}
const KEYS = [['expert_only', 'J1'], ['expert_only', 'J2'], ['expert_only', 'human'], ['expert_with_ai', 'J1'], ['expert_with_ai', 'J2'], ['expert_with_ai', 'human'], ['expert_only', 'nobody']] as const;

describe('judgmentCodes: every run\'s outcome code, from the columns and from the objects alike', () => {
  test('from the loader\'s columns (rows.judgments never read): the codes of the file, by hand', () => {
    const ds = edge();
    expect(judgmentColumns(ds.rows)).toBeDefined();
    for (const [reference, judge] of KEYS) expect(Array.from(judgmentCodes(ds, reference, judge)), `${reference} ${judge}`).toEqual(codesByHand(EDGE_JUDGMENTS, reference, judge));
    expect(judgmentCodesRegular(ds)).toBe(true);
    expect(judgmentColumns(ds.rows)).toBeDefined(); // still columns: nothing built the objects
  });

  test('from the objects: the same codes, each comparison\'s judgments not contiguous', () => {
    const ds = edgeObjects();
    for (const [reference, judge] of KEYS) expect(Array.from(judgmentCodes(ds, reference, judge)), `${reference} ${judge}`).toEqual(codesByHand(EDGE_JUDGMENTS, reference, judge));
    expect(judgmentCodesRegular(ds)).toBe(true);
  });

  test('spot values by hand: xA1a1 (row 2) win for J1 and J2, loss with AI; xA1a3 (row 3) loss for J1 only; yB1 judged by nobody', () => {
    const ds = edge();
    expect(judgmentCodes(ds, 'expert_only', 'J1')[2]).toBe(2);
    expect(judgmentCodes(ds, 'expert_only', 'J2')[2]).toBe(2);
    expect(judgmentCodes(ds, 'expert_with_ai', 'J1')[2]).toBe(0);
    expect([judgmentCodes(ds, 'expert_only', 'J1')[3], judgmentCodes(ds, 'expert_only', 'J2')[3]]).toEqual([0, -1]);
    expect(KEYS.map(([r, j]) => judgmentCodes(ds, r, j)[7])).toEqual([-1, -1, -1, -1, -1, -1, -1]);
    expect(OUTCOME_OF_CODE).toEqual(['loss', 'tie', 'win']);
    expect(OTHER_OUTCOME).toBe(3);
  });

  test('judges and references each with one outcome only, from the columns: the codes of each outcome text', () => {
    // one judge per outcome: a mix-up of the outcome texts' codes cannot hide behind another judge's
    const text = 'run_id,reference,judge,outcome\nxA1a1,expert_only,J1,loss\nxA1a2,expert_only,T,tie\nxA1a3,expert_only,W,win\nxA1a1,expert_with_ai,W,win\n';
    for (const ds of [edge(text), edgeObjects(text)]) {
      expect(Array.from(judgmentCodes(ds, 'expert_only', 'J1'))).toEqual([-1, -1, 0, -1, -1, -1, -1, -1]);
      expect(Array.from(judgmentCodes(ds, 'expert_only', 'T'))).toEqual([-1, 1, -1, -1, -1, -1, -1, -1]);
      expect(Array.from(judgmentCodes(ds, 'expert_only', 'W'))).toEqual([-1, -1, -1, 2, -1, -1, -1, -1]);
      expect(Array.from(judgmentCodes(ds, 'expert_with_ai', 'W'))).toEqual([-1, -1, 2, -1, -1, -1, -1, -1]);
      expect(Array.from(judgmentCodes(ds, 'expert_with_ai', 'J1'))).toEqual([-1, -1, -1, -1, -1, -1, -1, -1]);
      expect(judgmentCodesRegular(ds)).toBe(true);
    }
  });

  test('the first run (position 0) judged: its code is written (a position 0 is not "none"); a reference nobody judged against: all none', () => {
    const text = 'run_id,reference,judge,outcome\nyA1,expert_only,J1,tie\nyB1,expert_only,J1,win\n';
    for (const ds of [edge(text), edgeObjects(text)]) {
      expect(Array.from(judgmentCodes(ds, 'expert_only', 'J1'))).toEqual([1, -1, -1, -1, -1, -1, -1, 2]);
      expect(Array.from(judgmentCodes(ds, 'expert_with_ai', 'J1'))).toEqual([-1, -1, -1, -1, -1, -1, -1, -1]);
    }
  });

  test('runs replaced in place (a notebook may): a judgment of a run no longer there is nobody\'s; a run_id two runs share gets its outcome at both', () => {
    // xA1a2 (row 1) removed: rows now yA1, xA1a1, xA1a3, xB1a1, xB1a2, xC1a1, yB1; its judgments (J1 tie, J2 loss) must land nowhere
    for (const ds of [edge(), edgeObjects()]) {
      const columns = judgmentColumns(ds.rows) !== undefined;
      ds.rows.runs = ds.rows.runs.filter((r) => r.run_id !== 'xA1a2');
      expect(judgmentColumns(ds.rows) !== undefined).toBe(columns); // the same route as before the change
      expect(Array.from(judgmentCodes(ds, 'expert_only', 'J1'))).toEqual([2, 2, 0, 0, 2, 1, -1]);
      expect(Array.from(judgmentCodes(ds, 'expert_only', 'J2'))).toEqual([1, 2, -1, 0, -1, 2, -1]);
      expect(judgmentCodesRegular(ds)).toBe(true);
    }
    // a copy of xB1a1 (row 4) for sysY appended in place, the judgments still as the loader's columns
    const ds = edge();
    ds.rows.runs = [...ds.rows.runs, { ...ds.rows.runs[4], system: 'sysY' }];
    expect(judgmentColumns(ds.rows)).toBeDefined();
    const codes = Array.from(judgmentCodes(ds, 'expert_only', 'J1'));
    expect(codes).toEqual([2, 1, 2, 0, 0, 2, 1, -1, 0]); // xB1a1: loss, at rows 4 and 8
    expect(judgmentCodesRegular(ds)).toBe(false);
  });

  test('rows replaced unchecked: an outcome that is not win, tie or loss is OTHER_OUTCOME and makes the codes irregular; a later judgment replaces an earlier one', () => {
    const base = edge();
    const judgments: JudgmentRow[] = [
      ...base.rows.judgments,
      { run_id: 'xC1a1', reference: 'expert_only', judge: 'human', outcome: 'maybe' as JudgmentRow['outcome'] },
      { run_id: 'xA1a1', reference: 'expert_only', judge: 'J2', outcome: 'loss' }, // was win
    ];
    const ds = { ...base, rows: { ...base.rows, judgments } };
    expect(judgmentCodes(ds, 'expert_only', 'human')[6]).toBe(OTHER_OUTCOME);
    expect(judgmentCodes(ds, 'expert_only', 'J2')[2]).toBe(0);
    expect(judgmentCodesRegular(ds)).toBe(false);
    // a run_id two runs share: both positions get its outcome, and the codes are irregular
    const twin = { ...base, rows: { ...base.rows, runs: [...base.rows.runs, { ...base.rows.runs[4], system: 'sysY' }] } };
    const codes = judgmentCodes(twin, 'expert_only', 'J1');
    expect([codes[4], codes[8]]).toEqual([0, 0]); // xB1a1: loss
    expect(codes[2]).toBe(2);
    expect(judgmentCodesRegular(twin)).toBe(false);
  });
});

describe('judgmentsOf and judgesOf from the columns', () => {
  test('judgmentsOf before the objects are built: each run\'s outcome, the judge\'s own', () => {
    const ds = edge();
    const j1 = judgmentsOf(ds, 'expert_only', 'J1'), j2 = judgmentsOf(ds, 'expert_only', 'J2');
    expect([...j1]).toEqual([['xA1a1', 'win'], ['xA1a2', 'tie'], ['xA1a3', 'loss'], ['xB1a1', 'loss'], ['xB1a2', 'win'], ['xC1a1', 'tie'], ['yA1', 'win']]);
    expect([...j2]).toEqual([['xA1a1', 'win'], ['xB1a1', 'loss'], ['xA1a2', 'loss'], ['xC1a1', 'win'], ['yA1', 'tie']]);
    expect([...judgmentsOf(ds, 'expert_with_ai', 'J1')]).toEqual([['xA1a1', 'loss'], ['xB1a2', 'win']]);
    expect(judgmentColumns(ds.rows)).toBeDefined();
  });

  test('judgesOf: the judges in order of their first judgment, from the columns and from the objects', () => {
    expect([...judgesOf(edge())]).toEqual(['J2', 'J1', 'human']);
    expect([...judgesOf(edgeObjects())]).toEqual(['J2', 'J1', 'human']);
    expect(() => checkSystemAndJudge(edge(), 'sysX', 'J3')).toThrow('unknown judge: J3 (judgments.csv has: J2, J1, human)');
  });

  test('judgesOf of a dataset loaded without its records: the attached aggregates\' judges (reading the records would throw)', () => {
    const ds = loadDatasetWithoutRecords(SMALL_DIR);
    const agg = recordAggregatesFromRecords(edge(), null);
    withRecordAggregates(ds, { ...agg, judges: ['J9', 'J1'] });
    expect([...judgesOf(ds)]).toEqual(['J9', 'J1']);
    expect(() => checkSystemAndJudge(ds, 'sysX', 'J9')).not.toThrow();
    expect(() => checkSystemAndJudge(ds, 'sysX', 'J2')).toThrow('unknown judge: J2 (judgments.csv has: J9, J1)');
  });
});

describe('runOutcomes: the per-system index, by hand on EDGE', () => {
  test('sysX: tasks in tasks.csv order, runs in attempt order, where each task starts, each run\'s judgment and row', () => {
    const ds = edge();
    const o = runOutcomes(ds, 'sysX', 'expert_only', 'J1');
    expect(o.tasks.map((t) => t.task_id)).toEqual(['A1', 'B1', 'C1']);
    expect(o.lists.map((l) => l.map((r) => r.run_id))).toEqual([['xA1a1', 'xA1a2', 'xA1a3'], ['xB1a1', 'xB1a2'], ['xC1a1']]);
    expect(Array.from(o.runAt)).toEqual([0, 3, 5, 6]);
    // J1: win, tie, loss | loss, win | tie  (1 a win or tie, 0 a loss)
    expect(Array.from(o.judged)).toEqual([1, 1, 0, 0, 1, 1]);
    expect(Array.from(o.positions)).toEqual([2, 1, 3, 4, 5, 6]);
    // another judge, then another reference, on the same dataset and system: their own outcomes (-1 none)
    expect(Array.from(runOutcomes(ds, 'sysX', 'expert_only', 'J2').judged)).toEqual([1, 0, -1, 0, -1, 1]);
    expect(Array.from(runOutcomes(ds, 'sysX', 'expert_with_ai', 'J1').judged)).toEqual([0, -1, -1, -1, 1, -1]);
    expect(Array.from(runOutcomes(ds, 'sysX', 'expert_only', 'J1').judged)).toEqual([1, 1, 0, 0, 1, 1]);
    const y = runOutcomes(ds, 'sysY', 'expert_only', 'J2');
    expect([y.tasks.map((t) => t.task_id), Array.from(y.runAt), Array.from(y.judged), Array.from(y.positions)]).toEqual([['A1', 'B1'], [0, 1, 2], [1, -1], [0, 7]]);
  });

  test('an outcome the schema does not allow counts as judged (1), as a win or tie', () => {
    const base = edge();
    const judgments: JudgmentRow[] = [...base.rows.judgments, { run_id: 'xA1a3', reference: 'expert_only', judge: 'J2', outcome: 'maybe' as JudgmentRow['outcome'] }];
    const ds = { ...base, rows: { ...base.rows, judgments } };
    expect(Array.from(runOutcomes(ds, 'sysX', 'expert_only', 'J2').judged)).toEqual([1, 0, 1, 0, -1, 1]);
  });
});

describe('taskComponents reads the same from the columns and from the objects', () => {
  test('sysX, J1, pass@1 on EDGE: credit, cost (recorded), time saving by hand', () => {
    for (const ds of [edge(), edgeObjects()]) {
      const c = taskComponents({ dataset: ds, system: 'sysX', judge: 'J1', policy: 'pass@1' });
      expect(c.taskIds).toEqual(['A1', 'B1', 'C1']);
      expect(Array.from(c.credit)).toEqual([1, 0, 1]); // A1 win, B1 loss, C1 tie
      expect(Array.from(c.costUSD)).toEqual([1, 1, 2]);
      expect(Array.from(c.timeSavingHours)).toEqual([2 - 0.5, 0, 5 - 1]);
      expect(c.tasksWithoutRuns).toEqual(['A2', 'B2', 'C2']);
    }
  });
});
