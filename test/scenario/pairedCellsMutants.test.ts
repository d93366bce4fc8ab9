/**
 * kernel-lib/scenario/pairedCells.ts through compareScenarios (issue #29): a draw whose statistic is not
 * finite on a side (a resample of tasks with no energy: NVJ = (G - C) / 0) is left out of the paired
 * percentile interval, as pairedDifferences' comment says; the draws that are finite give the interval.
 * A dataset refuses a run of no energy, but not one of no cost and no time: on a copy of synthetic-small
 * where sysX's first attempts at A1, B1 and C2 (one task of each occupation) cost nothing and take no
 * time, a resample that draws only those tasks in every occupation (probability (1/4)^3 = 1/64, about 6
 * of 400 draws) has C~ = L~ = 0, so (G~ - C~) / C~ and (G~ - C~) / L~ are infinite on both sides and
 * their difference NaN. Oracle: a property (the interval is finite and holds the full sample's
 * difference), since any such draw kept would make an endpoint infinite or NaN.
 *
 * The other tests (s10-29f): Table 1's six paired intervals against a naive second implementation
 * (naiveTable1: drawSample's resampled tasks, each side's weighted benchmark means, the statistic's
 * difference per draw, type-7 percentiles of the sorted finite ones), with sides in separate passes
 * (employment weights) and in one pass (node rate only), on synthetic-small and the free copy; the
 * free-and-lost copy (G~ = 0 in some draws); the printed-cell check (a cell not printed, off by 1e-6 relative or null on one side gets no interval, one
 * off by 5e-10 relative on a cell above 2 does); one printed cell alone; a baseline that cannot be
 * evaluated ([]); sysY, whose expert-with-AI crossings and policies cannot be evaluated.
 *
 * Session s11-sc simplified pairedCells.ts where the survivors were speed-only routes, with no number
 * changed (a same-run bench found the same intervals, bit for bit, and no loss of speed; docs/mutation.md):
 * a denominator is one column (each printed ratio has a single mean below the line), so the terms of
 * zero coefficient are gone; blocks share a pass over the draws by a key of what groupMeanDraws depends on
 * (group count, group of each occupation, weights) instead of a search with a table grouping and
 * sameArray; the [0, 0] route of identical draws only skips the selection (anyFinite is gone). Drawing
 * each block on its own, or dropping the [0, 0] route, cost 14-80% and 17-23% of compareScenarios' CPU
 * time, so both stayed. The last test here covers the row only the baseline has (202's filter).
 *
 * Survivors left, equivalent (no output can tell them apart), pairedCells.ts line numbers:
 * - pairedDifferences' `dv` with `s.den === null` made false (80): dv is read only for a ratio.
 * - `<` -> `<=` in the loops of pairedDifferences, fullMeans: the read past the end gives
 *   undefined/NaN, which is not stored (non-finite) or lands on a typed array's non-index property.
 * - The [0, 0] route: `same` made false (the arrow, `every`, `x === xv[j]` -> false): the selection over
 *   the exact zeros gives the same [0, 0].
 * - More columns or blocks drawn than needed, the same draws: `use`'s terms made true (213), 209's
 *   `wanted.length` -> true.
 * - tryBuild's `instanceof J2GError` -> true: only a non-J2GError inside evaluate would tell. blocksOf's
 *   `cat`, a policy's evaluation -> true: weightedCategories and a policy evaluation whose
 *   judgedAttempts succeeded do not fail on any dataset that evaluates.
 * - close's `Number.isFinite(a)` made `true`: a non-finite a makes |a - b| NaN or Infinity, which fails
 *   the tolerance anyway.
 * - a block's key -> '': the key only matches a side's block with the other side's, which the same key
 *   does. sameTasks' count test: `every` and sameTaskStructure already refuse another count.
 * - Table 1's `h` by indexOf (202): Table 1 is paired only for one system on both sides (line 201), whose
 *   row is index 0 either way.
 *
 * Session s12-sc killed the ones of these s10/s11 had called equivalent but an exported caller can tell
 * apart (the last three describe blocks): close's `b !== null` parts (a printed null against a statistic
 * of exactly 0, which |0 - null| = 0 would pass) and its `<=` (a printed cell exactly 1e-9 off at |b| < 1);
 * `!m` made false (one draw, seed 4, of only free tasks: percentileIntervalInPlace throws on no finite
 * draw); Table 1 with two systems (201: a printed callback vouching for each side's own system, which the
 * printed check alone cannot refuse).
 */
