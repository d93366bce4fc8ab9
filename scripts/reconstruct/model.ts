/**
 * The reconstruction's variables and discrete patterns.
 *
 * Continuous variables (one Float64Array `x`, solved by `solve.ts`):
 *   H_i   expert-only completion time of task i (hours)
 *   A_i   expert-with-AI completion time of task i (hours)
 *   per run (system s, attempt r, task i): L (AI hours), K (cost driver: node hours for systems with a
 *   node rate, USD otherwise), E (energy, MJ)
 * Discrete patterns: win-or-tie (1) or loss (0) of every run against each reference by the main judge.
 * Every published quantity is then a linear form in x (or a ratio of two), see `forms.ts`.
 */
import type { Rng } from '../../kernel-lib/random/prng.ts';
import type { SystemSpec } from './spec.ts';

export interface Occupation {
  name: string;
  socCode: string;
  category: string;
  categoryLabel: string;
  sector: string;
  employment: number;
  wage: number;
  /** GDP weight w_o (sums to 1) */
  weight: number;
  /** W_c of its category */
  categoryWeight: number;
  tasks: number[];
}

export interface Task {
  id: string;
  occupation: number;
}

export interface Layout {
  occupations: Occupation[];
  tasks: Task[];
  systems: SystemSpec[];
  /** first index of each system's run block; run (s, r, i) uses 3 slots: L, K, E */
  runBase: number[];
  size: number;
}

export function makeLayout(occupations: Occupation[], tasks: Task[], systems: SystemSpec[]): Layout {
  const N = tasks.length;
  let next = 2 * N;
  const runBase: number[] = [];
  for (const s of systems) {
    runBase.push(next);
    next += 3 * N * s.attempts;
  }
  return { occupations, tasks, systems, runBase, size: next };
}

export const H = (_l: Layout, i: number) => i;
export const A = (l: Layout, i: number) => l.tasks.length + i;
const run = (l: Layout, s: number, r: number, i: number) => l.runBase[s] + 3 * (r * l.tasks.length + i);
export const L = (l: Layout, s: number, r: number, i: number) => run(l, s, r, i);
export const K = (l: Layout, s: number, r: number, i: number) => run(l, s, r, i) + 1;
export const E = (l: Layout, s: number, r: number, i: number) => run(l, s, r, i) + 2;

/** Win-or-tie patterns of the main judge: eo[s][r][i], ewa[r][i] (primary system only). */
export interface Patterns {
  eo: Uint8Array[][];
  ewa: Uint8Array[];
}

/** A standard normal draw (Box-Muller on the project's PRNG). */
export function normal(rng: Rng): number {
  const u = 1 - rng.next();
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Positive random shares summing to 1 (lognormal with log-sd `sigma`). */
export function shares(rng: Rng, n: number, sigma: number): number[] {
  const z = Array.from({ length: n }, () => Math.exp(sigma * normal(rng)));
  const t = z.reduce((a, b) => a + b, 0);
  return z.map((v) => v / t);
}

/** k distinct indices out of n, in increasing order. */
export function choose(rng: Rng, n: number, k: number): number[] {
  const idx = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + rng.int(n - i);
    [idx[i], idx[j]] = [idx[j], idx[i]];
  }
  return idx.slice(0, k).sort((a, b) => a - b);
}
