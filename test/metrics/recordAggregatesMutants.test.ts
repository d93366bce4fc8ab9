/**
 * kernel-lib/metrics/recordAggregates.ts (issue 29: its mutants were never measured, and the metrics
 * folder's tests reached it only through whole tables). Oracles: counts by hand over a small dataset
 * written here (EDGE below), a hand-written aggregates object attached to a dataset whose records say
 * something else (so a value can only come from the attachment), and, for the rows replaced unchecked,
 * the same hand counts (the run_id maps must pair as the codes do). Each test builds its own dataset
 * object: the code behind the per-dataset caches of taskComponents.ts runs in the test that checks it
 * (docs/mutation.md, "Caches and per-test coverage").
 *
 * EDGE: synthetic-small's tasks, occupations, systems and manifest with these runs and judgments.
 *   row 0 yA1   A1 sysY 1  node_hours 0.1  ok
 *   row 1 xA1a2 A1 sysX 2  (none)          ok
 *   row 2 xA1a1 A1 sysX 1  0.1             missing-samples
 *   row 3 xA1a3 A1 sysX 3  0.05            ''
 *   row 4 xB1a1 B1 sysX 1  (none)          missing-samples
 *   row 5 xB1a2 B1 sysX 2  0.1             ok
 *   row 6 xC1a1 C1 sysX 1  0.2             ok
 *   row 7 yB1   B1 sysY 1  (none)          ok
 * Judgments (file order; judges by first judgment: J2, J1, human):
 *   expert_only J2: xA1a1 win, xB1a1 loss, xA1a2 loss, xC1a1 win, yA1 tie
 *   expert_only J1: xA1a1 win, xA1a2 tie, xA1a3 loss, xB1a1 loss, xB1a2 win, xC1a1 tie, yA1 win
 *   expert_only human: xA1a1 tie
 *   expert_with_ai J1: xA1a1 loss, xB1a2 win (B1's attempt 1 unjudged, attempt 2 judged)
 * So sysY's first run (row 0) comes before sysX's (row 1), but sysX's first run without node_hours
 * (row 1) comes before sysY's (row 7).
 *
 * Equivalent mutants (`MUTATION_FOLDER=metrics MUTATION_MUTATE=kernel-lib/metrics/recordAggregates.ts npx
 * stryker run stryker.config.mjs`, 2 December 2026; docs/mutation.md): agreementCounts' and
 * repeatedCounts' `if (judgmentCodesRegular(ds))` made `false`, or its block emptied (four mutants, lines
 * 168 and 190). The records are then counted through the run_id maps (agreementFromMaps,
 * repeatedFromMaps), the route kept for rows replaced unchecked: a second implementation of the same
 * counts, which the tests here hold both to by hand. The two give the same pairs and numbers, listed in
 * another order (the codes in runs.csv order, the maps in judgments.csv order); no reader uses the
 * order (Table 2 adds the counts up, test/sql/tablesEngine.test.ts compares them sorted), so no output
 * tells them apart. The route taken changes only time and memory (the maps are what issue 27 removed
 * from the tables' path).
 */
import { describe, expect, test } from 'vitest';
import { datasetFromTexts, type Dataset } from '../../kernel-lib/data/load.ts';
import type { JudgmentRow, RunRow } from '../../kernel-lib/data/schema.ts';
import {
  agreementCounts, attachedAggregates, attemptFacts, recordAggregatesFromRecords, repeatedCounts, systemRunFacts, systemsWithoutNodeHours, validityCounts, withRecordAggregates,
  type OutcomePairs, type RecordAggregates,
} from '../../kernel-lib/metrics/recordAggregates.ts';

import { EDGE_JUDGMENTS, EDGE_RUNS, SMALL_TEXTS } from './edgeDataset.ts';

/** A new EDGE dataset object (loaded from texts: the loader's checks, no temp directory). */
const edge = (): Dataset => datasetFromTexts('edge', { ...SMALL_TEXTS, 'runs.csv': EDGE_RUNS, 'judgments.csv': EDGE_JUDGMENTS });
const small = (): Dataset => datasetFromTexts('small', SMALL_TEXTS);

/** Outcome pairs in a fixed order (the order of a count list carries no meaning: Table 2 adds them up). */
const sorted = <T extends OutcomePairs>(ps: T[]): T[] => [...ps].sort((x, y) => `${x.a} ${x.b}`.localeCompare(`${y.a} ${y.b}`));
const pair = (a: string, b: string, n = 1) => ({ a, b, n });

