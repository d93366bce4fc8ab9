/**
 * The paper's aggregates as linear forms in the reconstruction's variables (given the win patterns).
 *
 * A GDP-weighted task average over a scope is sum_i c_i x_i with c_i = w_o / (n_o * W_scope) for the
 * tasks of the scope (Joules-to-GDP section 2.5): the benchmark (W = 1), a category (W = W_c) or one
 * occupation (c_i = 1 / n_o). Under an attempt policy (Appendix K.2) with judgments from reference s
 * and times from reference t (K.1):
 *   G = sum c_i Q_i W_i H_i^t,  C = sum c_i sum_r C_ir,  E = sum c_i sum_r E_ir,  L = sum c_i sum_r L_ir,
 *   S = sum c_i Q_i (H_i^t - mean of L_ir over the winning charged attempts).
 */
import { A, E, H, K, L, type Layout, type Patterns } from './model.ts';
import { POLICY_ROWS, T17, T18 } from '../../kernel-lib/audit/labels.ts';

export type Form = Map<number, number>;
export type Scope = { kind: 'benchmark' } | { kind: 'total' } | { kind: 'category'; category: string } | { kind: 'occupation'; occupation: number };
export type Ref = 'eo' | 'ewa';
export type Policy = { kind: 'pass'; k: number } | { kind: 'threshold'; m: number; n: number };

export const BENCHMARK: Scope = { kind: 'benchmark' };
export const PASS1: Policy = { kind: 'pass', k: 1 };

export function add(f: Form, j: number, c: number): void {
  f.set(j, (f.get(j) ?? 0) + c);
}

/** a * F + b * G (new form). */
export function lin(a: number, f: Form, b = 0, g: Form = new Map()): Form {
  const out: Form = new Map();
  for (const [j, c] of f) add(out, j, a * c);
  for (const [j, c] of g) add(out, j, b * c);
  return out;
}

export function taskCoefficients(layout: Layout, scope: Scope): Float64Array {
  const out = new Float64Array(layout.tasks.length);
  layout.tasks.forEach((t, i) => {
    const o = layout.occupations[t.occupation];
    const n = o.tasks.length;
    if (scope.kind === 'benchmark') out[i] = o.weight / n;
    else if (scope.kind === 'total') out[i] = 1;
    else if (scope.kind === 'category') out[i] = o.category === scope.category ? o.weight / (n * o.categoryWeight) : 0;
    else out[i] = t.occupation === scope.occupation ? 1 / n : 0;
  });
  return out;
}

export interface Aggregates {
  G: Form;
  C: Form;
  E: Form;
  L: Form;
  S: Form;
  /** credited share (a constant: patterns are fixed) */
  credit: number;
}

/** Net value G - C (USD) as a form. */
export const netValue = (a: Aggregates): Form => lin(1, a.G, -1, a.C);

/** Table 17's rows (published labels) with their judgment and time references, in the paper's order. */
export const TABLE17_ROWS: [string, Ref, Ref][] = [
  [T17.eoEo, 'eo', 'eo'],
  [T17.aiEo, 'ewa', 'eo'],
  [T17.eoAi, 'eo', 'ewa'],
  [T17.aiAi, 'ewa', 'ewa'],
];

/** Table 18's rows: published label, starting and ending cell (positions in TABLE17_ROWS). */
export const TABLE18_ROWS: [string, number, number][] = [
  [T18.judgmentsEoTimes, 0, 1],
  [T18.timesEoDecisions, 0, 2],
  [T18.timesAiDecisions, 1, 3],
  [T18.judgmentsAiTimes, 2, 3],
  [T18.both, 0, 3],
];

/** Table 19's pass@k rows and Tables 20 and 21's m-of-4 rows, with their policies. */
export const PASS_AT_K_ROWS: [string, Policy][] = POLICY_ROWS.passAtK.map((row, i) => [row, { kind: 'pass', k: i + 1 }]);
export const THRESHOLD_ROWS: [string, Policy][] = POLICY_ROWS.threshold.map((row, i) => [row, { kind: 'threshold', m: i + 1, n: 4 }]);

/** Cost of one unit of a run's cost driver: the node rate, or 1 when the driver is the cost itself. */
export function costPerUnit(layout: Layout, s: number): number {
  return layout.systems[s].nodeRate ?? 1;
}

export function aggregates(layout: Layout, pat: Patterns, s: number, scope: Scope, policy: Policy = PASS1, judged: Ref = 'eo', timed: Ref = judged): Aggregates {
  const coef = taskCoefficients(layout, scope);
  const k = policy.kind === 'pass' ? policy.k : policy.n;
  const rate = costPerUnit(layout, s);
  const out: Aggregates = { G: new Map(), C: new Map(), E: new Map(), L: new Map(), S: new Map(), credit: 0 };
  layout.tasks.forEach((t, i) => {
    const c = coef[i];
    if (c === 0) return;
    const wage = layout.occupations[t.occupation].wage;
    const wins: number[] = [];
    for (let r = 0; r < k; r++) {
      add(out.C, K(layout, s, r, i), c * rate);
      add(out.E, E(layout, s, r, i), c);
      add(out.L, L(layout, s, r, i), c);
      const y = judged === 'eo' ? pat.eo[s][r][i] : pat.ewa[r][i];
      if (y) wins.push(r);
    }
    const q = policy.kind === 'pass' ? wins.length >= 1 : wins.length >= policy.m;
    if (!q) return;
    out.credit += c;
    const h = timed === 'eo' ? H(layout, i) : A(layout, i);
    add(out.G, h, c * wage);
    add(out.S, h, c);
    for (const r of wins) add(out.S, L(layout, s, r, i), -c / wins.length);
  });
  return out;
}

/** Forms of the Table 22 decomposition (attempt 1, tasks winning against the expert-with-AI reference). */
export function decomposition(layout: Layout, pat: Patterns, s: number) {
  const coef = taskCoefficients(layout, { kind: 'benchmark' });
  const f = { yH: new Map() as Form, yA: new Map() as Form, yL: new Map() as Form, E: new Map() as Form };
  layout.tasks.forEach((_, i) => {
    add(f.E, E(layout, s, 0, i), coef[i]);
    if (!pat.ewa[0][i]) return;
    add(f.yH, H(layout, i), coef[i]);
    add(f.yA, A(layout, i), coef[i]);
    add(f.yL, L(layout, s, 0, i), coef[i]);
  });
  return {
    ...f,
    /** expert-only -> expert-with-AI saving, and its denominator */
    s1: lin(1, f.yH, -1, f.yA),
    d1: f.yH,
    s2: lin(1, f.yA, -1, f.yL),
    d2: f.yA,
    s3: lin(1, f.yH, -1, f.yL),
  };
}

/** The value of a form at x. */
export function value(f: Form, x: Float64Array): number {
  let v = 0;
  for (const [j, c] of f) v += c * x[j];
  return v;
}
