/**
 * The multiset lookup path's draws (multisetSums.ts) run in WebAssembly (multisetKernel.wat, 1 kB):
 * the same stream, the same table and the same order of additions as the JavaScript kernels, so the
 * sums are identical bit for bit (test/uncertainty/multisetKernel.test.ts compares them with
 * Object.is), at about a third of the time (no bounds checks, 64-bit Lemire products, accumulators in
 * registers). The sums table is built there too (`fillRows`). A call's linear memory holds the sums
 * table (rows x K f64), BLOCK_DRAWS draws of outputs (K x groups x BLOCK_DRAWS f64) and a few small
 * arrays; the outputs are copied block by block into the caller's arrays. One such memory, up to
 * SCRATCH_KEEP_BYTES, is kept from call to call and zeroed at each (a fresh memory's pages cost more to
 * touch than to clear: docs/scale.md, 3 December); a larger call gets its own, dropped with it.
 *
 * `kernelGroupSums` returns false, and the caller takes the JavaScript kernels, where WebAssembly is
 * missing or refused (a page whose content security policy forbids it) or the memory would pass
 * MAX_KERNEL_BYTES.
 */
import { drawState, type TaskBootstrap } from './taskBootstrap.ts';
import { takeSlotPositions } from './slotPositionsAside.ts';
import { MULTISET_KERNEL_SHARED_WASM_BASE64, MULTISET_KERNEL_WASM_BASE64 } from './multisetKernelWasm.ts';

/** Draws per kernel call: the block of outputs in the kernel's memory. */
const BLOCK_DRAWS = 1024;
/** Largest linear memory a call asks for (bytes); past it, the JavaScript kernels (no second copy of a huge table). */
export const MAX_KERNEL_BYTES = 1 << 30;
const PAGE = 65536;
const TWO_32 = 4294967296;

type GroupSums = (state: number, range: number, threshold: number, O: number, draws: number, rowAt: number, tableAt: number,
  slot: number, rows: number, from: number, groups: number, K: number, out: number) => void;
type FillRows = (flat: number, n: number, M: number, values: number, K: number, factor: number, out: number) => void;

/** The compiled kernels: [0] importing a plain memory, [1] a shared one (undefined: not compiled yet; null: refused). */
const compiled: (WebAssembly.Module | null | undefined)[] = [undefined, undefined];

/**
 * The compiled kernel, or null where WebAssembly is unavailable (compiled once: a constant). `shared`:
 * the variant importing a shared memory (a worker and this thread on one memory, slotPositionsAside.ts),
 * null too where shared memory is refused (a page not cross-origin isolated).
 */
function kernelModule(shared = false): WebAssembly.Module | null {
  const k = shared ? 1 : 0;
  if (compiled[k] === undefined) {
    try {
      const text = atob(shared ? MULTISET_KERNEL_SHARED_WASM_BASE64 : MULTISET_KERNEL_WASM_BASE64);
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      compiled[k] = new WebAssembly.Module(bytes);
    } catch {
      compiled[k] = null;
    }
  }
  return compiled[k] ?? null;
}

/**
 * A kernel instance with a linear memory of at least `bytes`, or null when that is more than
 * MAX_KERNEL_BYTES or the engine refuses it (the caller then takes the JavaScript kernels). `memory`:
 * a shared memory to instantiate the shared module on (grown to `bytes` if need be), else a new one.
 */
function kernelInstance(module: WebAssembly.Module, bytes: number, memory?: WebAssembly.Memory): { memory: WebAssembly.Memory; exports: WebAssembly.Exports } | null {
  if (bytes > MAX_KERNEL_BYTES) return null;
  try {
    if (memory) {
      if (!grown(memory, bytes)) return null;
    } else memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(bytes / PAGE)) });
    return { memory, exports: new WebAssembly.Instance(module, { env: { memory } }).exports };
  } catch {
    return null;
  }
}

