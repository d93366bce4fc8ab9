/**
 * Task-composition bootstrap draws (Joules-to-GDP J.2 and K.1 "Paired contrasts and uncertainty"):
 * every draw resamples the evaluated tasks with replacement within each occupation, keeping each
 * occupation's task count n_o. The same draws serve every cell of a table, so that paired contrasts
 * (Table 18) and the rows of one table are computed on the same resampled tasks.
 *
 * Stream (documented so that another implementation can reproduce it): one raw xoshiro128** stream
 * `raw = createRawRng(seed)` (kernel-lib/random/prng.ts); for draw b = 0..B-1, for occupation
 * o = 0..O-1 in `occupations` order, for slot j = 0..n_o-1, the task at position
 * `lemireInt(raw, n_o)` among o's tasks (in task order). One uniform integer per slot, also when
 * n_o = 1. Occupations of more than 2^21 tasks are refused.
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
  /** occupation of each slot of a draw */
  slotOccupation: Int32Array;
  /** 2^32 mod n_o, the rejection threshold of Lemire's method */
  thresholds: Int32Array;
}

const TWO_32 = 4294967296;
const INV_TWO_32 = 1 / TWO_32; // exact: a power of two

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
  for (let o = 0; o < O; o++) {
    if (counts[o] === 0) throw new J2GError(`taskBootstrap requires every occupation to have a task: occupation ${o} has none`);
    if (counts[o] > 2097152) throw new J2GError(`taskBootstrap requires at most 2^21 tasks per occupation: ${counts[o]}`);
  }
  const offsets = new Int32Array(O + 1);
  for (let o = 0; o < O; o++) offsets[o + 1] = offsets[o] + counts[o];
  const order = new Int32Array(n);
  const slotOccupation = new Int32Array(n);
  const fill = offsets.slice(0, O);
  for (let i = 0; i < n; i++) order[fill[occupationIndex[i]]++] = i;
  for (let o = 0; o < O; o++) slotOccupation.fill(o, offsets[o], offsets[o + 1]);
  const thresholds = Int32Array.from(counts, (m) => TWO_32 % m);
  return { draws, seed, tasks: n, occupations: O, counts, offsets, order, slotOccupation, thresholds };
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
 * - 'codes': one number per occupation (length O), the multiset code sum_j (n_o + 1)^k_j of its
 *   drawn positions (kernel-lib/uncertainty/multisetSums.ts); only for occupations of at most
 *   MAX_CODE_TASKS tasks.
 */
export type DrawOutput = 'tasks' | 'positions' | 'codes';

/** Largest occupation whose multiset code `fillDraw` forms (the codes fit easily in 32 bits). */
export const MAX_CODE_TASKS = 5;
/** CODE_POWERS[n * 8 + k] = (n + 1)^k: the code digits' place values for occupations of n tasks. */
const CODE_POWERS = new Int32Array(8 * (MAX_CODE_TASKS + 1));
for (let n = 1; n <= MAX_CODE_TASKS; n++) for (let k = 0; k < n; k++) CODE_POWERS[n * 8 + k] = (n + 1) ** k;

/**
 * Write the next draw into `out` (see DrawOutput) and advance `state`. This is `lemireInt(raw, n_o)`
 * inlined: the xoshiro128** step on local words, then Lemire's multiply-and-reject. Same stream in
 * every mode (test/uncertainty/edgeCases.test.ts checks it). Throws for 'codes' when an occupation
 * has more than MAX_CODE_TASKS tasks.
 */
