/**
 * streamParquetSamples on Parquet files built here page by page (#29): the layouts no writer at hand
 * writes, which the survivors of parquetSamples.ts's mutation run (test/energy/parquetSamplesMutants.test.ts)
 * needed. DuckDB writes one version-1 page per column chunk and every column OPTIONAL (even a NOT NULL
 * one), hyparquet-writer writes version-2 pages; here:
 * - several version-1 data pages in one column chunk (each page's header follows the last page's data);
 * - a version-1 page of a REQUIRED column (no definition levels: the data starts the page);
 * - a row group whose footer row count is more, or fewer, than its pages hold (a damaged footer);
 * - a chunk without a dictionary whose footer gives a dictionary_page_offset of 0 (some writers write 0
 *   for "none") or one past its data (where the chunk is read from: the data page offset).
 * Oracle: the rows as written (mono_ns in ns, t = (mono_ns - originNs) / 1e9, 1-based rows), and for a
 * damaged file the words of the refusal, which name file and column.
 *
 * The file is built from the format's definition (Apache Parquet's parquet.thrift): "PAR1", per row
 * group and column a chunk of pages (a page header in thrift compact form, hyparquet-writer's
 * writePageHeader, then its body: for an OPTIONAL column the definition levels as RLE runs behind their
 * 4-byte length, then the PLAIN values of the non-null rows), the footer (hyparquet-writer's
 * writeMetadata) and "PAR1". No compression.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetMetadata } from 'hyparquet';
import { ByteWriter } from 'hyparquet-writer';
import { writePageHeader } from 'hyparquet-writer/src/datapage.js';
import { writeMetadata } from 'hyparquet-writer/src/metadata.js';
import { describe, expect, test } from 'vitest';
import { ValidationError } from '../../kernel-lib/errors.ts';
import { streamParquetSamples } from '../../kernel-lib/energy/parquetSamples.ts';

type Value = number | bigint | string | null;
interface HandColumn {
  name: string;
  type: 'INT64' | 'DOUBLE' | 'BYTE_ARRAY';
  required?: boolean;
  /** the values of each data page, in order */
  pages: Value[][];
  /** the footer's dictionary_page_offset for this chunk (none written unless given) */
  dictionaryOffset?: 'zero' | 'past-data';
}
interface HandGroup { rows: number; columns: HandColumn[] }

const w = () => new ByteWriter();
const bytesOf = (x: ByteWriter) => new Uint8Array(x.getBuffer());

function plain(type: HandColumn['type'], v: Exclude<Value, null>, out: ByteWriter) {
  if (type === 'INT64') out.appendInt64(BigInt(v as number | bigint));
  else if (type === 'DOUBLE') out.appendFloat64(v as number);
  else {
    const b = new TextEncoder().encode(v as string);
    out.appendUint32(b.length);
    out.appendBytes(b);
  }
}

/** One version-1 data page: header, then (OPTIONAL) levels as one-value RLE runs, then PLAIN values. */
function page(col: HandColumn, values: Value[], out: ByteWriter) {
  const body = w();
  if (!col.required) {
    const levels = w();
    for (const v of values) { levels.appendVarInt(1 << 1); levels.appendUint8(v === null ? 0 : 1); }
    body.appendUint32(levels.offset);
    body.appendBytes(bytesOf(levels));
  }
  for (const v of values) if (v !== null) plain(col.type, v, body);
  writePageHeader(out, {
    type: 'DATA_PAGE', uncompressed_page_size: body.offset, compressed_page_size: body.offset,
    data_page_header: { num_values: values.length, encoding: 'PLAIN', definition_level_encoding: 'RLE', repetition_level_encoding: 'RLE' },
  } as never);
  out.appendBytes(bytesOf(body));
}

