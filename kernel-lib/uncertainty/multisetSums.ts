/**
 * Resampled occupation sums by table lookup, for occupations of at most 5 tasks (GDPval has 5).
 *
 * Resampling n_o tasks with replacement from n_o gives one of C(2 n_o - 1, n_o) multisets (126 for
 * n_o = 5), and the sum of a column over the resampled slots depends only on that multiset. So the
 * sums of every column over every multiset are computed once; a draw then costs one lookup per
 * occupation and column instead of n_o gathers. The multiset is identified from the drawn positions
 * k_1..k_n (0 <= k < n_o) by the code sum_j (n_o + 1)^k_j, which is unique because each count is at
 * most n_o; `denseIndex[n_o][code]` maps codes to 0..multisets-1.
 *
 * The draws come from `fillDraw` itself, so the intervals are those of the slot-by-slot path up to
 * floating-point summation order.
 */
import { MAX_CODE_TASKS, drawState, fillDraw, type TaskBootstrap } from './taskBootstrap.ts';

/** Occupations of at most this many tasks take the lookup path. */
export const MAX_MULTISET_TASKS = MAX_CODE_TASKS;

interface CodeTable {
  /** dense multiset index of each code, -1 for codes that are not a multiset of size n */
  dense: Int16Array;
  /** per dense index, the count of each position 0..n-1 */
  counts: Uint8Array[];
}

const tables = new Map<number, CodeTable>();

function codeTable(n: number): CodeTable {
  let t = tables.get(n);
  if (t) return t;
  const base = n + 1;
  const size = base ** n;
  const dense = new Int16Array(size).fill(-1);
  const counts: Uint8Array[] = [];
  for (let code = 0; code < size; code++) {
    const c = new Uint8Array(n);
    let rest = code, total = 0;
    for (let k = 0; k < n; k++) { c[k] = rest % base; total += c[k]; rest = Math.floor(rest / base); }
    if (total === n) { dense[code] = counts.length; counts.push(c); }
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
 * For every draw b and group g: out[column][g][b] = sum_{o in g} factor_o * (sum of the column over o's resampled
 * slots), accumulated over occupations in order (the same sums, bit for bit, for any number of groups).
 *
 * V8 note: the work is split into small functions (one occupation's table, one draw's lookups) so
 * that each is optimised once and stays optimised; one long function with several hot loops is
 * compiled on-stack per loop and thrown away at each loop's exit, on every call (3x slower).
 */
export function multisetGroupSums(boot: TaskBootstrap, columns: Float64Array[], factor: Float64Array, groupOf: Int32Array, out: Float64Array[][]): void {
  const { draws: B, occupations: O, counts } = boot;
  const K = columns.length;
  // Row-major table: rowSums[(base_o + d) * K + c] is column c's sum over multiset d of occupation o,
  // times the occupation factor, so one draw's lookups for an occupation read K adjacent numbers.
  const base = new Int32Array(O + 1);
  for (let o = 0; o < O; o++) base[o + 1] = base[o] + codeTable(counts[o]).counts.length;
  const rowSums = new Float64Array(base[O] * K);
  for (let o = 0; o < O; o++) occupationRowSums(boot, o, columns, factor[o], rowSums, base[o] * K);
  const denseOf = Array.from({ length: O }, (_, o) => codeTable(counts[o]).dense);
  const groups = out[0]?.length ?? 0;
  const benchmark = groups === 1 ? out.map((g) => g[0]) : null;
  const acc = new Float64Array(groups * K);
  const rows = new Int32Array(O);
  const codes = new Int32Array(O);
  const state = drawState(boot);
  for (let b = 0; b < B; b++) {
    fillDraw(boot, state, codes, 'codes'); // one multiset code per occupation
    rowsOf(codes, base, denseOf, O, K, rows);
    if (benchmark) benchmarkDraw(rowSums, rows, O, K, benchmark, b);
    else groupDraw(rowSums, rows, O, K, groupOf, acc, out, b);
  }
}

/** Occupation o's block of the table: each multiset's column sums times the occupation factor. */
function occupationRowSums(boot: TaskBootstrap, o: number, columns: Float64Array[], factor: number, rowSums: Float64Array, at: number): void {
  const n = boot.counts[o], first = boot.offsets[o], K = columns.length;
  const multisets = codeTable(n).counts;
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

function rowsOf(codes: Int32Array, base: Int32Array, denseOf: Int16Array[], O: number, K: number, rows: Int32Array): void {
  for (let o = 0; o < O; o++) rows[o] = (base[o] + denseOf[o][codes[o]]) * K;
}

/** One draw of the benchmark average: columns four at a time in local sums (3x faster in V8 than an array). */
function benchmarkDraw(rowSums: Float64Array, rows: Int32Array, O: number, K: number, out: Float64Array[], b: number): void {
  let c = 0;
  for (; c + 4 <= K; c += 4) total4(rowSums, rows, O, c, out[c], out[c + 1], out[c + 2], out[c + 3], b);
  for (; c < K; c++) out[c][b] = total1(rowSums, rows, O, c);
}

/** One draw of several group averages. */
function groupDraw(rowSums: Float64Array, rows: Int32Array, O: number, K: number, groupOf: Int32Array, acc: Float64Array, out: Float64Array[][], b: number): void {
  acc.fill(0);
  for (let o = 0; o < O; o++) {
    const r = rows[o], a = groupOf[o] * K;
    for (let c = 0; c < K; c++) acc[a + c] += rowSums[r + c];
  }
  const groups = out[0].length;
  for (let c = 0; c < K; c++) for (let g = 0; g < groups; g++) out[c][g][b] = acc[g * K + c];
}

/** out_j[b] = sum over occupations of column c + j's looked-up sum, j = 0..3 */
function total4(rowSums: Float64Array, rows: Int32Array, O: number, c: number,
  o0: Float64Array, o1: Float64Array, o2: Float64Array, o3: Float64Array, b: number): void {
  let a0 = 0, a1 = 0, a2 = 0, a3 = 0;
  for (let o = 0; o < O; o++) {
    const r = rows[o] + c;
    a0 += rowSums[r]; a1 += rowSums[r + 1]; a2 += rowSums[r + 2]; a3 += rowSums[r + 3];
  }
  o0[b] = a0; o1[b] = a1; o2[b] = a2; o3[b] = a3;
}

function total1(rowSums: Float64Array, rows: Int32Array, O: number, c: number): number {
  let a = 0;
  for (let o = 0; o < O; o++) a += rowSums[rows[o] + c];
  return a;
}
