/**
 * Paired bootstrap draws of the difference of table cells between a baseline and a variant option
 * set (compareScenarios, issue #11). Both sides are evaluated on the same resampled tasks: one
 * task-composition bootstrap (uncertainty/taskBootstrap.ts, the baseline's draws and seed) drives the
 * group means of every cell of both sides, so each draw gives d* = R_variant(T*) - R_baseline(T*).
 * // Joules-to-GDP K.1 "Paired contrasts" (the same draws shared across the cells compared)
 *
 * Cells that carry a paired interval: every cell that is a function of group means of the per-task
 * components G (valueUSD), C (costUSD), E (energyMJ), S (timeSavingHours), L (aiHours) and the
 * win-tie credit Y, namely
 *   - Table 1, the primary system's row: cost_usd C~, completion_min 60 L~, energy_mj E~,
 *     nv_per_ai_usd (G~-C~)/C~, nv_per_ai_hour (G~-C~)/L~, nvj (G~-C~)/E~;
 *   - Table 13, every category: win_tie_pct 100 Y~, credited_value_usd, ai_cost_usd,
 *     time_saving_hours, energy_mj, ai_time_hours, nvj, tsj S~/E~;
 *   - Table 15, every occupation: win_tie_pct, nvj, tsj (occupation means);
 *   - Table 17, every (judgment, time) reference crossing: nvj, tsj;
 *   - Tables 19-21, every policy row both sides have: output_value_usd, ai_cost_usd, energy_mj,
 *     nvj, tsj, nv_per_ai_usd.
 * Not carried: Table 1's other systems (other tasks), Table 2 (judge agreement, not a task average),
 * Table 14 (ranks; its ratios are Table 13's), Table 18 (reductions between crossings), Table 22
 * (decomposition over references), Table 15's win_tie_lo/hi (each side's own Wilson interval).
 * A cell's interval is attached only when the full-sample statistic computed here equals the table's
 * printed cell on both sides (relative 1e-9), so a cell is never given the interval of another quantity;
 * a side whose tasks differ from the baseline's gets none.
 */
import { J2GError } from '../errors.ts';
import { evaluate, weightedCategories, type Evaluation } from '../tables/evaluate.ts';
import { CROSSINGS } from '../tables/table17.ts';
import { judgedAttempts, passAtKPolicies, thresholdPolicies } from '../tables/policyTables.ts';
import { policyLabel, type AttemptPolicy } from '../metrics/policy.ts';
import type { Reference } from '../data/schema.ts';
import type { TableOptions } from '../tables/options.ts';
import { taskBootstrap, sameTaskStructure, type TaskBootstrap } from '../uncertainty/taskBootstrap.ts';
import { groupMeanDraws } from '../uncertainty/groupMeanDraws.ts';
import { uniqueColumns } from '../uncertainty/componentDraws.ts';
import { percentileIntervalInPlace } from '../uncertainty/percentileInterval.ts';

/**
 * A cell as a linear form of its group's means (Y credit, G, C in USD, E in MJ, S, L in hours;
 * COLUMNS order), divided by one of them: (num . X) / X[den], with den = null for no denominator
 * (every ratio the tables print has a single mean below the line). One form for every cell keeps the
 * per-draw loop monomorphic.
 */
interface Stat { num: Args; den: number | null }
type Args = [number, number, number, number, number, number];
const lin = (Y: number, G: number, C: number, E: number, S: number, L: number): Args => [Y, G, C, E, S, L];
const C_COL = 2, E_COL = 3, L_COL = 5; // COLUMNS positions of the denominators
const nvj: Stat = { num: lin(0, 1, -1, 0, 0, 0), den: E_COL }; // (G - C) / E, eq. (2.4)
const tsj: Stat = { num: lin(0, 0, 0, 0, 1, 0), den: E_COL }; // S / E, eq. (2.5)
const perAIUSD: Stat = { num: lin(0, 1, -1, 0, 0, 0), den: C_COL }; // (G - C) / C
const perAIHour: Stat = { num: lin(0, 1, -1, 0, 0, 0), den: L_COL }; // (G - C) / L
const only = (k: number, scale = 1): Stat => ({ num: lin(...(Array.from({ length: 6 }, (_, j) => (j === k ? scale : 0)) as Args)), den: null });
const winTiePct = only(0, 100), valueG = only(1), costC = only(2), energyE = only(3), savingS = only(4), hoursL = only(5);

