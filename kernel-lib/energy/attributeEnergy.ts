/**
 * Energy of each run: its equal share of every segment it runs in, plus its share of the setup windows
 * that serve it, plus (policy `proportional`) a share of idle time inside the execution window.
 *
 * E_i = sum over segments k where i runs of E_k / N_k  +  sum over setups s serving i of E_s / K_s
 * Joules-to-GDP eq. (2.3): E_i = integral_{i running} P_batch(t) / N_running(t) dt + E_{b,0} / K_b.
 *
 * - A segment with no running run but a setup window belongs to the setup(s) covering it (split equally
 *   between overlapping setups). A setup with a `batch` serves the runs marked with that batch; one
 *   without serves every run. K_s is the number of runs it serves; a setup serving none is reported
 *   (`setupUnservedJ`), never spread silently.
 * - A segment with neither is idle. Idle inside the execution window (first run or setup start to last
 *   run end) is excluded (policy `exclude`, the paper's equation) or shared in proportion to tau_i
 *   (`proportional`); idle outside the window is always reported apart.
 * - The parts must add up to the trace total (checked by the caller).
 *
 * Units: joules, per component (arrays indexed like COMPONENTS).
 *
 * Example: one component, runs a [0,2], b [1,3], 100 W flat => E_a = 100 + 50 = 150 J, E_b = 150 J
 */
import type { Timeline } from './timeline.ts';
import type { Window } from './types.ts';

export type IdlePolicy = 'exclude' | 'proportional';

export interface Attribution {
  /** [component][run] joules from running segments */
  runningJ: Float64Array[];
  /** [component][run] joules from setup windows */
  setupJ: Float64Array[];
  /** [component][run] joules of in-window idle (policy proportional; zeros otherwise) */
  idleJ: Float64Array[];
  setupUnservedJ: number;
  idleInWindowJ: number;
  idleOutsideJ: number;
}

/**
 * The runs a setup serves (its K_b): those of its batch, or every run when it has none. A run with an
 * end mark but no start (markWindows gives it no time: startS = endS) never ran, so it serves as no
 * share-holder; counting it would shrink every real run's share of the setup.
 */
export function servedRuns(setup: Window, runs: Window[]): number[] {
  const out: number[] = [];
  runs.forEach((r, i) => {
    if (r.startS === r.endS && r.reasons.has('unmatched-mark')) return;
    if (setup.attrs.batch === '' || r.attrs.batch === setup.attrs.batch) out.push(i);
  });
  return out;
}

export function attributeEnergy(
  tl: Timeline,
  segJ: Float64Array[],
  runs: Window[],
  setups: Window[],
  tauS: Float64Array,
  windowStartS: number,
  windowEndS: number,
  policy: IdlePolicy,
): Attribution {
  const nc = segJ.length, nr = runs.length, b = tl.boundariesS, m = b.length;
  const zeros = () => Array.from({ length: nc }, () => new Float64Array(nr));
  const runningJ = zeros(), setupJ = zeros(), idleJ = zeros();
  const served = setups.map((s) => servedRuns(s, runs));
  let sumTau = 0;
  for (const t of tauS) sumTau += t;
  let setupUnservedJ = 0, idleInWindowJ = 0, idleOutsideJ = 0;
  for (let k = 0; k <= m; k++) {
    const rs = tl.running[k];
    if (rs.length > 0) {
      for (let c = 0; c < nc; c++) {
        const share = segJ[c][k] / rs.length;
        for (const i of rs) runningJ[c][i] += share;
      }
      continue;
    }
    const ss = tl.setups[k];
    if (ss.length > 0) {
      for (const s of ss) {
        const runsOf = served[s];
        for (let c = 0; c < nc; c++) {
          const e = segJ[c][k] / ss.length;
          if (runsOf.length === 0) { setupUnservedJ += e; continue; }
          for (const i of runsOf) setupJ[c][i] += e / runsOf.length;
        }
      }
      continue;
    }
    const lo = k === 0 ? -Infinity : b[k - 1];
    const hi = k === m ? Infinity : b[k];
    const inWindow = lo >= windowStartS && hi <= windowEndS;
    for (let c = 0; c < nc; c++) {
      const e = segJ[c][k];
      if (!inWindow) { idleOutsideJ += e; continue; }
      if (policy === 'proportional' && sumTau > 0) {
        for (let i = 0; i < nr; i++) idleJ[c][i] += (e * tauS[i]) / sumTau;
      } else {
        idleInWindowJ += e;
      }
    }
  }
  return { runningJ, setupJ, idleJ, setupUnservedJ, idleInWindowJ, idleOutsideJ };
}
