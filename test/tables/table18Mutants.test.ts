/**
 * Table 18 (percentage reductions between the crossed cells of Table 17, K.1) against a hand
 * computation of the four cells and a second implementation of its paired intervals (#29: "Table 18's
 * reduction oracle lives only in test/uncertainty/tables.test.ts; the tables tests alone miss a wrong
 * starting cell").
 *
 * The dataset: synthetic-small with B1's expert-with-AI time 0.5 (was 1) and B2's attempt 1 winning
 * against expert_with_ai (was a loss), so that the two switching orders differ (in synthetic-small
 * itself judgments move NVJ by 18 in both orders) and a reduction can start from zero where the end
 * is not. Per task (test/tables/handDraws.ts), cell (s, t) = (judgment reference, time reference):
 *   G = Y^s H^t wage, C, E, S = Y^s (H^t - L), benchmark = sum_o w_o mean_o.
 * Full data: NVJ (eo,eo) 203.35, (wai,eo) 239.35, (eo,wai) 154.85, (wai,wai) 181.85;
 *            TSJ 4.1, 6.125, 2.7, 4.275  (G 52, 61, 39.875, 46.625; C 1.1625; E .25; S 1.025, 1.53125, .675, 1.06875).
 * Reductions 100 (1 - end / start), rows in the paper's order with their starting cells:
 *   judgments (eo times) 0 -> 1, times (eo judgments) 0 -> 2, times (wai judgments) 1 -> 3,
 *   judgments (wai times) 2 -> 3, both 0 -> 3; e.g. NVJ both: 100 (1 - 181.85 / 203.35) = 10.5729...
 * Attribution (K.1): judgments ((v0 - v1) + (v2 - v3)) / 2, times ((v1 - v3) + (v0 - v2)) / 2, as
 * percent of v0 - v3: NVJ -146.51% and 246.51%.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { table18, REDUCTIONS } from '../../kernel-lib/tables/table18.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';
import { SMALL, columns, editedDataset } from '../helpers/dataset.ts';
import { SMALL_TASKS, benchmarkByHand, drawsByHand, interval95, type HandTask } from './handDraws.ts';

onWarning(null);
afterEach(() => clearWarnings());

const EDITS = {
  'tasks.csv': (s: string) => s.replace('B1,occB,1,1', 'B1,occB,1,0.5'),
  'judgments.csv': (s: string) => s.replace('xB2a1,expert_with_ai,J1,loss', 'xB2a1,expert_with_ai,J1,win'),
};
const TASKS: Record<string, HandTask> = { ...SMALL_TASKS, B1: { ...SMALL_TASKS.B1, wai: 0.5 }, B2: { ...SMALL_TASKS.B2, yWai: 1 } };

// cells in Table 17's order: (judgments, times) = (eo, eo), (wai, eo), (eo, wai), (wai, wai)
const CELLS: [keyof HandTask, keyof HandTask][] = [['yEo', 'eo'], ['yWai', 'eo'], ['yEo', 'wai'], ['yWai', 'wai']];
/** per task: G, C, E, S of each cell, 16 numbers */
const perTask = (t: HandTask) => CELLS.flatMap(([y, h]) => {
  const Y = t[y] as number, H = t[h] as number;
  return [Y * H * t.wage, t.C, t.E, Y * (H - t.L)];
});
const nvjOf = (v: number[], k: number) => (v[4 * k] - v[4 * k + 1]) / v[4 * k + 2];
const tsjOf = (v: number[], k: number) => v[4 * k + 3] / v[4 * k + 2];
// the rows as the paper prints them, with their starting and ending cells (written here, not read from REDUCTIONS)
const ROWS: [string, string, number, number][] = [
  ['judgments', 'expert_only times', 0, 1],
  ['times', 'expert_only judgments', 0, 2],
  ['times', 'expert_with_ai judgments', 1, 3],
  ['judgments', 'expert_with_ai times', 2, 3],
  ['judgments and times', 'none', 0, 3],
];
const reduction = (v: number[], s: number, e: number) => 100 * (1 - v[e] / v[s]);
const judgmentsShare = (v: number[]) => (100 * ((v[0] - v[1] + (v[2] - v[3])) / 2)) / (v[0] - v[3]);
const timesShare = (v: number[]) => (100 * ((v[1] - v[3] + (v[0] - v[2])) / 2)) / (v[0] - v[3]);

