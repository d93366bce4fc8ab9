/**
 * Every table of data/recorded/synthetic-small against values computed by hand.
 *
 * Weights (section 2.5): S1 share 60, S2 share 40; occA 100 and occB 300 employed in S1, occC 50 in S2:
 *   w_A = 0.6 * 100/400 = 0.15, w_B = 0.6 * 300/400 = 0.45, w_C = 0.4 * 1 = 0.40;  W_Cat1 = 0.15, W_Cat2 = 0.85.
 * sysX attempt 1, expert-only judgments (J1): A1 win, A2 loss, B1 tie, B2 loss, C1 win, C2 loss.
 *   occupation means (G, C, E, L, S):  A (50, 1.5, 0.3, 0.75, 0.75)  B (10, 0.75, 0.1, 0.375, 0.25)
 *                                      C (100, 1.5, 0.4, 0.75, 2)
 *   benchmark: G = .15*50 + .45*10 + .4*100 = 52;  C = 1.1625;  E = 0.25;  L = 0.58125;  S = 1.025
 *   NVJ = (52 - 1.1625) / 0.25 = 203.35;  TSJ = 1.025 / 0.25 = 4.1
 */
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { table01, table13, table14, table15, table17, table19, table20, table21, table22, categorySummaries } from '../../kernel-lib/tables/index.ts';
import { SMALL, columns } from '../helpers/dataset.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

onWarning(null);
const dataset = loadDataset(SMALL);

