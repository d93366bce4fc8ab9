/**
 * Notebook 00b's library side (display/method.ts): the parameters its hand steps do not follow are
 * refused in one line; the benchmark level it checks its Step 8 against; the within-occupation
 * positions its bootstrap loop resamples with.
 *
 * Oracles: synthetic-small by hand (evaluate's documented benchmark G~ = 52; Table 1's NVJ 203.35 of
 * sysX); the library's own task draws (sample) as the positions' oracle: the k-th task of a slot's
 * occupation must be the task the library drew; util.inspect for what tslab prints.
 */
import { describe, expect, it } from 'vitest';
import { checkMethodParameters, libraryBenchmark, libraryDraws, openNotebook } from '../../kernel-lib/display/index.ts';
import { evaluate, table01 } from '../../kernel-lib/tables/index.ts';
import { categorySummaries } from '../../kernel-lib/tables/table13.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';
import { inspectThrown } from '../helpers/thrown.ts';

const cell = { data: SMALL, system: null, judge: null, weights: 'gdp', draws: null, seed: null, category: null };
const shown = inspectThrown;

describe('checkMethodParameters', () => {
  it('refuses each parameter the hand steps do not follow, in one line naming it and why', () => {
    const cases: [string, unknown, RegExp][] = [
      ['policy', 'pass@2', /^parameter policy: "pass@2" is not followed by this notebook \(the hand steps charge attempt 1 \(pass@1\); the pass@2 section at the end builds pass@2 by hand\); set it to null here, or change it in another notebook, which follows it$/],
      ['judgmentReference', 'expert_with_ai', /^parameter judgmentReference: "expert_with_ai" is not followed by this notebook \(the hand steps judge against the expert-only reference/],
      ['timeReference', 'expert_with_ai', /^parameter timeReference: .*expert-only reference/],
      ['rate', 50, /^parameter rate: 50 is not followed by this notebook \(the hand steps charge the recorded cost_usd of each run\)/],
      ['systemRates', { sysY: 3 }, /^parameter systemRates: \{"sysY":3\} is not followed/],
      ['nodeRatesFile', 'x.csv', /^parameter nodeRatesFile: "x.csv" is not followed/],
      ['winTieInterval', 'exact', /^parameter winTieInterval: "exact" is not followed by this notebook \(this notebook builds no Table 15\)/],
    ];
    for (const [k, v, expected] of cases) {
      const s = shown(() => checkMethodParameters({ ...cell, [k]: v } as never, {}));
      expect(s, k).toMatch(expected);
      expect(s, k).not.toMatch(/\n/);
    }
  });

  it('passes the parameters it follows, nulls and an empty systemRates; still refuses a bad value of a followed one', () => {
    const lines: string[] = [];
    checkMethodParameters({ ...cell, policy: null, rate: null, systemRates: {}, judgmentReference: null, weights: 'employment', category: 'Cat2' } as never, {}, (l) => lines.push(l));
    onWarning(null);
    expect(lines).toEqual([]);
    expect(shown(() => checkMethodParameters({ ...cell, weights: 'employmnet' } as never, {}))).toMatch(/^parameter weights: "employmnet" is not allowed/);
  });
});

describe('libraryBenchmark (Step 8: the benchmark level)', () => {
  it('is Table 1\'s row of the system: G~ 52 (hand count), NVJ 203.35, and the categories\' averages weighted by W_c', () => {
    const nb = openNotebook({ data: SMALL, draws: 20 }, {});
    onWarning(null);
    const [row] = libraryBenchmark(nb.options).objects() as Record<string, number | string>[];
    expect(row.level).toBe('benchmark');
    expect(row.credited_value_usd).toBeCloseTo(52, 12);
    const t1 = (table01({ ...nb.options, bootstrap: false }).objects() as Record<string, number | string>[]).find((r) => r.system === 'sysX')!;
    expect(row.nvj).toBeCloseTo(Number(t1.nvj), 12);
    expect(row.ai_cost_usd).toBeCloseTo(Number(t1.cost_usd), 12);
    expect(row.energy_mj).toBeCloseTo(Number(t1.energy_mj), 12);
    // sum over categories of W_c times the category component (W_c: the category's total weight)
    const ev = evaluate({ ...nb.options, bootstrap: false });
    const catOf = new Map(nb.dataset.rows.occupations.map((o) => [o.occupation, o.category]));
    const W = new Map<string, number>();
    ev.components.occupations.forEach((o, i) => W.set(catOf.get(o)!, (W.get(catOf.get(o)!) ?? 0) + ev.weights[i]));
    const sumOver = (f: (c: ReturnType<typeof categorySummaries>[number]) => number) => categorySummaries({ ...nb.options, bootstrap: false }).reduce((s, c) => s + W.get(c.category)! * f(c), 0);
    expect(row.credited_value_usd).toBeCloseTo(sumOver((c) => c.valueUSD), 12);
    expect(row.time_saving_hours).toBeCloseTo(sumOver((c) => c.timeSavingHours), 12);
    expect(row.tsj).toBeCloseTo(Number(row.time_saving_hours) / Number(row.energy_mj), 12);
  });
});

describe('libraryDraws positions (the bootstrap resampled within occupations by hand)', () => {
  it('each slot\'s position, looked up among its own occupation\'s tasks, is the task the library drew', () => {
    const nb = openNotebook({ data: SMALL, draws: 40, seed: 7 }, {});
    onWarning(null);
    const lib = libraryDraws(nb.options, 5);
    const c = evaluate(nb.options).components;
    const tasksOf = new Map<string, number[]>();
    c.taskIds.forEach((_, i) => {
      const o = c.occupations[c.occupationIndex[i]];
      tasksOf.set(o, [...(tasksOf.get(o) ?? []), i]);
    });
    expect(lib.slotOccupations).toHaveLength(lib.tasks);
    // slots grouped by occupation, each occupation keeping its count
    for (const [o, list] of tasksOf) expect(lib.slotOccupations.filter((x) => x === o)).toHaveLength(list.length);
    expect(lib.positions).toHaveLength(40 * lib.tasks);
    for (let p = 0; p < lib.positions.length; p++) {
      const own = tasksOf.get(lib.slotOccupations[p % lib.tasks])!;
      expect(lib.positions[p]).toBeLessThan(own.length);
      expect(own[lib.positions[p]]).toBe(lib.sample[p]);
    }
  });
});
