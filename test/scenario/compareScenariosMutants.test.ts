/**
 * compareScenarios (kernel-lib/scenario/compare.ts) on synthetic-small, the parts test/scenario/compare.test.ts
 * does not check (issue #29): the draws and seed of the paired bootstrap, the percent change over
 * |baseline| (a negative baseline), the NVJ sign conclusions, leader changes, and a system only the
 * variant evaluates. Oracles: the definitions in compare.ts's file comment, written again here
 * (difference = variant - baseline, percent change = 100 difference / |baseline|, null for a baseline of
 * 0; a leader is the row of highest value among the rows both sides give; numbers on screen to 6
 * significant digits), and hand computation on synthetic-small: sysX's Cat1 (occA: tasks A1, A2 of cost
 * 1.0 and 2.0 USD and energy 0.2 and 0.4 MJ at $10 per node-hour, all of it node time) costs 5 USD per MJ
 * at $10/h, so 500 at $1000/h: its NVJ falls by exactly 495 from $10/h to $1000/h.
 *
 * A bug found here, fixed: a row only the variant has (sysY in Table 1 when the baseline judges against
 * expert-with-AI references, which sysY lacks) was dropped from the comparison without a word, while a row
 * only the baseline has was a cell and a conclusion ("systems without a value under the variant"). The
 * last test failed on the old code; such a row is now a cell with a null baseline and is named.
 *
 * Mutation runs (docs/mutation.md, sessions s10-29d and s11-sc). s10-29d left 39 not killed in compare.ts;
 * s11-sc took out the code behind the equivalent ones that were redundant guards (no output changed:
 * `num`'s typeof (Number.isFinite does not coerce), the second Table 16 skip (one buildTables call with
 * `except` for both sides, whose change the no-table16 check kills), the skip of text and key columns
 * (every key column is text, and a text column is null on both sides, skipped as such), percentChange's
 * `x !== null` and onlyBase's / onlyVariant's other-side test (implied by the difference and by no cell
 * being null on both sides)), and added the tests at the end of this file for the rest: two rows left
 * out (the `', '`), the rank order changing under a leader that stays (three categories), and a variant
 * whose Table 1 cannot be built (`if (!v) continue`, systemRows' J2GError caught).
 *
 * A gap found by s12-sc, fixed (the tests of the last describe block failed on the old code): a table
 * only one side builds (Table 1 of a variant that re-prices a system with no base rate, Table 5 of a
 * baseline with a sweep file against a variant without, and, from a plain scenario file, Tables 13-15,
 * 17, 18 and 22 of a pass@3 variant on runs of 2 attempts) lost its cells, and the frontier its
 * conclusions, without a word. compareScenarios now names such tables (grouped by the first line of the
 * other side's reason: buildTables' `skipped` message) and a frontier not compared (systemRows' error). The catch around the frontier emptied
 * (`{}`), once equivalent, now loses that conclusion.
 * A bug found by s12-sc, fixed (the "energy tripled: ... TSJ leader" test failed on the old code): the
 * systems by TSJ, one of the four rankings the file comment promises, were read from Table 1's `tsj`
 * column, which Table 1 does not have (its columns end at nvj), so a change of the systems' TSJ leader
 * was never reported (and Stryker's mutants of that entry could not be killed). They are now ranked from
 * the frontier's system rows (systemRows' S~/E~, Figure 5), among the systems both sides evaluate.
 *
 * s12-sc's run (compare.ts's changed lines with MUTATION_FORCE=1, docs/mutation.md): 465 of 469 killed.
 * The "three systems" test was added after it for the survivor `rows.filter(common)` made `rows` in the
 * TSJ ranking (a system only one side evaluates must not rank; planted by hand, it fails), and its line
 * rerun. Left, equivalent (with the two of compareMutants.test.ts's head):
 * - the frontier's catch rethrow test `!(e instanceof J2GError)` made `false`: systemRows throws only
 *   J2GErrors (UnsupportedOutputError, a system that cannot be re-priced) on any options buildTables accepted,
 *   so no non-J2GError reaches the catch to be swallowed.
 */
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { loadScenario } from '../../kernel-lib/scenario/files.ts';
import { compareScenarios, type ScenarioComparison } from '../../kernel-lib/scenario/compare.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { editedDataset, SMALL } from '../helpers/dataset.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveContext } from '../../kernel-lib/tables/context.ts';
import { tableEntry } from '../../kernel-lib/tables/registry.ts';
import { systemRows } from '../../kernel-lib/plots/rows.ts';

