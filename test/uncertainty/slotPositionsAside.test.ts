/**
 * A bootstrap's slot positions drawn on another thread (issue 27: slotPositionsAside.ts, slotWorker.ts,
 * multisetKernel.ts slotPositionsShared). Oracles: fillDraw's 'positions' (the JavaScript stream of
 * taskBootstrap.ts) for the positions written; the JavaScript slot-by-slot loop (groupMeanDraws
 * 'slots', 'js') for the sums, bit for bit; for a stand-in worker whose positions are all 0, the sums
 * by hand (each draw takes each occupation's first task n_o times), which proves the kernel replays the
 * memory the worker wrote rather than drawing its own. The worker is slotWorker.ts compiled here by
 * esbuild (under vitest no compiled worker lies beside the sources, so by default nothing starts).
 *
 * Equivalent mutants (measured by the narrowed runs in docs/mutation.md; no output can tell them apart,
 * because the aside only moves work to another thread, and the kernel draws here whenever it is not
 * given the right positions):
 * - drawSlotPositionsAside: the default worker (`compiledWorkerBeside('slotWorker.js')` with another
 *   name, or never asked for): under vitest there is none either way; `if (!worker) return false` made
 *   false (the Worker constructor then throws, caught: false).
 * - slotPositionsShared (multisetKernel.ts): `d <= B` (a call of 0 draws); `if (!instance) return null` made false (kernelInstance fails only past MAX_KERNEL_BYTES,
 *   which kept positions never reach).
 * - the compiled-module cache's initial array (`[]`: the same modules, compiled at the first call).
 * - slotAsideMinPositions: `globalThis.process.env` without `?.` (Node has it).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { loadDataset, loadDatasetWithoutRecords } from '../../kernel-lib/data/load.ts';
import { writeGeneratedDataset } from '../../kernel-lib/data/generate.ts';
import { groupMeanDraws } from '../../kernel-lib/uncertainty/groupMeanDraws.ts';
import { kernelSlotSums, slotPositionsShared } from '../../kernel-lib/uncertainty/multisetKernel.ts';
import { cancelSlotPositionsAside, drawSlotPositionsAside, slotAsideSilenceMs, takeSlotPositions } from '../../kernel-lib/uncertainty/slotPositionsAside.ts';
import { SLOT_POSITIONS_BYTES } from '../../kernel-lib/uncertainty/multisetKernel.ts';
import { drawTableBootstrapAside, slotAsideApplies, slotAsideMinPositions, SLOT_ASIDE_MIN_POSITIONS } from '../../kernel-lib/uncertainty/tableBootstrap.ts';
import { drawState, fillDraw, taskBootstrap, type TaskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';
import { resolveContext } from '../../kernel-lib/tables/context.ts';
import { table17 } from '../../kernel-lib/tables/table17.ts';
import { shuffledOccupationIndex } from '../helpers/occupations.ts';

const dir = mkdtempSync(join(tmpdir(), 'j2g-slot-aside-'));
let worker: URL;
/** Stand-ins: positions all 0 in a shared memory (sized for the draw, or one page whatever the draw); an error posted; never an answer; a throw. */
let zeros: URL, onePage: URL, failing: URL, silent: URL, throwing: URL, ticking: URL;
const ticks = join(dir, 'ticks.txt');

const standIn = (name: string, body: string): URL => {
  const path = join(dir, `${name}.mjs`);
  writeFileSync(path, `import { workerData } from 'node:worker_threads';\nconst { counts, draws, port, flag } = workerData;\n${body}\n`);
  return pathToFileURL(path);
};
const RAISE = 'Atomics.store(flag, 0, 1); Atomics.notify(flag, 0); port.close();';

