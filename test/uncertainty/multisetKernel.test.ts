/**
 * The WebAssembly multiset kernel (kernel-lib/uncertainty/multisetKernel.wat) gives the JavaScript
 * kernels' sums bit for bit (Object.is on every draw: same stream, same table, same order of
 * additions), for one group and several, an occupation outside every group, occupations of 1 to 5
 * tasks, draw counts on and off its 1,024-draw blocks, and 1 to 11 columns (every block width: 5, 4 + 4
 * for 8, 4, 2, 1). Oracle: multisetGroupSums(..., 'js'), itself checked against the slot-by-slot
 * gather in multisetSums.test.ts. The committed bytes are the .wat's, assembled again here with wabt
 * (the module's text: multisetKernelBuild.test.ts).
 */
import { describe, expect, test } from 'vitest';
import { taskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';
import { multisetGroupSums, sequenceTable } from '../../kernel-lib/uncertainty/multisetSums.ts';
import { kernelGroupSums, multisetKernelAvailable } from '../../kernel-lib/uncertainty/multisetKernel.ts';
import { MULTISET_KERNEL_SHARED_WASM_BASE64, MULTISET_KERNEL_WASM_BASE64 } from '../../kernel-lib/uncertainty/multisetKernelWasm.ts';
import { assembleKernel } from '../../scripts/wasm/build.ts';

/** Columns with signs, zeros of both signs and a spread of magnitudes (rounding shows in the last bits). */
function columnsOf(n: number, K: number): Float64Array[] {
  return Array.from({ length: K }, (_, k) => Float64Array.from({ length: n }, (_, i) => {
    if ((i + k) % 11 === 3) return -0;
    if ((i + k) % 13 === 5) return 0;
    return Math.sin(7 * i + 3 * k + 1) * 10 ** ((i * k) % 7 - 2);
  }));
}

function sums(boot: ReturnType<typeof taskBootstrap>, columns: Float64Array[], factor: Float64Array, groupOf: Int32Array, groups: number, kernel: 'wasm' | 'js'): Float64Array[][] {
  const out = columns.map(() => Array.from({ length: groups }, () => new Float64Array(boot.draws).fill(NaN)));
  multisetGroupSums(boot, columns, factor, groupOf, out, kernel);
  return out;
}

function expectSameBits(a: Float64Array[][], b: Float64Array[][]): void {
  let differ = 0, first = '';
  for (let c = 0; c < a.length; c++) for (let g = 0; g < a[c].length; g++) for (let d = 0; d < a[c][g].length; d++) {
    if (!Object.is(a[c][g][d], b[c][g][d])) { if (!differ++) first = `column ${c}, group ${g}, draw ${d}: ${a[c][g][d]} vs ${b[c][g][d]}`; }
  }
  expect(first).toBe('');
  expect(differ).toBe(0);
}

describe('WebAssembly multiset kernel', () => {
  test('runs here (so the comparisons below compare two kernels, not the JavaScript one with itself)', () => {
    expect(multisetKernelAvailable()).toBe(true);
    const boot = taskBootstrap(Int32Array.of(0, 0, 1), 2, { draws: 3, seed: 1 });
    const out = [[new Float64Array(3)]];
    const ran = kernelGroupSums({
      boot, base: Int32Array.of(0, 3, 4), columns: [Float64Array.of(1, 2, 4)], factor: Float64Array.of(1, 1),
      flat: [1, 2, 3, 4, 5].map((n) => sequenceTable(n).flat), denseAt: Int32Array.of(0, 0, 1, 5),
      dense: Int32Array.of(0, 0, 1, 1, 2), slot: Int32Array.of(0, 1), from: Int32Array.of(0, 2), state: Int32Array.of(1, 2, 3, 4), out,
    });
    expect(ran).toBe(true);
    // occupation 0 (tasks worth 1 and 2) resamples to {1, 1}, {1, 2} or {2, 2}: 2, 3 or 4; occupation 1 (one task worth 4) to 4
    for (const v of out[0][0]) expect([6, 7, 8]).toContain(v);
  });

  test('gives the JavaScript kernels\' sums bit for bit, for every block width, group layout and draw count', () => {
    const sizes = [5, 1, 3, 5, 2, 4, 5, 5, 1, 2];
    const occ = Int32Array.from(sizes.flatMap((n, o) => Array(n).fill(o)));
    const weights = Float64Array.from(sizes, (_, o) => (o + 1) / 55);
    const layouts: [Int32Array, number][] = [
      [new Int32Array(sizes.length), 1],
      [Int32Array.of(2, 0, 1, 2, 0, 1, 2, 0, 1, 1), 3],
      [Int32Array.of(0, 1, 0, 2, 1, 0, 1, 2, 0, 1), 2], // occupations 3 and 7 outside every group
    ];
    let compared = 0;
    for (const draws of [1, 700, 1024, 2500]) {
      const boot = taskBootstrap(occ, sizes.length, { draws, seed: 40 + draws });
      for (const K of [1, 2, 3, 4, 5, 6, 8, 9, 10, 11]) {
        const columns = columnsOf(occ.length, K);
        for (const [groupOf, groups] of layouts) {
          const factor = Float64Array.from(sizes, (n, o) => weights[o] / n);
          expectSameBits(sums(boot, columns, factor, groupOf, groups, 'wasm'), sums(boot, columns, factor, groupOf, groups, 'js'));
          compared += K * groups * draws;
        }
      }
    }
    // every (draw count, K, layout) was compared: 4,225 draws x 59 columns x 6 groups of sums in all
    expect(compared).toBe(4225 * 59 * 6);
  });

  test('the committed bytes are multisetKernel.wat assembled by wabt (edit the .wat, then npm run build:wasm)', async () => {
    const bytes = await assembleKernel();
    expect(Buffer.from(MULTISET_KERNEL_WASM_BASE64, 'base64').equals(Buffer.from(bytes))).toBe(true);
    // the shared-memory variant: the same text but for its memory import (scripts/wasm/build.ts sharedKernelText)
    const shared = await assembleKernel(undefined, true);
    expect(Buffer.from(MULTISET_KERNEL_SHARED_WASM_BASE64, 'base64').equals(Buffer.from(shared))).toBe(true);
    // The module's text (line breaks, the byte count) is checked in multisetKernelBuild.test.ts, which
    // Stryker does not run: it rewrites the file on disk when it mutates it.
  });
});