onWarning(() => {});
const ds = loadDataset(SMALL);
const side = (s: object) => loadScenario({ dataset: SMALL, draws: 50, ...s }, { dataset: ds });
const cell = (c: ScenarioComparison, table: string, row: string, column: string) => c.cells.find((x) => x.table === table && x.row === row && x.column === column)!;
const six = (x: number) => String(Number(x.toPrecision(6)));

/** Every cell's difference and percent change by their definitions. */
function checkArithmetic(c: ScenarioComparison) {
  for (const x of c.cells) {
    const what = `${x.table} ${x.row} ${x.column}`;
    expect(x.base !== null || x.variant !== null, what).toBe(true);
    if (x.base === null || x.variant === null) {
      expect([x.difference, x.percentChange], what).toEqual([null, null]);
      continue;
    }
    expect(x.difference, what).toBe(x.variant - x.base);
    expect(x.percentChange, what).toBe(x.base === 0 ? null : (100 * (x.variant - x.base)) / Math.abs(x.base));
  }
  // every NVJ cell of two values of opposite sign (or one 0) has its conclusion, in cell order, and no other
  const signs = c.cells.filter((x) => x.column === 'nvj' && x.base !== null && x.variant !== null && Math.sign(x.base) !== Math.sign(x.variant));
  expect(c.conclusions.filter((s) => s.includes('NVJ changes sign'))).toEqual(signs.map((x) => `${x.table} ${x.row}: NVJ changes sign (${six(x.base!)} -> ${six(x.variant!)})`));
  // point estimates only: no Table 16 (a resampling summary) and no bootstrap endpoint column, only
  // Table 15's win_tie_lo and win_tie_hi (each side's own Wilson interval)
  expect(c.cells.some((x) => x.table === 'table16')).toBe(false);
  expect([...new Set(c.cells.filter((x) => /_(lo|hi)$/.test(x.column)).map((x) => `${x.table} ${x.column}`))]).toEqual(['table15 win_tie_lo', 'table15 win_tie_hi']);
}

describe('compareScenarios: draws, seed and arithmetic', () => {
  test("the paired bootstrap's draws and seed are the baseline's unless given", () => {
    const a = side({ seed: 11 }), b = side({ seed: 12, draws: 30 });
    const c = compareScenarios(a, b);
    expect([c.draws, c.seed]).toEqual([50, 11]);
    const d = compareScenarios(a, b, { draws: 20, seed: 9 });
    expect([d.draws, d.seed]).toEqual([20, 9]);
    // the given seed drives the draws: another seed moves a non-degenerate interval
    const lo = (seed: number) => cell(compareScenarios(side({}), side({ rates: { nodeRateUSDPerHour: 20 } }), { draws: 20, seed }), 'table13', 'Cat2', 'nvj').lo;
    expect(new Set([1, 2, 3, 4].map(lo)).size).toBeGreaterThan(1);
  });

  test('$1000/h against $10/h: Cat1 NVJ rises by exactly 495 from a negative baseline; percent change over |baseline|; the sign conclusions name both values to 6 digits', () => {
    const c = compareScenarios(side({ rates: { nodeRateUSDPerHour: 1000 } }), side({}));
    checkArithmetic(c);
    const cat1 = cell(c, 'table13', 'Cat1', 'nvj');
    expect(cat1.difference).toBeCloseTo(495, 9);
    expect(cat1.base!).toBeLessThan(0);
    expect(cat1.variant!).toBeGreaterThan(0);
    expect(cat1.percentChange!).toBeGreaterThan(0);
    expect(cat1.percentChange).toBeCloseTo((100 * 495) / -cat1.base!, 9);
    expect(c.conclusions).toContain(`table13 Cat1: NVJ changes sign (${six(cat1.base!)} -> ${six(cat1.variant!)})`);
    expect(c.conclusions.filter((s) => s.includes('NVJ changes sign')).length).toBeGreaterThan(5);
    // sysY is charged $1000/h too, but its NVJ stays positive
    expect(c.conclusions.some((s) => s.startsWith('table01 sysY'))).toBe(false);
  });

  test('a baseline of 0 has no percent change (sysX free: Table 21 at >=2/2 has NVJ 0)', () => {
    const c = compareScenarios(side({ rates: { bySystem: { sysX: 0 } } }), side({}));
    checkArithmetic(c);
    const zero = c.cells.filter((x) => x.base === 0 && x.variant !== null && x.variant !== 0);
    expect(zero.length).toBeGreaterThan(0);
    for (const x of zero) expect(x.percentChange).toBe(null);
  });
});