describe('Table 18 by hand', () => {
  test('the five reductions start from the paper\'s cells and the two attribution rows average both orders', () => {
    expect(REDUCTIONS).toEqual(ROWS);
    const dataset = loadDataset(editedDataset(EDITS));
    const t = columns(table18({ dataset, bootstrap: false }), 12);
    const full = CELLS.map((_, k) => k).flatMap((k) => perTask(TASKS.A1).slice(4 * k, 4 * k + 4).map((_, q) => benchmarkByHand(TASKS, (x) => perTask(x)[4 * k + q])));
    const nvj = [0, 1, 2, 3].map((k) => nvjOf(full, k)), tsj = [0, 1, 2, 3].map((k) => tsjOf(full, k));
    [203.35, 239.35, 154.85, 181.85].forEach((v, k) => expect(nvj[k]).toBeCloseTo(v, 10));
    [4.1, 6.125, 2.7, 4.275].forEach((v, k) => expect(tsj[k]).toBeCloseTo(v, 10));
    expect(t.change).toEqual([...ROWS.map((r) => r[0]), 'attribution: judgments', 'attribution: times']);
    expect(t.fixed).toEqual([...ROWS.map((r) => r[1]), 'share of total decline, mean of both orders', 'share of total decline, mean of both orders']);
    ROWS.forEach(([, , s, e], r) => {
      expect(t.nvj_reduction_pct[r] as number, `NVJ row ${r}`).toBeCloseTo(reduction(nvj, s, e), 9);
      expect(t.tsj_reduction_pct[r] as number, `TSJ row ${r}`).toBeCloseTo(reduction(tsj, s, e), 9);
    });
    expect(t.nvj_reduction_pct[4] as number).toBeCloseTo(100 * (1 - 181.85 / 203.35), 9);
    expect(t.nvj_reduction_pct[5] as number).toBeCloseTo(judgmentsShare(nvj), 9);
    expect(t.nvj_reduction_pct[6] as number).toBeCloseTo(timesShare(nvj), 9);
    expect(t.tsj_reduction_pct[5] as number).toBeCloseTo(judgmentsShare(tsj), 9);
    expect(t.tsj_reduction_pct[6] as number).toBeCloseTo(timesShare(tsj), 9);
    expect(t.nvj_reduction_pct[5] as number).toBeCloseTo(-146.511627907, 6);
    for (const k of ['nvj_reduction_lo', 'nvj_reduction_hi', 'tsj_reduction_lo', 'tsj_reduction_hi']) expect(t[k]).toEqual(Array(7).fill(null));
    expect(warnings()).toEqual([]);
  });

  test('a start of 0 (no task credited against expert_only) leaves that metric\'s reductions and attribution empty, with one warning', () => {
    // every expert_only verdict a loss: TSJ of cells 0 and 2 is 0; NVJ is negative but not 0
    const dataset = loadDataset(editedDataset({ 'judgments.csv': (s) => s.replace(/,expert_only,J1,(win|tie)/g, ',expert_only,J1,loss') }));
    const t = columns(table18({ dataset, bootstrap: false }), 12);
    // only 'times, expert_with_ai judgments' starts from cell 1 (expert_with_ai judgments), whose TSJ is not 0
    expect(t.tsj_reduction_pct.map((v) => (v === null ? null : typeof v))).toEqual([null, null, 'number', null, null, null, null]);
    expect(t.nvj_reduction_pct.every((v) => typeof v === 'number')).toBe(true);
    expect(warnings()).toEqual(['table18: no value for TSJ reductions from a start of 0, TSJ attribution (start is 0); those cells are left empty']);
  });

  test('an NVJ start of 0 (nothing credited against expert_only and no AI cost) is named as NVJ\'s, beside TSJ\'s', () => {
    const dataset = loadDataset(editedDataset({
      'judgments.csv': (s) => s.replace(/,expert_only,J1,(win|tie)/g, ',expert_only,J1,loss'),
      'runs.csv': (s) => s.replace(/^(x\w+,\w+,sysX,\d),([\d.]+),[\d.]+,/gm, '$1,$2,0,'),
    }));
    const t = columns(table18({ dataset, bootstrap: false }), 12);
    expect(t.nvj_reduction_pct.map((v) => (v === null ? null : typeof v))).toEqual([null, null, 'number', null, null, null, null]);
    expect(warnings()).toEqual(['table18: no value for NVJ reductions from a start of 0, TSJ reductions from a start of 0, NVJ attribution (start is 0), TSJ attribution (start is 0); those cells are left empty']);
  });

  test('a total change of 0 (the references agree) leaves the attribution empty; the reductions are 0', () => {
    // expert_with_ai times and verdicts equal the expert_only ones: the four cells are equal
    const dataset = loadDataset(editedDataset({
      'tasks.csv': (s) => s.replace(/^(\w+),(occ\w),([\d.]+),[\d.]+$/gm, '$1,$2,$3,$3'),
      'judgments.csv': (s) => s.split('\n').filter((l) => !l.includes(',expert_with_ai,')).flatMap((l) => (l.includes(',expert_only,') ? [l, l.replace(',expert_only,', ',expert_with_ai,')] : [l])).join('\n'),
    }));
    const t = columns(table18({ dataset, bootstrap: { draws: 40, seed: 2 } }), 12);
    expect(t.nvj_reduction_pct.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(t.nvj_reduction_pct.slice(5)).toEqual([null, null]);
    expect(t.tsj_reduction_pct.slice(5)).toEqual([null, null]);
    expect(t.nvj_reduction_lo.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(t.nvj_reduction_hi.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    for (const k of ['nvj_reduction_lo', 'nvj_reduction_hi', 'tsj_reduction_lo', 'tsj_reduction_hi']) expect(t[k].slice(5), k).toEqual([null, null]);
    expect(warnings()).toEqual([
      'table18: no value for NVJ attribution (total change is 0), TSJ attribution (total change is 0); those cells are left empty',
      'table18: a starting value or total change is zero in up to 40 of 40 draws, which have no reduction; the intervals use the other draws',
    ]);
  });
});

/** Per metric: draws whose start cell of some reduction is 0 (the most over the rows), and draws without an attribution (start or total change 0). */
function skippedByHand(draws: number[][]): { reductions: number; attribution: number } {
  const reductions = Math.max(...ROWS.map(([, , s]) => draws.filter((v) => v[s] === 0).length));
  const attribution = draws.filter((v) => v[0] === 0 || v[0] - v[3] === 0).length;
  return { reductions, attribution };
}

describe('Table 18: the warning counts the draws left out of any interval, attribution included', () => {
  // occB decides: B1 credited against expert_only only, B2 against expert_with_ai only (every other task
  // is credited alike and has one time under both references), so in a draw holding B1 and B2 once each
  // (half the draws) one metric's start and end cells are equal, and the attribution has no total change:
  //   NVJ equal: G^eo(B1) = 1 x 20 = G^wai(B2) = 1 x 20 (H^eo(B1) = H^wai(B2) = 1); TSJ differs: S .5 against .75
  //   TSJ equal: S^eo(B1) = 1 - .5 = S^wai(B2) = .75 - .25; NVJ differs: G 20 against 15
  const sameTimes = (b2wai: string) => (s: string) => s.replace(/^(\w+),(occ\w),([\d.]+),[\d.]+$/gm, '$1,$2,$3,$3').replace('B2,occB,3,3', `B2,occB,3,${b2wai}`);
  const b2Wins = (s: string) => s.replace('xB2a1,expert_with_ai,J1,loss', 'xB2a1,expert_with_ai,J1,win');
  const tasks = (b2wai: number): Record<string, HandTask> => Object.fromEntries(Object.entries(SMALL_TASKS).map(([id, t]) => [id, { ...t, wai: id === 'B2' ? b2wai : t.eo, yWai: id === 'B2' ? 1 : t.yWai }]));
  for (const [metric, b2wai] of [['NVJ', 1], ['TSJ', 0.75]] as const) {
    test(`${metric}'s start and end equal in half the draws: those draws are counted`, () => {
      const dataset = loadDataset(editedDataset({ 'tasks.csv': sameTimes(String(b2wai)), 'judgments.csv': b2Wins }));
      const settings = { draws: 200, seed: 3 };
      table18({ dataset, bootstrap: settings });
      const d = drawsByHand(dataset, settings, tasks(b2wai), perTask);
      const nvj = skippedByHand(d.map((v) => [0, 1, 2, 3].map((k) => nvjOf(v, k))));
      const tsj = skippedByHand(d.map((v) => [0, 1, 2, 3].map((k) => tsjOf(v, k))));
      const mine = metric === 'NVJ' ? nvj : tsj, other = metric === 'NVJ' ? tsj : nvj;
      expect(mine.attribution).toBeGreaterThan(Math.max(mine.reductions, other.reductions, other.attribution));
      expect(mine.attribution).toBeGreaterThan(60);
      expect(warnings()).toEqual([
        // the full data holds B1 and B2 once each, too
        `table18: no value for ${metric} attribution (total change is 0); those cells are left empty`,
        `table18: a starting value or total change is zero in up to ${mine.attribution} of 200 draws, which have no reduction; the intervals use the other draws`,
      ]);
    });
  }
});

describe('Table 18 intervals: a second implementation on the same draws', () => {
  test('every reduction and attribution interval equals the one from the definition (paired draws, zero starts left out)', () => {
    const dataset = loadDataset(editedDataset(EDITS));
    const settings = { draws: 400, seed: 5 };
    const t = columns(table18({ dataset, bootstrap: settings }), 12);
    const d = drawsByHand(dataset, settings, TASKS, perTask);
    const nvj = d.map((v) => [0, 1, 2, 3].map((k) => nvjOf(v, k)));
    const tsj = d.map((v) => [0, 1, 2, 3].map((k) => tsjOf(v, k)));
    let skipped = 0;
    const check = (draws: number[][], col: string) => {
      ROWS.forEach(([, , s, e], r) => {
        const ok = draws.filter((v) => v[s] !== 0);
        skipped = Math.max(skipped, draws.length - ok.length);
        const [lo, hi] = interval95(ok.map((v) => reduction(v, s, e)));
        expect(t[`${col}_lo`][r] as number, `${col} row ${r}`).toBeCloseTo(lo, 8);
        expect(t[`${col}_hi`][r] as number, `${col} row ${r}`).toBeCloseTo(hi, 8);
      });
      const ok = draws.filter((v) => v[0] !== 0 && v[0] - v[3] !== 0);
      skipped = Math.max(skipped, draws.length - ok.length);
      const [jl, jh] = interval95(ok.map(judgmentsShare)), [tl, th] = interval95(ok.map(timesShare));
      expect([t[`${col}_lo`][5], t[`${col}_hi`][5]].map((x) => Number((x as number).toFixed(6)))).toEqual([jl, jh].map((x) => Number(x.toFixed(6))));
      expect([t[`${col}_lo`][6], t[`${col}_hi`][6]].map((x) => Number((x as number).toFixed(6)))).toEqual([tl, th].map((x) => Number(x.toFixed(6))));
    };
    check(nvj, 'nvj_reduction');
    check(tsj, 'tsj_reduction');
    // TSJ of cell 2 (expert-only judgments, expert-with-AI times) is 0 in a draw without A1 and C1 (1 in 16);
    // cell 0's in a draw without a task credited against expert_only (1 in 64)
    expect(skipped).toBeGreaterThan(10);
    expect(tsj.filter((v) => v[0] === 0).length).toBeGreaterThan(0);
    expect(warnings()).toEqual([`table18: a starting value or total change is zero in up to ${skipped} of 400 draws, which have no reduction; the intervals use the other draws`]);
  });
});