beforeAll(async () => {
  const esbuild = await import('esbuild');
  const out = join(dir, 'slotWorker.js');
  await esbuild.build({ entryPoints: [join(import.meta.dirname, '../../kernel-lib/uncertainty/slotWorker.ts')], outfile: out, bundle: true, format: 'esm', platform: 'node', logLevel: 'error' });
  worker = pathToFileURL(out);
  zeros = standIn('zeros', `let n = 0; for (const c of counts) n += c;
const memory = new WebAssembly.Memory({ initial: Math.ceil((2 * draws * n + 64 * counts.length + 64) / 65536), maximum: 16384, shared: true });
port.postMessage({ memory }); ${RAISE}`);
  onePage = standIn('onePage', `port.postMessage({ memory: new WebAssembly.Memory({ initial: 1, maximum: 16384, shared: true }) }); ${RAISE}`);
  failing = standIn('failing', `port.postMessage({ error: 'a stand-in failure' }); ${RAISE}`);
  silent = standIn('silent', 'setTimeout(() => {}, 60_000);');
  throwing = standIn('throwing', "throw new Error('a stand-in thrown at its start');");
  // silent, but counting in a file every 5 ms while it lives
  ticking = standIn('ticking', `import { writeFileSync } from 'node:fs';\nlet n = 0;\nsetInterval(() => writeFileSync(${JSON.stringify(ticks)}, String(++n)), 5);`);
}, 60_000);

afterEach(() => cancelSlotPositionsAside());


/** K columns of n tasks from a seed, magnitudes that show rounding in the last bits. */
function columnsOf(n: number, K: number, seed: number): Float64Array[] {
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
  return Array.from({ length: K }, () => Float64Array.from({ length: n }, () => (next() - 0.3) * 10 ** (5 * next() - 2)));
}

const SHAPES: { sizes: number[]; draws: number; seed: number }[] = [
  { sizes: [570, 570, 570], draws: 300, seed: 1 },
  { sizes: [40, 7, 1, 600, 6], draws: 257, seed: 20260726 },
  { sizes: [1, 5, 40, 570], draws: 1000, seed: 9 },
  { sizes: [1448, 1449, 181, 182], draws: 40, seed: 3 }, // around the chunk sizes' edges (two slots a chunk from 182 to 1,448 tasks)
];

function bootOf({ sizes, draws, seed }: { sizes: number[]; draws: number; seed: number }, shuffle = 5): TaskBootstrap {
  return taskBootstrap(shuffledOccupationIndex(sizes, shuffle), sizes.length, { draws, seed });
}

/** Sums of 3 columns in 2 groups on the slot path: wasm (with whatever positions the kernel is given) or the JavaScript loop. */
function sums(boot: TaskBootstrap, kernel: 'wasm' | 'js'): Float64Array[][] {
  const columns = columnsOf(boot.tasks, 3, 11);
  const weights = Float64Array.from({ length: boot.occupations }, (_, o) => 1 + o);
  const groupOf = Int32Array.from({ length: boot.occupations }, (_, o) => o % 2);
  return groupMeanDraws(boot, columns, weights, groupOf, Math.min(2, boot.occupations), 'slots', kernel);
}

/** sums()' values when every drawn position is 0: each draw takes each occupation's first task n_o times (by hand). */
function zeroPositionSums(boot: TaskBootstrap): number[][] {
  const columns = columnsOf(boot.tasks, 3, 11), O = boot.occupations, groups = Math.min(2, O);
  const groupWeight = [0, 0];
  for (let o = 0; o < O; o++) groupWeight[o % 2] += 1 + o;
  return columns.map((x) => Array.from({ length: groups }, (_, g) => {
    let sum = 0;
    for (let o = g; o < O; o += 2) sum += ((1 + o) / (boot.counts[o] * groupWeight[g])) * boot.counts[o] * x[boot.order[boot.offsets[o]]];
    return sum;
  }));
}

function expectSameBits(a: Float64Array[][], b: Float64Array[][]): void {
  expect(a.length).toBe(b.length);
  a.forEach((byGroup, c) => byGroup.forEach((draws, g) => draws.forEach((v, i) => {
    if (!Object.is(v, b[c][g][i])) expect.fail(`column ${c} group ${g} draw ${i}: ${v} !== ${b[c][g][i]}`);
  })));
}