/**
 * Largest memory kernelGroupSums keeps from one call to the next (its scratch, zeroed at each call as
 * a fresh memory is: the kernel adds into some of its regions). On this project's VM a page written
 * for the first time costs about 11 microseconds (docs/scale.md, 3 December), and a fresh memory per
 * call made Table 17 of the reconstructed dataset fault in its 0.3 MB at every call.
 */
export const SCRATCH_KEEP_BYTES = 32 * 2 ** 20;
let scratch: { memory: WebAssembly.Memory; exports: WebAssembly.Exports } | null = null;

/** kernelGroupSums' instance: the kept scratch (grown if need be) up to SCRATCH_KEEP_BYTES, else a fresh one dropped after the call. */
function scratchInstance(module: WebAssembly.Module, bytes: number): { memory: WebAssembly.Memory; exports: WebAssembly.Exports } | null {
  if (bytes > SCRATCH_KEEP_BYTES) return kernelInstance(module, bytes);
  if (!scratch || !grown(scratch.memory, bytes)) scratch = kernelInstance(module, bytes);
  else new Uint8Array(scratch.memory.buffer, 0, bytes).fill(0); // as a fresh memory is: the kernel adds into some regions
  return scratch;
}

/** Drop kernelGroupSums' kept scratch memory (its next call makes a new one): memory given back, or a fresh instance for tests that watch them. */
export function dropKernelScratch(): void {
  scratch = null;
}

/** Whether the WebAssembly kernel can run here. */
export function multisetKernelAvailable(): boolean {
  return kernelModule() !== null;
}

/** What multisetGroupSums hands the kernel: the table layout, the draws' row order, and the outputs. */
export interface KernelInput {
  boot: TaskBootstrap;
  /** base[o]: occupation o's first row in the sums table (length O + 1; base[O] rows in all) */
  base: Int32Array;
  /** the K columns summed (one value per task) */
  columns: Float64Array[];
  /** factor_o, each occupation's multiplier of its sums */
  factor: Float64Array;
  /** flat[n]: the counts of every multiset of n tasks (sequenceTable(n).flat), n = 1..5 */
  flat: Uint8Array[];
  /** denseAt[n]: where the sequence -> multiset table of n tasks starts in `dense` */
  denseAt: Int32Array;
  /** the multiset index d of each sequence integer u, for n = 1..5 one after the other */
  dense: Int32Array;
  /** slot[o]: o's place among a draw's rows, in group order (from[groups], read by no group, for an occupation outside every group) */
  slot: Int32Array;
  /** group g's rows are from[g] .. from[g + 1] - 1 */
  from: Int32Array;
  /** the initial generator state (four words) */
  state: Int32Array;
  /** out[c][g]: B entries, overwritten with the sums */
  out: Float64Array[][];
}

