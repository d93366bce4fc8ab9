/**
 * Tables 19-21: repeated-run policies (Joules-to-GDP Appendix K.2).
 *   Table 19: pass@1 .. pass@n, expert-only reference.
 *   Table 20: four-run (n-run) thresholds >=1/n .. >=n/n, expert-only reference.
 *   Table 21: the same thresholds judged against, and timed at, the expert-with-AI reference.
 * n = the number of attempts every task has on the system. Columns: policy, output_value_usd,
 * ai_cost_usd, energy_mj, nvj, tsj, nv_per_ai_usd (GDP-weighted task averages).
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { J2GError } from '../errors.ts';
import { returnsOf } from '../metrics/aggregate.ts';
import { passAtK, policyLabel, threshold, type AttemptPolicy } from '../metrics/policy.ts';
import { runsByTaskAndSystem } from '../metrics/taskComponents.ts';
import type { Reference } from '../data/schema.ts';
import type { TableOptions } from './options.ts';
import { evaluate } from './evaluate.ts';

/** Attempts available on every task the system ran (the n of pass@n and m-of-n). */
export function commonAttempts(options: TableOptions): number {
  const ds = options.dataset;
  const system = options.system ?? ds.manifest.primary_system;
  const runs = runsByTaskAndSystem(ds);
  let n = Infinity;
  for (const t of ds.rows.tasks) {
    const list = runs.get(`${t.task_id}|${system}`);
    if (list) n = Math.min(n, list.length);
  }
  if (n === Infinity) throw new J2GError(`system ${system} has no runs`);
  return n;
}

export function passAtKPolicies(n: number): AttemptPolicy[] {
  return Array.from({ length: n }, (_, i) => passAtK(i + 1));
}

export function thresholdPolicies(n: number): AttemptPolicy[] {
  return Array.from({ length: n }, (_, i) => threshold(i + 1, n));
}

export function policyRow(options: TableOptions, policy: AttemptPolicy, reference: Reference) {
  const b = evaluate({ ...options, policy, judgmentReference: reference, timeReference: reference }).benchmark;
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

export function table19(options: TableOptions): ColumnTable {
  return aq.from(passAtKPolicies(commonAttempts(options)).map((p) => policyRow(options, p, 'expert_only')));
}

export function table20(options: TableOptions): ColumnTable {
  return aq.from(thresholdPolicies(commonAttempts(options)).map((p) => policyRow(options, p, 'expert_only')));
}

export function table21(options: TableOptions): ColumnTable {
  return aq.from(thresholdPolicies(commonAttempts(options)).map((p) => policyRow(options, p, 'expert_with_ai')));
}