describe('slotPositionsShared: the positions a worker writes', () => {
  test('are fillDraw\'s positions (the JavaScript stream), draw by draw, occupation by occupation', () => {
    // and at the edges: positions ending on a page boundary (2 x 16 x 2,048 bytes: the records start a
    // new page), an occupation of exactly 65,536 tasks (the largest a u16 holds)
    for (const shape of [...SHAPES, { sizes: [8, 8], draws: 2048, seed: 6 }, { sizes: [65_536], draws: 2, seed: 8 }]) {
      const boot = bootOf(shape);
      const memory = slotPositionsShared(boot)!;
      expect(memory.buffer).toBeInstanceOf(SharedArrayBuffer);
      const written = new Uint16Array(memory.buffer, 0, boot.draws * boot.tasks);
      const state = drawState(boot), out = new Int32Array(boot.tasks);
      for (let b = 0; b < boot.draws; b++) {
        fillDraw(boot, state, out, 'positions');
        for (let i = 0; i < boot.tasks; i++) if (written[b * boot.tasks + i] !== out[i]) expect.fail(`${shape.sizes}: draw ${b} slot ${i}: ${written[b * boot.tasks + i]} !== ${out[i]}`);
      }
    }
  });
  test('positions of exactly SLOT_POSITIONS_BYTES are drawn (the largest the kernel keeps), the last draw the stream\'s', () => {
    const boot = bootOf({ sizes: [8], draws: SLOT_POSITIONS_BYTES / 16, seed: 5 }); // 2 bytes x 8 tasks a draw
    const memory = slotPositionsShared(boot)!;
    expect(memory).not.toBeNull();
    const state = drawState(boot), out = new Int32Array(8);
    for (let b = 0; b < boot.draws; b++) fillDraw(boot, state, out, 'positions');
    expect(Array.from(new Uint16Array(memory.buffer, 2 * 8 * (boot.draws - 1), 8))).toEqual(Array.from(out));
  });
  test('null where the positions would not be kept (past SLOT_POSITIONS_BYTES) or an occupation passes 65,536 tasks', () => {
    expect(slotPositionsShared(bootOf({ sizes: [600, 600], draws: 30_000, seed: 1 }))).toBeNull(); // 72 MB of positions
    expect(slotPositionsShared(bootOf({ sizes: [65_537], draws: 1, seed: 1 }))).toBeNull();
  });
});

