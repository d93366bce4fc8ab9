/**
 * Resampled occupation sums by table lookup, for occupations of at most 5 tasks (GDPval has 5).
 *
 * Resampling n_o tasks with replacement from n_o gives one of C(2 n_o - 1, n_o) multisets (126 for
 * n_o = 5), and the sum of a column over the resampled slots depends only on that multiset. So the
 * sums of every column over every multiset are computed once; a draw then costs one lookup per
 * occupation and column instead of n_o gathers. The bootstrap's stream gives each occupation's draw as
 * one sequence integer u < n_o^n_o (`drawSequences`, taskBootstrap.ts), whose base-n_o digits are the
 * drawn positions; `sequenceTable(n_o).dense[u]` is its multiset.
 *
 * The draws are replayed from the seed in blocks of BLOCK_DRAWS (4 O bytes each: 176 kB per 1,000
 * draws for GDPval's 44 occupations, so a block stays in cache), never held between calls: one
 * generator output per occupation and draw costs about a fifth of the lookups. The sums are those of
 * the slot-by-slot path up to floating-point summation order.
 */
import { MAX_SEQUENCE_TASKS, drawSequences, drawState, type TaskBootstrap } from './taskBootstrap.ts';

/** Occupations of at most this many tasks take the lookup path. */
export const MAX_MULTISET_TASKS = MAX_SEQUENCE_TASKS;

/** Draws replayed and summed together (their rows stay in the first-level cache). */
const BLOCK_DRAWS = 256;

export interface SequenceTable {
  /** dense multiset index of each sequence integer u in 0..n^n - 1 */
  dense: Int16Array;
  /** per dense index, the count of each position 0..n-1 */
  counts: Uint8Array[];
}

const tables = new Map<number, SequenceTable>();

/**
 * The multisets of n positions drawn from n, numbered in order of their first sequence u (u's
 * base-n digits, least significant first, are the positions).
 * @example sequenceTable(2).counts.map((c) => [...c]) // => [[2, 0], [1, 1], [0, 2]]
 */
export function sequenceTable(n: number): SequenceTable {
  let t = tables.get(n);
  if (t) return t;
  const size = n ** n;
  const dense = new Int16Array(size);
  const counts: Uint8Array[] = [];
  const index = new Map<string, number>();
  for (let u = 0; u < size; u++) {
    const c = new Uint8Array(n);
    for (let j = 0, rest = u; j < n; j++, rest = Math.floor(rest / n)) c[rest % n]++;
    const key = c.join(',');
    let d = index.get(key);
    if (d === undefined) { d = counts.length; index.set(key, d); counts.push(c); }
    dense[u] = d;
  }
  t = { dense, counts };
  tables.set(n, t);
  return t;
}

/** Whether every occupation is small enough for the lookup path. */
export function multisetApplies(boot: TaskBootstrap): boolean {
  for (let o = 0; o < boot.occupations; o++) if (boot.counts[o] > MAX_MULTISET_TASKS) return false;
  return true;
}

/**
 * The drawn multisets of a bootstrap: `rows[b * O + o]` is the row, in a table laid out by `base`
 * (occupation o's multisets at rows base[o] .. base[o + 1] - 1, in sequenceTable order), of the
 * multiset drawn for occupation o in draw b. Units: row indices. Every draw at once (4 O bytes per
 * draw): for tests and tools; the sums below replay them in blocks.
 */
export interface MultisetDraws {
  base: Int32Array;
  rows: Int32Array;
}

function rowBase(boot: TaskBootstrap): Int32Array {
  const O = boot.occupations;
  const base = new Int32Array(O + 1);
  for (let o = 0; o < O; o++) base[o + 1] = base[o] + sequenceTable(boot.counts[o]).counts.length;
  return base;
}

/** Every draw's multiset per occupation (see MultisetDraws). Requires `multisetApplies(boot)`. */
export function multisetDraws(boot: TaskBootstrap): MultisetDraws {
  const { draws: B, occupations: O } = boot;
  const { base, sequenceAt } = rowLayout(boot);
  const rows = new Int32Array(B * O);
  drawSequences(boot, drawState(boot), rows, 0, B);
  rowsOf(rows, B * O, O, base, sequenceAt);
  return { base, rows };
}

/**
 * For every draw b and group g: out[column][g][b] = sum_{o in g} factor_o * (sum of the column over o's resampled
 * slots), accumulated over occupations in order (the same sums, bit for bit, for any number of groups).
 *
 * V8 note: the work is split into small functions (one occupation's table, one block of columns of
 * one group over a block of draws) so that each is optimised once and stays optimised; one long function with several hot
 * loops is compiled on-stack per loop and thrown away at each loop's exit, on every call (3x slower).
 */
export function multisetGroupSums(boot: TaskBootstrap, columns: Float64Array[], factor: Float64Array, groupOf: Int32Array, out: Float64Array[][]): void {
  const { draws: B, occupations: O } = boot;
  const K = columns.length;
  const { base, sequenceAt } = rowLayout(boot);
  // Row-major table: rowSums[(base_o + d) * K + c] is column c's sum over multiset d of occupation o,
  // times the occupation factor, so one draw's lookups for an occupation read K adjacent numbers.
  const rowSums = new Float64Array(base[O] * K);
  for (let o = 0; o < O; o++) occupationRowSums(boot, o, columns, factor[o], rowSums, base[o] * K);
  const groups = out[0]?.length ?? 0;
  // Each group's occupations in ascending order: summing over that list adds the same terms in the
  // same order as one pass over every occupation accumulating into the group's sum, bit for bit.
  const members = Array.from({ length: groups }, (_, g) => Int32Array.from({ length: O }, (_, o) => o).filter((o) => groupOf[o] === g));
  const state = drawState(boot);
  const rows = new Int32Array(Math.min(B, BLOCK_DRAWS) * O);
  for (let b0 = 0; b0 < B; b0 += BLOCK_DRAWS) {
    const nb = Math.min(BLOCK_DRAWS, B - b0);
    drawSequences(boot, state, rows, 0, nb);
    rowsOf(rows, nb * O, O, base, sequenceAt);
    for (let g = 0; g < groups; g++) sumBlock(rowSums, rows, members[g], O, nb, K, b0, out, g);
  }
}

