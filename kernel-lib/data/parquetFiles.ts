/**
 * The dataset's files as Parquet (issue 27): `runs.parquet` beside or instead of `runs.csv`, the same
 * names and columns as the CSV schema (data/schema.ts FILES), read by kernel-lib/io/parquet.ts and
 * checked by loadDataset's rules. Writing is exportDataset.ts (kept apart: it needs node:fs at module
 * level, which the browser explorer's bundle of data/load.ts must not pull in).
 */
import { ValidationError } from '../errors.ts';
import { INPUT_LIMITS, readInput } from '../io/input.ts';
import { nodeFs, nodePath } from '../io/node.ts';
import { PARQUET_NUMBER_COLUMNS, parquetColumns } from '../io/parquet.ts';
import { FILES } from './schema.ts';

type Key = keyof typeof FILES;

/** `runs.csv` -> `runs.parquet`. */
export function parquetName(key: Key): string {
  return FILES[key].file.replace(/\.csv$/, '.parquet');
}

/**
 * The Parquet file of `key` in `dir` when there is one (and no CSV file of the same name: both is an
 * error, so that which one was read is never a question), else null.
 */
export function datasetParquetFile(dir: string, key: Key): string | null {
  const { existsSync } = nodeFs();
  const { join } = nodePath();
  const pq = join(dir, parquetName(key));
  if (!existsSync(pq)) return null;
  if (existsSync(join(dir, FILES[key].file))) throw new ValidationError([{ file: parquetName(key), message: `both ${FILES[key].file} and ${parquetName(key)} are present: keep one` }]);
  return pq;
}

/**
 * A dataset's Parquet file as the loader's columns, its types checked (kernel-lib/io/parquet.ts), read
 * at the input boundary (io/input.ts: a regular file of at most INPUT_LIMITS.parquet, inside `within`
 * when given); `sha256` is of the bytes read.
 */
export function readDatasetParquet(path: string, key: Key, within?: string): ReturnType<typeof parquetColumns> {
  const numbers = new Set(PARQUET_NUMBER_COLUMNS[key]);
  const text = new Set(Object.keys(FILES[key].schema.shape).filter((c) => !numbers.has(c)));
  const { bytes, sha256 } = readInput(path, parquetName(key), INPUT_LIMITS.parquet, within === undefined ? {} : { within });
  return { ...parquetColumns(bytes, parquetName(key), numbers, text), sha256 };
}

/**
 * The one list of a dataset's files, in hashing order, for every reader that enumerates them (the
 * change guard's hashes, pack, export, the explorer's drop): manifest.json, then for each of the six
 * files (FILES) the one present in `dir`: its Parquet twin when there is one (both names when both
 * are there, which the loader refuses), else its CSV name (whether or not it exists, so that a CSV
 * dataset's list is the same as it always was).
 * @example datasetFileNames('data/recorded/synthetic-small').slice(0, 2) // => ['manifest.json', 'occupations.csv']
 */
export function datasetFileNames(dir: string): string[] {
  const { existsSync } = nodeFs();
  const { join } = nodePath();
  return datasetFileNamesOf((name) => existsSync(join(dir, name)));
}

/** datasetFileNames over any set of names (a dropped folder's files): `has(name)` says whether a file is there. */
export function datasetFileNamesOf(has: (name: string) => boolean): string[] {
  const out = ['manifest.json'];
  for (const key of Object.keys(FILES) as Key[]) {
    const csv = FILES[key].file, pq = parquetName(key);
    if (has(pq)) {
      if (has(csv)) out.push(csv);
      out.push(pq);
    } else out.push(csv);
  }
  return out;
}

/** Every name a dataset file may have (manifest.json, each of FILES as CSV and as Parquet). */
export const DATASET_FILE_NAMES: readonly string[] = ['manifest.json', ...(Object.keys(FILES) as Key[]).flatMap((k) => [FILES[k].file, parquetName(k)])];

/**
 * A Parquet file's bytes as a binary string (one character per byte, U+0000-U+00FF), the form in
 * which datasetFromTexts takes a Parquet file among texts (a dropped folder in the explorer, whose
 * files travel as one record of strings). Inverse: bytesOfBinaryText.
 * @example bytesOfBinaryText(binaryTextOfBytes(Uint8Array.of(0, 200, 255)))[1] // => 200
 */
export function binaryTextOfBytes(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}

/** The bytes of a binary string (binaryTextOfBytes). */
export function bytesOfBinaryText(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
  return out;
}

/** A dataset's Parquet file given as a binary string (binaryTextOfBytes) as the loader's columns, its types checked. */
export function datasetParquetOfText(text: string, key: Key): ReturnType<typeof parquetColumns> {
  const numbers = new Set(PARQUET_NUMBER_COLUMNS[key]);
  const names = new Set(Object.keys(FILES[key].schema.shape).filter((c) => !numbers.has(c)));
  return parquetColumns(bytesOfBinaryText(text), parquetName(key), numbers, names);
}