describe('drawSlotPositionsAside: the kernel replays what the worker drew', () => {
  test('the sums equal the JavaScript loop\'s bit for bit, in the first call (positions from the worker) and the next (replayed); the draw is taken', () => {
    for (const shape of SHAPES) {
      const boot = bootOf(shape);
      expect(drawSlotPositionsAside(boot.counts, boot, { worker })).toBe(true);
      const expected = sums(boot, 'js');
      expectSameBits(sums(boot, 'wasm'), expected);
      expect(takeSlotPositions(boot)).toBeNull(); // taken by the first call
      expectSameBits(sums(boot, 'wasm'), expected);
    }
  });
  test('a stand-in worker whose positions are all 0: each draw sums each occupation\'s first task n_o times (by hand)', () => {
    const boot = bootOf({ sizes: [6, 9, 7], draws: 5, seed: 2 });
    expect(drawSlotPositionsAside(boot.counts, boot, { worker: zeros })).toBe(true);
    const got = sums(boot, 'wasm'), byHand = zeroPositionSums(boot);
    got.forEach((byGroup, c) => byGroup.forEach((draws, g) => draws.forEach((v) => expect(v).toBeCloseTo(byHand[c][g], 9))));
    expect(got[0][0][0]).not.toBeCloseTo(sums(bootOf({ sizes: [6, 9, 7], draws: 5, seed: 2 }), 'js')[0][0][0], 9);
  });
  test('a memory of exactly 2 bytes a slot is taken; one byte less than every draw\'s positions is refused (the kernel draws here)', () => {
    // 16 tasks x 2,048 draws x 2 bytes = 65,536 bytes: the one page the stand-in gives
    const fits = bootOf({ sizes: [8, 8], draws: 2048, seed: 4 });
    expect(drawSlotPositionsAside(fits.counts, fits, { worker: onePage })).toBe(true);
    const byHand = zeroPositionSums(fits);
    sums(fits, 'wasm').forEach((byGroup, c) => byGroup.forEach((draws, g) => expect(draws[2047]).toBeCloseTo(byHand[c][g], 9)));
    const over = bootOf({ sizes: [8, 8], draws: 2049, seed: 4 });
    expect(drawSlotPositionsAside(over.counts, over, { worker: onePage })).toBe(true);
    expectSameBits(sums(over, 'wasm'), sums(over, 'js'));
  });
  test('positions not kept (keepBytes 0: drawn afresh block by block) leave a pending draw untaken, and the sums are the loop\'s', () => {
    const boot = bootOf(SHAPES[1]);
    expect(drawSlotPositionsAside(boot.counts, boot, { worker })).toBe(true);
    const columns = columnsOf(boot.tasks, 3, 11), O = boot.occupations;
    const groupOf = Int32Array.from({ length: O }, (_, o) => o % 2), groupWeight = [0, 0];
    for (let o = 0; o < O; o++) groupWeight[o % 2] += 1 + o;
    const factor = Float64Array.from({ length: O }, (_, o) => (1 + o) / (boot.counts[o] * groupWeight[o % 2]));
    const out = columns.map(() => [new Float64Array(boot.draws), new Float64Array(boot.draws)]);
    expect(kernelSlotSums(boot, drawState(boot), columns, factor, groupOf, out, { keepBytes: 0, blockBytes: 4096 })).toBe(true);
    expectSameBits(out, sums(boot, 'js'));
    expect(takeSlotPositions(boot)).toBeInstanceOf(WebAssembly.Memory);
  });
  test('a worker that fails, stays silent or throws: the kernel draws here, the same sums', async () => {
    for (const [standIn, silenceMs] of [[failing, undefined], [silent, 300], [throwing, 300]] as const) {
      const boot = bootOf(SHAPES[1]);
      const started = Date.now();
      expect(drawSlotPositionsAside(boot.counts, boot, { worker: standIn, silenceMs })).toBe(true);
      expectSameBits(sums(boot, 'wasm'), sums(boot, 'js'));
      // the silence allowed is the one given (300 ms), not the default (10 s and more): a functional bound, with room
      expect(Date.now() - started).toBeLessThan(5_000);
    }
    // a worker that cannot even be constructed (a URL scheme Node refuses): nothing pending, the kernel draws here
    const boot = bootOf(SHAPES[1]);
    expect(drawSlotPositionsAside(boot.counts, boot, { worker: new URL('https://example.org/slotWorker.js') })).toBe(false);
    expect(takeSlotPositions(boot)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 100)); // the thrown worker's error event arrives: handled, not an uncaught error
  });
  test('a silent worker is stopped once the kernel stops waiting for it (its ticks stop)', async () => {
    const boot = bootOf(SHAPES[1]);
    expect(drawSlotPositionsAside(boot.counts, boot, { worker: ticking, silenceMs: 400 })).toBe(true);
    expectSameBits(sums(boot, 'wasm'), sums(boot, 'js'));
    const pause = () => new Promise((resolve) => setTimeout(resolve, 250));
    await pause(); // a tick under way when it was stopped lands
    expect(existsSync(ticks)).toBe(true); // it did run
    const stopped = readFileSync(ticks, 'utf8');
    await pause();
    expect(readFileSync(ticks, 'utf8')).toBe(stopped);
  });
  test('a pending draw of another bootstrap (other seed, draws or counts) is not used and stays pending; cancel ends it', () => {
    for (const other of [{ ...SHAPES[0], seed: 2 }, { ...SHAPES[0], draws: 301 }, { ...SHAPES[0], sizes: [570, 570, 571] }]) {
      const boot = bootOf(SHAPES[0]); // a new bootstrap each time: a kept one replays its own positions and asks for none
      const otherBoot = bootOf(other);
      expect(drawSlotPositionsAside(otherBoot.counts, otherBoot, { worker: zeros })).toBe(true);
      expectSameBits(sums(boot, 'wasm'), sums(boot, 'js'));
      expect(takeSlotPositions(otherBoot)).toBeInstanceOf(WebAssembly.Memory); // still pending: its own bootstrap takes it
    }
    // counts whose digits run together the same way ([1, 11] and [11, 1]) are other counts
    const ones = bootOf({ sizes: [1, 11], draws: 50, seed: 3 }), elevens = bootOf({ sizes: [11, 1], draws: 50, seed: 3 });
    expect(drawSlotPositionsAside(elevens.counts, elevens, { worker: zeros })).toBe(true);
    expectSameBits(sums(ones, 'wasm'), sums(ones, 'js'));
    const otherBoot = bootOf({ ...SHAPES[0], seed: 2 });
    drawSlotPositionsAside(otherBoot.counts, otherBoot, { worker: zeros });
    cancelSlotPositionsAside();
    expect(takeSlotPositions(otherBoot)).toBeNull();
  });
  test('nothing starts without a compiled worker (the default under vitest), and the silence allowed grows with the positions', () => {
    const boot = bootOf(SHAPES[0]);
    expect(drawSlotPositionsAside(boot.counts, boot)).toBe(false);
    expect(drawSlotPositionsAside(boot.counts, boot, { worker: null })).toBe(false);
    expect(takeSlotPositions(boot)).toBeNull();
    expect(slotAsideSilenceMs(0)).toBe(10_000);
    expect(slotAsideSilenceMs(25_080_000)).toBe(12_508);
  });
});

