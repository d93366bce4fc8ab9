/**
 * Tables 19-21: repeated-run policies (Joules-to-GDP Appendix K.2).
 *   Table 19: pass@1 .. pass@n, expert-only reference.
 *   Table 20: four-run (n-run) thresholds >=1/n .. >=n/n, expert-only reference.
 *   Table 21: the same thresholds judged against, and timed at, the expert-with-AI reference.
 * n = the number of leading attempts that every task has on the system with a judgment by the judge
 * against the table's reference (`judgedAttempts`; a warning says when unjudged attempts or a task
 * with fewer attempts than the others shorten it).
 * Columns: policy, output_value_usd,
 * ai_cost_usd, energy_mj, nvj, tsj, nv_per_ai_usd (GDP-weighted task averages), nvj_lo, nvj_hi,
 * tsj_lo, tsj_hi (the paper's "conditional 95% task-composition intervals": every row on the same
 * shared draws of resampled tasks).
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { J2GError, UnsupportedOutputError } from '../errors.ts';
import { returnsOf } from '../metrics/aggregate.ts';
import { passAtK, policyLabel, threshold, type AttemptPolicy } from '../metrics/policy.ts';
import { checkReference } from '../metrics/taskComponents.ts';
import { attemptFacts } from '../metrics/recordAggregates.ts';
import { warn } from '../warn.ts';
import type { Reference } from '../data/schema.ts';
import type { TableOptions } from './options.ts';
import { resolveContext, withScenario, type ScenarioContext } from './context.ts';
import { evaluate } from './evaluate.ts';
import { scenarioCellDraws } from './noisyDraws.ts';
import { ratioIntervals } from '../uncertainty/ratioIntervals.ts';

/**
 * Attempts available on every task the system ran: min over those tasks of their number of runs
 * (a count; the n of pass@n and m-of-n before judgments are considered). Throws "system X has no runs".
 * // Joules-to-GDP Appendix K.2 ("we execute the AI system independently four times per task")
 * @example commonAttempts({ dataset: loadDataset('data/recorded/synthetic-small') }) // => 2
 */
export function commonAttempts(options: TableOptions | ScenarioContext): number {
  const { dataset: ds, system, judge } = resolveContext(options);
  let n = Infinity;
  for (const t of attemptFacts(ds, system, judge, 'expert_only')) n = Math.min(n, t.attempts);
  if (n === Infinity) throw new UnsupportedOutputError(`system ${system} has no runs`);
  return n;
}

/**
 * The n of a policy table: the largest n such that attempts 1..n of every task the system ran have a
 * judgment by the judge against `reference`. Attempts beyond it are not used, with a warning naming a
 * task that lacks the next judgment; n = 0 throws. A count, at most `commonAttempts(options)`.
 * // Joules-to-GDP Appendix K.2, Tables 19-21 (n = 4 in the paper)
 * @example judgedAttempts({ dataset: loadDataset('data/recorded/synthetic-small') }, 'expert_only') // => 2
 */
export function judgedAttempts(options: TableOptions | ScenarioContext, reference: Reference): number {
  const ctx = resolveContext(options);
  const { dataset: ds, system, judge } = ctx;
  checkReference('reference', reference);
  // per task the system ran (tasks.csv order): its attempts and its leading judged ones (from the
  // records, or from the engine's aggregates for a dataset loaded without them: metrics/recordAggregates.ts)
  const facts = attemptFacts(ds, system, judge, reference);
  const available = commonAttempts(ctx);
  // Tasks with more attempts than the fewest-attempt task: their extra attempts are not used; say so.
  let most = 0, fewest = '';
  for (const t of facts) {
    most = Math.max(most, t.attempts);
    if (!fewest && t.attempts === available) fewest = t.taskId;
  }
  if (most > available) warn(`policy tables use attempts 1..${available} on ${system}: task ${fewest} has ${available} attempt(s), other tasks up to ${most}; later attempts are left out`);
  let n = available;
  let short = '';
  for (const t of facts) {
    // attempts 1..k judged, k <= n; when k < n, attempt k + 1 is the first without a judgment
    const k = Math.min(t.prefix, n);
    if (k < n) { n = k; short = `${t.unjudgedRun} (task ${t.taskId}, attempt ${k + 1})`; }
  }
  if (n === 0) throw new UnsupportedOutputError(`run ${short} has no ${reference} judgment by ${judge}`);
  if (n < available) warn(`${reference} policies use attempts 1..${n} of ${available}: run ${short} has no ${reference} judgment by ${judge}`);
  return n;
}

