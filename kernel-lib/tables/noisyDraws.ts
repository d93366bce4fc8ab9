/**
 * Sources of noise beyond task sampling (issue #26, part 2; QAIJ "Sources of uncertainty": task
 * sampling, stochastic outputs, grading error, meter calibration and sampling, weights). A `noise`
 * option switches each on; its default (everything off) IS today's task-composition bootstrap:
 * `noisyDraws` then calls the very code the tables call (tableBootstrap, componentDraws), so every
 * interval is byte for byte today's.
 *
 * The model: a two-stage (hierarchical) bootstrap, tasks first, then what lies within a task (Ren,
 * Lai, Wang, Yang, Wang and Wang 2010, "Nonparametric bootstrapping for hierarchical data", Journal of
 * Applied Statistics 37(9), 1487-1498; Davison and Hinkley 1997, section 3.8). In draw b:
 *   1. tasks: the task-composition bootstrap's draw (Joules-to-GDP K.1; the same draws as the tables,
 *      uncertainty/taskBootstrap.ts fillDraw), every occupation's n_o slots resampled with replacement;
 *   2. attempts (`attempts: true`): in each resampled slot, which recorded attempts are "the" runs:
 *      the k attempts a policy charges (k = 1 under pass@1) drawn without replacement, in random
 *      order, from the task's recorded attempts that the slot's judge judged (stochastic outputs and
 *      trajectories: the recorded attempts stand for the system's output distribution on that task);
 *   3. grading (`grading: true`): which judge's verdicts credit the slot, drawn uniformly from the
 *      dataset's judges that judged the slot's attempts against the judgment reference (grading
 *      disagreement: the judges stand for the population of graders; the paper's agree on 72-77%, Table 2);
 *   4. meter (`meter: { eps, beta }`): each charged run's energy E_ir becomes
 *      E~_ir = E_ir F(z_ir, eps) F(z_s, beta) (QAIJ "Sources of uncertainty": E~ = E + eps + beta, as
 *      relative errors) with F the lognormal factor of mean 1 and relative SD eps or beta
 *      (uncertainty/noise.ts meterFactor): z_ir standard normal per resampled run (random error), z_s
 *      one per draw shared by every run of the system (calibration bias). The mean energy is unchanged
 *      and every draw positive, whatever the error size.
 * Each source draws from its own seeded stream (seed + 1, + 2, + 3, xoshiro128**), never from the
 * tasks' stream: turning a source on leaves the resampled tasks, and every other source's draws, as
 * they were; with one judge (or judges that always agree) the grading switch, with identical attempts
 * the attempts switch, and with eps = beta = 0 the meter switch change no number.
 * Components per slot are then those of metrics/taskComponents.ts (credit by the policy, G = Q H W,
 * C and E summed over the charged runs, S = Q (H - mean AI time of the winning runs)), and every
 * group's means those of uncertainty/groupMeanDraws.ts.
 */
import { J2GError } from '../errors.ts';
import { createRng, type Rng } from '../random/prng.ts';
import { attemptsCharged, countsForSaving, taskCredit } from '../metrics/policy.ts';
import { judgesOf, judgmentsOf, nodeRateOf, runCostAtRate, runsOfSystem, hoursAt } from '../metrics/taskComponents.ts';
import { resolveContext, type ScenarioContext } from './context.ts';
import type { TableOptions } from './options.ts';
import { evaluate, weightedCategories } from './evaluate.ts';
import { meterFactor, resolveNoise, tasksOnly, type Noise } from '../uncertainty/noise.ts';
import { benchmarkCellDraws, tableBootstrap } from '../uncertainty/tableBootstrap.ts';
import { RATIO_COMPONENTS, componentDraws, type ComponentDraws } from '../uncertainty/componentDraws.ts';
import { drawState, fillDraw, type TaskBootstrap } from '../uncertainty/taskBootstrap.ts';

/** Draws of the components of every group (one benchmark group, or categories), each Float64Array(B). */
export interface NoisyDraws {
  credit: Float64Array; valueUSD: Float64Array; costUSD: Float64Array; energyMJ: Float64Array; aiHours: Float64Array; timeSavingHours: Float64Array;
}
const KEYS = ['credit', 'valueUSD', 'costUSD', 'energyMJ', 'aiHours', 'timeSavingHours'] as const;

/** A standard normal deviate (Box-Muller, cosine branch). */
function normal(rng: Rng): number {
  const u = 1 - rng.next(), v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * Draws of the context's components under `noise` (default: the context's own), grouped by `grouping`:
 * 'benchmark' (one group: Table 1's row, Tables 17-21's cells) or 'categories' (Table 13's rows, in
 * `names` order). Returns null when the bootstrap is off. `path`: with tasks only, 'tables' (default)
 * draws through the tables' own code (byte for byte today's intervals), 'hierarchical' through the
 * two-stage loop below (the same draws up to summation order, about 1e-12 relative), so that a budget
 * compares every configuration computed one way.
 */
