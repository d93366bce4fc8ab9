/**
 * Re-aggregated components in every bootstrap draw (Joules-to-GDP section 2.5 and J.2): in draw b,
 * the occupation mean of a per-task component x is X_o^b = (1 / n_o) sum over o's resampled slots of
 * x, and the group average is X_g^b = sum_{o in g} (w_o / W_g) X_o^b with W_g = sum_{o in g} w_o,
 * the fixed occupation weights. One group covering every occupation gives the benchmark average;
 * categories give Table 13's rows. Same units as x.
 *
 * Several columns are aggregated in one pass over the draws. Returns out[column][group], each a
 * Float64Array of length B. Throws "groupMeanDraws requires a positive group weight: g" for a group
 * whose occupations weigh nothing, and "groupMeanDraws requires a group in 0..G-1 for every occupation"
 * for an occupation whose group is out of range.
 * @example groupMeanDraws(boot, [valueUSD], weights, new Int32Array(O), 1)[0][0] // => B benchmark values of G
 */
import { J2GError } from '../errors.ts';
import { drawState, fillDraw, type TaskBootstrap } from './taskBootstrap.ts';
import { multisetApplies, multisetGroupSums } from './multisetSums.ts';
import { kernelSlotSums } from './multisetKernel.ts';

/**
 * `method`: 'auto' (default) takes the multiset lookup (multisetSums.ts) when every occupation has at
 * most 5 tasks, else the slot-by-slot gather; both give the same draws up to summation order.
 * `kernel`: 'wasm' (default) runs either in WebAssembly (multisetKernel.wat: the same sums bit for
 * bit, test/uncertainty/slotKernel.test.ts) where it can run, else in the JavaScript loops below;
 * 'js' takes the JavaScript loops always (the oracle of the tests).
 */
export function groupMeanDraws(boot: TaskBootstrap, columns: Float64Array[], weights: Float64Array, groupOf: Int32Array, groups: number, method: 'auto' | 'slots' | 'multiset' = 'auto', kernel: 'wasm' | 'js' = 'wasm'): Float64Array[][] {
  // A column drawn before on the same draws, weights and groups (Tables 17 and 18 share their cells,
  // 19, 20 and 21 their costs and energies) is not drawn again: each column's sums are independent
  // of the others in the call, so its draws are the same bits (drawnColumns below).
  // keyed by what the draws replay from as the bootstrap is now (its seed and draws may be changed in place)
  const cache = drawnColumns(boot, weights, groupOf, groups, `${method} ${kernel} ${boot.seed} ${boot.draws} ${boot.tasks} ${boot.occupations}`);
  const found = columns.map((x) => cache.find(x));
  const missing = columns.filter((_, k) => found[k] === undefined);
  // (every column missing or none: the same path; drawColumns checks and returns at once for none)
  const drawn = cache.keep(missing, drawColumns(boot, missing, weights, groupOf, groups, method, kernel));
  let next = 0;
  return found.map((f) => f ?? drawn[next++]);
}

/** Bytes of drawn columns kept per bootstrap (beyond it, columns are drawn again rather than kept). */
export const DRAWN_COLUMNS_BYTES = 64 * 2 ** 20;

interface DrawnCache {
  /** copies of the draws of a column with the same values, or undefined */
  find(x: Float64Array): Float64Array[] | undefined;
  /** keeps copies of the draws of `columns` (while under DRAWN_COLUMNS_BYTES) and returns `drawn` */
  keep(columns: Float64Array[], drawn: Float64Array[][]): Float64Array[][];
}

const drawnByBoot = new WeakMap<TaskBootstrap, { bytes: number; sets: { weights: Float64Array; groupOf: Int32Array; groups: number; how: string; columns: Float64Array[]; draws: Float64Array[][] }[] }>();

