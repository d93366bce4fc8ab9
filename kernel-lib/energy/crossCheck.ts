/**
 * Cross-checked energy: a GPU measured by two meters (its energy counter, NVML or AMD SMI, and its power
 * series, nvidia-smi power.draw or AMD SMI current_socket_power) gives two energies for each run's
 * window. Joules-to-GDP 2.3 allows either ("counter differences or integrated sampled power"); how far
 * they disagree is a measurement of the meter error the robustness tables otherwise assume.
 *
 * Formula, per run i and GPU g: E_c = sum of the counter series' segment energies over the segments i
 * runs in, E_p the same for the power series; rel_i = (E_p - E_c) / E_c of the GPU where it is largest in
 * size (signed: a power series reading high is positive; null when no GPU has E_c > 0 in the window). Coverage_i = min over g of the share of the window that both series'
 * samples span: (min(end, last_c, last_p) - max(start, first_c, first_p)) / (end - start), clipped to
 * [0, 1] (0 for a window of no time).
 * Units: rel and coverage are fractions; energies J, times trace seconds.
 *
 * Tolerance: CROSSCHECK_TOLERANCE = 0.10, the sum of two documented effects. (a) nvidia-smi's power.draw
 * is "accurate to within +/- 5 watts" (nvidia-smi(1)), at most 5% of a loaded GPU's 100 W or more (AMD
 * SMI documents no accuracy for current_socket_power: the same tolerance is applied). (b) power.draw is a 1-second
 * average on Hopper and later and a sampled series steps between samples, so a change of power DP moves
 * at most DP x 1 s of energy across a window edge: at most 5% of a run of 20 s or longer even when the
 * power doubles at its start (DP = P). A run shorter than 20 s can exceed 10% without a faulty meter, so
 * its coverage and window are written beside the flag, never hidden.
 *
 * A run is flagged when |rel| > the tolerance.
 * Example: a run of 10 s, counter 7500 J, power series 8250 J => rel 0.1 (not flagged: 0.1 is not > 0.1)
 */
import type { SegmentEnergy } from './segmentEnergy.ts';
import type { Timeline } from './timeline.ts';
import type { Window } from './types.ts';

/** Relative disagreement of two meters of one GPU above which a run is flagged `meter-disagreement`. */
export const CROSSCHECK_TOLERANCE = 0.1;

export interface RunCrossCheck {
  /** (E_power - E_counter) / E_counter of the GPU where it is largest in size; null when no counter energy */
  rel: number | null;
  /** min over GPUs of the share of the window both series' samples span */
  coverage: number;
}

export function crossCheck(tl: Timeline, runs: readonly Window[], pairs: readonly (readonly [SegmentEnergy, SegmentEnergy])[]): RunCrossCheck[] {
  const out: RunCrossCheck[] = runs.map(() => ({ rel: null, coverage: pairs.length ? Infinity : 0 }));
  for (const [c, p] of pairs) {
    const ec = new Float64Array(runs.length), ep = new Float64Array(runs.length);
    tl.running.forEach((rs, k) => { for (const i of rs) { ec[i] += c.energyJ[k]; ep[i] += p.energyJ[k]; } });
    runs.forEach((r, i) => {
      const len = r.endS - r.startS;
      const span = Math.min(r.endS, c.lastS, p.lastS) - Math.max(r.startS, c.firstS, p.firstS);
      const cov = len > 0 ? Math.min(1, Math.max(0, span / len)) : 0;
      out[i].coverage = Math.min(out[i].coverage, cov);
      if (ec[i] > 0) {
        const rel = (ep[i] - ec[i]) / ec[i];
        if (out[i].rel === null || Math.abs(rel) > Math.abs(out[i].rel!)) out[i].rel = rel;
      }
    });
  }
  return out;
}