describe('recordAggregatesFromRecords: every aggregate of EDGE, by hand', () => {
  test('scoped to sysX and J1', () => {
    const agg = recordAggregatesFromRecords(edge(), { system: 'sysX', judge: 'J1' });
    expect(agg.scope).toEqual({ system: 'sysX', judge: 'J1' });
    expect(agg.judges).toEqual(['J2', 'J1', 'human']);
    expect(agg.systems).toEqual([
      { system: 'sysY', runs: 2, maxAttempt: 1, withoutNodeHours: 1, firstRow: 0 },
      { system: 'sysX', runs: 6, maxAttempt: 3, withoutNodeHours: 2, firstRow: 1 },
    ]);
    // per reference, judge (J2, J1, human) and system in order of its first judged run
    expect(agg.judged).toEqual([
      { system: 'sysY', reference: 'expert_only', judge: 'J2', runs: 1 },
      { system: 'sysX', reference: 'expert_only', judge: 'J2', runs: 4 },
      { system: 'sysY', reference: 'expert_only', judge: 'J1', runs: 1 },
      { system: 'sysX', reference: 'expert_only', judge: 'J1', runs: 6 },
      { system: 'sysX', reference: 'expert_only', judge: 'human', runs: 1 },
      { system: 'sysX', reference: 'expert_with_ai', judge: 'J1', runs: 2 },
    ]);
    expect(agg.validity).toEqual([
      { system: 'sysY', validity: 'ok', runs: 2 },
      { system: 'sysX', validity: 'ok', runs: 3 },
      { system: 'sysX', validity: 'missing-samples', runs: 2 },
      { system: 'sysX', validity: '', runs: 1 },
    ]);
    // every ordered pair of different judges over sysX's runs both judged (yA1 is sysY's: left out)
    const of = (judgeA: string, judgeB: string) => sorted(agg.agreement.filter((p) => p.judgeA === judgeA && p.judgeB === judgeB)).map(({ a, b, n }) => ({ a, b, n }));
    expect(of('J2', 'J1')).toEqual([pair('loss', 'loss'), pair('loss', 'tie'), pair('win', 'tie'), pair('win', 'win')]);
    expect(of('J1', 'J2')).toEqual([pair('loss', 'loss'), pair('tie', 'loss'), pair('tie', 'win'), pair('win', 'win')]);
    expect(of('J2', 'human')).toEqual([pair('win', 'tie')]);
    expect(of('human', 'J2')).toEqual([pair('tie', 'win')]);
    expect(of('J1', 'human')).toEqual([pair('win', 'tie')]);
    expect(of('human', 'J1')).toEqual([pair('tie', 'win')]);
    expect(agg.agreement).toHaveLength(4 + 4 + 4 * 1);
    expect(agg.agreement.every((p) => p.reference === 'expert_only')).toBe(true);
    // J1's attempts 1 and 2: A1 win/tie, B1 loss/win; C1 has one attempt; against expert_with_ai no task has both judged
    expect(sorted(agg.repeated)).toEqual([{ reference: 'expert_only', ...pair('loss', 'win') }, { reference: 'expert_only', ...pair('win', 'tie') }]);
    expect(agg.attempts).toEqual({
      expert_only: [
        { taskId: 'A1', attempts: 3, prefix: 3, unjudgedRun: null },
        { taskId: 'B1', attempts: 2, prefix: 2, unjudgedRun: null },
        { taskId: 'C1', attempts: 1, prefix: 1, unjudgedRun: null },
      ],
      expert_with_ai: [
        { taskId: 'A1', attempts: 3, prefix: 1, unjudgedRun: 'xA1a2' },
        { taskId: 'B1', attempts: 2, prefix: 0, unjudgedRun: 'xB1a1' },
        { taskId: 'C1', attempts: 1, prefix: 0, unjudgedRun: 'xC1a1' },
      ],
    });
  });

  test('scoped to sysY and J2: its own pairs, one attempt per task', () => {
    const agg = recordAggregatesFromRecords(edge(), { system: 'sysY', judge: 'J2' });
    expect(agg.scope).toEqual({ system: 'sysY', judge: 'J2' });
    expect(agg.agreement.map(({ judgeA, judgeB, a, b, n }) => [judgeA, judgeB, a, b, n])).toEqual([['J2', 'J1', 'tie', 'win', 1], ['J1', 'J2', 'win', 'tie', 1]]);
    expect(agg.repeated).toEqual([]);
    expect(agg.attempts.expert_only).toEqual([
      { taskId: 'A1', attempts: 1, prefix: 1, unjudgedRun: null },
      { taskId: 'B1', attempts: 1, prefix: 0, unjudgedRun: 'yB1' },
    ]);
  });

  test('without a scope: the per-system and per-judge parts only, the scoped lists empty', () => {
    const agg = recordAggregatesFromRecords(edge(), null);
    expect(agg.scope).toEqual({ system: '', judge: '' });
    expect(agg.judges).toEqual(['J2', 'J1', 'human']);
    expect(agg.systems.map((s) => s.system)).toEqual(['sysY', 'sysX']);
    expect(agg.judged).toHaveLength(6);
    expect([agg.agreement, agg.repeated, agg.attempts]).toEqual([[], [], { expert_only: [], expert_with_ai: [] }]);
  });

  test('runs without a validity column: validity null; every run with node_hours absent counted', () => {
    const agg = recordAggregatesFromRecords(small(), null);
    expect(agg.validity).toBeNull();
    // synthetic-small: sysX 12 runs in rows 0-11, two attempts; sysY 6 in rows 12-17, one; no node_hours column
    expect(agg.systems).toEqual([
      { system: 'sysX', runs: 12, maxAttempt: 2, withoutNodeHours: 12, firstRow: 0 },
      { system: 'sysY', runs: 6, maxAttempt: 1, withoutNodeHours: 6, firstRow: 12 },
    ]);
    expect(agg.judges).toEqual(['J1', 'J2']);
  });
});

