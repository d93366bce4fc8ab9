/**
 * Interval columns of the tables against hand computations on data/recorded/synthetic-small, and the
 * property that every table's point lies inside its own interval (#29: Table 22's intervals, Table
 * 18's starting cells and Table 18's intervals were guarded only by the reconstructed dataset's
 * paper-target test, or by lo <= hi).
 *
 * synthetic-small, sysX attempt 1 (see synthetic-small.test.ts for the point estimates). Occupation
 * weights .15 (occA: A1, A2), .45 (occB: B1, B2), .40 (occC: C1, C2); each occupation's two tasks are
 * resampled with replacement, so a task appears 0, 1 or 2 times in a draw with probabilities 1/4,
 * 1/2, 1/4, independently across occupations. With the manifest's 2000 draws, a value of probability
 * >= 3/64 (about 94 draws, sd 9.5) is both the 2.5% percentile (type 7 reads draws 50 and 51 of the
 * sorted 2000) when it is the smallest possible value, and the 97.5% percentile when the largest.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ColumnTable } from 'arquero';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { writeGeneratedDataset } from '../../kernel-lib/data/generate.ts';
import { table13, table15, table16, table17, table18, table19, table20, table21, table22 } from '../../kernel-lib/tables/index.ts';
import { SMALL, columns } from '../helpers/dataset.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

onWarning(null);
const dataset = loadDataset(SMALL);

describe('Table 22 intervals by hand', () => {
  // Credited against expert-with-AI at attempt 1: A1 (H_eo 2, H_wai 1.5, L .5) and C1 (5, 4, 1).
  // Let k, m = copies of A1 in occA's and of C1 in occC's resample. Per draw:
  //   eo -> wai:  S1 = .15 (k/2)(2 - 1.5) + .4 (m/2)(5 - 4) = .0375 k + .2 m;  D1 = .15 k + m
  //   wai -> ai:  S2 = .15 (k/2)(1.5 - .5) + .4 (m/2)(4 - 1) = .075 k + .6 m;  D2 = .1125 k + .8 m
  //   eo -> ai:   S3 = .15 (k/2)(2 - .5) + .4 (m/2)(5 - 1) = .1125 k + .8 m;  pct over D1
  // Hours: lo at k = m = 0 (p 1/16) = 0; hi at k = m = 2 (p 1/16).
  // Percentages (draws with k = m = 0 left out): k > 0 = m gives 25, 66.67, 75; k = 0 < m gives 20, 75, 80
  //   (each p 3/16); mixed draws lie between. So [20, 25], [66.67, 75], [75, 80].
  // TSJ: energy E = .15 (.4 - .1 k) + .45 (.1) + .4 (.3 + .1 m) = .225 - .015 k + .04 m; the largest
  //   S/E is at k = m = 2: S2 1.35 / .275 and S3 1.825 / .275; the smallest 0 (k = m = 0).
  test('hours, percentage and TSJ endpoints of all three transitions', () => {
    const c = columns(table22({ dataset }), 9);
    expect(c.time_saving_hours_lo).toEqual([0, 0, 0]);
    expect(c.time_saving_hours_hi).toEqual([0.475, 1.35, 1.825]);
    expect(c.time_saving_pct_lo).toEqual([20, Number((200 / 3).toFixed(9)), 75]);
    expect(c.time_saving_pct_hi).toEqual([25, 75, 80]);
    expect(c.tsj_lo).toEqual([null, 0, 0]);
    expect(c.tsj_hi).toEqual([null, Number((1.35 / 0.275).toFixed(9)), Number((1.825 / 0.275).toFixed(9))]);
  });

  test('each point lies inside its interval: eo -> ai is 79.35% in [75, 80]', () => {
    // points: S3 = .9125, D1 = 1.15 (k = m = 1): 100 x .9125 / 1.15 = 79.348
    const c = columns(table22({ dataset }), 9);
    expect(c.time_saving_pct[2]).toBeCloseTo((100 * 0.9125) / 1.15, 7);
    expect(c.time_saving_pct[1]).toBeCloseTo((100 * 0.675) / 0.9125, 7);
    expectPointsInside(table22({ dataset }));
  });
});

describe('Table 18 by hand', () => {
  // Table 17's cells (judgments, times): (eo, eo) 203.35 / 4.1, (wai, eo) 185.35 / 3.65,
  //   (eo, wai) 163.85 / 3.15, (wai, wai) 145.85 / 2.7 (NVJ / TSJ; synthetic-small.test.ts).
  const nvj = [203.35, 185.35, 163.85, 145.85], tsj = [4.1, 3.65, 3.15, 2.7];
  const red = (v: number[], s: number, e: number) => Number((100 * (1 - v[e] / v[s])).toFixed(6));

  test('every reduction divides by its own starting cell: judgments 0->1, times 0->2 and 1->3, judgments 2->3, both 0->3', () => {
    const c = columns(table18({ dataset }), 6);
    const pairs = [[0, 1], [0, 2], [1, 3], [2, 3], [0, 3]];
    expect(c.nvj_reduction_pct.slice(0, 5)).toEqual(pairs.map(([s, e]) => red(nvj, s, e)));
    expect(c.tsj_reduction_pct.slice(0, 5)).toEqual(pairs.map(([s, e]) => red(tsj, s, e)));
    // written out: 100 x 18 / 203.35, 39.5 / 203.35, 39.5 / 185.35, 18 / 163.85, 57.5 / 203.35
    expect(c.nvj_reduction_pct.slice(0, 5)).toEqual([8.851733, 19.424637, 21.311033, 10.985658, 28.276371]);
    // attribution: judgments (18 + 18) / 2 of 57.5; TSJ (.45 + .45) / 2 of 1.4
    expect(c.nvj_reduction_pct[5]).toBeCloseTo((100 * 18) / 57.5, 6);
    expect(c.tsj_reduction_pct[5]).toBeCloseTo((100 * 0.45) / 1.4, 6);
    expect(c.tsj_reduction_pct[6]).toBeCloseTo((100 * 0.95) / 1.4, 6);
  });

  test('TSJ "times" intervals: [0, 33.33] with expert-only judgments and [25, 33.33] with expert-with-AI judgments', () => {
    // Times change and judgments do not, so a draw's energy is the same in both cells and the
    // reduction is 100 (1 - S_wai / S_eo). Credited tasks and (H_eo - L, H_wai - L):
    //   expert-only judgments: A1 (1.5, 1), B1 tie (.5, .5), C1 (4, 3); with k, j, m copies of A1, B1, C1:
    //   100 (.0375 k + .2 m) / (.1125 k + .1125 j + .8 m): 0 when k = m = 0 < j (p 3/64), largest
    //   33.33 when j = m = 0 < k (p 3/64).
    //   expert-with-AI judgments: A1 and C1 only: 33.33 (m = 0 < k, p 3/16) down to 25 (k = 0 < m, p 3/16).
    const c = columns(table18({ dataset }), 6);
    expect([c.tsj_reduction_lo[1], c.tsj_reduction_hi[1]]).toEqual([0, 33.333333]);
    expect([c.tsj_reduction_lo[2], c.tsj_reduction_hi[2]]).toEqual([25, 33.333333]);
  });

  test('the two attribution shares sum to 100 in every draw, so judgments_lo = 100 - times_hi and judgments_hi = 100 - times_lo', () => {
    const c = columns(table18({ dataset }), 9);
    for (const m of ['nvj', 'tsj']) {
      expect(c[`${m}_reduction_lo`][5] as number).toBeCloseTo(100 - (c[`${m}_reduction_hi`][6] as number), 7);
      expect(c[`${m}_reduction_hi`][5] as number).toBeCloseTo(100 - (c[`${m}_reduction_lo`][6] as number), 7);
      expect(c[`${m}_reduction_lo`][5] as number).toBeLessThan(c[`${m}_reduction_hi`][5] as number);
    }
  });
});

/** For every column X_lo with X_hi beside it: lo <= hi, and lo <= X <= hi for the point X (or X_pct). */
function expectPointsInside(table: ColumnTable, name = ''): number {
  const c = columns(table, 12);
  let checked = 0;
  for (const lo of Object.keys(c).filter((k) => k.endsWith('_lo'))) {
    const base = lo.slice(0, -3);
    const point = base in c ? base : `${base}_pct`;
    expect(c[`${base}_hi`], `${name} ${base}_hi`).toBeDefined();
    expect(c[point], `${name} ${point}`).toBeDefined();
    c[lo].forEach((l, k) => {
      const h = c[`${base}_hi`][k], x = c[point][k];
      if (l === null || h === null || x === null) return;
      const where = `${name} ${point} row ${k}: ${l} <= ${x} <= ${h}`;
      expect(l as number, where).toBeLessThanOrEqual(x as number);
      expect(x as number, where).toBeLessThanOrEqual(h as number);
      checked++;
    });
  }
  return checked;
}

