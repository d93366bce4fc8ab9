/**
 * What the tables read of the per-run and per-judgment records besides the task components (issue
 * 27): small aggregates, so that `j2g tables --engine duckdb` never holds a record in the heap. The
 * engine computes them in SQL (kernel-lib/sql/recordAggregates.sql) over a dataset loaded without its
 * records (data/load.ts loadDatasetWithoutRecords) and attaches them to it; `recordAggregatesFromRecords`
 * computes the same from loaded records (the JavaScript path's readers, and the tests' oracle).
 *
 * Each reader takes what it needs through one accessor here (`judgesOf` in metrics/taskComponents.ts,
 * Table 1's `systemRunFacts`, Table 2's `agreementCounts` and `repeatedCounts`, the policy tables'
 * `attemptFacts`, `validityCounts`, `systemsWithoutNodeHours`): from the attached aggregates when the
 * dataset has them, else from its records; the rule that turns them into a table stays with the table.
 *
 * Sizes: per system (runs, most attempt, runs without node_hours, judged runs per reference and judge),
 * per judge, and for the context's system only: per task (attempts, judged leading attempts) and the
 * judge-pair and attempt-pair outcome counts (at most judges^2 x 2 x 9 rows).
 * @example recordAggregatesFromRecords(loadDataset('data/recorded/synthetic-small'), { system: 'sysX', judge: 'J1' }).judges // => ['J1', 'J2']
 */
import { J2GError } from '../errors.ts';
import { REFERENCES, type Outcome, type Reference } from '../data/schema.ts';
import type { Dataset } from '../data/load.ts';
import { judgmentCodes, judgmentCodesRegular, judgmentsOf, OTHER_OUTCOME, OUTCOME_OF_CODE, runOutcomes, runsOfSystem } from './taskComponents.ts';

/** One system's runs: how many, the most attempts, how many lack node_hours, and the row of its first run (0-based). */
export interface SystemRuns {
  system: string;
  runs: number;
  maxAttempt: number;
  withoutNodeHours: number;
  firstRow: number;
}

/** Runs of `system` judged by `judge` against `reference` (one row per triple with at least one). */
export interface JudgedRuns {
  system: string;
  reference: Reference;
  judge: string;
  runs: number;
}

/** Outcome pairs: `n` comparisons where the first said `a` and the second `b`. */
export interface OutcomePairs {
  a: Outcome;
  b: Outcome;
  n: number;
}

/** One task the scope's system ran, in tasks.csv order: its attempts and, against one reference, the judged leading ones. */
export interface TaskAttempts {
  taskId: string;
  /** runs of the system on the task */
  attempts: number;
  /** attempts 1..prefix (in attempt order) all have a judgment by the scope's judge against the reference */
  prefix: number;
  /** run_id of attempt prefix + 1 (the first without a judgment), null when prefix = attempts */
  unjudgedRun: string | null;
}

export interface RecordAggregates {
  /** the system and judge the per-task and pair counts are for (the context's) */
  scope: { system: string; judge: string };
  /** judges in order of their first judgment in judgments.csv */
  judges: string[];
  /** systems with at least one run, in order of their first run */
  systems: SystemRuns[];
  judged: JudgedRuns[];
  /** runs per (system, validity cell) when runs has a validity column (an empty cell ''), else null */
  validity: { system: string; validity: string; runs: number }[] | null;
  /** per reference and ordered judge pair (a != b): the outcomes of the scope system's runs both judged */
  agreement: ({ reference: Reference; judgeA: string; judgeB: string } & OutcomePairs)[];
  /** per reference: the scope judge's outcomes of the first two attempts of each task of the scope system */
  repeated: ({ reference: Reference } & OutcomePairs)[];
  /** per reference, the scope system's tasks in tasks.csv order */
  attempts: Record<Reference, TaskAttempts[]>;
}

const attached = new WeakMap<Dataset, RecordAggregates>();

/** Attach `agg` to `ds` (a dataset loaded without records, for which the engine computed them); returns `ds`. */
export function withRecordAggregates(ds: Dataset, agg: RecordAggregates): Dataset {
  attached.set(ds, agg);
  return ds;
}

/** The aggregates attached to `ds`, or undefined when it has its records. */
export function attachedAggregates(ds: Dataset): RecordAggregates | undefined {
  return attached.get(ds);
}

