/**
 * Calibration of the interval endpoints (issue 5: within 15% of the published value).
 *
 * Every interval that Tables 17-22 print is a percentile of a statistic formed within each bootstrap
 * draw from GDP-weighted task averages, and every such average is a linear form in the
 * reconstruction's variables (`forms.ts`). With the draws replayed exactly as the uncertainty engine
 * makes them (`taskBootstrap`, the dataset's seed and draw count, the dataset's occupation and task
 * order), draw b's value of a form is sum_i n_bi u_i, where n_bi counts how often task i was drawn and
 * u_i is the task's share of the form. So the generator can compute the endpoints that the tables will
 * print, and their gradients, without writing files.
 *
 * `calibrateEndpoints` then moves x, which already meets every exact target, so that the endpoints
 * come near their published values: damped Gauss-Newton steps on the endpoints farther than a margin
 * from them, restricted to moves that keep every constraint holding with equality (in the solver's
 * relative metric), each projected back onto all constraints and bounds by the solver. What moves are
 * the free quantities: how an occupation's published sums split over its tasks (the within-occupation
 * heterogeneity that the task-composition bootstrap resamples). The published endpoints are targets
 * here, exactly as the published point values are targets of the constraints; nothing is copied into
 * the output, and every exact target is still checked on the written files.
 */
