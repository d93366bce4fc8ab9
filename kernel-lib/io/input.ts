/**
 * The input boundary: the one way a user's file is opened, for every reader of the project (CSV,
 * Parquet, JSON, importers, hashing).
 *
 * - Regular files only. A FIFO, a device (`/dev/zero`), a socket or a directory is refused by name
 *   before a byte is read: the file is opened without blocking (O_NONBLOCK, so that opening a FIFO
 *   without a writer does not hang) and its kind is read from the open handle (fstat), so a swap
 *   between a check and the open cannot slip another kind of file in.
 * - A size limit per kind of file, all of them in INPUT_LIMITS, checked on the open handle before
 *   reading, and again while reading (a file that grows past it is refused, not read to the end).
 * - `within`: a file read from a folder the user gave (a dataset folder) must lie in that folder once
 *   links are resolved: a link that leaves it (`runs.csv -> /etc/shadow`) is refused.
 * - The bytes read are the bytes hashed: readInput returns the SHA-256 of exactly what it read.
 * @example INPUT_LIMITS.json // => 16777216
 */
import { ValidationError } from '../errors.ts';
import { nodeCrypto, nodeFs, nodePath } from './node.ts';

const MiB = 2 ** 20;

/**
 * The largest file each kind of reader takes, in bytes (data/README.md and the README state them):
 * - `json`: a JSON file of configuration (manifest.json, scenario.json, a grid, a trace manifest,
 *   datapackage.json): 16 MiB, far above any;
 * - `text`: a dataset's CSV file, read whole or streamed into columns: 256 MiB (data/README.md: 3.1 GB
 *   of columns at worst);
 * - `parquet`: a dataset's Parquet file, decoded in memory: 256 MiB;
 * - `config`: a weights or rates CSV file (one row per occupation or node type): 16 MiB;
 * - `import`: a file an importer reads (Zeus, CodeCarbon, IPW): 64 MiB.
 */
export const INPUT_LIMITS = {
  json: 16 * MiB,
  text: 256 * MiB,
  parquet: 256 * MiB,
  config: 16 * MiB,
  import: 64 * MiB,
} as const;

export type InputKind = keyof typeof INPUT_LIMITS;

/** What a file that is not a regular file is, in words (null for a regular file). */
export function notRegular(st: { isFile(): boolean; isDirectory(): boolean; isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean }): string | null {
  if (st.isFile()) return null;
  if (st.isDirectory()) return 'a directory';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** Refuse a file over `maxBytes`, naming its size and the limit. */
export function checkInputSize(size: number, label: string, maxBytes: number): void {
  if (size > maxBytes) {
    throw new ValidationError([{ file: label, message: `${size} bytes, more than the ${maxBytes} bytes (${maxBytes / MiB} MiB) this reader holds in memory; expected a smaller file (split it)` }]);
  }
}

export interface InputOptions {
  /** the folder the file was given in: after links are resolved, the file must lie inside it */
  within?: string;
}

function cannotRead(label: string, e: unknown): ValidationError {
  return new ValidationError([{ file: label, message: `cannot read file (${(e as NodeJS.ErrnoException).code ?? e})` }]);
}

/** Whether `path` (real) is `dir` (real) or inside it. */
function inside(path: string, dir: string): boolean {
  const { relative, isAbsolute, sep } = nodePath();
  const rel = relative(dir, path);
  return rel === '' || (!isAbsolute(rel) && rel.split(sep)[0] !== '..');
}

/**
 * Open `path` for reading at the boundary: a regular file (else refused by name), at most `maxBytes`,
 * inside `within` when given. Returns the open descriptor (close it) and the file's size.
 */
export function openInput(path: string, label: string, maxBytes: number, options: InputOptions = {}): { fd: number; size: number } {
  const fs = nodeFs();
  let fd: number;
  try {
    fd = fs.openSync(path, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (e) {
    throw cannotRead(label, e);
  }
  try {
    const st = fs.fstatSync(fd);
    const what = notRegular(st);
    if (what) throw new ValidationError([{ file: label, message: `${what}, expected a regular file (nothing was read)` }]);
    if (options.within !== undefined) {
      const real = fs.realpathSync(path), dir = fs.realpathSync(options.within);
      if (!inside(real, dir)) throw new ValidationError([{ file: label, message: `a link out of the folder ${options.within} (to ${real}), expected a file inside it` }]);
    }
    checkInputSize(st.size, label, maxBytes);
    return { fd, size: st.size };
  } catch (e) {
    fs.closeSync(fd);
    if (e instanceof ValidationError) throw e;
    throw cannotRead(label, e);
  }
}

/**
 * Read a whole file at the boundary (openInput's rules): its bytes, and the SHA-256 (hex) of exactly
 * those bytes. A file that grows past `maxBytes` while it is read is refused.
 * @example readInput('data/reference/node_rates.csv', 'node_rates.csv', INPUT_LIMITS.config).bytes.length > 0 // => true
 */
export function readInput(path: string, label: string, maxBytes: number, options: InputOptions = {}): { bytes: Buffer; sha256: string } {
  const fs = nodeFs();
  const { fd, size } = openInput(path, label, maxBytes, options);
  try {
    const parts: Buffer[] = [];
    let total = 0;
    const hash = nodeCrypto().createHash('sha256');
    for (;;) {
      const buf = Buffer.allocUnsafe(Math.min(Math.max(size - total, 0) + 1, 8 * MiB));
      let n: number;
      try {
        n = fs.readSync(fd, buf, 0, buf.length, null);
      } catch (e) {
        throw cannotRead(label, e);
      }
      if (n === 0) break;
      total += n;
      checkInputSize(total, label, maxBytes);
      const got = buf.subarray(0, n);
      hash.update(got);
      parts.push(got);
    }
    return { bytes: parts.length === 1 ? parts[0] : Buffer.concat(parts, total), sha256: hash.digest('hex') };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The SHA-256 (hex) of a file read at the boundary in 1 MiB chunks (never held whole), each chunk also
 * handed to `onChunk` (a caller that hashes several files together).
 */
export function hashInput(path: string, label: string, maxBytes: number = Number.MAX_SAFE_INTEGER, options: InputOptions = {}, onChunk?: (bytes: Buffer) => void): string {
  const fs = nodeFs();
  const { fd } = openInput(path, label, maxBytes, options);
  try {
    const hash = nodeCrypto().createHash('sha256');
    const buf = Buffer.allocUnsafe(MiB);
    for (let n; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0;) {
      const got = buf.subarray(0, n);
      hash.update(got);
      onChunk?.(got);
    }
    return hash.digest('hex');
  } catch (e) {
    if (e instanceof ValidationError) throw e;
    throw cannotRead(label, e);
  } finally {
    fs.closeSync(fd);
  }
}
