/**
 * readCsvColumns on another thread (issue 27: on two cores, judgments.csv, the dataset's largest file,
 * is read while this thread reads and checks the other five). `readCsvColumnsAside(path, label)`
 * starts the read and returns `take()`, which waits for it and gives exactly what
 * `readCsvColumns(path, label)` would: the same columns, or the same ValidationError. The read stays on
 * this thread (take() then reads) when the file is smaller than readAsideMinBytes(), or when no
 * compiled worker lies beside the running code (the TypeScript sources under tsx or vitest: only the
 * compiled command line, build/cli, has csvWorker.js), or when the worker cannot start, fails for a
 * reason other than the file's, or is silent for longer than readAsideSilenceMs(bytes). No quantity.
 */
import { J2GError, ValidationError, type ValidationIssue } from '../errors.ts';
import { readCsvColumns, type CsvColumns } from './csv.ts';
import { compiledWorkerBeside, nodeFs, nodeWorkerThreads } from './node.ts';

/** Files below this many bytes are read on this thread: starting a worker costs tens of milliseconds. */
export const READ_ASIDE_MIN_BYTES = 8 * 2 ** 20;

/**
 * The size from which a file is read aside: `J2G_READ_ASIDE_MIN_BYTES` when set (a whole number of
 * bytes; `0` reads every file aside, for tests), else READ_ASIDE_MIN_BYTES.
 * @example readAsideMinBytes({}) // => 8388608
 */
export function readAsideMinBytes(env: Record<string, string | undefined> = process.env): number {
  const v = env.J2G_READ_ASIDE_MIN_BYTES;
  if (v === undefined || v === '') return READ_ASIDE_MIN_BYTES;
  if (!/^\d+$/.test(v)) throw new J2GError(`J2G_READ_ASIDE_MIN_BYTES is "${v}", expected a whole number of bytes`);
  return Number(v);
}

/**
 * How long take() waits for a worker that has not answered before reading the file on this thread
 * (a worker the system killed never answers): 60 s plus 2 s per MiB, tens of times a read's time.
 * @example readAsideSilenceMs(2 ** 20) // => 62000
 */
export function readAsideSilenceMs(bytes: number): number {
  return 60_000 + 2_000 * Math.ceil(bytes / 2 ** 20);
}

/** Where readCsvColumnsAside's worker is and from what size it is used (tests give a worker they compiled). */
export interface ReadAsideOptions {
  /** the compiled csvWorker.ts (default: the one beside this module's bundle, or none) */
  worker?: URL | null;
  /** default readAsideMinBytes() */
  minBytes?: number;
  /** how long take() waits for a silent worker (default readAsideSilenceMs of the file's size) */
  silenceMs?: number;
  /** the folder the file must lie in once links are resolved (io/input.ts) */
  within?: string;
}

/**
 * readCsvColumns(path, label), started now on a worker thread where that pays; `take()` gives its
 * result, or throws its ValidationError.
 * @example readCsvColumnsAside('data/reference/node_rates.csv')().length // => 4
 */
export function readCsvColumnsAside(path: string, label = path, options: ReadAsideOptions = {}): () => CsvColumns {
  const input = options.within === undefined ? {} : { within: options.within };
  const here = () => readCsvColumns(path, label, undefined, input);
  let bytes: number;
  try {
    bytes = nodeFs().statSync(path).size;
  } catch {
    return here; // readCsvColumns names why it cannot read the file
  }
  const worker = bytes >= (options.minBytes ?? readAsideMinBytes()) ? (options.worker === undefined ? compiledWorkerBeside('csvWorker.js') : options.worker) : null;
  if (!worker) return here;
  const { Worker, MessageChannel, receiveMessageOnPort } = nodeWorkerThreads();
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  let thread: InstanceType<typeof Worker>;
  try {
    thread = new Worker(worker, { workerData: { path, label, within: options.within, port: port2, flag }, transferList: [port2], stdout: false, stderr: false });
  } catch {
    port1.close();
    return here;
  }
  thread.unref();
  thread.on('error', () => {}); // a worker that fails says so by its silence: take() then reads here
  return () => {
    const deadline = Date.now() + (options.silenceMs ?? readAsideSilenceMs(bytes));
    for (let left = deadline - Date.now(); Atomics.load(flag, 0) === 0 && left > 0; left = deadline - Date.now()) Atomics.wait(flag, 0, 0, Math.min(left, 1_000));
    const reply = Atomics.load(flag, 0) === 1 ? (receiveMessageOnPort(port1)?.message as { columns?: CsvColumns; issues?: ValidationIssue[]; error?: string } | undefined) : undefined;
    port1.close();
    void thread.terminate();
    if (reply?.columns) return reply.columns;
    if (reply?.issues) throw new ValidationError(reply.issues);
    return here(); // no answer, or the worker failed for a reason of its own: read here, where any error is the file's
  };
}
