/**
 * Task-composition bootstrap draws (Joules-to-GDP J.2 and K.1 "Paired contrasts and uncertainty"):
 * every draw resamples the evaluated tasks with replacement within each occupation, keeping each
 * occupation's task count n_o. The same draws serve every cell of a table, so that paired contrasts
 * (Table 18) and the rows of one table are computed on the same resampled tasks.
 *
 * Stream (documented so that another implementation can reproduce it): one raw xoshiro128** stream
 * `raw = createRawRng(seed)` (kernel-lib/random/prng.ts); for draw b = 0..B-1, for occupation
 * o = 0..O-1 in `occupations` order, o's n_o slots are drawn in chunks of c_o slots, c_o the largest
 * c <= n_o with n_o^c <= 2^21 (the last chunk holds the n_o mod c_o slots left, if any). A chunk of
 * l slots takes one u = `lemireInt(raw, n_o^l)`, and its slots' positions are the base-n_o digits of
 * u, least significant first: slot j of the chunk is the task at position floor(u / n_o^j) mod n_o
 * among o's tasks (in task order). u is uniform on 0..n_o^l - 1, so the digits are independent and
 * uniform: each slot is a uniform pick. Occupations of up to 7 tasks (GDPval's 5: 5^5 = 3,125) take
 * one chunk, so one draw costs one output of the generator per occupation, not one per slot; an
 * occupation of one task still takes one (u = 0). Occupations of more than 2^21 tasks are refused.
 * (Changed 2026-12-01 from one `lemireInt(raw, n_o)` per slot: five times fewer generator steps for
 * GDPval, issue #16; every interval moved within its Monte Carlo error.)
 *
 * The draws are not stored: `fillDraw` writes the next draw's n task indices (grouped by occupation)
 * into a small buffer, so a consumer aggregates each draw while it is in cache and any number of
 * tables can replay the same draws from the seed. `drawSample` materialises all of them (tests).
 * Throws "invalid draws: v", "invalid seed: v", and "taskBootstrap requires an occupation index in
 * 0..O-1" for a bad index.
 * @example drawSample(taskBootstrap(Int32Array.of(0, 0, 1), 2, { draws: 2, seed: 1 })).length // => 6
 */
import { J2GError } from '../errors.ts';
import { seedWords } from '../random/prng.ts';
import { checkBootstrap, type BootstrapSettings } from './settings.ts';

export interface TaskBootstrap {
  draws: number;
  seed: number;
  /** number of tasks n */
  tasks: number;
  /** number of occupations O */
  occupations: number;
  /** n_o, tasks per occupation */
  counts: Int32Array;
  /** start of occupation o's slots within one draw (length O + 1) */
  offsets: Int32Array;
  /** task indices grouped by occupation, in task order within each */
  order: Int32Array;
  /** c_o, slots per chunk (one generator output per chunk) */
  chunkSlots: Int32Array;
  /** n_o^c_o, the range of a full chunk's uniform integer */
  chunkRange: Int32Array;
  /** 2^32 mod n_o^c_o, the rejection threshold of Lemire's method for a full chunk */
  chunkThreshold: Int32Array;
  /** n_o^(n_o mod c_o) and its threshold: the last, shorter chunk (range 1 when there is none) */
  tailRange: Int32Array;
  tailThreshold: Int32Array;
}

const TWO_32 = 4294967296;
const INV_TWO_32 = 1 / TWO_32; // exact: a power of two
/** Largest range of one uniform integer: x n < 2^53 keeps Lemire's product exact in a double. */
const MAX_RANGE = 2097152;

export function taskBootstrap(occupationIndex: Int32Array, occupations: number, settings: BootstrapSettings): TaskBootstrap {
  const { draws, seed } = checkBootstrap(settings);
  const n = occupationIndex.length;
  const O = occupations;
  const counts = new Int32Array(O);
  for (let i = 0; i < n; i++) {
    const o = occupationIndex[i];
    if (!(o >= 0 && o < O)) throw new J2GError(`taskBootstrap requires an occupation index in 0..${O - 1}: ${o}`);
    counts[o]++;
  }
  const offsets = new Int32Array(O + 1);
  const chunkSlots = new Int32Array(O), chunkRange = new Int32Array(O), chunkThreshold = new Int32Array(O);
  const tailRange = new Int32Array(O), tailThreshold = new Int32Array(O);
  // one pass per occupation: its checks, its offset and its chunks
  for (let o = 0; o < O; o++) {
    const m = counts[o];
    if (m === 0) throw new J2GError(`taskBootstrap requires every occupation to have a task: occupation ${o} has none`);
    if (m > MAX_RANGE) throw new J2GError(`taskBootstrap requires at most 2^21 tasks per occupation: ${m}`);
    offsets[o + 1] = offsets[o] + m;
    let c = 1, range = m;
    while (c < m && range * m <= MAX_RANGE) { c++; range *= m; }
    chunkSlots[o] = c;
    chunkRange[o] = range;
    chunkThreshold[o] = TWO_32 % range;
    tailRange[o] = m ** (m % c);
    tailThreshold[o] = TWO_32 % tailRange[o];
  }
  const order = new Int32Array(n);
  const fill = offsets.slice(0, O);
  for (let i = 0; i < n; i++) order[fill[occupationIndex[i]]++] = i;
  return { draws, seed, tasks: n, occupations: O, counts, offsets, order, chunkSlots, chunkRange, chunkThreshold, tailRange, tailThreshold };
}

