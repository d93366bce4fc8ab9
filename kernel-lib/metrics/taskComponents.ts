/**
 * Per-task components of one AI system under one judge, reference pair and attempt policy: the
 * inputs of every aggregate and ratio (Joules-to-GDP sections 2.1-2.4, K.1, K.2). Kept as typed
 * arrays aligned by task so that the bootstrap can resample them without rebuilding anything.
 *
 * For task i with charged attempts r = 1..k (k from the policy):
 *   credit Q_i            1 when the policy credits the task, else 0 (a tie counts tieCredit, default 1)
 *   valueUSD G_i          Q_i * H_i^t * W_o                   (USD; t = time reference)
 *   costUSD C_i           sum_r C_ir                          (USD)
 *   energyMJ E_i          sum_r E_ir                          (MJ)
 *   aiHours L_i           sum_r L_ir                          (hours)
 *   timeSavingHours S_i   Q_i * (H_i^t - mean of L_ir over the winning attempts)   (hours; policy.ts countsForSaving)
 * Judgments come from the judgment reference s; times H from the time reference t (K.1 crossing).
 * Tie credit tau (`tieCredit`, 0..1, default 1: "a tie receives the full output dollar value", section
 * 2.2): an attempt's credit indicator is 1 for a win, tau for a tie, 0 for a loss (policy.ts taskCredit).
 */
import { J2GError, UnsupportedOutputError } from '../errors.ts';
import { checkDataset, distinctRunIds, judgmentColumns, positionsInOrder, type Dataset, type RecordColumns } from '../data/load.ts';
import { attachedAggregates } from './recordAggregates.ts';
import { REFERENCES, type Outcome, type Reference, type RunRow, type TaskRow } from '../data/schema.ts';
import { type AttemptPolicy, PASS_AT_1, attemptsCharged, checkPolicy, countsForSaving, parsePolicy, policyLabel, taskCredit } from './policy.ts';

export interface RateOptions {
  /** Replace the evaluated system's node-hour rate with this one (USD per node-hour): Appendix G.1. */
  nodeRateUSDPerHour?: number;
  /**
   * Replacement rates by system id (USD per node-hour), as scenario/resolve.ts systemPricing pairs them
   * by node type; a system not listed keeps its recorded cost. Takes the place of nodeRateUSDPerHour.
   */
  bySystem?: Record<string, number>;
}

export interface ComponentOptions {
  dataset: Dataset;
  /** AI system id; default the manifest's primary_system. */
  system?: string;
  /** Judge id; default the manifest's primary_judge. */
  judge?: string;
  /** Reference whose judgments give Y; default expert_only. */
  judgmentReference?: Reference;
  /** Reference whose completion times give H; default the judgment reference. */
  timeReference?: Reference;
  /** Attempt policy (or its text: `pass@2`, `3-of-4`, `>=3/4`); default pass@1. */
  policy?: AttemptPolicy | string;
  rates?: RateOptions;
  /** Credit of a tie, 0..1; default 1, the paper's ("a tie receives the full output dollar value", section 2.2). */
  tieCredit?: number;
}

export interface TaskComponents {
  system: string;
  judge: string;
  judgmentReference: Reference;
  timeReference: Reference;
  policy: AttemptPolicy;
  /** the credit of a tie (0..1; 1 the paper's) */
  tieCredit: number;
  taskIds: string[];
  /** Evaluated occupations (those with at least one task run by the system), in dataset order. */
  occupations: string[];
  /** Index into `occupations` for each task. */
  occupationIndex: Int32Array;
  expertHours: Float64Array;
  wageUSDPerHour: Float64Array;
  credit: Float64Array;
  valueUSD: Float64Array;
  costUSD: Float64Array;
  energyMJ: Float64Array;
  aiHours: Float64Array;
  timeSavingHours: Float64Array;
  /** Tasks of the dataset that the system never ran (left out, and said so). */
  tasksWithoutRuns: string[];
}

/**
 * Expert completion time H_i^t of a task at reference t, in hours: `expert_hours` (expert-only) or
 * `expert_ai_hours` (expert-with-AI; null when the dataset has none). // Joules-to-GDP section 2.1, K.1
 * @example hoursAt({ expert_hours: 2.5, expert_ai_hours: 1.9 }, 'expert_with_ai') // => 1.9
 */
export function hoursAt(task: { expert_hours: number; expert_ai_hours: number | null }, ref: Reference): number | null {
  return ref === 'expert_only' ? task.expert_hours : task.expert_ai_hours;
}

/**
 * Every run of the dataset grouped by system and task: group g holds the runs of one (system, task)
 * pair, its positions in `ds.rows.runs` at flat[start[g]] .. flat[start[g + 1] - 1] in attempt order
 * (a stable sort: equal attempts keep file order), and lists[g] those runs. Built once per dataset
 * with integer arrays and one Map per system (task_id -> g), not a list of positions and a typed
 * array per group (issue 27: on the wide bench dataset, 50,160 groups of 200,640 runs, 185 -> 35 ms).
 */