function handFile(groups: HandGroup[]): Uint8Array {
  const out = w();
  out.appendUint32(0x31524150); // PAR1
  const rowGroups = groups.map((g) => {
    const columns = g.columns.map((c) => {
      const start = out.offset;
      for (const p of c.pages) page(c, p, out);
      const size = BigInt(out.offset - start);
      const dictionary_page_offset = c.dictionaryOffset === 'zero' ? 0n : c.dictionaryOffset === 'past-data' ? BigInt(start + 1) : undefined;
      return {
        file_offset: BigInt(start),
        meta_data: {
          type: c.type, encodings: ['PLAIN', 'RLE'], path_in_schema: [c.name], codec: 'UNCOMPRESSED',
          num_values: BigInt(c.pages.flat().length), total_uncompressed_size: size, total_compressed_size: size,
          data_page_offset: BigInt(start), dictionary_page_offset,
        },
      };
    });
    return { columns, total_byte_size: columns.reduce((s, c) => s + c.meta_data.total_compressed_size, 0n), num_rows: BigInt(g.rows) };
  });
  const cols = groups[0].columns;
  writeMetadata(out, {
    version: 1, created_by: 'parquetSamplesPages.test.ts', num_rows: BigInt(groups.reduce((s, g) => s + g.rows, 0)),
    schema: [
      { name: 'schema', num_children: cols.length },
      ...cols.map((c) => ({ name: c.name, type: c.type, repetition_type: c.required ? 'REQUIRED' : 'OPTIONAL', converted_type: c.type === 'BYTE_ARRAY' ? 'UTF8' : undefined })),
    ],
    row_groups: rowGroups,
  } as never);
  out.appendUint32(0x31524150);
  return bytesOf(out);
}

const put = (groups: HandGroup[]) => {
  const f = join(mkdtempSync(join(tmpdir(), 'j2g-pqp-')), 'smi.parquet');
  writeFileSync(f, handFile(groups));
  return f;
};
function read(path: string, originNs = 0) {
  const got: [string, number, number, number][] = [];
  const res = streamParquetSamples(path, 'power_w', originNs, (dev, t, v, names, row) => got.push([`${dev}:${names[dev]}`, t, v, row]));
  return { got, res };
}
const issuesOf = (f: () => unknown) => {
  try { f(); } catch (e) { if (e instanceof ValidationError) return e.issues; throw e; }
  throw new Error('expected a ValidationError');
};

describe('the hand-built file is the Parquet it says (checked by hyparquet, not by the code under test)', () => {
  test('its footer reads back: row counts, page offsets and repetition as written', () => {
    const f = handFile([{ rows: 2, columns: [
      { name: 'mono_ns', type: 'INT64', required: true, pages: [[1n], [2n]] },
      { name: 'power_w', type: 'DOUBLE', pages: [[1.5, null]], dictionaryOffset: 'zero' },
    ] }]);
    const md = parquetMetadata(f.buffer as ArrayBuffer);
    expect(md.num_rows).toBe(2n);
    expect(md.schema.map((s) => [s.name, s.repetition_type])).toEqual([['schema', undefined], ['mono_ns', 'REQUIRED'], ['power_w', 'OPTIONAL']]);
    expect(md.row_groups[0].columns.map((c) => [c.meta_data!.data_page_offset, c.meta_data!.dictionary_page_offset])).toEqual([[4n, undefined], [expect.any(BigInt), 0n]]);
  });
});

describe('version-1 pages', () => {
  test('three version-1 pages in one chunk of a REQUIRED INT64 mono_ns, beside an OPTIONAL value column of two pages with a null', () => {
    const f = put([{ rows: 5, columns: [
      { name: 'mono_ns', type: 'INT64', required: true, pages: [[1_000_000_000n, 2_000_000_000n], [3_000_000_000n], [4_000_000_000n, 5_500_000_000n]] },
      { name: 'device', type: 'BYTE_ARRAY', required: true, pages: [['G', 'G', 'G'], ['G', 'G']] },
      { name: 'power_w', type: 'DOUBLE', pages: [[10, null, 30], [40.5, 50]] },
    ] }]);
    const { got, res } = read(f, 1e9);
    expect(got).toEqual([['0:G', 0, 10, 1], ['0:G', 1, NaN, 2], ['0:G', 2, 30, 3], ['0:G', 3, 40.5, 4], ['0:G', 4.5, 50, 5]]);
    expect(res).toEqual({ devices: ['G'], records: 5, naValues: 1, truncatedFinalLine: false });
  });

  test('a REQUIRED DOUBLE value column of two pages, and row groups of two and three rows', () => {
    const f = put([
      { rows: 2, columns: [
        { name: 'mono_ns', type: 'DOUBLE', required: true, pages: [[1e9], [2e9]] },
        { name: 'device', type: 'BYTE_ARRAY', pages: [['A', 'B']] },
        { name: 'power_w', type: 'DOUBLE', required: true, pages: [[0.25], [7]] },
      ] },
      { rows: 3, columns: [
        { name: 'mono_ns', type: 'DOUBLE', required: true, pages: [[3e9, 4e9], [5e9]] },
        { name: 'device', type: 'BYTE_ARRAY', pages: [['A'], ['B', 'A']] },
        { name: 'power_w', type: 'DOUBLE', required: true, pages: [[8], [9, 1e-3]] },
      ] },
    ]);
    expect(read(f).got).toEqual([['0:A', 1, 0.25, 1], ['1:B', 2, 7, 2], ['0:A', 3, 8, 3], ['1:B', 4, 9, 4], ['0:A', 5, 1e-3, 5]]);
  });
});