describe('every interval table holds its point inside its interval', () => {
  const generated = loadDataset(writeGeneratedDataset(mkdtempSync(join(tmpdir(), 'j2g-gen-')), { seed: 3, tasksPerOccupation: 3 }));
  const builders = { table13, table15, table17, table18, table19, table20, table21, table22 };

  test.each([['synthetic-small', dataset, 2000], ['a generated 132-task dataset', generated, 400]] as const)('%s: Tables 13, 15, 17-22', (_, ds, draws) => {
    let checked = 0;
    for (const [name, build] of Object.entries(builders)) checked += expectPointsInside(build({ dataset: ds, bootstrap: { draws, seed: 20260726 } }), name);
    expect(checked).toBeGreaterThan(40);
  });

  test('Table 16: rho_p05 <= median_rho <= rho_p95, all within [-1, 1], on the generated dataset', () => {
    const c = columns(table16({ dataset: generated, bootstrap: { draws: 400, seed: 1 } }), 12);
    expect(c.ranking).toEqual(['win_tie_per_mj', 'nvj', 'tsj']);
    c.median_rho.forEach((m, k) => {
      expect(-1).toBeLessThanOrEqual(c.rho_p05[k] as number);
      expect(c.rho_p05[k] as number).toBeLessThanOrEqual(m as number);
      expect(m as number).toBeLessThanOrEqual(c.rho_p95[k] as number);
      expect(c.rho_p95[k] as number).toBeLessThanOrEqual(1);
      expect(c.leader_retained_pct[k] as number).toBeGreaterThanOrEqual(0);
      expect(c.leader_retained_pct[k] as number).toBeLessThanOrEqual(100);
    });
  });
});
