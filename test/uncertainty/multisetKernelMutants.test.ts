/**
 * multisetKernel.ts's refusals, limits and blocks, each against what its doc comments promise (the
 * survivors of the mutation run of 2 December 2026, s11-u1; docs/mutation.md):
 * - where WebAssembly is refused (a page whose content security policy forbids it; here
 *   WebAssembly.Module made to throw), multisetKernelAvailable() is false, both kernels answer false
 *   and write nothing, and groupMeanDraws still gives the JavaScript kernels' sums (listed by hand);
 * - kernelGroupSums runs occupations of up to flat.length tasks (oracle: each draw's sum recomputed from
 *   the stream's drawn positions, fillDraw) and refuses a larger one; both kernels refuse a memory past
 *   MAX_KERNEL_BYTES (a table of 2^27 rows, 2^21 columns) and no columns at all;
 * - kernelSlotSums runs an occupation of 65,536 tasks (positions are u16) and refuses 65,537;
 * - the blocks (oracle: the doc comments' numbers, worked by hand): a kernel call sums at most 1,024
 *   draws; kept positions are drawn once per bootstrap and replayed by a later call (no new instance,
 *   no slotDraw), unless the seed changed in place; positions not kept are drawn afresh in every call,
 *   floor(blockBytes / (2 n)) draws at a time, at least one. Seen through WebAssembly.Instance wrapped
 *   to log each export's calls (the sums are the same either way: these are speed promises).
 *
 * Equivalent survivors of that run (nothing the kernels return or write, nor any call, tells them apart):
 * - 37, 98, 234, 252 `<` made `<=`: the extra pass writes past a typed array's end (ignored), or a word
 *   the next step overwrites (252: row n is the output region, written by the kernel; 234: record O is
 *   the factor region, set after);
 * - 275 `bytes > MAX_KERNEL_BYTES` made `>=` (grown): it differs only for a kept memory grown to exactly
 *   2^30 bytes, a sum of the layout's regions no caller picks; either way the sums are the same bits
 *   (JavaScript). Line 51's twin is killed since (s12-un) by the exactly-2^30 test;
 * - 55 (no coverage) and 281 the catch blocks emptied: undefined is taken as null or false;
 * - 109 `/ 8` made `* 8`, 211 `K / 2` made `K * 2`, 212 `base / 4` made `base * 4`, 276 `bytes -
 *   byteLength` made `+`: a larger, still aligned offset or memory (211: more lanes, never read out);
 * - 129 `j <= dense.length`: the word past `dense` is the first of the multisets' counts, written just after;
 * - 142 `4 * stateAt` made `4 / stateAt`: stateAt is 0, and 4 / 0 passed as an i32 is 0;
 * - 255 (four mutants) the odd K's spare lane: never copied out; zeroing it for an even K writes the
 *   next row's first value, which the next pass writes again;
 * - 277 `short <= 0` made `< 0`: memory.grow(0) grows nothing. (Its `false` mutant is killed since: the
 *   narrower call after a wider one in the kept-positions test, added after the run.)
 * Killed since (s12-un): 97 `!module` made `false` (no memory is asked for where WebAssembly is refused:
 *   WebAssembly.Memory spied), 282 grown's `false` made `true` (memory.grow made to throw: a new instance
 *   draws afresh; `true` ran the kernel past its memory); 164, SLOT_BLOCK_BYTES made 4 / 2^20 (the default block of positions not kept
 *   became one draw), by the default-limits test: 25,080 tasks, 1,337 draws kept and 1,338 drawn afresh
 *   83 at a time. Its doc comment said 160 draws (one byte a slot); positions are u16, so 83.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { drawState, fillDraw, taskBootstrap, type TaskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';
import { sequenceTable } from '../../kernel-lib/uncertainty/multisetSums.ts';
import { groupMeanDraws } from '../../kernel-lib/uncertainty/groupMeanDraws.ts';
import { MAX_KERNEL_BYTES, SCRATCH_KEEP_BYTES, dropKernelScratch, kernelGroupSums, kernelSlotSums, type KernelInput } from '../../kernel-lib/uncertainty/multisetKernel.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const RealInstance = WebAssembly.Instance;

/** Every later WebAssembly.Instance logs its exports' calls as [name, draws] (the draws argument of each kernel). */
function logKernelCalls(): { calls: [string, number][]; instances: () => number } {
  dropKernelScratch(); // so that the next groupSums call makes (and logs) its instance
  const calls: [string, number][] = [];
  const spy = vi.spyOn(WebAssembly, 'Instance').mockImplementation(function (module: WebAssembly.Module, imports?: WebAssembly.Imports) {
    const real = new RealInstance(module, imports);
    const exports: Record<string, (...a: number[]) => void> = {};
    // the draws argument: groupSums(state, range, threshold, O, draws, ...), slotDraw(state, occ, O, draws, ...), slotReplay(occ, O, factor, sums, draws, ...)
    const drawsAt: Record<string, number> = { groupSums: 4, slotDraw: 3, slotReplay: 4, fillRows: -1 };
    for (const [name, f] of Object.entries(real.exports)) {
      exports[name] = (...a: number[]) => { if (drawsAt[name] >= 0) calls.push([name, a[drawsAt[name]]]); (f as (...a: number[]) => void)(...a); };
    }
    return { exports } as unknown as WebAssembly.Instance;
  });
  return { calls, instances: () => spy.mock.calls.length };
}

