/**
 * The sentences of notebook 06 ("what to notice") computed from the tables they speak of, so that a
 * lesson printed under changed parameters is still true of the numbers above it (issue #45: the cell
 * taught that "energy, not cost, dominates the denominator" of NVJ, which has no cost in its
 * denominator, and that "the NVJ leader is more stable than the TSJ leader" under weights where it is not).
 *
 * @example
 * showSensitivityLessons(nb); // two paragraphs under Tables 5 and 16
 */
import { UnsupportedOutputError } from '../errors.ts';
import { categorySummaries } from '../tables/table13.ts';
import { notebookPaperTable, type Notebook } from './notebook.ts';
import { tslabSink, type DisplaySink } from './sink.ts';

/** How much Table 5's rates move NVJ, and why: the share of the output value G the AI cost C takes. */
export interface RateSensitivity {
  /** the sweep's labels (Table 5's column suffixes), in column order */
  rates: string[];
  /** the largest C / G over categories and rates, percent, and where */
  maxCostSharePct: number;
  costShareCategory: string;
  /** the largest relative NVJ spread across the rates, percent of the category's smallest |NVJ|, and where */
  maxNvjMovePct: number;
  nvjMoveCategory: string;
  /** the median over categories of that spread, percent */
  medianNvjMovePct: number;
  /** whether the categories' NVJ order is the same at every rate */
  orderKept: boolean;
}

/** A category's NVJ moving by less than this (percent, the median category) across the rates: "moves little". */
export const NEARLY_INSENSITIVE_PCT = 5;

/**
 * Table 5's rows (category, ai_cost_usd_<rate>, nvj_<rate>) with each category's output value G
 * (Table 13's valueUSD: the same category-normalized GDP-weighted averages): C / G and the NVJ spread.
 * NVJ = (G - C)/E (Joules-to-GDP section 2.4): a rate changes C only.
 */
export function rateSensitivity(table5: readonly Record<string, unknown>[], valueUSD: ReadonlyMap<string, number>): RateSensitivity {
  const first = table5[0] ?? {};
  const rates = Object.keys(first).filter((k) => k.startsWith('nvj_')).map((k) => k.slice(4));
  let maxCostSharePct = -Infinity, costShareCategory = '', maxNvjMovePct = -Infinity, nvjMoveCategory = '';
  const moves: number[] = [];
  for (const r of table5) {
    const category = String(r.category);
    const G = valueUSD.get(category);
    const costs = rates.map((k) => Number(r[`ai_cost_usd_${k}`]));
    const nvjs = rates.map((k) => Number(r[`nvj_${k}`]));
    if (G !== undefined && G > 0) {
      const share = (100 * Math.max(...costs)) / G;
      if (share > maxCostSharePct) [maxCostSharePct, costShareCategory] = [share, category];
    }
    const smallest = Math.min(...nvjs.map(Math.abs));
    const move = smallest > 0 ? (100 * (Math.max(...nvjs) - Math.min(...nvjs))) / smallest : Math.max(...nvjs) === Math.min(...nvjs) ? 0 : Infinity;
    moves.push(move);
    if (move > maxNvjMovePct) [maxNvjMovePct, nvjMoveCategory] = [move, category];
  }
  moves.sort((a, b) => a - b);
  const mid = moves.length >> 1;
  const medianNvjMovePct = moves.length % 2 ? moves[mid] : (moves[mid - 1] + moves[mid]) / 2;
  const order = (k: string) => [...table5].sort((a, b) => Number(b[`nvj_${k}`]) - Number(a[`nvj_${k}`])).map((r) => String(r.category)).join('\u0000');
  const orderKept = rates.every((k) => order(k) === order(rates[0]));
  return { rates, maxCostSharePct, costShareCategory, maxNvjMovePct, nvjMoveCategory, medianNvjMovePct, orderKept };
}

const pct = (x: number) => (x < 0.1 ? x.toPrecision(1) : String(Number(x.toFixed(1))));

/**
 * The node-rate lesson in words: why NVJ moves little (or does not), from the numbers.
 * @example rateLessonWords({ rates: ['a', 'b'], maxCostSharePct: 1.2, costShareCategory: 'X', maxNvjMovePct: 0.8, nvjMoveCategory: 'Y', medianNvjMovePct: 0.5, orderKept: true }).includes('nearly insensitive') // => true
 */