describe('synthetic-small tables (hand-computed)', () => {
  test('Table 1: GDP-weighted task averages per system', () => {
    const t = columns(table01({ dataset }), 6);
    expect(t.system).toEqual(['sysX', 'sysY']);
    expect(t.cost_usd).toEqual([1.1625, 1.95]);
    expect(t.completion_min).toEqual([34.875, 58.5]);
    expect(t.energy_mj).toEqual([0.25, 0.0975]);
    expect(t.nvj).toEqual([203.35, 323.589744]);
    // sysY: G = .15*(100+0)/2 + .45*(20+60)/2 + .4*(0+40)/2 = 7.5 + 18 + 8 = 33.5; C = .15*2 + .45*1 + .4*3 = 1.95
    // E = .15*.1 + .45*.05 + .4*.15 = .0975; NVJ = 31.55 / .0975 = 323.5897...
    expect(t.nv_per_ai_usd).toEqual([Number((50.8375 / 1.1625).toFixed(6)), Number((31.55 / 1.95).toFixed(6))]);
    expect(t.nv_per_ai_hour[0]).toBeCloseTo(50.8375 / 0.58125, 6);
  });

  test('Table 13: Cat2 averages occB and occC with weights .45/.85 and .40/.85', () => {
    const t = columns(table13({ dataset }), 6);
    expect(t.category).toEqual(['Cat1', 'Cat2']);
    expect(t.win_tie_pct).toEqual([50, 50]);
    expect(t.credited_value_usd[1]).toBeCloseTo((0.45 * 10 + 0.4 * 100) / 0.85, 5);
    expect(t.nvj).toEqual([161.666667, 212.5]); // (50-1.5)/.3 and (44.5-.9375)/.205
    expect(t.tsj).toEqual([2.5, 4.45122]); // .75/.3 and .9125/.205
  });

  test('Table 1 follows from Table 13: benchmark = sum_c W_c x category average', () => {
    const cats = categorySummaries({ dataset });
    const G = cats.reduce((s, c) => s + c.weight * c.valueUSD, 0);
    const C = cats.reduce((s, c) => s + c.weight * c.costUSD, 0);
    const E = cats.reduce((s, c) => s + c.weight * c.energyMJ, 0);
    expect((G - C) / E).toBeCloseTo(203.35, 9);
  });

  test('Table 14 is ordered by net value per AI dollar', () => {
    const t = columns(table14({ dataset }), 6);
    expect(t.category).toEqual(['Cat2', 'Cat1']);
    expect(t.nv_per_ai_usd[1]).toBeCloseTo(48.5 / 1.5, 6);
  });

  test('Table 15: occupation ratios of occupation means', () => {
    const t = columns(table15({ dataset }), 6);
    expect(t.occupation).toEqual(['occA', 'occB', 'occC']);
    expect(t.tasks).toEqual([2, 2, 2]);
    expect(t.nvj).toEqual([161.666667, 92.5, 246.25]);
    expect(t.tsj).toEqual([2.5, 2.5, 5]);
  });

  test('Table 17: crossing judgments (s) and times (t), K.1', () => {
    // (wai, eo): wins A1, C1 only -> G = .15*50 + .4*100 = 47.5, S = .15*.75 + .4*2 = .9125
    // (eo, wai): wins A1, B1, C1 at H^wai -> G = .15*(1.5*50)/2 + .45*(1*20)/2 + .4*(4*40)/2 = 5.625+4.5+32 = 42.125
    const t = columns(table17({ dataset }), 6);
    expect(t.judgment_reference).toEqual(['expert_only', 'expert_with_ai', 'expert_only', 'expert_with_ai']);
    expect(t.time_reference).toEqual(['expert_only', 'expert_only', 'expert_with_ai', 'expert_with_ai']);
    expect(t.nvj).toEqual([203.35, (47.5 - 1.1625) / 0.25, (42.125 - 1.1625) / 0.25, (37.625 - 1.1625) / 0.25].map((x) => Number(x.toFixed(6))));
    expect(t.tsj).toEqual([4.1, 3.65, 3.15, 2.7]);
  });

  test('Table 19: pass@2 charges both attempts and credits each task once', () => {
    // pass@2: A (150, 2.25, .45), B (10, 2, .3), C (120, 3, .8) -> G = 75, C = 2.4375, E = .5225
    // S: A1 2-.5, A2 4-.5, B1 1-.5, C1 5-1, C2 1-.5 -> occ means 2.5, .25, 2.25 -> 1.3875
    const t = columns(table19({ dataset }), 6);
    expect(t.policy).toEqual(['pass@1', 'pass@2']);
    expect(t.output_value_usd).toEqual([52, 75]);
    expect(t.ai_cost_usd).toEqual([1.1625, 2.4375]);
    expect(t.energy_mj).toEqual([0.25, 0.5225]);
    expect(t.tsj[1]).toBeCloseTo(1.3875 / 0.5225, 6);
  });

  test('Tables 20 and 21: thresholds charge all attempts; >=1/n equals pass@n', () => {
    const t20 = columns(table20({ dataset }), 6);
    const t19 = columns(table19({ dataset }), 6);
    expect(t20.policy).toEqual(['>=1/2', '>=2/2']);
    expect(t20.nvj[0]).toBe(t19.nvj[1]);
    // >=2/2 expert-only: A none, B1 (20), C1 (200) -> G = .45*10 + .4*100 = 44.5
    expect(t20.output_value_usd[1]).toBe(44.5);
    const t21 = columns(table21({ dataset }), 6);
    // expert-with-AI, both attempts must win: no task -> G = 0, NVJ = -C/E
    expect(t21.output_value_usd[1]).toBe(0);
    expect(t21.nvj[1]).toBeCloseTo(-2.4375 / 0.5225, 6);
  });

  test('Table 22: the decomposition is exact and its TSJ column equals Table 17', () => {
    const t = columns(table22({ dataset }), 9);
    // tasks winning vs expert-with-AI at attempt 1: A1, C1.
    // eo->wai: .15*(2-1.5)/2 + .4*(5-4)/2 = .2375 ; pct / (.15*2/2 + .4*5/2 = 1.15)
    expect(t.time_saving_hours[0]).toBeCloseTo(0.2375, 9);
    expect(t.time_saving_pct[0]).toBeCloseTo((100 * 0.2375) / 1.15, 7);
    expect(t.energy_mj[0]).toBeNull();
    expect((t.time_saving_hours[0] as number) + (t.time_saving_hours[1] as number)).toBeCloseTo(t.time_saving_hours[2] as number, 12);
    const t17 = columns(table17({ dataset }), 9);
    expect(t.tsj[1]).toBeCloseTo(t17.tsj[3] as number, 9);
    expect(t.tsj[2]).toBeCloseTo(t17.tsj[1] as number, 9);
  });

  test('switching weights changes the benchmark: equal weights give the plain mean of occupation means', () => {
    const t = columns(table01({ dataset, weights: 'equal' }), 6);
    // G = (50 + 10 + 100)/3, C = (1.5 + .75 + 1.5)/3, E = (.3 + .1 + .4)/3
    expect(t.nvj[0]).toBeCloseTo((160 - 3.75) / 0.8, 6);
  });

  test('re-pricing at a node rate scales node-time cost: C(r) = C + T (r - base), T = C/base without node_hours', () => {
    const t = columns(table01({ dataset, rates: { nodeRateUSDPerHour: 20 } }), 6);
    // sysX base rate 10 -> every cost doubles; sysY base 20 -> unchanged
    expect(t.cost_usd).toEqual([2.325, 1.95]);
  });
});