/** The attached aggregates, checked to be for `system` and `judge` (the per-task and pair counts are for one). */
function scoped(agg: RecordAggregates, system: string, judge?: string): RecordAggregates {
  if (agg.scope.system !== system || (judge !== undefined && agg.scope.judge !== judge)) {
    throw new J2GError(`the record aggregates were computed for system ${agg.scope.system} and judge ${agg.scope.judge}, not ${system}${judge === undefined ? '' : ` and ${judge}`}`);
  }
  return agg;
}

/**
 * Per system, for Table 1: whether it has runs, whether any is judged by `judge` against `reference`,
 * and its most attempts (absent without runs): from the attached aggregates, else from the records
 * (the judgments as codes by run position, taskComponents.ts judgmentCodes: no map lookup per run).
 * @example systemRunFacts(loadDataset('data/recorded/synthetic-small'), 'expert_only', 'J1').maxAttempt.get('sysX') // => 2
 */
export function systemRunFacts(ds: Dataset, reference: Reference, judge: string): { withRuns: Set<string>; judged: Set<string>; maxAttempt: Map<string, number> } {
  const agg = attachedAggregates(ds);
  if (agg) {
    return {
      withRuns: new Set(agg.systems.map((s) => s.system)),
      judged: new Set(agg.judged.filter((j) => j.reference === reference && j.judge === judge && j.runs > 0).map((j) => j.system)),
      maxAttempt: new Map(agg.systems.map((s) => [s.system, s.maxAttempt])),
    };
  }
  const withRuns = new Set<string>(), judged = new Set<string>(), maxAttempt = new Map<string, number>();
  const codes = judgmentCodes(ds, reference, judge);
  const runs = ds.rows.runs;
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i];
    withRuns.add(r.system);
    if (codes[i] !== -1) judged.add(r.system);
    maxAttempt.set(r.system, Math.max(maxAttempt.get(r.system) ?? 0, r.attempt));
  }
  return { withRuns, judged, maxAttempt };
}

/** Systems among `systems` with a run without node_hours, in order of their first run (the re-pricing warning's). */
export function systemsWithoutNodeHours(ds: Dataset, systems: ReadonlySet<string>): string[] {
  const agg = attachedAggregates(ds);
  if (!agg) {
    // every system asked in order of its first run (a Set keeps its first insertion), then those with a run without node_hours
    const order = new Set<string>(), without = new Set<string>();
    for (const r of ds.rows.runs) {
      if (!systems.has(r.system)) continue;
      order.add(r.system);
      if (r.node_hours === null) without.add(r.system);
    }
    return [...order].filter((s) => without.has(s));
  }
  return agg.systems.filter((s) => s.withoutNodeHours > 0 && systems.has(s.system)).map((s) => s.system);
}

/** Runs per (system, validity cell), or null when runs has no validity column (release/completeness.ts validityFlags counts codes from them). */
export function validityCounts(ds: Dataset): { system: string; validity: string; runs: number }[] | null {
  const agg = attachedAggregates(ds);
  if (agg) return agg.validity;
  const counts = new Map<string, Map<string, number>>();
  let any = false;
  for (const r of ds.rows.runs) {
    const v = r.extra.validity;
    if (v === undefined) continue;
    any = true;
    let bySystem = counts.get(r.system);
    if (!bySystem) counts.set(r.system, (bySystem = new Map()));
    bySystem.set(v, (bySystem.get(v) ?? 0) + 1);
  }
  if (!any) return null;
  return [...counts].flatMap(([system, m]) => [...m].map(([validity, runs]) => ({ system, validity, runs })));
}

/**
 * Table 2: the outcome pairs of judges a and b over the runs of `system` both judged against
 * `reference`: from the attached aggregates, else from the records (the judgments as codes by run
 * position when the rows are the loader's, else paired by run_id through judgmentsOf, for rows replaced
 * unchecked). Empty when the two share no comparison.
 * @example agreementCounts(loadDataset('data/recorded/synthetic-small'), 'sysX', 'expert_only', 'J1', 'J2').reduce((s, p) => s + p.n, 0) // => 6
 */