import type { Published } from '../../kernel-lib/published/index.ts';
import { T22 } from '../../kernel-lib/audit/labels.ts';
import { publishedCell } from '../../kernel-lib/published/index.ts';
import { drawSample, taskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';
import { aggregates, decomposition, netValue, BENCHMARK, PASS1, PASS_AT_K_ROWS, TABLE17_ROWS, TABLE18_ROWS, THRESHOLD_ROWS, type Form, type Policy, type Ref } from './forms.ts';
import type { Layout, Patterns } from './model.ts';
import { finishActiveSet, solveIntervals, type LinearConstraint } from './solve.ts';
import { BOOTSTRAP_DRAWS, GLM, SEED } from './spec.ts';

/** How a statistic is formed within a draw from its two forms. */
type Shape = 'ratio' | 'level' | 'reduction' | 'pct';

export interface Statistic {
  table: string;
  row: string;
  /** the published column, without " lo" / " hi" */
  column: string;
  shape: Shape;
  num: Form;
  den: Form | null;
  lo: number;
  hi: number;
}

export interface Endpoint {
  table: string;
  row: string;
  column: string;
  published: number;
  value: number;
}

/** Every interval of Tables 17-22 as a statistic of linear forms (the rows and columns `data/published/` names). */
export function intervalStatistics(layout: Layout, pat: Patterns, pub: Published): Statistic[] {
  const g = layout.systems.findIndex((s) => s.system === GLM);
  const out: Statistic[] = [];
  const add = (table: string, row: string, column: string, shape: Shape, num: Form, den: Form | null) => {
    const lo = publishedCell(pub, table, row, `${column} lo`).value;
    const hi = publishedCell(pub, table, row, `${column} hi`).value;
    out.push({ table, row, column, shape, num, den, lo, hi });
  };
  const cells = TABLE17_ROWS.map(([, s, t]) => aggregates(layout, pat, g, BENCHMARK, PASS1, s, t));
  TABLE17_ROWS.forEach(([row], k) => {
    add('17', row, 'NVJ (USD/MJ)', 'ratio', netValue(cells[k]), cells[k].E);
    add('17', row, 'TSJ (hours/MJ)', 'ratio', cells[k].S, cells[k].E);
  });
  for (const [row, from, to] of TABLE18_ROWS) {
    add('18', row, 'NVJ reduction (%)', 'reduction', netValue(cells[to]), netValue(cells[from]));
    add('18', row, 'TSJ reduction (%)', 'reduction', cells[to].S, cells[from].S);
  }
  const policyRows = (table: string, rows: [string, Policy][], ref: Ref) => {
    for (const [row, policy] of rows) {
      const a = aggregates(layout, pat, g, BENCHMARK, policy, ref, ref);
      add(table, row, 'NVJ [95% CI]', 'ratio', netValue(a), a.E);
      add(table, row, 'TSJ [95% CI]', 'ratio', a.S, a.E);
    }
  };
  policyRows('19', PASS_AT_K_ROWS, 'eo');
  policyRows('20', THRESHOLD_ROWS, 'eo');
  policyRows('21', THRESHOLD_ROWS, 'ewa');
  const d = decomposition(layout, pat, g);
  const r1 = T22.eoToAi, r2 = T22.aiToSystem, r3 = T22.eoToSystem;
  add('22', r1, 'Time saving (hours)', 'level', d.s1, null);
  add('22', r1, 'Time saving (%)', 'pct', d.s1, d.d1);
  add('22', r2, 'Time saving (hours)', 'level', d.s2, null);
  add('22', r2, 'Time saving (%)', 'pct', d.s2, d.d2);
  add('22', r2, 'TSJ (hours/MJ)', 'ratio', d.s2, d.E);
  add('22', r3, 'Time saving (hours)', 'level', d.s3, null);
  add('22', r3, 'Time saving (%)', 'pct', d.s3, d.d1);
  add('22', r3, 'TSJ (hours/MJ)', 'ratio', d.s3, d.E);
  return out;
}

/** Task of every variable (H, A and each run's L, K, E belong to one task). */
function taskOfVariables(layout: Layout): Int32Array {
  const N = layout.tasks.length;
  const out = new Int32Array(layout.size);
  for (let i = 0; i < N; i++) { out[i] = i; out[N + i] = i; }
  layout.systems.forEach((s, k) => {
    for (let j = 0; j < 3 * N * s.attempts; j++) out[layout.runBase[k] + j] = Math.floor(j / 3) % N;
  });
  return out;
}

/**
 * The engine's draws as counts: counts[b * N + i] = how often draw b resampled task i. The dataset's
 * occupations and tasks are written in layout order, so this is the order the table code uses.
 */
export function drawCounts(layout: Layout, draws = BOOTSTRAP_DRAWS, seed = SEED): Uint8Array {
  const N = layout.tasks.length;
  const occ = Int32Array.from(layout.tasks, (t) => t.occupation);
  const boot = taskBootstrap(occ, layout.occupations.length, { draws, seed });
  const sample = drawSample(boot);
  const counts = new Uint8Array(draws * N);
  for (let b = 0; b < draws; b++) for (let p = 0; p < N; p++) counts[b * N + sample[b * N + p]]++;
  return counts;
}

/** Percentile level of the intervals, and the Gaussian window (in ranks) that smooths a percentile's gradient. */
const LEVEL = 0.95;
const WINDOW = 40;

export interface Evaluated {
  endpoints: Endpoint[];
  /** relative error (value - published) / |published| of each endpoint */
  error: Float64Array;
  /** gradient of each endpoint's relative error with respect to x (dense rows) */
  rows: Float64Array[];
}

export class EndpointModel {
  readonly N: number;
  readonly B: number;
  readonly taskOf: Int32Array;
  /** per occupation: its tasks, and per draw the id of the drawn multiset (count vector) */
  private readonly occTasks: number[][];
  private readonly multiset: Int32Array[];
  /** per occupation and multiset id: the count of each of its tasks */
  private readonly multisetCounts: Uint8Array[][];
  /** draw-major counts */
  private readonly counts: Uint8Array;

  constructor(readonly layout: Layout, readonly stats: Statistic[], counts: Uint8Array) {
    this.N = layout.tasks.length;
    this.B = counts.length / this.N;
    this.counts = counts;
    this.taskOf = taskOfVariables(layout);
    this.occTasks = layout.occupations.map((o) => o.tasks);
    this.multiset = this.occTasks.map(() => new Int32Array(this.B));
    this.multisetCounts = this.occTasks.map(() => []);
    this.occTasks.forEach((tasks, o) => {
      const ids = new Map<string, number>();
      for (let b = 0; b < this.B; b++) {
        const c = Uint8Array.from(tasks, (i) => counts[b * this.N + i]);
        const key = c.join(',');
        let id = ids.get(key);
        if (id === undefined) { id = ids.size; ids.set(key, id); this.multisetCounts[o].push(c); }
        this.multiset[o][b] = id;
      }
    });
  }

  /** Per-task share u_i of a form at x. */
  private perTask(f: Form, x: Float64Array): Float64Array {
    const u = new Float64Array(this.N);
    for (const [j, c] of f) u[this.taskOf[j]] += c * x[j];
    return u;
  }

  /** Draw values sum_i n_bi u_i, by one lookup per occupation and draw. */
  private drawValues(u: Float64Array): Float64Array {
    const out = new Float64Array(this.B);
    this.occTasks.forEach((tasks, o) => {
      if (tasks.every((i) => u[i] === 0)) return;
      const sums = Float64Array.from(this.multisetCounts[o], (c) => { let s = 0; for (let t = 0; t < tasks.length; t++) s += c[t] * u[tasks[t]]; return s; });
      const id = this.multiset[o];
      for (let b = 0; b < this.B; b++) out[b] += sums[id[b]];
    });
    return out;
  }

  evaluate(x: Float64Array): Evaluated {
    const { N, B, counts } = this;
    const endpoints: Endpoint[] = [];
    const errors: number[] = [];
    const rows: Float64Array[] = [];
    const cache: { u: Float64Array; v: Float64Array }[] = [];
    const values = (f: Form) => {
      const u = this.perTask(f, x);
      const hit = cache.find((c) => c.u.every((v, i) => v === u[i]));
      if (hit) return hit.v;
      const v = this.drawValues(u);
      cache.push({ u, v });
      return v;
    };
    for (const st of this.stats) {
      const num = values(st.num);
      const den = st.den ? values(st.den) : null;
      const r = new Float64Array(B);
      for (let b = 0; b < B; b++) {
        const q = den ? num[b] / den[b] : num[b];
        r[b] = st.shape === 'reduction' ? 100 * (1 - q) : st.shape === 'pct' ? 100 * q : q;
      }
      const sorted = r.slice().sort();
      for (const side of ['lo', 'hi'] as const) {
        const p = side === 'lo' ? (1 - LEVEL) / 2 : (1 + LEVEL) / 2;
        const h = (B - 1) * p;
        const k = Math.floor(h);
        const value = sorted[k] + (h - k) * (sorted[Math.min(k + 1, B - 1)] - sorted[k]);
        const published = side === 'lo' ? st.lo : st.hi;
        endpoints.push({ table: st.table, row: st.row, column: `${st.column} ${side}`, published, value });
        errors.push((value - published) / Math.abs(published));
        // Gradient: the draws ranked within three windows of h, weighted by a Gaussian in rank.
        const lo = Math.max(0, Math.floor(h - 3 * WINDOW)), hi = Math.min(B - 1, Math.ceil(h + 3 * WINDOW));
        const near: number[] = [];
        for (let b = 0; b < B; b++) if (r[b] >= sorted[lo] && r[b] <= sorted[hi]) near.push(b);
        near.sort((a, c) => r[a] - r[c] || a - c);
        let first = lo;
        while (first > 0 && sorted[first - 1] === sorted[lo]) first--;
        const alpha = new Float64Array(N), beta = new Float64Array(N);
        const w = near.map((_, t) => Math.exp(-0.5 * ((first + t - h) / WINDOW) ** 2));
        const wsum = w.reduce((a, c) => a + c, 0);
        const sgn = (st.shape === 'reduction' ? -100 : st.shape === 'pct' ? 100 : 1) / Math.abs(published);
        near.forEach((b, t) => {
          const wt = (sgn * w[t]) / wsum;
          const d = den ? den[b] : 1;
          const q = den ? num[b] / den[b] : 0;
          for (let i = 0; i < N; i++) {
            const c = counts[b * N + i];
            if (c === 0) continue;
            alpha[i] += (wt * c) / d;
            if (den) beta[i] += (wt * c * q) / d;
          }
        });
        const row = new Float64Array(x.length);
        for (const [j, c] of st.num) row[j] += c * alpha[this.taskOf[j]];
        if (st.den) for (const [j, c] of st.den) row[j] -= c * beta[this.taskOf[j]];
        rows.push(row);
      }
    }
    return { endpoints, error: Float64Array.from(errors), rows };
  }
}

export interface CalibrationResult {
  steps: number;
  loss: number;
  before: Endpoint[];
  after: Endpoint[];
}

/**
 * The penalty counts an endpoint once it is more than CALIBRATION_MARGIN (relative) from its published
 * value; calibration stops once every endpoint is within CALIBRATION_GOOD, comfortably inside the
 * issue's 15%.
 */
export const CALIBRATION_MARGIN = 0.08;
export const CALIBRATION_GOOD = 0.1;

/** Hinge residual: how far a relative error lies outside [-margin, margin]. */
const excess = (e: number, m: number) => (e > m ? e - m : e < -m ? e + m : 0);

/**
 * Constraints (and variable bounds) that hold with equality at x, as rows normalised in the metric D:
 * moves along the calibration's directions keep them, so the projection does not undo the step.
 */
function activeRows(x: Float64Array, d2: Float64Array, lower: Float64Array, upper: Float64Array, constraints: LinearConstraint[], tolerance = 1e-7): { idx: Int32Array; coef: Float64Array }[] {
  const out: { idx: Int32Array; coef: Float64Array }[] = [];
  for (const c of constraints) {
    let v = 0, n = 0;
    for (let k = 0; k < c.idx.length; k++) { v += c.coef[k] * x[c.idx[k]]; n += c.coef[k] * c.coef[k] * d2[c.idx[k]]; }
    n = Math.sqrt(n);
    if (n === 0) continue;
    if ((v - c.lo) / n < tolerance || (c.hi - v) / n < tolerance) out.push({ idx: c.idx, coef: Float64Array.from(c.coef, (a) => a / n) });
  }
  for (let j = 0; j < x.length; j++) {
    const n = Math.sqrt(d2[j]);
    if ((x[j] - lower[j]) / n < tolerance || (upper[j] - x[j]) / n < tolerance) out.push({ idx: Int32Array.of(j), coef: Float64Array.of(1 / n) });
  }
  return out;
}

/** D-orthogonal projection of v onto the null space of the rows: v - D A^T (A D A^T)^-1 A v, for several v. */
function tangentProjector(rows: { idx: Int32Array; coef: Float64Array }[], d2: Float64Array): (v: Float64Array) => Float64Array {
  const m = rows.length;
  const G = new Float64Array(m * m);
  const dense = new Float64Array(d2.length);
  for (let a = 0; a < m; a++) {
    const ra = rows[a];
    for (let k = 0; k < ra.idx.length; k++) dense[ra.idx[k]] = ra.coef[k] * d2[ra.idx[k]];
    for (let b = a; b < m; b++) {
      const rb = rows[b];
      let s = 0;
      for (let k = 0; k < rb.idx.length; k++) s += rb.coef[k] * dense[rb.idx[k]];
      G[a * m + b] = s; G[b * m + a] = s;
    }
    for (let k = 0; k < ra.idx.length; k++) dense[ra.idx[k]] = 0;
    G[a * m + a] += 1e-12;
  }
  const L = cholesky(G, m);
  return (v: Float64Array) => {
    const r = new Float64Array(m);
    for (let a = 0; a < m; a++) { let s = 0; const ra = rows[a]; for (let k = 0; k < ra.idx.length; k++) s += ra.coef[k] * v[ra.idx[k]]; r[a] = s; }
    const lambda = choleskyApply(L, r, m);
    const out = v.slice();
    for (let a = 0; a < m; a++) { const ra = rows[a]; for (let k = 0; k < ra.idx.length; k++) out[ra.idx[k]] -= d2[ra.idx[k]] * ra.coef[k] * lambda[a]; }
    return out;
  };
}

function cholesky(G: Float64Array, m: number): Float64Array {
  const L = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j <= i; j++) {
      let s = G[i * m + j];
      for (let k = 0; k < j; k++) s -= L[i * m + k] * L[j * m + k];
      if (i === j) L[i * m + i] = s > 1e-10 * G[i * m + i] ? Math.sqrt(s) : 0;
      else L[i * m + j] = L[j * m + j] > 0 ? s / L[j * m + j] : 0;
    }
  }
  return L;
}

