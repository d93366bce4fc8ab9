/**
 * Hierarchical percentile bootstrap of QAIJ, following the nesting of the data: task families, tasks
 * within families, attempts within tasks. In each replicate: draw as many families as there are, with
 * replacement; within each drawn family, draw as many of its tasks as it has, with replacement; and for
 * each system and drawn task, draw as many of the system's attempts on that task as it has, with
 * replacement (`levels` can stop the resampling above the attempts, or above the tasks). Families and
 * tasks are drawn once per replicate for every system (paired). theta_b = sum w s / sum w E over the
 * drawn attempts; the interval is the (1 - level)/2 and (1 + level)/2 percentiles of the replicates in
 * which the system had attempts. Task equivalents per joule. Deterministic for a seed.
 * Resampling every level with replacement counts the lower levels' variation once more than it occurs
 * (the interval is conservative); resampling families only is the other common choice ('families').
 * Unlike `bootstrapQaij`, whose strata are fixed, the families here are themselves a sample.
 * // QAIJ "Percentile bootstrap" ("If attempts are nested within tasks and task families, the
 * resampling should follow that hierarchy"), "Hierarchical estimators"
 * Throws "invalid draws: v", "invalid level: v", "task t is in two families: a and b", and what
 * serviceContribution throws.
 *
 * Example: `hierarchicalBootstrapQaij([{ task: 't', system: 'A', energyJ: 10, latencyS: 1, tokens: 1, quality: 1, correctness: 1, reliability: 1, usefulness: 1, difficultyWeight: 1, weight: 1, stratum: 'f', boundary: 'system' }], { draws: 10 }).get('A')` // => { lower: 0.1, upper: 0.1, validDraws: 10 }
 */
import { J2GError } from '../errors.ts';
import { createRng } from '../random/prng.ts';
import { checkDraws } from '../uncertainty/settings.ts';
import { percentileSorted } from '../stats/percentile.ts';
import { serviceContribution } from './serviceContribution.ts';
import { singleBoundary } from './singleBoundary.ts';
import type { ServiceOptions, TaskResult } from './types.ts';

export type HierarchyLevels = 'families' | 'families-tasks' | 'families-tasks-attempts';

export interface HierarchicalBootstrapOptions extends ServiceOptions {
  draws?: number;
  seed?: number;
  level?: number;
  /** the family of a result; default its stratum ('' when it has none) */
  family?: (r: TaskResult) => string;
  /** default 'families-tasks-attempts' */
  levels?: HierarchyLevels;
}

export function hierarchicalBootstrapQaij(results: readonly TaskResult[], options: HierarchicalBootstrapOptions = {}): Map<string, { lower: number; upper: number; validDraws: number }> {
  const draws = options.draws ?? 2000;
  const level = options.level ?? 0.95;
  const levels = options.levels ?? 'families-tasks-attempts';
  if (!(level > 0 && level < 1)) throw new J2GError(`invalid level: ${level}`);
  checkDraws(draws, 2 * new Set(results.map((r) => r.system)).size);
  singleBoundary(results);
  const familyOf = options.family ?? ((r: TaskResult) => r.stratum ?? '');
  // tasks as integers grouped by family (first-appearance order)
  const taskId = new Map<string, number>();
  const famOfTask: string[] = [];
  const familyTasks = new Map<string, number[]>();
  for (const r of results) {
    const f = familyOf(r);
    const t = taskId.get(r.task);
    if (t === undefined) {
      taskId.set(r.task, famOfTask.length);
      if (!familyTasks.has(f)) familyTasks.set(f, []);
      familyTasks.get(f)!.push(famOfTask.length);
      famOfTask.push(f);
    } else if (famOfTask[t] !== f) throw new J2GError(`task ${r.task} is in two families: ${famOfTask[t]} and ${f}`);
  }
  const T = famOfTask.length;
  const families = [...familyTasks.values()].map((ts) => Int32Array.from(ts));
  const systems = [...new Set(results.map((r) => r.system))].sort();
  // per system: each task's attempts in one flat list (offsets), with w, w s, w E; and each task's sums
  const perSystem = systems.map((system) => {
    const own = results.filter((r) => r.system === system);
    const count = new Int32Array(T + 1);
    for (const r of own) count[taskId.get(r.task)! + 1]++;
    for (let t = 0; t < T; t++) count[t + 1] += count[t];
    const fill = count.slice(0, T);
    const w = new Float64Array(own.length), ws = new Float64Array(own.length), we = new Float64Array(own.length);
    for (const r of own) {
      const k = fill[taskId.get(r.task)!]++;
      w[k] = r.weight;
      ws[k] = r.weight * serviceContribution(r, options);
      we[k] = r.weight * r.energyJ;
    }
    const sw = new Float64Array(T), sws = new Float64Array(T), swe = new Float64Array(T);
    for (let t = 0; t < T; t++) for (let k = count[t]; k < count[t + 1]; k++) { sw[t] += w[k]; sws[t] += ws[k]; swe[t] += we[k]; }
    return { offsets: count, w, ws, we, sw, sws, swe, reps: new Float64Array(draws), valid: 0 };
  });
  const rng = createRng(options.seed ?? 1);
  const drawn = new Int32Array(T);
  for (let b = 0; b < draws; b++) {
    let m = 0;
    for (let k = 0; k < families.length; k++) {
      const ts = families[rng.int(families.length)];
      if (levels === 'families') for (let j = 0; j < ts.length; j++) drawn[m++] = ts[j];
      else for (let j = 0; j < ts.length; j++) drawn[m++] = ts[rng.int(ts.length)];
    }
    for (const p of perSystem) {
      let sw = 0, sws = 0, swe = 0;
      for (let i = 0; i < m; i++) {
        const t = drawn[i];
        if (levels !== 'families-tasks-attempts') {
          sw += p.sw[t]; sws += p.sws[t]; swe += p.swe[t];
          continue;
        }
        const start = p.offsets[t], n = p.offsets[t + 1] - start;
        for (let j = 0; j < n; j++) {
          const k = start + rng.int(n);
          sw += p.w[k]; sws += p.ws[k]; swe += p.we[k];
        }
      }
      if (sw > 0 && swe > 0) p.reps[p.valid++] = sws / swe;
    }
  }
  const out = new Map<string, { lower: number; upper: number; validDraws: number }>();
  systems.forEach((system, i) => {
    const p = perSystem[i];
    const r = p.reps.slice(0, p.valid).sort();
    if (r.length === 0) return;
    out.set(system, { lower: percentileSorted(r, (1 - level) / 2), upper: percentileSorted(r, (1 + level) / 2), validDraws: r.length });
  });
  return out;
}
