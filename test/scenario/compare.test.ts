/**
 * compareScenarios on synthetic-small, against hand computation. Oracle: runs.csv attempt 1 of sysX
 * (costs USD, energies MJ): A1 1.0/0.2, A2 2.0/0.4 (occA, Cat1); B1 1.0/0.1, B2 0.5/0.1 (occB, Cat2);
 * C1 2.0/0.5, C2 1.0/0.3 (occC, Cat2). GDP weights w_A 0.15, w_B 0.45, w_C 0.40 (sector S1 60%
 * split 100:300 by employment, S2 40%). At $20/h instead of $10/h (no node_hours: all cost is node
 * time) every cost doubles, so NVJ drops by C~/E~ and TSJ does not move.
 */
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { loadScenario } from '../../kernel-lib/scenario/files.ts';
import { compareScenarios, frontierMembers, intervalCoverage } from '../../kernel-lib/scenario/compare.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';

onWarning(() => {});
const ds = loadDataset(SMALL);
const side = (s: object) => loadScenario({ dataset: SMALL, draws: 400, ...s }, { dataset: ds });
const cell = (c: ReturnType<typeof compareScenarios>, table: string, row: string, column: string) => c.cells.find((x) => x.table === table && x.row === row && x.column === column)!;

describe('compareScenarios', () => {
  test('a variant equal to the baseline: every difference zero, every paired interval [0, 0], no conclusion changes', () => {
    const c = compareScenarios(side({}), side({}));
    expect(c.changes).toEqual([]);
    expect(c.conclusions).toEqual([]);
    expect(c.cells.length).toBeGreaterThan(50);
    for (const x of c.cells) if (x.difference !== null) expect(x.difference, `${x.table} ${x.row} ${x.column}`).toBe(0);
    const withIntervals = c.cells.filter((x) => x.lo !== null);
    // Every cell that is a function of group means carries one (pairedCells.ts); the others none.
    expect(intervalCoverage(c)).toBe('table01: cost_usd, completion_min, energy_mj, nv_per_ai_usd, nv_per_ai_hour, nvj (1 row); '
      + 'table13: win_tie_pct, credited_value_usd, ai_cost_usd, time_saving_hours, energy_mj, ai_time_hours, nvj, tsj (2 rows); '
      + 'table15: win_tie_pct, nvj, tsj (3 rows); table17: nvj, tsj (4 rows); '
      + 'table19: output_value_usd, ai_cost_usd, energy_mj, nvj, tsj, nv_per_ai_usd (2 rows); '
      + 'table20: output_value_usd, ai_cost_usd, energy_mj, nvj, tsj, nv_per_ai_usd (2 rows); '
      + 'table21: output_value_usd, ai_cost_usd, energy_mj, nvj, tsj, nv_per_ai_usd (2 rows); '
      + 'no paired interval: table02, table14, table18, table22');
    expect(withIntervals.some((x) => x.table === 'table01' && x.row === 'sysY')).toBe(false); // other systems: other tasks
    for (const x of withIntervals) expect([x.lo, x.hi], `${x.table} ${x.row} ${x.column}`).toEqual([0, 0]);
  });

  test('one quantity in three tables has one paired interval: Table 1 sysX, Table 17 expert-only crossing and Table 19 pass@1 NVJ', () => {
    const c = compareScenarios(side({}), side({ rates: { nodeRateUSDPerHour: 20 } }));
    const t1 = cell(c, 'table01', 'sysX', 'nvj');
    expect(t1.lo).not.toBeNull();
    for (const [table, row] of [['table17', 'expert_only | expert_only'], ['table19', 'pass@1']]) {
      const x = cell(c, table, row, 'nvj');
      expect(x.difference).toBeCloseTo(t1.difference!, 10);
      expect(x.lo).toBeCloseTo(t1.lo!, 10);
      expect(x.hi).toBeCloseTo(t1.hi!, 10);
    }
    // Costs double in every draw, so the paired difference of the cost average equals the cost average.
    const cost = cell(c, 'table19', 'pass@1', 'ai_cost_usd');
    expect(cost.difference).toBeCloseTo(1.1625, 10); // Table 19 pass@1 of synthetic-small: C~ = 1.1625 USD at $10/h
    expect(cost.lo).toBeGreaterThan(0);
    expect(cell(c, 'table13', 'Cat1', 'energy_mj')).toMatchObject({ difference: 0, lo: 0, hi: 0 });
  });

  test('doubling the node rate: Cat1 NVJ falls by exactly 5 in every draw (each occA task costs 5 USD per MJ)', () => {
    const c = compareScenarios(side({}), side({ rates: { nodeRateUSDPerHour: 20 } }));
    const cat1 = cell(c, 'table13', 'Cat1', 'nvj');
    expect(cat1.difference).toBeCloseTo(-5, 10);
    expect(cat1.lo).toBeCloseTo(-5, 10);
    expect(cat1.hi).toBeCloseTo(-5, 10);
    expect(cell(c, 'table13', 'Cat1', 'tsj')).toMatchObject({ difference: 0, lo: 0, hi: 0 });
    expect(c.changes).toEqual(['rates: {"nodeRateUSDPerHour":null,"bySystem":{},"nodeTypesFile":null,"sweepFile":null} -> {"nodeRateUSDPerHour":20,"bySystem":{},"nodeTypesFile":null,"sweepFile":null}']);
  });

  test('doubling the node rate: the Cat2 interval lies within the hand-computed range over the nine resamples', () => {
    // Resampling two tasks from two: occB mean cost 1.0, 0.75 or 0.5 (energy 0.1); occC (cost, energy)
    // (2.0, 0.5), (1.5, 0.4) or (1.0, 0.3). Difference = -(kB C_B + kC C_C) / (kB E_B + kC E_C), kB:kC = 0.45:0.40.
    const d: number[] = [];
    for (const cb of [1.0, 0.75, 0.5]) for (const [cc, ec] of [[2.0, 0.5], [1.5, 0.4], [1.0, 0.3]]) d.push(-(0.45 * cb + 0.4 * cc) / (0.45 * 0.1 + 0.4 * ec));
    const c = compareScenarios(side({}), side({ rates: { nodeRateUSDPerHour: 20 } }));
    const cat2 = cell(c, 'table13', 'Cat2', 'nvj');
    expect(cat2.difference).toBeCloseTo(-0.9375 / 0.205, 10); // the full sample: C_B 0.75, (C_C, E_C) (1.5, 0.4)
    expect(cat2.lo!).toBeGreaterThanOrEqual(Math.min(...d) - 1e-12);
    expect(cat2.hi!).toBeLessThanOrEqual(Math.max(...d) + 1e-12);
    expect(cat2.lo!).toBeLessThan(cat2.difference!);
    expect(cat2.hi!).toBeGreaterThan(cat2.difference!);
  });

  test('employment weights against GDP weights name the conclusions that change', () => {
    const c = compareScenarios(side({}), side({ weights: 'equal' }));
    expect(c.changes).toEqual(['weights: "gdp" -> "equal"']);
    expect(cell(c, 'table13', 'Cat1', 'nvj').difference).toBe(0); // one occupation: weights cannot move it
  });

  test('a system the variant leaves out (no expert-with-AI judgments) is named and changes no leader or frontier by its absence', () => {
    // sysY has no expert_with_ai judgments: under the variant Table 1 has sysX only, so the system
    // ranking has one common row and no leader change; sysY's absence is a conclusion of its own.
    const c = compareScenarios(side({}), side({ judgmentReference: 'expert_with_ai' }));
    expect(c.conclusions).toContain('systems without a value under the variant (left out of the system rankings and the frontier): sysY');
    expect(c.conclusions.some((s) => /leader of systems|value-energy frontier/.test(s))).toBe(false);
  });

  test('frontier members: nothing with no more energy and no less value', () => {
    expect(frontierMembers([{ id: 'a', energyMJ: 1, valueUSD: 1 }, { id: 'b', energyMJ: 2, valueUSD: 3 }, { id: 'c', energyMJ: 2, valueUSD: 2 }])).toEqual(['a', 'b']);
  });
});
