/**
 * Parquet files as the dataset loader's columns (issue 27): a dataset folder may hold `runs.parquet`
 * (and the other five) instead of `runs.csv`, with the same column names, checked by the same rules.
 *
 * Reading is synchronous, so that loadDataset stays synchronous for every caller: hyparquet (pure
 * JavaScript) decodes the footer (`parquetMetadata`) and each column chunk (`readColumn`) from the
 * file's bytes without awaiting anything. Flat schemas only (one leaf column per name); codecs:
 * uncompressed and Snappy (hyparquet's own), gzip and Brotli (node:zlib), and Zstandard where this
 * Node has it (zlib.zstdDecompressSync, Node >= 22.15).
 *
 * Types. A column the schema reads as a number (PARQUET_NUMBER_COLUMNS) must be a Parquet number
 * (DOUBLE, FLOAT, INT32, INT64, or a DECIMAL), and every other column of the schema a string
 * (BYTE_ARRAY annotated UTF8/STRING, or ENUM): a column of another type is refused naming the file, its
 * first row and the column ("runs.parquet:1: energy_mj: expected numbers (DOUBLE, FLOAT, INT32, INT64
 * or DECIMAL), found BYTE_ARRAY (STRING)"). Values are then handed to the CSV rules as text: a number
 * as JavaScript's shortest round-trip form (String(x): parsing it back gives the same double), a null
 * as an empty cell, which the schema takes as missing. The "line" of a Parquet row in a message is
 * its 1-based row number: runs.parquet:7 is the file's 7th row.
 * Usage: `parquetColumns(bytes, 'runs.parquet', numbers, text)` gives the file's CsvColumns, one entry per row.
 */
import { parquetMetadata, parquetSchema } from 'hyparquet';
import { readColumn } from 'hyparquet/src/column.js';
import { DEFAULT_PARSERS } from 'hyparquet/src/convert.js';
import { getTreePath } from 'hyparquet/src/schema.js';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { ValidationError, type ValidationIssue } from '../errors.ts';
import type { CsvColumns } from './csv.ts';
import { headerIssues } from './headerIssues.ts';

/** The columns of each dataset file that the schema (data/schema.ts) reads as numbers. */
export const PARQUET_NUMBER_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  occupations: ['employment', 'median_hourly_wage_usd'],
  sectors: ['gdp_share'],
  tasks: ['expert_hours', 'expert_ai_hours'],
  systems: ['accelerator_count', 'node_rate_usd_per_hour'],
  runs: ['attempt', 'ai_hours', 'cost_usd', 'energy_mj', 'node_hours'],
  judgments: [],
};

/** The schema's integer columns: written as INT32 (the rest of PARQUET_NUMBER_COLUMNS as DOUBLE). */
export const PARQUET_INTEGER_COLUMNS: ReadonlySet<string> = new Set(['attempt', 'accelerator_count']);

const NUMBER_TYPES = new Set(['DOUBLE', 'FLOAT', 'INT32', 'INT64']);

/** One flat column of a Parquet file: its name, physical and logical type words, and its values (null for a null). */
export interface ParquetColumn {
  name: string;
  physical: string;
  logical: string | null;
  values: unknown[];
}

export function zlibCompressors(): Record<string, (input: Uint8Array, outputLength: number) => Uint8Array> {
  const get = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  const zlib = get?.('node:zlib') as (typeof import('node:zlib') & { zstdDecompressSync?: (b: Uint8Array) => Uint8Array }) | undefined;
  if (!zlib) return {};
  const out: Record<string, (input: Uint8Array, outputLength: number) => Uint8Array> = {
    GZIP: (b) => zlib.gunzipSync(b),
    BROTLI: (b) => zlib.brotliDecompressSync(b),
  };
  if (zlib.zstdDecompressSync) out.ZSTD = (b) => zlib.zstdDecompressSync!(b);
  return out;
}

/** The logical type word of a schema element (STRING, DECIMAL, ...) or null. */
function logicalOf(element: { converted_type?: string; logical_type?: { type: string } }): string | null {
  return element.logical_type?.type ?? element.converted_type ?? null;
}

/**
 * Every column of a Parquet file, read synchronously from its bytes; throws a ValidationError naming
 * `file` for bytes that are not Parquet, a nested column or an unsupported codec.
 */
