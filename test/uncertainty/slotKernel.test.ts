/**
 * The WebAssembly slot kernel (`slotDraw` and `slotReplay` in kernel-lib/uncertainty/multisetKernel.wat, reached by
 * groupMeanDraws for occupations of any size) gives the JavaScript slot-by-slot loop's draws bit for
 * bit (Object.is on every draw: same stream, same additions in the same order), on occupations of 1,
 * 5, 40 and 570 tasks, mixed sizes, one group and several, 1 to 11 columns, and draw counts on and off
 * its 1,024-draw blocks. Oracle: groupMeanDraws(..., 'slots', 'js'), the loop every dataset with an
 * occupation of more than 5 tasks took before (issue 27), itself checked here against a plain
 * recomputation from fillDraw's task indices.
 */
import { describe, expect, test } from 'vitest';
import { drawState, fillDraw, taskBootstrap, type TaskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';
import { groupMeanDraws } from '../../kernel-lib/uncertainty/groupMeanDraws.ts';
import { multisetKernelAvailable } from '../../kernel-lib/uncertainty/multisetKernel.ts';

/** Columns with signs, zeros of both signs and a spread of magnitudes (rounding shows in the last bits). */
function columnsOf(n: number, K: number): Float64Array[] {
  return Array.from({ length: K }, (_, k) => Float64Array.from({ length: n }, (_, i) => {
    if ((i + k) % 11 === 3) return -0;
    if ((i + k) % 13 === 5) return 0;
    return Math.sin(7 * i + 3 * k + 1) * 10 ** ((i * k) % 7 - 2);
  }));
}

/** Occupation index of `sizes` tasks per occupation, the tasks interleaved (task i's occupation is not i's block). */
function occupationsOf(sizes: number[]): Int32Array {
  const occ = sizes.flatMap((n, o) => Array<number>(n).fill(o));
  // a fixed shuffle, so that the order of tasks within an occupation (boot.order) is not the identity
  return Int32Array.from(occ.map((_, i) => occ[(i * 7919) % occ.length]));
}

function expectSameBits(a: Float64Array[][], b: Float64Array[][]): number {
  let differ = 0, first = '', compared = 0;
  for (let c = 0; c < a.length; c++) for (let g = 0; g < a[c].length; g++) for (let d = 0; d < a[c][g].length; d++) {
    compared++;
    if (!Object.is(a[c][g][d], b[c][g][d])) { if (!differ++) first = `column ${c}, group ${g}, draw ${d}: ${a[c][g][d]} vs ${b[c][g][d]}`; }
  }
  expect(first).toBe('');
  expect(differ).toBe(0);
  return compared;
}

function both(boot: TaskBootstrap, columns: Float64Array[], weights: Float64Array, groupOf: Int32Array, groups: number): number {
  const js = groupMeanDraws(boot, columns, weights, groupOf, groups, 'slots', 'js');
  const wasm = groupMeanDraws(boot, columns, weights, groupOf, groups, 'slots', 'wasm');
  let compared = expectSameBits(wasm, js);
  // 'auto' takes this kernel whenever an occupation has more than 5 tasks (else the multiset lookup)
  if (Array.from(boot.counts).some((n) => n > 5)) compared += expectSameBits(groupMeanDraws(boot, columns, weights, groupOf, groups), js);
  return compared;
}

describe('WebAssembly slot kernel', () => {
  test('runs here (so the comparisons below compare two kernels)', () => {
    expect(multisetKernelAvailable()).toBe(true);
  });

  test('the JavaScript slot loop it is compared with equals a plain recomputation from fillDraw', () => {
    // Oracle: Joules-to-GDP J.2 written out: X_g^b = sum_{o in g} w_o / (n_o W_g) x (sum of x over o's slots of draw b)
    const sizes = [7, 1, 3, 12];
    const occ = occupationsOf(sizes);
    const [x] = columnsOf(occ.length, 1);
    const weights = Float64Array.of(0.1, 0.2, 0.3, 0.4);
    const groupOf = Int32Array.of(0, 1, 0, 1);
    const boot = taskBootstrap(occ, sizes.length, { draws: 40, seed: 5 });
    const js = groupMeanDraws(boot, [x], weights, groupOf, 2, 'slots', 'js');
    const state = drawState(boot), slots = new Int32Array(occ.length);
    const W = [0.1 + 0.3, 0.2 + 0.4];
    for (let b = 0; b < 40; b++) {
      fillDraw(boot, state, slots);
      const acc = [0, 0];
      for (let o = 0; o < sizes.length; o++) {
        let s = 0;
        for (let p = boot.offsets[o]; p < boot.offsets[o + 1]; p++) s += x[slots[p]];
        acc[groupOf[o]] += (weights[o] / (sizes[o] * W[groupOf[o]])) * s;
      }
      expect(Object.is(js[0][0][b], acc[0]) && Object.is(js[0][1][b], acc[1])).toBe(true);
    }
  });

  test('gives the JavaScript loop\'s draws bit for bit: 1, 5, 40 and 570 tasks per occupation', () => {
    let compared = 0;
    for (const [perOccupation, O, draws, K] of [[1, 44, 300, 6], [5, 44, 300, 7], [40, 44, 100, 9], [570, 44, 3, 10]] as const) {
      const occ = occupationsOf(Array(O).fill(perOccupation));
      const columns = columnsOf(occ.length, K);
      const weights = Float64Array.from({ length: O }, (_, o) => (1 + (o % 9)) / 100);
      const boot = taskBootstrap(occ, O, { draws, seed: 20260726 + perOccupation });
      compared += both(boot, columns, weights, new Int32Array(O), 1);
      compared += both(boot, columns, weights, Int32Array.from({ length: O }, (_, o) => o % 13), 13);
    }
    // 1 and 5 tasks: wasm vs js only (auto takes the multiset lookup there); 40 and 570: auto as well
    expect(compared).toBe(300 * 6 * 14 + 300 * 7 * 14 + 2 * 100 * 9 * 14 + 2 * 3 * 10 * 14);
  });

  test('mixed sizes, every column block width, draws on and off the 1,024-draw blocks', () => {
    const sizes = [5, 1, 3, 9, 2, 4, 5, 17, 1, 2, 64];
    const occ = occupationsOf(sizes);
    const weights = Float64Array.from(sizes, (_, o) => (o + 1) / 66);
    const layouts: [Int32Array, number][] = [
      [new Int32Array(sizes.length), 1],
      [Int32Array.of(2, 0, 1, 2, 0, 1, 2, 0, 1, 1, 0), 3],
    ];
    let compared = 0;
    for (const draws of [1, 1030]) {
      const boot = taskBootstrap(occ, sizes.length, { draws, seed: 40 + draws });
      for (const K of [1, 2, 3, 4, 5, 8, 11]) {
        const columns = columnsOf(occ.length, K);
        for (const [groupOf, groups] of layouts) compared += both(boot, columns, weights, groupOf, groups);
      }
    }
    expect(compared).toBe(2 * 1031 * 34 * 4);
  });
});