/** Group g's sums over draws b0 .. b0 + nb - 1, columns four at a time (then two, then one). */
function sumBlock(rowSums: Float64Array, rows: Int32Array, m: Int32Array, O: number, nb: number, K: number, b0: number, out: Float64Array[][], g: number): void {
  let c = 0;
  for (; c + 4 <= K; c += 4) total4(rowSums, rows, m, O, nb, K, c, b0, out[c][g], out[c + 1][g], out[c + 2][g], out[c + 3][g]);
  for (; c + 2 <= K; c += 2) total2(rowSums, rows, m, O, nb, K, c, b0, out[c][g], out[c + 1][g]);
  for (; c < K; c++) total1(rowSums, rows, m, O, nb, K, c, b0, out[c][g]);
}

/**
 * Where occupation o's multisets start in the table (base), and where its sequence integers' multisets
 * are listed in DENSE: the table row of o's sequence u is base[o] + DENSE[sequenceAt[o] + u].
 */
function rowLayout(boot: TaskBootstrap): { base: Int32Array; sequenceAt: Int32Array } {
  const O = boot.occupations;
  const sequenceAt = new Int32Array(O);
  for (let o = 0; o < O; o++) sequenceAt[o] = DENSE_AT[boot.counts[o]];
  return { base: rowBase(boot), sequenceAt };
}

/** sequenceTable(n).dense for n = 1 .. MAX_MULTISET_TASKS, one after the other (3,413 entries), from DENSE_AT[n]. */
const DENSE_AT = new Int32Array(MAX_MULTISET_TASKS + 2);
for (let n = 1; n <= MAX_MULTISET_TASKS; n++) DENSE_AT[n + 1] = DENSE_AT[n] + n ** n;
const DENSE = new Int16Array(DENSE_AT[MAX_MULTISET_TASKS + 1]);
for (let n = 1; n <= MAX_MULTISET_TASKS; n++) DENSE.set(sequenceTable(n).dense, DENSE_AT[n]);

/** Occupation o's block of the table: each multiset's column sums times the occupation factor. */
function occupationRowSums(boot: TaskBootstrap, o: number, columns: Float64Array[], factor: number, rowSums: Float64Array, at: number): void {
  const n = boot.counts[o], first = boot.offsets[o], K = columns.length;
  const multisets = sequenceTable(n).counts;
  for (let d = 0; d < multisets.length; d++) {
    const c = multisets[d];
    for (let k = 0; k < K; k++) {
      const x = columns[k];
      let s = 0;
      for (let t = 0; t < n; t++) if (c[t]) s += c[t] * x[boot.order[first + t]];
      rowSums[at + d * K + k] = factor * s;
    }
  }
}

/** Sequence integers rows[0 .. length - 1] (draw-major, O per draw) replaced by their table rows. */
function rowsOf(rows: Int32Array, length: number, O: number, base: Int32Array, sequenceAt: Int32Array): void {
  for (let p = 0, o = 0; p < length; p++) {
    rows[p] = base[o] + DENSE[sequenceAt[o] + rows[p]];
    if (++o === O) o = 0;
  }
}

/**
 * Average of columns c .. c + 3 over the group `members` in draws b0 .. b0 + nb - 1: out_j[b0 + b] = sum
 * over the members (in order) of the looked-up sum of column c + j, four columns at a time in local
 * sums (3x faster in V8 than an array).
 */
function total4(rowSums: Float64Array, rows: Int32Array, members: Int32Array, O: number, nb: number, K: number, c: number, b0: number,
  o0: Float64Array, o1: Float64Array, o2: Float64Array, o3: Float64Array): void {
  const M = members.length;
  for (let b = 0, at = 0; b < nb; b++, at += O) {
    let a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    for (let i = 0; i < M; i++) {
      const r = rows[at + members[i]] * K + c;
      a0 += rowSums[r]; a1 += rowSums[r + 1]; a2 += rowSums[r + 2]; a3 += rowSums[r + 3];
    }
    o0[b0 + b] = a0; o1[b0 + b] = a1; o2[b0 + b] = a2; o3[b0 + b] = a3;
  }
}

/** total4 for two columns. */
function total2(rowSums: Float64Array, rows: Int32Array, members: Int32Array, O: number, nb: number, K: number, c: number, b0: number, o0: Float64Array, o1: Float64Array): void {
  const M = members.length;
  for (let b = 0, at = 0; b < nb; b++, at += O) {
    let a0 = 0, a1 = 0;
    for (let i = 0; i < M; i++) {
      const r = rows[at + members[i]] * K + c;
      a0 += rowSums[r]; a1 += rowSums[r + 1];
    }
    o0[b0 + b] = a0; o1[b0 + b] = a1;
  }
}

/** total4 for one column. */
function total1(rowSums: Float64Array, rows: Int32Array, members: Int32Array, O: number, nb: number, K: number, c: number, b0: number, o0: Float64Array): void {
  const M = members.length;
  for (let b = 0, at = 0; b < nb; b++, at += O) {
    let a = 0;
    for (let i = 0; i < M; i++) a += rowSums[rows[at + members[i]] * K + c];
    o0[b0 + b] = a;
  }
}