export function readParquet(bytes: Uint8Array, file: string): { length: number; columns: ParquetColumn[] } {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  let metadata: ReturnType<typeof parquetMetadata>;
  try {
    metadata = parquetMetadata(buffer);
  } catch (e) {
    throw new ValidationError([{ file, message: `not a Parquet file (${(e as Error).message})` }]);
  }
  const tree = parquetSchema(metadata);
  const issues: ValidationIssue[] = headerIssues(tree.children.map((c) => c.element.name), file);
  for (const child of tree.children) {
    if (child.children.length) issues.push({ file, column: child.element.name, message: 'a nested column: expected flat columns (one value per row)' });
  }
  if (issues.length) throw new ValidationError(issues);
  const length = Number(metadata.num_rows);
  const columns: ParquetColumn[] = tree.children.map((c) => ({
    name: c.element.name, physical: String(c.element.type), logical: logicalOf(c.element as never), values: new Array(length),
  }));
  const at = new Map(columns.map((c, k) => [c.name, k]));
  const compressors = zlibCompressors();
  let groupStart = 0;
  for (const group of metadata.row_groups) {
    const groupRows = Number(group.num_rows);
    for (const chunk of group.columns) {
      const meta = chunk.meta_data!;
      const name = meta.path_in_schema[0];
      const schemaPath = getTreePath(tree, meta.path_in_schema);
      const dictionaryAt = meta.dictionary_page_offset === undefined ? undefined : Number(meta.dictionary_page_offset);
      const start = dictionaryAt !== undefined && dictionaryAt > 0 && dictionaryAt < Number(meta.data_page_offset) ? dictionaryAt : Number(meta.data_page_offset);
      const end = start + Number(meta.total_compressed_size);
      const reader = { view: new DataView(buffer.slice(start, end)), offset: 0 };
      const decoder = {
        pathInSchema: meta.path_in_schema, type: meta.type, element: schemaPath[schemaPath.length - 1].element, schemaPath,
        codec: meta.codec, parsers: DEFAULT_PARSERS, compressors, utf8: true,
      };
      let data: ArrayLike<unknown>[];
      try {
        data = readColumn(reader, { groupStart, selectStart: 0, selectEnd: groupRows, groupRows }, decoder as never).data as ArrayLike<unknown>[];
      } catch (e) {
        throw new ValidationError([{ file, column: name, message: `cannot read this column (${(e as Error).message})` }]);
      }
      const values = columns[at.get(name)!].values;
      let p = groupStart;
      for (const part of data) for (let i = 0; i < part.length; i++) values[p++] = part[i];
      if (p !== groupStart + groupRows) throw new ValidationError([{ file, column: name, message: `row group of ${groupRows} rows holds ${p - groupStart} values of this column` }]);
    }
    groupStart += groupRows;
  }
  return { length, columns };
}

/** A value as the CSV rules read it: numbers in their shortest round-trip form, null as an empty cell. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Object.is(v, -0)) return '-0'; // a stored negative zero is refused as the CSV cell "-0" is, not read as 0
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  return JSON.stringify(v);
}

/**
 * A Parquet file of a dataset as the loader's dictionary-encoded columns (CsvColumns, lines = row
 * numbers), after the type check of the file comment (`numbers`: the columns read as numbers; the other
 * columns named in `text` must be strings; a column in neither, such as an extra column of runs, may be
 * of any type and is kept as text).
 */
export function parquetColumns(bytes: Uint8Array, file: string, numbers: ReadonlySet<string>, text: ReadonlySet<string>): CsvColumns {
  const { length, columns } = readParquet(bytes, file);
  const issues: ValidationIssue[] = [];
  for (const c of columns) {
    const found = `${c.physical}${c.logical ? ` (${c.logical})` : ''}`;
    if (numbers.has(c.name) && !(NUMBER_TYPES.has(c.physical) || c.logical === 'DECIMAL')) {
      issues.push({ file, line: 1, column: c.name, message: `expected numbers (DOUBLE, FLOAT, INT32, INT64 or DECIMAL), found ${found}` });
    } else if (text.has(c.name) && !(c.physical === 'BYTE_ARRAY' && (c.logical === 'STRING' || c.logical === 'UTF8' || c.logical === 'ENUM'))) {
      issues.push({ file, line: 1, column: c.name, message: `expected text (BYTE_ARRAY STRING), found ${found}` });
    }
  }
  if (issues.length) throw new ValidationError(issues);
  const out: CsvColumns['columns'] = {};
  for (const c of columns) {
    const map = new Map<string, number>(), dict: string[] = [], codes = new Int32Array(length);
    for (let i = 0; i < length; i++) {
      const v = cellText(c.values[i]);
      let code = map.get(v);
      if (code === undefined) { code = dict.length; map.set(v, code); dict.push(v); }
      codes[i] = code;
    }
    out[c.name] = { codes, dict, encoded: true };
  }
  return { file, header: columns.map((c) => c.name), length, lines: Int32Array.from({ length }, (_, i) => i + 1), columns: out };
}

/** A column to write: text, DOUBLE or INT32 values, null for a missing value. */
export interface ParquetOutColumn {
  name: string;
  type: 'STRING' | 'DOUBLE' | 'INT32';
  values: (string | number | null)[];
}

/** The bytes of a Parquet file holding `columns` (Snappy, nullable columns, hyparquet-writer). */
export function parquetBytes(columns: ParquetOutColumn[]): Uint8Array {
  const buffer = parquetWriteBuffer({ columnData: columns.map((c) => ({ name: c.name, data: c.values, type: c.type, nullable: true })) });
  return new Uint8Array(buffer);
}