interface RunGroups {
  /** system -> task_id -> its group g */
  groupOf: Map<string, Map<string, number>>;
  lists: RunRow[][];
  start: Int32Array;
  flat: Int32Array;
}

const runGroupsCache = new WeakMap<Dataset, RunGroups>();

function runGroups(ds: Dataset): RunGroups {
  let groups = runGroupsCache.get(ds);
  if (groups) return groups;
  const runs = ds.rows.runs, N = runs.length;
  const groupOf = new Map<string, Map<string, number>>();
  const groupOfRun = new Int32Array(N);
  const sizes: number[] = [];
  let bySystem: Map<string, number> | undefined, lastSystem: string | undefined;
  for (let i = 0; i < N; i++) {
    const r = runs[i];
    if (r.system !== lastSystem || !bySystem) {
      lastSystem = r.system;
      bySystem = groupOf.get(r.system);
      if (!bySystem) groupOf.set(r.system, (bySystem = new Map()));
    }
    let g = bySystem.get(r.task_id);
    if (g === undefined) { g = sizes.length; bySystem.set(r.task_id, g); sizes.push(0); }
    groupOfRun[i] = g;
    sizes[g]++;
  }
  const G = sizes.length;
  const start = new Int32Array(G + 1);
  for (let g = 0; g < G; g++) start[g + 1] = start[g] + sizes[g];
  const flat = new Int32Array(N), fill = start.slice(0, G);
  for (let i = 0; i < N; i++) flat[fill[groupOfRun[i]]++] = i; // file order within each group
  const lists: RunRow[][] = new Array(G);
  for (let g = 0; g < G; g++) {
    const a = start[g], b = start[g + 1];
    let sorted = true;
    for (let p = a + 1; p < b && sorted; p++) sorted = runs[flat[p - 1]].attempt <= runs[flat[p]].attempt;
    if (!sorted) flat.set(Array.from(flat.subarray(a, b)).sort((x, y) => runs[x].attempt - runs[y].attempt), a); // stable: equal attempts keep file order
    const list: RunRow[] = new Array(b - a);
    for (let p = a; p < b; p++) list[p - a] = runs[flat[p]];
    lists[g] = list;
  }
  groups = { groupOf, lists, start, flat };
  runGroupsCache.set(ds, groups);
  return groups;
}

const runIndexCache = new WeakMap<Dataset, Map<string, Map<string, RunRow[]>>>();
/**
 * Index of runs by system, then task: `runsByTaskAndSystem(ds).get(system)?.get(task_id)`, each list
 * in attempt order. Nested maps, never a joined `task|system` string: ids may hold any character the
 * schema allows (a task `A1|q` of system `s` and a task `A1` of system `q|s` stay apart). Cached per
 * dataset. No quantity.
 * @example runsByTaskAndSystem(loadDataset('data/recorded/synthetic-small')).get('sysX').get('A1').length // => 2
 */
export function runsByTaskAndSystem(dataset: Dataset): Map<string, Map<string, RunRow[]>> {
  const ds = checkDataset(dataset);
  let idx = runIndexCache.get(ds);
  if (!idx) {
    const { groupOf, lists } = runGroups(ds);
    idx = new Map();
    for (const [system, tasks] of groupOf) {
      const bySystem = new Map<string, RunRow[]>();
      for (const [task, g] of tasks) bySystem.set(task, lists[g]);
      idx.set(system, bySystem);
    }
    runIndexCache.set(ds, idx);
  }
  return idx;
}

const NO_RUNS: ReadonlyMap<string, RunRow[]> = new Map();
/** The runs of one system by task_id, each list in attempt order (empty when it has none). */
export function runsOfSystem(dataset: Dataset, system: string): ReadonlyMap<string, RunRow[]> {
  return runsByTaskAndSystem(dataset).get(system) ?? NO_RUNS;
}

/**
 * Each judgment's run_id, reference, judge and outcome, in file order: from the loader's columns while
 * the dataset's judgment records have not been built as objects (data/load.ts judgmentColumns: the
 * same values), else from `ds.rows.judgments`.
 */
function eachJudgment(ds: Dataset, f: (runId: string, reference: string, judge: string, outcome: string) => void): void {
  const c = judgmentColumns(ds.rows);
  if (!c) {
    for (const j of ds.rows.judgments) f(j.run_id, j.reference, j.judge, j.outcome);
    return;
  }
  const at = (name: string) => c.names.indexOf(name);
  const [runC, refC, judgeC, outC] = ['run_id', 'reference', 'judge', 'outcome'].map((name) => c.codes[at(name)]);
  const [runV, refV, judgeV, outV] = ['run_id', 'reference', 'judge', 'outcome'].map((name) => c.values[at(name)] as readonly string[]);
  for (let i = 0; i < c.length; i++) f(runV[runC[i]], refV[refC[i]], judgeV[judgeC[i]], outV[outC[i]]);
}

