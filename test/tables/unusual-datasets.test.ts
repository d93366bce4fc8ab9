/**
 * Valid but unusual datasets (variants of synthetic-small): each table either gives the numbers the
 * paper's formulas give by hand, or leaves out what it cannot compute and says why.
 * Hand values use synthetic-small's records (see test/tables/synthetic-small.test.ts for the layout).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeGeneratedDataset } from '../../kernel-lib/data/generate.ts';
import { table01, table13, table14, table15, table16, table17, table18, table19 } from '../../kernel-lib/tables/index.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';
import { columns, editedDataset, replaceLine } from '../helpers/dataset.ts';

onWarning(null);
afterEach(() => clearWarnings());

const dropLines = (re: RegExp) => (text: string) => text.split('\n').filter((l) => !re.test(l)).join('\n');

describe('custom occupation weights', () => {
  test('a weights file covering every occupation also serves a system that ran only some of them', () => {
    // sysY without occC's tasks. Custom weights occA 1, occB 2, occC 1: for sysY they renormalise over
    // occA and occB (1/3, 2/3), as the gdp weights renormalise over the evaluated occupations.
    // sysY attempt 1: occA means G = (100 + 0)/2 = 50, C = 2, E = .1; occB G = (20 + 60)/2 = 40, C = 1, E = .05
    // G = 50/3 + 80/3 = 130/3, C = 4/3, E = .2/3, NVJ = (130/3 - 4/3) / (.2/3) = 630
    const dataset = loadDataset(editedDataset({ 'runs.csv': dropLines(/^yC/), 'judgments.csv': dropLines(/^yC/) }));
    const t = columns(table01({ dataset, weights: { custom: { occA: 1, occB: 2, occC: 1 } }, bootstrap: false }), 9);
    expect(t.system).toEqual(['sysX', 'sysY']);
    expect(t.nvj[1]).toBeCloseTo(630, 9);
    expect(t.cost_usd[1]).toBeCloseTo(4 / 3, 9);
  });
});

describe('an occupation with zero weight', () => {
  test('alone in its category: the category has no average and is left out with a warning; Table 15 keeps the occupation', () => {
    // occA (the only occupation of Cat1) employs 0: w_A = 0, S1's share goes to occB alone (w_B = .6, w_C = .4).
    // Cat2 = occB, occC: G = .6*10 + .4*100 = 46, C = .6*.75 + .4*1.5 = 1.05, E = .6*.1 + .4*.4 = .22, S = .6*.25 + .4*2 = .95
    const dataset = loadDataset(editedDataset({ 'occupations.csv': replaceLine(2, 'occA,11-0001,Cat1,S1,0,50') }));
    const t13 = columns(table13({ dataset, bootstrap: { draws: 200, seed: 1 } }), 9);
    expect(t13.category).toEqual(['Cat2']);
    expect(t13.credited_value_usd[0]).toBeCloseTo(46, 9);
    expect(t13.nvj[0]).toBeCloseTo((46 - 1.05) / 0.22, 8);
    expect(t13.tsj[0]).toBeCloseTo(0.95 / 0.22, 8);
    expect(t13.nvj_lo[0]).toBeLessThanOrEqual(t13.nvj[0] as number);
    expect(warnings()).toContain('category Cat1 has zero total weight under the gdp weights (occupations: occA), so it has no category average and is left out of the category tables');
    expect(columns(table14({ dataset })).category).toEqual(['Cat2']);
    expect(columns(table15({ dataset })).occupation).toEqual(['occA', 'occB', 'occC']);
    expect(() => table16({ dataset, bootstrap: { draws: 50, seed: 1 } })).toThrow('table16 requires two or more categories with a positive weight: 1');
  });

  test('Tables 13 and 16 equal those of the same dataset without the zero-weight category', () => {
    // Generated: occ02 is the only occupation of Cat02 and shares sector S2 with occ04, so setting its
    // employment to 0 changes no other weight.
    const base = writeGeneratedDataset(mkdtempSync(join(tmpdir(), 'j2g-zero-')), { occupations: 5, categories: 4, sectors: 2, seed: 3 });
    const zero = writeGeneratedDataset(mkdtempSync(join(tmpdir(), 'j2g-zero-')), { occupations: 5, categories: 4, sectors: 2, seed: 3 });
    const occ = readFileSync(join(zero, 'occupations.csv'), 'utf8');
    writeFileSync(join(zero, 'occupations.csv'), occ.replace(/^(occ02,[^,]*,Cat02,S2),\d+,/m, '$1,0,'));
    // base: the same dataset with occ02, its tasks, runs and judgments removed
    const filter = (file: string, keep: (cells: string[]) => boolean) => {
      const [header, ...lines] = readFileSync(join(base, file), 'utf8').split('\n');
      writeFileSync(join(base, file), [header, ...lines.filter((l) => l === '' || keep(l.split(',')))].join('\n'));
    };
    const cells = (file: string) => readFileSync(join(base, file), 'utf8').split('\n').slice(1).map((l) => l.split(','));
    const tasks = new Set(cells('tasks.csv').filter((c) => c[1] === 'occ02').map((c) => c[0]));
    const runs = new Set(cells('runs.csv').filter((c) => tasks.has(c[1])).map((c) => c[0]));
    filter('occupations.csv', (c) => c[0] !== 'occ02');
    filter('tasks.csv', (c) => !tasks.has(c[0]));
    filter('runs.csv', (c) => !runs.has(c[0]));
    filter('judgments.csv', (c) => !runs.has(c[0]));
    expect(tasks.size).toBe(5);
    const a = loadDataset(zero), b = loadDataset(base);
    const settings = { draws: 300, seed: 7 };
    expect(columns(table16({ dataset: a, bootstrap: settings }))).toEqual(columns(table16({ dataset: b, bootstrap: settings })));
    const t13a = columns(table13({ dataset: a, bootstrap: false })), t13b = columns(table13({ dataset: b, bootstrap: false }));
    expect(t13a.category).toEqual(['Cat01', 'Cat03', 'Cat04']);
    expect(t13a).toEqual(t13b);
  });
});

describe('tasks with different attempt counts', () => {
  test('the policy tables use the attempts every task has, and warn that the others are left out', () => {
    // A1 has only attempt 1 on sysX; the other five tasks have two. pass@1 only: G = 52, NVJ = 203.35 (as synthetic-small).
    const dataset = loadDataset(editedDataset({ 'runs.csv': dropLines(/^xA1a2,/), 'judgments.csv': dropLines(/^xA1a2,/) }));
    const t19 = columns(table19({ dataset, bootstrap: false }), 9);
    expect(t19.policy).toEqual(['pass@1']);
    expect(t19.nvj).toEqual([203.35]);
    expect(warnings()).toContain('policy tables use attempts 1..1 on sysX: task A1 has 1 attempt(s), other tasks up to 2; later attempts are left out');
  });
});

describe('every output judged a loss', () => {
  test('NVJ is -C/E, TSJ is 0, and Table 18 keeps its NVJ reductions with the undefined TSJ cells empty', () => {
    const dataset = loadDataset(editedDataset({ 'judgments.csv': (t) => t.replace(/,(win|tie)$/gm, ',loss') }));
    // no credit: G = S = 0, so NVJ = -C/E = -1.1625/0.25 = -4.65 in all four crossed cells
    const t17 = columns(table17({ dataset, bootstrap: false }), 9);
    expect(t17.nvj).toEqual([-4.65, -4.65, -4.65, -4.65]);
    expect(t17.tsj).toEqual([0, 0, 0, 0]);
    const t18 = columns(table18({ dataset, bootstrap: { draws: 50, seed: 1 } }), 9);
    expect(t18.nvj_reduction_pct).toEqual([0, 0, 0, 0, 0, null, null]);
    expect(t18.tsj_reduction_pct).toEqual([null, null, null, null, null, null, null]);
    expect(warnings()).toContain('table18: no value for TSJ reductions from a start of 0, NVJ attribution (total change is 0), TSJ attribution (start is 0); those cells are left empty');
  });
});

describe('ratios that are undefined are left empty with a warning, never silently', () => {
  test('zero AI cost: net value per AI dollar is empty in Tables 1 and 14, and each says why', () => {
    // every run of both systems costs 0 (a self-hosted node priced at nothing)
    const zeroCost = (t: string) => t.split('\n').map((l, i) => (i === 0 || l === '' ? l : l.replace(/,[^,]*,([^,]*)$/, ',0,$1'))).join('\n');
    const dataset = loadDataset(editedDataset({ 'runs.csv': zeroCost }));
    const t1 = columns(table01({ dataset, bootstrap: false }), 9);
    expect(t1.nv_per_ai_usd).toEqual([null, null]);
    // sysX pass@1: G = 52 (synthetic-small hand value), C = 0, E = .25 => NVJ = 208
    expect(t1.nvj[0]).toBeCloseTo(208, 9);
    table14({ dataset, bootstrap: false });
    expect(warnings()).toContain('Table 1: sysX has zero AI cost, so net value per AI dollar is undefined and left empty');
    expect(warnings().some((w) => w.startsWith('Table 14: zero AI cost in Cat1, Cat2'))).toBe(true);
  });

  test('a system listed in systems.csv without runs is left out of Table 1 as having no runs', () => {
    const dataset = loadDataset(editedDataset({ 'runs.csv': dropLines(/^y/), 'judgments.csv': dropLines(/^y/) }));
    expect(columns(table01({ dataset, bootstrap: false }), 9).system).toEqual(['sysX']);
    expect(warnings()).toContain('system sysY has no runs; it is left out of Table 1');
  });
});
