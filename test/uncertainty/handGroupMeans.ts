/**
 * The group means of a bootstrap by hand (Joules-to-GDP section 2.5, a category's weighted mean of its
 * occupations' means), over drawSample's drawn tasks: out[g][b] = sum_{o in g} (w_o / W_g) x-bar_o in
 * draw b. The oracle of groupMeanDraws and componentDraws' mutation tests.
 */
import { drawSample, type TaskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';

export function groupMeansByHand(boot: TaskBootstrap, x: Float64Array, weights: Float64Array, groupOf: ArrayLike<number>, groups: number): number[][] {
  const sample = drawSample(boot), n = boot.tasks;
  const W = new Array(groups).fill(0);
  for (let o = 0; o < boot.occupations; o++) W[groupOf[o]] += weights[o];
  return Array.from({ length: groups }, (_, g) => Array.from({ length: boot.draws }, (_, b) => {
    let total = 0;
    for (let o = 0; o < boot.occupations; o++) {
      if (groupOf[o] !== g) continue;
      const from = boot.offsets[o], to = boot.offsets[o + 1];
      let sum = 0;
      for (let p = from; p < to; p++) sum += x[sample[b * n + p]];
      total += (weights[o] / W[g]) * (sum / (to - from));
    }
    return total;
  }));
}
