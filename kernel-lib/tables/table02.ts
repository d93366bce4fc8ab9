/**
 * Table 2: judge consistency (Joules-to-GDP D.1: "on the same GLM 5.2 comparisons, including all four
 * attempts per task"). One row per pair of judges that share at least one comparison of the scenario's
 * system (every attempt of every task) against the scenario's judgment reference, judges in order of
 * first appearance in judgments.csv with a judge named `human` last, so that its rows give each judge's
 * agreement with the human (expert) review. Then one repeated-output row: attempts 1 and 2 of the
 * system under the judge against the same reference, judge_a and judge_b written `J attempt 1`,
 * `J attempt 2`, pairs = tasks.
 * Columns: judge_a, judge_b, exact_agreement_pct, binary_agreement_pct, pairs.
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { UnsupportedOutputError } from '../errors.ts';
import { judgesOf } from '../metrics/taskComponents.ts';
import { agreementOfCounts, type Agreement } from '../uncertainty/judgeAgreement.ts';
import { agreementCounts, repeatedCounts } from '../metrics/recordAggregates.ts';
import type { TableOptions } from './options.ts';
import { resolveContext, type ScenarioContext } from './context.ts';

export const HUMAN_JUDGE = 'human';

/** Repeated-output agreement of attempts 1 and 2, or null when no task has both judged (counts: metrics/recordAggregates.ts repeatedCounts). */
export function repeatedOutputAgreement(options: TableOptions | ScenarioContext): Agreement | null {
  const { dataset: ds, system, judge, judgmentReference } = resolveContext(options);
  const counts = repeatedCounts(ds, system, judgmentReference, judge);
  return counts.length ? agreementOfCounts(counts) : null;
}

export function table02(options: TableOptions | ScenarioContext): ColumnTable {
  const ctx = resolveContext(options);
  const { dataset: ds, system, judge, judgmentReference } = ctx;
  const judges = [...judgesOf(ds)].filter((j) => j !== HUMAN_JUDGE);
  if (judgesOf(ds).has(HUMAN_JUDGE)) judges.push(HUMAN_JUDGE);
  const rows: { judge_a: string; judge_b: string; exact_agreement_pct: number; binary_agreement_pct: number; pairs: number }[] = [];
  for (let a = 0; a < judges.length; a++) {
    for (let b = a + 1; b < judges.length; b++) {
      // the outcome pairs from the engine's aggregates or from the records (one rule: recordAggregates.ts)
      const counts = agreementCounts(ds, system, judgmentReference, judges[a], judges[b]);
      if (counts.length === 0) continue; // no shared comparison: no row
      const r = agreementOfCounts(counts);
      rows.push({ judge_a: judges[a], judge_b: judges[b], exact_agreement_pct: r.exactPct, binary_agreement_pct: r.binaryPct, pairs: r.pairs });
    }
  }
  const rep = repeatedOutputAgreement(ctx);
  if (rep) rows.push({ judge_a: `${judge} attempt 1`, judge_b: `${judge} attempt 2`, exact_agreement_pct: rep.exactPct, binary_agreement_pct: rep.binaryPct, pairs: rep.pairs });
  if (rows.length === 0) throw new UnsupportedOutputError(`table02 needs two judges sharing a comparison of ${system} against the ${judgmentReference} reference, or two judged attempts`);
  return aq.from(rows);
}