export function agreementCounts(ds: Dataset, system: string, reference: Reference, judgeA: string, judgeB: string): OutcomePairs[] {
  const agg = attachedAggregates(ds);
  if (agg) return scoped(agg, system).agreement.filter((p) => p.reference === reference && p.judgeA === judgeA && p.judgeB === judgeB);
  if (judgmentCodesRegular(ds)) {
    const runs = ds.rows.runs;
    const ca = judgmentCodes(ds, reference, judgeA), cb = judgmentCodes(ds, reference, judgeB);
    const tally = new CodePairs();
    for (let i = 0; i < runs.length; i++) {
      if (ca[i] === -1 || cb[i] === -1 || runs[i].system !== system) continue;
      tally.add(ca[i], cb[i]);
    }
    return tally.pairs();
  }
  return agreementFromMaps(ds, runIdsOf(ds, system), reference, judgeA, judgeB);
}

/**
 * Table 2's repeated-output row: the outcome pairs of attempts 1 and 2 of each task of `system`, both
 * judged by `judge` against `reference`: from the attached aggregates, else from the records (as
 * agreementCounts). Empty when no task has both judged.
 * @example repeatedCounts(loadDataset('data/recorded/synthetic-small'), 'sysX', 'expert_only', 'J1').reduce((s, p) => s + p.n, 0) // => 6
 */
export function repeatedCounts(ds: Dataset, system: string, reference: Reference, judge: string): OutcomePairs[] {
  const agg = attachedAggregates(ds);
  if (agg) return scoped(agg, system, judge).repeated.filter((p) => p.reference === reference);
  if (judgmentCodesRegular(ds)) {
    const codes = judgmentCodes(ds, reference, judge);
    const { lists, runAt, positions } = runOutcomes(ds, system, reference, judge);
    const tally = new CodePairs();
    for (let i = 0; i < lists.length; i++) {
      if (lists[i].length < 2) continue;
      const a = codes[positions[runAt[i]]], b = codes[positions[runAt[i] + 1]];
      if (a !== -1 && b !== -1) tally.add(a, b);
    }
    return tally.pairs();
  }
  return repeatedFromMaps(ds, system, reference, judge);
}

/**
 * The policy tables' per-task attempts of `system` (tasks.csv order, tasks it ran), with the leading
 * attempts judged by `judge` against `reference`: from the attached aggregates, else from the records.
 */
export function attemptFacts(ds: Dataset, system: string, judge: string, reference: Reference): TaskAttempts[] {
  const agg = attachedAggregates(ds);
  if (agg) return scoped(agg, system, judge).attempts[reference];
  return tasksAttempts(ds, system, judge, reference);
}

// --- from loaded records (the JavaScript path, and the oracle of the SQL) --------------------------

function tasksAttempts(ds: Dataset, system: string, judge: string, reference: Reference): TaskAttempts[] {
  // the tasks with runs in dataset order and their runs' judgments as flags (taskComponents.ts
  // runOutcomes: no map lookup per run)
  const { tasks, lists, runAt, judged } = runOutcomes(ds, system, reference, judge);
  const out: TaskAttempts[] = [];
  for (let i = 0; i < tasks.length; i++) {
    const list = lists[i];
    let k = 0;
    while (k < list.length && judged[runAt[i] + k] !== -1) k++;
    out.push({ taskId: tasks[i].task_id, attempts: list.length, prefix: k, unjudgedRun: k < list.length ? list[k].run_id : null });
  }
  return out;
}

/**
 * Outcome pairs counted by their codes (OUTCOME_OF_CODE), listed in order of first appearance as
 * `count`'s map gives them, without a key string per pair (issue 27: Table 2 on 200,640 runs). No quantity.
 */
class CodePairs {
  private readonly n = new Map<number, number>();
  add(a: number, b: number): void {
    const key = a * (OTHER_OUTCOME + 1) + b;
    this.n.set(key, (this.n.get(key) ?? 0) + 1);
  }
  pairs(): OutcomePairs[] {
    const w = OTHER_OUTCOME + 1;
    return [...this.n].map(([key, n]) => ({ a: OUTCOME_OF_CODE[Math.floor(key / w)] as Outcome, b: OUTCOME_OF_CODE[key % w] as Outcome, n }));
  }
}