describe('compareScenarios: leaders and rows on one side', () => {
  const leader = (c: ScenarioComparison, table: string, column: string, of: 'base' | 'variant') => {
    const both = c.cells.filter((x) => x.table === table && x.column === column && x.base !== null && x.variant !== null);
    return both.reduce((a, b) => (b[of]! > a[of]! ? b : a)).row;
  };

  test("sysY charged $1000/h: its NVJ turns negative and the systems' NVJ leader changes from sysY to sysX; the TSJ leader does not", () => {
    const c = compareScenarios(side({}), side({ rates: { bySystem: { sysY: 1000 } } }));
    checkArithmetic(c);
    expect([leader(c, 'table01', 'nvj', 'base'), leader(c, 'table01', 'nvj', 'variant')]).toEqual(['sysY', 'sysX']);
    const y = cell(c, 'table01', 'sysY', 'nvj');
    expect(c.conclusions).toEqual([`table01 sysY: NVJ changes sign (${six(y.base!)} -> ${six(y.variant!)})`, 'leader of systems by NVJ changes: sysY -> sysX']);
  });

  test('pass@2 against pass@1: both category leaders change (Cat2 -> Cat1), and sysY, not judged twice, is named as left out', () => {
    const c = compareScenarios(side({}), side({ policy: 'pass@2' }));
    checkArithmetic(c);
    for (const column of ['nvj', 'tsj']) expect([leader(c, 'table13', column, 'base'), leader(c, 'table13', column, 'variant')]).toEqual(['Cat2', 'Cat1']);
    expect(c.conclusions).toEqual([
      'leader of categories by NVJ changes: Cat2 -> Cat1',
      'leader of categories by TSJ changes: Cat2 -> Cat1',
      'systems without a value under the variant (left out of the system rankings and the frontier): sysY',
    ]);
    expect(cell(c, 'table01', 'sysY', 'nvj')).toMatchObject({ variant: null, difference: null, percentChange: null });
  });

  test('a system only the variant evaluates is named as such (the baseline under expert-with-AI judgments has no sysY)', () => {
    const c = compareScenarios(side({ judgmentReference: 'expert_with_ai' }), side({}));
    checkArithmetic(c);
    expect(c.conclusions).toContain('systems with a value only under the variant (left out of the system rankings and the frontier): sysY');
    expect(c.conclusions.filter((s) => !s.includes('NVJ changes sign'))).toEqual(['systems with a value only under the variant (left out of the system rankings and the frontier): sysY']);
    expect(cell(c, 'table01', 'sysY', 'nvj')).toMatchObject({ base: null, difference: null, percentChange: null, lo: null, hi: null });
  });

  test("sysY's energy tripled (a variant dataset): sysX, with less energy and more value, now dominates it, so sysY leaves the value-energy frontier", () => {
    // systemRows of synthetic-small: sysX 1.6 MJ and 320 USD, sysY 0.6 MJ and 220 USD: both on the frontier;
    // at 1.8 MJ sysY is dominated (more energy, less value)
    const tripled = editedDataset({ 'runs.csv': (t) => t.split('\n').map((l) => {
      const f = l.split(',');
      return f[2] === 'sysY' ? [...f.slice(0, 6), String(3 * Number(f[6]))].join(',') : l;
    }).join('\n') });
    const c = compareScenarios(side({}), loadScenario({ dataset: tripled, draws: 50 }));
    checkArithmetic(c);
    expect(c.conclusions.filter((s) => s.includes('frontier') && !s.startsWith('systems'))).toEqual(['sysY leaves the value-energy frontier']);
    const back = compareScenarios(loadScenario({ dataset: tripled, draws: 50 }), side({}));
    expect(back.conclusions.filter((s) => s.includes('frontier') && !s.startsWith('systems'))).toEqual(['sysY joins the value-energy frontier']);
  });

  test("sysY's energy tripled: its TSJ (S~/E~, time saving unchanged) falls to a third, below sysX's, so the systems' TSJ leader changes from sysY to sysX, beside the NVJ leader and the frontier", () => {
    const tripled = editedDataset({ 'runs.csv': (t) => t.split('\n').map((l) => {
      const f = l.split(',');
      return f[2] === 'sysY' ? [...f.slice(0, 6), String(3 * Number(f[6]))].join(',') : l;
    }).join('\n') });
    // the systems' TSJ of the baseline (Figure 5's rows: synthetic-small's sysX 4.1 and sysY 7.69 hours per MJ)
    const tsj = Object.fromEntries(systemRows({ ...side({}).options, bootstrap: false }).map((r) => [r.system, r.tsj]));
    expect(tsj.sysY).toBeGreaterThan(tsj.sysX);
    expect(tsj.sysY / 3).toBeLessThan(tsj.sysX);
    const c = compareScenarios(side({}), loadScenario({ dataset: tripled, draws: 50 }));
    expect(c.conclusions).toEqual(['leader of systems by NVJ changes: sysY -> sysX', 'leader of systems by TSJ changes: sysY -> sysX', 'sysY leaves the value-energy frontier']);
    const back = compareScenarios(loadScenario({ dataset: tripled, draws: 50 }), side({}));
    expect(back.conclusions).toEqual(['leader of systems by NVJ changes: sysX -> sysY', 'leader of systems by TSJ changes: sysX -> sysY', 'sysY joins the value-energy frontier']);
  });

  test("three systems, sysZ a copy of sysX: under expert-with-AI references sysY drops out, and the systems' TSJ ranking is among sysX and sysZ only (tied on both sides: no change), not sysY's lead of the baseline", () => {
    const clone = (t: string) => t.split('\n').flatMap((l) => (l.startsWith('x') ? [l, `z${l.slice(1)}`.replace(',sysX,', ',sysZ,')] : [l])).join('\n');
    const dir = editedDataset({
      'systems.csv': (t) => `${t.trimEnd()}\nsysZ,Model Z,OpenHands,vLLM,H200,8,10\n`,
      'runs.csv': clone,
      'judgments.csv': clone,
    });
    const d = loadDataset(dir);
    const at = (s: object) => loadScenario({ dataset: dir, draws: 20, ...s }, { dataset: d });
    const b = at({}), v = at({ judgmentReference: 'expert_with_ai' });
    // the oracle's premises, from Figure 5's rows: sysY leads the baseline's TSJ; sysX and sysZ are equal on both sides; sysY is absent under the variant
    const tsj = (o: object) => Object.fromEntries(systemRows({ ...o, bootstrap: false } as never).map((r) => [r.system, r.tsj]));
    const tb = tsj(b.options), tv = tsj(v.options);
    expect(Object.keys(tb)).toEqual(['sysX', 'sysY', 'sysZ']);
    expect(Object.keys(tv)).toEqual(['sysX', 'sysZ']);
    expect(tb.sysY).toBeGreaterThan(tb.sysX);
    expect([tb.sysZ, tv.sysZ]).toEqual([tb.sysX, tv.sysX]);
    const c = compareScenarios(b, v);
    expect(c.conclusions.filter((s) => s.includes('systems'))).toEqual(['systems without a value under the variant (left out of the system rankings and the frontier): sysY']);
  });

  test('a category only one side has (occA, the one occupation of Cat1, without tasks in a variant dataset) is named as left out of the rankings, for NVJ only', () => {
    const noA = (t: string) => t.split('\n').filter((l) => !/^(x|y)?A\d/.test(l) && !/^A\d/.test(l) && !/^occA,/.test(l)).join('\n');
    const dir = editedDataset({ 'tasks.csv': noA, 'runs.csv': noA, 'judgments.csv': noA, 'occupations.csv': noA });
    const without = loadScenario({ dataset: dir, draws: 50 });
    const c = compareScenarios(side({}), without);
    checkArithmetic(c);
    expect(cell(c, 'table13', 'Cat1', 'nvj')).toMatchObject({ variant: null, difference: null });
    expect(c.conclusions.filter((s) => s.startsWith('categories'))).toEqual(['categories without a value under the variant (left out of the rankings): Cat1']);
    const back = compareScenarios(without, side({}));
    expect(back.conclusions.filter((s) => s.startsWith('categories'))).toEqual(['categories with a value only under the variant (left out of the rankings): Cat1']);
  });
});

