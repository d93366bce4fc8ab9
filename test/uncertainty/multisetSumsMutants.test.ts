/**
 * multisetSums.ts against oracles of its own (the survivors of the mutation run of 2 December 2026,
 * s11-u1; docs/mutation.md). multisetKernel.test.ts compares the WebAssembly kernel with the
 * JavaScript one, but both read the same row layout (slot, from) built here, so a layout bug shows in
 * neither; multisetSums.test.ts compares with groupMeanDraws, which puts every occupation in a group.
 * Here:
 * - multisetGroupSums, both kernels, with occupations outside every group (groupOf = groups and past
 *   it) and 1, 2, 4, 5, 7 and 8 columns: each draw's group sums recomputed by hand from the stream's
 *   drawn tasks (fillDraw), integer values and factors so that every sum is exact, and a NaN and an
 *   Infinity that show only in the draws that hold their task;
 * - no columns: nothing to do, no error;
 * - the 'js' kernel never starts WebAssembly; the 'wasm' kernel draws in WebAssembly only (the
 *   JavaScript draws, drawSequences, are not run as well) and the JavaScript kernels draw in blocks of
 *   256 (the doc comment's BLOCK_DRAWS: 600 draws are 256 + 256 + 88), into a block-sized array;
 * - sequenceTable(n) is built once per n, its counts views of its flat array.
 *
 * Equivalent survivors of that run (no output can tell them apart):
 * - `<` made `<=` in loops whose extra pass writes past a typed array's end (ignored) or a slot the next
 *   pass writes again: 54 (u = n^n spells the all-zero multiset again), 72, 90, 135, 137, 171, 172, 174,
 *   183, 212, 225, 238, 251 (draw nb is the next block's first, or past the end), 268, 272, 277 (row
 *   past the block times a finite factor: 0 stays 0);
 * - 57 `c.join(',')` made `join('')`: counts of at most 5 are one digit each, so the keys stay distinct;
 * - 104 `if (!dense)` made `true`, 129 `K === 1` made `false`: the same table rebuilt, or multiplied by 1;
 * - 171 the test made `true` or `<=`: an occupation outside every group has groupOf >= groups, so it
 *   counts into from[groups + 1] or past it, beyond the Int32Array;
 * - 202 to 204 the block choice of sumColumns (eight mutants): every column is added over the same rows
 *   in the same order whichever block holds it; only the speed changes;
 * - 272 `d++` made `d--`: d is not read.
 * Removed since (s12-un): line 185's extra slot, `width = O + (from[groups] < O ? 1 : 0)` (its four
 * survivors): occupations outside every group all share slot from[groups], at most O - 1 when one
 * exists, so O slots a draw hold them; `width = O` gives the same bits (a same-run A/B of the 'js'
 * sums on 44 occupations of 1, 3 and 5 tasks, 1 to 10 columns, 1 to 22 groups, some occupations
 * outside every group: CPU new/old 0.96 to 1.01, an unchanged path's noise up to +-11%).
 * Killed since (added after the run, each planted and seen failing): 64 (sequenceTable's counts views:
 * the view test now builds the tables in a fresh module, since per-test coverage gave the mutants only
 * to the first test that filled the cache), 164 (the default kernel is WebAssembly), 190 (no empty block
 * after 512 draws).
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import * as bootstrap from '../../kernel-lib/uncertainty/taskBootstrap.ts';
import { multisetGroupSums, sequenceTable } from '../../kernel-lib/uncertainty/multisetSums.ts';
import { dropKernelScratch } from '../../kernel-lib/uncertainty/multisetKernel.ts';

const { drawState, fillDraw, taskBootstrap } = bootstrap;

// drawSequences logged (the draws of each call and the length of the array it fills); the rest as is
const sequenceCalls: [number, number][] = [];
vi.mock('../../kernel-lib/uncertainty/taskBootstrap.ts', async (original) => {
  const real = await original<typeof import('../../kernel-lib/uncertainty/taskBootstrap.ts')>();
  return {
    ...real,
    drawSequences: (boot: bootstrap.TaskBootstrap, state: Int32Array, out: Int32Array, at: number, draws: number) => {
      sequenceCalls.push([draws, out.length]);
      real.drawSequences(boot, state, out, at, draws);
    },
  };
});

afterEach(() => {
  vi.restoreAllMocks();
  sequenceCalls.length = 0;
});

const sizes = [2, 3, 1, 5, 4, 1];
const occ = Int32Array.from(sizes.flatMap((n, o) => Array<number>(n).fill(o)));
const O = sizes.length;

/** Column k: task i worth (i + 1) x (k + 1) + 100 k (integers: every sum below is exact). */
function columnsOf(K: number): Float64Array[] {
  return Array.from({ length: K }, (_, k) => Float64Array.from(occ, (_, i) => (i + 1) * (k + 1) + 100 * k));
}

function run(boot: bootstrap.TaskBootstrap, columns: Float64Array[], factor: Float64Array, groupOf: Int32Array, groups: number, kernel: 'wasm' | 'js'): Float64Array[][] {
  const out = columns.map(() => Array.from({ length: groups }, () => new Float64Array(boot.draws).fill(NaN)));
  multisetGroupSums(boot, columns, factor, groupOf, out, kernel);
  return out;
}

