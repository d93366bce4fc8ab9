/**
 * A bootstrap's slot positions drawn on another thread (issue 27: on two cores, the second core is idle
 * once the dataset is read, while this thread builds the first table's components; the positions the
 * slot kernel records in its first call, 165 ms for 1,000 draws of 25,080 tasks, are drawn there
 * meanwhile). The positions depend on the seed, the number of draws and the occupations' task counts
 * alone (taskBootstrap.ts's stream: the tasks' order and the columns play no part), so
 * `drawSlotPositionsAside(counts, settings)` can start before any bootstrap object exists, and
 * kernelSlotSums (multisetKernel.ts) asks `takeSlotPositions(boot)` before drawing them itself: the
 * positions when the pending draw is this bootstrap's (same seed, draws and counts), else null.
 *
 * Only where a compiled worker lies beside the running code (the command line's bundle, build/cli:
 * slotWorker.js), as readAside.ts: under tsx, vitest, a notebook or a browser nothing starts and the
 * kernel draws as before. One draw is pending at a time (a new one, or cancelSlotPositionsAside, ends
 * the last). A worker that fails or stays silent past its deadline is ended and the kernel draws here:
 * the result is the same either way (test/uncertainty/slotPositionsAside.test.ts). No quantity.
 */
import { compiledWorkerBeside, nodeWorkerThreads } from '../io/node.ts';
import type { BootstrapSettings } from './settings.ts';
import type { TaskBootstrap } from './taskBootstrap.ts';

/** What the worker is given (slotWorker.ts). */
export interface SlotWorkerData {
  counts: Int32Array;
  draws: number;
  seed: number;
}

interface Pending {
  key: string;
  take(): WebAssembly.Memory | null;
  cancel(): void;
}

let pending: Pending | null = null;

/** The positions' key: what they depend on. */
function keyOf(seed: number, draws: number, counts: ArrayLike<number>): string {
  return `${seed} ${draws} ${Array.prototype.join.call(counts, ',')}`;
}

/**
 * How long takeSlotPositions waits for a worker that has not answered (one the system killed never
 * does) before drawing the positions here: 10 s plus 1 ms per 10,000 positions, tens of times a draw's time.
 * @example slotAsideSilenceMs(25_080_000) // => 12508
 */
export function slotAsideSilenceMs(positions: number): number {
  return 10_000 + Math.ceil(positions / 10_000);
}

/**
 * Start drawing the slot positions of a bootstrap of `settings` over occupations of `counts` tasks on
 * a worker thread; true when it started (then the last pending draw, if any, is ended). `worker`
 * (tests): the compiled slotWorker.ts, default the one beside this module's bundle, or none.
 */
export function drawSlotPositionsAside(counts: Int32Array, settings: BootstrapSettings, options: { worker?: URL | null; silenceMs?: number } = {}): boolean {
  const worker = options.worker === undefined ? compiledWorkerBeside('slotWorker.js') : options.worker;
  if (!worker) return false;
  let positions = 0;
  for (const c of counts) positions += c;
  positions *= settings.draws;
  const { Worker, MessageChannel, receiveMessageOnPort } = nodeWorkerThreads();
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const data: SlotWorkerData & { port: typeof port2; flag: Int32Array } = { counts, draws: settings.draws, seed: settings.seed, port: port2, flag };
  let thread: InstanceType<typeof Worker>;
  try {
    thread = new Worker(worker, { workerData: data, transferList: [port2] });
  } catch {
    port1.close();
    return false;
  }
  thread.unref();
  thread.on('error', () => {}); // a worker that fails says so by its silence or its message: the kernel then draws here
  const deadline = Date.now() + (options.silenceMs ?? slotAsideSilenceMs(positions));
  const end = () => {
    port1.close();
    void thread.terminate();
  };
  cancelSlotPositionsAside();
  pending = {
    key: keyOf(settings.seed, settings.draws, counts),
    take() {
      // the flag raised, or the deadline passed (a wait of a negative time returns at once)
      while (Atomics.load(flag, 0) === 0 && Atomics.wait(flag, 0, 0, deadline - Date.now()) !== 'timed-out');
      const memory = (receiveMessageOnPort(port1)?.message as { memory?: unknown } | undefined)?.memory;
      end();
      // every draw's positions (2 bytes a slot) must be there: a smaller memory is not this draw's
      return memory instanceof WebAssembly.Memory && memory.buffer.byteLength >= 2 * positions ? memory : null;
    },
    cancel: end,
  };
  return true;
}

/**
 * The shared memory holding the positions drawn aside for `boot` (its seed, draws and occupation
 * counts; multisetKernel.ts slotPositionsShared), waiting for them if need be, or null: no pending draw
 * for this bootstrap, or the worker failed. A pending draw of another bootstrap stays pending.
 */
export function takeSlotPositions(boot: TaskBootstrap): WebAssembly.Memory | null {
  if (!pending || pending.key !== keyOf(boot.seed, boot.draws, boot.counts)) return null;
  const p = pending;
  pending = null;
  return p.take();
}

/** End the pending draw, if any (its worker stopped, its result dropped). */
export function cancelSlotPositionsAside(): void {
  const p = pending;
  pending = null;
  p?.cancel();
}
