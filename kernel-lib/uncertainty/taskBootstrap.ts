/**
 * Task-composition bootstrap draws (Joules-to-GDP J.2 and K.1 "Paired contrasts and uncertainty"):
 * every draw resamples the evaluated tasks with replacement within each occupation, keeping each
 * occupation's task count n_o. The draws are made once and shared by every cell of a table, so that
 * paired contrasts (Table 18) and rows of one table are computed on the same resampled tasks.
 *
 * Stream (documented so that another implementation can reproduce it): one `createRng(seed)`; for
 * draw b = 0..B-1, for occupation o = 0..O-1 in `occupations` order, for slot j = 0..n_o-1, the task
 * at position `rng.int(n_o)` among o's tasks (in task order). One uniform integer per slot, also when
 * n_o = 1.
 *
 * Stored as an Int32Array of B x n task indices, draw-major, each draw grouped by occupation.
 * Throws "invalid draws: v", "invalid seed: v", and "taskBootstrap requires an occupation index in
 * 0..O-1" for a bad index.
 * @example taskBootstrap(Int32Array.of(0, 0, 1), 2, { draws: 2, seed: 1 }).sample.length // => 6
 */
import { J2GError } from '../errors.ts';
import { createRawRng } from '../random/prng.ts';
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
  /** resampled task index of slot p in draw b at b * n + p */
  sample: Int32Array;
}

/** Largest B x n stored (about 1 GiB of Int32): beyond it the caller should lower --draws. */
const MAX_SLOTS = 2 ** 28;

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
  for (let o = 0; o < O; o++) if (counts[o] === 0) throw new J2GError(`taskBootstrap requires every occupation to have a task: occupation ${o} has none`);
  if (draws * n > MAX_SLOTS) throw new J2GError(`invalid draws: ${draws} (${draws} x ${n} tasks exceeds ${MAX_SLOTS} resampled slots)`);
  const offsets = new Int32Array(O + 1);
  for (let o = 0; o < O; o++) offsets[o + 1] = offsets[o] + counts[o];
  const order = new Int32Array(n);
  const fill = offsets.slice(0, O);
  for (let i = 0; i < n; i++) order[fill[occupationIndex[i]]++] = i;
  const sample = new Int32Array(draws * n);
  // createRng(seed).int(n_o), inlined: rejection below the largest multiple of n_o (no modulo bias).
  const raw = createRawRng(seed);
  const TWO_32 = 4294967296;
  const limits = Float64Array.from(counts, (m) => TWO_32 - (TWO_32 % m));
  let p = 0;
  for (let b = 0; b < draws; b++) {
    for (let o = 0; o < O; o++) {
      const start = offsets[o], n_o = counts[o], limit = limits[o];
      for (let j = 0; j < n_o; j++) {
        let x = raw();
        while (x >= limit) x = raw();
        sample[p++] = order[start + (x % n_o)];
      }
    }
  }
  return { draws, seed, tasks: n, occupations: O, counts, offsets, order, sample };
}

/** Same task set and occupation structure (so one set of draws can serve both). */
export function sameTaskStructure(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
