/**
 * The project's recorded dataset as a QAIJ task-result table: one TaskResult per run, with service
 * the win-or-tie indicator Y of the run's judgment (by `judge`, default the manifest's primary judge,
 * against `reference`, default expert_only), energy E = energy_mj * 1e6 joules, latency
 * L = ai_hours * 3600 seconds, boundary the manifest's energy boundary, stratum the task's occupation
 * (or sector, or category), weight 1. The judgment is the joint outcome of the attempt, so it goes in
 * once, as the attempt's reliability r (did this run reproduce the required outcome, a win or tie);
 * quality, correctness and usefulness are 1 and difficulty weight 1, since multiplying in more factors
 * would count it twice (QAIJ "Reliability": "the manifest must say which design is used"). With
 * `difficulty: 'expert-hours'` the difficulty weight is the task's expert completion time normalised to
 * a dimensionless weight, delta = expert_hours / mean expert_hours over the tasks (QAIJ "Difficulty":
 * raw d with units never enters the product; only the unweighted result is primary); by default 1. The
 * seven-part report's reliability part therefore counts win-or-tie attempts, with the task as the
 * sampling unit (the repeated attempts of one task are one cluster). Tokens are not recorded, so tokens = 0 (tokens per joule is not
 * available from this data). Runs without a judgment by that judge and reference are not invented:
 * they are left out and listed in `unjudged`.
 * // QAIJ "Task-level contribution"; Joules-to-GDP sections 2.1-2.4 (Y, E, L)
 * Throws "unknown judge: J" and "run r has two judgments by J against ref".
 *
 * Example: `taskResultsFromDataset(loadDataset('data/recorded/synthetic-small')).results.length` // => 18
 */
import { J2GError } from '../errors.ts';
import type { Dataset, Reference } from '../data/index.ts';
import type { TaskResult } from './types.ts';
import { resolveComponentOptions } from '../metrics/taskComponents.ts';

export interface FromDatasetOptions {
  judge?: string;
  reference?: Reference;
  stratum?: 'occupation' | 'sector' | 'category';
  /** difficulty weight: 'none' (1, default) or 'expert-hours' (expert_hours / its mean over tasks) */
  difficulty?: 'none' | 'expert-hours';
}

export function taskResultsFromDataset(ds: Dataset, options: FromDatasetOptions = {}): { results: TaskResult[]; unjudged: string[] } {
  // judge and reference default where every component option does (metrics/taskComponents.ts)
  const { judge, judgmentReference: reference } = resolveComponentOptions({ dataset: ds, judge: options.judge, judgmentReference: options.reference });
  const by = options.stratum ?? 'occupation';
  const { runs, judgments, tasks, occupations } = ds.rows;
  if (!judgments.some((j) => j.judge === judge)) throw new J2GError(`unknown judge: ${judge}`);
  const y = new Map<string, number>();
  for (const j of judgments) {
    if (j.judge !== judge || j.reference !== reference) continue;
    if (y.has(j.run_id)) throw new J2GError(`run ${j.run_id} has two judgments by ${judge} against ${reference}`);
    y.set(j.run_id, j.outcome === 'win' || j.outcome === 'tie' ? 1 : 0);
  }
  const occOfTask = new Map(tasks.map((t) => [t.task_id, t.occupation]));
  const meanHours = tasks.reduce((a, t) => a + t.expert_hours, 0) / tasks.length;
  const hours = new Map(tasks.map((t) => [t.task_id, t.expert_hours]));
  const difficultyOf = (taskId: string): number => (options.difficulty === 'expert-hours' && meanHours > 0 ? hours.get(taskId)! / meanHours : 1);
  const occ = new Map(occupations.map((o) => [o.occupation, o]));
  const stratumOf = (taskId: string): string => {
    const o = occOfTask.get(taskId)!;
    return by === 'occupation' ? o : by === 'sector' ? occ.get(o)!.sector : occ.get(o)!.category;
  };
  const results: TaskResult[] = [];
  const unjudged: string[] = [];
  for (const r of runs) {
    const service = y.get(r.run_id);
    if (service === undefined) {
      unjudged.push(r.run_id);
      continue;
    }
    results.push({
      task: r.task_id,
      system: r.system,
      energyJ: r.energy_mj * 1e6,
      latencyS: r.ai_hours * 3600,
      tokens: 0,
      quality: 1,
      correctness: 1,
      reliability: service,
      usefulness: 1,
      difficultyWeight: difficultyOf(r.task_id),
      weight: 1,
      stratum: stratumOf(r.task_id),
      boundary: ds.manifest.energy_boundary,
    });
  }
  return { results, unjudged };
}

/**
 * Alternative task mixes over occupations for reweighting the benchmark: 'employment' (each
 * occupation in proportion to its employment, as in an employment-only weighting) and 'equal' (every
 * evaluated occupation the same share). Shares are unnormalized; importanceWeights normalizes.
 * // QAIJ "Importance weighting"; Joules-to-GDP section 2.5 (weight schemes)
 *
 * Example: `occupationMixes(ds).equal` // => { occA: 1, occB: 1, occC: 1 }
 */
export function occupationMixes(ds: Dataset): { employment: Record<string, number>; equal: Record<string, number> } {
  const evaluated = new Set(ds.rows.tasks.map((t) => t.occupation));
  const employment: Record<string, number> = {};
  const equal: Record<string, number> = {};
  for (const o of ds.rows.occupations) {
    if (!evaluated.has(o.occupation)) continue;
    employment[o.occupation] = o.employment;
    equal[o.occupation] = 1;
  }
  return { employment, equal };
}

/**
 * The declarations the seven-part report carries for a recorded dataset: the judgment is the joint
 * outcome, entered as reliability (taskResultsFromDataset); repeated attempts are independent runs of
 * the same task and system (Joules-to-GDP section 2.1, Appendix K); energy is the gross end-to-end reading
 * of the execution window, idle and waits included (Joules-to-GDP section 2.3).
 */
export const DATASET_DECLARATIONS = {
  correctnessReliabilityDesign: 'joint-outcome-as-reliability',
  perturbationSet: 'independent runs of the same task by the same system (Joules-to-GDP 2.1, Appendix K: the main analysis has one run per task, the repeated-runs data four)',
  energyDenominator: 'gross',
} as const;
