/**
 * Table 15: occupation-level point estimates (Joules-to-GDP Appendix J.1): each occupation's task
 * components are averaged before the ratios are formed.
 * Columns: occupation, tasks, win_tie_pct, nvj, tsj.
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { COMPONENTS, returnsOf, type Components, type Returns } from '../metrics/aggregate.ts';
import type { TableOptions } from './options.ts';
import { byName, categoriesOf, evaluate } from './evaluate.ts';

export interface OccupationSummary extends Components, Returns {
  occupation: string;
  category: string;
  tasks: number;
  /** w_o under the chosen scheme */
  weight: number;
}

export function occupationSummaries(options: TableOptions): OccupationSummary[] {
  const ev = evaluate(options);
  const cats = categoriesOf(options, ev.means.occupations);
  const rows = ev.means.occupations.map((occupation, o) => {
    const comp = Object.fromEntries(COMPONENTS.map((k) => [k, ev.means.means[k][o]])) as Components;
    return { occupation, category: cats[o], tasks: ev.means.counts[o], weight: ev.weights[o], ...comp, ...returnsOf(comp) };
  });
  return rows.sort((a, b) => byName(a.occupation, b.occupation));
}

export function table15(options: TableOptions): ColumnTable {
  return aq.from(occupationSummaries(options).map((o) => ({
    occupation: o.occupation, tasks: o.tasks, win_tie_pct: 100 * o.credit, nvj: o.nvj, tsj: o.tsj,
  })));
}
