/**
 * The dataset's files as Parquet (issue 27): `runs.parquet` beside or instead of `runs.csv`, the same
 * names and columns as the CSV schema (data/schema.ts FILES), read by kernel-lib/io/parquet.ts and
 * checked by loadDataset's rules; and `exportDataset`, the other way: a valid dataset written as CSV or
 * Parquet files (`j2g export`), so that a round trip gives the same tables byte for byte.
 *
 * Types written: text columns as STRING, the integer columns (attempt, accelerator_count) as INT32, the
 * other number columns as DOUBLE, a missing optional value (expert_ai_hours, node_rate_usd_per_hour,
 * node_hours) as null; runs' extra columns as STRING. CSV written: numbers in JavaScript's shortest
 * round-trip form, so CSV -> Parquet -> CSV gives the same values (not always the same text: `1.50`
 * comes back as `1.5`).
 * Usage: `exportDataset(loadDataset(dir), dir, out, 'parquet')` writes manifest.json and the six .parquet files to out.
 */
import { J2GError, ValidationError } from '../errors.ts';
import { nodeFs, nodePath } from '../io/node.ts';
import { PARQUET_INTEGER_COLUMNS, PARQUET_NUMBER_COLUMNS, parquetBytes, parquetColumns, type ParquetOutColumn } from '../io/parquet.ts';
import { csvField } from '../io/csv.ts';
import { writeFileAtomic } from '../io/atomic.ts';
import { FILES } from './schema.ts';
import type { Dataset } from './load.ts';

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

/** The columns of one file of a loaded dataset, typed (see the file comment). */
function columnsOf(ds: Dataset, key: Key): ParquetOutColumn[] {
  const rows = ds.rows[key] as unknown as Record<string, unknown>[];
  const names = Object.keys(FILES[key].schema.shape);
  const numbers = new Set(PARQUET_NUMBER_COLUMNS[key]);
  const extras: string[] = [];
  if (key === 'runs') {
    if (rows.some((r) => r.node_hours !== null)) names.push('node_hours');
    for (const r of rows) for (const h of Object.keys(r.extra as object)) if (!extras.includes(h)) extras.push(h);
  }
  const type = (c: string): ParquetOutColumn['type'] => (!numbers.has(c) ? 'STRING' : PARQUET_INTEGER_COLUMNS.has(c) ? 'INT32' : 'DOUBLE');
  return [
    ...names.map((name) => ({ name, type: type(name), values: rows.map((r) => (r[name] ?? null) as string | number | null) })),
    ...extras.map((name) => ({ name, type: 'STRING' as const, values: rows.map((r) => (r.extra as Record<string, string>)[name] ?? null) })),
  ];
}

function csvText(columns: ParquetOutColumn[]): string {
  const n = columns[0]?.values.length ?? 0;
  const lines = [columns.map((c) => csvField(c.name)).join(',')];
  for (let i = 0; i < n; i++) lines.push(columns.map((c) => (c.values[i] === null ? '' : csvField(String(c.values[i])))).join(','));
  return `${lines.join('\n')}\n`;
}

/**
 * Write a loaded dataset's six files to `out` as CSV or Parquet, with `from`'s manifest.json copied
 * byte for byte; returns the names written. Throws when `out` is the folder it was read from.
 */
export function exportDataset(ds: Dataset, from: string, out: string, format: 'csv' | 'parquet'): string[] {
  const { mkdirSync, readFileSync, realpathSync, existsSync } = nodeFs();
  const { join } = nodePath();
  mkdirSync(out, { recursive: true });
  if (existsSync(from) && realpathSync(from) === realpathSync(out)) throw new J2GError(`export writes to the folder it reads: ${out}`);
  const written = ['manifest.json'];
  writeFileAtomic(join(out, 'manifest.json'), readFileSync(join(from, 'manifest.json')));
  for (const key of Object.keys(FILES) as Key[]) {
    const columns = columnsOf(ds, key);
    const name = format === 'csv' ? FILES[key].file : parquetName(key);
    writeFileAtomic(join(out, name), format === 'csv' ? csvText(columns) : parquetBytes(columns));
    written.push(name);
  }
  return written;
}
