/**
 * judgmentCodes (issue 27: the judgments as codes by run position, in one pass) against judgmentsOf,
 * the map of every judged run it replaces on the tables' path, as oracle: on both datasets in the
 * tree and on rows replaced unchecked (a run_id two runs share, an outcome the schema does not
 * allow, a later judgment of the same comparison), every run's code is the outcome judgmentsOf gives
 * its id. Table 2's judge agreement equals judgeAgreement over the judgments keyed by run (a second
 * implementation), and on irregular rows it keeps judgmentsOf's pairing and message.
 */
import { describe, expect, test } from 'vitest';
import { loadDataset, type Dataset } from '../../kernel-lib/data/load.ts';
import type { JudgmentRow, RunRow } from '../../kernel-lib/data/schema.ts';
import { judgmentCodes, judgmentCodesRegular, judgmentsOf, OUTCOME_OF_CODE, OTHER_OUTCOME } from '../../kernel-lib/metrics/taskComponents.ts';
import { judgeAgreement } from '../../kernel-lib/uncertainty/judgeAgreement.ts';
import { table02 } from '../../kernel-lib/tables/table02.ts';

/** judgmentCodes against judgmentsOf for every run, reference and judge of `ds` (and one judge it lacks). */
function expectCodesOfMap(ds: Dataset): number {
  let judged = 0;
  const judges = [...new Set(ds.rows.judgments.map((j) => j.judge)), 'nobody'];
  for (const reference of ['expert_only', 'expert_with_ai']) {
    for (const judge of judges) {
      const map = judgmentsOf(ds, reference, judge), codes = judgmentCodes(ds, reference, judge);
      expect(codes).toHaveLength(ds.rows.runs.length);
      ds.rows.runs.forEach((r, i) => {
        const o = map.get(r.run_id);
        const want = o === undefined ? -1 : OUTCOME_OF_CODE.includes(o) ? OUTCOME_OF_CODE.indexOf(o) : OTHER_OUTCOME;
        expect(codes[i], `${reference} ${judge} ${r.run_id}`).toBe(want);
        if (o !== undefined) judged++;
      });
    }
  }
  return judged;
}

describe('judgmentCodes gives judgmentsOf\'s outcome of every run', () => {
  test('on both datasets in the tree', () => {
    for (const dir of ['data/recorded/synthetic-small', 'data/recorded/joules-to-gdp-reconstructed']) {
      const ds = loadDataset(dir);
      expect(expectCodesOfMap(ds)).toBeGreaterThan(0);
      expect(judgmentCodesRegular(ds)).toBe(true);
    }
  });

  test('on rows replaced unchecked: a shared run_id, another outcome, a repeated comparison', () => {
    const base = loadDataset('data/recorded/synthetic-small');
    const twin: RunRow = { ...base.rows.runs[3], system: 'sysY' }; // the same run_id as run 3
    const judgments: JudgmentRow[] = [
      ...base.rows.judgments,
      { run_id: base.rows.runs[0].run_id, reference: 'expert_only', judge: 'J2', outcome: 'maybe' as JudgmentRow['outcome'] },
      { ...base.rows.judgments[1], outcome: base.rows.judgments[1].outcome === 'win' ? 'loss' : 'win' }, // replaces the first
    ];
    const ds = { ...base, rows: { ...base.rows, runs: [...base.rows.runs, twin], judgments } };
    expectCodesOfMap(ds);
    const codes = judgmentCodes(ds, base.rows.judgments[3].reference, base.rows.judgments[3].judge);
    expect(codes[ds.rows.runs.length - 1]).toBe(codes[3]); // both runs of the shared id
    expect(judgmentCodesRegular(ds)).toBe(false);
  });
});

describe('Table 2 from the codes', () => {
  test('equals judgeAgreement over the judgments keyed by run, pair by pair, for every system of both datasets', () => {
    let compared = 0;
    for (const dir of ['data/recorded/synthetic-small', 'data/recorded/joules-to-gdp-reconstructed']) {
      const ds = loadDataset(dir);
      const judges = [...new Set(ds.rows.judgments.map((j) => j.judge))];
      for (const { system } of ds.rows.systems) {
        const ofSystem = new Set(ds.rows.runs.filter((r) => r.system === system).map((r) => r.run_id));
        const keyed = (judge: string) => ds.rows.judgments.filter((j) => j.judge === judge && j.reference === 'expert_only' && ofSystem.has(j.run_id)).map((j) => ({ key: j.run_id, outcome: j.outcome }));
        let rows: any[] = [];
        try { rows = table02({ dataset: ds, system }).objects(); } catch { /* no shared comparison: checked below */ }
        for (const a of judges) for (const b of judges) {
          const row = rows.find((r) => r.judge_a === a && r.judge_b === b);
          if (!row) continue;
          const want = judgeAgreement(keyed(a), keyed(b));
          expect(row, `${dir} ${system} ${a} ${b}`).toEqual({ judge_a: a, judge_b: b, exact_agreement_pct: want.exactPct, binary_agreement_pct: want.binaryPct, pairs: want.pairs });
          compared++;
        }
        // a pair without a row shares no comparison
        const pairs = rows.filter((r) => !String(r.judge_a).endsWith(' attempt 1')).length;
        let shared = 0;
        for (let x = 0; x < judges.length; x++) for (let y = x + 1; y < judges.length; y++) {
          const kb = new Set(keyed(judges[y]).map((j) => j.key));
          if (keyed(judges[x]).some((j) => kb.has(j.key))) shared++;
        }
        expect(pairs, `${dir} ${system}`).toBe(shared);
      }
    }
    expect(compared).toBeGreaterThan(3);
  });

  test('on irregular rows, pairs by judgmentsOf and refuses an outcome that is not win, tie or loss', () => {
    const base = loadDataset('data/recorded/synthetic-small');
    const j2 = base.rows.judgments.find((j) => j.judge === 'J2')!;
    const judgments = base.rows.judgments.map((j) => (j === j2 ? { ...j, outcome: 'maybe' as JudgmentRow['outcome'] } : j));
    const ds = { ...base, rows: { ...base.rows, judgments } };
    expect(() => table02({ dataset: ds })).toThrow(/agreementOfCounts requires outcomes win, tie or loss: .*"maybe"/);
  });
});