/** The statistic at group means x (COLUMNS order). */
function statAt(s: Stat, x: ArrayLike<number>): number {
  let n = 0;
  for (let j = 0; j < 6; j++) n += s.num[j] * x[j];
  return s.den === null ? n : n / x[s.den];
}

/** Column -> statistic of the group means, per table. */
export const PAIRED_COLUMNS: Record<string, Record<string, Stat>> = {
  table01: { cost_usd: costC, completion_min: only(5, 60), energy_mj: energyE, nv_per_ai_usd: perAIUSD, nv_per_ai_hour: perAIHour, nvj },
  table13: { win_tie_pct: winTiePct, credited_value_usd: valueG, ai_cost_usd: costC, time_saving_hours: savingS, energy_mj: energyE, ai_time_hours: hoursL, nvj, tsj },
  table15: { win_tie_pct: winTiePct, nvj, tsj },
  table17: { nvj, tsj },
  table19: { output_value_usd: valueG, ai_cost_usd: costC, energy_mj: energyE, nvj, tsj, nv_per_ai_usd: perAIUSD },
};
PAIRED_COLUMNS.table20 = PAIRED_COLUMNS.table19;
PAIRED_COLUMNS.table21 = PAIRED_COLUMNS.table19;

/**
 * work[i] = stat(variant draw i) - stat(baseline draw i) for the finite differences; returns how many.
 * xb[j], xv[j]: the draws of column j of the cell's group on each side.
 */
function pairedDifferences(s: Stat, xb: Float64Array[], xv: Float64Array[], work: Float64Array): number {
  const [n0, n1, n2, n3, n4, n5] = s.num;
  const [b0, b1, b2, b3, b4, b5] = xb, [v0, v1, v2, v3, v4, v5] = xv;
  const db = s.den === null ? null : xb[s.den], dv = s.den === null ? null : xv[s.den];
  let m = 0;
  for (let i = 0; i < work.length; i++) {
    const nb = n0 * b0[i] + n1 * b1[i] + n2 * b2[i] + n3 * b3[i] + n4 * b4[i] + n5 * b5[i];
    const nv = n0 * v0[i] + n1 * v1[i] + n2 * v2[i] + n3 * v3[i] + n4 * v4[i] + n5 * v5[i];
    const x = db === null ? nv - nb : nv / dv![i] - nb / db[i];
    if (Number.isFinite(x)) work[m++] = x;
  }
  return m;
}

/** One evaluated configuration of a side and the rows it gives: `rows[g]` is the row key of group g. */
interface Block {
  table: string;
  /** key shared by both sides' blocks of the same cells */
  key: string;
  ev: Evaluation;
  groupOf: Int32Array;
  rows: string[];
  weights: Float64Array;
}

const tryBuild = <T>(f: () => T): T | null => {
  try {
    return f();
  } catch (e) {
    if (e instanceof J2GError) return null;
    throw e;
  }
};