describe('Table 5 rate sweep (Appendix G.1)', () => {
  test('re-pricing moves cost and NVJ only: sysX at $20/h doubles every cost (base $10/h, cost all node time)', async () => {
    const { table05 } = await import('../../kernel-lib/tables/table05.ts');
    const t = columns(table05({ dataset, rates: [{ label: 'Base', usdPerNodeHour: 10 }, { label: 'Pricey Cloud', usdPerNodeHour: 20 }] }), 6);
    expect(Object.keys(t)).toEqual(['category', 'ai_cost_usd_base', 'ai_cost_usd_pricey_cloud', 'nvj_base', 'nvj_pricey_cloud']);
    expect(t.ai_cost_usd_base).toEqual([1.5, 1.102941]);
    expect(t.ai_cost_usd_pricey_cloud).toEqual([3, 2.205882]);
    expect(t.nvj_base).toEqual([161.666667, 212.5]);
    expect(t.nvj_pricey_cloud[0]).toBeCloseTo((50 - 3) / 0.3, 6);
  });
  test('a recorded node_hours column is used instead of cost/base: C(r) = C + T (r - base)', async () => {
    const { table05 } = await import('../../kernel-lib/tables/table05.ts');
    const { editedDataset } = await import('../helpers/dataset.ts');
    // every sysX run gets 0.01 node-hours of allocation and keeps its cost: at $110/h each run costs C + 0.01*100 = C + 1
    const dir = editedDataset({ 'runs.csv': (text) => text.split('\n').map((l, i) => (l === '' ? l : i === 0 ? `${l},node_hours` : `${l},${l.includes(',sysX,') ? '0.01' : ''}`)).join('\n') });
    const ds2 = loadDataset(dir);
    const t = columns(table05({ dataset: ds2, rates: [{ label: 'x', usdPerNodeHour: 110 }] }), 6);
    expect(t.ai_cost_usd_x[0]).toBeCloseTo(1.5 + 1, 9); // occA mean cost 1.5 plus 1 per task
  });
});

test('node rates match node types (accelerator without vendor prefix or case, and count), never the accelerator alone', async () => {
  const { readNodeRates, sameAccelerator } = await import('../../kernel-lib/tables/table05.ts');
  expect(sameAccelerator('NVIDIA H200', 'H200')).toBe(true);
  expect(sameAccelerator('AMD Instinct MI350X', 'H200')).toBe(false);
  const path = new URL('../../data/reference/node_rates.csv', import.meta.url).pathname;
  expect(readNodeRates(path, { accelerator: 'NVIDIA H200', accelerator_count: 8 }).map((r) => r.label)).toEqual(['AWS', 'CoreWeave', 'GCP']);
  expect(readNodeRates(path, { accelerator: 'H100', accelerator_count: 8 }).map((r) => r.usdPerNodeHour)).toEqual([55.04]);
  expect(readNodeRates(path, { accelerator: 'H100', accelerator_count: 1 })).toEqual([]); // not the p5.48xlarge (8xH100) rate
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const nameOnly = `${mkdtempSync('/tmp/j2g-rates-')}/rates.csv`;
  writeFileSync(nameOnly, 'provider,accelerator,usd_per_node_hour\nAWS,H100,55.04\n');
  expect(() => readNodeRates(nameOnly, { accelerator: 'H100', accelerator_count: 1 })).toThrow('rates.csv:1: accelerator_count: missing column: rates pair with a system by accelerator and count, never by accelerator name alone');
});

describe('policy tables use only judged attempts', () => {
  test('judge J2 judged only attempt 1: Table 19 is pass@1 alone, with a warning naming the unjudged run', async () => {
    const { warnings, clearWarnings } = await import('../../kernel-lib/warn.ts');
    clearWarnings();
    const t = columns(table19({ dataset, judge: 'J2', bootstrap: false }), 6);
    expect(t.policy).toEqual(['pass@1']);
    // J2: A1 win, A2 win, B1 loss, B2 loss, C1 tie, C2 loss -> G = .15*(100+200)/2 + .4*200/2 = 22.5 + 40
    expect(t.output_value_usd).toEqual([62.5]);
    expect(warnings()).toContain('expert_only policies use attempts 1..1 of 2: run xA1a2 (task A1, attempt 2) has no expert_only judgment by J2');
  });
  test('no judged attempt at all is an error naming the run', () => {
    expect(() => table21({ dataset, judge: 'J2', bootstrap: false })).toThrow('run xA1a1 (task A1, attempt 1) has no expert_with_ai judgment by J2');
  });
});