export function noisyDraws(options: TableOptions | ScenarioContext, noise?: Partial<Noise>, grouping: 'benchmark' | 'categories' = 'benchmark', path: 'tables' | 'hierarchical' = 'tables'): { names: string[]; draws: NoisyDraws[] } | null {
  const ctx = resolveContext(options);
  const n = noise === undefined ? ctx.noise : resolveNoise(noise);
  const ev = evaluate(ctx);
  const boot = tableBootstrap(ctx, ev.components);
  if (!boot) return null;
  const { groupOf, names } = grouping === 'categories'
    ? categoryGroups(ctx, ev)
    : { groupOf: new Int32Array(ev.components.occupations.length), names: [ctx.system] };
  if (tasksOnly(n) && path === 'tables') {
    // today's path, call for call (table13.ts categoryDraws, tableBootstrap.ts benchmarkCellDraws)
    const d = componentDraws(boot, [ev.components], ev.weights, groupOf, names.length)[0];
    // aiHours is not among the drawn components of the tables: draw it beside them
    const ai = componentDraws(boot, [{ ...ev.components, credit: ev.components.aiHours }], ev.weights, groupOf, names.length, ['credit'])[0];
    return { names, draws: d.map((g, k) => ({ ...g, aiHours: ai[k].credit })) };
  }
  return { names, draws: hierarchicalDraws(ctx, boot, n, groupOf, names.length) };
}

/**
 * Each occupation's category group (in `weightedCategories` name order) and the names. An occupation
 * of a zero-weight category (left out) weighs 0, so it adds nothing to whichever group it is counted
 * in: group 0 keeps every index in range.
 */
function categoryGroups(ctx: ScenarioContext, ev: ReturnType<typeof evaluate>): { groupOf: Int32Array; names: string[] } {
  const { categoryOf, names } = weightedCategories(ctx, ev);
  return { groupOf: Int32Array.from(categoryOf, (c) => Math.max(0, names.indexOf(c))), names };
}