/** Run the draws in WebAssembly; false (nothing written) when the kernel cannot run here. */
export function kernelGroupSums(input: KernelInput): boolean {
  const { boot, base, columns, factor, flat, denseAt, dense, slot, from, state, out } = input;
  const { draws: B, occupations: O } = boot;
  const K = columns.length;
  const groups = from.length - 1;
  const module = kernelModule();
  if (!module) return false;
  for (let o = 0; o < O; o++) if (boot.counts[o] > flat.length) return false; // no multiset table that large
  const block = Math.min(B, BLOCK_DRAWS);
  // Word arrays first, then the f64 table and outputs (8-byte aligned).
  let words = 0;
  const take = (n: number) => { const at = words; words += n; return at; };
  const stateAt = take(4), rangeAt = take(O), thresholdAt = take(O), rowAtAt = take(O), tableAtAt = take(O);
  const slotAt = take(O), rowsAt = take(O + 1), fromAt = take(groups + 1), denseStart = take(dense.length);
  // The multisets' counts (bytes), then the f64 regions (8-byte aligned): one occupation's values, the table, the outputs.
  const flatAt: number[] = [];
  let bytesAt = 4 * words;
  for (const f of flat) { flatAt.push(bytesAt); bytesAt += f.length; }
  const valuesStart = Math.ceil(bytesAt / 8) * 8;
  // one occupation's values: at most flat.length (5) tasks of K f64
  const tableStart = valuesStart + 8 * K * flat.length;
  const outStart = tableStart + 8 * base[O] * K;
  const bytes = outStart + 8 * K * groups * block;
  const instance = scratchInstance(module, bytes);
  if (!instance) return false;
  const { memory, exports } = instance;
  const groupSums = exports.groupSums as GroupSums, fillRows = exports.fillRows as FillRows;
  const I = new Int32Array(memory.buffer), F = new Float64Array(memory.buffer), U8 = new Uint8Array(memory.buffer);
  I.set(state, stateAt);
  I.set(boot.chunkRange, rangeAt);
  I.set(boot.chunkThreshold, thresholdAt);
  for (let o = 0; o < O; o++) {
    I[rowAtAt + o] = tableStart + 8 * K * base[o];
    I[tableAtAt + o] = 4 * (denseStart + denseAt[boot.counts[o]]);
    I[slotAt + o] = 4 * slot[o];
  }
  I.set(from, fromAt);
  // The u -> row table in bytes from the occupation's first row: multiset d is row d, K f64 each.
  for (let j = 0; j < dense.length; j++) I[denseStart + j] = 8 * K * dense[j];
  // The sums table, occupation by occupation, from its values copied task-major (occupationRowSums' order).
  flat.forEach((f, j) => U8.set(f, flatAt[j]));
  for (let o = 0; o < O; o++) {
    const n = boot.counts[o], first = boot.offsets[o];
    for (let t = 0; t < n; t++) {
      const i = boot.order[first + t];
      for (let k = 0; k < K; k++) F[valuesStart / 8 + t * K + k] = columns[k][i];
    }
    fillRows(flatAt[n - 1], n, flat[n - 1].length / n, valuesStart, K, factor[o], tableStart + 8 * K * base[o]);
  }
  for (let b0 = 0; b0 < B; b0 += block) {
    const nb = Math.min(block, B - b0);
    groupSums(4 * stateAt, 4 * rangeAt, 4 * thresholdAt, O, nb, 4 * rowAtAt, 4 * tableAtAt, 4 * slotAt, 4 * rowsAt, 4 * fromAt, groups, K, outStart);
    for (let c = 0; c < K; c++) {
      for (let g = 0; g < groups; g++) {
        const at = outStart / 8 + (c * groups + g) * nb;
        out[c][g].set(F.subarray(at, at + nb), b0);
      }
    }
  }
  return true;
}

type SlotDraw = (state: number, occ: number, O: number, draws: number, positions: number) => void;
type SlotReplay = (occ: number, O: number, factor: number, sums: number, draws: number, groups: number, K: number,
  P: number, out: number, positions: number, n: number) => void;

/**
 * Bytes of drawn slot positions kept per bootstrap (2 per slot and draw: 50 MB for 1,000 draws of
 * 25,080 tasks); a bootstrap whose positions would take more (or whose occupations pass 65,536 tasks)
 * draws them afresh in every call, a block of draws at a time.
 */
export const SLOT_POSITIONS_BYTES = 64 * 2 ** 20;
/** Bytes of positions drawn at once when they are not kept (4 MiB: 83 draws of 25,080 tasks, 2 bytes a slot). */
const SLOT_BLOCK_BYTES = 4 * 2 ** 20;
/**
 * Draws per `slotDraw` call, and per `slotReplay` call when the positions are kept. V8 runs a
 * WebAssembly function's first calls in its baseline compiler (Liftoff) and optimizes it in the
 * background for later calls only (it does not replace a running call's code), so one call over
 * 1,000 draws ran unoptimized throughout: on the wide shape (44 x 570 tasks) `slotDraw` took 250 ms
 * in one call and 165 ms in calls of 8 draws (the same as with `node --no-liftoff`), and the slot
 * kernel's calls 500-580 against 360-420 ms with both sizes below (`node --cpu-prof`, wasm self time).
 * The stream is the same: each call continues the state where the last one stopped.
 */
