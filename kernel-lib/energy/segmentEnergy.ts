/**
 * Per-device energy in every segment of the timeline, from a time-ordered series of intervals.
 *
 * The timeline is cut at sorted boundaries b_0 < ... < b_{m-1} (every run, setup and idle start and
 * end), giving m + 1 segments: (-inf, b_0), [b_0, b_1), ..., [b_{m-1}, +inf). Within a segment the set
 * of running runs is constant (Joules-to-GDP eq. in 2.3 integrates P_batch/N_running piecewise).
 *
 * An interval [t0, t1] carries power that is linear from p0 to p1 (trapezoid rule for power samples;
 * p0 = p1 = E / (t1 - t0) for counter differences). Its energy is split at the boundaries by linear
 * interpolation: the piece [a, b] gets (b - a) (p(a) + p(b)) / 2 joules. Interval flags are ORed into
 * every segment the interval touches. Memory is O(segments), flat in trace length.
 *
 * Example: boundaries [1], interval [0, 2] at 100 W constant => segment energies [100, 100] J
 */
export class SegmentEnergy {
  readonly energyJ: Float64Array;
  readonly flags: Uint8Array;
  firstS = Infinity;
  lastS = -Infinity;
  private k = 0; // number of boundaries <= the current time
  constructor(private readonly boundariesS: Float64Array) {
    this.energyJ = new Float64Array(boundariesS.length + 1);
    this.flags = new Uint8Array(boundariesS.length + 1);
  }

  /** Mark a sample instant (for the bracketing check). */
  seen(tS: number): void {
    if (tS < this.firstS) this.firstS = tS;
    if (tS > this.lastS) this.lastS = tS;
  }

  /** Add an interval [t0S, t1S] (t1S > t0S, non-decreasing t0S between calls) with linear power p0W -> p1W. */
  add(t0S: number, t1S: number, p0W: number, p1W: number, flag: number): void {
    const b = this.boundariesS;
    const m = b.length;
    let k = this.k;
    while (k < m && b[k] <= t0S) k++;
    while (k > 0 && b[k - 1] > t0S) k--; // only if a caller went back in time; never in practice
    const slope = (p1W - p0W) / (t1S - t0S);
    let a = t0S, pa = p0W;
    while (k < m && b[k] < t1S) {
      const pb = p0W + slope * (b[k] - t0S);
      this.energyJ[k] += (b[k] - a) * (pa + pb) / 2;
      if (flag) this.flags[k] |= flag;
      a = b[k]; pa = pb; k++;
    }
    this.energyJ[k] += (t1S - a) * (pa + p1W) / 2;
    if (flag) this.flags[k] |= flag;
    this.k = k;
  }
}
