/**
 * How a worker thread of this library answers the thread that waits for it synchronously
 * (readAside.ts's csvWorker.ts, slotPositionsAside.ts's slotWorker.ts): `work` gives one message (and
 * the buffers that move with it); a failure, its loading included, is posted as `{ error }`; then,
 * whatever happened, the shared flag is raised (and waiters woken) and the port closed, so that the
 * waiting thread never waits past the answer. No quantity; no imports, so that nothing here can fail
 * to load before the flag is raised.
 */
import type { MessagePort, TransferListItem } from 'node:worker_threads';

export async function answerOnce(port: MessagePort, flag: Int32Array, work: () => Promise<{ message: unknown; transfer?: TransferListItem[] }>): Promise<void> {
  try {
    const { message, transfer } = await work();
    port.postMessage(message, transfer);
  } catch (e) {
    port.postMessage({ error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  } finally {
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
    port.close();
  }
}
