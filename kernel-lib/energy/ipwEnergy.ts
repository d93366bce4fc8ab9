/**
 * IPW-compatible energy of each run: the whole node's energy over the run's own window, with no split
 * between concurrent runs (what a per-run wrapper that reads node counters at start and end reports).
 * Under overlap the runs' energies sum to more than the trace: it is a sensitivity comparison, not ours.
 * QAIJ step 7: report at least one credible alternative allocation rule.
 *
 * E_i^IPW = sum over segments k where i runs of E_k (joules, all components).
 *
 * Example: runs a [0,2], b [1,3], 100 W flat => E_a = E_b = 200 J (ours: 150 J each)
 */
import type { Timeline } from './timeline.ts';

export function ipwEnergyJ(tl: Timeline, segTotalJ: Float64Array, nRuns: number): Float64Array {
  const out = new Float64Array(nRuns);
  tl.running.forEach((rs, k) => {
    for (const i of rs) out[i] += segTotalJ[k];
  });
  return out;
}