/** The generator state at the start of the draws: four 32-bit words (kernel-lib/random/prng.ts). */
export function drawState(boot: TaskBootstrap): Int32Array {
  return Int32Array.from(seedWords(boot.seed));
}

/**
 * What `fillDraw` writes for each draw:
 * - 'tasks': the n resampled task indices, grouped by occupation (length n);
 * - 'positions': each slot's position k within its occupation instead (the task is
 *   `order[offsets[o] + k]`; length n);
 * - 'sequences': one number per occupation (length O), the chunk integer u of its draw, whose base-n_o
 *   digits are the drawn positions; only for occupations of at most MAX_SEQUENCE_TASKS tasks, which
 *   take one chunk (kernel-lib/uncertainty/multisetSums.ts maps u to the drawn multiset).
 */
export type DrawOutput = 'tasks' | 'positions' | 'sequences';

/** Largest occupation whose draw `fillDraw` gives as one sequence integer u < n_o^n_o (5^5 = 3,125). */
export const MAX_SEQUENCE_TASKS = 5;

/**
 * Write the next draw into `out` (see DrawOutput) and advance `state`. This is `lemireInt(raw, range)`
 * inlined, chunk by chunk: the xoshiro128** step on local words, then Lemire's multiply-and-reject.
 * Same stream in every mode (test/uncertainty/edgeCases.test.ts checks it). Throws for 'sequences'
 * when an occupation has more than MAX_SEQUENCE_TASKS tasks.
 */
export function fillDraw(boot: TaskBootstrap, state: Int32Array, out: Int32Array, mode: DrawOutput = 'tasks'): void {
  const { occupations: O, counts, offsets, order, chunkSlots, chunkRange, chunkThreshold, tailRange, tailThreshold } = boot;
  if (mode === 'sequences') {
    for (let o = 0; o < O; o++) if (counts[o] > MAX_SEQUENCE_TASKS) throw new J2GError(`fillDraw: sequences need occupations of at most ${MAX_SEQUENCE_TASKS} tasks: ${counts[o]}`);
    drawSequences(boot, state, out, 0, 1);
    return;
  }
  const positions = mode === 'positions';
  let s0 = state[0], s1 = state[1], s2 = state[2], s3 = state[3];
  let p = 0;
  for (let o = 0; o < O; o++) {
    const start = offsets[o], n_o = counts[o], c = chunkSlots[o];
    for (let left = n_o; left > 0;) {
      const len = left >= c ? c : left;
      const range = len === c ? chunkRange[o] : tailRange[o], threshold = len === c ? chunkThreshold[o] : tailThreshold[o];
      let u = 0;
      for (;;) {
        const m = Math.imul(s1, 5);
        const x = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
        const t = s1 << 9;
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t;
        s3 = (s3 << 11) | (s3 >>> 21);
        const xr = x * range;
        u = Math.floor(xr * INV_TWO_32);
        if (xr - u * TWO_32 >= threshold) break;
      }
      for (let j = 0; j < len; j++) {
        const k = u % n_o;
        u = (u - k) / n_o;
        out[p++] = positions ? k : order[start + k];
      }
      left -= len;
    }
  }
  state[0] = s0; state[1] = s1; state[2] = s2; state[3] = s3;
}

/**
 * `draws` draws' sequence integers (fillDraw's 'sequences', occupations of at most MAX_SEQUENCE_TASKS
 * tasks, not checked here) written to out[at + b O + o], advancing `state`: the same stream as fillDraw, one generator
 * output per occupation (rejected outputs aside).
 */
export function drawSequences(boot: TaskBootstrap, state: Int32Array, out: Int32Array, at: number, draws: number): void {
  const { occupations: O, chunkRange, chunkThreshold } = boot;
  let s0 = state[0], s1 = state[1], s2 = state[2], s3 = state[3];
  for (let b = 0, p = at; b < draws; b++, p += O) {
    for (let o = 0; o < O; o++) {
      const range = chunkRange[o], threshold = chunkThreshold[o];
      let u = 0;
      for (;;) {
        const m = Math.imul(s1, 5);
        const x = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
        const t = s1 << 9;
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t;
        s3 = (s3 << 11) | (s3 >>> 21);
        // Lemire: u = floor(x range / 2^32) (exact: x range < 2^53), rejected when (x range) mod 2^32 < 2^32 mod range
        const xr = x * range;
        u = (xr * INV_TWO_32) | 0;
        if (xr - u * TWO_32 >= threshold) break;
      }
      out[p + o] = u;
    }
    // Saved after every draw, not once after the loop: V8 compiles a long first call on-stack (OSR)
    // before the code after the loop has run, and that code, without type feedback, then deoptimised
    // at every call's end (Node 20: the same OSR code re-entered each time; 2x slower overall).
    state[0] = s0; state[1] = s1; state[2] = s2; state[3] = s3;
  }
}

/** Every draw at once: B x n task indices, draw-major (B * n Int32 values of memory). */
export function drawSample(boot: TaskBootstrap): Int32Array {
  const n = boot.tasks;
  const out = new Int32Array(boot.draws * n);
  const state = drawState(boot);
  for (let b = 0; b < boot.draws; b++) fillDraw(boot, state, out.subarray(b * n, (b + 1) * n));
  return out;
}

/** Same task set and occupation structure (so one set of draws can serve both). */
export function sameTaskStructure(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
