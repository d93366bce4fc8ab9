/**
 * Valid but unusual datasets (variants of synthetic-small): each table either gives the numbers the
 * paper's formulas give by hand, or leaves out what it cannot compute and says why.
 * Hand values use synthetic-small's records (see test/tables/synthetic-small.test.ts for the layout).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { table01 } from '../../kernel-lib/tables/index.ts';
import { clearWarnings, onWarning } from '../../kernel-lib/warn.ts';
import { columns, editedDataset } from '../helpers/dataset.ts';

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
