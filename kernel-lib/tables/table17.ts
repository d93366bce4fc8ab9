/**
 * Table 17: reference judgments crossed with reference times (Joules-to-GDP Appendix K.1):
 *   NVJ(s, t) = (sum p_i Y_i^s H_i^t W_i - sum p_i C_i) / sum p_i E_i,  TSJ(s, t) = sum p_i Y_i^s (H_i^t - L_i) / sum p_i E_i
 * with p_i the GDP task weights, for s, t in {expert_only, expert_with_ai}, under the chosen policy
 * (default pass@1). Costs, energies and AI times do not depend on s or t.
 * Columns: judgment_reference, time_reference, nvj, tsj (rows in the paper's order).
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { returnsOf } from '../metrics/aggregate.ts';
import type { Reference } from '../data/schema.ts';
import type { TableOptions } from './options.ts';
import { evaluate } from './evaluate.ts';

/** The four (judgment, time) cells in the order Table 17 prints them. */
export const CROSSINGS: [Reference, Reference][] = [
  ['expert_only', 'expert_only'],
  ['expert_with_ai', 'expert_only'],
  ['expert_only', 'expert_with_ai'],
  ['expert_with_ai', 'expert_with_ai'],
];

export function table17(options: TableOptions): ColumnTable {
  return aq.from(CROSSINGS.map(([s, t]) => {
    const r = returnsOf(evaluate({ ...options, judgmentReference: s, timeReference: t }).benchmark);
    return { judgment_reference: s, time_reference: t, nvj: r.nvj, tsj: r.tsj };
  }));
}