describe('compareScenarios with three categories (occC moved from Cat2 to a Cat3 of its own)', () => {
  // synthetic-small with one occupation per category: Cat1 = occA, Cat2 = occB, Cat3 = occC
  const threeCategories = (edit: (t: string) => string = (t) => t) =>
    editedDataset({ 'occupations.csv': (t) => edit(t.replace('occC,11-0003,Cat2', 'occC,11-0003,Cat3')) });

  test('two categories left out on one side are both named, in row order and ", "-separated (occA and occC of employment 0: under employment weights Cat1 and Cat3 weigh nothing)', () => {
    const dir = threeCategories((t) => t.replace('occA,11-0001,Cat1,S1,100', 'occA,11-0001,Cat1,S1,0').replace('occC,11-0003,Cat3,S2,50', 'occC,11-0003,Cat3,S2,0'));
    const d = loadDataset(dir);
    const at = (s: object) => loadScenario({ dataset: dir, draws: 20, ...s }, { dataset: d });
    const c = compareScenarios(at({ weights: 'equal' }), at({ weights: 'employment' }));
    for (const row of ['Cat1', 'Cat3']) expect(cell(c, 'table13', row, 'nvj'), row).toMatchObject({ variant: null });
    expect(c.conclusions.filter((s) => s.startsWith('categories'))).toEqual(['categories without a value under the variant (left out of the rankings): Cat1, Cat3']);
    const back = compareScenarios(at({ weights: 'employment' }), at({ weights: 'equal' }));
    expect(back.conclusions.filter((s) => s.startsWith('categories'))).toEqual(['categories with a value only under the variant (left out of the rankings): Cat1, Cat3']);
  });

  test('expert-with-AI references: TSJ ranks Cat3 first on both sides, Cat1 and Cat2 tie under the baseline and Cat1 leads Cat2 under the variant, so the rank order (not the leader) changes; NVJ keeps Cat3 > Cat1 > Cat2', () => {
    const dir = threeCategories();
    const d = loadDataset(dir);
    const at = (s: object) => loadScenario({ dataset: dir, draws: 20, ...s }, { dataset: d });
    const c = compareScenarios(at({}), at({ judgmentReference: 'expert_with_ai' }));
    const v = (row: string, column: string, of: 'base' | 'variant') => cell(c, 'table13', row, column)[of]!;
    // the orders the conclusion states, read from the cells
    // 2.5 and 2.4999999999999996: a tie within float noise (stats/tie.ts's TIE_RTOL), not an order
    expect(Math.abs(v('Cat1', 'tsj', 'base') - v('Cat2', 'tsj', 'base'))).toBeLessThan(1e-12 * v('Cat2', 'tsj', 'base'));
    expect(v('Cat3', 'tsj', 'base')).toBeGreaterThan(v('Cat1', 'tsj', 'base'));
    expect(v('Cat3', 'tsj', 'variant')).toBeGreaterThan(v('Cat1', 'tsj', 'variant'));
    expect(v('Cat1', 'tsj', 'variant')).toBeGreaterThan(v('Cat2', 'tsj', 'variant'));
    for (const of of ['base', 'variant'] as const) {
      expect(v('Cat3', 'nvj', of)).toBeGreaterThan(v('Cat1', 'nvj', of));
      expect(v('Cat1', 'nvj', of)).toBeGreaterThan(v('Cat2', 'nvj', of));
    }
    expect(c.conclusions.filter((s) => s.includes('categories'))).toEqual(['rank order of categories by TSJ changes (leader Cat3 stays): Cat3 > Cat1 = Cat2 -> Cat3 > Cat1 > Cat2']);
  });
});

