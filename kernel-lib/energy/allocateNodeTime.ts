/**
 * Node time allocated to each run (Appendix G, "Time allocation and setup").
 *
 * tau_i = integral of A_i(t) / N(t) dt: each segment's duration shared equally by its running runs.
 * T0 = the execution window's length minus the time when any run is running (startup, gaps and
 * finalisation inside the window), charged T0 tau_i / sum_j tau_j, so the window is charged once:
 * T_alloc_i = tau_i + T0 tau_i / sum_j tau_j. Time outside the execution window is not charged.
 * Joules-to-GDP Appendix G: T_alloc_i = tau_i + T0 tau_i / sum_j tau_j.
 *
 * Units: seconds. The execution window runs from the first run or setup start to the last run end.
 *
 * Example: runs a [0, 2], b [1, 3], window [0, 4] => tau = [1.5, 1.5], T0 = 1, T_alloc = [2, 2]
 */
import type { Timeline } from './timeline.ts';

export interface NodeTime {
  tauS: Float64Array;
  allocS: Float64Array;
  t0S: number;
  windowS: number;
}

export function allocateNodeTime(tl: Timeline, durationsS: Float64Array, nRuns: number, windowStartS: number, windowEndS: number): NodeTime {
  const tauS = new Float64Array(nRuns);
  let busyS = 0;
  tl.running.forEach((rs, k) => {
    if (rs.length === 0) return;
    busyS += durationsS[k];
    for (const i of rs) tauS[i] += durationsS[k] / rs.length;
  });
  const windowS = Math.max(0, windowEndS - windowStartS);
  const t0S = Math.max(0, windowS - busyS);
  let sumTau = 0;
  for (const t of tauS) sumTau += t;
  const allocS = tauS.map((t) => (sumTau > 0 ? t + (t0S * t) / sumTau : 0));
  return { tauS, allocS, t0S, windowS };
}
