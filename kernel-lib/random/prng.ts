/**
 * The project's seeded pseudo-random number generator: xoshiro128** (Blackman and Vigna, 2018),
 * seeded through splitmix32. Every step is 32-bit integer arithmetic (`Math.imul`, shifts, `>>> 0`),
 * so the same seed gives the same stream on every platform and Node version.
 *
 * - Seeding: the seed must be a safe integer; its low and high 32-bit halves are mixed by four
 *   splitmix32 steps into the 128-bit state (never all zero).
 * - `next()`: the next 32-bit output divided by 2^32, uniform on [0, 1) with 32 bits of resolution.
 * - `int(n)`: uniform integer in {0, ..., n - 1} for 1 <= n <= 2^32, by rejection (no modulo bias).
 *
 * Throws "invalid seed: x" for a seed that is not a safe integer, "invalid n: x" for a bad `int` bound.
 *
 * Example: `createRng(42).int(6)` is the same number on every machine.
 */
import { J2GError } from '../errors.ts';

export interface Rng {
  /** uniform on [0, 1) */
  next(): number;
  /** uniform integer in {0, ..., n - 1} */
  int(n: number): number;
}

const TWO_32 = 4294967296;

/** One splitmix32 step: returns [new state, output]. */
function splitmix32(state: number): [number, number] {
  const s = (state + 0x9e3779b9) | 0;
  let z = s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  z ^= z >>> 16;
  return [s, z >>> 0];
}

/**
 * The raw xoshiro128** generator from a 128-bit state given as four 32-bit words; returns a function
 * yielding successive unsigned 32-bit outputs. Reference: https://prng.di.unimi.it/xoshiro128starstar.c
 * Example: from state (1, 2, 3, 4) the first outputs are 11520, 0, 5927040.
 */
export function xoshiro128StarStar(s0: number, s1: number, s2: number, s3: number): () => number {
  let a = s0 | 0, b = s1 | 0, c = s2 | 0, d = s3 | 0;
  return () => {
    const m = Math.imul(b, 5);
    const result = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = (d << 11) | (d >>> 21);
    return result;
  };
}

/**
 * The raw 32-bit output stream behind `createRng(seed)`: the same xoshiro128** generator and seeding,
 * without the [0, 1) and integer wrappers, for hot loops that inline `int`'s rejection step
 * (kernel-lib/uncertainty/taskBootstrap.ts). `createRng(seed).int(n)` equals, draw for draw:
 * x = raw() until x < 2^32 - (2^32 mod n), then x mod n.
 */
export function createRawRng(seed: number): () => number {
  const w = seedWords(seed);
  return xoshiro128StarStar(w[0], w[1], w[2], w[3]);
}

/**
 * The 128-bit xoshiro128** state that `createRng(seed)` starts from, as four 32-bit words: for loops
 * that inline the generator's step (kernel-lib/uncertainty/taskBootstrap.ts) and must give the
 * same stream.
 */
export function seedWords(seed: number): [number, number, number, number] {
  if (!Number.isSafeInteger(seed)) throw new J2GError(`invalid seed: ${seed}`);
  const lo = seed >>> 0;
  const hi = Math.floor(Math.abs(seed) / TWO_32) >>> 0;
  let st = (lo ^ Math.imul(hi, 0x27d4eb2d) ^ (seed < 0 ? 0x5bd1e995 : 0)) | 0;
  const words: number[] = [];
  for (let k = 0; k < 4; k++) {
    const [ns, out] = splitmix32(st);
    st = ns;
    words.push(out);
  }
  if (!words.some((w) => w !== 0)) words[0] = 1; // (not `every`: TS 5.5+ would narrow words to 0[])
  return [words[0], words[1], words[2], words[3]];
}

/** Create a seeded generator (xoshiro128** seeded by splitmix32). */
export function createRng(seed: number): Rng {
  const raw = createRawRng(seed);
  return {
    next: () => raw() / TWO_32,
    int(n: number): number {
      if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new J2GError(`invalid n: ${n}`);
      // Accept only outputs below the largest multiple of n, so every residue is equally likely.
      const limit = TWO_32 - (TWO_32 % n);
      for (;;) {
        const x = raw();
        if (x < limit) return x % n;
      }
    },
  };
}

/**
 * Uniform integer in {0, ..., n - 1} from a raw 32-bit stream by Lemire's multiply-and-reject
 * (Lemire 2019, "Fast random integer generation in an interval"): with x the next output and
 * m = x * n (exact in a double for n <= 2^21), the result is floor(m / 2^32), unless m mod 2^32 is
 * below 2^32 mod n, in which case x is rejected and the next output tried. Unbiased, and free of the
 * floating-point modulo that `int` needs for outputs of 2^31 and above (about 8x faster in V8).
 * A different stream from `createRng(seed).int(n)`; the task-composition bootstrap uses this one.
 * Throws "invalid n: x" outside 1 <= n <= 2^21.
 * Example: `lemireInt(createRawRng(1), 6)` is the same number on every machine.
 */
export function lemireInt(raw: () => number, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 2097152) throw new J2GError(`invalid n: ${n}`);
  const threshold = TWO_32 % n;
  for (;;) {
    const m = raw() * n;
    const hi = Math.floor(m / TWO_32);
    if (m - hi * TWO_32 >= threshold) return hi;
  }
}
