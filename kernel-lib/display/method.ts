/**
 * The check that ends each step-by-step construction of notebook 00b-the-method: rows built by hand
 * (Arquero verbs on the dataset's records) against the library's rows, column by column.
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { J2GError, UnsupportedOutputError } from '../errors.ts';
import { passAtK } from '../metrics/index.ts';
import type { ScenarioContext } from '../tables/context.ts';
import { evaluate, weightedCategories } from '../tables/evaluate.ts';
import { table13 } from '../tables/index.ts';
import { componentDraws, drawSample, RATIO_COMPONENTS, taskBootstrap } from '../uncertainty/index.ts';
import { drawState, fillDraw } from '../uncertainty/taskBootstrap.ts';
import { returnsOf } from '../metrics/aggregate.ts';
import { checkParameters, NotebookError, type NotebookParameters } from './notebook.ts';

/**
 * One row per (key, column): the hand-built value, the library's, their difference and whether they
 * agree (relative difference at most `rtol`, default 1e-9). Throws a
 * J2GError naming every cell that does not agree, or a key the
 * library has and the hand-built table lacks; returns the table when they agree.
 *
 * @example
 * const a = aq.from([{ category: 'Legal', nvj: 203.35 }]);
 * sameRows(a, a, 'category', ['nvj']).numRows() // => 1
 */
export function sameRows(hand: ColumnTable, library: ColumnTable, key: string, columns: readonly string[], rtol = 1e-9): ColumnTable {
  const mine = new Map((hand.objects() as Record<string, unknown>[]).map((r) => [String(r[key]), r]));
  const rows: { [k: string]: string | number | boolean }[] = [];
  const bad: string[] = [];
  for (const lib of library.objects() as Record<string, unknown>[]) {
    const k = String(lib[key]);
    const h = mine.get(k);
    if (!h) {
      bad.push(`${key} ${k}: not in the hand-built table`);
      continue;
    }
    for (const c of columns) {
      const x = Number(h[c]), y = Number(lib[c]);
      const diff = x - y;
      const agrees = Math.abs(diff) <= rtol * Math.max(1, Math.abs(y));
      rows.push({ [key]: k, column: c, by_hand: x, library: y, difference: diff, agrees });
      if (!agrees) bad.push(`${key} ${k}, ${c}: by hand ${x}, library ${y}`);
    }
  }
  if (bad.length) throw new J2GError(`the hand-built rows differ from the library's:\n  ${bad.join('\n  ')}`);
  return aq.from(rows);
}

/**
 * The library's bootstrap draws of Table 13 as a table, one row per (category, draw) for the first
 * `first` draws: the task-composition draws (Appendix J.2) that Table 13's intervals are percentiles
 * of, from the scenario's own draws and seed. What notebook 00b's hand-written bootstrap loop is
 * checked against; `sample` is the resampled task slots, draw after draw (`drawSample`), so that the
 * loop and the library read the same random stream. `positions` is the same stream as each slot's
 * position within its occupation (0 .. n_o - 1: the k-th of the occupation's tasks in tasks.csv
 * order) and `slotOccupations` the occupation of each slot of a draw (grouped, in dataset order): what
 * a hand-written loop needs to resample the tasks within each occupation itself.
 */
export function libraryDraws(options: ScenarioContext, first: number): { sample: Int32Array; positions: Int32Array; slotOccupations: string[]; tasks: number; draws: ColumnTable } {
  if (options.bootstrap === false) throw new J2GError('libraryDraws requires a bootstrap (draws and seed)');
  const ev = evaluate(options);
  const boot = taskBootstrap(ev.components.occupationIndex, ev.components.occupations.length, { draws: options.bootstrap.draws, seed: options.bootstrap.seed });
  const groups = weightedCategories(options, ev);
  const index = new Map(groups.names.map((c, g) => [c, g]));
  const groupOf = Int32Array.from(groups.categoryOf, (c) => index.get(c) ?? -1);
  const perGroup = componentDraws(boot, [ev.components], ev.weights, groupOf, groups.names.length, RATIO_COMPONENTS)[0];
  const rows: Record<string, string | number>[] = [];
  for (let b = 0; b < Math.min(first, boot.draws); b++) {
    perGroup.forEach((d, g) => {
      const value = d.valueUSD[b], cost = d.costUSD[b], energy = d.energyMJ[b], saving = d.timeSavingHours[b];
      rows.push({ category: groups.names[g], draw: b, credited_value_usd: value, ai_cost_usd: cost, time_saving_hours: saving, energy_mj: energy, nvj: (value - cost) / energy, tsj: saving / energy });
    });
  }
  const n = boot.tasks;
  const positions = new Int32Array(boot.draws * n);
  const state = drawState(boot);
  for (let b = 0; b < boot.draws; b++) fillDraw(boot, state, positions.subarray(b * n, (b + 1) * n), 'positions');
  const slotOccupations: string[] = [];
  for (let o = 0; o < boot.occupations; o++) for (let k = 0; k < boot.counts[o]; k++) slotOccupations.push(ev.components.occupations[o]);
  return { sample: drawSample(boot), positions, slotOccupations, tasks: n, draws: aq.from(rows) };
}

