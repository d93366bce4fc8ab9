import type { TaskResult } from '../../kernel-lib/qaij/index.ts';

/** A correct, on-time, fully reliable attempt at the system boundary, with overrides. */
export function result(over: Partial<TaskResult> = {}): TaskResult {
  return {
    task: 't1',
    system: 'A',
    energyJ: 10,
    latencyS: 1,
    tokens: 10,
    quality: 1,
    correctness: 1,
    reliability: 1,
    usefulness: 1,
    difficultyWeight: 1,
    weight: 1,
    boundary: 'system',
    ...over,
  };
}
