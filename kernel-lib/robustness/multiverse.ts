/**
 * The multiverse of analysis choices (issue #26, part 1): every specification of a grid of scenario
 * fields, its Table 1 systems with NVJ and TSJ and their percentile 95% intervals, and how many
 * specifications each conclusion holds in.
 *
 * One task-composition bootstrap (Joules-to-GDP K.1, uncertainty/taskBootstrap.ts: the context's draws
 * and seed, the reference system's tasks) drives every specification: the draws replay from the seed,
 * so every specification, every system and every category is evaluated on the same resampled tasks,
 * and a difference between two systems (or two specifications) is paired draw by draw. A system whose
 * tasks differ from the reference system's has its own draws (same seed): its interval is its own, and
 * a conclusion that compares it is counted without an interval (`paired` false in specifications.csv).
 *
 * Each specification's context is `withScenario(root, patch)`, root being the base context without the
 * grid's fields, so that the per-task components of one (system, judge, reference, policy, rate) are
 * computed once for the whole multiverse (tables/context.ts). Its Table 1 is `systemSummaries`, the
 * rows `table01` prints: `nvj` is table01.csv's under the same scenario (test/robustness checks it
 * against `j2g tables`). A specification whose Table 1 the dataset cannot support
 * (UnsupportedOutputError: a judge without judgments of the system, too few attempts) is listed with
 * the reason, never dropped; every other error fails the run.
 * @example multiverse({ dataset: loadDataset('data/recorded/synthetic-small') }, { weights: ['gdp', 'equal'] }).specs.length // => 2
 */
import { J2GError, UnsupportedOutputError } from '../errors.ts';
import { noiseWords, tasksOnly } from '../uncertainty/noise.ts';
import { CONTEXT_FIELDS, memoOf, resolveContext, withScenario, type ContextPatch, type ScenarioContext } from '../tables/context.ts';
import type { TableOptions } from '../tables/options.ts';
import { systemSummaries } from '../tables/table01.ts';
import { categorySummaries } from '../tables/table13.ts';
import { evaluate, weightedCategories } from '../tables/evaluate.ts';
import type { NodeRate } from '../tables/options.ts';
import { taskBootstrap, sameTaskStructure, type TaskBootstrap } from '../uncertainty/taskBootstrap.ts';
import { groupMeanDraws } from '../uncertainty/groupMeanDraws.ts';
import { uniqueColumns } from '../uncertainty/componentDraws.ts';
import { percentileIntervalInPlace } from '../uncertainty/percentileInterval.ts';
import type { BootstrapSettings } from '../uncertainty/settings.ts';
import type { TaskComponents } from '../metrics/taskComponents.ts';
import { warnings, distinctWarnings } from '../warn.ts';
import { checkGrid, defaultGrid, gridLabel, specifications, GRID_FIELDS, type Grid, type GridField, type GridValue, type Specification } from './grid.ts';
import { COMPS, conclusionsFor, leaderOf, type Comp, type Conclusion, type RowComponents, type SpecRows } from './conclusions.ts';
import { choiceSpread, jointTest, type ChoiceSpread, type JointTest } from './inference.ts';

export interface MultiverseOptions {
  /** rows of a rates sweep: the default grid adds each as a rates value */
  sweep?: readonly NodeRate[];
  /** a line of progress (stderr in the CLI) about every tenth of the specifications */
  progress?: (line: string) => void;
}

export interface SpecResult {
  spec: Specification;
  /** null when supported, else why the dataset cannot support it */
  unsupported: string | null;
  /** Table 1's systems in this specification, in table order */
  systems: string[];
  /** what a supported specification lacks, in words (Table 13 not evaluable, categories not on the shared draws), or '' */
  note: string;
}

export interface SystemRow {
  spec: string;
  system: string;
  nvj: number; nvj_lo: number | null; nvj_hi: number | null;
  tsj: number; tsj_lo: number | null; tsj_hi: number | null;
  /** evaluated on the shared resampled tasks (false: its own draws, not paired with the others) */
  paired: boolean;
}

export interface ConclusionEvaluation {
  conclusion: string;
  spec: string;
  /** the signed margin at the full sample (positive: the conclusion holds) */
  margin: number;
  lo: number | null;
  hi: number | null;
}