describe('a table only one side builds is named, not silently dropped', () => {
  // systems.csv without sysY's base rate: a variant whose options re-price sysY (options no scenario file
  // gives: resolve.ts keeps such a system's recorded cost) cannot build Table 1 or the frontier's rows
  const noRate = () => editedDataset({ 'systems.csv': (t) => t.replace('H100,1,20', 'H100,1,') });
  const reasonOf = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error('built');
  };

  test("a variant that cannot build Table 1: its cells are left out and the comparison says so, with the variant's reason; the frontier, which needs the same rows, is named as not compared; the other tables are compared", () => {
    const b = loadScenario({ dataset: noRate(), draws: 20 });
    const v = { ...b, options: { ...b.options, rates: { bySystem: { sysY: 30 } } } };
    // the reasons, from the builders themselves (what buildTables skips, what systemRows throws)
    const table1 = reasonOf(() => tableEntry('table01').build(resolveContext({ ...v.options, bootstrap: false })));
    const frontier = reasonOf(() => systemRows({ ...v.options, bootstrap: false }));
    const c = compareScenarios(b, v);
    expect(c.cells.filter((x) => x.table === 'table01')).toEqual([]);
    expect(c.cells.some((x) => x.table === 'table13')).toBe(true);
    expect(c.conclusions).toEqual([
      `tables built under the baseline only, their cells left out (the variant: ${table1}): table01`,
      `the systems by TSJ and the value-energy frontier are not compared (the variant: ${frontier})`,
    ]);
    // the other way round: the baseline's reasons
    const back = compareScenarios(v, b);
    expect(back.conclusions).toEqual([
      `tables built under the variant only, their cells left out (the baseline: ${table1}): table01`,
      `the systems by TSJ and the value-energy frontier are not compared (the baseline: ${frontier})`,
    ]);
    // the same comparison with sysY's base rate back has Table 1 cells and says nothing: the refusal is the variant's
    const same = compareScenarios(b, b);
    expect(same.cells.some((x) => x.table === 'table01')).toBe(true);
    expect(same.conclusions).toEqual([]);
  });

  test('pass@3 against pass@1 (synthetic-small has 2 attempts per task): the tables the variant cannot build are named once, grouped under the first line of their common reason, and no system is left to rank by TSJ or place on the frontier', () => {
    const v = side({ policy: 'pass@3' });
    // the reason, from the builder itself: sysX cannot be evaluated under pass@3
    const reason = reasonOf(() => tableEntry('table13').build(resolveContext({ ...v.options, bootstrap: false }))).split('\n')[0];
    expect(reason).toBe('cannot evaluate sysX (judge J1, pass@3): 6 problem(s)');
    const c = compareScenarios(side({}), v);
    const tables = [...new Set(c.cells.map((x) => x.table))];
    expect(tables).toEqual(['table01', 'table02', 'table19', 'table20', 'table21']);
    expect(c.conclusions).toEqual([
      `tables built under the baseline only, their cells left out (the variant: ${reason}): table13, table14, table15, table17, table18, table22`,
      'systems without a value under the variant (left out of the system rankings and the frontier): sysX, sysY',
    ]);
  });

  test('Table 5 (the rate sweep) under the baseline only, when the variant names no sweep file: named as such', () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-sweep-'));
    const sw = join(dir, 's.csv');
    writeFileSync(sw, 'provider,accelerator,accelerator_count,usd_per_node_hour\nP1,H200,8,3\nP2,H100,1,5\n');
    const c = compareScenarios(side({ rates: { sweepFile: sw } }), side({}));
    expect(c.cells.some((x) => x.table === 'table05')).toBe(false);
    expect(c.conclusions.filter((s) => s.startsWith('tables'))).toEqual(['tables built under the baseline only, their cells left out (the variant: no rates.sweepFile): table05']);
    const both = compareScenarios(side({ rates: { sweepFile: sw } }), side({ rates: { sweepFile: sw, nodeRateUSDPerHour: 20 } }));
    expect(both.cells.some((x) => x.table === 'table05')).toBe(true);
    expect(both.conclusions.filter((s) => s.startsWith('tables'))).toEqual([]);
  });
});