export function rateLessonWords(r: RateSensitivity): string {
  const head = `NVJ = (G − C)/E: a node rate changes only the AI cost C, not the output value G or the energy E. Across Table 5's ${r.rates.length} rates (${r.rates.join(', ')}),`;
  const numbers = ` C is at most ${pct(r.maxCostSharePct)}% of a category's output value G (${r.costShareCategory}); a category's NVJ moves by ${pct(r.medianNvjMovePct)}% (the median category), at most ${pct(r.maxNvjMovePct)}% (${r.nvjMoveCategory}).`;
  const order = r.orderKept ? ' The categories\' NVJ order is the same at every rate.' : ' The categories\' NVJ order changes between rates.';
  const verdict = r.medianNvjMovePct < NEARLY_INSENSITIVE_PCT
    ? ' NVJ is nearly insensitive to the node rate here because C is small next to G.'
    : ` NVJ is sensitive to the node rate here: C is not small next to G, so re-pricing moves the median category's NVJ by ${NEARLY_INSENSITIVE_PCT}% or more.`;
  return `${head}${numbers}${order}${verdict}`;
}

/** Table 16's leaders: the share of one-task-deletion portfolios in which each ranking's leader keeps first place. */
export interface LeaderStability {
  nvj: { leader: string; retainedPct: number };
  tsj: { leader: string; retainedPct: number };
}

/** The NVJ and TSJ rows of Table 16 (ranking, leader, leader_retained_pct). Throws when either is missing. */
export function leaderStability(table16: readonly Record<string, unknown>[]): LeaderStability {
  const row = (ranking: string) => {
    const r = table16.find((x) => x.ranking === ranking);
    if (!r) throw new UnsupportedOutputError(`Table 16 has no ${ranking} row`);
    return { leader: String(r.leader), retainedPct: Number(r.leader_retained_pct) };
  };
  return { nvj: row('nvj'), tsj: row('tsj') };
}

/**
 * The leader-stability lesson in words, conditional on Table 16's numbers; the paper's finding (its
 * Table 16 caption: the NVJ leader survives one-task deletions more often than the TSJ leader) is
 * named as agreeing or not.
 * @example leaderLessonWords({ nvj: { leader: 'A', retainedPct: 58 }, tsj: { leader: 'A', retainedPct: 90.5 } }).includes('the TSJ leader is the more stable') // => true
 */
export function leaderLessonWords(s: LeaderStability): string {
  const numbers = `In Table 16 the NVJ leader (${s.nvj.leader}) keeps first place in ${pct(s.nvj.retainedPct)}% of the one-task-deletion portfolios and the TSJ leader (${s.tsj.leader}) in ${pct(s.tsj.retainedPct)}%`;
  if (s.nvj.retainedPct > s.tsj.retainedPct) return `${numbers}: the NVJ leader is the more stable of the two here, as the paper finds.`;
  if (s.nvj.retainedPct < s.tsj.retainedPct) return `${numbers}: the TSJ leader is the more stable of the two here, the opposite of the paper's finding (its NVJ leader survives deletions more often).`;
  return `${numbers}: the two leaders are equally stable here (the paper finds the NVJ leader the more stable).`;
}

/**
 * Notebook 06's two lessons, from Tables 5 and 16 under the notebook's scenario (the tables its cells
 * showed: notebookPaperTable), one string each; a table the dataset cannot support gives its
 * lesson as the reason instead.
 */
export function sensitivityLessons(nb: Notebook): string[] {
  const out: string[] = [];
  try {
    const t5 = notebookPaperTable(nb, '5').objects() as Record<string, unknown>[];
    const values = new Map(categorySummaries(nb.options).map((c) => [c.category, c.valueUSD]));
    out.push(rateLessonWords(rateSensitivity(t5, values)));
  } catch (e) {
    if (!(e instanceof UnsupportedOutputError)) throw e;
    out.push(`No node-rate lesson: Table 5 is not computed for this dataset (${e.message}).`);
  }
  try {
    out.push(leaderLessonWords(leaderStability(notebookPaperTable(nb, '16').objects() as Record<string, unknown>[])));
  } catch (e) {
    if (!(e instanceof UnsupportedOutputError)) throw e;
    out.push(`No leader-stability lesson: Table 16 is not computed for this dataset (${e.message}).`);
  }
  return out;
}

/** Display notebook 06's lessons (sensitivityLessons) under its tables. */
export function showSensitivityLessons(nb: Notebook, options: { sink?: DisplaySink } = {}): void {
  const lines = sensitivityLessons(nb);
  (options.sink ?? tslabSink())({ 'text/markdown': lines.map((l) => `**What to notice.** ${l}`).join('\n\n'), 'text/plain': lines.join('\n\n') });
}