const judgmentCache = new WeakMap<Dataset, Map<string, Map<string, Map<string, Outcome>>>>();
/**
 * The outcomes one judge gave against one reference, keyed by run_id (empty when there are none).
 * Built once per dataset for every (reference, judge), keyed by the runs' own id strings: no
 * `run|reference|judge` string per judgment. No quantity.
 * @example judgmentsOf(loadDataset('data/recorded/synthetic-small'), 'expert_only', 'J1').get('xA1a1') // => 'win'
 */
export function judgmentsOf(dataset: Dataset, reference: string, judge: string): ReadonlyMap<string, Outcome> {
  const ds = checkDataset(dataset);
  let idx = judgmentCache.get(ds);
  if (!idx) {
    idx = new Map();
    const index = idx;
    eachJudgment(ds, (runId, reference, judge, outcome) => {
      let byJudge = index.get(reference);
      if (!byJudge) index.set(reference, (byJudge = new Map()));
      let byRun = byJudge.get(judge);
      if (!byRun) byJudge.set(judge, (byRun = new Map()));
      byRun.set(runId, outcome as Outcome);
    });
    judgmentCache.set(ds, idx);
  }
  return idx.get(reference)?.get(judge) ?? NONE;
}
const NONE: ReadonlyMap<string, Outcome> = new Map();

/** judgmentCodes' code of an outcome: 0 loss, 1 tie, 2 win (OUTCOME_OF_CODE), OTHER_OUTCOME a text the schema does not allow (in rows replaced unchecked), NO_JUDGMENT none. */
export const OUTCOME_OF_CODE: readonly Outcome[] = ['loss', 'tie', 'win'];
export const OTHER_OUTCOME = 3;
/** The code of outcome text `o` (the inverse of OUTCOME_OF_CODE; OTHER_OUTCOME for any other text). */
const codeOfOutcome = (o: string): number => (o === 'loss' ? 0 : o === 'tie' ? 1 : o === 'win' ? 2 : OTHER_OUTCOME);
/** An outcome in judgmentCodes and outcomeIndex: none. */
const NO_JUDGMENT = -1;

interface JudgmentCodes {
  byKey: Map<string, Map<string, Int8Array>>;
  /** two runs share an id, or an outcome is not win, tie or loss (rows replaced unchecked): table02 then pairs by judgmentsOf */
  irregular: boolean;
  none: Int8Array;
}
const judgmentCodeCache = new WeakMap<Dataset, JudgmentCodes>();

/** The judgments as codes by run position, every (reference, judge) in one pass (judgmentCodes). */
function judgmentCodeIndex(ds: Dataset): JudgmentCodes {
  let idx = judgmentCodeCache.get(ds);
  if (idx) return idx;
  const runs = ds.rows.runs, n = runs.length;
  const next = new Int32Array(n).fill(-1); // the other positions of a run_id that two runs share
  const byKey = new Map<string, Map<string, Int8Array>>();
  const columns = judgmentColumns(ds.rows);
  // the loader's runs, ids unchanged: distinct ids, placed without a Map of them
  const ids = columns ? distinctRunIds(runs) : undefined;
  let irregular = false;
  const position = new Map<string, number>(); // run_id -> a position in runs with that id (any one: every position of an id gets its outcome)
  if (!ids) {
    for (let i = 0; i < n; i++) {
      const id = runs[i].run_id;
      const p = position.get(id);
      if (p !== undefined) { next[i] = p; irregular = true; }
      position.set(id, i);
    }
  }
  if (columns) {
    const judged = columns.values[columns.names.indexOf('run_id')] as readonly string[];
    const positionOf = ids ? positionsInOrder(ids, judged) : Int32Array.from(judged, (id) => position.get(id) ?? -1);
    irregular = judgmentCodesOfColumns(columns, positionOf, next, n, byKey) || irregular;
    idx = { byKey, irregular, none: new Int8Array(n).fill(NO_JUDGMENT) };
    judgmentCodeCache.set(ds, idx);
    return idx;
  }
  let lastReference: string | undefined, lastJudge: string | undefined, codes: Int8Array = new Int8Array(0);
  eachJudgment(ds, (runId, reference, judge, o) => {
    if (reference !== lastReference || judge !== lastJudge) {
      let byJudge = byKey.get(reference);
      if (!byJudge) byKey.set(reference, (byJudge = new Map()));
      let c = byJudge.get(judge);
      if (!c) byJudge.set(judge, (c = new Int8Array(n).fill(NO_JUDGMENT)));
      codes = c;
      lastReference = reference;
      lastJudge = judge;
    }
    const code = codeOfOutcome(o);
    if (code === OTHER_OUTCOME) irregular = true;
    // a later judgment of the same run, reference and judge replaces an earlier one, as in judgmentsOf
    for (let p = position.get(runId) ?? -1; p !== -1; p = next[p]) codes[p] = code;
  });
  idx = { byKey, irregular, none: new Int8Array(n).fill(NO_JUDGMENT) };
  judgmentCodeCache.set(ds, idx);
  return idx;
}