describe('the readers from the records (no aggregates attached)', () => {
  test('systemRunFacts: systems with runs, those judged by the judge against the reference, most attempts', () => {
    const ds = edge();
    const only = systemRunFacts(ds, 'expert_only', 'human');
    expect([...only.withRuns]).toEqual(['sysY', 'sysX']);
    expect([...only.judged]).toEqual(['sysX']);
    expect([...only.maxAttempt]).toEqual([['sysY', 1], ['sysX', 3]]); // sysX's rows: attempts 2, 1, 3, 1, 2, 1
    expect([...systemRunFacts(ds, 'expert_only', 'J2').judged]).toEqual(['sysY', 'sysX']);
    expect([...systemRunFacts(ds, 'expert_with_ai', 'J2').judged]).toEqual([]);
    expect([...systemRunFacts(ds, 'expert_with_ai', 'J1').judged]).toEqual(['sysX']);
  });

  test('systemsWithoutNodeHours: among the systems asked, in order of their first run (as from the aggregates)', () => {
    const ds = edge();
    expect(systemsWithoutNodeHours(ds, new Set(['sysX', 'sysY']))).toEqual(['sysY', 'sysX']);
    expect(systemsWithoutNodeHours(ds, new Set(['sysX']))).toEqual(['sysX']);
    expect(systemsWithoutNodeHours(ds, new Set(['sysQ']))).toEqual([]);
    // the same order as the engine's aggregates give (the re-pricing warnings come out alike)
    const agg = recordAggregatesFromRecords(ds, null);
    expect(systemsWithoutNodeHours(withRecordAggregates(edge(), agg), new Set(['sysX', 'sysY']))).toEqual(['sysY', 'sysX']);
    // a system whose every run has node_hours is not named
    const withAll = datasetFromTexts('e', { ...SMALL_TEXTS, 'runs.csv': EDGE_RUNS.replace('yB1,B1,sysY,1,0.5,1,0.05,,ok', 'yB1,B1,sysY,1,0.5,1,0.05,0.02,ok'), 'judgments.csv': EDGE_JUDGMENTS });
    expect(systemsWithoutNodeHours(withAll, new Set(['sysX', 'sysY']))).toEqual(['sysX']);
  });

  test('validityCounts: per system and cell; null without the column', () => {
    expect(validityCounts(edge())).toEqual([
      { system: 'sysY', validity: 'ok', runs: 2 },
      { system: 'sysX', validity: 'ok', runs: 3 },
      { system: 'sysX', validity: 'missing-samples', runs: 2 },
      { system: 'sysX', validity: '', runs: 1 },
    ]);
    expect(validityCounts(small())).toBeNull();
  });

  test('agreementCounts from the codes: the system\'s runs both judges judged', () => {
    const ds = edge();
    expect(sorted(agreementCounts(ds, 'sysX', 'expert_only', 'J2', 'J1'))).toEqual([pair('loss', 'loss'), pair('loss', 'tie'), pair('win', 'tie'), pair('win', 'win')]);
    expect(agreementCounts(ds, 'sysY', 'expert_only', 'J1', 'J2')).toEqual([pair('win', 'tie')]);
    expect(agreementCounts(ds, 'sysX', 'expert_only', 'human', 'J1')).toEqual([pair('tie', 'win')]);
    expect(agreementCounts(ds, 'sysX', 'expert_with_ai', 'J1', 'J2')).toEqual([]);
    // two equal pairs counted together: synthetic-small sysX, J1 and J2 (attempt 1 only): A1 win/win, A2 loss/win, B1 tie/loss, B2 loss/loss, C1 win/tie, C2 loss/loss
    expect(sorted(agreementCounts(small(), 'sysX', 'expert_only', 'J1', 'J2'))).toEqual([pair('loss', 'loss', 2), pair('loss', 'win'), pair('tie', 'loss'), pair('win', 'tie'), pair('win', 'win')]);
  });

  test('repeatedCounts from the codes: attempts 1 and 2, both judged', () => {
    const ds = edge();
    expect(sorted(repeatedCounts(ds, 'sysX', 'expert_only', 'J1'))).toEqual([pair('loss', 'win'), pair('win', 'tie')]);
    // A1: loss then unjudged; B1: unjudged then win
    expect(repeatedCounts(ds, 'sysX', 'expert_with_ai', 'J1')).toEqual([]);
    expect(repeatedCounts(ds, 'sysY', 'expert_only', 'J1')).toEqual([]);
    // synthetic-small sysX J1: A1 win/loss, A2 loss/tie, B1 tie/win, B2 loss/loss, C1 win/win, C2 loss/win
    expect(sorted(repeatedCounts(small(), 'sysX', 'expert_only', 'J1'))).toEqual([pair('loss', 'loss'), pair('loss', 'tie'), pair('loss', 'win'), pair('tie', 'win'), pair('win', 'loss'), pair('win', 'win')]);
  });

  test('attemptFacts: each task\'s attempts and its judged leading attempts', () => {
    expect(attemptFacts(edge(), 'sysX', 'J1', 'expert_with_ai')).toEqual([
      { taskId: 'A1', attempts: 3, prefix: 1, unjudgedRun: 'xA1a2' },
      { taskId: 'B1', attempts: 2, prefix: 0, unjudgedRun: 'xB1a1' },
      { taskId: 'C1', attempts: 1, prefix: 0, unjudgedRun: 'xC1a1' },
    ]);
    expect(attemptFacts(edge(), 'sysX', 'J1', 'expert_only').map((t) => [t.prefix, t.unjudgedRun])).toEqual([[3, null], [2, null], [1, null]]);
  });
});