/** The blocks of one side (row keys as compareScenarios forms them: a table's text columns joined by ' | '). */
function blocksOf(options: TableOptions, system: string): Block[] {
  const out: Block[] = [];
  const ev = tryBuild(() => evaluate(options));
  if (!ev) return out; // the side's own configuration cannot be evaluated: nothing to pair
  const O = ev.components.occupations.length;
  const one = new Int32Array(O);
  // Table 1's primary-system row is evaluated under the side's own references and policy.
  out.push({ table: 'table01', key: 'table01', ev, groupOf: one, rows: [system], weights: ev.weights });
  const cat = tryBuild(() => weightedCategories(options, ev));
  if (cat) {
    out.push({ table: 'table13', key: 'table13', ev, groupOf: Int32Array.from(cat.categoryOf, (c) => Math.max(0, cat.names.indexOf(c))), rows: cat.names, weights: ev.weights });
  }
  // Occupation means do not depend on the weights: unit weights keep zero-weight occupations in.
  out.push({ table: 'table15', key: 'table15', ev, groupOf: Int32Array.from({ length: O }, (_, o) => o), rows: ev.means.occupations, weights: new Float64Array(O).fill(1) });
  for (const [s, t] of CROSSINGS) {
    const e = tryBuild(() => evaluate({ ...options, judgmentReference: s, timeReference: t }));
    if (e) out.push({ table: 'table17', key: `table17|${s}|${t}`, ev: e, groupOf: one, rows: [`${s} | ${t}`], weights: e.weights });
  }
  const policyBlocks = (table: string, reference: Reference, policies: (n: number) => AttemptPolicy[]) => {
    const n = tryBuild(() => judgedAttempts(options, reference));
    if (n === null) return;
    for (const p of policies(n)) {
      const e = tryBuild(() => evaluate({ ...options, policy: p, judgmentReference: reference, timeReference: reference }));
      if (e) out.push({ table, key: `${table}|${policyLabel(p)}`, ev: e, groupOf: one, rows: [policyLabel(p)], weights: e.weights });
    }
  };
  policyBlocks('table19', 'expert_only', passAtKPolicies);
  policyBlocks('table20', 'expert_only', thresholdPolicies);
  policyBlocks('table21', 'expert_with_ai', thresholdPolicies);
  return out;
}

const COLUMNS = ['credit', 'valueUSD', 'costUSD', 'energyMJ', 'timeSavingHours', 'aiHours'] as const;

/** Full-sample group means of a block: sum_{o in g} (w_o / W_g) X_o / n_o (the tables' averages, section 2.5). */
function fullMeans(b: Block, groups: number): number[][] {
  const c = b.ev.components;
  const O = c.occupations.length;
  const W = new Float64Array(groups), n = new Float64Array(O);
  for (let o = 0; o < O; o++) W[b.groupOf[o]] += b.weights[o];
  for (let i = 0; i < c.taskIds.length; i++) n[c.occupationIndex[i]]++;
  const sums = Array.from({ length: groups }, () => [0, 0, 0, 0, 0, 0]);
  for (let i = 0; i < c.taskIds.length; i++) {
    const o = c.occupationIndex[i], g = b.groupOf[o], f = b.weights[o] / (n[o] * W[g]);
    COLUMNS.forEach((k, j) => { sums[g][j] += f * c[k][i]; });
  }
  return sums;
}

/**
 * Group-mean draws of several blocks that share their grouping and weights, in one pass over the
 * draws (groupMeanDraws replays the draws once per call): result[block][column][group], COLUMNS
 * order; identical columns (costs and energies do not depend on the reference) are aggregated once.
 */
function blocksDraws(boot: TaskBootstrap, blocks: Block[], needed: Map<Block, boolean[]>): Float64Array[][][] {
  // A column no wanted cell of the block uses is replaced by one shared zero column (drawn once).
  const zero = new Float64Array(boot.tasks);
  const { unique, position } = uniqueColumns(blocks.flatMap((b) => COLUMNS.map((k, j) => (needed.get(b)![j] ? b.ev.components[k] : zero))));
  const drawn = groupMeanDraws(boot, unique, blocks[0].weights, blocks[0].groupOf, blocks[0].rows.length);
  return blocks.map((_, i) => COLUMNS.map((_, j) => drawn[position[i * COLUMNS.length + j]]));
}

export interface PairedInterval { table: string; row: string; column: string; lo: number; hi: number }

/**
 * Paired percentile 95% intervals of variant - baseline for the cells listed in the file comment.
 * `printed(table, row, column)` returns the table's cells of both sides, used to check that a
 * statistic is the printed quantity before its interval is attached. Returns [] when the primary
 * system's tasks differ between the sides (nothing pairs).
 */