/**
 * judgmentCodeIndex's pass over the loader's judgment columns: the same codes, each distinct cell
 * looked up once (a run_id's position, an outcome's code, a (reference, judge)'s array) instead of once
 * per judgment. `positionOf[k]`: a run position of the k-th distinct judged run_id (-1 none), its
 * other positions chained by `next`. Returns whether an outcome is not win, tie or loss.
 */
function judgmentCodesOfColumns(c: RecordColumns, positionOf: Int32Array, next: Int32Array, n: number, byKey: Map<string, Map<string, Int8Array>>): boolean {
  const column = (name: string) => ({ codes: c.codes[c.names.indexOf(name)], values: c.values[c.names.indexOf(name)] as readonly string[] });
  const run = column('run_id'), ref = column('reference'), judge = column('judge'), out = column('outcome');
  let irregular = false;
  const outcomeOf = Int8Array.from(out.values, (o) => {
    const code = codeOfOutcome(o);
    if (code === OTHER_OUTCOME) irregular = true;
    return code;
  });
  // the array of each (reference code, judge code), made at its first judgment (so byKey's order is the judgments')
  const J = judge.values.length;
  const arrays: (Int8Array | undefined)[] = new Array(ref.values.length * J);
  for (let i = 0; i < c.length; i++) {
    const key = ref.codes[i] * J + judge.codes[i];
    let codes = arrays[key];
    if (!codes) {
      const reference = ref.values[ref.codes[i]], judgeName = judge.values[judge.codes[i]];
      let byJudge = byKey.get(reference);
      if (!byJudge) byKey.set(reference, (byJudge = new Map()));
      codes = byJudge.get(judgeName);
      if (!codes) byJudge.set(judgeName, (codes = new Int8Array(n).fill(NO_JUDGMENT)));
      arrays[key] = codes;
    }
    const code = outcomeOf[out.codes[i]];
    // a later judgment of the same run, reference and judge replaces an earlier one, as in judgmentsOf
    for (let p = positionOf[run.codes[i]]; p !== -1; p = next[p]) codes[p] = code;
  }
  return irregular;
}

/**
 * The outcome one judge gave each run against one reference, by the run's position in `ds.rows.runs`:
 * judgmentsOf(ds, reference, judge).get(runs[i].run_id) as a code (OUTCOME_OF_CODE; NO_JUDGMENT -1
 * none). Built once per dataset for every (reference, judge) in one pass over the judgments, without
 * a map per (reference, judge) of every judged run (issue 27: 802,560 map entries on the wide
 * dataset). No quantity.
 * @example judgmentCodes(loadDataset('data/recorded/synthetic-small'), 'expert_only', 'J1')[0] // => 2
 */
export function judgmentCodes(dataset: Dataset, reference: string, judge: string): Int8Array {
  const idx = judgmentCodeIndex(checkDataset(dataset));
  return idx.byKey.get(reference)?.get(judge) ?? idx.none;
}

/** Whether judgmentCodes pairs judgments exactly as judgmentsOf does for judge agreement: no run_id shared by two runs and every outcome win, tie or loss (a loaded dataset always). */
export function judgmentCodesRegular(dataset: Dataset): boolean {
  return !judgmentCodeIndex(checkDataset(dataset)).irregular;
}

/** Cost of a run at a replacement node rate: C(r) = C(base) + T_alloc (r - base) (Appendix G.1). */
export function runCostAtRate(run: RunRow, baseRateUSDPerHour: number | null, rateUSDPerHour: number): number {
  if (baseRateUSDPerHour === null) throw new UnsupportedOutputError(`system ${run.system} has no node_rate_usd_per_hour, so its cost cannot be re-priced`);
  if (run.node_hours === null && (!(baseRateUSDPerHour > 0) || !Number.isFinite(baseRateUSDPerHour))) {
    throw new UnsupportedOutputError(`run ${run.run_id}: no node_hours and a node rate of ${baseRateUSDPerHour} USD per node-hour, so its node time is unknown and it cannot be re-priced`);
  }
  if (!(rateUSDPerHour >= 0) || !Number.isFinite(rateUSDPerHour)) throw new J2GError(`invalid node rate: ${rateUSDPerHour} (expected a finite USD per node-hour >= 0)`);
  // Without a recorded allocation, all of the run's cost is taken to be node time at the base rate.
  const nodeHours = run.node_hours ?? run.cost_usd / baseRateUSDPerHour;
  return run.cost_usd + nodeHours * (rateUSDPerHour - baseRateUSDPerHour);
}

