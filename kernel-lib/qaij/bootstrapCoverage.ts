/**
 * What the QAIJ task bootstrap (`bootstrapQaij`) covers, and where it covers nothing. The seed lists
 * five sources of uncertainty and requires that "a single interval cannot hide which components were
 * modeled"; this is that declaration, and the check for the data shape that makes the interval zero
 * width: a stratum with a single task, whose resampling always redraws that task.
 * // QAIJ "Sources of uncertainty", "Percentile bootstrap"
 *
 * Example: `singleTaskStrata([{ task: 'a', system: 'A', stratum: 'easy' }, { task: 'b', system: 'A', stratum: 'hard' }], 'A')` // => { strata: ['easy', 'hard'], all: true }
 */
import type { TaskResult } from './types.ts';

export interface BootstrapCoverage {
  method: string;
  unit: string;
  covers: string[];
  notCovered: string[];
}

/** The declaration for `bootstrapQaij`, with or without a target mix. */
export function bootstrapCoverage(targetMix: boolean): BootstrapCoverage {
  return {
    method: 'seeded percentile bootstrap (QAIJ "Percentile bootstrap")',
    unit: 'task, resampled within its stratum (stratum sizes fixed); all attempts of a drawn task come along, so attempts are clustered by task; every system gets the same drawn tasks (paired)',
    covers: [
      '1 task sampling from the benchmark population',
      '2 stochastic outputs, as the spread of a task\'s repeated attempts in the data',
      ...(targetMix ? ['5 task-distribution weights: importance weights recomputed in every replicate'] : []),
    ],
    notCovered: [
      '3 grading error or disagreement (grades are taken as given)',
      '4 energy-meter calibration and sampling alignment (measured energy E~ = E + eps + beta is taken as E)',
      ...(targetMix ? [] : ['5 task-distribution weights (the benchmark mix is taken as the target)']),
      'generalization beyond the benchmark tasks and strata',
      'hierarchy above the task (task families, sites): strata are fixed, not resampled',
    ],
  };
}

/**
 * The strata in which `system` has attempts and that hold a single task (over all systems, as the
 * paired bootstrap draws them), sorted; results without a stratum form the stratum ''. When every
 * stratum of a system is listed, resampling cannot vary its estimate and its interval has zero width.
 */
export function singleTaskStrata(results: readonly Pick<TaskResult, 'task' | 'system' | 'stratum'>[], system?: string): { strata: string[]; all: boolean } {
  const tasks = new Map<string, Set<string>>();
  for (const r of results) {
    const s = r.stratum ?? '';
    if (!tasks.has(s)) tasks.set(s, new Set());
    tasks.get(s)!.add(r.task);
  }
  const own = new Set(results.filter((r) => system === undefined || r.system === system).map((r) => r.stratum ?? ''));
  const strata = [...own].filter((s) => tasks.get(s)!.size === 1).sort();
  return { strata, all: own.size > 0 && strata.length === own.size };
}