const SLOT_DRAW_CALL_DRAWS = 8;
const SLOT_REPLAY_DRAWS = 128;

const at16 = (bytes: number) => Math.ceil(bytes / 16) * 16;

/** Where the slot kernel's memory holds the state (4 words) and the occupation records (words), after `draws` draws of `n` u16 positions from byte 0. */
function slotLayout(draws: number, n: number): { stateAt: number; occAt: number } {
  const stateAt = at16(2 * draws * n) / 4;
  return { stateAt, occAt: stateAt + 4 };
}

/** `draws` draws' positions (n a draw) written from byte `positions`, in `slotDraw` calls of SLOT_DRAW_CALL_DRAWS draws, each continuing the state where the last stopped. */
function drawSlots(slotDraw: SlotDraw, stateAt: number, occAt: number, O: number, draws: number, positions: number, n: number): void {
  for (let d = 0; d < draws; d += SLOT_DRAW_CALL_DRAWS) slotDraw(4 * stateAt, 4 * occAt, O, Math.min(SLOT_DRAW_CALL_DRAWS, draws - d), positions + 2 * d * n);
}

/** A bootstrap's slot kernel: its memory holds the recorded positions at 0 (replayed by later calls). */
interface SlotKernel { key: string; memory: WebAssembly.Memory; slotDraw: SlotDraw; slotReplay: SlotReplay; recorded: boolean }
const slotKernels = new WeakMap<TaskBootstrap, SlotKernel>();

/**
 * The slot-by-slot path of groupMeanDraws (any occupation size) in WebAssembly (`slotDraw` and
 * `slotReplay` in multisetKernel.wat): out[c][g][b] = sum over g's occupations o, ascending, of
 * factor_o x (column c summed over o's drawn slots in slot order), the same stream and the same
 * additions in the same order as groupMeanDraws' JavaScript loop, so the sums are identical bit for
 * bit (test/uncertainty/slotKernel.test.ts, slotKernelProperty.test.ts). Every occupation must be in a
 * group (groupOf[o] < groups, checked by the caller). The columns are copied task-major by position
 * within occupation (a task's K values in one row of P = ceil(K / 2) column pairs, an odd K's last
 * lane zero), and the kernel adds two columns with one f64x2.add (lane by lane: each column's
 * additions are the scalar ones).
 *
 * Two passes per block of draws: the positions of every slot of the block (u16, from the stream),
 * then occupation by occupation the sums of all the block's draws, so that an occupation's rows stay
 * in cache (45 KB for 570 tasks of 10 columns) rather than the whole table (2 MB) passing through it
 * once a draw. The first call on a bootstrap keeps every draw's positions in its kernel's memory
 * (under SLOT_POSITIONS_BYTES); later calls with the same seed and draws replay them instead of
 * stepping the generator (the tables call this once per set of columns: six times for `j2g tables`).
 * Returns false (nothing written) where WebAssembly cannot run here or the memory would pass
 * MAX_KERNEL_BYTES or an occupation pass 65,536 tasks (positions are u16). `state`: the generator's
 * four words at the first draw (not advanced here). `limits` (tests): the positions kept when they
 * take at most keepBytes, else drawn afresh blockBytes at a time.
 */