function draws(calls: [string, number][], name: string): number[] {
  return calls.filter(([n]) => n === name).map(([, d]) => d);
}

/** The slotDraw calls that draw these blocks: each block in calls of 8 draws, the last one shorter (SLOT_DRAW_CALL_DRAWS). */
function inCallsOf8(blocks: readonly number[]): number[] {
  return blocks.flatMap((b) => [...Array<number>(Math.floor(b / 8)).fill(8), ...(b % 8 ? [b % 8] : [])]);
}

/** `count` blocks of `size` draws, then `rest` (when not 0). */
function blocksOf(size: number, count: number, rest = 0): number[] {
  return [...Array<number>(count).fill(size), ...(rest ? [rest] : [])];
}

/** The inputs multisetGroupSums hands kernelGroupSums, by hand: one group, occupations in order, factor 1. */
function groupInput(boot: TaskBootstrap, columns: Float64Array[], tables: number, out: Float64Array[][]): KernelInput {
  const O = boot.occupations;
  const flat = Array.from({ length: tables }, (_, j) => sequenceTable(j + 1).flat);
  const denseAt = new Int32Array(tables + 2);
  for (let n = 1; n <= tables; n++) denseAt[n + 1] = denseAt[n] + n ** n;
  const dense = new Int32Array(denseAt[tables + 1]);
  for (let n = 1; n <= tables; n++) dense.set(sequenceTable(n).dense, denseAt[n]);
  const base = new Int32Array(O + 1);
  for (let o = 0; o < O; o++) base[o + 1] = base[o] + (boot.counts[o] <= tables ? sequenceTable(boot.counts[o]).counts.length : 1);
  return {
    boot, base, columns, factor: new Float64Array(O).fill(1), flat, denseAt, dense,
    slot: Int32Array.from({ length: O }, (_, o) => o), from: Int32Array.of(0, O), state: drawState(boot), out,
  };
}

