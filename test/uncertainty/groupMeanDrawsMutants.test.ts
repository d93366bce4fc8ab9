/**
 * groupMeanDraws.ts (#29, mutation testing), beside test/uncertainty/groupMeanDraws.test.ts (the 1/n_o
 * of the group factor by hand and against the formula). Oracles: section 2.5's
 * X_g^b = sum_{o in g} (w_o / W_g) (1 / n_o) sum over o's slots of x written out over drawSample's
 * materialised draws (not the aggregation code under test), a fresh bootstrap object (no kept
 * columns), and the refusals' messages in the file's doc comment.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { drawSample, taskBootstrap, type TaskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';
import { groupMeansByHand } from './handGroupMeans.ts';
import { DRAWN_COLUMNS_BYTES, benchmarkDraws, groupMeanDraws, keptDraws } from '../../kernel-lib/uncertainty/groupMeanDraws.ts';

const occupationsOf = (sizes: number[]) => Int32Array.from(sizes.flatMap((n, o) => Array(n).fill(o)));


function expectByHand(out: Float64Array[][], boot: TaskBootstrap, cols: Float64Array[], weights: Float64Array, groupOf: ArrayLike<number>, groups: number, label: string): void {
  expect(out.length, label).toBe(cols.length);
  cols.forEach((x, k) => {
    const want = groupMeansByHand(boot, x, weights, groupOf, groups);
    expect(out[k].length, label).toBe(groups);
    for (let g = 0; g < groups; g++) {
      expect(out[k][g].length, label).toBe(boot.draws);
      for (let b = 0; b < boot.draws; b++) expect(out[k][g][b], `${label} column ${k} group ${g} draw ${b}`).toBeCloseTo(want[g][b], 10);
    }
  });
}

// occupations of 3, 1, 7 and 2 tasks (7 > 5: the slot path), weights 0.4, 0.1, 0.3, 0.2
const sizes = [3, 1, 7, 2];
const occ = occupationsOf(sizes);
const n = occ.length;
const weights = Float64Array.of(0.4, 0.1, 0.3, 0.2);
const cols = Array.from({ length: 7 }, (_, k) => Float64Array.from({ length: n }, (_, i) => ((i * 5 + k * 7) % 13) - k));

describe('the JavaScript slot loops against the formula over drawSample', () => {
  test.each([1, 2, 3, 4, 5, 6, 7])('%i columns (blocks of 4, 2, 1), one group and three groups', (K) => {
    const boot = taskBootstrap(occ, sizes.length, { draws: 24, seed: 5 });
    expectByHand(groupMeanDraws(boot, cols.slice(0, K), weights, new Int32Array(4), 1, 'slots', 'js'), boot, cols.slice(0, K), weights, [0, 0, 0, 0], 1, `${K} one group`);
    const groupOf = Int32Array.of(2, 0, 1, 2);
    expectByHand(groupMeanDraws(boot, cols.slice(0, K), weights, groupOf, 3, 'slots', 'js'), boot, cols.slice(0, K), weights, groupOf, 3, `${K} three groups`);
  });

  test('the same on the multiset path (occupations of at most 5 tasks), both kernels', () => {
    const small = occupationsOf([3, 1, 5, 2]);
    const x = cols.slice(0, 3).map((c) => c.slice(0, small.length));
    const boot = taskBootstrap(small, 4, { draws: 24, seed: 6 });
    const groupOf = Int32Array.of(1, 0, 1, 0);
    for (const kernel of ['js', 'wasm'] as const) {
      expectByHand(groupMeanDraws(boot, x, weights, groupOf, 2, 'multiset', kernel), boot, x, weights, groupOf, 2, `multiset ${kernel}`);
    }
  });

  test('no columns: no draws', () => {
    const boot = taskBootstrap(occ, sizes.length, { draws: 4, seed: 1 });
    for (const method of ['slots', 'auto'] as const) for (const kernel of ['js', 'wasm'] as const) expect(groupMeanDraws(boot, [], weights, new Int32Array(4), 1, method, kernel)).toEqual([]);
  });
});

describe('refusals', () => {
  test('columns, weights or groups of the wrong length, naming the counts', () => {
    const boot = taskBootstrap(occ, sizes.length, { draws: 4, seed: 1 });
    expect(() => groupMeanDraws(boot, [new Float64Array(n + 1)], weights, new Int32Array(4), 1)).toThrow(`groupMeanDraws requires columns of ${n} tasks: ${n + 1}`);
    expect(() => groupMeanDraws(boot, [new Float64Array(n)], weights.subarray(0, 3), new Int32Array(4), 1)).toThrow('groupMeanDraws requires 4 occupation weights and groups');
    expect(() => groupMeanDraws(boot, [new Float64Array(n)], weights, new Int32Array(5), 1)).toThrow('groupMeanDraws requires 4 occupation weights and groups');
  });

  test('a group whose occupations weigh nothing (or NaN) is refused, naming the group', () => {
    const boot = taskBootstrap(occ, sizes.length, { draws: 4, seed: 1 });
    expect(() => groupMeanDraws(boot, [cols[0]], weights, Int32Array.of(0, 0, 0, 0), 2)).toThrow('groupMeanDraws requires a positive group weight: 1');
    expect(() => groupMeanDraws(boot, [cols[0]], Float64Array.of(0.4, 0, 0.3, 0), Int32Array.of(0, 1, 0, 1), 2)).toThrow('groupMeanDraws requires a positive group weight: 1');
    expect(() => groupMeanDraws(boot, [cols[0]], Float64Array.of(NaN, 0.1, 0.3, 0.2), Int32Array.of(0, 1, 1, 1), 2)).toThrow('groupMeanDraws requires a positive group weight: 0');
    expect(() => groupMeanDraws(boot, [cols[0]], Float64Array.of(-0.4, 0.1, 0.3, 0), Int32Array.of(0, 1, 1, 0), 2)).toThrow('groupMeanDraws requires a positive group weight: 0');
  });

  test('the multiset method for an occupation of more than 5 tasks', () => {
    const boot = taskBootstrap(occ, sizes.length, { draws: 4, seed: 1 });
    expect(() => groupMeanDraws(boot, [cols[0]], weights, new Int32Array(4), 1, 'multiset')).toThrow('groupMeanDraws: the multiset method needs occupations of at most 5 tasks');
  });

  test('after a column was kept: longer weights, groups or columns, or more groups, are still refused (never a kept draw)', () => {
    const boot = taskBootstrap(occ, sizes.length, { draws: 6, seed: 2 });
    const groupOf = Int32Array.of(0, 1, 0, 1);
    groupMeanDraws(boot, [cols[0]], weights, groupOf, 2);
    expect(() => groupMeanDraws(boot, [cols[0]], Float64Array.of(0.4, 0.1, 0.3, 0.2, 0.5), groupOf, 2)).toThrow('groupMeanDraws requires 4 occupation weights and groups');
    expect(() => groupMeanDraws(boot, [cols[0]], weights, Int32Array.of(0, 1, 0, 1, 0), 2)).toThrow('groupMeanDraws requires 4 occupation weights and groups');
    expect(() => groupMeanDraws(boot, [Float64Array.of(...cols[0], 9)], weights, groupOf, 2)).toThrow(`groupMeanDraws requires columns of ${n} tasks: ${n + 1}`);
    expect(() => groupMeanDraws(boot, [cols[0]], weights, groupOf, 3)).toThrow('groupMeanDraws requires a positive group weight: 2');
  });
});

describe('kept columns follow the bootstrap as it is now', () => {
  test('a bootstrap whose seed or number of draws is changed in place draws again: equal to a fresh bootstrap\'s draws', () => {
    for (const method of ['slots', 'auto'] as const) {
      const boot = taskBootstrap(occ, sizes.length, { draws: 20, seed: 1 });
      const first = groupMeanDraws(boot, [cols[1]], weights, new Int32Array(4), 1, method)[0][0];
      boot.seed = 2;
      const reseeded = groupMeanDraws(boot, [cols[1]], weights, new Int32Array(4), 1, method)[0][0];
      expect(reseeded).toEqual(groupMeanDraws(taskBootstrap(occ, sizes.length, { draws: 20, seed: 2 }), [cols[1]], weights, new Int32Array(4), 1, method)[0][0]);
      expect(reseeded).not.toEqual(first);
      boot.draws = 30;
      const more = groupMeanDraws(boot, [cols[1]], weights, new Int32Array(4), 1, method)[0][0];
      expect(more.length).toBe(30);
      expect(more).toEqual(groupMeanDraws(taskBootstrap(occ, sizes.length, { draws: 30, seed: 2 }), [cols[1]], weights, new Int32Array(4), 1, method)[0][0]);
    }
  });

  test('a kept column asked again alone, twice, and beside itself, gives its draws each time (copies)', () => {
    const boot = taskBootstrap(occ, sizes.length, { draws: 15, seed: 4 });
    const groupOf = Int32Array.of(1, 0, 0, 1);
    const want = groupMeansByHand(boot, cols[2], weights, groupOf, 2);
    const a = groupMeanDraws(boot, [cols[2]], weights, groupOf, 2);
    const b = groupMeanDraws(boot, [cols[2].slice()], weights, groupOf, 2);
    const c = groupMeanDraws(boot, [cols[3], cols[2], cols[2]], weights, groupOf, 2);
    for (const [label, d] of [['first', a[0]], ['again', b[0]], ['beside', c[1]], ['twice', c[2]]] as const) {
      for (let g = 0; g < 2; g++) for (let r = 0; r < 15; r++) expect(d[g][r], `${label} ${g} ${r}`).toBeCloseTo(want[g][r], 10);
    }
    expect(b[0][0]).not.toBe(a[0][0]);
    expectByHand([c[0]], boot, [cols[3]], weights, groupOf, 2, 'the new column beside kept ones');
  });

  test('benchmarkDraws is the one-group average of every occupation', () => {
    const boot = taskBootstrap(occ, sizes.length, { draws: 12, seed: 8 });
    const d = benchmarkDraws(boot, [cols[4], cols[5]], weights);
    expect(d.length).toBe(2);
    expectByHand([[d[0]], [d[1]]], boot, [cols[4], cols[5]], weights, [0, 0, 0, 0], 1, 'benchmark');
  });
});

describe('what is kept (keptDraws): each distinct column once per weights, groups and method, within DRAWN_COLUMNS_BYTES', () => {
  // bytes per kept column by hand: 8 B G for its draws plus 8 n for its values
  const perColumn = (B: number, G: number) => 8 * B * G + 8 * n;

  test('a fresh bootstrap keeps nothing; two new columns are kept once; asked again (alone, beside a new one, twice) nothing is kept twice', () => {
    const boot = taskBootstrap(occ, sizes.length, { draws: 10, seed: 3 });
    expect(keptDraws(boot)).toEqual({ columns: 0, bytes: 0 });
    const groupOf = Int32Array.of(0, 1, 0, 1);
    groupMeanDraws(boot, [cols[0], cols[1]], weights, groupOf, 2);
    expect(keptDraws(boot)).toEqual({ columns: 2, bytes: 2 * perColumn(10, 2) });
    groupMeanDraws(boot, [cols[1].slice()], weights, groupOf, 2);
    groupMeanDraws(boot, [cols[0], cols[1]], weights, groupOf, 2);
    expect(keptDraws(boot)).toEqual({ columns: 2, bytes: 2 * perColumn(10, 2) });
    // two new columns around a kept one: the new ones in their places, each kept once
    const d = groupMeanDraws(boot, [cols[2], cols[0], cols[3]], weights, groupOf, 2);
    expect(keptDraws(boot).columns).toBe(4);
    expectByHand(d, boot, [cols[2], cols[0], cols[3]], weights, groupOf, 2, 'new, kept, new');
    groupMeanDraws(boot, [cols[3], cols[3]], weights, groupOf, 2);
    expect(keptDraws(boot)).toEqual({ columns: 4, bytes: 4 * perColumn(10, 2) });
  });

  test('other weights, other groups of the occupations, another method or kernel: kept apart, and the right draws each time', () => {
    const boot = taskBootstrap(occ, sizes.length, { draws: 8, seed: 12 });
    const groupOf = Int32Array.of(0, 1, 0, 1);
    groupMeanDraws(boot, [cols[0]], weights, groupOf, 2);
    const otherGroups = Int32Array.of(1, 0, 0, 1);
    const g = groupMeanDraws(boot, [cols[0]], weights, otherGroups, 2);
    expectByHand(g, boot, [cols[0]], weights, otherGroups, 2, 'other groups');
    const w2 = Float64Array.of(0.1, 0.4, 0.3, 0.2);
    expectByHand(groupMeanDraws(boot, [cols[0]], w2, groupOf, 2), boot, [cols[0]], w2, groupOf, 2, 'other weights');
    expect(keptDraws(boot).columns).toBe(3);
    groupMeanDraws(boot, [cols[0]], weights, groupOf, 2, 'slots', 'js');
    expect(keptDraws(boot).columns).toBe(4);
    groupMeanDraws(boot, [cols[0]], weights, groupOf, 2, 'slots', 'js');
    expect(keptDraws(boot).columns).toBe(4);
  });

  test('DRAWN_COLUMNS_BYTES is 64 MiB; a column is kept while the bytes stay within it, exactly at it included', () => {
    expect(DRAWN_COLUMNS_BYTES).toBe(64 * 1024 * 1024);
    // two occupations of 2 tasks, G = 2 groups, B = 2^21 - 1 draws: a column's draws take 8 B G =
    // 2^25 - 16 bytes and its values 8 x 4 = 32. A column is kept when the bytes kept so far plus its
    // draws' stay within 2^26: the second's make (2^25 + 16) + (2^25 - 16) = 2^26 exactly (kept); a
    // third is not kept (but still drawn)
    const B = 2 ** 21 - 1;
    const small = Int32Array.of(0, 0, 1, 1);
    const boot = taskBootstrap(small, 2, { draws: B, seed: 1 });
    const w = Float64Array.of(1, 1), groupOf = Int32Array.of(0, 1);
    const x = [Float64Array.of(1, 2, 3, 4), Float64Array.of(0, 1, 0, 1), Float64Array.of(5, 5, 5, 5)];
    const first = groupMeanDraws(boot, [x[0]], w, groupOf, 2);
    expect(keptDraws(boot)).toEqual({ columns: 1, bytes: 8 * B * 2 + 32 });
    groupMeanDraws(boot, [x[1]], w, groupOf, 2);
    expect(keptDraws(boot)).toEqual({ columns: 2, bytes: DRAWN_COLUMNS_BYTES + 32 });
    const third = groupMeanDraws(boot, [x[2]], w, groupOf, 2);
    expect(keptDraws(boot).columns).toBe(2);
    expect(third[0][1][B - 1]).toBe(5);
    // occupation 1 draws 3 or 4 twice: its mean is 3, 3.5 or 4 in every draw
    for (const b of [0, 1, B - 1]) expect([3, 3.5, 4]).toContain(first[0][1][b]);
  });
});

describe('routes: which sums each method and kernel gives, bit for bit', () => {
  // occupations of at most 5 tasks (the multiset route applies); values whose sums depend on the order
  const small = occupationsOf([5, 3, 4, 2]);
  const m = small.length;
  const w = Float64Array.of(0.3, 0.1, 0.4, 0.2);
  const groupOf = Int32Array.of(0, 1, 1, 0);
  const x = Float64Array.from({ length: m }, (_, i) => 0.1 * (i + 1) + 1 / (i + 3));

  /** Slot order by hand: per group, sum over its occupations in order of (w_o / (n_o W_g)) x (x summed over the slots in order). */
  function slotOrder(boot: TaskBootstrap, groups: number, g0: ArrayLike<number>): Float64Array[] {
    const sample = drawSample(boot);
    const W = new Float64Array(groups);
    for (let o = 0; o < boot.occupations; o++) W[g0[o]] += w[o];
    return Array.from({ length: groups }, (_, g) => Float64Array.from({ length: boot.draws }, (_, b) => {
      let total = 0;
      for (let o = 0; o < boot.occupations; o++) {
        if (g0[o] !== g) continue;
        let s = 0;
        for (let p = boot.offsets[o]; p < boot.offsets[o + 1]; p++) s += x[sample[b * m + p]];
        total += (w[o] / (boot.counts[o] * W[g])) * s;
      }
      return total;
    }));
  }

  test("'slots' gives the slot-order sums bit for bit in both kernels; 'auto' is 'multiset' here, whose sums differ in the last bits", () => {
    const draws = { draws: 200, seed: 21 };
    const fresh = () => taskBootstrap(small, 4, draws);
    const want = slotOrder(fresh(), 2, groupOf);
    for (const kernel of ['wasm', 'js'] as const) expect(groupMeanDraws(fresh(), [x], w, groupOf, 2, 'slots', kernel)[0], `slots ${kernel}`).toEqual(want);
    const multiset = groupMeanDraws(fresh(), [x], w, groupOf, 2, 'multiset', 'js')[0];
    expect(groupMeanDraws(fresh(), [x], w, groupOf, 2, 'multiset', 'wasm')[0]).toEqual(multiset);
    expect(groupMeanDraws(fresh(), [x], w, groupOf, 2, 'auto', 'wasm')[0]).toEqual(multiset);
    expect(groupMeanDraws(fresh(), [x], w, groupOf, 2)[0]).toEqual(multiset);
    // the routes can be told apart here: some draw's multiset sum differs from its slot-order sum
    let differ = 0;
    for (let g = 0; g < 2; g++) for (let b = 0; b < 200; b++) if (multiset[g][b] !== want[g][b]) differ++;
    expect(differ).toBeGreaterThan(0);
    // one group of four columns (the one-group block of four) in slot order too
    const four = [x, x.map((v) => v * 3), x.map((v) => v + 0.3), x.map((v) => 1 / v)];
    const one = groupMeanDraws(fresh(), four, w, new Int32Array(4), 1, 'slots', 'js');
    four.forEach((c, k) => {
      const sample = drawSample(fresh());
      const got = one[k][0];
      for (let b = 0; b < 200; b++) {
        let total = 0;
        for (let o = 0; o < 4; o++) {
          let s = 0;
          for (let p = fresh().offsets[o]; p < fresh().offsets[o + 1]; p++) s += c[sample[b * m + p]];
          total += (w[o] / (fresh().counts[o] * 1)) * s;
        }
        if (got[b] !== total) expect(got[b], `column ${k} draw ${b}`).toBe(total);
      }
    });
  });

  test("the defaults are 'auto' and 'wasm': a call with them spelt out finds the column kept by a call without", () => {
    const boot = taskBootstrap(small, 4, { draws: 5, seed: 2 });
    groupMeanDraws(boot, [x], w, groupOf, 2);
    groupMeanDraws(boot, [x], w, groupOf, 2, 'auto', 'wasm');
    expect(keptDraws(boot).columns).toBe(1);
    groupMeanDraws(boot, [x], w, groupOf, 2, 'auto', 'js');
    expect(keptDraws(boot).columns).toBe(2);
  });

  test('arrays changed in place by the caller after a call are compared as they are now (what is kept are copies)', () => {
    const boot = taskBootstrap(small, 4, { draws: 30, seed: 5 });
    const w2 = w.slice(), g2 = groupOf.slice(), x2 = x.slice();
    groupMeanDraws(boot, [x2], w2, g2, 2);
    w2[0] = 0.9;
    expectByHand(groupMeanDraws(boot, [x2], w2, g2, 2), boot, [x2], w2, g2, 2, 'weights changed');
    g2[0] = 1; g2[1] = 0;
    expectByHand(groupMeanDraws(boot, [x2], w2, g2, 2), boot, [x2], w2, g2, 2, 'groups changed');
    x2[0] = 40;
    expectByHand(groupMeanDraws(boot, [x2], w2, g2, 2), boot, [x2], w2, g2, 2, 'column changed');
  });

  test('no columns: the checks still apply (the multiset refusal included)', () => {
    const boot = taskBootstrap(occ, sizes.length, { draws: 3, seed: 1 });
    expect(() => groupMeanDraws(boot, [], weights, new Int32Array(4), 2)).toThrow('groupMeanDraws requires a positive group weight: 1');
    expect(() => groupMeanDraws(boot, [], weights, new Int32Array(4), 1, 'multiset')).toThrow('the multiset method needs occupations of at most 5 tasks');
  });
});

