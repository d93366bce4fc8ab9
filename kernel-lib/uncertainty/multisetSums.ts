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
import { drawState, fillDraw, type TaskBootstrap } from './taskBootstrap.ts';

export const MAX_MULTISET_TASKS = 5;

interface CodeTable {
  /** dense multiset index of each code, -1 for codes that are not a multiset of size n */
  dense: Int16Array;
  /** per dense index, the count of each position 0..n-1 */
  counts: Uint8Array[];
  /** (n + 1)^k for k = 0..n-1 */
  pow: Int32Array;
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
  const pow = Int32Array.from({ length: n }, (_, k) => base ** k);
  t = { dense, counts, pow };
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
 * slots).
 */
export function multisetGroupSums(boot: TaskBootstrap, columns: Float64Array[], factor: Float64Array, groupOf: Int32Array, out: Float64Array[][]): void {
  const { draws: B, occupations: O, counts, offsets, order } = boot;
  const K = columns.length;
  // Precompute, per occupation, each multiset's column sums (already times the occupation factor).
  const base = new Int32Array(O + 1);
  for (let o = 0; o < O; o++) base[o + 1] = base[o] + codeTable(counts[o]).counts.length;
  // sums[c][base_o + d]: column c's sum over multiset d of occupation o, times the occupation factor
  const sums = columns.map(() => new Float64Array(base[O]));
  for (let o = 0; o < O; o++) {
    const { counts: multisets } = codeTable(counts[o]);
    for (let d = 0; d < multisets.length; d++) {
      const c = multisets[d];
      for (let k = 0; k < K; k++) {
        let s = 0;
        for (let t = 0; t < counts[o]; t++) if (c[t]) s += c[t] * columns[k][order[offsets[o] + t]];
        sums[k][base[o] + d] = factor[o] * s;
      }
    }
  }
  const dense = Array.from({ length: MAX_MULTISET_TASKS + 1 }, (_, n) => (n === 0 ? new Int16Array(0) : codeTable(n).dense));
  const pows = Array.from({ length: MAX_MULTISET_TASKS + 1 }, (_, n) => (n === 0 ? new Int32Array(0) : codeTable(n).pow));
  const groups = out[0]?.length ?? 0;
  const rows = new Int32Array(O);
  const slots = new Int32Array(boot.tasks);
  const state = drawState(boot);
  for (let b = 0; b < B; b++) {
    fillDraw(boot, state, slots, true); // positions within each occupation: the code digits
    for (let o = 0; o < O; o++) {
      const n_o = counts[o], pow = pows[n_o];
      let code = 0;
      for (let p = offsets[o], e = offsets[o + 1]; p < e; p++) code += pow[slots[p]];
      rows[o] = base[o] + dense[n_o][code];
    }
    if (groups === 1) {
      // four columns per pass over the occupations: independent sums, one load of rows[o]
      let c = 0;
      for (; c + 4 <= K; c += 4) totalOf4(sums[c], sums[c + 1], sums[c + 2], sums[c + 3], rows, O, out[c][0], out[c + 1][0], out[c + 2][0], out[c + 3][0], b);
      for (; c < K; c++) out[c][0][b] = totalOf(sums[c], rows, O);
    } else {
      for (let c = 0; c < K; c++) groupTotals(sums[c], rows, O, groupOf, out[c], b);
    }
  }
}

/** sum over occupations of one column's looked-up multiset sum */
function totalOf(col: Float64Array, rows: Int32Array, O: number): number {
  let s = 0;
  for (let o = 0; o < O; o++) s += col[rows[o]];
  return s;
}

function totalOf4(c0: Float64Array, c1: Float64Array, c2: Float64Array, c3: Float64Array, rows: Int32Array, O: number,
  o0: Float64Array, o1: Float64Array, o2: Float64Array, o3: Float64Array, b: number): void {
  let a0 = 0, a1 = 0, a2 = 0, a3 = 0;
  for (let o = 0; o < O; o++) {
    const r = rows[o];
    a0 += c0[r]; a1 += c1[r]; a2 += c2[r]; a3 += c3[r];
  }
  o0[b] = a0; o1[b] = a1; o2[b] = a2; o3[b] = a3;
}

function groupTotals(col: Float64Array, rows: Int32Array, O: number, groupOf: Int32Array, out: Float64Array[], b: number): void {
  for (let g = 0; g < out.length; g++) out[g][b] = 0;
  for (let o = 0; o < O; o++) out[groupOf[o]][b] += col[rows[o]];
}
