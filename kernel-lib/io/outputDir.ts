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
import { existsSync, lstatSync, readFileSync, realpathSync, rmSync } from 'node:fs';
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
 * Refuse an output path (a file or a folder, given to `--FLAG`) that is a filesystem root, a link
 * (the path itself: writing would land where the link points), or lies in one of the inputs (`[label,
 * path]`, e.g. `['dataset folder', dataDir]`). Throws a J2GError naming the flag, the path and the folder.
 */
export function checkOutputPath(flag: string, path: string, inputs: readonly (readonly [label: string, dir: string])[]): void {
  checkOutput(flag, path, { inputs, throughLink: true });
}

/** What a folder holds that makes it an input of this project: a dataset (manifest.json) or a power-log trace (marks.csv). */
function inputFolderKind(dir: string): string | null {
  if (existsSync(join(dir, 'marks.csv')) || existsSync(join(dir, '.pids'))) return 'trace folder';
  if (existsSync(join(dir, 'manifest.json'))) return 'dataset folder';
  return null;
}

export interface OutputGuard {
  /** the command's inputs, `[label, path]`: the output may not be one nor lie inside one */
  inputs?: readonly (readonly [label: string, dir: string])[];
  /**
   * refuse any dataset or trace folder (a folder holding manifest.json, marks.csv or .pids), the
   * output's own folder or any folder above it, except a folder this `tool` wrote itself (its
   * .j2g-outputs.json names the tool, or it holds `ownFile`: pack's datapackage.json) and `inPlace`
   * (pack's documented repack into --data)
   */
  notIntoInputs?: { tool: string; inPlace?: string; ownFile?: string };
  /** accept an output path that is itself a link (checkOutputPath's rule, kept for the commands that had it) */
  throughLink?: boolean;
}

/**
 * The output guard of every command that writes (io/outputDir.ts): never a filesystem root, never
 * through a link (the output path itself), never an input or inside one, and with `notIntoInputs`
 * never a dataset or trace folder nor inside one (a release written into a dataset, an export over
 * another dataset's manifest.json). Throws a J2GError naming the flag, the path and why.
 * @example checkOutput('out', '/', {}) // throws refusing --out /: it is a filesystem root
 */
export function checkOutput(flag: string, path: string, guard: OutputGuard): void {
  const real = realPathOf(path);
  if (parse(real).root === real) throw new J2GError(`refusing --${flag} ${path}: it is a filesystem root (give a folder of its own)`);
  for (const [label, dir] of guard.inputs ?? []) {
    if (insideDir(path, dir)) {
      const what = realPathOf(dir) === real ? `the ${label} itself` : `inside the ${label} ${dir}`;
      throw new J2GError(`refusing --${flag} ${path}: it is ${what} (write it elsewhere; the ${label} is what is being read)`);
    }
  }
  let link = false;
  try {
    link = lstatSync(path.replace(/[\\/]+$/, '') || path).isSymbolicLink();
  } catch {
    // not there yet
  }
  if (link && !guard.throughLink) throw new J2GError(`refusing --${flag} ${path}: it is a link (to ${real}); give the folder itself`);
  const own = guard.notIntoInputs;
  if (!own) return;
  if (own.inPlace !== undefined && realPathOf(own.inPlace) === real) return;
  for (let dir = real; ; dir = dirname(dir)) {
    const kind = inputFolderKind(dir);
    if (kind && !(dir === real && (recordedTool(dir) === own.tool || (own.ownFile !== undefined && existsSync(join(dir, own.ownFile)))))) {
      const what = dir === real ? `a ${kind}` : `inside the ${kind} ${dir}`;
      throw new J2GError(`refusing --${flag} ${path}: it is ${what} (its files would be overwritten or mixed with these; give a new or empty folder)`);
    }
    if (dirname(dir) === dir) break;
  }
}

/** The tool the output record in `dir` names, or null. */
function recordedTool(dir: string): string | null {
  try {
    const read = parseJson(readFileSync(join(dir, OUTPUT_RECORD), 'utf8'), OUTPUT_RECORD);
    const tool = (read.value as { tool?: unknown } | undefined)?.tool;
    return read.issues.length === 0 && typeof tool === 'string' ? tool : null;
  } catch {
    return null;
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
