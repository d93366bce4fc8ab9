/**
 * The one rule for where a command may write, for every command with an `--out` (tables, energy,
 * import, compare), and the one rule for what it may remove there.
 *
 * - `checkOutputPath`: an output is refused when it is a filesystem root, or is an input folder (the
 *   dataset, the trace) or anything inside one. Paths are compared by segments after resolving links
 *   (`realpath` of the nearest existing ancestor), so `TRACE/..runs.csv` is inside TRACE and
 *   `TRACE/../runs.csv` is not, and a link to the dataset is the dataset.
 * - `removeEarlierOutputs`: an earlier run's file that this run did not write is removed only when
 *   the record this tool wrote beside its outputs last time (`.j2g-outputs.json`) lists it, and only
 *   a plain file name the caller says the tool can write: a user's own `table05.csv`, or a name a
 *   tampered record lists (`../x`), is never removed.
 * @example checkOutputPath('out', '/', []) // throws refusing --out /: it is a filesystem root
 */
import { lstatSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, parse, relative, resolve, sep } from 'node:path';
import { J2GError } from '../errors.ts';
import { parseJson } from './json.ts';

/** The record of one run's outputs, written in `--out` with them. */
export const OUTPUT_RECORD = '.j2g-outputs.json';

/** The real path of `p`, following links of its nearest existing ancestor (the rest of it may not exist yet). */
export function realPathOf(p: string): string {
  const abs = resolve(p);
  try {
    return realpathSync(abs);
  } catch {
    const parent = dirname(abs);
    return parent === abs ? abs : join(realPathOf(parent), basename(abs));
  }
}

/** Whether `path` is `dir` itself or lies inside it, by path segments after resolving links. */
export function insideDir(path: string, dir: string): boolean {
  const rel = relative(realPathOf(dir), realPathOf(path));
  if (rel === '') return true;
  if (isAbsolute(rel)) return false; // another drive (Windows)
  return rel.split(sep)[0] !== '..';
}

/**
 * Refuse an output path (a file or a folder, given to `--FLAG`) that is a filesystem root or lies in
 * one of the inputs (`[label, path]`, e.g. `['dataset folder', dataDir]`). Throws a J2GError naming
 * the flag, the path and the folder.
 */
export function checkOutputPath(flag: string, path: string, inputs: readonly (readonly [label: string, dir: string])[]): void {
  const real = realPathOf(path);
  if (parse(real).root === real) throw new J2GError(`refusing --${flag} ${path}: it is a filesystem root (give a folder of its own)`);
  for (const [label, dir] of inputs) {
    if (insideDir(path, dir)) {
      const what = realPathOf(dir) === real ? `the ${label} itself` : `inside the ${label} ${dir}`;
      throw new J2GError(`refusing --${flag} ${path}: it is ${what} (write it elsewhere; the ${label} is what is being read)`);
    }
  }
}

/** The record to write with this run's outputs: `[path, content]` for writeFilesAtomic. */
export function outputRecord(dir: string, tool: string, names: readonly string[]): [string, string] {
  return [join(dir, OUTPUT_RECORD), JSON.stringify({ tool, files: [...names].sort() }, null, 2) + '\n'];
}

/** The files the record in `dir` lists for `tool` (none without a record, or with one it cannot read). */
function recordedOutputs(dir: string, tool: string): string[] {
  let record: unknown;
  try {
    const st = lstatSync(join(dir, OUTPUT_RECORD));
    if (!st.isFile()) return [];
    const read = parseJson(readFileSync(join(dir, OUTPUT_RECORD), 'utf8'), OUTPUT_RECORD);
    if (read.issues.length) return []; // not the record this tool wrote: nothing is removed on its word
    record = read.value;
  } catch {
    return [];
  }
  const r = record as { tool?: unknown; files?: unknown };
  if (r?.tool !== tool || !Array.isArray(r.files)) return [];
  return r.files.filter((f): f is string => typeof f === 'string');
}

/**
 * Read the record this tool left in `dir` last time (call before writing this run's outputs and its
 * new record), and return a function that removes, after this run's outputs are written, every file
 * the record lists that this run did not write, that `mayRemove` accepts and that is a plain regular
 * file (not a link). Returns the paths it removed.
 */
export function earlierOutputs(dir: string, tool: string, mayRemove: (name: string) => boolean): (writtenNow: readonly string[]) => string[] {
  const earlier = recordedOutputs(dir, tool);
  return (writtenNow) => {
    const removed: string[] = [];
    for (const name of earlier) {
      if (writtenNow.includes(name) || name !== basename(name) || name.startsWith('.') || !mayRemove(name)) continue;
      const path = join(dir, name);
      try {
        if (!lstatSync(path).isFile()) continue;
      } catch {
        continue;
      }
      rmSync(path);
      removed.push(path);
    }
    return removed;
  };
}
