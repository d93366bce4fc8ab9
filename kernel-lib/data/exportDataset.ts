/**
 * `exportDataset`: a valid dataset written as CSV or Parquet files (`j2g export`, issue 27), so that a
 * round trip gives the same tables byte for byte. Kept apart from parquetFiles.ts (the reading side,
 * which data/load.ts imports): writing needs node:fs at module level (io/atomic.ts), which the
 * browser explorer's bundle of load.ts must not pull in.
 *
 * Types written: text columns as STRING, the integer columns (attempt, accelerator_count) as INT32, the
 * other number columns as DOUBLE, a missing optional value (expert_ai_hours, node_rate_usd_per_hour,
 * node_hours) as null; runs' extra columns as STRING. CSV written: numbers in JavaScript's shortest
 * round-trip form, so CSV -> Parquet -> CSV gives the same values (not always the same text: `1.50`
 * comes back as `1.5`).
 * Usage: `exportDataset(loadDataset(dir), dir, out, 'parquet')` writes manifest.json and the six .parquet files to out.
 */
import { J2GError } from '../errors.ts';
import { nodeFs, nodePath } from '../io/node.ts';
import { PARQUET_INTEGER_COLUMNS, PARQUET_NUMBER_COLUMNS, parquetBytes, type ParquetOutColumn } from '../io/parquet.ts';
import { csvField } from '../io/csv.ts';
import { writeFilesAtomic } from '../io/atomic.ts';
import { INPUT_LIMITS, readInput } from '../io/input.ts';
import { checkOutput, earlierOutputs, outputRecord } from '../io/outputDir.ts';
import { FILES } from './schema.ts';
import { DATASET_FILE_NAMES, parquetName } from './parquetFiles.ts';
import type { Dataset } from './load.ts';

type Key = keyof typeof FILES;

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
 * byte for byte (read at the input boundary, inside `from`), all of them or none (one
 * writeFilesAtomic), with the output record (io/outputDir.ts) that lets a later export replace them:
 * the other format's files an earlier export wrote there are removed, a user's own files never.
 * Returns the names written. Throws when `out` is not a folder an export may write (io/outputDir.ts
 * checkOutput: the folder read or inside it, another dataset or a trace folder, `/`, a link).
 */
export function exportDataset(ds: Dataset, from: string, out: string, format: 'csv' | 'parquet'): string[] {
  const { join } = nodePath();
  checkOutput('out', out, { inputs: [['dataset folder', from]], notIntoInputs: { tool: 'export' } });
  const files: [string, string | Uint8Array][] = [['manifest.json', readInput(join(from, 'manifest.json'), 'manifest.json', INPUT_LIMITS.json, { within: from }).bytes]];
  for (const key of Object.keys(FILES) as Key[]) {
    const columns = columnsOf(ds, key);
    files.push([format === 'csv' ? FILES[key].file : parquetName(key), format === 'csv' ? csvText(columns) : parquetBytes(columns)]);
  }
  const written = files.map(([name]) => name);
  const removeEarlier = earlierOutputs(out, 'export', (name) => DATASET_FILE_NAMES.includes(name));
  writeFilesAtomic([...files.map(([name, bytes]) => [join(out, name), bytes] as const), outputRecord(out, 'export', written)]);
  removeEarlier(written);
  return written;
}