describe('slotAsideApplies and slotAsideMinPositions: when a draw is worth a thread', () => {
  test('an occupation of more than 5 tasks and at most 65,536; positions kept (2 bytes each, SLOT_POSITIONS_BYTES) and at least the minimum', () => {
    expect(slotAsideApplies([5, 5], 1000, 0)).toBe(false); // the multiset path draws no positions
    expect(slotAsideApplies([5, 6], 1000, 0)).toBe(true);
    expect(slotAsideApplies([65_536], 1, 0)).toBe(true);
    expect(slotAsideApplies([65_537], 1, 0)).toBe(false); // positions are u16
    const most = SLOT_POSITIONS_BYTES / 16; // 8 tasks: 2 x 8 x draws bytes
    expect(slotAsideApplies([8], most, 0)).toBe(true);
    expect(slotAsideApplies([8], most + 1, 0)).toBe(false);
    expect(slotAsideApplies([6, 4], 10, 100)).toBe(true);
    expect(slotAsideApplies([6, 4], 10, 101)).toBe(false);
    expect(slotAsideApplies([570, 570], 3508)).toBe(false); // 3,999,120 positions, under the default minimum
    expect(slotAsideApplies([570, 570], 3509)).toBe(true);
  });
  test('J2G_SLOT_ASIDE_MIN_POSITIONS: unset or empty the default, a whole number as given, anything else refused by name', () => {
    expect(slotAsideMinPositions({})).toBe(SLOT_ASIDE_MIN_POSITIONS);
    expect(slotAsideMinPositions({ J2G_SLOT_ASIDE_MIN_POSITIONS: '' })).toBe(SLOT_ASIDE_MIN_POSITIONS);
    expect(slotAsideMinPositions({ J2G_SLOT_ASIDE_MIN_POSITIONS: '0' })).toBe(0);
    expect(slotAsideMinPositions({ J2G_SLOT_ASIDE_MIN_POSITIONS: '12' })).toBe(12);
    for (const bad of ['x', '1.5', '-1', ' 1', '1 ']) {
      expect(() => slotAsideMinPositions({ J2G_SLOT_ASIDE_MIN_POSITIONS: bad })).toThrow(`J2G_SLOT_ASIDE_MIN_POSITIONS is "${bad}", expected a whole number of positions`);
    }
    process.env.J2G_SLOT_ASIDE_MIN_POSITIONS = '7';
    try {
      expect(slotAsideMinPositions()).toBe(7); // the process's environment by default
      expect(slotAsideApplies([6], 1)).toBe(false);
      expect(slotAsideApplies([6], 2)).toBe(true);
    } finally {
      delete process.env.J2G_SLOT_ASIDE_MIN_POSITIONS;
    }
  });
});