function checkAttempts(fn: string, n: number): void {
  if (!Number.isInteger(n) || n < 1) throw new J2GError(`${fn} requires a number of attempts n >= 1: ${n}`);
}

/** pass@1 .. pass@n. @example passAtKPolicies(2).map(policyLabel) // => ['pass@1', 'pass@2'] */
export function passAtKPolicies(n: number): AttemptPolicy[] {
  checkAttempts('passAtKPolicies', n);
  return Array.from({ length: n }, (_, i) => passAtK(i + 1));
}

/** >=1/n .. >=n/n. @example thresholdPolicies(2).map(policyLabel) // => ['>=1/2', '>=2/2'] */
export function thresholdPolicies(n: number): AttemptPolicy[] {
  checkAttempts('thresholdPolicies', n);
  return Array.from({ length: n }, (_, i) => threshold(i + 1, n));
}

/**
 * One row of a policy table without intervals: the GDP-weighted task averages of the credited output
 * value G (output_value_usd, USD), AI cost C (ai_cost_usd, USD) and energy E (energy_mj, MJ) under
 * `policy`, judged against and timed at `reference`, and the ratios formed from them: nvj = (G - C) / E
 * (USD/MJ), tsj = S / E (hours/MJ), nv_per_ai_usd = (G - C) / C (USD per USD; null when C = 0).
 * // Joules-to-GDP eq. (2.4), section 3.2.1 and Appendix K.2 (Tables 19-21)
 * @example policyRow({ dataset: loadDataset('data/recorded/synthetic-small') }, passAtK(1), 'expert_only').nvj // => 203.35
 */
export function policyRow(options: TableOptions | ScenarioContext, policy: AttemptPolicy, reference: Reference) {
  return policyRowOf(evaluate(withScenario(resolveContext(options), { policy, judgmentReference: reference, timeReference: reference })).benchmark, policy);
}

function policyRowOf(b: ReturnType<typeof evaluate>['benchmark'], policy: AttemptPolicy) {
  const r = returnsOf(b);
  return {
    policy: policyLabel(policy),
    output_value_usd: b.valueUSD,
    ai_cost_usd: b.costUSD,
    energy_mj: b.energyMJ,
    nvj: r.nvj,
    tsj: r.tsj,
    nv_per_ai_usd: r.nvPerAIDollar,
  };
}

/** One row per policy, with intervals from one set of draws shared by every row. */
export function policyTable(options: TableOptions | ScenarioContext, policies: AttemptPolicy[], reference: Reference): ColumnTable {
  if (!Array.isArray(policies) || policies.length === 0) throw new J2GError('policyTable requires at least one policy');
  const ctx = resolveContext(options);
  const scenarios = policies.map((policy) => withScenario(ctx, { policy, judgmentReference: reference, timeReference: reference }));
  const cells = scenarios.map((s) => evaluate(s));
  const draws = scenarioCellDraws(ctx, scenarios);
  return aq.from(cells.map((c, k) => ({ ...policyRowOf(c.benchmark, policies[k]), ...ratioIntervals(draws?.[k]) })));
}

/** Table 19: pass@1 .. pass@n against the expert-only reference (`policyTable`; Joules-to-GDP K.2). */
export function table19(options: TableOptions | ScenarioContext): ColumnTable {
  const ctx = resolveContext(options);
  return policyTable(ctx, passAtKPolicies(judgedAttempts(ctx, 'expert_only')), 'expert_only');
}

/** Table 20: four-run (n-run) thresholds >=1/n .. >=n/n against the expert-only reference (K.2). */
export function table20(options: TableOptions | ScenarioContext): ColumnTable {
  const ctx = resolveContext(options);
  return policyTable(ctx, thresholdPolicies(judgedAttempts(ctx, 'expert_only')), 'expert_only');
}

/** Table 21: the thresholds of Table 20 judged against, and timed at, the expert-with-AI reference (K.2). */
export function table21(options: TableOptions | ScenarioContext): ColumnTable {
  const ctx = resolveContext(options);
  return policyTable(ctx, thresholdPolicies(judgedAttempts(ctx, 'expert_with_ai')), 'expert_with_ai');
}
