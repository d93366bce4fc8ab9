/**
 * Table 15: occupation-level point estimates (Joules-to-GDP Appendix J.1): each occupation's task
 * components are averaged before the ratios are formed.
 * Columns: occupation, tasks, win_tie_pct, nvj, tsj, win_tie_lo, win_tie_hi: a 95% binomial interval
 * for the win-tie rate in percent, x credited tasks of n (Wilson by default; `winTieInterval:
 * 'wilson_corrected' | 'exact'` for the continuity-corrected or Clopper-Pearson interval, which the
 * QAIJ "Reliability intervals" recommend for very small n or x = 0, x = n).
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { COMPONENTS, returnsOf, type Components, type Returns } from '../metrics/aggregate.ts';
import type { TableOptions } from './options.ts';
import { resolveContext, type ScenarioContext } from './context.ts';
import { byName, categoriesOf, evaluate } from './evaluate.ts';
import { J2GError, UnsupportedOutputError } from '../errors.ts';
import { clopperPearsonInterval, wilsonInterval, wilsonIntervalCorrected, type BinomialInterval } from '../stats/binomialIntervals.ts';
import type { BinomialIntervalMethod } from './options.ts';

const METHODS: Record<BinomialIntervalMethod, (x: number, n: number) => BinomialInterval> = {
  wilson: wilsonInterval, wilson_corrected: wilsonIntervalCorrected, exact: clopperPearsonInterval,
};

/** 95% interval of x wins-or-ties in n tasks, in percent. Throws "invalid winTieInterval: v". */
export function winTieInterval(x: number, n: number, method: BinomialIntervalMethod = 'wilson'): { win_tie_lo: number; win_tie_hi: number } {
  const f = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
  if (!f) throw new J2GError(`invalid winTieInterval: ${method} (expected ${Object.keys(METHODS).join(', ')})`);
  const r = f(x, n);
  return { win_tie_lo: 100 * r.lower, win_tie_hi: 100 * r.upper };
}

export interface OccupationSummary extends Components, Returns {
  occupation: string;
  category: string;
  tasks: number;
  /** w_o under the chosen scheme */
  weight: number;
}

export function occupationSummaries(options: TableOptions | ScenarioContext): OccupationSummary[] {
  const ctx = resolveContext(options);
  const ev = evaluate(ctx);
  const cats = categoriesOf(ctx, ev.means.occupations);
  const rows = ev.means.occupations.map((occupation, o) => {
    const comp = Object.fromEntries(COMPONENTS.map((k) => [k, ev.means.means[k][o]])) as Components;
    return { occupation, category: cats[o], tasks: ev.means.counts[o], weight: ev.weights[o], ...comp, ...returnsOf(comp) };
  });
  return rows.sort((a, b) => byName(a.occupation, b.occupation));
}

export function table15(options: TableOptions): ColumnTable {
  const { tieCredit } = resolveContext(options);
  // a binomial interval counts credited tasks: a tie credit strictly between 0 and 1 gives a task 0 < Q < 1
  if (tieCredit !== 0 && tieCredit !== 1) throw new UnsupportedOutputError(`Table 15's binomial win-tie intervals need a credit of 0 or 1 per task; tieCredit ${tieCredit} gives a tie a fraction of a credit`);
  return aq.from(occupationSummaries(options).map((o) => ({
    occupation: o.occupation, tasks: o.tasks, win_tie_pct: 100 * o.credit, nvj: o.nvj, tsj: o.tsj,
    // credit is 0 or 1 per task (tie credit 0 or 1), so the mean times the count is an integer up to rounding
    ...winTieInterval(Math.round(o.credit * o.tasks), o.tasks, options.winTieInterval),
  })));
}
