/**
 * Output files are written whole or not at all: write to a temporary sibling, then rename.
 * A path that cannot be written (a directory, a missing permission, a file where a folder is needed)
 * is a J2GError naming the path and the reason, not a raw Node exception.
 */
import { mkdirSync, renameSync, writeFileSync, rmSync, statSync } from 'node:fs';
import { dirname, basename, join, resolve } from 'node:path';
import { J2GError } from '../errors.ts';

function cannotWrite(path: string, e: unknown): J2GError {
  return new J2GError(`cannot write ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
}

/** Remove a temporary file if it is there; a path below a file (ENOTDIR) has nothing to remove. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // nothing was written there
  }
}

function tempFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
}

/** Write `content` to a temporary sibling of `path`; returns the temporary path. */
function writeTemp(path: string, content: string | Uint8Array): string {
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    // does not exist yet: fine
  }
  if (isDir) throw new J2GError(`cannot write ${path}: it is a directory`);
  const tmp = tempFor(path);
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(tmp, content);
  } catch (e) {
    removeQuietly(tmp);
    throw cannotWrite(path, e);
  }
  return tmp;
}

export function writeFileAtomic(path: string, content: string | Uint8Array): void {
  writeFilesAtomic([[path, content]]);
}

/**
 * Several output files that belong together: every one is written to its temporary sibling first, and
 * only when all of them are written are they renamed into place, so that a failure leaves none of them.
 */
export function writeFilesAtomic(files: readonly (readonly [string, string | Uint8Array])[]): void {
  const seen = new Set<string>();
  for (const [path] of files) {
    const r = resolve(path);
    if (seen.has(r)) throw new J2GError(`cannot write ${path} twice: two outputs name the same file`);
    seen.add(r);
  }
  const temps: string[] = [];
  try {
    for (const [path, content] of files) temps.push(writeTemp(path, content));
    files.forEach(([path], i) => {
      try {
        renameSync(temps[i], path);
      } catch (e) {
        throw cannotWrite(path, e);
      }
    });
  } finally {
    for (const t of temps) removeQuietly(t);
  }
}
