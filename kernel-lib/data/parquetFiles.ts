/**
 * The dataset's files as Parquet (issue 27): `runs.parquet` beside or instead of `runs.csv`, the same
 * names and columns as the CSV schema (data/schema.ts FILES), read by kernel-lib/io/parquet.ts and
 * checked by loadDataset's rules. Writing is exportDataset.ts (kept apart: it needs node:fs at module
 * level, which the browser explorer's bundle of data/load.ts must not pull in).
 */
import { ValidationError } from '../errors.ts';
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

/** A dataset's Parquet file as the loader's columns, its types checked (kernel-lib/io/parquet.ts). */
export function readDatasetParquet(path: string, key: Key): ReturnType<typeof parquetColumns> {
  const numbers = new Set(PARQUET_NUMBER_COLUMNS[key]);
  const text = new Set(Object.keys(FILES[key].schema.shape).filter((c) => !numbers.has(c)));
  return parquetColumns(nodeFs().readFileSync(path), parquetName(key), numbers, text);
}
