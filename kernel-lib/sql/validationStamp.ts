/**
 * A dataset checked once (issue 27): `j2g validate --engine duckdb` and `j2g tables --engine duckdb`
 * record a dataset that passed sql/validate.sql, so that the next `j2g tables --engine duckdb` over the
 * same bytes does not run the checks again (at 5 million runs they are the largest part of the command).
 *
 * The rule, exactly: a stamp is a file `<cache>/validated/<key>.json`, where
 *   key = SHA-256 of (the rules' fingerprint, then for each of the six files DuckDB reads, in FILES order,
 *         its name and the SHA-256 of its whole content),
 *   the rules' fingerprint = SHA-256 of validate.sql's text and of the SQL of the raw_* views it reads
 *         (the dataset folder's path left out), so that a change of the checks re-checks every dataset;
 *   <cache> = $J2G_CACHE_DIR, else $XDG_CACHE_HOME/j2g, else ~/.cache/j2g.
 * The stamp exists only when the checks found no problem. So a file changed in any byte (one cell of a
 * Parquet or CSV file), replaced, or swapped between Parquet and CSV gives another key and is checked
 * again; the same bytes under another folder (a copy, a move) keep theirs. Nothing is written into the
 * dataset folder. The content is hashed in full (no size or mtime shortcut, which a same-size edit
 * within the clock's resolution would fool): about 0.5 s per 200 MB, against minutes for the checks.
 * The manifest and the four small files are loaded and checked by data/load.ts on every run anyway.
 * @example (await validationStamp(db)).valid // => false on a dataset never checked; true after mark()
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ValidationError, type ValidationIssue } from '../errors.ts';
import { hashInput } from '../io/input.ts';

/** The cache folder: $J2G_CACHE_DIR, else $XDG_CACHE_HOME/j2g, else ~/.cache/j2g. */
export function cacheDir(): string {
  if (process.env.J2G_CACHE_DIR) return process.env.J2G_CACHE_DIR;
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'j2g');
}

/** SHA-256 (hex) of a file's whole content, read at the input boundary (io/input.ts: a regular file only) in chunks. */
export async function fileSha256(path: string): Promise<string> {
  return hashInput(path, path);
}

export interface ValidationStamp {
  /** the stamp's path (whether or not it exists) */
  path: string;
  /** a stamp exists: these bytes passed these checks */
  valid: boolean;
  /** record that the checks passed (call only after validate() gave no problem) */
  mark(): void;
}

/** What a stamp needs of a DuckDB session: the files it reads, in FILES order, and the rules' text. */
export interface StampSource {
  /** [file name as read (e.g. runs.parquet), its path] for each of the six files */
  files: [string, string][];
  /** validate.sql's text and the raw views' SQL, the folder's path left out */
  rules: string;
}

/** The stamp of a dataset's files under the current rules (see the rule above). */
export async function validationStamp(source: StampSource): Promise<ValidationStamp> {
  const key = createHash('sha256');
  key.update(createHash('sha256').update(source.rules).digest('hex'));
  const files: Record<string, string> = {};
  for (const [name, path] of source.files) {
    files[name] = await fileSha256(path);
    key.update(`\n${name}\n${files[name]}`);
  }
  const dir = join(cacheDir(), 'validated');
  const path = join(dir, `${key.digest('hex')}.json`);
  return {
    path,
    valid: existsSync(path),
    mark() {
      mkdirSync(dir, { recursive: true });
      const part = `${path}.${process.pid}.tmp`;
      writeFileSync(part, JSON.stringify({ checked: new Date().toISOString(), sha256: files }, null, 2) + '\n');
      renameSync(part, path);
    },
  };
}

/**
 * The checks, once per content: when the stamp of `db`'s files exists, nothing is checked (`checked`
 * false); else validate() runs, a problem throws a ValidationError naming every row by key, and a clean
 * result is stamped (`checked` true). `j2g tables --engine duckdb` starts with it.
 * With `always` (`j2g validate --engine duckdb`): the checks run even under a stamp, and their problems
 * are returned (`issues`), not thrown; a clean result is stamped all the same. The stamp is taken of
 * the bytes as they are before the checks read them, in both cases.
 */
export async function validateOnce(
  db: { stampSource: StampSource; validate(): Promise<ValidationIssue[]> },
  options: { always?: boolean } = {},
): Promise<{ checked: boolean; stamp: string; issues: ValidationIssue[] }> {
  const stamp = await validationStamp(db.stampSource);
  if (stamp.valid && !options.always) return { checked: false, stamp: stamp.path, issues: [] };
  const issues = await db.validate();
  if (issues.length && !options.always) throw new ValidationError(issues);
  if (!issues.length) stamp.mark();
  return { checked: true, stamp: stamp.path, issues };
}
