/**
 * The result a report opens with: the scenario's headline numbers, before any check. One system per
 * model (plots/rows.ts modelSystems, the comparison of Table 1 and Figure 5), ranked by NVJ, each with
 * its GDP-weighted NVJ = (G - C)/E and TSJ = S/E (Joules-to-GDP section 2.4, Table 1) and their
 * percentile 95% task-composition bootstrap intervals (Appendix K.1) on the scenario's draws and seed.
 */
import { UnsupportedOutputError } from '../errors.ts';
import { escapeHtml } from '../export/plotly.ts';
import { modelSystems } from '../plots/rows.ts';
import { returnsOf } from '../metrics/aggregate.ts';
import { resolveContext, withScenario, type ScenarioContext } from '../tables/context.ts';
import { evaluate } from '../tables/evaluate.ts';
import type { TableOptions } from '../tables/options.ts';
import { benchmarkCellDraws } from '../uncertainty/tableBootstrap.ts';
import { ratioIntervals } from '../uncertainty/ratioIntervals.ts';
import { tableCaption } from '../plots/captions.ts';

export interface HeadlineRow {
  system: string;
  model: string;
  nvj: number;
  nvjLo: number | null;
  nvjHi: number | null;
  tsj: number;
  tsjLo: number | null;
  tsjHi: number | null;
  /** the scenario's system (the paper's primary, GLM 5.2, by default) */
  primary: boolean;
}

export interface Headline {
  rows: HeadlineRow[];
  /** what the numbers are computed under, in words (the tables' caption words) */
  caption: string;
  /** models the scenario cannot evaluate (no judgments by its judge, too few attempts), with the reason */
  left: { system: string; reason: string }[];
}

/**
 * The headline of a scenario: each model's NVJ and TSJ with intervals, ranked by NVJ (ties by TSJ,
 * then system id). A model the scenario cannot evaluate is left out with its reason.
 */
export function reportHeadline(options: TableOptions | ScenarioContext): Headline {
  const ctx = resolveContext(options);
  const rows: HeadlineRow[] = [];
  const left: Headline['left'] = [];
  for (const [system, model] of modelSystems(ctx.dataset)) {
    try {
      const c = withScenario(ctx, { system });
      const ev = evaluate(c);
      const r = returnsOf(ev.benchmark);
      const i = ratioIntervals(benchmarkCellDraws(c, [{ components: ev.components, weights: ev.weights }])?.[0]);
      rows.push({ system, model, nvj: r.nvj, nvjLo: i.nvj_lo, nvjHi: i.nvj_hi, tsj: r.tsj, tsjLo: i.tsj_lo, tsjHi: i.tsj_hi, primary: system === ctx.system });
    } catch (e) {
      if (!(e instanceof UnsupportedOutputError)) throw e;
      left.push({ system, reason: e.message.split('\n')[0] });
    }
  }
  rows.sort((a, b) => b.nvj - a.nvj || b.tsj - a.tsj || (a.system < b.system ? -1 : 1));
  const draws = ctx.bootstrap === false ? ' No intervals: the bootstrap is off.' : ` Intervals: 95% percentile intervals from ${ctx.bootstrap.draws.toLocaleString('en-US')} task-composition bootstrap draws (seed ${ctx.bootstrap.seed}).`;
  return { rows, caption: `${tableCaption('table01', ctx)}${draws}`, left };
}

const num = (x: number | null, digits: number) => (x === null ? '–' : x.toFixed(digits));
const interval = (lo: number | null, hi: number | null, digits: number) => (lo === null || hi === null ? '' : ` <span class="note">[${num(lo, digits)}, ${num(hi, digits)}]</span>`);

/**
 * The report's opening section: the headline table (rank, model, NVJ and TSJ with their 95%
 * intervals; the scenario's system in bold), what it is computed under, and the headline figure's
 * place (`figure`: its div, drawn with the others) beside it.
 */
export function resultHtml(headline: Headline | undefined, figure: string): string {
  if (!headline) return `<h2 id="result">The result</h2>\n${figure}`;
  const rows = headline.rows.map((r, k) => {
    const b = (s: string) => (r.primary ? `<b>${s}</b>` : s);
    return `<tr${r.primary ? ' class="primary"' : ''}><td>${k + 1}</td><td>${b(escapeHtml(r.model))}</td><td>${b(num(r.nvj, 1))}${interval(r.nvjLo, r.nvjHi, 1)}</td><td>${b(num(r.tsj, 3))}${interval(r.tsjLo, r.tsjHi, 3)}</td></tr>`;
  }).join('');
  const primary = headline.rows.find((r) => r.primary);
  const lead = primary
    ? `<p class="headline">${escapeHtml(primary.model)}: NVJ <b>${num(primary.nvj, 1)} USD/MJ</b>${interval(primary.nvjLo, primary.nvjHi, 1)}, TSJ <b>${num(primary.tsj, 3)} hours/MJ</b>${interval(primary.tsjLo, primary.tsjHi, 3)}; ${ordinal(headline.rows.indexOf(primary) + 1)} of ${headline.rows.length} models by NVJ.</p>`
    : '';
  const left = headline.left.length ? `<p class="note">Not evaluated under this scenario: ${headline.left.map((l) => `${escapeHtml(l.system)} (${escapeHtml(l.reason)})`).join('; ')}.</p>` : '';
  return `<h2 id="result">The result</h2>
${lead}
<table class="headline-table"><tr><th>rank</th><th>model</th><th>NVJ (USD/MJ) [95% interval]</th><th>TSJ (hours/MJ) [95% interval]</th></tr>${rows}</table>
<p class="note">NVJ = (G − C)/E and TSJ = S/E of each model's system (Table 1 and Figure 5), ${escapeHtml(headline.caption)}</p>
${left}
${figure}`;
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${s}`;
}