export function fillDraw(boot: TaskBootstrap, state: Int32Array, out: Int32Array, mode: DrawOutput = 'tasks'): void {
  const { occupations: O, counts, offsets, order, thresholds } = boot;
  if (mode === 'codes') {
    for (let o = 0; o < O; o++) if (counts[o] > MAX_CODE_TASKS) throw new J2GError(`fillDraw: multiset codes need occupations of at most ${MAX_CODE_TASKS} tasks: ${counts[o]}`);
    drawCodes(counts, thresholds, O, state, out, 0);
    return;
  }
  const positions = mode === 'positions';
  let s0 = state[0], s1 = state[1], s2 = state[2], s3 = state[3];
  let p = 0;
  for (let o = 0; o < O; o++) {
    const start = offsets[o], n_o = counts[o], threshold = thresholds[o];
    for (let j = 0; j < n_o; j++) {
      let k = 0;
      for (;;) {
        const m = Math.imul(s1, 5);
        const x = Math.imul((m << 7) | (m >>> 25), 9) >>> 0;
        const t = s1 << 9;
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t;
        s3 = (s3 << 11) | (s3 >>> 21);
        const xn = x * n_o;
        k = Math.floor(xn * INV_TWO_32);
        if (xn - k * TWO_32 >= threshold) break;
      }
      out[p++] = positions ? k : order[start + k];
    }
  }
  state[0] = s0; state[1] = s1; state[2] = s2; state[3] = s3;
}

/**
 * One draw's multiset codes (fillDraw's 'codes' output, occupations of at most MAX_CODE_TASKS tasks,
 * not checked here) written to out[at .. at + O - 1], advancing `state`: the same stream as fillDraw.
 * Occupations of 5 tasks (GDPval's) take an unrolled copy of the slot step: 2^32 mod 5 = 1, so Lemire's
 * rejection there is exactly x = 0. Unrolling them makes a draw about 1.7x faster in V8.
 */
export function drawCodes(counts: Int32Array, thresholds: Int32Array, O: number, state: Int32Array, out: Int32Array, at: number): void {
  let s0 = state[0], s1 = state[1], s2 = state[2], s3 = state[3];
  let x = 0;
  for (let o = 0; o < O; o++) {
    const n_o = counts[o];
    let code = 0;
    if (n_o === 5) {
      // five slots; place values 6^k; k = floor(x * 5 / 2^32) < 5
      do { const m = Math.imul(s1, 5); x = Math.imul((m << 7) | (m >>> 25), 9); const t = s1 << 9; s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = (s3 << 11) | (s3 >>> 21); } while (x === 0);
      code += CODE_POWERS[40 + (((x >>> 0) * 5 * INV_TWO_32) | 0)];
      do { const m = Math.imul(s1, 5); x = Math.imul((m << 7) | (m >>> 25), 9); const t = s1 << 9; s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = (s3 << 11) | (s3 >>> 21); } while (x === 0);
      code += CODE_POWERS[40 + (((x >>> 0) * 5 * INV_TWO_32) | 0)];
      do { const m = Math.imul(s1, 5); x = Math.imul((m << 7) | (m >>> 25), 9); const t = s1 << 9; s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = (s3 << 11) | (s3 >>> 21); } while (x === 0);
      code += CODE_POWERS[40 + (((x >>> 0) * 5 * INV_TWO_32) | 0)];
      do { const m = Math.imul(s1, 5); x = Math.imul((m << 7) | (m >>> 25), 9); const t = s1 << 9; s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = (s3 << 11) | (s3 >>> 21); } while (x === 0);
      code += CODE_POWERS[40 + (((x >>> 0) * 5 * INV_TWO_32) | 0)];
      do { const m = Math.imul(s1, 5); x = Math.imul((m << 7) | (m >>> 25), 9); const t = s1 << 9; s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = (s3 << 11) | (s3 >>> 21); } while (x === 0);
      code += CODE_POWERS[40 + (((x >>> 0) * 5 * INV_TWO_32) | 0)];
    } else {
      const threshold = thresholds[o], place = n_o * 8;
      for (let j = 0; j < n_o; j++) {
        // Lemire: k = floor(x n / 2^32) (exact: x n < 2^35), rejected when (x n) mod 2^32 < 2^32 mod n
        do { const m = Math.imul(s1, 5); x = Math.imul((m << 7) | (m >>> 25), 9); const t = s1 << 9; s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = (s3 << 11) | (s3 >>> 21); } while ((Math.imul(x, n_o) >>> 0) < threshold);
        code += CODE_POWERS[place + (((x >>> 0) * n_o * INV_TWO_32) | 0)];
      }
    }
    out[at + o] = code;
  }
  state[0] = s0; state[1] = s1; state[2] = s2; state[3] = s3;
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
