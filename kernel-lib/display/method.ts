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
 * loop and the library read the same random stream.
 */
export function libraryDraws(options: ScenarioContext, first: number): { sample: Int32Array; tasks: number; draws: ColumnTable } {
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
  return { sample: drawSample(boot), tasks: boot.tasks, draws: aq.from(rows) };
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
