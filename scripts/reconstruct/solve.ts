/**
 * Interval feasibility by cyclic projection (POCS, Kaczmarz on half-spaces) in a scaled metric.
 *
 * Finds x near a prior x0 with lo_k <= a_k . x <= hi_k for every linear constraint k and
 * lower_j <= x_j <= upper_j for every variable. Each violated constraint is met by the smallest
 * change of x in the metric sum_j (dx_j / scale_j)^2 (so a variable moves in proportion to its own
 * scale: relative changes), then the variable bounds are re-imposed. Sweeps repeat in a fixed order
 * until no constraint is violated by more than `tolerance` (in units of the constraint's scaled norm),
 * so the result is a deterministic function of the inputs.
 */

export interface LinearConstraint {
  /** what the constraint stands for, for error messages ("table15 Lawyers NVJ lo") */
  id: string;
  idx: Int32Array;
  coef: Float64Array;
  lo: number;
  hi: number;
}

export interface SolveResult {
  sweeps: number;
  /** largest remaining violation, in scaled-norm units */
  maxViolation: number;
  worst: string;
}

/** Build a constraint from a sparse map variable -> coefficient; zero coefficients are dropped. */
export function constraint(id: string, terms: Map<number, number>, lo: number, hi: number): LinearConstraint {
  const keys = [...terms.keys()].filter((k) => terms.get(k) !== 0).sort((a, b) => a - b);
  return { id, idx: Int32Array.from(keys), coef: Float64Array.from(keys, (k) => terms.get(k)!), lo, hi };
}

export function solveIntervals(
  x: Float64Array,
  scale: Float64Array,
  lower: Float64Array,
  upper: Float64Array,
  constraints: LinearConstraint[],
  options: { maxSweeps?: number; tolerance?: number } = {},
): SolveResult {
  const maxSweeps = options.maxSweeps ?? 20000;
  const tolerance = options.tolerance ?? 1e-10;
  const d2 = Float64Array.from(scale, (s) => s * s);
  const norms = constraints.map((c) => {
    let n = 0;
    for (let k = 0; k < c.idx.length; k++) n += c.coef[k] * c.coef[k] * d2[c.idx[k]];
    return n;
  });
  let sweep = 0;
  let maxViolation = Infinity;
  let worst = '';
  for (; sweep < maxSweeps; sweep++) {
    maxViolation = 0;
    for (let q = 0; q < constraints.length; q++) {
      const c = constraints[q];
      const n2 = norms[q];
      if (n2 === 0) continue;
      let v = 0;
      for (let k = 0; k < c.idx.length; k++) v += c.coef[k] * x[c.idx[k]];
      const target = v < c.lo ? c.lo : v > c.hi ? c.hi : v;
      if (target === v) continue;
      const violation = Math.abs(target - v) / Math.sqrt(n2);
      if (violation > maxViolation) { maxViolation = violation; worst = c.id; }
      const step = (target - v) / n2;
      for (let k = 0; k < c.idx.length; k++) {
        const j = c.idx[k];
        let nx = x[j] + step * d2[j] * c.coef[k];
        if (nx < lower[j]) nx = lower[j];
        else if (nx > upper[j]) nx = upper[j];
        x[j] = nx;
      }
    }
    if (maxViolation <= tolerance) break;
  }
  return { sweeps: sweep, maxViolation, worst };
}

/**
 * Finish a nearly feasible x exactly: the nearest point (same scaled metric) to x that satisfies every
 * constraint and variable bound, by a primal-dual active-set method. With W the constraints held on a
 * bound t_W,
 *   x = x_ref + D A_W^T lambda,   (A_W D A_W^T) lambda = t_W - A_W x_ref,
 * then constraints whose multiplier points inward leave W and violated ones join it, until W is
 * stable. Variable bounds are constraints like the others.
 */