describe('a chunk read from its data page when the footer gives no real dictionary offset', () => {
  for (const dictionaryOffset of ['zero', 'past-data'] as const) {
    test(`dictionary_page_offset ${dictionaryOffset === 'zero' ? '0' : 'one byte past the data page offset'} on chunks without a dictionary`, () => {
      const f = put([{ rows: 2, columns: [
        { name: 'mono_ns', type: 'INT64', pages: [[1_000_000_000n, 3_000_000_000n]], dictionaryOffset },
        { name: 'device', type: 'BYTE_ARRAY', pages: [['G', 'G']] },
        { name: 'power_w', type: 'DOUBLE', pages: [[5, 6]], dictionaryOffset },
      ] }]);
      expect(read(f).got).toEqual([['0:G', 1, 5, 1], ['0:G', 3, 6, 2]]);
    });
  }
});

describe('a row group whose footer row count disagrees with its pages is refused, naming file and column', () => {
  // the device column is read value by value before a refused mono_ns is: it holds the footer's row count
  const cols = (mono: Value[][], power: Value[][], rows: number): HandColumn[] => [
    { name: 'mono_ns', type: 'INT64', pages: mono },
    { name: 'device', type: 'BYTE_ARRAY', pages: [Array<string>(rows).fill('G')] },
    { name: 'power_w', type: 'DOUBLE', pages: power },
  ];
  test('a row group of 4 rows whose mono_ns and power_w chunks hold 3 values', () => {
    const f = put([{ rows: 4, columns: cols([[1n, 2n, 3n]], [[1, 2, 3]], 4) }]);
    expect(issuesOf(() => read(f))).toEqual([{ file: f, column: 'mono_ns', message: 'row group of 4 rows holds 3 values of this column' }]);
  });
  test('the same in pages of one value (the page loop stops at the chunk\'s end)', () => {
    const f = put([{ rows: 4, columns: cols([[1n], [2n], [3n]], [[1], [2], [3]], 4) }]);
    expect(issuesOf(() => read(f))).toEqual([{ file: f, column: 'mono_ns', message: 'row group of 4 rows holds 3 values of this column' }]);
  });
  test('a row group of 4 rows whose power_w chunk alone holds 3 values', () => {
    const f = put([{ rows: 4, columns: [
      { name: 'mono_ns', type: 'INT64', pages: [[1n, 2n, 3n, 4n]] },
      { name: 'device', type: 'BYTE_ARRAY', pages: [['G', 'G', 'G', 'G']] },
      { name: 'power_w', type: 'DOUBLE', pages: [[1, 2], [3]] },
    ] }]);
    expect(issuesOf(() => read(f))).toEqual([{ file: f, column: 'power_w', message: 'row group of 4 rows holds 3 values of this column' }]);
  });
  test('a row group of 2 rows whose one mono_ns page holds 3 values', () => {
    const f = put([{ rows: 2, columns: cols([[1n, 2n, 3n]], [[1, 2, 3]], 2) }]);
    expect(issuesOf(() => read(f))).toEqual([{ file: f, column: 'mono_ns', message: 'row group of 2 rows holds 3 values of this column' }]);
  });
});

describe('a value column read value by value (its pages hold text)', () => {
  test('a null value is an unreadable sample, not a bad row: only the text rows are refused', () => {
    const f = put([{ rows: 3, columns: [
      { name: 'mono_ns', type: 'INT64', pages: [[1n, 2n, 3n]] },
      { name: 'device', type: 'BYTE_ARRAY', pages: [['G', 'G', 'G']] },
      { name: 'power_w', type: 'BYTE_ARRAY', pages: [['abc', null], ['2']] },
    ] }]);
    expect(issuesOf(() => read(f))).toEqual([
      { file: `${f}:1`, column: 'power_w', message: 'expected a number or null: abc' },
      { file: `${f}:3`, column: 'power_w', message: 'expected a number or null: 2' },
    ]);
  });
});
