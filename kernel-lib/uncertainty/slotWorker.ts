/**
 * The worker thread of drawSlotPositionsAside (slotPositionsAside.ts), compiled beside the command
 * line's bundle (scripts/cli/build.mjs): builds a bootstrap of the given seed, draws and occupation
 * counts (tasks in occupation order: the positions do not depend on the tasks' order), draws every
 * draw's slot positions with the slot kernel into a shared memory (multisetKernel.ts
 * slotPositionsShared), posts the memory (shared, not copied) on the port it was given, then raises
 * the shared flag, so that the thread that started it can wait for it synchronously
 * (io/workerAnswer.ts). Its modules are imported inside the work, so that even a failure to load them
 * raises the flag. No quantity.
 */
import { workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { SlotWorkerData } from './slotPositionsAside.ts';
import { answerOnce } from '../io/workerAnswer.ts';

const { counts, draws, seed, port, flag } = workerData as SlotWorkerData & { port: MessagePort; flag: Int32Array };

await answerOnce(port, flag, async () => {
  const [{ taskBootstrap }, { slotPositionsShared }] = await Promise.all([import('./taskBootstrap.ts'), import('./multisetKernel.ts')]);
  let n = 0;
  for (const c of counts) n += c;
  const occupationIndex = new Int32Array(n);
  for (let o = 0, i = 0; o < counts.length; o++) occupationIndex.fill(o, i, (i += counts[o]));
  // a shared memory: the thread that started this one sees the same pages, already written
  return { message: { memory: slotPositionsShared(taskBootstrap(occupationIndex, counts.length, { draws, seed })) } };
});
