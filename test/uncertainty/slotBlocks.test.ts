/**
 * Property (issue 27): the WebAssembly slot kernel's two passes (multisetKernel.ts `kernelSlotSums`:
 * every slot's position drawn for a block of draws, then the sums occupation by occupation over the
 * block) against the JavaScript slot-by-slot loop (groupMeanDraws(..., 'slots', 'js'), drawing and
 * summing draw by draw: an independent second implementation), bit for bit (Object.is on every draw),
 * on generated shapes: occupations of 1 to 1,500 tasks (1,448, the largest drawn two slots per
 * generator output, and 1,449, one slot per output, among them), 1 to 14 columns, 1 to 3 groups, and
 * positions either kept for the whole bootstrap or drawn afresh in blocks of 1 to a few draws (a short
 * last block included): the limits that the tables' sizes reach only past 64 MB of positions.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { drawState, taskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';
import { groupMeanDraws } from '../../kernel-lib/uncertainty/groupMeanDraws.ts';
import { kernelSlotSums } from '../../kernel-lib/uncertainty/multisetKernel.ts';

const SIZE = fc.oneof(fc.constantFrom(1, 2, 5, 6, 570, 1448, 1449), fc.integer({ min: 1, max: 1500 }));

function columnsOf(n: number, K: number, seed: number): Float64Array[] {
  return Array.from({ length: K }, (_, k) => Float64Array.from({ length: n }, (_, i) => {
    const h = Math.sin(seed + 12.9898 * i + 78.233 * k) * 43758.5453;
    const r = h - Math.floor(h);
    if (r < 0.05) return -0;
    return (r - 0.5) * 10 ** Math.floor(r * 9 - 3);
  }));
}

describe('slot kernel in blocks', () => {
  test('positions drawn a block at a time, or kept, give the JavaScript slot loop\'s draws bit for bit', () => {
    fc.assert(fc.property(
      fc.array(SIZE, { minLength: 1, maxLength: 5 }), fc.nat(), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 1, max: 14 }), fc.integer(), fc.integer({ min: 1, max: 4 }), fc.boolean(),
      (sizes, seed, draws, groups, K, columnSeed, blockDraws, kept) => {
        const occ = Int32Array.from(sizes.flatMap((n, o) => Array<number>(n).fill(o)));
        const O = sizes.length, n = occ.length;
        const G = Math.min(groups, O);
        const groupOf = Int32Array.from(sizes, (_, o) => o % G);
        const weights = Float64Array.from(sizes, (m, o) => (1 + ((o * 7 + m) % 5)) / 3);
        const boot = taskBootstrap(occ, O, { draws, seed });
        const columns = columnsOf(n, K, columnSeed);
        const js = groupMeanDraws(boot, columns, weights, groupOf, G, 'slots', 'js');
        // groupMeanDraws' factor w_o / (n_o W_g)
        const W = new Float64Array(G);
        for (let o = 0; o < O; o++) W[groupOf[o]] += weights[o];
        const factor = Float64Array.from(sizes, (m, o) => weights[o] / (m * W[groupOf[o]]));
        const limits = kept ? { keepBytes: 2 * draws * n, blockBytes: 0 } : { keepBytes: 0, blockBytes: 2 * n * blockDraws };
        for (let call = 0; call < 2; call++) { // a kept bootstrap's second call replays the positions
          const out = columns.map(() => Array.from({ length: G }, () => new Float64Array(draws)));
          expect(kernelSlotSums(boot, drawState(boot), columns, factor, groupOf, out, limits)).toBe(true);
          for (let c = 0; c < K; c++) for (let g = 0; g < G; g++) for (let b = 0; b < draws; b++) {
            if (!Object.is(out[c][g][b], js[c][g][b])) expect(`call ${call} column ${c} group ${g} draw ${b}: ${out[c][g][b]}`).toBe(`${js[c][g][b]}`);
          }
        }
      }), { numRuns: 80, seed: 2027 });
  });
});