describe('multisetKernel.ts refusals', () => {
  test('where WebAssembly is refused, nothing runs in it, nothing is written, and groupMeanDraws gives the JavaScript sums', async () => {
    vi.spyOn(WebAssembly, 'Module').mockImplementation(() => { throw new WebAssembly.CompileError('refused by the page'); });
    vi.resetModules(); // a fresh multisetKernel.ts, whose compiled module is not yet cached
    const kernel = await import('../../kernel-lib/uncertainty/multisetKernel.ts');
    const sums = await import('../../kernel-lib/uncertainty/multisetSums.ts');
    const means = await import('../../kernel-lib/uncertainty/groupMeanDraws.ts');
    expect(kernel.multisetKernelAvailable()).toBe(false);
    // no memory is asked for a kernel that cannot run (a refused page allocates nothing for it)
    const memories = vi.spyOn(WebAssembly, 'Memory');
    const boot = taskBootstrap(Int32Array.of(0, 0, 1), 2, { draws: 3, seed: 1 });
    const out = [[new Float64Array(3).fill(-1)]];
    expect(kernel.kernelGroupSums({
      boot, base: Int32Array.of(0, 3, 4), columns: [Float64Array.of(1, 2, 4)], factor: Float64Array.of(1, 1),
      flat: [1, 2, 3, 4, 5].map((n) => sums.sequenceTable(n).flat), denseAt: Int32Array.of(0, 0, 1, 5),
      dense: Int32Array.of(0, 0, 1, 1, 2), slot: Int32Array.of(0, 1), from: Int32Array.of(0, 2), state: Int32Array.of(1, 2, 3, 4), out,
    })).toBe(false);
    expect(kernel.kernelSlotSums(boot, Int32Array.of(1, 2, 3, 4), [Float64Array.of(1, 2, 4)], Float64Array.of(1, 1), Int32Array.of(0, 0), out)).toBe(false);
    expect([...out[0][0]]).toEqual([-1, -1, -1]);
    expect(memories).not.toHaveBeenCalled();
    // the sums still come (JavaScript): occupation 0 resamples {1, 1}, {1, 2} or {2, 2}, occupation 1 {4};
    // equal weights, so the group mean is (mean of 0's draw + 4) / 2: 2.5, 2.75 or 3
    for (const path of ['multiset', 'slots'] as const) {
      for (const v of means.groupMeanDraws(boot, [Float64Array.of(1, 2, 4)], Float64Array.of(1, 1), Int32Array.of(0, 0), 1, path)[0][0]) {
        expect([2.5, 2.75, 3]).toContain(v);
      }
    }
    expect(WebAssembly.Module).toHaveBeenCalledTimes(1); // refused once, then remembered ("compiled once: a constant")
  });

  test('kernelGroupSums runs occupations of as many tasks as flat has tables, each draw the sum of its drawn tasks, and refuses one more', () => {
    // occupations of 5 and 2 tasks worth powers of ten: a draw's sum spells how often each task was drawn
    const boot = taskBootstrap(Int32Array.of(0, 0, 0, 0, 0, 1, 1), 2, { draws: 40, seed: 9 });
    const x = Float64Array.from({ length: 7 }, (_, i) => 10 ** i);
    const out = [[new Float64Array(40).fill(-1)]];
    expect(kernelGroupSums(groupInput(boot, [x], 5, out))).toBe(true);
    const state = drawState(boot), tasks = new Int32Array(7);
    for (let b = 0; b < 40; b++) {
      fillDraw(boot, state, tasks);
      let sum = 0;
      for (const i of tasks) sum += x[i];
      expect(out[0][0][b]).toBe(sum);
    }
    // tables only up to 4 tasks: the occupation of 5 has none, so nothing runs and nothing is written
    const none = [[new Float64Array(40).fill(-1)]];
    expect(kernelGroupSums(groupInput(boot, [x], 4, none))).toBe(false);
    expect(none[0][0].every((v) => v === -1)).toBe(true);
  });

  test('both kernels refuse a memory past MAX_KERNEL_BYTES and no columns, writing nothing', () => {
    const boot = taskBootstrap(Int32Array.of(0, 0, 1), 2, { draws: 2, seed: 4 });
    const x = Float64Array.of(1, 2, 4);
    // a table of 2^27 rows of one f64 is 1 GiB = MAX_KERNEL_BYTES by itself, before the outputs
    expect(MAX_KERNEL_BYTES).toBe(2 ** 30);
    const out = [[new Float64Array(2).fill(-1)]];
    const input = groupInput(boot, [x], 5, out);
    input.base = Int32Array.of(0, 3, 2 ** 27);
    expect(kernelGroupSums(input)).toBe(false);
    // 2^21 columns of 64 tasks: 8 bytes x 64 x 2^21 = 1 GiB of values alone
    const wide = taskBootstrap(new Int32Array(64), 1, { draws: 1, seed: 4 });
    const column = new Float64Array(64).fill(1), sink = [new Float64Array(1).fill(-1)];
    const K = 2 ** 21;
    expect(kernelSlotSums(wide, drawState(wide), Array<Float64Array>(K).fill(column), Float64Array.of(1), new Int32Array(1), Array<Float64Array[]>(K).fill(sink))).toBe(false);
    // the same after a first call kept its positions (the kept memory would have to grow past the limit)
    const first = [[new Float64Array(1)]];
    expect(kernelSlotSums(wide, drawState(wide), [column], Float64Array.of(1), new Int32Array(1), first)).toBe(true);
    expect(first[0][0][0]).toBe(64);
    expect(kernelSlotSums(wide, drawState(wide), Array<Float64Array>(K).fill(column), Float64Array.of(1), new Int32Array(1), Array<Float64Array[]>(K).fill(sink))).toBe(false);
    expect(sink[0][0]).toBe(-1);
    expect(out[0][0].every((v) => v === -1)).toBe(true);
    // no columns: nothing to sum
    expect(kernelSlotSums(boot, drawState(boot), [], Float64Array.of(1, 1), Int32Array.of(0, 0), [])).toBe(false);
  });

  test('kernelGroupSums runs a memory of exactly MAX_KERNEL_BYTES (2^30) and refuses 8 bytes more', () => {
    // The layout (the comments in kernelGroupSums), for 2 occupations, one column, one group, 2 draws
    // and the five multiset tables: words 4 (state) + 4 x 2 (range, threshold, row and table offsets) +
    // 2 (slots) + 3 (rows) + 2 (from) + 3,413 (the dense tables, 1 + 4 + 27 + 256 + 3,125) = 3,432, so
    // 13,728 bytes; the counts 1 + 6 + 30 + 140 + 630 = 807 bytes (14,535); values from 14,536 (8-aligned),
    // 5 tasks x 8 bytes: the table from 14,576, base[O] rows of 8 bytes; then 2 draws x 8 bytes of outputs.
    // So base[O] = (2^30 - 14,592) / 8 = 134,215,904 rows make 2^30 bytes exactly (seen in the memory made).
    const boot = taskBootstrap(Int32Array.of(0, 0, 1), 2, { draws: 2, seed: 4 });
    const x = Float64Array.of(1, 2, 4);
    const want = [[new Float64Array(2)]];
    expect(kernelGroupSums(groupInput(boot, [x], 5, want))).toBe(true);
    const pages: number[] = [];
    vi.spyOn(WebAssembly, 'Instance').mockImplementation(function (module: WebAssembly.Module, imports?: WebAssembly.Imports) {
      pages.push(((imports?.env as { memory: WebAssembly.Memory }).memory.buffer.byteLength));
      return new RealInstance(module, imports);
    });
    for (const [rows, runs] of [[134_215_904, true], [134_215_905, false]] as const) {
      const out = [[new Float64Array(2).fill(-1)]];
      const input = groupInput(boot, [x], 5, out);
      input.base = Int32Array.of(0, 3, rows);
      expect(kernelGroupSums(input)).toBe(runs);
      expect(out).toEqual(runs ? want : [[Float64Array.of(-1, -1)]]);
    }
    expect(pages).toEqual([2 ** 30]);
  });

  test('kernelSlotSums runs an occupation of 65,536 tasks (u16 positions) and refuses 65,537', () => {
    for (const [m, runs] of [[65536, true], [65537, false]] as const) {
      const boot = taskBootstrap(new Int32Array(m), 1, { draws: 2, seed: 7 });
      const x = Float64Array.from({ length: m }, (_, i) => i);
      const out = [[new Float64Array(2).fill(-1)]];
      expect(kernelSlotSums(boot, drawState(boot), [x], Float64Array.of(1), new Int32Array(1), out)).toBe(runs);
      if (!runs) { expect([...out[0][0]]).toEqual([-1, -1]); continue; }
      // oracle: the drawn task indices (the values are the indices) added up
      const state = drawState(boot), tasks = new Int32Array(m);
      for (let b = 0; b < 2; b++) {
        fillDraw(boot, state, tasks);
        let sum = 0;
        for (const i of tasks) sum += i;
        expect(out[0][0][b]).toBe(sum);
      }
    }
  });
});