/** The reference itself, or throws "invalid judgmentReference: x (expected expert_only or expert_with_ai)". */
export function checkReference(option: string, value: unknown): Reference {
  if (!(REFERENCES as readonly unknown[]).includes(value)) throw new J2GError(`invalid ${option}: ${JSON.stringify(value)} (expected ${REFERENCES.join(' or ')})`);
  return value as Reference;
}

/** The judges of the judgments in order of first appearance (what `new Set(judgments.map(j => j.judge))` holds). */
function judgesInOrder(ds: Dataset): string[] {
  const seen = new Set<string>();
  eachJudgment(ds, (_r, _t, judge) => { seen.add(judge); });
  return [...seen];
}

const judgeCache = new WeakMap<Dataset, Set<string>>();
/** Judges that have at least one judgment in the dataset. Cached per dataset. */
export function judgesOf(dataset: Dataset): Set<string> {
  const ds = checkDataset(dataset);
  let judges = judgeCache.get(ds);
  // a dataset loaded without its records (`j2g tables --engine duckdb`): the engine's list, in the same order
  if (!judges) judgeCache.set(ds, (judges = new Set(attachedAggregates(ds)?.judges ?? judgesInOrder(ds))));
  return judges;
}

/**
 * Throws "unknown system: x (systems.csv has: a, b)" or "unknown judge: x (judgments.csv has: J1, J2)"
 * for a name the dataset does not have, so that a typo is not read as "no runs" or "no judgments".
 */
export function checkSystemAndJudge(dataset: Dataset, system: string, judge: string): void {
  const ds = checkDataset(dataset);
  if (!ds.rows.systems.some((s) => s.system === system)) throw new J2GError(`unknown system: ${system} (systems.csv has: ${ds.rows.systems.map((s) => s.system).join(', ')})`);
  if (!judgesOf(ds).has(judge)) throw new J2GError(`unknown judge: ${judge} (judgments.csv has: ${[...judgesOf(ds)].join(', ')})`);
}

/**
 * The replacement node rate of `rates` for `system` (USD per node-hour), or undefined (recorded cost);
 * throws for a malformed `rates` option.
 * @example nodeRateOf({ bySystem: { a: 40 } }, 'b') // => undefined
 */
export function nodeRateOf(rates: unknown, system?: string): number | undefined {
  if (rates === undefined) return undefined;
  const keys = typeof rates === 'object' && rates !== null ? Object.keys(rates) : null;
  if (!keys || keys.some((k) => k !== 'nodeRateUSDPerHour' && k !== 'bySystem')) throw new J2GError(`invalid rates: ${JSON.stringify(rates)} (expected { nodeRateUSDPerHour: USD per node-hour } or { bySystem: { system: USD per node-hour } })`);
  const r = rates as RateOptions;
  const valid = (x: unknown) => x === undefined || (typeof x === 'number' && x >= 0 && Number.isFinite(x));
  if (r.bySystem !== undefined) {
    if (typeof r.bySystem !== 'object' || r.bySystem === null) throw new J2GError(`invalid rates.bySystem: ${JSON.stringify(r.bySystem)}`);
    for (const [name, x] of Object.entries(r.bySystem)) if (!valid(x)) throw new J2GError(`invalid node rate for ${name}: ${x}`);
    if (system !== undefined && Object.hasOwn(r.bySystem, system)) return r.bySystem[system];
    if (r.nodeRateUSDPerHour === undefined) return undefined;
  }
  if (!valid(r.nodeRateUSDPerHour)) throw new J2GError(`invalid node rate: ${r.nodeRateUSDPerHour}`);
  return r.nodeRateUSDPerHour;
}

/** The component fields a caller may leave out. */
export const COMPONENT_FIELDS = ['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit'] as const;
export type ComponentField = (typeof COMPONENT_FIELDS)[number];

/** ComponentOptions with every field filled: what taskComponents computes from. */
export interface ResolvedComponentOptions {
  readonly dataset: Dataset;
  readonly system: string;
  readonly judge: string;
  readonly judgmentReference: Reference;
  readonly timeReference: Reference;
  readonly policy: AttemptPolicy;
  readonly rates: RateOptions | undefined;
  readonly tieCredit: number;
  /** the fields filled from a default (or, for timeReference, from the judgment reference) */
  readonly derived: readonly ComponentField[];
}

/**
 * The component defaults of a manifest, written once (Joules-to-GDP section 3.2.1, Appendix K): the
 * primary system and judge, expert-only judgments, pass@1; the time reference follows the judgment
 * reference (`timeReferenceOf`). resolveComponentOptions and the DuckDB engine both read them here.
 * @example componentDefaults({ primary_system: 'sysX', primary_judge: 'J1' }).judgmentReference // => 'expert_only'
 */
