/**
 * Property (issue 27): on generated occupations of many sizes (1, 5, 40 and 570 tasks among them, and
 * any size up to 600), tasks in a shuffled order, any seed, 1 to 14 columns, 1 to 3 groups, the
 * WebAssembly slot kernel's draws (groupMeanDraws(..., 'slots', 'wasm'): pairs of columns per f64x2
 * add, the slot positions recorded by a bootstrap's first call and replayed by the later ones) equal
 * the JavaScript slot-by-slot loop's (the reference, 'slots', 'js') bit for bit (Object.is on every
 * draw), call after call on one bootstrap, also after its seed or draw count is changed in place (the
 * recorded positions then belong to other draws and must not be replayed).
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { taskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';
import { groupMeanDraws } from '../../kernel-lib/uncertainty/groupMeanDraws.ts';
import { shuffledOccupationIndex } from '../helpers/occupations.ts';

const SIZE = fc.oneof(fc.constantFrom(1, 5, 40, 570), fc.integer({ min: 1, max: 600 }));


/** K columns from a seed: signs, zeros of both signs and magnitudes 1e-3 .. 1e5 (rounding shows in the last bits). */
function columnsOf(n: number, K: number, seed: number): Float64Array[] {
  return Array.from({ length: K }, (_, k) => Float64Array.from({ length: n }, (_, i) => {
    const h = Math.sin(seed + 12.9898 * i + 78.233 * k) * 43758.5453;
    const r = h - Math.floor(h);
    if (r < 0.05) return -0;
    if (r < 0.1) return 0;
    return (r - 0.5) * 10 ** Math.floor(r * 9 - 3);
  }));
}

function firstDifference(a: Float64Array[][], b: Float64Array[][]): string {
  for (let c = 0; c < a.length; c++) for (let g = 0; g < a[c].length; g++) for (let d = 0; d < a[c][g].length; d++) {
    if (!Object.is(a[c][g][d], b[c][g][d])) return `column ${c}, group ${g}, draw ${d}: ${a[c][g][d]} vs ${b[c][g][d]}`;
  }
  return '';
}

const CALL = fc.record({ K: fc.integer({ min: 1, max: 14 }), columnSeed: fc.integer(), reseed: fc.option(fc.nat(), { freq: 4 }), redraw: fc.option(fc.integer({ min: 1, max: 20 }), { freq: 5 }) });

describe('slot kernel property', () => {
  test('the WebAssembly slot kernel equals the JavaScript slot-by-slot loop bit for bit, call after call on one bootstrap', () => {
    fc.assert(fc.property(
      fc.array(SIZE, { minLength: 1, maxLength: 6 }), fc.nat(), fc.nat(), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 3 }), fc.array(CALL, { minLength: 1, maxLength: 4 }),
      (sizes, shuffle, seed, draws, groups, calls) => {
        const occ = shuffledOccupationIndex(sizes, shuffle);
        const O = sizes.length;
        const weights = Float64Array.from(sizes, (n, o) => (1 + ((o * 7 + n) % 5)) / 3);
        // every group holds an occupation when there are enough of them (an empty group is refused)
        const G = Math.min(groups, O);
        const groupOf = Int32Array.from(sizes, (_, o) => o % G);
        const boot = taskBootstrap(occ, O, { draws, seed });
        for (const { K, columnSeed, reseed, redraw } of calls) {
          if (reseed !== null) boot.seed = reseed;
          if (redraw !== null) boot.draws = redraw;
          const columns = columnsOf(occ.length, K, columnSeed);
          const wasm = groupMeanDraws(boot, columns, weights, groupOf, G, 'slots', 'wasm');
          const js = groupMeanDraws(boot, columns, weights, groupOf, G, 'slots', 'js');
          expect(wasm[0][0].length).toBe(boot.draws);
          expect(firstDifference(wasm, js)).toBe('');
        }
      }), { numRuns: 60, seed: 27 });
  });
});