export function pairedCellIntervals(
  base: TableOptions, variant: TableOptions,
  systems: { base: string; variant: string },
  settings: { draws: number; seed: number },
  printed: (table: string, row: string, column: string) => { base: number | null; variant: number | null } | undefined,
): PairedInterval[] {
  const bb = blocksOf(base, systems.base), vb = new Map(blocksOf(variant, systems.variant).map((b) => [b.key, b]));
  if (!bb.length) return [];
  const first = bb[0].ev.components;
  const boot = taskBootstrap(first.occupationIndex, first.occupations.length, settings);
  const sameTasks = (e: Evaluation) => e.components.taskIds.length === first.taskIds.length && e.components.taskIds.every((t, i) => t === first.taskIds[i]) && sameTaskStructure(e.components.occupationIndex, first.occupationIndex);
  const out: PairedInterval[] = [];
  const close = (a: number, b: number | null) => b !== null && Number.isFinite(a) && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  const work = new Float64Array(settings.draws);
  // The cells of each block pair that can be paired (same tasks, rows on both sides, printed equals computed).
  const jobs: { b: Block; v: Block; wanted: { row: string; g: number; h: number; column: string; stat: Stat }[] }[] = [];
  for (const b of bb) {
    const v = vb.get(b.key);
    if (!v || !sameTasks(b.ev) || !sameTasks(v.ev)) continue;
    if (b.table === 'table01' && systems.base !== systems.variant) continue;
    const rows = b.rows.map((row, g) => ({ row, g, h: b.table === 'table01' ? 0 : v.rows.indexOf(row) })).filter((r) => r.h >= 0);
    const stats = PAIRED_COLUMNS[b.table];
    const fb = fullMeans(b, b.rows.length), fv = fullMeans(v, v.rows.length);
    const wanted = rows.flatMap((r) => Object.entries(stats).filter(([column, stat]) => {
      const p = printed(b.table, r.row, column);
      return p !== undefined && close(statAt(stat, fb[r.g]), p.base) && close(statAt(stat, fv[r.h]), p.variant);
    }).map(([column, stat]) => ({ ...r, column, stat })));
    if (wanted.length) jobs.push({ b, v, wanted });
  }
  const needed = new Map<Block, boolean[]>();
  for (const { b, v, wanted } of jobs) {
    const use = COLUMNS.map((_, j) => wanted.some((w) => w.stat.num[j] !== 0 || w.stat.den === j));
    needed.set(b, use);
    needed.set(v, use);
  }
  // One pass over the draws for all the blocks drawn with the same groups and weights (what
  // groupMeanDraws depends on): a side's Table 1, 17 and 19-21 blocks, and both sides' when their
  // weights are the same (a rate or reference change).
  const buckets = new Map<string, Block[]>();
  for (const x of jobs.flatMap((j) => [j.b, j.v])) {
    const key = `${x.rows.length} ${x.groupOf.join()} ${x.weights.join()}`;
    buckets.set(key, [...(buckets.get(key) ?? []), x]);
  }
  const drawsOf = new Map<Block, Float64Array[][]>();
  for (const blocks of buckets.values()) blocksDraws(boot, blocks, needed).forEach((d, i) => drawsOf.set(blocks[i], d));
  for (const { b, v, wanted } of jobs) {
    const db = drawsOf.get(b)!, dv = drawsOf.get(v)!;
    for (const w of wanted) {
      const xb = db.map((col) => col[w.g]), xv = dv.map((col) => col[w.h]);
      const m = pairedDifferences(w.stat, xb, xv, work);
      if (!m) continue;
      // Both sides drew the very same group means (one pass, identical columns aggregated once): every
      // finite difference is exactly 0, and [0, 0] is their interval without selecting over them (a
      // speed-only route: the selection of B zeros gives the same).
      const same = xb.every((x, j) => x === xv[j]);
      const { lower, upper } = same ? { lower: 0, upper: 0 } : percentileIntervalInPlace(work.subarray(0, m));
      out.push({ table: b.table, row: w.row, column: w.column, lo: lower, hi: upper });
    }
  }
  return out;
}