/** Counts an outcome pair; the key is JSON so that an unchecked outcome with a space stays whole (agreementOfCounts refuses it by name). */
function count(counts: Map<string, number>, a: string, b: string): void {
  const key = JSON.stringify([a, b]);
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function runIdsOf(ds: Dataset, system: string): Set<string> {
  const runIds = new Set<string>();
  for (const list of runsOfSystem(ds, system).values()) for (const r of list) runIds.add(r.run_id);
  return runIds;
}

/** Judges a and b over the runs `runIds`, paired by run_id through judgmentsOf (no codes). */
function agreementFromMaps(ds: Dataset, runIds: ReadonlySet<string>, reference: Reference, judgeA: string, judgeB: string): OutcomePairs[] {
  const ja = judgmentsOf(ds, reference, judgeA), jb = judgmentsOf(ds, reference, judgeB);
  const counts = new Map<string, number>();
  for (const [run, o] of ja) {
    const p = jb.get(run);
    if (p !== undefined && runIds.has(run)) count(counts, o, p);
  }
  return pairs(counts);
}

/** Attempts 1 and 2 of each task of `system`, paired by run_id through judgmentsOf (no codes). */
function repeatedFromMaps(ds: Dataset, system: string, reference: Reference, judge: string): OutcomePairs[] {
  const of = judgmentsOf(ds, reference, judge);
  const counts = new Map<string, number>();
  for (const list of runsOfSystem(ds, system).values()) {
    if (list.length < 2) continue;
    const a = of.get(list[0].run_id), b = of.get(list[1].run_id);
    if (a !== undefined && b !== undefined) count(counts, a, b);
  }
  return pairs(counts);
}

function pairs(counts: Map<string, number>): OutcomePairs[] {
  return [...counts].map(([key, n]) => {
    const [a, b] = JSON.parse(key) as [Outcome, Outcome];
    return { a, b, n };
  });
}

/**
 * Every aggregate from loaded records. `scope` null: only the per-system and per-judge parts (the
 * scoped lists empty). The same numbers as recordAggregates.sql gives (test/sql/recordAggregates.test.ts).
 */
export function recordAggregatesFromRecords(ds: Dataset, scope: { system: string; judge: string } | null): RecordAggregates {
  const judges = [...new Set(ds.rows.judgments.map((j) => j.judge))];
  const systems = new Map<string, SystemRuns>();
  ds.rows.runs.forEach((r, i) => {
    let s = systems.get(r.system);
    if (!s) systems.set(r.system, (s = { system: r.system, runs: 0, maxAttempt: 0, withoutNodeHours: 0, firstRow: i }));
    s.runs++;
    s.maxAttempt = Math.max(s.maxAttempt, r.attempt);
    if (r.node_hours === null) s.withoutNodeHours++;
  });
  const judged: JudgedRuns[] = [];
  for (const reference of REFERENCES) {
    for (const judge of judges) {
      const of = judgmentsOf(ds, reference, judge);
      const bySystem = new Map<string, number>();
      for (const r of ds.rows.runs) if (of.has(r.run_id)) bySystem.set(r.system, (bySystem.get(r.system) ?? 0) + 1);
      for (const [system, runs] of bySystem) judged.push({ system, reference, judge, runs });
    }
  }
  const agreement: RecordAggregates['agreement'] = [];
  const repeated: RecordAggregates['repeated'] = [];
  const attempts = { expert_only: [], expert_with_ai: [] } as Record<Reference, TaskAttempts[]>;
  if (scope) {
    const runIds = runIdsOf(ds, scope.system);
    for (const reference of REFERENCES) {
      for (const judgeA of judges) {
        for (const judgeB of judges) {
          if (judgeA === judgeB) continue;
          for (const p of agreementFromMaps(ds, runIds, reference, judgeA, judgeB)) agreement.push({ reference, judgeA, judgeB, ...p });
        }
      }
      for (const p of repeatedFromMaps(ds, scope.system, reference, scope.judge)) repeated.push({ reference, ...p });
      attempts[reference] = tasksAttempts(ds, scope.system, scope.judge, reference);
    }
  }
  return {
    scope: scope ?? { system: '', judge: '' },
    judges, systems: [...systems.values()], judged,
    validity: validityCounts(ds),
    agreement, repeated, attempts,
  };
}