/**
 * Why the dataset cannot support pass@`k` for the notebook's system (one attempt per task, say), in
 * one line, or null when it can: what notebook 00b asks before its pass@k check, to skip it with the reason.
 */
export function passAtKUnsupported(options: ScenarioContext, k: number): string | null {
  try {
    table13({ ...options, policy: passAtK(k), bootstrap: false });
    return null;
  } catch (e) {
    if (!(e instanceof UnsupportedOutputError)) throw e;
    // one line: the summary, and the first problem of the list that may follow it
    const [head, first] = e.message.split('\n').map((l) => l.trim());
    return first ? `${head}; the first: ${first}` : head;
  }
}

/**
 * The benchmark level of the library (Table 1's row of the system, section 2.5): every component
 * GDP-weighted over all evaluated occupations, sum_o w_o X_o / n_o, which is also sum_c W_c X~_c over
 * categories (W_c = sum of the weights in category c), and the ratios formed after averaging. One
 * row, in the columns of notebook 00b's hand-built tables, keyed `level: 'benchmark'`.
 */
export function libraryBenchmark(options: ScenarioContext): ColumnTable {
  const b = evaluate({ ...options, bootstrap: false }).benchmark;
  const r = returnsOf(b);
  return aq.from([{
    level: 'benchmark', win_tie_pct: 100 * b.credit, credited_value_usd: b.valueUSD, ai_cost_usd: b.costUSD,
    time_saving_hours: b.timeSavingHours, energy_mj: b.energyMJ, ai_time_hours: b.aiHours, nvj: r.nvj, tsj: r.tsj,
  }]);
}

/** What notebook 00b's hand steps build, and why each other parameter is not followed (one line each). */
const NOT_FOLLOWED: Record<string, string> = {
  judgmentReference: 'the hand steps judge against the expert-only reference (section 2.2)',
  timeReference: 'the hand steps time against the expert-only reference (section 2.1)',
  policy: 'the hand steps charge attempt 1 (pass@1); the pass@2 section at the end builds pass@2 by hand',
  rate: 'the hand steps charge the recorded cost_usd of each run',
  systemRates: 'the hand steps charge the recorded cost_usd of each run',
  nodeRatesFile: 'the hand steps charge the recorded cost_usd of each run',
  ratesFile: 'this notebook builds no Table 5',
  winTieInterval: 'this notebook builds no Table 15',
  latencyMaxS: 'this notebook builds no QAIJ',
};

/**
 * The last line of 00b's parameters cell: checkParameters, then each parameter the hand steps do not
 * follow refused in one line (NotebookError) naming it, why, and where it is followed; null, an
 * empty systemRates and an absent parameter pass. Without this a reader's `policy: 'pass@2'` passed
 * the check and "The check" failed with a stack saying the hand-built rows differ from the library's.
 */
export function checkMethodParameters(parameters: NotebookParameters & { category?: string | null }, env: NodeJS.ProcessEnv = process.env, log?: (line: string) => void): void {
  const p = parameters as unknown as Record<string, unknown>;
  for (const [k, why] of Object.entries(NOT_FOLLOWED)) {
    const v = p[k];
    if (v === null || v === undefined || (k === 'systemRates' && typeof v === 'object' && Object.keys(v as object).length === 0)) continue;
    throw new NotebookError(`parameter ${k}: ${JSON.stringify(v)} is not followed by this notebook (${why}); set it to null here, or change it in another notebook, which follows it`);
  }
  checkParameters(parameters, env, log);
}
