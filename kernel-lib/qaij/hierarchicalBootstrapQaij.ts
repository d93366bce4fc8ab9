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
  // family -> tasks (first-appearance order); system -> task -> its attempts (service, energy, weight)
  const tasksOf = new Map<string, string[]>();
  const famOfTask = new Map<string, string>();
  const attempts = new Map<string, Map<string, { s: number; e: number; w: number }[]>>();
  for (const r of results) {
    const f = familyOf(r);
    const known = famOfTask.get(r.task);
    if (known === undefined) {
      famOfTask.set(r.task, f);
      if (!tasksOf.has(f)) tasksOf.set(f, []);
      tasksOf.get(f)!.push(r.task);
    } else if (known !== f) throw new J2GError(`task ${r.task} is in two families: ${known} and ${f}`);
    if (!attempts.has(r.system)) attempts.set(r.system, new Map());
    const bySys = attempts.get(r.system)!;
    if (!bySys.has(r.task)) bySys.set(r.task, []);
    bySys.get(r.task)!.push({ s: serviceContribution(r, options), e: r.energyJ, w: r.weight });
  }
  const families = [...tasksOf.keys()];
  const systems = [...attempts.keys()].sort();
  const reps = new Map(systems.map((s) => [s, [] as number[]]));
  const rng = createRng(options.seed ?? 1);
  for (let b = 0; b < draws; b++) {
    const drawnTasks: string[] = [];
    for (let k = 0; k < families.length; k++) {
      const ts = tasksOf.get(families[rng.int(families.length)])!;
      if (levels === 'families') drawnTasks.push(...ts);
      else for (let j = 0; j < ts.length; j++) drawnTasks.push(ts[rng.int(ts.length)]);
    }
    for (const system of systems) {
      const bySys = attempts.get(system)!;
      let sw = 0, sws = 0, swe = 0;
      for (const t of drawnTasks) {
        const as = bySys.get(t);
        if (!as) continue;
        for (let j = 0; j < as.length; j++) {
          const a = levels === 'families-tasks-attempts' ? as[rng.int(as.length)] : as[j];
          sw += a.w;
          sws += a.w * a.s;
          swe += a.w * a.e;
        }
      }
      if (sw > 0 && swe > 0) reps.get(system)!.push(sws / swe);
    }
  }
  const out = new Map<string, { lower: number; upper: number; validDraws: number }>();
  for (const system of systems) {
    const r = Float64Array.from(reps.get(system)!).sort();
    if (r.length === 0) continue;
    out.set(system, { lower: percentileSorted(r, (1 - level) / 2), upper: percentileSorted(r, (1 + level) / 2), validDraws: r.length });
  }
  return out;
}
