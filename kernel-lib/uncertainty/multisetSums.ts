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
 * The draws come from the bootstrap's own stream (`drawCodes`, fillDraw's 'codes'), so the intervals
 * are those of the slot-by-slot path up to floating-point summation order.
 *
 * The drawn multisets are formed once per bootstrap and held (`multisetDraws`): one Int32 per draw
 * and occupation, 4 O bytes per draw (176 kB per 1,000 draws for GDPval's 44 occupations), for the
 * most recent bootstrap only. Every table built on the same bootstrap (same tasks, draws and seed:
 * tableBootstrap.ts) then reads the same draws instead of replaying the stream; the numbers are
 * those of the replay, bit for bit.
 */
import { MAX_CODE_TASKS, drawCodes, drawState, type TaskBootstrap } from './taskBootstrap.ts';

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
 * The drawn multisets of a bootstrap: `rows[b * O + o]` is the row, in a table laid out by `base`
 * (occupation o's multisets at rows base[o] .. base[o + 1] - 1, in codeTable order), of the multiset
 * drawn for occupation o in draw b. Units: row indices.
 */
export interface MultisetDraws {
  base: Int32Array;
  rows: Int32Array;
}

/**
 * The one held set of drawn multisets, with what it was drawn from. Checked against the bootstrap's
 * draws, seed and task counts on every use, so that a bootstrap object changed after the fact (or a
 * different one of equal identity) never reads another's draws: a hit is the same draws, by content.
 */
let held: { boot: TaskBootstrap; draws: number; seed: number; counts: Int32Array; result: MultisetDraws } | null = null;

function heldFor(boot: TaskBootstrap): MultisetDraws | null {
  if (!held || held.boot !== boot || held.draws !== boot.draws || held.seed !== boot.seed || held.counts.length !== boot.counts.length) return null;
  for (let o = 0; o < boot.counts.length; o++) if (held.counts[o] !== boot.counts[o]) return null;
  return held.result;
}

/**
 * Every draw's multiset per occupation (see MultisetDraws), formed once from the bootstrap's stream and
 * held for the most recent bootstrap (4 O bytes per draw). Requires `multisetApplies(boot)`.
 */
export function multisetDraws(boot: TaskBootstrap): MultisetDraws {
  const hit = heldFor(boot);
  if (hit) return hit;
  const { draws: B, occupations: O, counts, thresholds } = boot;
  const base = new Int32Array(O + 1);
  for (let o = 0; o < O; o++) base[o + 1] = base[o] + codeTable(counts[o]).counts.length;
  const denseOf = Array.from({ length: O }, (_, o) => codeTable(counts[o]).dense);
  const rows = new Int32Array(B * O);
  const state = drawState(boot);
  for (let b = 0; b < B; b++) {
    drawCodes(counts, thresholds, O, state, rows, b * O); // one multiset code per occupation
    rowsOf(rows, b * O, base, denseOf, O);
  }
  const result = { base, rows };
  held = { boot, draws: B, seed: boot.seed, counts: counts.slice(), result };
  return result;
}

/**
 * For every draw b and group g: out[column][g][b] = sum_{o in g} factor_o * (sum of the column over o's resampled
 * slots), accumulated over occupations in order (the same sums, bit for bit, for any number of groups).
 *
 * V8 note: the work is split into small functions (one occupation's table, one block of columns of
 * one group over every draw) so that each is optimised once and stays optimised; one long function with several hot
 * loops is compiled on-stack per loop and thrown away at each loop's exit, on every call (3x slower).
 */
export function multisetGroupSums(boot: TaskBootstrap, columns: Float64Array[], factor: Float64Array, groupOf: Int32Array, out: Float64Array[][]): void {
  const { draws: B, occupations: O } = boot;
  const K = columns.length;
  const { base, rows } = multisetDraws(boot);
  // Row-major table: rowSums[(base_o + d) * K + c] is column c's sum over multiset d of occupation o,
  // times the occupation factor, so one draw's lookups for an occupation read K adjacent numbers.
  const rowSums = new Float64Array(base[O] * K);
  for (let o = 0; o < O; o++) occupationRowSums(boot, o, columns, factor[o], rowSums, base[o] * K);
  const groups = out[0]?.length ?? 0;
  // Each group's occupations in ascending order: summing over that list adds the same terms in the
  // same order as one pass over every occupation accumulating into the group's sum, bit for bit.
  for (let g = 0; g < groups; g++) {
    const members = Int32Array.from({ length: O }, (_, o) => o).filter((o) => groupOf[o] === g);
    let c = 0;
    for (; c + 4 <= K; c += 4) total4(rowSums, rows, members, O, B, K, c, out[c][g], out[c + 1][g], out[c + 2][g], out[c + 3][g]);
    for (; c + 2 <= K; c += 2) total2(rowSums, rows, members, O, B, K, c, out[c][g], out[c + 1][g]);
    for (; c < K; c++) total1(rowSums, rows, members, O, B, K, c, out[c][g]);
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

/** Codes of one draw (rows[at .. at + O - 1]) replaced by their table rows. */
function rowsOf(rows: Int32Array, at: number, base: Int32Array, denseOf: Int16Array[], O: number): void {
  for (let o = 0; o < O; o++) rows[at + o] = base[o] + denseOf[o][rows[at + o]];
}

/**
 * Average of columns c .. c + 3 over the group `members` in every draw: out_j[b] = sum over the members
 * (in order) of the looked-up sum of column c + j, four columns at a time in local sums (3x faster in
 * V8 than an array).
 */
function total4(rowSums: Float64Array, rows: Int32Array, members: Int32Array, O: number, B: number, K: number, c: number,
  o0: Float64Array, o1: Float64Array, o2: Float64Array, o3: Float64Array): void {
  const M = members.length;
  for (let b = 0, at = 0; b < B; b++, at += O) {
    let a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    for (let i = 0; i < M; i++) {
      const r = rows[at + members[i]] * K + c;
      a0 += rowSums[r]; a1 += rowSums[r + 1]; a2 += rowSums[r + 2]; a3 += rowSums[r + 3];
    }
    o0[b] = a0; o1[b] = a1; o2[b] = a2; o3[b] = a3;
  }
}

/** total4 for two columns. */
function total2(rowSums: Float64Array, rows: Int32Array, members: Int32Array, O: number, B: number, K: number, c: number, o0: Float64Array, o1: Float64Array): void {
  const M = members.length;
  for (let b = 0, at = 0; b < B; b++, at += O) {
    let a0 = 0, a1 = 0;
    for (let i = 0; i < M; i++) {
      const r = rows[at + members[i]] * K + c;
      a0 += rowSums[r]; a1 += rowSums[r + 1];
    }
    o0[b] = a0; o1[b] = a1;
  }
}

/** total4 for one column. */
function total1(rowSums: Float64Array, rows: Int32Array, members: Int32Array, O: number, B: number, K: number, c: number, o0: Float64Array): void {
  const M = members.length;
  for (let b = 0, at = 0; b < B; b++, at += O) {
    let a = 0;
    for (let i = 0; i < M; i++) a += rowSums[rows[at + members[i]] * K + c];
    o0[b] = a;
  }
}
