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
import type { Outcome } from '../data/schema.ts';
import { runsOfSystem, judgmentsOf, judgesOf, judgmentCodes, judgmentCodesRegular, OUTCOME_OF_CODE, runOutcomes } from '../metrics/taskComponents.ts';
import type { Dataset } from '../data/load.ts';
import type { Reference } from '../data/schema.ts';
import { agreementOfCounts, outcomeAgreement, type Agreement } from '../uncertainty/judgeAgreement.ts';
import { agreementCounts, attachedAggregates, repeatedCounts } from '../metrics/recordAggregates.ts';
import type { TableOptions } from './options.ts';
import { resolveContext, type ScenarioContext } from './context.ts';

export const HUMAN_JUDGE = 'human';

/** Repeated-output agreement of attempts 1 and 2, or null when no task has both judged. */
export function repeatedOutputAgreement(options: TableOptions | ScenarioContext): Agreement | null {
  const { dataset: ds, system, judge, judgmentReference } = resolveContext(options);
  // a dataset loaded without its records (`j2g tables --engine duckdb`): the engine's counts of the same pairs
  const counts = repeatedCounts(ds, system, judgmentReference, judge);
  if (counts) return counts.length ? agreementOfCounts(counts) : null;
  if (judgmentCodesRegular(ds)) {
    // the judgments as codes by run position (issue 27), the tasks in dataset order as below
    const codes = judgmentCodes(ds, judgmentReference, judge);
    const { lists, runAt, positions } = runOutcomes(ds, system, judgmentReference, judge);
    const first: Outcome[] = [], second: Outcome[] = [];
    for (let i = 0; i < lists.length; i++) {
      if (lists[i].length < 2) continue;
      const a = codes[positions[runAt[i]]], b = codes[positions[runAt[i] + 1]];
      if (a === -1 || b === -1) continue;
      first.push(OUTCOME_OF_CODE[a]);
      second.push(OUTCOME_OF_CODE[b]);
    }
    return first.length ? outcomeAgreement(first, second) : null;
  }
  const runs = runsOfSystem(ds, system);
  const judged = judgmentsOf(ds, judgmentReference, judge);
  const first: Outcome[] = [], second: Outcome[] = [];
  for (const t of ds.rows.tasks) {
    const list = runs.get(t.task_id);
    if (!list || list.length < 2) continue;
    const a = judged.get(list[0].run_id), b = judged.get(list[1].run_id);
    if (a === undefined || b === undefined) continue;
    first.push(a as Outcome);
    second.push(b as Outcome);
  }
  return first.length ? outcomeAgreement(first, second) : null;
}

/**
 * The comparisons (runs of the system, one reference) that two judges both judged, as judgeAgreement
 * pairs them: their outcomes, aligned. From the judgments as codes by run position (issue 27: no map
 * of every judged run per judge, no set of the system's run ids), in runs.csv order; from judgmentsOf
 * in judgments.csv order when rows replaced unchecked share a run_id or hold another outcome
 * (outcomeAgreement counts, so the order changes nothing).
 */
function sharedComparisons(ds: Dataset, system: string, reference: Reference): (a: string, b: string) => [Outcome[], Outcome[]] {
  const runs = ds.rows.runs;
  if (judgmentCodesRegular(ds)) {
    return (a, b) => {
      const ca = judgmentCodes(ds, reference, a), cb = judgmentCodes(ds, reference, b);
      const xa: Outcome[] = [], xb: Outcome[] = [];
      for (let i = 0; i < runs.length; i++) {
        if (ca[i] === -1 || cb[i] === -1 || runs[i].system !== system) continue;
        xa.push(OUTCOME_OF_CODE[ca[i]]);
        xb.push(OUTCOME_OF_CODE[cb[i]]);
      }
      return [xa, xb];
    };
  }
  const ofSystem = new Set<string>();
  for (const list of runsOfSystem(ds, system).values()) for (const r of list) ofSystem.add(r.run_id);
  return (a, b) => {
    const xa: Outcome[] = [], xb: Outcome[] = [];
    const ja = judgmentsOf(ds, reference, a), jb = judgmentsOf(ds, reference, b);
    for (const [run, o] of ja) {
      if (!ofSystem.has(run)) continue;
      const p = jb.get(run);
      if (p !== undefined) { xa.push(o); xb.push(p); }
    }
    return [xa, xb];
  };
}

export function table02(options: TableOptions | ScenarioContext): ColumnTable {
  const ctx = resolveContext(options);
  const { dataset: ds, system, judge, judgmentReference } = ctx;
  const judges = [...judgesOf(ds)].filter((j) => j !== HUMAN_JUDGE);
  if (judgesOf(ds).has(HUMAN_JUDGE)) judges.push(HUMAN_JUDGE);
  const aggregated = attachedAggregates(ds) !== undefined; // without records: agreementCounts below
  const rows: { judge_a: string; judge_b: string; exact_agreement_pct: number; binary_agreement_pct: number; pairs: number }[] = [];
  const pairsOf = aggregated ? null : sharedComparisons(ds, system, judgmentReference);
  for (let a = 0; a < judges.length; a++) {
    for (let b = a + 1; b < judges.length; b++) {
      if (aggregated) {
        const counts = agreementCounts(ds, system, judgmentReference, judges[a], judges[b])!;
        if (counts.length === 0) continue; // no shared comparison: no row
        const r = agreementOfCounts(counts);
        rows.push({ judge_a: judges[a], judge_b: judges[b], exact_agreement_pct: r.exactPct, binary_agreement_pct: r.binaryPct, pairs: r.pairs });
        continue;
      }
      const [xa, xb] = pairsOf!(judges[a], judges[b]);
      if (xa.length === 0) continue; // no shared comparison: no row
      const r = outcomeAgreement(xa, xb);
      rows.push({ judge_a: judges[a], judge_b: judges[b], exact_agreement_pct: r.exactPct, binary_agreement_pct: r.binaryPct, pairs: r.pairs });
    }
  }
  const rep = repeatedOutputAgreement(ctx);
  if (rep) rows.push({ judge_a: `${judge} attempt 1`, judge_b: `${judge} attempt 2`, exact_agreement_pct: rep.exactPct, binary_agreement_pct: rep.binaryPct, pairs: rep.pairs });
  if (rows.length === 0) throw new UnsupportedOutputError(`table02 needs two judges sharing a comparison of ${system} against the ${judgmentReference} reference, or two judged attempts`);
  return aq.from(rows);
}
