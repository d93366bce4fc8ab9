/**
 * The timeline split at every run, setup and idle start and end, so that within each segment the set
 * of running runs (and of setup and idle windows) is constant. Joules-to-GDP 2.3: N_running(t) is
 * piecewise constant between marks.
 *
 * Segment k spans [b_{k-1}, b_k) with b_{-1} = -inf and b_m = +inf. A window is active in a segment when
 * it covers all of it; windows still open (endS = Infinity) cover the last segment.
 *
 * Example: runs a [0, 2] and b [1, 3] => boundaries [0, 1, 2, 3]; running sets [], [a], [a, b], [b], []
 */
import type { Window } from './types.ts';

export interface Timeline {
  boundariesS: Float64Array;
  /** per segment: indices of the runs running in it */
  running: number[][];
  /** per segment: indices of the setup windows covering it */
  setups: number[][];
  /** per segment: whether a marked idle window covers it */
  markedIdle: boolean[];
}

export function timeline(runs: Window[], setups: Window[], idles: Window[]): Timeline {
  const edges = new Set<number>();
  for (const w of [...runs, ...setups, ...idles]) {
    edges.add(w.startS);
    if (Number.isFinite(w.endS)) edges.add(w.endS);
  }
  const boundariesS = Float64Array.from([...edges].sort((a, b) => a - b));
  const n = boundariesS.length + 1;
  const covering = (ws: Window[]): number[][] => {
    const out: number[][] = Array.from({ length: n }, () => []);
    ws.forEach((w, i) => {
      if (!(w.endS > w.startS)) return; // a window with no time covers no segment
      // first segment starting at w.startS is the one after boundary index of startS
      let k = lowerBound(boundariesS, w.startS) + 1;
      for (; k < n; k++) {
        const hi = k < boundariesS.length ? boundariesS[k] : Infinity;
        if (hi > w.endS) break;
        out[k].push(i);
      }
    });
    return out;
  };
  return { boundariesS, running: covering(runs), setups: covering(setups), markedIdle: covering(idles).map((l) => l.length > 0) };
}

/** Segment durations in seconds; the unbounded first and last segments are clipped to the trace. */
export function segmentDurationsS(boundariesS: Float64Array, traceStartS: number, traceEndS: number): Float64Array {
  const m = boundariesS.length;
  const out = new Float64Array(m + 1);
  for (let k = 0; k <= m; k++) {
    const lo = k === 0 ? Math.min(traceStartS, boundariesS[0] ?? traceStartS) : boundariesS[k - 1];
    const hi = k === m ? Math.max(traceEndS, boundariesS[m - 1] ?? traceEndS) : boundariesS[k];
    out[k] = Math.max(0, hi - lo);
  }
  return out;
}

function lowerBound(a: Float64Array, x: number): number {
  let lo = 0, hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < x) lo = mid + 1; else hi = mid;
  }
  return lo;
}