describe("the kernel option: 'js' never starts WebAssembly, 'wasm' (the default) runs the slot route in it", () => {
  // groupMeanDraws' doc: 'wasm' runs either route in WebAssembly where it can run, 'js' takes the
  // JavaScript loops always. The sums are the same bits either way (slotKernel.test.ts), so which ran
  // is seen through WebAssembly.Instance, wrapped to count the instances made (a fresh bootstrap each
  // call: the slot kernel keeps one instance per bootstrap).
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const RealInstance = WebAssembly.Instance;
  function countInstances(): () => number {
    const spy = vi.spyOn(WebAssembly, 'Instance').mockImplementation(function (module: WebAssembly.Module, imports?: WebAssembly.Imports) {
      return new RealInstance(module, imports);
    });
    return () => spy.mock.calls.length;
  }

  test("occupations of 3, 1, 7 and 2 tasks (the slot route): 'js' and 'slots'/'js' make no instance; 'wasm', 'auto' and the defaults one each, the same sums", () => {
    const instances = countInstances();
    const fresh = () => taskBootstrap(occ, sizes.length, { draws: 50, seed: 31 });
    const js = groupMeanDraws(fresh(), [cols[0]], weights, new Int32Array(4), 1, 'auto', 'js');
    expect(groupMeanDraws(fresh(), [cols[0]], weights, new Int32Array(4), 1, 'slots', 'js')).toEqual(js);
    expect(instances()).toBe(0);
    expect(groupMeanDraws(fresh(), [cols[0]], weights, new Int32Array(4), 1, 'slots', 'wasm')).toEqual(js);
    expect(instances()).toBe(1);
    expect(groupMeanDraws(fresh(), [cols[0]], weights, new Int32Array(4), 1)).toEqual(js);
    expect(instances()).toBe(2);
  });
});

/*
 * Equivalent mutants of groupMeanDraws.ts (explained, not killable by any output):
 * - sameArray's loop `i < a.length` made `<=` (a[n] and b[n] are both undefined after the length check).
 * - drawColumns: `if (K === 0) return out` made `false` (with no columns every route returns the same
 *   empty out).
 * (Listed here until s12-un, killed since by the kernel-option test above, which counts WebAssembly
 * instances: the slot kernel's condition `kernel === 'wasm' && kernelSlotSums(...)` made `false`, its
 * `kernel === 'wasm'` made `true` or `!==`, 'wasm' made "". The sums are the same bits either way.)
 * - the JavaScript loops: the block widths `K - k0 >= 4` and `>= 2` made `>` or `false`, and
 *   `groups === 1 && width === 4` made `false` (each column's sums are the same additions in the same
 *   order in blocks of 4, 2 or 1 and in totalBlock4 and sumBlock4); `b < B` made `<=` (the extra draw is
 *   written to out[..][g][B], past the end of a Float64Array, which keeps nothing); sumBlock4, 2 and
 *   1's `o < O` made `<=` (occupation O adds 0 to acc[NaN], which a typed array ignores).
 */