describe('multisetKernel.ts blocks', () => {
  const sizes = [3, 1, 4];
  const occ = Int32Array.from(sizes.flatMap((n, o) => Array<number>(n).fill(o)));
  const columns = [Float64Array.from(occ, (_, i) => i + 1), Float64Array.from(occ, (_, i) => 1 / (i + 1))];
  const factor = Float64Array.of(1, 2, 3);

  function slotSums(boot: TaskBootstrap, limits?: { keepBytes: number; blockBytes: number }): Float64Array[][] {
    const out = columns.map(() => [new Float64Array(boot.draws)]);
    expect(kernelSlotSums(boot, drawState(boot), columns, factor, new Int32Array(3), out, limits)).toBe(true);
    return out;
  }

  test('groupSums sums at most 1,024 draws a call: 2,500 draws in 1,024 + 1,024 + 452', () => {
    const log = logKernelCalls();
    const boot = taskBootstrap(occ, 3, { draws: 2500, seed: 3 });
    const out = [[new Float64Array(2500)]];
    expect(kernelGroupSums(groupInput(boot, [columns[0]], 5, out))).toBe(true);
    expect(draws(log.calls, 'groupSums')).toEqual([1024, 1024, 452]);
    const small = taskBootstrap(occ, 3, { draws: 700, seed: 3 });
    log.calls.length = 0;
    expect(kernelGroupSums(groupInput(small, [columns[0]], 5, [[new Float64Array(700)]]))).toBe(true);
    expect(draws(log.calls, 'groupSums')).toEqual([700]);
  });

  test('groupSums keeps one scratch memory from call to call (zeroed: the same sums again), grows it for a larger call, and gives a call past SCRATCH_KEEP_BYTES a memory of its own', () => {
    const log = logKernelCalls(); // drops the kept scratch first
    const boot = taskBootstrap(occ, 3, { draws: 700, seed: 3 });
    const first = [[new Float64Array(700)]];
    expect(kernelGroupSums(groupInput(boot, [columns[0]], 5, first))).toBe(true);
    expect(log.instances()).toBe(1);
    const again = [[new Float64Array(700)]];
    expect(kernelGroupSums(groupInput(boot, [columns[0]], 5, again))).toBe(true);
    expect(again).toEqual(first);
    expect(log.instances()).toBe(1); // the same instance and memory
    const wide = taskBootstrap(occ, 3, { draws: 2500, seed: 3 });
    expect(kernelGroupSums(groupInput(wide, [columns[0], columns[0]], 5, [[new Float64Array(2500)], [new Float64Array(2500)]]))).toBe(true);
    expect(log.instances()).toBe(1); // grown, not replaced
    // a table of 5,000,000 rows (40 MB, past the 32 MiB kept): an instance of its own, dropped after it
    expect(SCRATCH_KEEP_BYTES).toBe(32 * 2 ** 20);
    const two = taskBootstrap(Int32Array.of(0, 0, 1), 2, { draws: 2, seed: 4 }); // as in the MAX_KERNEL_BYTES test below
    const big = groupInput(two, [Float64Array.of(1, 2, 4)], 5, [[new Float64Array(2)]]);
    big.base = Int32Array.of(0, 3, 5_000_000);
    expect(kernelGroupSums(big)).toBe(true);
    expect(log.instances()).toBe(2);
    const last = [[new Float64Array(700)]];
    expect(kernelGroupSums(groupInput(boot, [columns[0]], 5, last))).toBe(true);
    expect(last).toEqual(first);
    expect(log.instances()).toBe(2); // the kept scratch again
  });

  test('kept positions: drawn once in calls of 8 draws and replayed in blocks of 128, replayed by the next call without a new instance, drawn again after the seed changed', () => {
    const log = logKernelCalls();
    const boot = taskBootstrap(occ, 3, { draws: 1030, seed: 5 });
    const first = slotSums(boot);
    // 1,030 = 8 x 128 + 6: the block of 6 draws in one call of 6
    expect(draws(log.calls, 'slotDraw')).toEqual([...Array<number>(128).fill(8), 6]);
    expect(draws(log.calls, 'slotReplay')).toEqual(blocksOf(128, 8, 6));
    expect(log.instances()).toBe(1);
    log.calls.length = 0;
    expect(slotSums(boot)).toEqual(first);
    expect(draws(log.calls, 'slotDraw')).toEqual([]);
    expect(draws(log.calls, 'slotReplay')).toEqual(blocksOf(128, 8, 6));
    expect(log.instances()).toBe(1);
    // a wider call (three columns, two groups) grows the kept memory and still replays, with the
    // JavaScript slot loop's sums (groupMeanDraws' factor w_o / (n_o W_g) for weights 1, 1, 1)
    log.calls.length = 0;
    const three = [...columns, columns[0]], groupOf = Int32Array.of(0, 1, 1);
    const wide = three.map(() => [new Float64Array(1030), new Float64Array(1030)]);
    expect(kernelSlotSums(boot, drawState(boot), three, Float64Array.of(1 / 3, 1 / 2, 1 / 8), groupOf, wide)).toBe(true);
    expect(draws(log.calls, 'slotDraw')).toEqual([]);
    expect(log.instances()).toBe(1);
    expect(wide).toEqual(groupMeanDraws(boot, three, Float64Array.of(1, 1, 1), groupOf, 2, 'slots', 'js'));
    // a narrower call after the wider one: the kept memory is more than enough (nothing to grow), still replayed
    log.calls.length = 0;
    expect(slotSums(boot)).toEqual(first);
    expect(draws(log.calls, 'slotDraw')).toEqual([]);
    expect(log.instances()).toBe(1);
    boot.seed = 6; // changed in place: the kept positions are another seed's
    log.calls.length = 0;
    const other = slotSums(boot);
    expect(draws(log.calls, 'slotDraw')).toEqual(inCallsOf8(blocksOf(128, 8, 6)));
    expect(log.instances()).toBe(2);
    expect(other).toEqual(slotSums(taskBootstrap(occ, 3, { draws: 1030, seed: 6 })));
    expect(other).not.toEqual(first);
  });

  test('positions not kept: drawn afresh in every call, floor(blockBytes / 2n) draws a block (at least one, at most 1,024), each block in calls of 8 draws', () => {
    const log = logKernelCalls();
    const boot = taskBootstrap(occ, 3, { draws: 10, seed: 8 }); // n = 8 tasks: 16 bytes of positions a draw
    const kept = slotSums(taskBootstrap(occ, 3, { draws: 10, seed: 8 }));
    for (const [blockBytes, blocks] of [[48, [3, 3, 3, 1]], [63, [3, 3, 3, 1]], [64, [4, 4, 2]], [15, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]], [1e6, [10]]] as const) {
      for (let call = 0; call < 2; call++) {
        log.calls.length = 0;
        expect(slotSums(boot, { keepBytes: 159, blockBytes })).toEqual(kept); // 2 x 10 x 8 = 160 bytes: not kept
        expect(draws(log.calls, 'slotReplay')).toEqual(blocks);
        expect(draws(log.calls, 'slotDraw')).toEqual(inCallsOf8(blocks));
      }
    }
    const big = taskBootstrap(occ, 3, { draws: 2100, seed: 8 });
    log.calls.length = 0;
    slotSums(big, { keepBytes: 0, blockBytes: 1e9 });
    expect(draws(log.calls, 'slotReplay')).toEqual([1024, 1024, 52]);
    expect(draws(log.calls, 'slotDraw')).toEqual([...Array<number>(128 + 128 + 6).fill(8), 4]);
    // a bootstrap kept by one call and not by the next draws afresh there, then replays the kept positions;
    // not kept first, then kept: drawn in full (nothing recorded to replay); the same sums every time
    for (const [order, want] of [[[true, false, true], [[8, 2], [3, 3, 3, 1], []]], [[false, true, true], [[3, 3, 3, 1], [8, 2], []]]] as const) {
      const both = taskBootstrap(occ, 3, { draws: 10, seed: 8 });
      order.forEach((keep, i) => {
        log.calls.length = 0;
        expect(slotSums(both, keep ? undefined : { keepBytes: 0, blockBytes: 48 })).toEqual(kept);
        expect(draws(log.calls, 'slotDraw')).toEqual(want[i]);
      });
    }
    // exactly keepBytes of positions are kept: the second call replays
    const exact = taskBootstrap(occ, 3, { draws: 10, seed: 8 });
    slotSums(exact, { keepBytes: 160, blockBytes: 16 });
    log.calls.length = 0;
    slotSums(exact, { keepBytes: 160, blockBytes: 16 });
    expect(draws(log.calls, 'slotDraw')).toEqual([]);
  });

  test('kept positions whose memory cannot grow (the engine refuses): a new instance draws afresh, the same sums', () => {
    // first call: 2 columns, 1 group, 3,400 draws (one 64 KiB page holds its 54,400 bytes of positions
    // and 2 kB of outputs for a block of 128 draws: 56,832 bytes); then 6 columns in 2 groups: 12 kB of
    // outputs a block, 67,360 bytes, so the kept memory must grow
    const B = 3400;
    const boot = taskBootstrap(occ, 3, { draws: B, seed: 12 });
    const first = slotSums(boot);
    const six = [...columns, ...columns, ...columns], groupOf = Int32Array.of(0, 1, 1);
    const want = groupMeanDraws(taskBootstrap(occ, 3, { draws: B, seed: 12 }), six, Float64Array.of(1, 1, 1), groupOf, 2, 'slots', 'js');
    const log = logKernelCalls();
    const grow = vi.spyOn(WebAssembly.Memory.prototype, 'grow').mockImplementation(() => { throw new RangeError('WebAssembly.Memory.grow(): Maximum memory size exceeded'); });
    const wide = six.map(() => [new Float64Array(B), new Float64Array(B)]);
    expect(kernelSlotSums(boot, drawState(boot), six, Float64Array.of(1 / 3, 1 / 2, 1 / 8), groupOf, wide)).toBe(true);
    expect(grow).toHaveBeenCalledTimes(1);
    expect(log.instances()).toBe(1); // a new one, sized for the wider call
    expect(draws(log.calls, 'slotDraw')).toEqual(Array<number>(B / 8).fill(8));
    expect(wide).toEqual(want);
    grow.mockRestore();
    expect(slotSums(boot)).toEqual(first);
  });

  test('the default limits, by the doc comments\' numbers: 25,080 tasks keep 1,337 draws (2 bytes a slot, 64 MiB, replayed 128 at a time) and draw 1,338 afresh in blocks of 83 (4 MiB)', () => {
    // 2 x 1,337 x 25,080 = 67,063,920 <= 64 x 2^20 = 67,108,864 < 2 x 1,338 x 25,080 = 67,114,080;
    // floor(4 x 2^20 / (2 x 25,080)) = floor(4,194,304 / 50,160) = 83 (83 x 50,160 = 4,163,280): 1,338 = 16 x 83 + 10
    const n = 25_080, log = logKernelCalls();
    const x = Float64Array.from({ length: n }, (_, i) => i % 7);
    for (const [B, blocks] of [[1337, blocksOf(128, 10, 57)], [1338, blocksOf(83, 16, 10)]] as const) {
      const boot = taskBootstrap(new Int32Array(n), 1, { draws: B, seed: 9 });
      const out = [[new Float64Array(B)]];
      log.calls.length = 0;
      expect(kernelSlotSums(boot, drawState(boot), [x], Float64Array.of(1), new Int32Array(1), out)).toBe(true);
      expect(draws(log.calls, 'slotReplay')).toEqual(blocks);
      expect(draws(log.calls, 'slotDraw')).toEqual(inCallsOf8(blocks));
      // the first draw's sum, from the stream's drawn tasks (values are exact small integers)
      const tasks = new Int32Array(n);
      fillDraw(boot, drawState(boot), tasks);
      let sum = 0;
      for (const i of tasks) sum += x[i];
      expect(out[0][0][0]).toBe(sum);
    }
  });
});
