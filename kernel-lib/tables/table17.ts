/**
 * Table 17: reference judgments crossed with reference times (Joules-to-GDP Appendix K.1):
 *   NVJ(s, t) = (sum p_i Y_i^s H_i^t W_i - sum p_i C_i) / sum p_i E_i,  TSJ(s, t) = sum p_i Y_i^s (H_i^t - L_i) / sum p_i E_i
 * with p_i the GDP task weights, for s, t in {expert_only, expert_with_ai}, under the chosen policy
 * (default pass@1). Costs, energies and AI times do not depend on s or t.
 * Columns: judgment_reference, time_reference, nvj, tsj, nvj_lo, nvj_hi, tsj_lo, tsj_hi (rows in the
 * paper's order; percentile 95% task-composition intervals, one set of draws shared by the four cells;
 * the scenario's `noise` adds attempts, grading and meter error, tables/noisyDraws.ts).
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { returnsOf } from '../metrics/aggregate.ts';
import type { Reference } from '../data/schema.ts';
import type { TableOptions } from './options.ts';
import { resolveContext, withScenario, type ScenarioContext } from './context.ts';
import { evaluate, type Evaluation } from './evaluate.ts';
import { scenarioCellDraws } from './noisyDraws.ts';
import type { ComponentDraws } from '../uncertainty/componentDraws.ts';
import { ratioIntervals } from '../uncertainty/ratioIntervals.ts';

/** The four (judgment, time) cells in the order Table 17 prints them. */
export const CROSSINGS: [Reference, Reference][] = [
  ['expert_only', 'expert_only'],
  ['expert_with_ai', 'expert_only'],
  ['expert_only', 'expert_with_ai'],
  ['expert_with_ai', 'expert_with_ai'],
];

export interface CrossingCells {
  /** the four evaluations, in CROSSINGS order */
  cells: Evaluation[];
  /** benchmark component draws of each cell on one shared set of draws; null when the bootstrap is off */
  draws: ComponentDraws[] | null;
}

/** The four crossed cells and their shared draws (Tables 17 and 18). */
export function crossingCells(options: TableOptions | ScenarioContext): CrossingCells {
  const ctx = resolveContext(options);
  const scenarios = CROSSINGS.map(([s, t]) => withScenario(ctx, { judgmentReference: s, timeReference: t }));
  const cells = scenarios.map((s) => evaluate(s));
  const draws = scenarioCellDraws(ctx, scenarios);
  return { cells, draws };
}

export function table17(options: TableOptions | ScenarioContext): ColumnTable {
  const { cells, draws } = crossingCells(options);
  return aq.from(CROSSINGS.map(([s, t], k) => {
    const r = returnsOf(cells[k].benchmark);
    return { judgment_reference: s, time_reference: t, nvj: r.nvj, tsj: r.tsj, ...ratioIntervals(draws?.[k]) };
  }));
}
