/**
 * Incremental (idle-subtracted) energy of each run, beside the gross energy.
 *
 * Per segment k: max(E_k - P_idle d_k, 0), shared like the gross energy (running share, setup share).
 * QAIJ step 8: E_incremental = integral max{P(t) - P_idle, 0} dt. The clip is applied per segment (between
 * consecutive marks), not per instant, so where power dips below P_idle inside a segment this is a
 * lower bound of the QAIJ integral; it is exact when power stays above P_idle.
 *
 * idlePowerW: node total idle power, given (`--idle-power-w`) or measured over marked idle windows
 * (`idlePowerFromWindowsW`). Units: joules, seconds, watts.
 *
 * Example: one run alone for 10 s at 300 W, P_idle = 100 W => 2000 J (gross 3000 J)
 */
import type { Timeline } from './timeline.ts';
import type { Window } from './types.ts';
import { servedRuns } from './attributeEnergy.ts';

export function incrementalEnergyJ(
  tl: Timeline,
  segTotalJ: Float64Array,
  durationsS: Float64Array,
  runs: Window[],
  setups: Window[],
  idlePowerW: number,
): Float64Array {
  const out = new Float64Array(runs.length);
  const served = setups.map((s) => servedRuns(s, runs));
  for (let k = 0; k < segTotalJ.length; k++) {
    const e = Math.max(segTotalJ[k] - idlePowerW * durationsS[k], 0);
    const rs = tl.running[k];
    if (rs.length) { for (const i of rs) out[i] += e / rs.length; continue; }
    const ss = tl.setups[k];
    for (const s of ss) for (const i of served[s]) out[i] += e / ss.length / served[s].length;
  }
  return out;
}

/** Mean node power over the marked idle windows where nothing runs and no setup is under way: their energy over their duration (W); null if none. */
export function idlePowerFromWindowsW(tl: Timeline, segTotalJ: Float64Array, durationsS: Float64Array): number | null {
  let e = 0, d = 0;
  tl.markedIdle.forEach((idle, k) => {
    if (idle && tl.running[k].length === 0 && tl.setups[k].length === 0) { e += segTotalJ[k]; d += durationsS[k]; } // a setup is not idle
  });
  return d > 0 ? e / d : null;
}