// (no `a === b` shortcut: what is kept is always a copy, never the caller's array)
function sameArray(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/**
 * What groupMeanDraws keeps for `boot` (a memory diagnostic): the drawn columns kept, over every set
 * of weights, groups and method, and their bytes, 8 B G for a column's draws plus 8 n for its values,
 * at most DRAWN_COLUMNS_BYTES in all.
 * @example const boot = taskBootstrap(Int32Array.of(0, 0, 1), 2, { draws: 4, seed: 1 });
 * groupMeanDraws(boot, [Float64Array.of(1, 2, 3)], Float64Array.of(1, 1), Int32Array.of(0, 1), 2);
 * keptDraws(boot) // => { columns: 1, bytes: 88 } (8 x 4 draws x 2 groups + 8 x 3 tasks)
 */
export function keptDraws(boot: TaskBootstrap): { columns: number; bytes: number } {
  const store = drawnByBoot.get(boot);
  if (!store) return { columns: 0, bytes: 0 };
  let columns = 0;
  for (const s of store.sets) columns += s.columns.length;
  return { columns, bytes: store.bytes };
}

/** The columns already drawn on `boot` with these weights, groups and method (copies: callers may sort them). */
function drawnColumns(boot: TaskBootstrap, weights: Float64Array, groupOf: Int32Array, groups: number, how: string): DrawnCache {
  let byBoot = drawnByBoot.get(boot);
  if (!byBoot) drawnByBoot.set(boot, (byBoot = { bytes: 0, sets: [] }));
  const store = byBoot;
  let set = store.sets.find((s) => s.groups === groups && s.how === how && sameArray(s.weights, weights) && sameArray(s.groupOf, groupOf));
  const copy = (d: Float64Array[]) => d.map((g) => g.slice());
  return {
    find(x) {
      if (!set) return undefined;
      const at = set.columns.findIndex((c) => sameArray(c, x));
      return at < 0 ? undefined : copy(set.draws[at]);
    },
    keep(columns, drawn) {
      const bytes = 8 * boot.draws * groups;
      columns.forEach((x, k) => {
        if (store.bytes + bytes > DRAWN_COLUMNS_BYTES) return;
        if (!set) store.sets.push((set = { weights: weights.slice(), groupOf: groupOf.slice(), groups, how, columns: [], draws: [] }));
        set.columns.push(x.slice());
        set.draws.push(copy(drawn[k]));
        store.bytes += bytes + 8 * x.length;
      });
      return drawn;
    },
  };
}

function drawColumns(boot: TaskBootstrap, columns: Float64Array[], weights: Float64Array, groupOf: Int32Array, groups: number, method: 'auto' | 'slots' | 'multiset', kernel: 'wasm' | 'js'): Float64Array[][] {
  const { draws: B, tasks: n, occupations: O, counts, offsets } = boot;
  const K = columns.length;
  for (const x of columns) if (x.length !== n) throw new J2GError(`groupMeanDraws requires columns of ${n} tasks: ${x.length}`);
  if (weights.length !== O || groupOf.length !== O) throw new J2GError(`groupMeanDraws requires ${O} occupation weights and groups`);
  const groupWeight = new Float64Array(groups);
  for (let o = 0; o < O; o++) {
    if (!(groupOf[o] >= 0 && groupOf[o] < groups)) throw new J2GError(`groupMeanDraws requires a group in 0..${groups - 1} for every occupation: occupation ${o} has ${groupOf[o]}`);
    groupWeight[groupOf[o]] += weights[o];
  }
  for (let g = 0; g < groups; g++) if (!(groupWeight[g] > 0)) throw new J2GError(`groupMeanDraws requires a positive group weight: ${g}`);
  // Per-occupation factor w_o / (n_o W_g): the group average is a weighted sum of slot values.
  const factor = Float64Array.from(weights, (w, o) => w / (counts[o] * groupWeight[groupOf[o]]));
  const out = columns.map(() => Array.from({ length: groups }, () => new Float64Array(B)));
  // Occupations of at most 5 tasks (GDPval's 5): precomputed multiset sums, one lookup per occupation.
  if (method === 'multiset' && !multisetApplies(boot)) throw new J2GError('groupMeanDraws: the multiset method needs occupations of at most 5 tasks');
  if (K === 0) return out; // nothing to draw (the checks above still apply)
  if (method !== 'slots' && multisetApplies(boot)) {
    multisetGroupSums(boot, columns, factor, groupOf, out, kernel);
    return out;
  }
  const state = drawState(boot);
  // Any occupation size: the same slot-by-slot sums in WebAssembly (multisetKernel.ts, kernelSlotSums).
  if (kernel === 'wasm' && kernelSlotSums(boot, state, columns, factor, groupOf, out)) return out;
  // Draw by draw (the draw's slots stay in cache), columns in blocks of four (then two, then one)
  // summed in local variables: one pass over the slots per block. The kernels are small functions
  // called once per draw, which V8 optimises after a few calls.
  const acc = new Float64Array(groups * 4);
  const slots = new Int32Array(n);
  const blocks: { k0: number; width: number; x: Float64Array[] }[] = [];
  for (let k0 = 0; k0 < K;) {
    const width = K - k0 >= 4 ? 4 : K - k0 >= 2 ? 2 : 1;
    blocks.push({ k0, width, x: columns.slice(k0, k0 + width) });
    k0 += width;
  }
  for (let b = 0; b < B; b++) {
    fillDraw(boot, state, slots);
    for (let q = 0; q < blocks.length; q++) {
      const { k0, width, x } = blocks[q];
      acc.fill(0);
      if (groups === 1 && width === 4) totalBlock4(slots, offsets, O, factor, x[0], x[1], x[2], x[3], acc);
      else if (width === 4) sumBlock4(slots, offsets, O, factor, groupOf, x[0], x[1], x[2], x[3], acc);
      else if (width === 2) sumBlock2(slots, offsets, O, factor, groupOf, x[0], x[1], acc);
      else sumBlock1(slots, offsets, O, factor, groupOf, x[0], acc);
      for (let g = 0; g < groups; g++) for (let j = 0; j < width; j++) out[k0 + j][g][b] = acc[g * 4 + j];
    }
  }
  return out;
}

/** Every occupation in one group: benchmark (GDP-weighted task average) draws, out[column]. */
export function benchmarkDraws(boot: TaskBootstrap, columns: Float64Array[], weights: Float64Array): Float64Array[] {
  return groupMeanDraws(boot, columns, weights, new Int32Array(boot.occupations), 1).map((g) => g[0]);
}

/** One group (the benchmark average): acc[j] = sum over o of factor_o * (sum of x_j over o's slots). */
function totalBlock4(slots: Int32Array, offsets: Int32Array, O: number, factor: Float64Array,
  x0: Float64Array, x1: Float64Array, x2: Float64Array, x3: Float64Array, acc: Float64Array): void {
  let a0 = 0, a1 = 0, a2 = 0, a3 = 0;
  for (let o = 0; o < O; o++) {
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (let p = offsets[o], e = offsets[o + 1]; p < e; p++) {
      const i = slots[p];
      s0 += x0[i]; s1 += x1[i]; s2 += x2[i]; s3 += x3[i];
    }
    const f = factor[o];
    a0 += f * s0; a1 += f * s1; a2 += f * s2; a3 += f * s3;
  }
  acc[0] = a0; acc[1] = a1; acc[2] = a2; acc[3] = a3;
}

/** acc[4 g + j] += sum over occupations o of group g of factor_o * (sum of x_j over o's slots). */
function sumBlock4(slots: Int32Array, offsets: Int32Array, O: number, factor: Float64Array, groupOf: Int32Array,
  x0: Float64Array, x1: Float64Array, x2: Float64Array, x3: Float64Array, acc: Float64Array): void {
  for (let o = 0; o < O; o++) {
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (let p = offsets[o], e = offsets[o + 1]; p < e; p++) {
      const i = slots[p];
      s0 += x0[i]; s1 += x1[i]; s2 += x2[i]; s3 += x3[i];
    }
    const f = factor[o], g4 = groupOf[o] * 4;
    acc[g4] += f * s0; acc[g4 + 1] += f * s1; acc[g4 + 2] += f * s2; acc[g4 + 3] += f * s3;
  }
}

function sumBlock2(slots: Int32Array, offsets: Int32Array, O: number, factor: Float64Array, groupOf: Int32Array,
  x0: Float64Array, x1: Float64Array, acc: Float64Array): void {
  for (let o = 0; o < O; o++) {
    let s0 = 0, s1 = 0;
    for (let p = offsets[o], e = offsets[o + 1]; p < e; p++) {
      const i = slots[p];
      s0 += x0[i]; s1 += x1[i];
    }
    const f = factor[o], g4 = groupOf[o] * 4;
    acc[g4] += f * s0; acc[g4 + 1] += f * s1;
  }
}

function sumBlock1(slots: Int32Array, offsets: Int32Array, O: number, factor: Float64Array, groupOf: Int32Array,
  x0: Float64Array, acc: Float64Array): void {
  for (let o = 0; o < O; o++) {
    let s0 = 0;
    for (let p = offsets[o], e = offsets[o + 1]; p < e; p++) s0 += x0[slots[p]];
    acc[groupOf[o] * 4] += factor[o] * s0;
  }
}