export interface ConclusionSummary {
  conclusion: string;
  statement: string;
  /** whether it holds in the reference specification (the base scenario), null when it cannot be evaluated there */
  holdsInReference: boolean | null;
  holds: number;
  of: number;
  share: number | null;
  /** specifications whose paired 95% interval of the margin excludes zero on the conclusion's side */
  holdsWithInterval: number | null;
  shareWithInterval: number | null;
}

export interface MultiverseResult {
  fields: GridField[];
  grid: Grid;
  specs: SpecResult[];
  rows: SystemRow[];
  evaluations: ConclusionEvaluation[];
  conclusions: ConclusionSummary[];
  /** the joint test of each conclusion over the specifications with paired draws (inference.ts); empty without a bootstrap */
  jointTests: JointTest[];
  /** the spread of the bootstrap system's NVJ and TSJ over the specifications, split by grid field (inference.ts) */
  spread: ChoiceSpread[];
  /** the id of the specification equal to the base scenario, if the grid has it */
  referenceSpec: string | null;
  /** the draws shared by every specification, or false (no intervals) */
  bootstrap: BootstrapSettings | false;
  /** the system whose tasks the shared draws resample */
  bootstrapSystem: string;
  warnings: { message: string; count: number }[];
  elapsedS: number;
}

/** Draws of every component of each row (groups) of several cells, aggregated in one pass. */
function rowDraws(boot: TaskBootstrap, cells: TaskComponents[], weights: Float64Array, groupOf: Int32Array, groups: number): Record<Comp, Float64Array>[][] {
  const { unique, position } = uniqueColumns(cells.flatMap((c) => COMPS.map((k) => c[k])));
  const drawn = groupMeanDraws(boot, unique, weights, groupOf, groups);
  return cells.map((_, i) => Array.from({ length: groups }, (_, g) => Object.fromEntries(COMPS.map((k, j) => [k, drawn[position[i * COMPS.length + j]][g]])) as Record<Comp, Float64Array>));
}

function interval(x: Float64Array | null): { lo: number | null; hi: number | null } {
  if (!x) return { lo: null, hi: null };
  const { lower, upper } = percentileIntervalInPlace(x.slice());
  return { lo: lower, hi: upper };
}

const ratio = (d: Record<Comp, Float64Array>, f: (b: number) => number) => Float64Array.from({ length: d.energyMJ.length }, (_, b) => f(b));

function sameTasks(a: TaskComponents, b: TaskComponents): boolean {
  return a.taskIds.length === b.taskIds.length && a.taskIds.every((t, i) => t === b.taskIds[i]) && sameTaskStructure(a.occupationIndex, b.occupationIndex);
}

/**
 * The rows a specification's conclusions read: Table 1's systems and Table 13's categories of the
 * specification's system, each with its components and (when the bootstrap is on) their draws.
 */
export function specRows(ctx: ScenarioContext, boot: TaskBootstrap | null, bootTasks: TaskComponents | null): { rows: SpecRows; paired: Map<string, boolean>; order: string[]; note: string } {
  const summaries = systemSummaries(ctx);
  const systems = new Map<string, RowComponents>();
  const paired = new Map<string, boolean>();
  const evs = summaries.map((s) => evaluate(withScenario(ctx, { system: s.system })));
  const shared = evs.map((ev) => !!boot && !!bootTasks && sameTasks(ev.components, bootTasks));
  const point = (x: Record<Comp, number>) => Object.fromEntries(COMPS.map((k) => [k, x[k]])) as Record<Comp, number>;
  let sharedDraws: Record<Comp, Float64Array>[] = [];
  const sharedIdx = evs.map((_, i) => i).filter((i) => shared[i]);
  if (boot && sharedIdx.length) {
    const O = boot.occupations;
    sharedDraws = rowDraws(boot, sharedIdx.map((i) => evs[i].components), evs[sharedIdx[0]].weights, new Int32Array(O), 1).map((g) => g[0]);
  }
  summaries.forEach((s, i) => {
    let draws: Record<Comp, Float64Array> | null = null;
    if (shared[i]) draws = sharedDraws[sharedIdx.indexOf(i)];
    else if (boot) {
      const c = evs[i].components;
      const own = taskBootstrap(c.occupationIndex, c.occupations.length, { draws: boot.draws, seed: boot.seed });
      draws = rowDraws(own, [c], evs[i].weights, new Int32Array(c.occupations.length), 1)[0][0];
    }
    systems.set(s.system, { point: point(s), draws });
    paired.set(s.system, shared[i]);
  });
  const categories = new Map<string, RowComponents>();
  let cats: ReturnType<typeof categorySummaries> = [];
  const notes: string[] = [];
  try {
    cats = categorySummaries(ctx);
  } catch (e) {
    if (!(e instanceof UnsupportedOutputError)) throw e;
    notes.push(`Table 13 (${ctx.system}): ${e.message.split('\n')[0]}`);
  }
  if (cats.length) {
    const ev = evaluate(ctx);
    let drawn: Record<Comp, Float64Array>[] | null = null;
    if (boot && bootTasks && sameTasks(ev.components, bootTasks)) {
      const { categoryOf, names } = weightedCategories(ctx, ev);
      const groupOf = Int32Array.from(categoryOf, (c) => Math.max(0, names.indexOf(c)));
      drawn = rowDraws(boot, [ev.components], ev.weights, groupOf, names.length)[0];
    } else if (boot) notes.push(`Table 13 (${ctx.system}): its tasks differ from the shared draws' tasks, so its category conclusions count without an interval`);
    cats.forEach((c, g) => categories.set(c.category, { point: point(c), draws: drawn ? drawn[g] : null }));
  }
  return { rows: { systems, categories }, paired, order: summaries.map((s) => s.system), note: notes.join('; ') };
}

