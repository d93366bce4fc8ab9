/**
 * A bootstrap's slot positions drawn on another thread (issue 27: slotPositionsAside.ts, slotWorker.ts,
 * multisetKernel.ts slotPositionsShared). Oracles: fillDraw's 'positions' (the JavaScript stream of
 * taskBootstrap.ts) for the positions written; the JavaScript slot-by-slot loop (groupMeanDraws
 * 'slots', 'js') for the sums, bit for bit; for a stand-in worker whose positions are all 0, the sums
 * by hand (each draw takes each occupation's first task n_o times), which proves the kernel replays the
 * memory the worker wrote rather than drawing its own. The worker is slotWorker.ts compiled here by
 * esbuild (under vitest no compiled worker lies beside the sources, so by default nothing starts).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { writeGeneratedDataset } from '../../kernel-lib/data/generate.ts';
import { groupMeanDraws } from '../../kernel-lib/uncertainty/groupMeanDraws.ts';
import { slotPositionsShared } from '../../kernel-lib/uncertainty/multisetKernel.ts';
import { cancelSlotPositionsAside, drawSlotPositionsAside, slotAsideSilenceMs, takeSlotPositions } from '../../kernel-lib/uncertainty/slotPositionsAside.ts';
import { drawTableBootstrapAside, SLOT_ASIDE_MIN_POSITIONS } from '../../kernel-lib/uncertainty/tableBootstrap.ts';
import { drawState, fillDraw, taskBootstrap, type TaskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';
import { resolveContext } from '../../kernel-lib/tables/context.ts';
import { table17 } from '../../kernel-lib/tables/table17.ts';

const dir = mkdtempSync(join(tmpdir(), 'j2g-slot-aside-'));
let worker: URL;
/** Stand-ins: positions all 0 in a shared memory; an error posted; never an answer. */
let zeros: URL, failing: URL, silent: URL;

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
  failing = standIn('failing', `port.postMessage({ error: 'a stand-in failure' }); ${RAISE}`);
  silent = standIn('silent', 'setTimeout(() => {}, 60_000);');
}, 60_000);

afterEach(() => cancelSlotPositionsAside());

/** Task i's occupation for occupations of `sizes` tasks, spread by a seeded shuffle (boot.order is not the identity). */
function occupationIndex(sizes: number[], shuffle: number): Int32Array {
  const occ = sizes.flatMap((n, o) => Array<number>(n).fill(o));
  let s = shuffle >>> 0;
  for (let i = occ.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const j = s % (i + 1);
    [occ[i], occ[j]] = [occ[j], occ[i]];
  }
  return Int32Array.from(occ);
}

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
  return taskBootstrap(occupationIndex(sizes, shuffle), sizes.length, { draws, seed });
}

/** Sums of 3 columns in 2 groups on the slot path: wasm (with whatever positions the kernel is given) or the JavaScript loop. */
function sums(boot: TaskBootstrap, kernel: 'wasm' | 'js'): Float64Array[][] {
  const columns = columnsOf(boot.tasks, 3, 11);
  const weights = Float64Array.from({ length: boot.occupations }, (_, o) => 1 + o);
  const groupOf = Int32Array.from({ length: boot.occupations }, (_, o) => o % 2);
  return groupMeanDraws(boot, columns, weights, groupOf, Math.min(2, boot.occupations), 'slots', kernel);
}

function expectSameBits(a: Float64Array[][], b: Float64Array[][]): void {
  expect(a.length).toBe(b.length);
  a.forEach((byGroup, c) => byGroup.forEach((draws, g) => draws.forEach((v, i) => {
    if (!Object.is(v, b[c][g][i])) expect.fail(`column ${c} group ${g} draw ${i}: ${v} !== ${b[c][g][i]}`);
  })));
}

describe('slotPositionsShared: the positions a worker writes', () => {
  test('are fillDraw\'s positions (the JavaScript stream), draw by draw, occupation by occupation', () => {
    for (const shape of SHAPES) {
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
    const got = sums(boot, 'wasm');
    const columns = columnsOf(boot.tasks, 3, 11);
    // groups: occupations 0 and 2 in group 0 (weights 1 and 3), occupation 1 in group 1 (weight 2)
    const factor = (o: number, groupWeight: number) => (1 + o) / (boot.counts[o] * groupWeight);
    const first = (o: number) => boot.order[boot.offsets[o]];
    for (let c = 0; c < 3; c++) {
      const g0 = factor(0, 4) * (boot.counts[0] * columns[c][first(0)]) + factor(2, 4) * (boot.counts[2] * columns[c][first(2)]);
      const g1 = factor(1, 2) * (boot.counts[1] * columns[c][first(1)]);
      for (let b = 0; b < 5; b++) {
        expect(got[c][0][b]).toBeCloseTo(g0, 9);
        expect(got[c][1][b]).toBeCloseTo(g1, 9);
      }
    }
    expect(got[0][0][0]).not.toBeCloseTo(sums(bootOf({ sizes: [6, 9, 7], draws: 5, seed: 2 }), 'js')[0][0][0], 9);
  });
  test('a worker that fails or stays silent: the kernel draws here, the same sums', () => {
    for (const [standIn, silenceMs] of [[failing, undefined], [silent, 300]] as const) {
      const boot = bootOf(SHAPES[1]);
      expect(drawSlotPositionsAside(boot.counts, boot, { worker: standIn, silenceMs })).toBe(true);
      expectSameBits(sums(boot, 'wasm'), sums(boot, 'js'));
    }
  });
  test('a pending draw of another bootstrap (other seed, draws or counts) is not used and stays pending; cancel ends it', () => {
    for (const other of [{ ...SHAPES[0], seed: 2 }, { ...SHAPES[0], draws: 301 }, { ...SHAPES[0], sizes: [570, 570, 571] }]) {
      const boot = bootOf(SHAPES[0]); // a new bootstrap each time: a kept one replays its own positions and asks for none
      const otherBoot = bootOf(other);
      expect(drawSlotPositionsAside(otherBoot.counts, otherBoot, { worker: zeros })).toBe(true);
      expectSameBits(sums(boot, 'wasm'), sums(boot, 'js'));
      expect(takeSlotPositions(otherBoot)).toBeInstanceOf(WebAssembly.Memory); // still pending: its own bootstrap takes it
    }
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
  test('not started: bootstrap off, too few positions, occupations of at most 5 tasks (the multiset path), or no worker', () => {
    const dataset = loadDataset(wide);
    expect(drawTableBootstrapAside(resolveContext({ dataset, bootstrap: false }), { worker })).toBe(false);
    expect(drawTableBootstrapAside(resolveContext({ dataset, bootstrap: { draws: 800, seed: 7 } }), { worker })).toBe(false); // 3.84 million
    expect(drawTableBootstrapAside(resolveContext({ dataset, bootstrap: { draws: 1000, seed: 7 } }), { worker: null })).toBe(false);
    const small = loadDataset('data/recorded/synthetic-small');
    expect(drawTableBootstrapAside(resolveContext({ dataset: small, bootstrap: { draws: 100_000, seed: 7 } }), { worker })).toBe(false);
  });
});