import { describe, expect, test } from 'vitest';
import { loadScenario } from '../../kernel-lib/scenario/files.ts';
import { compareScenarios } from '../../kernel-lib/scenario/compare.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { editedDataset, SMALL } from '../helpers/dataset.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { pairedCellIntervals, type PairedInterval } from '../../kernel-lib/scenario/pairedCells.ts';
import { evaluate, type Evaluation } from '../../kernel-lib/tables/evaluate.ts';
import type { TableOptions } from '../../kernel-lib/tables/options.ts';
import { drawSample, taskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';

onWarning(() => {});

describe('paired intervals leave out the draws whose statistic is not finite', () => {
  test("sysX's first attempts at A1, B1 and C2 free and instant: the draws that resample only those tasks have no cost or time, their NVs per AI dollar and per AI hour are left out, and the intervals are finite around the point", () => {
    const free = { xA1a1: 'xA1a1,A1,sysX,1,0,0,0.2', xB1a1: 'xB1a1,B1,sysX,1,0,0,0.1', xC2a1: 'xC2a1,C2,sysX,1,0,0,0.3' };
    const dir = editedDataset({ 'runs.csv': (t) => t.split('\n').map((l) => free[l.split(',')[0] as keyof typeof free] ?? l).join('\n') });
    const side = (s: object) => loadScenario({ dataset: dir, draws: 400, ...s });
    const c = compareScenarios(side({}), side({ rates: { nodeRateUSDPerHour: 20 } }));
    for (const column of ['nv_per_ai_usd', 'nv_per_ai_hour']) {
      const x = c.cells.find((v) => v.table === 'table01' && v.row === 'sysX' && v.column === column)!;
      expect(Number.isFinite(x.difference), column).toBe(true);
      expect(Number.isFinite(x.lo) && Number.isFinite(x.hi), `${column} [${x.lo}, ${x.hi}]`).toBe(true);
      expect(x.lo!, column).toBeLessThanOrEqual(x.difference!);
      expect(x.hi!, column).toBeGreaterThanOrEqual(x.difference!);
    }
  });
});

/**
 * A second implementation of Table 1's paired interval (the oracle of the next tests): the same resampled
 * tasks for both sides (drawSample: draw b's n task indices), each side's benchmark mean of a component
 * sum_o (w_o / W) (mean over o's drawn slots), the cell's statistic on each side, their difference per
 * draw, the non-finite differences left out, and type-7 percentiles (h = (m - 1) p) of the sorted rest.
 */
const TABLE1: Record<string, (x: Record<string, number>) => number> = {
  cost_usd: (x) => x.costUSD,
  completion_min: (x) => 60 * x.aiHours,
  energy_mj: (x) => x.energyMJ,
  nv_per_ai_usd: (x) => (x.valueUSD - x.costUSD) / x.costUSD,
  nv_per_ai_hour: (x) => (x.valueUSD - x.costUSD) / x.aiHours,
  nvj: (x) => (x.valueUSD - x.costUSD) / x.energyMJ,
};
const KEYS = ['credit', 'valueUSD', 'costUSD', 'energyMJ', 'timeSavingHours', 'aiHours'] as const;

function naiveTable1(base: TableOptions, variant: TableOptions, draws: number, seed: number): Record<string, [number, number]> {
  return naivePaired(base, variant, TABLE1, null, draws, seed); // every occupation in the one group
}

const FREE = { xA1a1: 'xA1a1,A1,sysX,1,0,0,0.2', xB1a1: 'xB1a1,B1,sysX,1,0,0,0.1', xC2a1: 'xC2a1,C2,sysX,1,0,0,0.3' };
const freeDataset = () => editedDataset({ 'runs.csv': (t) => t.split('\n').map((l) => FREE[l.split(',')[0] as keyof typeof FREE] ?? l).join('\n') });
// ...and lost (every judge, every reference): a resample of only those tasks has G~ = C~ = L~ = 0
const LOST = new Set(['xA1a1', 'xB1a1', 'xC2a1']);
const freeLostDataset = () => editedDataset({
  'runs.csv': (t) => t.split('\n').map((l) => FREE[l.split(',')[0] as keyof typeof FREE] ?? l).join('\n'),
  'judgments.csv': (t) => t.split('\n').map((l) => (LOST.has(l.split(',')[0]) ? l.replace(/,(win|tie)$/, ',loss') : l)).join('\n'),
});
const near = (a: number | null, b: number) => a !== null && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

describe("Table 1's paired intervals equal a naive second implementation", () => {
  // employment weights (every occupation's weight changes) and a node rate of 20: the sides are drawn
  // in separate passes (different weights), and every component but credit differs between them.
  const cases: [string, () => string | undefined, object][] = [
    ['synthetic-small, GDP -> employment weights and node rate 10 -> 20', () => undefined, { weights: 'employment', rates: { nodeRateUSDPerHour: 20 } }],
    ['sysX free and instant on A1, B1, C2 (draws of zero cost and time), same change', freeDataset, { weights: 'employment', rates: { nodeRateUSDPerHour: 20 } }],
    ['sysX free, instant and lost on A1, B1, C2 (draws of zero value, cost and time), same change', freeLostDataset, { weights: 'employment', rates: { nodeRateUSDPerHour: 20 } }],
    ['sysX free and instant on A1, B1, C2, node rate only (both sides in one pass)', freeDataset, { rates: { nodeRateUSDPerHour: 20 } }],
  ];
  test.each(cases)('%s: every Table 1 interval of sysX is the naive one', (_, dir, change) => {
    const d = dir() ?? SMALL, ds = loadDataset(d);
    const side = (s: object) => loadScenario({ dataset: d, draws: 300, seed: 11, ...s }, { dataset: ds });
    const b = side({}), v = side(change);
    const c = compareScenarios(b, v);
    const want = naiveTable1(b.options, v.options, 300, 11);
    for (const [column, [lo, hi]] of Object.entries(want)) {
      const x = c.cells.find((y) => y.table === 'table01' && y.row === 'sysX' && y.column === column)!;
      // a cell the change leaves alone (time and energy under a node rate) is [0, 0]; any other is not degenerate
      if (x.base === x.variant) expect([lo, hi], column).toEqual([0, 0]);
      else expect(lo, `${column} lower`).toBeLessThan(hi);
      expect(near(x.lo, lo) && near(x.hi, hi), `${column}: [${x.lo}, ${x.hi}], naive [${lo}, ${hi}]`).toBe(true);
    }
  });
});

describe('an interval is attached only where the printed cells are the statistic, on both sides', () => {
  // built inside each test: kernel-lib code run while vitest collects the file makes every mutant it
  // reaches "static" (rerun with every test; docs/mutation.md)
  const setup = () => {
    const ds = loadDataset(SMALL);
    const side = (s: object) => loadScenario({ dataset: SMALL, draws: 100, seed: 3, ...s }, { dataset: ds });
    const b = side({}), v = side({ rates: { nodeRateUSDPerHour: 20 } });
    const c = compareScenarios(b, v);
    const at = new Map(c.cells.map((x) => [`${x.table}|${x.row}|${x.column}`, { base: x.base, variant: x.variant }]));
    const run = (edit: (key: string, p: { base: number | null; variant: number | null }) => { base: number | null; variant: number | null } | undefined) =>
      pairedCellIntervals(b.options, v.options, { base: 'sysX', variant: 'sysX' }, { draws: 100, seed: 3 }, (t, r, col) => {
        const p = at.get(`${t}|${r}|${col}`);
        return p && edit(`${t}|${r}|${col}`, p);
      });
    return { c, at, run, all: run((_, p) => p) };
  };
  const keys = (x: PairedInterval[]) => x.map((y) => `${y.table}|${y.row}|${y.column}`).sort();

  test("with the tables' own cells every interval compareScenarios attached comes back, with the same endpoints", () => {
    const { c, all } = setup();
    const attached = c.cells.filter((x) => x.lo !== null);
    expect(all.length).toBe(attached.length);
    expect(all.length).toBeGreaterThan(40); // Tables 1, 13, 15, 17, 19-21
    for (const x of attached) {
      const y = all.find((z) => z.table === x.table && z.row === x.row && z.column === x.column)!;
      expect([y.lo, y.hi]).toEqual([x.lo, x.hi]);
    }
  });

  test('a cell the table does not print, or prints differently (1e-6 relative, or null) on either side, gets no interval; one 5e-10 relative off still does', () => {
    const { at, run, all } = setup();
    const cost = 'table01|sysX|cost_usd', minutes = 'table01|sysX|completion_min', nvj = 'table01|sysX|nvj', tsj = 'table13|Cat2|tsj', value = 'table13|Cat2|credited_value_usd', nullBase = 'table13|Cat1|nvj';
    // |cell| > 2 where the tolerance 1e-9 max(1, |b|) matters: minutes 5e-10 relative off is inside it
    expect(Math.abs(at.get(minutes)!.base!)).toBeGreaterThan(2);
    expect(Math.abs(at.get(minutes)!.variant!)).toBeGreaterThan(2);
    const got = run((k, p) => {
      if (k === cost) return undefined;
      if (k === minutes) return { base: p.base! * (1 + 5e-10), variant: p.variant! * (1 - 5e-10) };
      if (k === nvj) return { base: p.base! * (1 + 1e-6), variant: p.variant };
      if (k === tsj) return { base: p.base, variant: p.variant! * (1 + 1e-6) };
      if (k === value) return { base: p.base! + 1e-6 * Math.max(1, Math.abs(p.base!)), variant: p.variant };
      if (k === nullBase) return { base: null, variant: p.variant };
      return p;
    });
    expect(keys(got)).toEqual(keys(all).filter((k) => ![cost, nvj, tsj, value, nullBase].includes(k)));
  });
});

describe('one printed cell alone', () => {
  test("a side whose only printed cell is Table 1's cost, or Table 13's win-tie percentage, gets that cell's interval as when every cell is printed (the columns drawn are the ones its statistic uses)", () => {
    const ds = loadDataset(SMALL);
    const side = (s: object) => loadScenario({ dataset: SMALL, draws: 100, seed: 5, ...s }, { dataset: ds });
    const b = side({}), v = side({ weights: 'employment', rates: { nodeRateUSDPerHour: 20 } });
    const c = compareScenarios(b, v);
    for (const key of ['table01|sysX|cost_usd', 'table13|Cat2|win_tie_pct', 'table01|sysX|nv_per_ai_hour']) {
      const x = c.cells.find((y) => `${y.table}|${y.row}|${y.column}` === key)!;
      expect(x.lo, key).not.toBeNull();
      const got = pairedCellIntervals(b.options, v.options, { base: 'sysX', variant: 'sysX' }, { draws: 100, seed: 5 },
        (t, r, col) => (`${t}|${r}|${col}` === key ? { base: x.base, variant: x.variant } : undefined));
      expect(got.map((y) => [`${y.table}|${y.row}|${y.column}`, y.lo, y.hi]), key).toEqual([[key, x.lo, x.hi]]);
    }
  });
});

describe('sides that cannot be paired', () => {
  test('a baseline that cannot be evaluated (a system the dataset lacks) pairs nothing: []', () => {
    const ds = loadDataset(SMALL);
    const b = loadScenario({ dataset: SMALL, draws: 50 }, { dataset: ds });
    expect(pairedCellIntervals({ ...b.options, system: 'sysZ' }, b.options, { base: 'sysZ', variant: 'sysX' }, { draws: 50, seed: 1 }, () => ({ base: 1, variant: 1 }))).toEqual([]);
  });

  test('sysY, judged only against expert-only references: the crossings and policies that cannot be evaluated are skipped and Tables 1, 13, 15, 19 and 20 paired', () => {
    const ds = loadDataset(SMALL);
    const side = (s: object) => loadScenario({ dataset: SMALL, draws: 50, seed: 2, system: 'sysY', ...s }, { dataset: ds });
    const b = side({}), v = side({ rates: { nodeRateUSDPerHour: 40 } });
    const c = compareScenarios(b, v);
    const at = new Map(c.cells.map((x) => [`${x.table}|${x.row}|${x.column}`, { base: x.base, variant: x.variant }]));
    const got = pairedCellIntervals(b.options, v.options, { base: 'sysY', variant: 'sysY' }, { draws: 50, seed: 2 }, (t, r, col) => at.get(`${t}|${r}|${col}`));
    const tables = new Set(got.map((x) => x.table));
    // Table 17 is printed for the primary system (sysX) only; Table 21 needs expert-with-AI judgments
    expect([...tables].sort()).toEqual(['table01', 'table13', 'table15', 'table19', 'table20']);
  });

  test('a variant on other tasks (one task renamed, so as many tasks in the same occupations) pairs nothing: []', () => {
    const ds = loadDataset(SMALL);
    const renamed = (t: string) => t.replace(/\bC2\b/g, 'C9');
    const other = loadDataset(editedDataset({ 'tasks.csv': renamed, 'runs.csv': renamed }));
    const b = loadScenario({ dataset: SMALL, draws: 50, seed: 1 }, { dataset: ds });
    const v = { ...b.options, dataset: other };
    expect(evaluate(v).components.taskIds).toContain('C9');
    // the printed cells are each side's own statistics (the same numbers: the rename changes no value)
    const printed = (t: string, r: string, col: string) => (t === 'table01' && r === 'sysX' && col === 'cost_usd' ? { base: evaluate(b.options).benchmark.costUSD, variant: evaluate(v).benchmark.costUSD } : undefined);
    expect(printed('table01', 'sysX', 'cost_usd')!.base).toBeGreaterThan(0);
    expect(pairedCellIntervals(b.options, b.options, { base: 'sysX', variant: 'sysX' }, { draws: 50, seed: 1 }, printed)).toHaveLength(1); // the check is live
    expect(pairedCellIntervals(b.options, v, { base: 'sysX', variant: 'sysX' }, { draws: 50, seed: 1 }, printed)).toEqual([]);
  });

  test("baseline sysX, variant sysY: Table 1's row is not paired (another system's tasks), and the crossings sysY cannot evaluate are skipped", () => {
    const ds = loadDataset(SMALL);
    const side = (s: object) => loadScenario({ dataset: SMALL, draws: 50, seed: 2, ...s }, { dataset: ds });
    const b = side({}), v = side({ system: 'sysY' });
    const c = compareScenarios(b, v);
    const at = new Map(c.cells.map((x) => [`${x.table}|${x.row}|${x.column}`, { base: x.base, variant: x.variant }]));
    const got = pairedCellIntervals(b.options, v.options, { base: 'sysX', variant: 'sysY' }, { draws: 50, seed: 2 }, (t, r, col) => at.get(`${t}|${r}|${col}`));
    expect(got.length).toBeGreaterThan(0);
    expect(got.filter((x) => x.table === 'table01' || x.table === 'table17')).toEqual([]);
  });
});

describe('sides with the same components', () => {
  test('a variant that changes only the win-tie interval method: every paired interval is exactly [0, 0] (the same draws on both sides)', () => {
    const ds = loadDataset(SMALL);
    const side = (s: object) => loadScenario({ dataset: SMALL, draws: 60, seed: 4, ...s }, { dataset: ds });
    const c = compareScenarios(side({}), side({ winTieInterval: 'exact' }));
    const paired = c.cells.filter((x) => x.lo !== null);
    expect(paired.length).toBeGreaterThan(40);
    for (const x of paired) expect([x.lo, x.hi], `${x.table} ${x.row} ${x.column}`).toEqual([0, 0]);
  });
});


/**
 * A second implementation of Table 13's paired interval for one category (the oracle of the next test):
 * drawSample's resampled tasks, each side's group mean sum_{o in group} (w_o / W_group) (mean over o's
 * drawn slots) with W_group the weights of the group's occupations only, the statistic per side, the
 * difference per draw, the non-finite ones left out, type-7 percentiles of the sorted rest.
 */
const TABLE13: Record<string, (x: Record<string, number>) => number> = {
  win_tie_pct: (x) => 100 * x.credit,
  credited_value_usd: (x) => x.valueUSD,
  ai_cost_usd: (x) => x.costUSD,
  time_saving_hours: (x) => x.timeSavingHours,
  energy_mj: (x) => x.energyMJ,
  ai_time_hours: (x) => x.aiHours,
  nvj: (x) => (x.valueUSD - x.costUSD) / x.energyMJ,
  tsj: (x) => x.timeSavingHours / x.energyMJ,
};

function naivePaired(base: TableOptions, variant: TableOptions, columns: Record<string, (x: Record<string, number>) => number>, group: string[] | null, draws: number, seed: number): Record<string, [number, number]> {
  const eb = evaluate(base), ev = evaluate(variant);
  const c0 = eb.components, n = c0.taskIds.length, O = c0.occupations.length;
  const inGroup = c0.occupations.map((o) => group === null || group.includes(o));
  const sample = drawSample(taskBootstrap(c0.occupationIndex, O, { draws, seed }));
  const meansOf = (e: Evaluation, tasks: ArrayLike<number>) => {
    const sums = Array.from({ length: O }, () => Object.fromEntries(KEYS.map((k) => [k, 0])) as Record<string, number>);
    const count = new Array(O).fill(0);
    for (let s = 0; s < tasks.length; s++) {
      const i = tasks[s], o = e.components.occupationIndex[i];
      count[o]++;
      for (const k of KEYS) sums[o][k] += e.components[k][i];
    }
    const W = Array.from(e.weights).reduce((a, w, o) => a + (inGroup[o] ? w : 0), 0);
    return Object.fromEntries(KEYS.map((k) => [k, sums.reduce((t, so, o) => t + (inGroup[o] ? (e.weights[o] / W) * (so[k] / count[o]) : 0), 0)])) as Record<string, number>;
  };
  const diffs: Record<string, number[]> = Object.fromEntries(Object.keys(columns).map((k) => [k, []]));
  for (let b = 0; b < draws; b++) {
    const tasks = sample.subarray(b * n, (b + 1) * n);
    const xb = meansOf(eb, tasks), xv = meansOf(ev, tasks);
    for (const [column, f] of Object.entries(columns)) {
      const d = f(xv) - f(xb);
      if (Number.isFinite(d)) diffs[column].push(d);
    }
  }
  const type7 = (x: number[], p: number) => {
    const h = (x.length - 1) * p, lo = Math.floor(h);
    return x[lo] + (h - lo) * (x[Math.min(lo + 1, x.length - 1)] - x[lo]);
  };
  return Object.fromEntries(Object.entries(diffs).map(([column, d]) => {
    d.sort((a, b) => a - b);
    return [column, [type7(d, 0.025), type7(d, 0.975)]];
  }));
}

function naiveCategory(base: TableOptions, variant: TableOptions, group: string[], draws: number, seed: number): Record<string, [number, number]> {
  return naivePaired(base, variant, TABLE13, group, draws, seed);
}

describe('a Table 13 row only the baseline has', () => {
  test("occA's employment 0, equal weights against employment weights (the same tasks): Cat1 is a baseline-only row with no interval, and Cat2 (the baseline's second row, the variant's first) gets the naive category intervals", () => {
    const dir = editedDataset({ 'occupations.csv': (t) => t.replace('occA,11-0001,Cat1,S1,100,50', 'occA,11-0001,Cat1,S1,0,50') });
    const ds = loadDataset(dir);
    const side = (s: object) => loadScenario({ dataset: dir, draws: 200, seed: 7, ...s }, { dataset: ds });
    const b = side({ weights: 'equal' }), v = side({ weights: 'employment' });
    const c = compareScenarios(b, v);
    const cat1 = c.cells.filter((x) => x.table === 'table13' && x.row === 'Cat1');
    // the row is a cell of the comparison (a baseline value, no variant value), so the check is live
    expect(cat1.map((x) => x.column).sort()).toEqual(Object.keys(TABLE13).sort());
    for (const x of cat1) expect([x.base !== null, x.variant, x.lo, x.hi], x.column).toEqual([true, null, null, null]);
    const want = naiveCategory(b.options, v.options, ['occB', 'occC'], 200, 7);
    for (const [column, [lo, hi]] of Object.entries(want)) {
      const x = c.cells.find((y) => y.table === 'table13' && y.row === 'Cat2' && y.column === column)!;
      expect(near(x.lo, lo) && near(x.hi, hi), `${column}: [${x.lo}, ${x.hi}], naive [${lo}, ${hi}]`).toBe(true);
    }
    // not a degenerate check: the weights move Cat2's value, so its interval is not [0, 0]
    const value = want.credited_value_usd;
    expect(value[0]).toBeLessThan(value[1]);
  });
});

describe("the printed-cell check's tolerance, at a statistic of exactly 0", () => {
  // Table 21's >=2/2 row on synthetic-small: no sysX task has two expert-with-AI wins, so its output
  // value is exactly 0 on both sides (checked below); close(a, b) is |a - b| <= 1e-9 max(1, |b|).
  const setup = () => {
    const ds = loadDataset(SMALL);
    const side = (s: object) => loadScenario({ dataset: SMALL, draws: 40, seed: 2, ...s }, { dataset: ds });
    const b = side({}), v = side({ rates: { nodeRateUSDPerHour: 20 } });
    const cell = 'table21|>=2/2|output_value_usd';
    const x = compareScenarios(b, v).cells.find((y) => `${y.table}|${y.row}|${y.column}` === cell)!;
    expect([x.base, x.variant, x.lo, x.hi]).toEqual([0, 0, 0, 0]);
    const run = (p: { base: number | null; variant: number | null }) =>
      pairedCellIntervals(b.options, v.options, { base: 'sysX', variant: 'sysX' }, { draws: 40, seed: 2 }, (t, r, col) => (`${t}|${r}|${col}` === cell ? p : undefined)).length;
    return run;
  };

  test('a printed null is never a statistic, not even a statistic of 0 (|0 - null| would pass the tolerance)', () => {
    const run = setup();
    expect(run({ base: 0, variant: 0 })).toBe(1); // the check is live
    expect(run({ base: null, variant: 0 })).toBe(0);
    expect(run({ base: 0, variant: null })).toBe(0);
  });

  test('a printed cell exactly 1e-9 from the statistic (the tolerance 1e-9 max(1, |b|) at |b| < 1) still matches; 1.5e-9 away does not', () => {
    const run = setup();
    expect(run({ base: 1e-9, variant: -1e-9 })).toBe(1);
    expect(run({ base: 1.5e-9, variant: 0 })).toBe(0);
    expect(run({ base: 0, variant: -1.5e-9 })).toBe(0);
  });
});

describe('a cell whose every draw is not finite', () => {
  test("one draw (seed 4: A1, A1, B1, B1, C2, C2) of only sysX's free and instant tasks: Table 1's NV per AI dollar and per AI hour get no interval (no finite draw), its other cells the one draw's difference", () => {
    const dir = freeDataset(), ds = loadDataset(dir);
    const side = (s: object) => loadScenario({ dataset: dir, draws: 1, seed: 4, ...s }, { dataset: ds });
    const b = side({}), v = side({ rates: { nodeRateUSDPerHour: 20 } });
    // the oracle's resample: the one draw holds only the free tasks, so C~ = L~ = 0 on both sides
    const c0 = evaluate(b.options).components;
    expect(Array.from(drawSample(taskBootstrap(c0.occupationIndex, c0.occupations.length, { draws: 1, seed: 4 })), (i) => c0.taskIds[i])).toEqual(['A1', 'A1', 'B1', 'B1', 'C2', 'C2']);
    const c = compareScenarios(b, v);
    const at = (column: string) => c.cells.find((y) => y.table === 'table01' && y.row === 'sysX' && y.column === column)!;
    for (const column of ['nv_per_ai_usd', 'nv_per_ai_hour']) {
      expect(Number.isFinite(at(column).difference), column).toBe(true); // the full sample's is finite: printed
      expect([at(column).lo, at(column).hi], column).toEqual([null, null]);
    }
    // energy is not free: the one draw's difference of NVJ is finite, and its interval is that one value
    const nvj = naiveTable1(b.options, v.options, 1, 4).nvj;
    expect(nvj[0]).toBe(nvj[1]);
    expect(near(at('nvj').lo, nvj[0]) && near(at('nvj').hi, nvj[0]), `[${at('nvj').lo}, ${at('nvj').hi}], naive ${nvj[0]}`).toBe(true);
  });
});

describe("Table 1's row is one system's on both sides", () => {
  test("baseline sysX, variant sysY, and a printed callback that vouches for each side's own system (sysX's cells on the baseline, sysY's on the variant): still no Table 1 interval (row sysX's would be sysY - sysX)", () => {
    const ds = loadDataset(SMALL);
    const side = (s: object) => loadScenario({ dataset: SMALL, draws: 50, seed: 2, ...s }, { dataset: ds });
    const b = side({}), v = side({ system: 'sysY' });
    const c = compareScenarios(b, v);
    const at = new Map(c.cells.map((x) => [`${x.table}|${x.row}|${x.column}`, x]));
    const printed = (t: string, r: string, col: string) => (t === 'table01' && r === 'sysX' ? { base: at.get(`table01|sysX|${col}`)!.base, variant: at.get(`table01|sysY|${col}`)!.variant } : undefined);
    // the same callback with sysY on both sides pairs Table 1 (the check is live)
    const sysY = pairedCellIntervals(v.options, v.options, { base: 'sysY', variant: 'sysY' }, { draws: 50, seed: 2 }, (t, r, col) => (t === 'table01' && r === 'sysY' ? { base: at.get(`table01|sysY|${col}`)!.variant, variant: at.get(`table01|sysY|${col}`)!.variant } : undefined));
    expect(sysY.length).toBe(6);
    expect(pairedCellIntervals(b.options, v.options, { base: 'sysX', variant: 'sysY' }, { draws: 50, seed: 2 }, printed)).toEqual([]);
  });
});