describe('multisetSums.ts by hand', () => {
  test('group sums with occupations outside every group equal the drawn tasks\' values added by hand, both kernels, 1 to 8 columns', () => {
    const factor = Float64Array.of(3, 1, 2, 5, 7, 4);
    const layouts: [Int32Array, number][] = [
      [Int32Array.of(1, 2, 0, 1, 2, 0), 2], // occupations 1 and 4 outside (groupOf = groups)
      [Int32Array.of(0, 0, 0, 0, 0, 9), 1], // the last occupation outside (groupOf past groups)
      [Int32Array.of(3, 0, 3, 1, 2, 3), 3], // the first outside, before every grouped one
    ];
    const boot = taskBootstrap(occ, O, { draws: 200, seed: 17 });
    for (const K of [1, 2, 4, 5, 7, 8]) {
      const columns = columnsOf(K);
      // a task the multiset does not hold is left out (not added as 0 x value): NaN and Infinity show where drawn
      if (K === 2) { columns[1][4] = NaN; columns[1][9] = Infinity; }
      for (const [groupOf, groups] of layouts) {
        const want = columns.map(() => Array.from({ length: groups }, () => new Float64Array(200)));
        const state = drawState(boot), tasks = new Int32Array(occ.length);
        for (let b = 0; b < 200; b++) {
          fillDraw(boot, state, tasks); // grouped by occupation: occupation o's slots are offsets[o] .. offsets[o + 1] - 1
          for (let o = 0; o < O; o++) {
            if (groupOf[o] >= groups) continue;
            for (let c = 0; c < K; c++) {
              let s = 0;
              for (let p = boot.offsets[o]; p < boot.offsets[o + 1]; p++) s += columns[c][tasks[p]];
              want[c][groupOf[o]][b] += factor[o] * s;
            }
          }
        }
        for (const kernel of ['wasm', 'js'] as const) {
          const got = run(boot, columns, factor, groupOf, groups, kernel);
          let first = '';
          for (let c = 0; c < K && !first; c++) for (let g = 0; g < groups; g++) for (let b = 0; b < 200; b++) {
            if (!Object.is(got[c][g][b], want[c][g][b])) { first = `${kernel}, ${K} columns, column ${c}, group ${g}, draw ${b}: ${got[c][g][b]} vs ${want[c][g][b]}`; break; }
          }
          expect(first).toBe('');
        }
      }
    }
  });

  test('no columns: nothing to sum and no error, both kernels', () => {
    const boot = taskBootstrap(occ, O, { draws: 5, seed: 1 });
    for (const kernel of ['wasm', 'js'] as const) {
      expect(() => multisetGroupSums(boot, [], new Float64Array(O).fill(1), new Int32Array(O), [], kernel)).not.toThrow();
    }
  });

  test('\'js\' never starts WebAssembly; \'wasm\' draws in it alone; the JavaScript kernels draw 256 draws at a time', () => {
    const RealInstance = WebAssembly.Instance; // counted, and still constructed (a bare spy would call it without new)
    const instances = vi.spyOn(WebAssembly, 'Instance').mockImplementation(function (module: WebAssembly.Module, imports?: WebAssembly.Imports) {
      return new RealInstance(module, imports);
    });
    const boot = taskBootstrap(occ, O, { draws: 600, seed: 2 });
    const columns = columnsOf(3), factor = new Float64Array(O).fill(1), groupOf = new Int32Array(O);
    dropKernelScratch(); // the kept scratch of an earlier test would serve the 'wasm' run below without an instance
    const js = run(boot, columns, factor, groupOf, 1, 'js');
    expect(instances).not.toHaveBeenCalled();
    expect(sequenceCalls).toEqual([[256, 256 * O], [256, 256 * O], [88, 256 * O]]);
    sequenceCalls.length = 0;
    expect(run(boot, columns, factor, groupOf, 1, 'wasm')).toEqual(js);
    expect(instances).toHaveBeenCalledTimes(1);
    expect(sequenceCalls).toEqual([]);
    // a multiple of the block: no empty block after it
    sequenceCalls.length = 0;
    run(taskBootstrap(occ, O, { draws: 512, seed: 2 }), columns, factor, groupOf, 1, 'js');
    expect(sequenceCalls).toEqual([[256, 256 * O], [256, 256 * O]]);
    // the default kernel is WebAssembly
    instances.mockClear();
    dropKernelScratch();
    const out = columns.map(() => [new Float64Array(600)]);
    multisetGroupSums(boot, columns, factor, groupOf, out);
    expect(instances).toHaveBeenCalledTimes(1);
    expect(out).toEqual(js);
    // fewer draws than a block: an array of just those draws
    sequenceCalls.length = 0;
    run(taskBootstrap(occ, O, { draws: 100, seed: 2 }), columns, factor, groupOf, 1, 'js');
    expect(sequenceCalls).toEqual([[100, 100 * O]]);
  });

  test('sequenceTable(n) is built once per n, its counts views of its flat array', async () => {
    vi.resetModules(); // a fresh module: the tables are built here, not taken from an earlier test's cache
    const { sequenceTable } = await import('../../kernel-lib/uncertainty/multisetSums.ts');
    for (let n = 1; n <= 5; n++) {
      const t = sequenceTable(n);
      expect(sequenceTable(n)).toBe(t);
      t.counts.forEach((c, d) => {
        expect(c.buffer).toBe(t.flat.buffer);
        expect([c.byteOffset, c.length]).toEqual([t.flat.byteOffset + d * n, n]);
      });
    }
  });
});