export function componentDefaults(manifest: { primary_system: string; primary_judge: string }): { system: string; judge: string; judgmentReference: Reference; policy: AttemptPolicy; tieCredit: number } {
  return { system: manifest.primary_system, judge: manifest.primary_judge, judgmentReference: 'expert_only', policy: PASS_AT_1, tieCredit: PAPER_TIE_CREDIT };
}

/** The paper's tie credit: "a tie receives the full output dollar value" (Joules-to-GDP section 2.2). */
export const PAPER_TIE_CREDIT = 1;

/**
 * The tie credit itself when it is a number in [0, 1], else throws "invalid tieCredit: x (expected a
 * number from 0 to 1: the credit of a tie, 1 the paper's)".
 * @example checkTieCredit(0.5) // => 0.5
 */
export function checkTieCredit(value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) throw new J2GError(`invalid tieCredit: ${JSON.stringify(value) ?? String(value)} (expected a number from 0 to 1: the credit of a tie, 1 the paper's)`);
  return value;
}

/** The time reference of a judgment reference when none is chosen: the same reference. @example timeReferenceOf('expert_with_ai') // => 'expert_with_ai' */
export function timeReferenceOf(judgmentReference: Reference): Reference {
  return judgmentReference;
}

/** Marks an object whose component fields were filled and checked here (a resolved scenario context). */
export const RESOLVED = Symbol.for('j2g.resolvedComponentOptions');

/**
 * The one place the component defaults are applied (Joules-to-GDP section 3.2.1, Appendix K): system
 * and judge from the manifest (primary_system, primary_judge), expert_only judgments, the time reference
 * of the judgment reference, pass@1, recorded costs. Checks every value (unknown system or judge, a bad
 * reference, policy or rates option). An object already resolved (it carries RESOLVED) is returned as it is.
 * @example resolveComponentOptions({ dataset: loadDataset('data/recorded/synthetic-small') }).system // => 'sysX'
 */
export function resolveComponentOptions(options: ComponentOptions): ResolvedComponentOptions {
  if ((options as unknown as Record<symbol, unknown>)[RESOLVED] === true) return options as unknown as ResolvedComponentOptions;
  const ds = checkDataset(options.dataset);
  const derived: ComponentField[] = [];
  const pick = <T>(field: ComponentField, value: T | undefined, fallback: () => T): T => {
    if (value !== undefined) return value;
    derived.push(field);
    return fallback();
  };
  const d = componentDefaults(ds.manifest);
  const system = pick('system', options.system, () => d.system);
  const judge = pick('judge', options.judge, () => d.judge);
  checkSystemAndJudge(ds, system, judge);
  const judgmentReference = checkReference('judgmentReference', pick('judgmentReference', options.judgmentReference, () => d.judgmentReference));
  const timeReference = checkReference('timeReference', pick('timeReference', options.timeReference, () => timeReferenceOf(judgmentReference)));
  // a notebook may write the policy as text (`table13({ dataset, policy: 'pass@2' })`), as a scenario does
  const given = options.policy as AttemptPolicy | string | undefined;
  const policy = checkPolicy(pick('policy', typeof given === 'string' ? parsePolicy(given) : given, () => d.policy));
  if (options.rates !== undefined) nodeRateOf(options.rates, system); // throws for a malformed rates option
  const tieCredit = checkTieCredit(pick('tieCredit', options.tieCredit, () => d.tieCredit));
  return { dataset: ds, system, judge, judgmentReference, timeReference, policy, rates: options.rates, tieCredit, derived };
}

/**
 * What taskComponents needs of one system, whatever the judge, references and policy: the tasks it
 * ran (dataset order) with their runs in attempt order, their occupations and wages, and the tasks it
 * never ran. Built once per dataset and system (taskComponents is called for every cell of every
 * table: on 25,080 tasks the string keys and map lookups of each call cost more than its arithmetic).
 */
interface SystemIndex {
  included: TaskRow[];
  taskIds: string[];
  /** lists[i]: task i's runs on the system, in attempt order */
  lists: RunRow[][];
  /** runAt[i]: where task i's runs start in the flattened lists (outcomeIndex) */
  runAt: Int32Array;
  /** runPos[runAt[i] + r]: a position in `ds.rows.runs` of task i's run r's id (judgmentCodes) */
  runPos: Int32Array;
  /** task i's run r's cost_usd (USD), energy_mj (MJ) and ai_hours (hours) at runAt[i] + r: read in taskComponents' loop without a run object */
  runCost: Float64Array;
  runEnergy: Float64Array;
  runAi: Float64Array;
  occupations: string[];
  occupationIndex: Int32Array;
  /** W_o of task i's occupation, USD per hour */
  wage: Float64Array;
  tasksWithoutRuns: string[];
}

const systemIndexCache = new WeakMap<Dataset, Map<string, SystemIndex>>();