describe('drawTableBootstrapAside: where a table build starts one', () => {
  const wide = join(dir, 'wide');
  beforeAll(() => {
    // 8 occupations of 600 tasks, 1 system, 1 attempt: 4,800 tasks x 1,000 draws = 4.8 million positions
    writeGeneratedDataset(wide, { seed: 3, occupations: 8, tasksPerOccupation: 600, systems: 1, attempts: 1 });
  }, 60_000);
  test('started for occupations past 5 tasks and enough positions; Table 17 is the same with and without it', () => {
    const dataset = loadDataset(wide);
    const ctx = resolveContext({ dataset, bootstrap: { draws: 1000, seed: 7 } });
    expect(1000 * 4800).toBeGreaterThanOrEqual(SLOT_ASIDE_MIN_POSITIONS);
    expect(drawTableBootstrapAside(ctx, { worker })).toBe(true);
    const withAside = table17(ctx).objects() as Record<string, unknown>[];
    const without = table17(resolveContext({ dataset: loadDataset(wide), bootstrap: { draws: 1000, seed: 7 } })).objects();
    expect(withAside).toEqual(without);
    expect(withAside.some((r) => r.nvj_lo !== null && r.nvj_lo !== r.nvj_hi)).toBe(true); // intervals were drawn
  });
  test('the draw started is the one the tables take: a stand-in\'s positions (all 0) change Table 17\'s intervals, not its estimates', () => {
    const dataset = loadDataset(wide);
    const ctx = resolveContext({ dataset, bootstrap: { draws: 1000, seed: 7 } });
    expect(drawTableBootstrapAside(ctx, { worker: zeros })).toBe(true);
    const zeroed = table17(ctx).objects() as Record<string, unknown>[];
    const drawn = table17(resolveContext({ dataset: loadDataset(wide), bootstrap: { draws: 1000, seed: 7 } })).objects() as Record<string, unknown>[];
    expect(zeroed.map((r) => r.nvj)).toEqual(drawn.map((r) => r.nvj));
    expect(zeroed.map((r) => r.nvj_lo)).not.toEqual(drawn.map((r) => r.nvj_lo));
  });
  test('not started: bootstrap off, too few positions, occupations of at most 5 tasks (the multiset path), no worker, or no records', () => {
    const dataset = loadDataset(wide);
    expect(drawTableBootstrapAside(resolveContext({ dataset, bootstrap: false }), { worker })).toBe(false);
    expect(drawTableBootstrapAside(resolveContext({ dataset, bootstrap: { draws: 800, seed: 7 } }), { worker })).toBe(false); // 3.84 million
    expect(drawTableBootstrapAside(resolveContext({ dataset, bootstrap: { draws: 1000, seed: 7 } }), { worker: null })).toBe(false);
    // a dataset without records (the DuckDB engine's: reading its runs throws): nothing asked of them
    const bare = loadDatasetWithoutRecords(wide);
    expect(drawTableBootstrapAside({ dataset: bare, system: bare.rows.systems[0].system, bootstrap: { draws: 1000, seed: 7 } }, { worker })).toBe(false);
    const small = loadDataset('data/recorded/synthetic-small');
    expect(drawTableBootstrapAside(resolveContext({ dataset: small, bootstrap: { draws: 100_000, seed: 7 } }), { worker })).toBe(false);
  });
});