/** The two-stage bootstrap of the file comment. */
function hierarchicalDraws(ctx: ScenarioContext, boot: TaskBootstrap, noise: Noise, groupOf: Int32Array, groups: number): NoisyDraws[] {
  const ds = ctx.dataset;
  const ev = evaluate(ctx);
  const c = ev.components;
  const k = attemptsCharged(ctx.policy);
  const runsByTask = runsOfSystem(ds, ctx.system);
  const systemRow = ds.rows.systems.find((s) => s.system === ctx.system)!;
  const rate = nodeRateOf(ctx.rates, ctx.system);
  const judges = noise.grading ? [...judgesOf(ds)] : [ctx.judge];
  const verdictOf = judges.map((j) => judgmentsOf(ds, ctx.judgmentReference, j));
  const taskById = new Map(ds.rows.tasks.map((t) => [t.task_id, t]));
  const n = c.taskIds.length;
  // per task: its runs (cost, energy, AI time), and per judge its verdicts (-1: none)
  const start = new Int32Array(n + 1);
  const lists = c.taskIds.map((id) => runsByTask.get(id)!);
  for (let i = 0; i < n; i++) start[i + 1] = start[i] + lists[i].length;
  const R = start[n], J = judges.length;
  const cost = new Float64Array(R), energy = new Float64Array(R), ai = new Float64Array(R);
  const verdict = new Float64Array(R * J).fill(-1); // credit indicators: 1 win, ctx.tieCredit tie, 0 loss
  const hours = new Float64Array(n), wage = c.wageUSDPerHour;
  lists.forEach((list, i) => {
    hours[i] = hoursAt(taskById.get(c.taskIds[i])!, ctx.timeReference)!;
    list.forEach((run, r) => {
      const at = start[i] + r;
      cost[at] = rate === undefined ? run.cost_usd : runCostAtRate(run, systemRow.node_rate_usd_per_hour, rate);
      energy[at] = run.energy_mj;
      ai[at] = run.ai_hours;
      verdictOf.forEach((v, j) => { const o = v.get(run.run_id); if (o !== undefined) verdict[at * J + j] = o === 'loss' ? 0 : o === 'tie' ? ctx.tieCredit : 1; });
    });
  });
  // per task: the judges that can credit it (judged attempts 1..k, or at least k attempts when attempts are resampled)
  const eligible: Int32Array[] = lists.map((list, i) => Int32Array.from(judges.map((_, j) => j).filter((j) => {
    let judged = 0;
    for (let r = 0; r < list.length; r++) if (verdict[(start[i] + r) * J + j] >= 0) judged++; else if (!noise.attempts && r < k) return false;
    return noise.attempts ? judged >= k : true;
  })));
  const ctxJudge = judges.indexOf(ctx.judge);
  const B = boot.draws, O = boot.occupations;
  const out: NoisyDraws[] = Array.from({ length: groups }, () => Object.fromEntries(KEYS.map((key) => [key, new Float64Array(B)])) as unknown as NoisyDraws);
  const groupWeight = new Float64Array(groups);
  for (let o = 0; o < O; o++) groupWeight[groupOf[o]] += ev.weights[o];
  const state = drawState(boot);
  const slots = new Int32Array(boot.tasks);
  const seed = boot.seed;
  const attemptRng = createRng(seed + 1), judgeRng = createRng(seed + 2), meterRng = createRng(seed + 3);
  const pick = new Int32Array(Math.max(k, ...lists.map((l) => l.length)));
  const wins = new Float64Array(k);
  const sums = new Float64Array(KEYS.length);
  const eps = noise.meter?.eps ?? 0, beta = noise.meter?.beta ?? 0;
  for (let b = 0; b < B; b++) {
    fillDraw(boot, state, slots, 'tasks');
    const bias = noise.meter ? meterFactor(normal(meterRng), beta) : 1;
    for (let o = 0; o < O; o++) {
      sums.fill(0);
      for (let p = boot.offsets[o]; p < boot.offsets[o + 1]; p++) {
        const i = slots[p];
        const first = start[i], count = start[i + 1] - first;
        // grading: the slot's judge
        let j = ctxJudge;
        if (noise.grading) { const e = eligible[i]; j = e[judgeRng.int(e.length)]; }
        // attempts: the charged runs (partial Fisher-Yates over the runs the judge judged)
        let m = 0;
        if (noise.attempts) {
          for (let r = 0; r < count; r++) if (verdict[(first + r) * J + j] >= 0) pick[m++] = first + r;
          for (let r = 0; r < k; r++) { const s = r + attemptRng.int(m - r); const t = pick[r]; pick[r] = pick[s]; pick[s] = t; }
        } else for (let r = 0; r < k; r++) pick[r] = first + r;
        let C = 0, E = 0, L = 0, winAi = 0, winCount = 0;
        for (let r = 0; r < k; r++) {
          const at = pick[r];
          const v = verdict[at * J + j];
          if (v < 0) throw new J2GError(`noisyDraws: run ${at} has no verdict by ${judges[j]}`);
          wins[r] = v;
          C += cost[at];
          let e = energy[at];
          if (noise.meter) {
            e = e * meterFactor(normal(meterRng), eps) * bias; // lognormal factors of mean 1: E~ > 0 for any error size
          }
          E += e;
          L += ai[at];
        }
        const Q = taskCredit(ctx.policy, wins);
        for (let r = 0; r < k; r++) if (countsForSaving(wins[r], Q)) { winAi += ai[pick[r]]; winCount++; }
        sums[0] += Q; sums[1] += Q * hours[i] * wage[i]; sums[2] += C; sums[3] += E; sums[4] += L;
        sums[5] += Q ? Q * (hours[i] - winAi / winCount) : 0;
      }
      const g = groupOf[o], f = ev.weights[o] / ((boot.offsets[o + 1] - boot.offsets[o]) * groupWeight[g]);
      if (!(groupWeight[g] > 0)) continue;
      KEYS.forEach((key, q) => { out[g][key][b] += f * sums[q]; });
    }
  }
  return out;
}

/**
 * Benchmark-level draws of several cells of one table (the same system and tasks under other
 * references or policies) on one shared set of draws, under the context's noise: with tasks only,
 * the tables' own shared draws (benchmarkCellDraws, byte for byte the paper's path); with any other
 * source on, each cell's two-stage draws, which replay the same resampled tasks and the same streams
 * of every other source (paired across cells). Null when the bootstrap is off.
 */
export function scenarioCellDraws(ctx: ScenarioContext, cells: readonly ScenarioContext[]): ComponentDraws[] | null {
  if (tasksOnly(ctx.noise)) return benchmarkCellDraws(ctx, cells.map((c) => evaluate(c)));
  const out: ComponentDraws[] = [];
  for (const c of cells) {
    const d = noisyDraws(c, ctx.noise, 'benchmark', 'hierarchical');
    if (!d) return null;
    out.push(d.draws[0]);
  }
  return out;
}

/**
 * Table 13's draws of every category's components (in `weightedCategories` name order) under the
 * context's noise; null when the bootstrap is off.
 */
export function scenarioCategoryDraws(ctx: ScenarioContext): ComponentDraws[] | null {
  if (tasksOnly(ctx.noise)) {
    const ev = evaluate(ctx);
    const boot = tableBootstrap(ctx, ev.components);
    if (!boot) return null;
    const { groupOf, names } = categoryGroups(ctx, ev);
    return componentDraws(boot, [ev.components], ev.weights, groupOf, names.length, RATIO_COMPONENTS)[0];
  }
  return noisyDraws(ctx, ctx.noise, 'categories', 'hierarchical')?.draws ?? null;
}