describe('rows replaced unchecked (judgmentCodesRegular false): the run_id maps pair as the codes do', () => {
  /** EDGE with judgments and runs added as objects, unchecked */
  const unchecked = (judgments: JudgmentRow[], runs: RunRow[] = []): Dataset => {
    const base = edge();
    return { ...base, rows: { ...base.rows, runs: [...base.rows.runs, ...runs], judgments: [...base.rows.judgments, ...judgments] } };
  };
  const maybe = { run_id: 'xC1a1', reference: 'expert_only', judge: 'human', outcome: 'maybe' } as unknown as JudgmentRow;

  test('an outcome the schema does not allow: agreement and repeated pairs as by hand, the odd outcome kept whole', () => {
    const ds = unchecked([maybe, { run_id: 'xA1a3', reference: 'expert_only', judge: 'J2', outcome: 'no idea' } as unknown as JudgmentRow]);
    expect(sorted(agreementCounts(ds, 'sysX', 'expert_only', 'J1', 'human'))).toEqual([pair('tie', 'maybe'), pair('win', 'tie')]);
    expect(sorted(agreementCounts(ds, 'sysX', 'expert_only', 'J2', 'J1'))).toEqual([pair('loss', 'loss'), pair('loss', 'tie'), pair('no idea', 'loss'), pair('win', 'tie'), pair('win', 'win')]);
    expect(agreementCounts(ds, 'sysY', 'expert_only', 'J2', 'J1')).toEqual([pair('tie', 'win')]);
    expect(agreementCounts(ds, 'sysX', 'expert_with_ai', 'J1', 'J2')).toEqual([]);
    expect(sorted(repeatedCounts(ds, 'sysX', 'expert_only', 'J1'))).toEqual([pair('loss', 'win'), pair('win', 'tie')]);
    expect(repeatedCounts(ds, 'sysX', 'expert_with_ai', 'J1')).toEqual([]); // A1 loss then none; B1 none then win
    expect(repeatedCounts(ds, 'sysY', 'expert_only', 'J1')).toEqual([]);
  });

  test('an odd outcome of the repeated judge: kept whole (the codes would lose it)', () => {
    const ds = unchecked([{ run_id: 'xA1a2', reference: 'expert_with_ai', judge: 'J1', outcome: 'maybe' } as unknown as JudgmentRow]);
    expect(repeatedCounts(ds, 'sysX', 'expert_with_ai', 'J1')).toEqual([pair('loss', 'maybe')]); // A1: loss, maybe; B1: none, win
    expect(sorted(repeatedCounts(ds, 'sysX', 'expert_only', 'J1'))).toEqual([pair('loss', 'win'), pair('win', 'tie')]);
  });

  test('a run_id two runs share: the judgments of the id count for each system that has it', () => {
    const twin = { run_id: 'xB1a1', task_id: 'C1', system: 'sysY', attempt: 1, ai_hours: 1, cost_usd: 1, energy_mj: 0.1, node_hours: null, extra: { validity: 'ok' } } as RunRow;
    const ds = unchecked([], [twin]);
    expect(sorted(agreementCounts(ds, 'sysY', 'expert_only', 'J1', 'J2'))).toEqual([pair('loss', 'loss'), pair('win', 'tie')]);
    expect(sorted(agreementCounts(ds, 'sysX', 'expert_only', 'J1', 'J2'))).toEqual([pair('loss', 'loss'), pair('tie', 'loss'), pair('tie', 'win'), pair('win', 'win')]);
    expect(sorted(repeatedCounts(ds, 'sysX', 'expert_only', 'J1'))).toEqual([pair('loss', 'win'), pair('win', 'tie')]);
  });
});

