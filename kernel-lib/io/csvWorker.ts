/**
 * The worker thread of readCsvColumnsAside (readAside.ts), compiled beside the command line's bundle
 * (scripts/cli/build.mjs): reads one CSV file with readCsvColumns and posts the result (or the
 * ValidationError's issues, or another error's text) on the port it was given, then raises the shared
 * flag, so that the thread that started it can wait for it synchronously (workerAnswer.ts). Its modules
 * are imported inside the work, so that even a failure to load them raises the flag. No quantity.
 */
import { workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { answerOnce } from './workerAnswer.ts';

const { path, label, within, port, flag } = workerData as { path: string; label: string; within?: string; port: MessagePort; flag: Int32Array };

await answerOnce(port, flag, async () => {
  const [{ ValidationError }, { readCsvColumns }] = await Promise.all([import('../errors.ts'), import('./csv.ts')]);
  try {
    const columns = readCsvColumns(path, label, undefined, within === undefined ? {} : { within });
    // the typed arrays move to the other thread (each buffer once); the dictionaries are copied
    const buffers = new Set<ArrayBuffer>([columns.lines.buffer as ArrayBuffer]);
    for (const c of Object.values(columns.columns)) buffers.add(c.codes.buffer as ArrayBuffer);
    return { message: { columns }, transfer: [...buffers] };
  } catch (e) {
    if (e instanceof ValidationError) return { message: { issues: e.issues } };
    throw e;
  }
});
