/**
 * Table 1 (GDP-weighted task averages per system, 3.2.1) and systemSummaries: which systems it keeps,
 * the warnings for the others, and the cost-basis column, on synthetic-small variants. Values by hand
 * (synthetic-small.test.ts): sysX C 1.1625, L .58125 h, E .25, NVJ 203.35; sysY C 1.95, NVJ 323.59.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { table01, systemSummaries, evaluableSystemSummaries, costBasis } from '../../kernel-lib/tables/table01.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';
import { SMALL, columns, editedDataset } from '../helpers/dataset.ts';

onWarning(null);
afterEach(() => clearWarnings());

describe('systemSummaries', () => {
  test('each system with its model, accelerator, count, task count and components', () => {
    const s = systemSummaries({ dataset: loadDataset(SMALL) });
    expect(s.map((x) => [x.system, x.model, x.accelerator, x.acceleratorCount, x.tasks])).toEqual([['sysX', 'Model X', 'H200', 8, 6], ['sysY', 'Model Y', 'H100', 1, 6]]);
    expect(s[0].costUSD).toBeCloseTo(1.1625, 12);
    expect(s[0].nvj).toBeCloseTo(203.35, 10);
    expect(s[1].nvj).toBeCloseTo(31.55 / 0.0975, 10);
    expect(warnings()).toEqual([]);
  });

  test('a system without runs and a system without judgments by the judge are left out, each named and why', () => {
    const dataset = loadDataset(editedDataset({ 'systems.csv': (s) => `${s.trimEnd()}\nsysZ,Model Z,OpenHands,vLLM,H100,1,20\n` }));
    expect(systemSummaries({ dataset }).map((x) => x.system)).toEqual(['sysX', 'sysY']);
    expect(warnings()).toEqual(['system sysZ has no runs; it is left out of Table 1']);
    clearWarnings();
    // J2 judged sysX's attempt 1 only: sysY has runs but no J2 judgment
    expect(columns(table01({ dataset: loadDataset(SMALL), judge: 'J2' })).system).toEqual(['sysX']);
    expect(warnings()).toEqual(['system sysY has no expert_only judgments by J2; it is left out of Table 1']);
  });

  test('pass@2 keeps the systems with two attempts per task; sysY (one) is named', () => {
    const t = columns(table01({ dataset: loadDataset(SMALL), policy: 'pass@2' }), 6);
    expect(t.system).toEqual(['sysX']);
    // pass@2 (synthetic-small.test.ts, Table 19): C 2.4375, E .5225, G 75
    expect(t.cost_usd).toEqual([2.4375]);
    expect(warnings()).toEqual(['system sysY has 1 attempt(s) per task, pass@2 needs 2; it is left out of Table 1']);
  });

  test('a system that cannot be evaluated: systemSummaries throws; evaluableSystemSummaries leaves it out with the reason', () => {
    // sysY's run yA1 loses its judgment: the other sysY runs are judged, so sysY is listed, but cannot be evaluated
    const dataset = loadDataset(editedDataset({ 'judgments.csv': (s) => s.replace('yA1,expert_only,J1,win\n', '') }));
    expect(() => systemSummaries({ dataset })).toThrow(/yA1/);
    clearWarnings();
    const s = evaluableSystemSummaries({ dataset });
    expect(s.map((x) => x.system)).toEqual(['sysX']);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatch(/^system sysY is left out of the text's claims: .*yA1/s);
  });
});

describe('Table 1 columns', () => {
  test('completion minutes are 60 x AI hours; no cost_basis column without rates', () => {
    const t = columns(table01({ dataset: loadDataset(SMALL) }), 6);
    expect(Object.keys(t)).toEqual(['system', 'cost_usd', 'completion_min', 'energy_mj', 'nv_per_ai_usd', 'nv_per_ai_hour', 'nvj']);
    expect(t.completion_min).toEqual([34.875, 58.5]); // 60 x .58125 and 60 x .975
  });

  test('with rates, each row says how it is priced', () => {
    const t = columns(table01({ dataset: loadDataset(SMALL), rates: { bySystem: { sysY: 40 } } }), 6);
    expect(t.cost_basis).toEqual(['recorded', 'node rate 40 USD/node-hour']);
    expect(t.cost_usd).toEqual([1.1625, 3.9]); // sysY base $20: every cost doubles
    expect(costBasis({ nodeRateUSDPerHour: 7 }, 'sysX')).toBe('node rate 7 USD/node-hour');
    expect(costBasis({ bySystem: { a: 40 } }, 'b')).toBe('recorded');
  });

  test('a system with zero AI cost and time has no ratio per AI dollar or hour, each warned about', () => {
    const dataset = loadDataset(editedDataset({ 'runs.csv': (s) => s.replace(/^(y[ABC]\d,[ABC]\d,sysY,1),[\d.]+,[\d.]+,/gm, '$1,0,0,') }));
    const t = columns(table01({ dataset }), 6);
    expect(t.nv_per_ai_usd[1]).toBeNull();
    expect(t.nv_per_ai_hour[1]).toBeNull();
    expect(t.cost_usd[1]).toBe(0);
    expect(t.nvj[1]).toBeCloseTo(33.5 / 0.0975, 5);
    expect(warnings()).toEqual([
      'Table 1: sysY has zero AI cost, so net value per AI dollar is undefined and left empty',
      'Table 1: sysY has zero AI time, so net value per AI hour is undefined and left empty',
    ]);
  });
});
