/**
 * The fast bootstrapQaij against its oracle (test/qaij/naiveBootstrapQaij.ts): an exact comparison
 * (Object.is on every number, so -0 and NaN count; replicates compared element by element), the
 * outcome of a call as a value or its error message, and seeded random TaskResult sets that reach the
 * corners of the replicate loop (strata of different sizes, results without a stratum, systems
 * missing tasks, zero and negative weights, families outside the target, obstructed mixes, trimming,
 * latency contracts, difficulty modes, replicates in which a system has no drawn attempt).
 * Shared by fastBootstrapQaij.test.ts (in the vitest worker, small cases) and
 * bootstrapEquivalence.child.ts (the reconstructed dataset and a wider sweep, in a child process).
 */
import { bootstrapQaijPaired, type BootstrapOptions } from '../../kernel-lib/qaij/bootstrapQaij.ts';
import { createRng, type Rng } from '../../kernel-lib/random/prng.ts';
import type { TaskResult } from '../../kernel-lib/qaij/types.ts';
import { naiveBootstrapQaij } from './naiveBootstrapQaij.ts';

/** The first place two values differ ("path: a vs b"), or null when they are the same bit for bit. */
export function firstDifference(a: unknown, b: unknown, path = '$'): string | null {
  const isArr = (x: unknown): x is ArrayLike<unknown> => Array.isArray(x) || ArrayBuffer.isView(x);
  if (isArr(a) || isArr(b)) {
    if (!isArr(a) || !isArr(b)) return `${path}: ${typeof a} vs ${typeof b}`;
    if (a.length !== b.length) return `${path}.length: ${a.length} vs ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map) || !(b instanceof Map)) return `${path}: Map vs not`;
    const ka = [...a.keys()], kb = [...b.keys()];
    if (firstDifference(ka, kb)) return `${path} keys: ${ka} vs ${kb}`;
    for (const k of ka) {
      const d = firstDifference(a.get(k), b.get(k), `${path}.get(${k})`);
      if (d) return d;
    }
    return null;
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).sort(), kb = Object.keys(b).sort();
    if (ka.join() !== kb.join()) return `${path} keys: ${ka} vs ${kb}`;
    for (const k of ka) {
      const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return Object.is(a, b) ? null : `${path}: ${String(a)} vs ${String(b)}`;
}

export type Outcome<T> = { value: T } | { error: string };

export function outcome<T>(f: () => T): Outcome<T> {
  try {
    return { value: f() };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/**
 * The oracle's outcome for a paired call: each variant as its own naiveBootstrapQaij call, in order,
 * stopping at the first error (what the separate calls of sevenPartReport would have thrown).
 */
export function naivePaired(results: readonly TaskResult[], variants: readonly BootstrapOptions[]) {
  return outcome(() => variants.map((o) => naiveBootstrapQaij(results, o)));
}

/** null when bootstrapQaijPaired(results, variants) equals the oracle's separate calls bit for bit (or both throw the same message). */
export function pairedDifference(results: readonly TaskResult[], variants: readonly BootstrapOptions[]): string | null {
  return firstDifference(outcome(() => bootstrapQaijPaired(results, variants)), naivePaired(results, variants));
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)];

/** A seeded random TaskResult set and bootstrap options (see the file comment for what they reach). */
export function randomCase(seed: number): { results: TaskResult[]; variants: BootstrapOptions[] } {
  const rng = createRng(seed);
  const strataCount = 1 + rng.int(5);
  const strata = Array.from({ length: strataCount }, (_, i) => `f${i}`);
  const unstratified = rng.next() < 0.2; // some tasks without a stratum
  const tasks: { id: string; stratum: string | undefined }[] = [];
  for (const s of strata) {
    const size = 1 + rng.int(6);
    for (let k = 0; k < size; k++) tasks.push({ id: `${s}-t${k}`, stratum: s });
  }
  if (unstratified) for (let k = 0; k < 1 + rng.int(3); k++) tasks.push({ id: `u${k}`, stratum: undefined });
  // shuffle so first-appearance order of tasks and strata is not the generation order
  for (let i = tasks.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [tasks[i], tasks[j]] = [tasks[j], tasks[i]];
  }
  const systemCount = 1 + rng.int(4);
  const zeroWeights = rng.next() < 0.4, negativeWeights = rng.next() < 0.08, nanWeight = rng.next() < 0.05;
  const results: TaskResult[] = [];
  for (let s = 0; s < systemCount; s++) {
    const coverage = rng.next() < 0.5 ? 1 : 0.3 + 0.7 * rng.next(); // systems missing tasks
    for (const t of tasks) {
      if (rng.next() > coverage) continue;
      const attempts = 1 + (rng.next() < 0.3 ? rng.int(3) : 0);
      for (let a = 0; a < attempts; a++) {
        let weight = pick(rng, [1, 1, 0.5, 2, 3.25]);
        if (zeroWeights && rng.next() < 0.3) weight = 0;
        if (negativeWeights && rng.next() < 0.1) weight = -1;
        if (nanWeight && rng.next() < 0.05) weight = NaN;
        results.push({
          task: t.id,
          system: `S${s}`,
          energyJ: 1 + 100 * rng.next(),
          latencyS: 10 * rng.next(),
          tokens: rng.int(100),
          quality: pick(rng, [0, 0.25, 0.5, 1, rng.next()]),
          correctness: pick(rng, [0, 1, 1, 1]),
          reliability: pick(rng, [0, 1, 1, rng.next()]),
          usefulness: pick(rng, [1, 1, 0.5]),
          difficultyWeight: pick(rng, [1, 0.5, 2, 1.7]),
          weight,
          ...(t.stratum === undefined ? {} : { stratum: t.stratum }),
          boundary: 'system',
        });
      }
    }
  }
  if (results.length === 0) results.push({ task: 'x', system: 'S0', energyJ: 1, latencyS: 1, tokens: 1, quality: 1, correctness: 1, reliability: 1, usefulness: 1, difficultyWeight: 1, weight: 1, stratum: 'f0', boundary: 'system' });

  const draws = 1 + rng.int(120), seed2 = rng.int(1000), level = pick(rng, [0.95, 0.9, 0.5]);
  const latency = rng.next() < 0.4
    ? (rng.next() < 0.5 ? { latencyMaxS: 5 } : { latencyMaxS: 6, penalty: (l: number, max: number) => (l <= max ? 1 : Math.max(0, 1 - (l - max) / 4)) })
    : undefined;
  const base = { draws, seed: seed2, level, latency };
  const mix = (): Record<string, number> => {
    const m: Record<string, number> = {};
    for (const f of strata) if (rng.next() < 0.8) m[f] = pick(rng, [1, 2, 0.5, 0, 3]); // a family with share 0, or left out
    if (rng.next() < 0.25) m.absent = 1; // a family with no observations: obstructed
    if (!Object.values(m).some((v) => v > 0)) m[strata[0]] = 1;
    return m;
  };
  // results without a stratum need a family function under a target mix (else stratumFamily throws, also compared)
  const family = unstratified && rng.next() < 0.7 ? (r: TaskResult) => r.stratum ?? 'none' : undefined;
  const trimAt = rng.next() < 0.3 ? pick(rng, [1.2, 2, 0.9]) : undefined;
  const variants: BootstrapOptions[] = [
    { ...base, difficulty: 'unweighted' },
    { ...base, difficulty: 'weighted' },
    { ...base, difficulty: 'unweighted', targetMix: mix(), family, trimAt },
    { ...base, difficulty: pick(rng, ['unweighted', 'weighted'] as const), targetMix: mix(), family, trimAt },
  ];
  return { results, variants };
}