/**
 * Every specification of `grid` (default: `defaultGrid`) over the base scenario, its Table 1 rows with
 * intervals, and the conclusions' counts (see the file comment). `base`: options or a resolved context;
 * its bootstrap settings are the shared draws (false: no intervals, share_with_interval empty).
 */
export function multiverse(base: TableOptions | ScenarioContext, grid?: unknown, options: MultiverseOptions = {}): MultiverseResult {
  const t0 = performance.now();
  const mark = warnings().length;
  const ctx = resolveContext(base);
  // the specifications' intervals are the shared task-composition draws (paired across specifications)
  if (!tasksOnly(ctx.noise)) throw new J2GError(`multiverse: its intervals resample tasks only (paired across specifications), so a scenario noise of ${noiseWords(ctx.noise)} cannot apply; leave noise at tasks and add --budget for the other sources`);
  const checked = grid === undefined ? defaultGrid(ctx, options.sweep) : checkGrid(grid, ctx);
  const fields = GRID_FIELDS.filter((f) => checked[f] !== undefined);
  // root: the base without the grid's fields (a grid's "recorded" rates must not inherit the base's);
  // every specification is resolved from root's options and its patch, in the base's memo family, so
  // that the components of one (system, judge, reference, policy, rate) are computed once.
  const rootOptions: Record<string, unknown> = { dataset: ctx.dataset };
  for (const f of CONTEXT_FIELDS) if (!ctx.derived.includes(f) && !(fields as readonly string[]).includes(f)) rootOptions[f] = ctx[f];
  const memo = memoOf(ctx);
  const contextOf = (patch: ContextPatch) => resolveContext({ ...rootOptions, ...patch } as unknown as TableOptions, memo);
  const rootCtx = contextOf({});
  const specs = specifications(rootCtx, checked);
  // the reference specification: the base scenario itself
  const refPatch: ContextPatch = {};
  for (const f of fields) {
    if (f === 'rates') { if (ctx.rates) refPatch.rates = ctx.rates; continue; }
    if (f === 'timeReference' && ctx.derived.includes('timeReference')) continue;
    (refPatch as Record<string, unknown>)[f] = ctx[f];
  }
  const refCtx = contextOf(refPatch);
  const bootstrap = ctx.bootstrap;
  const bootTasks = evaluate(refCtx).components;
  const boot = bootstrap ? taskBootstrap(bootTasks.occupationIndex, bootTasks.occupations.length, bootstrap) : null;
  const ref = specRows(refCtx, boot, bootTasks);
  const refLabels = Object.fromEntries(fields.map((f) => [f, gridLabel(f, refValue(f, ctx))]));
  // conclusions: pairs over every system of the dataset that appears in Table 1 somewhere; leaders of the reference
  const results: SpecResult[] = [];
  const rows: SystemRow[] = [];
  const perSpec: { id: string; rows: SpecRows }[] = [];
  const step = Math.max(1, Math.ceil(specs.length / 10));
  specs.forEach((spec, s) => {
    const sctx = contextOf(spec.patch);
    let out: ReturnType<typeof specRows>;
    const before = warnings().length;
    try {
      out = specRows(sctx, boot, bootTasks);
    } catch (e) {
      if (!(e instanceof UnsupportedOutputError)) throw e;
      results.push({ spec, unsupported: e.message.split('\n')[0], systems: [], note: '' });
      return;
    }
    if (out.order.length === 0) {
      const why = warnings().slice(before);
      results.push({ spec, unsupported: `Table 1 has no system${why.length ? `: ${why.join('; ')}` : ''}`, systems: [], note: '' });
      return;
    }
    results.push({ spec, unsupported: null, systems: out.order, note: out.note });
    for (const system of out.order) {
      const r = out.rows.systems.get(system)!;
      const d = r.draws;
      const nvj = (r.point.valueUSD - r.point.costUSD) / r.point.energyMJ, tsj = r.point.timeSavingHours / r.point.energyMJ;
      const ni = interval(d ? ratio(d, (b) => (d.valueUSD[b] - d.costUSD[b]) / d.energyMJ[b]) : null);
      const ti = interval(d ? ratio(d, (b) => d.timeSavingHours[b] / d.energyMJ[b]) : null);
      rows.push({ spec: spec.id, system, nvj, nvj_lo: ni.lo, nvj_hi: ni.hi, tsj, tsj_lo: ti.lo, tsj_hi: ti.hi, paired: out.paired.get(system)! });
    }
    perSpec.push({ id: spec.id, rows: out.rows });
    if (options.progress && ((s + 1) % step === 0 || s + 1 === specs.length)) options.progress(`${s + 1} of ${specs.length} specifications (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  });
  const everySystem = ctx.dataset.rows.systems.map((r) => r.system).filter((id) => results.some((r) => r.systems.includes(id)));
  const conclusions = conclusionsFor(ctx.dataset, refCtx.system, everySystem, {
    nvj: leaderOf(ref.rows.systems, 'nvj'), tsj: leaderOf(ref.rows.systems, 'tsj'),
    catNvj: leaderOf(ref.rows.categories, 'nvj'), catTsj: leaderOf(ref.rows.categories, 'tsj'),
  });
  const evaluations: ConclusionEvaluation[] = [];
  const jointTests: JointTest[] = [];
  const summaries: ConclusionSummary[] = conclusions.map((c: Conclusion) => {
    let holds = 0, of = 0, withInterval = 0;
    const pairedValues: number[] = [], pairedDraws: Float64Array[] = [];
    for (const p of perSpec) {
      const m = c.margin(p.rows);
      if (!m) continue;
      of++;
      if (m.value > 0) holds++;
      const iv = interval(m.draws);
      if (iv.lo !== null && iv.lo > 0) withInterval++;
      evaluations.push({ conclusion: c.id, spec: p.id, margin: m.value, lo: iv.lo, hi: iv.hi });
      if (m.draws) { pairedValues.push(m.value); pairedDraws.push(m.draws); }
    }
    const joint = bootstrap ? jointTest(c.id, pairedValues, pairedDraws) : null;
    if (joint) jointTests.push(joint);
    const r = c.margin(ref.rows);
    return {
      conclusion: c.id, statement: c.statement, holdsInReference: r ? r.value > 0 : null,
      holds, of, share: of ? holds / of : null,
      holdsWithInterval: bootstrap ? withInterval : null, shareWithInterval: bootstrap && of ? withInterval / of : null,
    };
  });
  const referenceSpec = results.find((r) => fields.every((f) => r.spec.labels[f] === refLabels[f]))?.spec.id ?? null;
  const labelsOf = new Map(results.map((r) => [r.spec.id, r.spec.labels]));
  const own = rows.filter((r) => r.system === refCtx.system);
  const spread = (['nvj', 'tsj'] as const).flatMap((q) => choiceSpread(q, fields, own.map((r) => ({ labels: labelsOf.get(r.spec)!, value: r[q] }))));
  return {
    fields, grid: checked, specs: results, rows, evaluations, conclusions: summaries, jointTests, spread, referenceSpec,
    bootstrap, bootstrapSystem: refCtx.system,
    warnings: distinctWarnings(warnings().slice(mark)), elapsedS: (performance.now() - t0) / 1000,
  };
}

/** The base's value of a grid field, as a grid value. */
function refValue(f: GridField, ctx: ScenarioContext): GridValue {
  if (f === 'policy') return ctx.policy.kind === 'pass' ? `pass@${ctx.policy.k}` : `${ctx.policy.m}-of-${ctx.policy.n}`;
  if (f === 'rates') return 'recorded';
  return ctx[f] as GridValue;
}

