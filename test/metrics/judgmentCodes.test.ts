/**
 * judgmentCodes (issue 27: the judgments as codes by run position, in one pass) against judgmentsOf,
 * the map of every judged run it replaces on the tables' path, as oracle: on both datasets in the
 * tree and on rows replaced unchecked (a run_id two runs share, an outcome the schema does not
 * allow, a later judgment of the same comparison), every run's code is the outcome judgmentsOf gives
 * its id. Table 2's judge agreement equals judgeAgreement over the judgments keyed by run (a second
 * implementation), and on irregular rows it keeps judgmentsOf's pairing and message. On the loader's
 * judgment columns (runs placed by distinctRunIds and a side-by-side walk), judgments in any order and
 * a run renamed in place give judgmentsOf's outcomes too.
 * Equivalent survivors (Stryker, metrics/taskComponents.ts): the cache skipped, or the Map of run ids
 * built although the ids are distinct, gives the same codes. (positionsInOrder, data/load.ts, shared
 * with the loader's shareRunIds: a walk stopped early or stepped wrongly is repaired by the Map after
 * it, only slower.)
 */
import { describe, expect, test } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distinctRunIds, judgmentColumns, loadDataset, type Dataset } from '../../kernel-lib/data/load.ts';
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

/** A copy of synthetic-small whose judgments.csv has its data lines in the order `order` gives them. */
function reorderedJudgments(order: (lines: string[]) => string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'j2g-codes-'));
  cpSync('data/recorded/synthetic-small', dir, { recursive: true });
  const [header, ...lines] = readFileSync(join(dir, 'judgments.csv'), 'utf8').trimEnd().split('\n');
  writeFileSync(join(dir, 'judgments.csv'), [header, ...order(lines)].join('\n') + '\n');
  return dir;
}

/** judgmentCodes of every (reference, judge) the loader's judgment columns hold, taken before anything reads rows.judgments. */
function codesFromColumns(ds: Dataset): Map<string, Int8Array> {
  const c = judgmentColumns(ds.rows)!;
  const values = (name: string) => c.values[c.names.indexOf(name)] as string[];
  const out = new Map<string, Int8Array>();
  for (const reference of ['expert_only', 'expert_with_ai']) for (const judge of [...values('judge'), 'nobody']) out.set(`${reference} ${judge}`, judgmentCodes(ds, reference, judge));
  return out;
}

/** Each code of `codes` against judgmentsOf (read from the judgment objects) for its run's id. */
function expectMapOfCodes(ds: Dataset, codes: Map<string, Int8Array>): void {
  for (const [key, got] of codes) {
    const [reference, judge] = key.split(' ');
    const map = judgmentsOf(ds, reference, judge);
    const want = ds.rows.runs.map((r) => { const o = map.get(r.run_id); return o === undefined ? -1 : OUTCOME_OF_CODE.indexOf(o); });
    expect([...got], key).toEqual(want);
  }
}

describe('judgmentCodes on the loader\'s columns, runs placed by distinctRunIds without a Map', () => {
  test('judgments in runs.csv\'s order, reversed, and shuffled: the same codes as judgmentsOf', () => {
    let seed = 7;
    const shuffle = (lines: string[]) => { const a = [...lines]; for (let i = a.length - 1; i > 0; i--) { seed = (seed * 1103515245 + 12345) % 2 ** 31; const j = seed % (i + 1); [a[i], a[j]] = [a[j], a[i]]; } return a; };
    for (const order of [(l: string[]) => l, (l: string[]) => [...l].reverse(), shuffle, (l: string[]) => [...l.slice(5), ...l.slice(0, 5)]]) {
      const ds = loadDataset(reorderedJudgments(order));
      expect(distinctRunIds(ds.rows.runs)).toEqual(ds.rows.runs.map((r) => r.run_id));
      const codes = codesFromColumns(ds);
      expect(judgmentCodesRegular(ds)).toBe(true);
      expectMapOfCodes(ds, codes);
    }
  });

  test('a run renamed in place to another run\'s id: no distinct ids, both runs get the outcome, irregular', () => {
    const ds = loadDataset('data/recorded/synthetic-small');
    const runs = ds.rows.runs;
    runs[5] = { ...runs[5], run_id: runs[2].run_id };
    expect(distinctRunIds(runs)).toBeUndefined();
    const codes = codesFromColumns(ds);
    expect(judgmentCodesRegular(ds)).toBe(false);
    expectMapOfCodes(ds, codes);
    const judged = [...codes.values()].find((c) => c[2] !== -1)!;
    expect(judged[5]).toBe(judged[2]);
  });

  test('distinctRunIds: the loaded ids in row order; undefined for a copy, a longer array, a renamed run', () => {
    const runs = loadDataset('data/recorded/synthetic-small').rows.runs;
    expect(distinctRunIds(runs)?.slice(0, 2)).toEqual(['xA1a1', 'xA1a2']);
    expect(distinctRunIds([...runs])).toBeUndefined();
    runs.push({ ...runs[0], run_id: 'new' });
    expect(distinctRunIds(runs)).toBeUndefined();
    runs.pop();
    expect(distinctRunIds(runs)).toHaveLength(18);
    runs[17] = { ...runs[17], run_id: 'renamed' };
    expect(distinctRunIds(runs)).toBeUndefined();
  });
});