export function finishActiveSet(
  x: Float64Array,
  scale: Float64Array,
  lower: Float64Array,
  upper: Float64Array,
  constraints: LinearConstraint[],
  options: { maxRounds?: number; tolerance?: number } = {},
): SolveResult {
  const maxRounds = options.maxRounds ?? 100;
  const tolerance = options.tolerance ?? 1e-11;
  const all = constraints.slice();
  for (let j = 0; j < x.length; j++) {
    all.push({ id: `bound ${j}`, idx: Int32Array.of(j), coef: Float64Array.of(1), lo: lower[j], hi: upper[j] });
  }
  const d2 = Float64Array.from(scale, (s) => s * s);
  const xRef = x.slice();
  const norms = all.map((c) => { let n = 0; for (let k = 0; k < c.idx.length; k++) n += c.coef[k] * c.coef[k] * d2[c.idx[k]]; return Math.sqrt(n) || 1; });
  const valueOf = (c: LinearConstraint) => { let v = 0; for (let k = 0; k < c.idx.length; k++) v += c.coef[k] * x[c.idx[k]]; return v; };
  // Semismooth Newton on  mu/2 |x - x_ref|^2_D + 1/2 sum_k (distance of a_k x outside [lo_k, hi_k])^2 / |a_k|^2:
  // each round holds on its bound every constraint that the current x violates (or meets exactly).
  const mu = 1e-9;
  const penalty = (z: Float64Array) => {
    let f = 0;
    for (let j = 0; j < z.length; j++) f += (0.5 * mu * (z[j] - xRef[j]) ** 2) / d2[j];
    all.forEach((c, q) => {
      let v = 0;
      for (let k = 0; k < c.idx.length; k++) v += c.coef[k] * z[c.idx[k]];
      const viol = v < c.lo ? c.lo - v : v > c.hi ? v - c.hi : 0;
      f += (0.5 * viol * viol) / (norms[q] * norms[q]);
    });
    return f;
  };
  let active = new Map<number, number>();
  let round = 0;
  let maxViolation = 0;
  let worst = '';
  const dense = new Float64Array(x.length);
  let lastStep = 0;
  for (; round < maxRounds; round++) {
    const next = new Map<number, number>();
    maxViolation = 0;
    all.forEach((c, q) => {
      const v = valueOf(c);
      const lo = (c.lo - v) / norms[q], hi = (v - c.hi) / norms[q];
      const viol = Math.max(lo, hi);
      if (viol > maxViolation) { maxViolation = viol; worst = c.id; }
      if (viol > -tolerance) next.set(q, lo > hi ? -1 : 1);
    });
    if (process.env.J2G_DEBUG) console.log('round', round, next.size, maxViolation, worst);
    if (maxViolation <= tolerance * 100 && round > 0) break;
    let same = next.size === active.size;
    if (same) for (const [q, side] of next) if (active.get(q) !== side) { same = false; break; }
    if (same && round > 0 && lastStep === 1) break;
    active = next;
    const W = [...active.keys()];
    const m = W.length;
    const G = new Float64Array(m * m);
    const r = new Float64Array(m);
    for (let a = 0; a < m; a++) {
      const ca = all[W[a]];
      const na = norms[W[a]];
      for (let k = 0; k < ca.idx.length; k++) dense[ca.idx[k]] += (ca.coef[k] / na) * d2[ca.idx[k]];
      for (let b = a; b < m; b++) {
        const cb = all[W[b]];
        let s = 0;
        for (let k = 0; k < cb.idx.length; k++) s += cb.coef[k] * dense[cb.idx[k]];
        s /= norms[W[b]];
        G[a * m + b] = s;
        G[b * m + a] = s;
      }
      for (let k = 0; k < ca.idx.length; k++) dense[ca.idx[k]] = 0;
      G[a * m + a] += mu;
      let v = 0;
      for (let k = 0; k < ca.idx.length; k++) v += ca.coef[k] * xRef[ca.idx[k]];
      r[a] = ((active.get(W[a])! < 0 ? ca.lo : ca.hi) - v) / na;
    }
    const lambda = choleskySolve(G, r, m);
    const xNewton = xRef.slice();
    for (let a = 0; a < m; a++) {
      const ca = all[W[a]];
      const na = norms[W[a]];
      for (let k = 0; k < ca.idx.length; k++) xNewton[ca.idx[k]] += (lambda[a] * ca.coef[k] * d2[ca.idx[k]]) / na;
    }
    // Backtracking line search on the penalty objective keeps the iteration from cycling.
    const xOld = x.slice();
    const f0 = penalty(x);
    let step = 1;
    for (let t = 0; t < 30; t++, step /= 2) {
      for (let j = 0; j < x.length; j++) x[j] = xOld[j] + step * (xNewton[j] - xOld[j]);
      if (penalty(x) < f0) break;
    }
    lastStep = step;
  }
  return { sweeps: round, maxViolation, worst };
}

/** Solve G y = r for a symmetric positive semidefinite G by Cholesky; a dependent row gets y = 0. */
function choleskySolve(G: Float64Array, r: Float64Array, m: number): Float64Array {
  const Lm = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j <= i; j++) {
      let s = G[i * m + j];
      for (let k = 0; k < j; k++) s -= Lm[i * m + k] * Lm[j * m + k];
      if (i === j) Lm[i * m + i] = s > 1e-12 * G[i * m + i] ? Math.sqrt(s) : 0;
      else Lm[i * m + j] = Lm[j * m + j] > 0 ? s / Lm[j * m + j] : 0;
    }
  }
  const y = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    let s = r[i];
    for (let k = 0; k < i; k++) s -= Lm[i * m + k] * y[k];
    y[i] = Lm[i * m + i] > 0 ? s / Lm[i * m + i] : 0;
  }
  for (let i = m - 1; i >= 0; i--) {
    let s = y[i];
    for (let k = i + 1; k < m; k++) s -= Lm[k * m + i] * y[k];
    y[i] = Lm[i * m + i] > 0 ? s / Lm[i * m + i] : 0;
  }
  return y;
}
