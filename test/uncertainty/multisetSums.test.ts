/**
 * The multiset-lookup path of the bootstrap gives the same draws as the slot-by-slot gather (same
 * random stream; only the order of floating-point additions differs), for one group and for several,
 * and occupations of 1 to 5 tasks.
 */
import { describe, expect, test } from 'vitest';
import { drawState, fillDraw, taskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';
import { groupMeanDraws } from '../../kernel-lib/uncertainty/groupMeanDraws.ts';
import { multisetApplies, multisetDraws, sequenceTable } from '../../kernel-lib/uncertainty/multisetSums.ts';

const sizes = [5, 1, 3, 5, 2, 4, 5];
const occ = Int32Array.from(sizes.flatMap((n, o) => Array(n).fill(o)));
const n = occ.length;
// six columns: one block of four summed in local variables, then two one at a time
const cols = [0, 1, 2, 3, 4, 5].map((k) => Float64Array.from({ length: n }, (_, i) => Math.sin(3 * i + k) * 10 + k));
const weights = Float64Array.from(sizes, (_, o) => (o + 1) / 28);

describe('multiset bootstrap sums', () => {
  test('equal the slot-by-slot draws, benchmark and grouped', () => {
    const boot = taskBootstrap(occ, sizes.length, { draws: 500, seed: 11 });
    expect(multisetApplies(boot)).toBe(true);
    for (const [groupOf, groups] of [[new Int32Array(sizes.length), 1], [Int32Array.of(0, 1, 0, 2, 1, 2, 0), 3]] as const) {
      const a = groupMeanDraws(boot, cols, weights, groupOf, groups, 'slots');
      const b = groupMeanDraws(boot, cols, weights, groupOf, groups, 'multiset');
      for (let c = 0; c < cols.length; c++) for (let g = 0; g < groups; g++) for (let d = 0; d < 500; d++) {
        expect(b[c][g][d]).toBeCloseTo(a[c][g][d], 10);
      }
    }
  });
  test("fillDraw's sequences are sum_j k_j n_o^j of the positions it draws, on the same stream", () => {
    // Oracle: the 'positions' output of the same draw and the stream's definition (taskBootstrap.ts).
    const boot = taskBootstrap(occ, sizes.length, { draws: 50, seed: 3 });
    const a = drawState(boot), b = drawState(boot);
    const positions = new Int32Array(n), sequences = new Int32Array(sizes.length);
    for (let d = 0; d < 50; d++) {
      fillDraw(boot, a, positions, 'positions');
      fillDraw(boot, b, sequences, 'sequences');
      for (let o = 0; o < sizes.length; o++) {
        let u = 0;
        for (let p = boot.offsets[o], j = 0; p < boot.offsets[o + 1]; p++, j++) u += positions[p] * sizes[o] ** j;
        expect(sequences[o]).toBe(u);
      }
    }
    expect([...a]).toEqual([...b]);
    const big = taskBootstrap(new Int32Array(6), 1, { draws: 1, seed: 1 });
    expect(() => fillDraw(big, drawState(big), new Int32Array(1), 'sequences')).toThrow('sequences need occupations of at most 5 tasks: 6');
  });
  test('sequenceTable lists each multiset of n positions once, and maps every sequence to the multiset of its digits', () => {
    // Oracle: C(2n - 1, n) multisets (1, 3, 10, 35, 126) and the digit counts of u written out.
    for (const [size, multisets] of [[1, 1], [2, 3], [3, 10], [4, 35], [5, 126]]) {
      const t = sequenceTable(size);
      expect(t.counts.length).toBe(multisets);
      expect(new Set(t.counts.map((c) => c.join(','))).size).toBe(multisets);
      for (let u = 0; u < size ** size; u++) {
        const c = new Array(size).fill(0);
        for (let j = 0; j < size; j++) c[Math.floor(u / size ** j) % size]++;
        expect([...t.counts[t.dense[u]]]).toEqual(c);
      }
    }
  });
  test('multisetDraws gives the replayed stream\'s multisets, and the sums always follow the bootstrap as it is now', () => {
    // Oracle: fillDraw's 'sequences' replayed from the seed, and a fresh bootstrap object per call.
    const boot = taskBootstrap(occ, sizes.length, { draws: 200, seed: 21 });
    const { base, rows } = multisetDraws(boot);
    const state = drawState(boot), sequences = new Int32Array(sizes.length);
    for (let d = 0; d < 200; d++) {
      fillDraw(boot, state, sequences, 'sequences');
      for (let o = 0; o < sizes.length; o++) {
        const t = sequenceTable(sizes[o]);
        expect(rows[d * sizes.length + o]).toBe(base[o] + t.dense[sequences[o]]);
      }
    }
    const fresh = (seed: number) => groupMeanDraws(taskBootstrap(occ, sizes.length, { draws: 200, seed }), cols, weights, new Int32Array(sizes.length), 1)[0][0];
    const first = groupMeanDraws(boot, cols, weights, new Int32Array(sizes.length), 1)[0][0];
    expect(fresh(22)).not.toEqual(first);
    expect(groupMeanDraws(boot, cols, weights, new Int32Array(sizes.length), 1)[0][0]).toEqual(first);
    expect(fresh(21)).toEqual(first);
    boot.seed = 22; // changed in place: the sums are the new seed's
    expect(groupMeanDraws(boot, cols, weights, new Int32Array(sizes.length), 1)[0][0]).toEqual(fresh(22));
  });
  test('are refused for an occupation of more than 5 tasks, where auto takes the slot path', () => {
    const big = Int32Array.from({ length: 6 }, () => 0);
    const boot = taskBootstrap(big, 1, { draws: 10, seed: 1 });
    expect(multisetApplies(boot)).toBe(false);
    const x = [Float64Array.of(1, 2, 3, 4, 5, 6)];
    expect(() => groupMeanDraws(boot, x, Float64Array.of(1), new Int32Array(1), 1, 'multiset')).toThrow(/at most 5 tasks/);
    expect(groupMeanDraws(boot, x, Float64Array.of(1), new Int32Array(1), 1)[0][0]).toEqual(groupMeanDraws(boot, x, Float64Array.of(1), new Int32Array(1), 1, 'slots')[0][0]);
  });
});
