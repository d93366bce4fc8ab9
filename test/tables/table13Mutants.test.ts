/**
 * Tables 13 and 14 (category-normalised averages, J.1) against a hand computation, and Table 13's
 * intervals against a second implementation on the same draws (test/tables/handDraws.ts).
 * synthetic-small, sysX attempt 1, expert-only (synthetic-small.test.ts): Cat1 = occA (W .15),
 * Cat2 = occB (w .45) + occC (w .40), W .85. Occupation means (credit, G, C, S, E, L):
 *   occA (.5, 50, 1.5, .75, .3, .75)   occB (.5, 10, .75, .25, .1, .375)   occC (.5, 100, 1.5, 2, .4, .75)
 * Cat2 = (.45 occB + .4 occC) / .85: G 44.5/.85, C .9375/.85, S .9125/.85, E .205/.85, L .46875/.85.
 *   NVJ Cat1 48.5/.3 = 161.67, Cat2 43.5625/.205 = 212.5; TSJ 2.5, .9125/.205 = 4.4512
 *   Table 14: net value per AI dollar Cat1 48.5/1.5 = 32.33, Cat2 43.5625/.9375 = 46.47 (Cat2 first);
 *   per AI hour Cat1 48.5/.75 = 64.67, Cat2 43.5625/.46875 = 92.93.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { table13, table14, categorySummaries } from '../../kernel-lib/tables/table13.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';
import { SMALL, columns, editedDataset } from '../helpers/dataset.ts';
import { SMALL_TASKS, groupDrawsByHand, interval95, type HandTask } from './handDraws.ts';

onWarning(null);
afterEach(() => clearWarnings());

describe('Table 13 by hand', () => {
  test('every column of both categories; no interval with the bootstrap off', () => {
    const t = columns(table13({ dataset: loadDataset(SMALL), bootstrap: false }), 10);
    expect(t.category).toEqual(['Cat1', 'Cat2']);
    expect(t.win_tie_pct).toEqual([50, 50]);
    expect(t.credited_value_usd).toEqual([50, Number((44.5 / 0.85).toFixed(10))]);
    expect(t.ai_cost_usd).toEqual([1.5, Number((0.9375 / 0.85).toFixed(10))]);
    expect(t.time_saving_hours).toEqual([0.75, Number((0.9125 / 0.85).toFixed(10))]);
    expect(t.energy_mj).toEqual([0.3, Number((0.205 / 0.85).toFixed(10))]);
    expect(t.ai_time_hours).toEqual([0.75, Number((0.46875 / 0.85).toFixed(10))]);
    expect(t.nvj).toEqual([Number((48.5 / 0.3).toFixed(10)), 212.5]);
    expect(t.tsj).toEqual([2.5, Number((0.9125 / 0.205).toFixed(10))]);
    for (const k of ['nvj_lo', 'nvj_hi', 'tsj_lo', 'tsj_hi']) expect(t[k]).toEqual([null, null]);
  });

  test('categorySummaries: name order, W_c and the ratios', () => {
    const s = categorySummaries({ dataset: loadDataset(SMALL) });
    expect(s.map((c) => c.category)).toEqual(['Cat1', 'Cat2']);
    expect(s[0].weight).toBeCloseTo(0.15, 12);
    expect(s[1].weight).toBeCloseTo(0.85, 12);
    expect(s[1].nvPerAIDollar!).toBeCloseTo(43.5625 / 0.9375, 10);
  });

  test('categories are listed in name order even when the file lists them otherwise', () => {
    // occA's category renamed Cat3: rows Cat2, Cat3
    const dataset = loadDataset(editedDataset({ 'occupations.csv': (s) => s.replace('occA,11-0001,Cat1', 'occA,11-0001,Cat3') }));
    const t = columns(table13({ dataset, bootstrap: false }), 10);
    expect(t.category).toEqual(['Cat2', 'Cat3']);
    expect(t.nvj).toEqual([212.5, Number((48.5 / 0.3).toFixed(10))]);
  });
});

describe('Table 14 by hand', () => {
  test('ranked by net value per AI dollar, highest first: Cat2 46.47, then Cat1 32.33', () => {
    const t = columns(table14({ dataset: loadDataset(SMALL) }), 10);
    expect(t.rank).toEqual([1, 2]);
    expect(t.category).toEqual(['Cat2', 'Cat1']);
    expect(t.nv_per_ai_usd).toEqual([Number((43.5625 / 0.9375).toFixed(10)), Number((48.5 / 1.5).toFixed(10))]);
    expect(t.nv_per_ai_hour).toEqual([Number((43.5625 / 0.46875).toFixed(10)), Number((48.5 / 0.75).toFixed(10))]);
    expect(warnings()).toEqual([]);
  });

  test('a category with zero AI cost and time has no ratio, is ranked last, and each is warned about', () => {
    // sysX's runs of occB and occC (Cat2) cost nothing and take no AI time
    const dataset = loadDataset(editedDataset({ 'runs.csv': (s) => s.replace(/^(x[BC]\d+a\d,[BC]\d,sysX,\d),[\d.]+,[\d.]+,/gm, '$1,0,0,') }));
    const t = columns(table14({ dataset }), 10);
    expect(t.category).toEqual(['Cat1', 'Cat2']);
    expect(t.rank).toEqual([1, 2]);
    expect(t.nv_per_ai_usd).toEqual([Number((48.5 / 1.5).toFixed(10)), null]);
    expect(t.nv_per_ai_hour).toEqual([Number((48.5 / 0.75).toFixed(10)), null]);
    expect(warnings()).toEqual([
      'Table 14: zero AI cost in Cat2, so net value per AI dollar is undefined there, left empty and ranked last',
      'Table 14: zero AI time in Cat2, so net value per AI hour is undefined there and left empty',
    ]);
  });
});

describe('Table 14 with three categories', () => {
  test('occC in a category of its own: ranked Cat3 65.67, Cat1 32.33, Cat2 12.33 (none in name order)', () => {
    // net value per AI dollar per occupation: occA (50 - 1.5)/1.5, occB (10 - .75)/.75, occC (100 - 1.5)/1.5
    const dataset = loadDataset(editedDataset({ 'occupations.csv': (s) => s.replace('occC,11-0003,Cat2', 'occC,11-0003,Cat3') }));
    const t = columns(table14({ dataset }), 10);
    expect(t.category).toEqual(['Cat3', 'Cat1', 'Cat2']);
    expect(t.rank).toEqual([1, 2, 3]);
    expect(t.nv_per_ai_usd).toEqual([98.5 / 1.5, 48.5 / 1.5, 9.25 / 0.75].map((v) => Number(v.toFixed(10))));
  });
});

describe('Table 14 with a category without a ratio first by name', () => {
  test('Cat1 without AI cost is ranked after Cat2; two categories without AI time are both named', () => {
    // occA's runs (Cat1) cost nothing; no sysX run takes AI time
    const dataset = loadDataset(editedDataset({
      'runs.csv': (s) => s.replace(/^(xA\d+a\d,A\d,sysX,\d),[\d.]+,[\d.]+,/gm, '$1,0,0,').replace(/^(x[BC]\d+a\d,[BC]\d,sysX,\d),[\d.]+,/gm, '$1,0,'),
    }));
    const t = columns(table14({ dataset }), 10);
    expect(t.category).toEqual(['Cat2', 'Cat1']);
    expect(t.rank).toEqual([1, 2]);
    expect(t.nv_per_ai_usd).toEqual([Number((43.5625 / 0.9375).toFixed(10)), null]);
    expect(t.nv_per_ai_hour).toEqual([null, null]);
    expect(warnings()).toEqual([
      'Table 14: zero AI cost in Cat1, so net value per AI dollar is undefined there, left empty and ranked last',
      'Table 14: zero AI time in Cat1, Cat2, so net value per AI hour is undefined there and left empty',
    ]);
  });
});

describe('Table 13 intervals: a second implementation on the same draws', () => {
  test('each category\'s NVJ and TSJ interval equals the one from the definition and holds its point', () => {
    const dataset = loadDataset(SMALL);
    const settings = { draws: 300, seed: 8 };
    const t = columns(table13({ dataset, bootstrap: settings }), 12);
    const d = groupDrawsByHand(dataset, settings, SMALL_TASKS, { occA: 'Cat1', occB: 'Cat2', occC: 'Cat2' }, ['Cat1', 'Cat2'],
      (x: HandTask) => [x.yEo * x.eo * x.wage, x.C, x.E, x.yEo * (x.eo - x.L)]);
    for (let g = 0; g < 2; g++) {
      const [nl, nh] = interval95(d.map((v) => (v[g][0] - v[g][1]) / v[g][2]));
      const [tl, th] = interval95(d.map((v) => v[g][3] / v[g][2]));
      expect([t.nvj_lo[g], t.nvj_hi[g]].map((x) => Number((x as number).toFixed(7)))).toEqual([nl, nh].map((x) => Number(x.toFixed(7))));
      expect([t.tsj_lo[g], t.tsj_hi[g]].map((x) => Number((x as number).toFixed(7)))).toEqual([tl, th].map((x) => Number(x.toFixed(7))));
      expect(t.nvj_lo[g] as number).toBeLessThanOrEqual(t.nvj[g] as number);
      expect(t.nvj_hi[g] as number).toBeGreaterThanOrEqual(t.nvj[g] as number);
    }
  });
});
