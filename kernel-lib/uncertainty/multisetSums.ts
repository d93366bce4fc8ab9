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
 *
 * Where WebAssembly runs (Node, browsers), the draws, row lookups and sums run in one WebAssembly
 * function (multisetKernel.wat via multisetKernel.ts), the same arithmetic in the same order: identical
 * sums bit for bit, about 2.5x faster than the JavaScript kernels below (Table 17 at 10,000 draws: the
 * sums went from about 9 to 3.5 ms of CPU, interleaved in one process). The JavaScript kernels stay as
 * the fallback and as the kernel's oracle in test/uncertainty/multisetKernel.test.ts.
 */
import { MAX_SEQUENCE_TASKS, drawSequences, drawState, type TaskBootstrap } from './taskBootstrap.ts';
import { kernelGroupSums } from './multisetKernel.ts';

/** Occupations of at most this many tasks take the lookup path. */
export const MAX_MULTISET_TASKS = MAX_SEQUENCE_TASKS;

/** Draws replayed and summed together (their rows stay in the first-level cache). */
const BLOCK_DRAWS = 256;

export interface SequenceTable {
  /** dense multiset index of each sequence integer u in 0..n^n - 1 */
  dense: Int16Array;
  /** per dense index d, the count of each position 0..n-1: views of `flat` */
  counts: Uint8Array[];
  /** every multiset's counts one after the other: flat[d n + t] = counts[d][t] */
  flat: Uint8Array;
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
  const found: Uint8Array[] = [];
  const index = new Map<string, number>();
  for (let u = 0; u < size; u++) {
    const c = new Uint8Array(n);
    for (let j = 0, rest = u; j < n; j++, rest = Math.floor(rest / n)) c[rest % n]++;
    const key = c.join(',');
    let d = index.get(key);
    if (d === undefined) { d = found.length; index.set(key, d); found.push(c); }
    dense[u] = d;
  }
  const flat = new Uint8Array(found.length * n);
  found.forEach((c, d) => flat.set(c, d * n));
  const counts = found.map((_, d) => flat.subarray(d * n, (d + 1) * n));
  t = { dense, counts, flat };
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

/** Where sequenceTable(n).dense starts in denseTable(): the tables for n = 1 .. MAX_MULTISET_TASKS one after the other. */
const DENSE_AT = new Int32Array(MAX_MULTISET_TASKS + 2);
for (let n = 1; n <= MAX_MULTISET_TASKS; n++) DENSE_AT[n + 1] = DENSE_AT[n] + n ** n;
let dense: Int32Array | null = null;

/**
 * sequenceTable(n).dense for n = 1 .. MAX_MULTISET_TASKS in one array (3,413 entries), built on first
 * use rather than when the module loads (about 6 ms, which every j2g start and page load would pay).
 */
function denseTable(): Int32Array {
  if (!dense) {
    dense = new Int32Array(DENSE_AT[MAX_MULTISET_TASKS + 1]);
    for (let n = 1; n <= MAX_MULTISET_TASKS; n++) dense.set(sequenceTable(n).dense, DENSE_AT[n]);
  }
  return dense;
}

/**
 * Where a draw's rows go and what they hold: occupation o's sequence u becomes
 * rows[b width + slot[o]] = start[o] + table[tableAt[o] + u], the offset (base[o] + d) * K of its
 * multiset d's row in a K-column table.
 */
interface RowMap {
  slot: Int32Array;
  start: Int32Array;
  table: Int32Array;
  tableAt: Int32Array;
  width: number;
}

function rowMap(boot: TaskBootstrap, base: Int32Array, K: number, slot: Int32Array, width: number): RowMap {
  const O = boot.occupations;
  const start = Int32Array.from({ length: O }, (_, o) => base[o] * K);
  const tableAt = Int32Array.from({ length: O }, (_, o) => DENSE_AT[boot.counts[o]]);
  const all = denseTable();
  return { slot, start, table: K === 1 ? all : all.map((d) => d * K), tableAt, width };
}

/** `draws` draws of sequence integers (O per draw, from drawSequences) written as rows by `map`. */
function rowsOf(sequences: Int32Array, draws: number, O: number, map: RowMap, rows: Int32Array): void {
  const { slot, start, table, tableAt, width } = map;
  for (let o = 0; o < O; o++) {
    const s = slot[o], st = start[o], ta = tableAt[o];
    for (let b = 0, p = o, q = s; b < draws; b++, p += O, q += width) rows[q] = st + table[ta + sequences[p]];
  }
}

/** Every draw's multiset per occupation (see MultisetDraws). Requires `multisetApplies(boot)`. */
export function multisetDraws(boot: TaskBootstrap): MultisetDraws {
  const { draws: B, occupations: O } = boot;
  const base = rowBase(boot);
  const sequences = new Int32Array(B * O), rows = new Int32Array(B * O);
  drawSequences(boot, drawState(boot), sequences, 0, B);
  rowsOf(sequences, B, O, rowMap(boot, base, 1, Int32Array.from({ length: O }, (_, o) => o), O), rows);
  return { base, rows };
}

/**
 * For every draw b and group g: out[column][g][b] = sum_{o in g} factor_o * (sum of the column over o's resampled
 * slots), accumulated over o's group's occupations in ascending order (the same sums, bit for bit, for
 * any number of groups).
 *
 * Layout: a draw's rows are written in group order (each group's occupations ascending, one group after
 * the other), so a group is a contiguous range of a draw's rows, and each row is the offset of its K
 * column sums in the table: a kernel reads one offset per occupation and adds up to five columns in
 * local sums. `kernel`: 'wasm' (default) runs the draws in WebAssembly (multisetKernel.ts, the same
 * sums bit for bit) and falls back to the JavaScript kernels below where it cannot run; 'js' takes
 * them always. V8 note: the JavaScript kernels are small functions, each optimised once; one long
 * function with several hot loops is compiled on-stack per loop and thrown away at each loop's exit.
 */
export function multisetGroupSums(boot: TaskBootstrap, columns: Float64Array[], factor: Float64Array, groupOf: Int32Array, out: Float64Array[][], kernel: 'wasm' | 'js' = 'wasm'): void {
  const { draws: B, occupations: O } = boot;
  const K = columns.length;
  const base = rowBase(boot);
  const groups = out[0]?.length ?? 0;
  // Group g's occupations are a draw's rows from[g] .. from[g + 1] - 1, ascending within the group.
  const from = new Int32Array(groups + 1);
  for (let o = 0; o < O; o++) if (groupOf[o] < groups) from[groupOf[o] + 1]++;
  for (let g = 0; g < groups; g++) from[g + 1] += from[g];
  const slot = new Int32Array(O), next = from.slice(0, groups);
  for (let o = 0; o < O; o++) slot[o] = groupOf[o] < groups ? next[groupOf[o]]++ : from[groups];
  const state = drawState(boot);
  if (kernel === 'wasm') {
    const flat = Array.from({ length: MAX_MULTISET_TASKS }, (_, j) => sequenceTable(j + 1).flat);
    if (kernelGroupSums({ boot, base, columns, factor, flat, denseAt: DENSE_AT, dense: denseTable(), slot, from, state, out })) return;
  }
  // Row-major table: rowSums[(base_o + d) * K + c] is column c's sum over multiset d of occupation o,
  // times the occupation factor, so one draw's lookups for an occupation read K adjacent numbers.
  const rowSums = new Float64Array(base[O] * K);
  for (let o = 0; o < O; o++) occupationRowSums(boot, o, columns, factor[o], rowSums, base[o] * K);
  // A draw's rows for occupations outside every group all go to slot from[groups] (at most O - 1 when
  // one exists), which no group reads: O slots a draw.
  const width = O;
  const map = rowMap(boot, base, K, slot, width);
  const byGroup = Array.from({ length: groups }, (_, g) => out.map((column) => column[g]));
  const block = Math.min(B, BLOCK_DRAWS);
  const sequences = new Int32Array(block * O), rows = new Int32Array(block * width);
  for (let b0 = 0; b0 < B; b0 += BLOCK_DRAWS) {
    const nb = Math.min(BLOCK_DRAWS, B - b0);
    drawSequences(boot, state, sequences, 0, nb);
    rowsOf(sequences, nb, O, map, rows);
    for (let g = 0; g < groups; g++) sumColumns(rowSums, rows, width, nb, from[g], from[g + 1], K, b0, byGroup[g]);
  }
}

/** Columns 0..K-1 of one group (rows from .. to - 1 of each draw) over draws b0 .. b0 + nb - 1: blocks of 5, 4, 2, 1. */
function sumColumns(rowSums: Float64Array, rows: Int32Array, width: number, nb: number, from: number, to: number, K: number, b0: number, out: Float64Array[]): void {
  for (let c = 0; c < K;) {
    const left = K - c;
    if (left >= 5 && left !== 8) { sum5(rowSums, rows, width, nb, from, to, c, b0, out); c += 5; }
    else if (left >= 4) { sum4(rowSums, rows, width, nb, from, to, c, b0, out); c += 4; }
    else if (left >= 2) { sum2(rowSums, rows, width, nb, from, to, c, b0, out); c += 2; }
    else { sum1(rowSums, rows, width, nb, from, to, c, b0, out); c += 1; }
  }
}

/** out[c + j][b0 + b] = sum over the group's rows of draw b of rowSums[row + c + j], j < 5, in local sums. */
function sum5(rowSums: Float64Array, rows: Int32Array, width: number, nb: number, from: number, to: number, c: number, b0: number, out: Float64Array[]): void {
  const o0 = out[c], o1 = out[c + 1], o2 = out[c + 2], o3 = out[c + 3], o4 = out[c + 4];
  for (let b = 0, at = 0; b < nb; b++, at += width) {
    let a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0;
    for (let i = at + from, e = at + to; i < e; i++) {
      const r = rows[i] + c;
      a0 += rowSums[r]; a1 += rowSums[r + 1]; a2 += rowSums[r + 2]; a3 += rowSums[r + 3]; a4 += rowSums[r + 4];
    }
    o0[b0 + b] = a0; o1[b0 + b] = a1; o2[b0 + b] = a2; o3[b0 + b] = a3; o4[b0 + b] = a4;
  }
}

/** sum5 for four columns. */
function sum4(rowSums: Float64Array, rows: Int32Array, width: number, nb: number, from: number, to: number, c: number, b0: number, out: Float64Array[]): void {
  const o0 = out[c], o1 = out[c + 1], o2 = out[c + 2], o3 = out[c + 3];
  for (let b = 0, at = 0; b < nb; b++, at += width) {
    let a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    for (let i = at + from, e = at + to; i < e; i++) {
      const r = rows[i] + c;
      a0 += rowSums[r]; a1 += rowSums[r + 1]; a2 += rowSums[r + 2]; a3 += rowSums[r + 3];
    }
    o0[b0 + b] = a0; o1[b0 + b] = a1; o2[b0 + b] = a2; o3[b0 + b] = a3;
  }
}

/** sum5 for two columns. */
function sum2(rowSums: Float64Array, rows: Int32Array, width: number, nb: number, from: number, to: number, c: number, b0: number, out: Float64Array[]): void {
  const o0 = out[c], o1 = out[c + 1];
  for (let b = 0, at = 0; b < nb; b++, at += width) {
    let a0 = 0, a1 = 0;
    for (let i = at + from, e = at + to; i < e; i++) {
      const r = rows[i] + c;
      a0 += rowSums[r]; a1 += rowSums[r + 1];
    }
    o0[b0 + b] = a0; o1[b0 + b] = a1;
  }
}

/** sum5 for one column. */
function sum1(rowSums: Float64Array, rows: Int32Array, width: number, nb: number, from: number, to: number, c: number, b0: number, out: Float64Array[]): void {
  const o0 = out[c];
  for (let b = 0, at = 0; b < nb; b++, at += width) {
    let a0 = 0;
    for (let i = at + from, e = at + to; i < e; i++) a0 += rowSums[rows[i] + c];
    o0[b0 + b] = a0;
  }
}

/**
 * Occupation o's block of the table, in `rowSums` that holds zeros there: each multiset's column sums
 * times the occupation factor. Per column, the terms are added in task order onto the zero (count x
 * value, tasks the multiset does not hold left out), then multiplied by the factor, with o's values
 * first copied task-major so that one task's K values sit together.
 */
function occupationRowSums(boot: TaskBootstrap, o: number, columns: Float64Array[], factor: number, rowSums: Float64Array, at: number): void {
  const n = boot.counts[o], first = boot.offsets[o], K = columns.length;
  const { flat } = sequenceTable(n);
  const values = new Float64Array(n * K);
  for (let t = 0; t < n; t++) {
    const i = boot.order[first + t];
    for (let k = 0; k < K; k++) values[t * K + k] = columns[k][i];
  }
  for (let d = 0, c = 0, r = at; c < flat.length; d++, c += n, r += K) {
    for (let t = 0; t < n; t++) {
      const m = flat[c + t];
      if (m) for (let k = 0, v = t * K; k < K; k++) rowSums[r + k] += m * values[v + k];
    }
    for (let k = 0; k < K; k++) rowSums[r + k] *= factor;
  }
}