describe('the readers from attached aggregates (the DuckDB engine\'s): the attachment, not the records', () => {
  /** hand-written aggregates, unlike synthetic-small's records in every part read */
  const AGG: RecordAggregates = {
    scope: { system: 'sysX', judge: 'J1' },
    judges: ['J2', 'J1'],
    systems: [
      { system: 'sysY', runs: 3, maxAttempt: 4, withoutNodeHours: 0, firstRow: 0 },
      { system: 'sysX', runs: 5, maxAttempt: 2, withoutNodeHours: 2, firstRow: 3 },
      { system: 'sysZ', runs: 1, maxAttempt: 1, withoutNodeHours: 1, firstRow: 8 },
    ],
    judged: [
      { system: 'sysX', reference: 'expert_only', judge: 'J1', runs: 5 },
      { system: 'sysY', reference: 'expert_with_ai', judge: 'J1', runs: 2 },
      { system: 'sysZ', reference: 'expert_only', judge: 'J1', runs: 0 },
      { system: 'sysY', reference: 'expert_only', judge: 'J2', runs: 1 },
    ],
    validity: [{ system: 'sysX', validity: 'ok', runs: 5 }],
    agreement: [
      { reference: 'expert_only', judgeA: 'J1', judgeB: 'J2', a: 'win', b: 'win', n: 3 },
      { reference: 'expert_only', judgeA: 'J2', judgeB: 'J1', a: 'win', b: 'win', n: 3 },
      { reference: 'expert_with_ai', judgeA: 'J1', judgeB: 'J2', a: 'loss', b: 'tie', n: 1 },
      { reference: 'expert_only', judgeA: 'J1', judgeB: 'J2', a: 'tie', b: 'loss', n: 2 },
      // the same reference and one judge of the pair asked: not theirs
      { reference: 'expert_only', judgeA: 'human', judgeB: 'J2', a: 'tie', b: 'tie', n: 4 },
      { reference: 'expert_only', judgeA: 'J1', judgeB: 'human', a: 'loss', b: 'loss', n: 5 },
    ],
    repeated: [{ reference: 'expert_only', a: 'win', b: 'loss', n: 2 }, { reference: 'expert_with_ai', a: 'tie', b: 'tie', n: 1 }],
    attempts: {
      expert_only: [{ taskId: 'A1', attempts: 2, prefix: 2, unjudgedRun: null }],
      expert_with_ai: [{ taskId: 'A1', attempts: 2, prefix: 1, unjudgedRun: 'xA1a2' }],
    },
  };
  const attached = () => withRecordAggregates(small(), AGG);

  test('withRecordAggregates returns the dataset; attachedAggregates gives them back, and nothing for another dataset', () => {
    const ds = small();
    expect(withRecordAggregates(ds, AGG)).toBe(ds);
    expect(attachedAggregates(ds)).toBe(AGG);
    expect(attachedAggregates(small())).toBeUndefined();
  });

  test('systemRunFacts: systems listed, judged only where runs > 0 for that reference and judge', () => {
    const ds = attached();
    const f = systemRunFacts(ds, 'expert_only', 'J1');
    expect([...f.withRuns]).toEqual(['sysY', 'sysX', 'sysZ']);
    expect([...f.judged]).toEqual(['sysX']);
    expect([...f.maxAttempt]).toEqual([['sysY', 4], ['sysX', 2], ['sysZ', 1]]);
    expect([...systemRunFacts(ds, 'expert_with_ai', 'J1').judged]).toEqual(['sysY']);
    expect([...systemRunFacts(ds, 'expert_only', 'J2').judged]).toEqual(['sysY']);
    expect([...systemRunFacts(ds, 'expert_with_ai', 'J2').judged]).toEqual([]);
  });

  test('systemsWithoutNodeHours, validityCounts', () => {
    const ds = attached();
    expect(systemsWithoutNodeHours(ds, new Set(['sysX', 'sysY', 'sysZ']))).toEqual(['sysX', 'sysZ']);
    expect(systemsWithoutNodeHours(ds, new Set(['sysZ', 'sysY']))).toEqual(['sysZ']);
    expect(validityCounts(ds)).toEqual([{ system: 'sysX', validity: 'ok', runs: 5 }]);
    expect(validityCounts(withRecordAggregates(small(), { ...AGG, validity: null }))).toBeNull();
  });

  test('agreementCounts, repeatedCounts, attemptFacts: the rows of the reference (and judges) asked', () => {
    const ds = attached();
    expect(agreementCounts(ds, 'sysX', 'expert_only', 'J1', 'J2')).toEqual([AGG.agreement[0], AGG.agreement[3]]);
    expect(agreementCounts(ds, 'sysX', 'expert_only', 'J2', 'J1')).toEqual([AGG.agreement[1]]);
    expect(agreementCounts(ds, 'sysX', 'expert_with_ai', 'J1', 'J2')).toEqual([AGG.agreement[2]]);
    expect(agreementCounts(ds, 'sysX', 'expert_with_ai', 'J2', 'J1')).toEqual([]);
    expect(agreementCounts(ds, 'sysX', 'expert_only', 'human', 'J2')).toEqual([AGG.agreement[4]]);
    expect(agreementCounts(ds, 'sysX', 'expert_only', 'J1', 'human')).toEqual([AGG.agreement[5]]);
    expect(repeatedCounts(ds, 'sysX', 'expert_only', 'J1')).toEqual([AGG.repeated[0]]);
    expect(repeatedCounts(ds, 'sysX', 'expert_with_ai', 'J1')).toEqual([AGG.repeated[1]]);
    expect(attemptFacts(ds, 'sysX', 'J1', 'expert_only')).toEqual(AGG.attempts.expert_only);
    expect(attemptFacts(ds, 'sysX', 'J1', 'expert_with_ai')).toEqual(AGG.attempts.expert_with_ai);
  });

  test('a system or judge other than the aggregates\' scope is refused, naming both', () => {
    const ds = attached();
    expect(() => agreementCounts(ds, 'sysY', 'expert_only', 'J1', 'J2')).toThrow(/^the record aggregates were computed for system sysX and judge J1, not sysY$/);
    expect(() => repeatedCounts(ds, 'sysY', 'expert_only', 'J1')).toThrow(/^the record aggregates were computed for system sysX and judge J1, not sysY and J1$/);
    expect(() => repeatedCounts(ds, 'sysX', 'expert_only', 'J2')).toThrow(/^the record aggregates were computed for system sysX and judge J1, not sysX and J2$/);
    expect(() => attemptFacts(ds, 'sysX', 'J2', 'expert_only')).toThrow(/^the record aggregates were computed for system sysX and judge J1, not sysX and J2$/);
    expect(() => attemptFacts(ds, 'sysQ', 'J1', 'expert_only')).toThrow(/^the record aggregates were computed for system sysX and judge J1, not sysQ and J1$/);
  });
});
