/**
 * Table 1: GDP-weighted task averages per AI system, attempt 1, expert-only reference
 * (Joules-to-GDP Table 1, section 3.2.1); the options' weights, judgment and time references and
 * attempt policy replace those defaults when given.
 *
 * Columns: system, cost_usd (C~), completion_min (60 L~), energy_mj (E~),
 * nv_per_ai_usd ((G~-C~)/C~), nv_per_ai_hour ((G~-C~)/L~), nvj ((G~-C~)/E~).
 * `systemSummaries` gives the same systems with every component and ratio (for figures).
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { returnsOf, type Components, type Returns } from '../metrics/aggregate.ts';
import { attemptsCharged, policyLabel } from '../metrics/policy.ts';
import { nodeRateOf, type RateOptions } from '../metrics/taskComponents.ts';
import { systemRunFacts } from '../metrics/recordAggregates.ts';
import type { TableOptions } from './options.ts';
import { resolveContext, withScenario, type ScenarioContext } from './context.ts';
import { evaluate } from './evaluate.ts';
import { warn } from '../warn.ts';
import { UnsupportedOutputError } from '../errors.ts';

export interface SystemSummary extends Components, Returns {
  system: string;
  model: string;
  accelerator: string;
  acceleratorCount: number;
  tasks: number;
}

/** Every system that has expert-only judgments by the judge, in systems.csv order. */
export function systemSummaries(options: TableOptions | ScenarioContext): SystemSummary[] {
  return summaries(options, false);
}

/**
 * systemSummaries without the systems that cannot be evaluated (a run without its judgment), each
 * left out with a warning that says why: for the text's claims, which need only some systems.
 */
export function evaluableSystemSummaries(options: TableOptions | ScenarioContext): SystemSummary[] {
  return summaries(options, true);
}

function summaries(options: TableOptions | ScenarioContext, skipUnevaluable: boolean): SystemSummary[] {
  const ctx = resolveContext(options);
  const ds = ctx.dataset;
  const judge = ctx.judge;
  // The paper's Table 1 is attempt 1 against the expert-only reference; a scenario may ask for others.
  const reference = ctx.judgmentReference;
  // the systems with a run that the judge judged against the reference (the loader guarantees every
  // judgment's run exists): the judgments' index, cached per dataset and shared with taskComponents,
  // not a run_id -> system map of every run (issue 27: 9 % of the wide shape's time)
  // (from the engine's aggregates on a dataset loaded without its records, `j2g tables --engine duckdb`,
  // else from the records: metrics/recordAggregates.ts systemRunFacts)
  const { judged, withRuns, maxAttempt: attempts } = systemRunFacts(ds, reference, judge);
  const out: SystemSummary[] = [];
  // A policy that charges k attempts applies to the systems with k attempts per task; the others (the
  // paper's reconstructed dataset repeats runs on the primary system only) are left out, named.
  const policy = ctx.policy;
  for (const s of ds.rows.systems) {
    if (!judged.has(s.system)) {
      warn(withRuns.has(s.system)
        ? `system ${s.system} has no ${reference} judgments by ${judge}; it is left out of Table 1`
        : `system ${s.system} has no runs; it is left out of Table 1`);
      continue;
    }
    if ((attempts.get(s.system) ?? 0) < attemptsCharged(policy)) {
      warn(`system ${s.system} has ${attempts.get(s.system) ?? 0} attempt(s) per task, ${policyLabel(policy)} needs ${attemptsCharged(policy)}; it is left out of Table 1`);
      continue;
    }
    let ev: ReturnType<typeof evaluate>;
    try {
      ev = evaluate(withScenario(ctx, { system: s.system }));
    } catch (e) {
      if (!skipUnevaluable || !(e instanceof UnsupportedOutputError)) throw e;
      warn(`system ${s.system} is left out of the text's claims: ${e.message}`);
      continue;
    }
    out.push({
      system: s.system, model: s.model, accelerator: s.accelerator, acceleratorCount: s.accelerator_count,
      tasks: ev.components.taskIds.length, ...ev.benchmark, ...returnsOf(ev.benchmark),
    });
  }
  return out;
}

export function table01(options: TableOptions | ScenarioContext): ColumnTable {
  const ctx = resolveContext(options);
  const summaries = systemSummaries(ctx);
  for (const s of summaries) {
    if (s.nvPerAIDollar === null) warn(`Table 1: ${s.system} has zero AI cost, so net value per AI dollar is undefined and left empty`);
    if (s.nvPerAIHour === null) warn(`Table 1: ${s.system} has zero AI time, so net value per AI hour is undefined and left empty`);
  }
  return aq.from(summaries.map((s) => ({
    system: s.system,
    cost_usd: s.costUSD,
    completion_min: s.aiHours * 60,
    energy_mj: s.energyMJ,
    nv_per_ai_usd: s.nvPerAIDollar,
    nv_per_ai_hour: s.nvPerAIHour,
    nvj: s.nvj,
    ...(ctx.rates ? { cost_basis: costBasis(ctx.rates, s.system) } : {}),
  })));
}

/**
 * How a row's cost is priced when the options change node rates: `node rate R USD/node-hour` (re-priced
 * by Appendix G.1) or `recorded` (no rate for this system: kept at its recorded cost). Table 1 has this
 * column only when `options.rates` is given.
 * @example costBasis({ bySystem: { a: 40 } }, 'b') // => 'recorded'
 */
export function costBasis(rates: RateOptions, system: string): string {
  const r = nodeRateOf(rates, system);
  return r === undefined ? 'recorded' : `node rate ${r} USD/node-hour`;
}