/** Solve L L^T y = r; a dependent row (zero pivot) gets y = 0. */
function choleskyApply(L: Float64Array, r: Float64Array, m: number): Float64Array {
  const y = new Float64Array(m);
  for (let i = 0; i < m; i++) { let s = r[i]; for (let k = 0; k < i; k++) s -= L[i * m + k] * y[k]; y[i] = L[i * m + i] > 0 ? s / L[i * m + i] : 0; }
  for (let i = m - 1; i >= 0; i--) { let s = y[i]; for (let k = i + 1; k < m; k++) s -= L[k * m + i] * y[k]; y[i] = L[i * m + i] > 0 ? s / L[i * m + i] : 0; }
  return y;
}

/**
 * Damped Gauss-Newton on the hinge residuals of the endpoints, in the subspace spanned by their
 * gradients projected onto the constraints that hold with equality (in the solver's relative metric
 * D); each trial step is projected back onto every constraint by the solver and kept only if the
 * penalty (sum of squared residuals) falls; the damping grows when it does not.
 */
export function calibrateEndpoints(
  layout: Layout, pat: Patterns, pub: Published, x: Float64Array, lower: Float64Array, upper: Float64Array, constraints: LinearConstraint[],
  options: { margin?: (s: Statistic, side: 'lo' | 'hi') => number; maxSteps?: number; good?: number } = {},
): CalibrationResult {
  const marginOf = options.margin ?? (() => CALIBRATION_MARGIN);
  const maxSteps = options.maxSteps ?? 20;
  const good = options.good ?? CALIBRATION_GOOD;
  const stats = intervalStatistics(layout, pat, pub);
  const margins = Float64Array.from(stats.flatMap((s) => [marginOf(s, 'lo'), marginOf(s, 'hi')]));
  const model = new EndpointModel(layout, stats, drawCounts(layout));
  const lossOf = (e: Float64Array) => e.reduce((a, v, k) => a + excess(v, margins[k]) ** 2, 0);
  let cur = model.evaluate(x);
  let loss = lossOf(cur.error);
  const before = cur.endpoints;
  let mu = 1e-3;
  let steps = 0;
  const done = () => loss === 0 || cur.error.every((e) => Math.abs(e) <= good);
  for (; steps < maxSteps && !done(); steps++) {
    const scale = Float64Array.from(x, (v) => Math.max(Math.abs(v), 1e-3));
    const d2 = Float64Array.from(scale, (s) => s * s);
    // Rows held: endpoints outside their band or within 0.02 of its edge.
    const R: number[] = [];
    cur.error.forEach((e, k) => { if (Math.abs(e) > margins[k] - 0.02) R.push(k); });
    const project = tangentProjector(activeRows(x, d2, lower, upper, constraints), d2);
    const dirs = R.map((k) => project(Float64Array.from(cur.rows[k], (g, j) => g * d2[j])));
    const n = R.length;
    // M[k][l] = g_k . d_l (change of endpoint k per unit of direction l); Q[k][l] = d_k D^-1 d_l.
    const M = new Float64Array(n * n), Q = new Float64Array(n * n);
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) {
      let s = 0, q = 0;
      const g = cur.rows[R[a]], da = dirs[a], db = dirs[b];
      for (let j = 0; j < x.length; j++) { if (db[j] === 0) continue; s += g[j] * db[j]; q += (da[j] * db[j]) / d2[j]; }
      M[a * n + b] = s; Q[a * n + b] = q;
    }
    const rho = Float64Array.from(R, (k) => excess(cur.error[k], margins[k]));
    let accepted = false;
    for (let tries = 0; tries < 8 && !accepted; tries++) {
      // (M^T M + mu (tr M^T M / tr Q) Q) c = -M^T rho: Levenberg-Marquardt in the step's own metric.
      const A2 = new Float64Array(n * n), rhs = new Float64Array(n);
      let trMM = 0, trQ = 0;
      for (let a = 0; a < n; a++) {
        for (let b = 0; b < n; b++) { let s = 0; for (let k = 0; k < n; k++) s += M[k * n + a] * M[k * n + b]; A2[a * n + b] = s; }
        let s = 0; for (let k = 0; k < n; k++) s += M[k * n + a] * rho[k]; rhs[a] = -s;
        trMM += A2[a * n + a]; trQ += Q[a * n + a];
      }
      const damp = trQ > 0 ? (mu * trMM) / trQ : 0;
      for (let a = 0; a < n * n; a++) A2[a] += damp * Q[a];
      const c = choleskyApply(cholesky(A2, n), rhs, n);
      const y = x.slice();
      for (let a = 0; a < n; a++) { const d = dirs[a]; for (let j = 0; j < y.length; j++) y[j] += c[a] * d[j]; }
      for (let j = 0; j < y.length; j++) y[j] = Math.min(upper[j], Math.max(lower[j], y[j]));
      solveIntervals(y, scale, lower, upper, constraints, { maxSweeps: 100 });
      finishActiveSet(y, scale, lower, upper, constraints, { maxRounds: 100 });
      const next = model.evaluate(y);
      const nextLoss = lossOf(next.error);
      if (process.env.J2G_DEBUG) console.log('calibrate', steps, tries, n, mu, loss, nextLoss);
      if (nextLoss < loss) { x.set(y); cur = next; loss = nextLoss; accepted = true; mu /= 3; }
      else mu *= 4;
    }
    if (!accepted) break;
  }
  return { steps, loss, before, after: cur.endpoints };
}