export function kernelSlotSums(boot: TaskBootstrap, state: Int32Array, columns: Float64Array[], factor: Float64Array, groupOf: Int32Array, out: Float64Array[][],
  limits: { keepBytes: number; blockBytes: number } = { keepBytes: SLOT_POSITIONS_BYTES, blockBytes: SLOT_BLOCK_BYTES }): boolean {
  const { draws: B, occupations: O, tasks: n, counts, offsets, order } = boot;
  const K = columns.length;
  const groups = out[0]?.length ?? 0;
  const module = kernelModule();
  if (!module || K === 0) return false;
  let maxN = 0;
  for (let o = 0; o < O; o++) maxN = Math.max(maxN, counts[o]);
  if (maxN > 65536) return false; // positions are u16
  const key = `${boot.seed} ${B} ${n} ${O}`;
  const keep = 2 * B * n <= limits.keepBytes;
  // Draws per block: SLOT_REPLAY_DRAWS when the positions are kept (all drawn in the first call), else a block of about SLOT_BLOCK_BYTES of positions.
  const block = keep ? Math.min(B, SLOT_REPLAY_DRAWS) : Math.max(1, Math.min(B, BLOCK_DRAWS, Math.floor(limits.blockBytes / (2 * n))));
  // The positions first (all draws when kept, else one block's), then words (state, per-occupation
  // records), then f64 (factor, sums, values, outputs); the sums and the values rows 16-byte aligned
  // (pairs of columns).
  const P = Math.ceil(K / 2), width = 2 * P;
  const { stateAt, occAt } = slotLayout(keep ? B : block, n);
  const factorStart = at16(4 * (occAt + 16 * O));
  const sumsStart = at16(factorStart + 8 * O);
  const valuesStart = sumsStart + 8 * width;
  const outStart = valuesStart + 8 * n * width;
  const bytes = outStart + 8 * K * groups * block;
  let kept = keep ? slotKernels.get(boot) : undefined;
  if (kept && (kept.key !== key || !kept.recorded || !grown(kept.memory, bytes))) {
    slotKernels.delete(boot);
    kept = undefined;
  }
  let memory: WebAssembly.Memory, slotDraw: SlotDraw, slotReplay: SlotReplay;
  // positions another thread drew for this bootstrap's seed, draws and occupation sizes, in a shared
  // memory laid out as here (slotPositionsAside.ts, slotPositionsShared), else drawn here
  const aside = keep && !kept ? takeSlotPositions(boot) : null;
  const sharedModule = aside ? kernelModule(true) : null;
  if (kept) ({ memory, slotDraw, slotReplay } = kept);
  else {
    const instance = (sharedModule && kernelInstance(sharedModule, bytes, aside!)) || kernelInstance(module, bytes);
    if (!instance) return false;
    memory = instance.memory;
    slotDraw = instance.exports.slotDraw as SlotDraw;
    slotReplay = instance.exports.slotReplay as SlotReplay;
  }
  const I = new Int32Array(memory.buffer), F = new Float64Array(memory.buffer);
  I.set(state, stateAt);
  writeOccupationRecords(I, occAt, boot, valuesStart, width, groupOf);
  F.set(factor, factorStart / 8);
  for (let p = 0, v = valuesStart / 8; p < n; p++, v += width) {
    const i = order[p];
    for (let k = 0; k < K; k++) F[v + k] = columns[k][i];
    if (K < width) F[v + K] = 0; // an odd K's spare lane (never read out; a reused memory holds an earlier call's values)
  }
  const drawn = kept !== undefined || memory === aside; // (memory is never null)
  for (let b0 = 0; b0 < B; b0 += block) {
    const nb = Math.min(block, B - b0);
    const positions = keep ? 2 * b0 * n : 0;
    if (!drawn) drawSlots(slotDraw, stateAt, occAt, O, nb, positions, n);
    slotReplay(4 * occAt, O, factorStart, sumsStart, nb, groups, K, P, outStart, positions, n);
    for (let c = 0; c < K; c++) {
      for (let g = 0; g < groups; g++) {
        const at = outStart / 8 + (c * groups + g) * nb;
        out[c][g].set(F.subarray(at, at + nb), b0);
      }
    }
  }
  if (keep && !kept) slotKernels.set(boot, { key, memory, slotDraw, slotReplay, recorded: true });
  return true;
}