function systemIndex(ds: Dataset, system: string): SystemIndex {
  let bySystem = systemIndexCache.get(ds);
  if (!bySystem) systemIndexCache.set(ds, (bySystem = new Map()));
  let index = bySystem.get(system);
  if (index) return index;
  const { groupOf, lists: groupLists, start, flat } = runGroups(ds);
  const tasksOf = groupOf.get(system);
  const included: TaskRow[] = [], lists: RunRow[][] = [], groupsOf: number[] = [], tasksWithoutRuns: string[] = [];
  for (const t of ds.rows.tasks) {
    const g = tasksOf?.get(t.task_id);
    if (g !== undefined) { included.push(t); lists.push(groupLists[g]); groupsOf.push(g); } else tasksWithoutRuns.push(t.task_id);
  }
  const occSet = new Set(included.map((t) => t.occupation));
  const occupations = ds.rows.occupations.map((o) => o.occupation).filter((o) => occSet.has(o));
  const occPos = new Map(occupations.map((o, i) => [o, i]));
  const wageOf = new Map(ds.rows.occupations.map((o) => [o.occupation, o.median_hourly_wage_usd]));
  const n = included.length;
  const runAt = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) runAt[i + 1] = runAt[i] + lists[i].length;
  const runPos = new Int32Array(runAt[n]);
  const runCost = new Float64Array(runAt[n]), runEnergy = new Float64Array(runAt[n]), runAi = new Float64Array(runAt[n]);
  for (let i = 0, p = 0; i < n; i++) {
    // a run's own position in ds.rows.runs: judgmentCodes gives every position of a run_id the same code
    const list = lists[i], first = start[groupsOf[i]];
    for (let r = 0; r < list.length; r++) {
      const run = list[r];
      runPos[p] = flat[first + r];
      runCost[p] = run.cost_usd;
      runEnergy[p] = run.energy_mj;
      runAi[p] = run.ai_hours;
      p++;
    }
  }
  index = {
    included, taskIds: included.map((t) => t.task_id), lists, runAt, runPos, runCost, runEnergy, runAi, occupations,
    occupationIndex: Int32Array.from(included, (t) => occPos.get(t.occupation)!),
    wage: Float64Array.from(included, (t) => wageOf.get(t.occupation)!),
    tasksWithoutRuns,
  };
  bySystem.set(system, index);
  return index;
}

/**
 * n_o, the tasks of each occupation the system ran (taskComponents' `occupations`, in their order): the
 * counts its task bootstrap resamples within. Empty for a system without runs. Units: tasks.
 * @example Array.from(systemOccupationCounts(loadDataset('data/recorded/synthetic-small'), 'sysX')) // => [2, 2, 2]
 */
export function systemOccupationCounts(dataset: Dataset, system: string): Int32Array {
  const { occupations, occupationIndex } = systemIndex(checkDataset(dataset), system);
  const counts = new Int32Array(occupations.length);
  for (const o of occupationIndex) counts[o]++;
  return counts;
}

const outcomeCache = new WeakMap<SystemIndex, Map<string, Int8Array>>();

/** The outcome of every run of the system's lists (flattened: task i's attempt r at runAt[i] + r) by one judge against one reference: 1 a win or tie (or an outcome the schema does not allow, in rows replaced unchecked), 0 a loss, NO_JUDGMENT none. */
function outcomeIndex(ds: Dataset, index: SystemIndex, reference: Reference, judge: string): Int8Array {
  let byKey = outcomeCache.get(index);
  if (!byKey) outcomeCache.set(index, (byKey = new Map()));
  const key = JSON.stringify([reference, judge]);
  let outcomes = byKey.get(key);
  if (outcomes) return outcomes;
  const codes = judgmentCodes(ds, reference, judge), { runPos } = index;
  outcomes = new Int8Array(runPos.length);
  for (let p = 0; p < runPos.length; p++) {
    const c = codes[runPos[p]];
    outcomes[p] = c === NO_JUDGMENT ? NO_JUDGMENT : c === 0 ? 0 : 1;
  }
  byKey.set(key, outcomes);
  return outcomes;
}

/**
 * The credit indicator of every run of the system's lists (as outcomeIndex): 1 a win (or an outcome the
 * schema does not allow), `tieCredit` a tie, 0 a loss, NO_JUDGMENT none. With a tie credit of 1, the
 * outcomeIndex codes themselves.
 */
function creditIndex(ds: Dataset, index: SystemIndex, reference: Reference, judge: string, tieCredit: number): ArrayLike<number> {
  const outcomes = outcomeIndex(ds, index, reference, judge);
  if (tieCredit === 1) return outcomes;
  const codes = judgmentCodes(ds, reference, judge), { runPos } = index;
  const credit = new Float64Array(runPos.length);
  for (let p = 0; p < runPos.length; p++) credit[p] = codes[runPos[p]] === 1 ? tieCredit : outcomes[p];
  return credit;
}