/**
 * The slot kernel's 16 words per occupation (multisetKernel.wat, "occ"): n_o, c_o, the full and the
 * last chunk's ranges and thresholds, o's first values row (`width` f64 a task from valuesStart),
 * o's group, the number of full chunks, the last chunk's slots, floor(2^42 / n_o) + 1 as an i64.
 * `slotDraw` reads only what follows from n_o (the positions depend on the seed, the draws and the
 * occupation sizes alone); `slotReplay` also reads the row and the group.
 */
function writeOccupationRecords(I: Int32Array, occAt: number, boot: TaskBootstrap, valuesStart: number, width: number, groupOf: Int32Array | null): void {
  const { occupations: O, counts, offsets } = boot;
  for (let o = 0; o < O; o++) {
    const r = occAt + 16 * o, m = counts[o], c = boot.chunkSlots[o];
    I[r] = m;
    I[r + 1] = c;
    I[r + 2] = boot.chunkRange[o];
    I[r + 3] = boot.chunkThreshold[o];
    I[r + 4] = boot.tailRange[o];
    I[r + 5] = boot.tailThreshold[o];
    I[r + 6] = valuesStart + 8 * width * offsets[o];
    I[r + 7] = groupOf ? groupOf[o] : 0;
    I[r + 8] = Math.floor(m / c);
    I[r + 9] = m % c;
    // floor(2^42 / n_o) + 1 as an i64 (low word, high word): exact integers in a double
    const magic = Math.floor(2 ** 42 / m) + 1;
    I[r + 10] = magic % TWO_32 | 0;
    I[r + 11] = Math.floor(magic / TWO_32);
  }
}

/**
 * Every draw's slot positions of `boot` drawn into a new shared memory, where kernelSlotSums' first
 * call records them (u16 from byte 0, draw by draw, occupation by occupation in slot order; the state
 * and occupation records after them, as kernelSlotSums lays them out): the same `slotDraw` calls on
 * the same stream. What slotPositionsAside.ts's worker computes: the memory's pages are written
 * there, so that the thread that replays the positions neither draws them nor touches fresh memory
 * for them. Null where the shared kernel cannot run here, the positions would not be kept
 * (SLOT_POSITIONS_BYTES), an occupation passes 65,536 tasks, or the memory would pass MAX_KERNEL_BYTES.
 */
export function slotPositionsShared(boot: TaskBootstrap): WebAssembly.Memory | null {
  const { draws: B, occupations: O, tasks: n, counts } = boot;
  const module = kernelModule(true);
  if (!module || 2 * B * n > SLOT_POSITIONS_BYTES || counts.some((m) => m > 65536)) return null; // positions are u16
  const { stateAt, occAt } = slotLayout(B, n);
  let instance: { memory: WebAssembly.Memory; exports: WebAssembly.Exports } | null;
  try {
    // one page to start, grown by kernelInstance to the positions and the records after them
    instance = kernelInstance(module, 4 * (occAt + 16 * O), new WebAssembly.Memory({ initial: 1, maximum: MAX_KERNEL_BYTES / PAGE, shared: true }));
  } catch {
    return null; // shared memory refused here
  }
  if (!instance) return null;
  const I = new Int32Array(instance.memory.buffer);
  I.set(drawState(boot), stateAt);
  writeOccupationRecords(I, occAt, boot, 0, 0, null);
  const slotDraw = instance.exports.slotDraw as SlotDraw;
  drawSlots(slotDraw, stateAt, occAt, O, B, 0, n);
  return instance.memory;
}

/** Whether `memory` holds at least `bytes` (grown if need be, within MAX_KERNEL_BYTES). */
function grown(memory: WebAssembly.Memory, bytes: number): boolean {
  if (bytes > MAX_KERNEL_BYTES) return false;
  const short = Math.ceil((bytes - memory.buffer.byteLength) / PAGE);
  if (short <= 0) return true;
  try {
    memory.grow(short);
    return true;
  } catch {
    return false;
  }
}