/**
 * The tasks a system ran (dataset order), their runs in attempt order, and whether each run has a
 * judgment by `judge` against `reference` (`judged[runAt[i] + r]`: 1 a win or tie, 0 a loss, -1
 * none), and a position in `ds.rows.runs` of each run's id (`positions[runAt[i] + r]`, for
 * judgmentCodes), from the cached per-system index: no map lookup per run (policyTables'
 * judgedAttempts, table02's repeated-output agreement).
 */
export function runOutcomes(dataset: Dataset, system: string, reference: Reference, judge: string): { tasks: readonly TaskRow[]; lists: readonly (readonly RunRow[])[]; runAt: Int32Array; judged: Int8Array; positions: Int32Array } {
  const ds = checkDataset(dataset);
  const index = systemIndex(ds, system);
  return { tasks: index.included, lists: index.lists, runAt: index.runAt, judged: outcomeIndex(ds, index, reference, judge), positions: index.runPos };
}

/**
 * The per-task components of the file comment (credit Q_i, valueUSD G_i in USD, costUSD C_i in USD,
 * energyMJ E_i in MJ, aiHours L_i in hours, timeSavingHours S_i in hours), aligned by task.
 * // Joules-to-GDP sections 2.2-2.4, K.1, K.2
 * @example taskComponents({ dataset: loadDataset('data/recorded/synthetic-small') }).taskIds.length // => 6
 */
export function taskComponents(options: ComponentOptions): TaskComponents {
  const { dataset: ds, system, judge, judgmentReference, timeReference, policy, rates, tieCredit } = resolveComponentOptions(options);
  const k = attemptsCharged(policy);
  const systemRow = ds.rows.systems.find((s) => s.system === system)!;
  const rate = nodeRateOf(rates, system);
  const index = systemIndex(ds, system);
  const { included, lists } = index;
  if (included.length === 0) throw new UnsupportedOutputError(`system ${system} has no runs`);
  const outcomes = creditIndex(ds, index, judgmentReference, judge, tieCredit);

  const n = included.length;
  const out: TaskComponents = {
    system, judge, judgmentReference, timeReference, policy, tieCredit,
    taskIds: index.taskIds.slice(),
    occupations: index.occupations.slice(),
    occupationIndex: index.occupationIndex.slice(),
    expertHours: new Float64Array(n), wageUSDPerHour: new Float64Array(n),
    credit: new Float64Array(n), valueUSD: new Float64Array(n), costUSD: new Float64Array(n),
    energyMJ: new Float64Array(n), aiHours: new Float64Array(n), timeSavingHours: new Float64Array(n),
    tasksWithoutRuns: index.tasksWithoutRuns.slice(),
  };
  const problems: string[] = [];
  const wins = new Float64Array(k);
  const { wage, runAt, runCost, runEnergy, runAi } = index;
  for (let i = 0; i < n; i++) {
    const t = included[i];
    const H = hoursAt(t, timeReference);
    if (H === null) { problems.push(`task ${t.task_id} has no ${timeReference} completion time (expert_ai_hours is empty)`); continue; }
    const list = lists[i];
    if (list.length < k) { problems.push(`task ${t.task_id} has ${list.length} attempt(s) on ${system}, ${policyLabel(policy)} needs ${k}`); continue; }
    let cost = 0, energy = 0, ai = 0, winAi = 0, winCount = 0, missing = false;
    for (let r = 0, p = runAt[i]; r < k; r++, p++) {
      const outcome = outcomes[p];
      if (outcome === NO_JUDGMENT) { problems.push(`run ${list[r].run_id} has no ${judgmentReference} judgment by ${judge}`); missing = true; break; }
      wins[r] = outcome;
      cost += rate === undefined ? runCost[p] : runCostAtRate(list[r], systemRow.node_rate_usd_per_hour, rate);
      energy += runEnergy[p];
      ai += runAi[p];
    }
    if (missing) continue;
    const Q = taskCredit(policy, wins);
    // the attempts a credited task's saving averages over: K.2's winning attempts
    for (let r = 0, p = runAt[i]; r < k; r++, p++) if (countsForSaving(wins[r], Q)) { winAi += runAi[p]; winCount++; }
    const W = wage[i];
    out.expertHours[i] = H;
    out.wageUSDPerHour[i] = W;
    out.credit[i] = Q;
    out.valueUSD[i] = Q * H * W;
    out.costUSD[i] = cost;
    out.energyMJ[i] = energy;
    out.aiHours[i] = ai;
    out.timeSavingHours[i] = Q ? Q * (H - winAi / winCount) : 0; // S_i = Y_i (H_i - L_i), section 2.4; Q = 1 leaves H - L as it is
  }
  if (problems.length) {
    const shown = problems.slice(0, 10).join('\n  ');
    throw new UnsupportedOutputError(`cannot evaluate ${system} (judge ${judge}, ${policyLabel(policy)}): ${problems.length} problem(s)\n  ${shown}${problems.length > 10 ? `\n  ... and ${problems.length - 10} more` : ''}`);
  }
  return out;
}
