/**
 * streamParquetSamples and parquetSamplesPath on Parquet files written by hand (#29: the energy tests
 * reached them only through DuckDB copies and partitioned copies of whole traces, where every row is
 * good, rows of one device are in time order and no two devices sample at one instant). Oracle: the
 * rows as written, read by hand: t = (mono_ns - originNs) / 1e9, the 1-based row of the sample's own
 * file, devices numbered in order of first sample after the merge by time (a tie keeps partition order).
 *
 * readdirSync is made to list names in reverse order in this file (below): this machine's file system
 * lists a folder's names sorted, which hid a missing sort of the partitions or of a partition's files;
 * other file systems (ext4's hash order, for one) list them in any order.
 *
 * Equivalent mutants (no output can change), parquetSamples.ts after s10-29d's simplification (line
 * numbers of that code; a fresh run of the whole file, 407 of 443 killed, docs/mutation.md). Checks that
 * could never fail were removed then (the null count, the chunk read's loop, the dictionary offset's
 * undefined test, `levels.length` in the version-2 null test, the per-stream device-number cache), and
 * test/energy/parquetSamplesPages.test.ts builds the pages no writer at hand writes (several version-1
 * pages in a chunk, a REQUIRED version-1 column, footer row counts that disagree with the pages, a
 * dictionary offset of 0 or past the data), which killed the two "not constructed" mutants of before
 * (a second version-1 page read from the wrong place; `if (maxDef)` made `true`) and the row-count guards.
 * The 36 left:
 * - The typed-page decode and the slow path (readColumn, value by value) give the same numbers, so a
 *   mutant that only changes which route a good page takes changes speed, not output: 149-150 and 157
 *   (a typed array copied by `set`, a BigInt64Array by its halves, anything else by Number(): each
 *   exact, or rounded once to nearest as Number(bigint) rounds), 130 (a page spread through the scratch
 *   array without nulls in it), 245 (the checking loop run on a good row group), 350 (refill finds the
 *   same next row), 239 (an empty row group read as a block of no rows), 225 (the typed decode's `catch`
 *   emptied: the chunk is then read by readColumn, which refuses a garbled or unknown page with the same
 *   words). The spy on readColumn below kills the ones that send a good page to the slow path.
 * - Reads past the end of an array: 129, 152 and 163 `<` made `<=` (levels[n] is undefined, never
 *   maxDef; a write past a Float64Array's end or into the next page's first slot, overwritten), 338
 *   `s <= S` (head[S] is undefined, never less than bestT).
 * - 104 `p < rows` made `true` or `<=`: only a chunk holding more values than its rows reads a page
 *   more, and then returns false at 146 and is read by readColumn up to its rows: the same numbers. 104
 *   `reader.offset < bytes.byteLength - 1` made `<=`: only a chunk with one byte after its last page.
 *   146 `(def === null && vals.length !== n)` made `false`: without nulls a page decodes exactly n values.
 * - 188 `dictionaryAt < data_page_offset` made `<=`: a dictionary offset equal to the data offset starts
 *   the chunk at the same byte.
 * - 64 `tail >= 8` made `> 8` (an 8-byte file's length field can only ask for the same 8 bytes; refused
 *   by hyparquet either way), 65 `need > tail` made `true` or `>=` (the same footer bytes read again),
 *   `need <= size` made `<` (a footer of the whole file, leading PAR1 included: refused either way).
 * - 101 `required` made `[]`: hyparquet reads an empty schema path as maximum definition level 0, as the
 *   REQUIRED copy says. 211, 251 `new Array(rows)` made `new Array()`. 256 `typeof t !== 'number'`
 *   made `false` (Number.isSafeInteger is false for anything not a number), 259 `v === undefined`
 *   made `false` (hyparquet decodes a missing value as null), 261 the checking loop's `bigint` value (the
 *   slow path reads a value column only when its pages hold non-numbers). 303 the single file's key ''
 *   made another string (it is then the only stream). 312 `issues.length < MAX_ISSUES` made `<=` or
 *   `true` (next() stops adding problems at MAX_ISSUES itself; only more rows are read).
 */
import { mkdirSync, mkdtempSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetMetadata } from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, test, vi } from 'vitest';

// the columns hyparquet's readColumn is asked for (the slow path: a JavaScript value per row)
const readColumnCalls = vi.hoisted(() => [] as string[]);
vi.mock('hyparquet/src/column.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('hyparquet/src/column.js')>();
  const readColumn: typeof m.readColumn = (reader, rowGroup, decoder, onPage) => {
    readColumnCalls.push(decoder.pathInSchema[0]);
    return m.readColumn(reader, rowGroup, decoder, onPage);
  };
  return { ...m, readColumn };
});

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const readdirSync = (path: string) => (fs.readdirSync(path) as string[]).slice().reverse();
  return { ...fs, readdirSync };
});
import { ValidationError } from '../../kernel-lib/errors.ts';
import { parquetSamplesPath, streamParquetSamples } from '../../kernel-lib/energy/parquetSamples.ts';

type Col = { name: string; type: 'STRING' | 'DOUBLE' | 'FLOAT' | 'INT32' | 'INT64'; values: unknown[]; encoding?: string; nullable?: boolean };
type WriteOptions = { rowGroupSize?: number; pageSize?: number; codec?: string };
const bytes = (cols: Col[], o: WriteOptions = {}) =>
  new Uint8Array(parquetWriteBuffer({ ...o, columnData: cols.map((c) => ({ name: c.name, data: c.values as never, type: c.type, nullable: c.nullable ?? true, encoding: c.encoding })) } as never));
const tmp = () => mkdtempSync(join(tmpdir(), 'j2g-pqs-'));
const put = (path: string, cols: Col[], o: WriteOptions = {}) => writeFileSync(path, bytes(cols, o));

function read(path: string, originNs = 0, valueColumn = 'power_w') {
  const got: [string, number, number, number][] = [];
  const res = streamParquetSamples(path, valueColumn, originNs, (dev, t, v, names, row) => got.push([`${dev}:${names[dev]}`, t, v, row]));
  return { got, res };
}
const issuesOf = (f: () => unknown) => {
  try { f(); } catch (e) { if (e instanceof ValidationError) return e.issues; throw e; }
  throw new Error('expected a ValidationError');
};

describe('parquetSamplesPath', () => {
  test('a <source>.parquet file first, else a <source> folder, else null (a plain file named <source> is not a folder)', () => {
    const d = tmp();
    expect(parquetSamplesPath(d, 'smi')).toBe(null);
    writeFileSync(join(d, 'smi'), 'not a folder');
    expect(parquetSamplesPath(d, 'smi')).toBe(null);
    mkdirSync(join(d, 'nvml'));
    expect(parquetSamplesPath(d, 'nvml')).toBe(join(d, 'nvml'));
    writeFileSync(join(d, 'nvml.parquet'), '');
    expect(parquetSamplesPath(d, 'nvml')).toBe(join(d, 'nvml.parquet'));
  });
});

describe('one file', () => {
  test('INT64 mono_ns, a null value as NaN (counted), devices numbered by first sample, rows 1-based', () => {
    const f = join(tmp(), 'smi.parquet');
    put(f, [
      { name: 'mono_ns', type: 'INT64', values: [5_000_000_000n, 5_500_000_000n, 6_000_000_000n, 6_250_000_000n] },
      { name: 'wall_ns', type: 'INT64', values: [1n, 2n, 3n, 4n] },
      { name: 'device', type: 'STRING', values: ['GPU-b', 'GPU-a', 'GPU-b', 'GPU-a'] },
      { name: 'power_w', type: 'DOUBLE', values: [700, null, 12.5, 0] },
    ]);
    const { got, res } = read(f, 4e9);
    expect(got).toEqual([['0:GPU-b', 1, 700, 1], ['1:GPU-a', 1.5, NaN, 2], ['0:GPU-b', 2, 12.5, 3], ['1:GPU-a', 2.25, 0, 4]]);
    expect(res).toEqual({ devices: ['GPU-b', 'GPU-a'], records: 4, naValues: 1, truncatedFinalLine: false });
  });

  test('an INT64 counter value is read as its number', () => {
    const f = join(tmp(), 'nvml.parquet');
    put(f, [
      { name: 'mono_ns', type: 'DOUBLE', values: [1e9, 2e9] },
      { name: 'device', type: 'STRING', values: ['G', 'G'] },
      { name: 'energy_millijoule', type: 'INT64', values: [123_456_789_012n, 123_456_790_012n] },
    ]);
    expect(read(f, 0, 'energy_millijoule').got).toEqual([['0:G', 1, 123_456_789_012, 1], ['0:G', 2, 123_456_790_012, 2]]);
  });

  test('refuses a missing mono_ns, value or device column, naming file and column', () => {
    const d = tmp();
    const cases: [Col[], string][] = [
      [[{ name: 'device', type: 'STRING', values: ['G'] }, { name: 'power_w', type: 'DOUBLE', values: [1] }], 'mono_ns'],
      [[{ name: 'mono_ns', type: 'DOUBLE', values: [1] }, { name: 'device', type: 'STRING', values: ['G'] }], 'power_w'],
      [[{ name: 'mono_ns', type: 'DOUBLE', values: [1] }, { name: 'power_w', type: 'DOUBLE', values: [1] }], 'device'],
    ];
    for (const [k, [cols, column]] of cases.entries()) {
      const f = join(d, `m${k}.parquet`);
      put(f, cols);
      expect(issuesOf(() => read(f))).toEqual([{ file: f, column, message: 'missing column (expected mono_ns, device and power_w)' }]);
    }
  });

  test('names each bad row by file:row and column: a fractional, null or unsafe mono_ns, a text value, an empty or null device', () => {
    const f = join(tmp(), 'smi.parquet');
    put(f, [
      { name: 'mono_ns', type: 'DOUBLE', values: [1, 2.5, null, 2 ** 53, 5, 6, 7] },
      { name: 'device', type: 'STRING', values: ['G', 'G', 'G', 'G', 'G', '', null] },
      { name: 'power_w', type: 'STRING', values: ['1', '2', '3', '4', 'x', '6', '7'] },
    ]);
    const issues = issuesOf(() => read(f));
    // power_w as text: every row's value is "expected a number or null"
    expect(issues).toEqual([
      { file: `${f}:1`, column: 'power_w', message: 'expected a number or null: 1' },
      { file: `${f}:2`, column: 'mono_ns', message: 'expected an integer number of nanoseconds: 2.5' },
      { file: `${f}:2`, column: 'power_w', message: 'expected a number or null: 2' },
      { file: `${f}:3`, column: 'mono_ns', message: 'expected an integer number of nanoseconds: null' },
      { file: `${f}:3`, column: 'power_w', message: 'expected a number or null: 3' },
      { file: `${f}:4`, column: 'mono_ns', message: `expected an integer number of nanoseconds: ${2 ** 53}` },
      { file: `${f}:4`, column: 'power_w', message: 'expected a number or null: 4' },
      { file: `${f}:5`, column: 'power_w', message: 'expected a number or null: x' },
      { file: `${f}:6`, column: 'power_w', message: 'expected a number or null: 6' },
      { file: `${f}:6`, column: 'device', message: 'expected a device name: ' },
      { file: `${f}:7`, column: 'power_w', message: 'expected a number or null: 7' },
      { file: `${f}:7`, column: 'device', message: 'expected a device name: null' },
    ]);
  });

  test('lists at most 20 problems: a file of 30 bad rows stops at row 20', () => {
    const f = join(tmp(), 'smi.parquet');
    put(f, [
      { name: 'mono_ns', type: 'DOUBLE', values: Array.from({ length: 30 }, (_, k) => k + 0.5) },
      { name: 'device', type: 'STRING', values: Array.from({ length: 30 }, () => 'G') },
      { name: 'power_w', type: 'DOUBLE', values: Array.from({ length: 30 }, () => 1) },
    ]);
    const issues = issuesOf(() => read(f));
    expect(issues.map((x) => x.file)).toEqual(Array.from({ length: 20 }, (_, k) => `${f}:${k + 1}`));
  });
});

describe('partitioned by device', () => {
  const partition = (root: string, name: string, files: [string, number[], (number | null)[], string[] | null][]) => {
    const folder = join(root, `device=${encodeURIComponent(name)}`);
    mkdirSync(folder, { recursive: true });
    for (const [file, mono, value, devices] of files) {
      const cols: Col[] = [{ name: 'mono_ns', type: 'DOUBLE', values: mono }, { name: 'power_w', type: 'DOUBLE', values: value }];
      if (devices) cols.push({ name: 'device', type: 'STRING', values: devices });
      put(join(folder, file), cols);
    }
  };

  test('merges the devices by time, each device\'s files in name order; a tie keeps partition order; rows count per file', () => {
    const root = join(tmp(), 'smi');
    // device "GPU a/1" (encoded in its folder name) and GPU-b; b's files written in reverse name order
    partition(root, 'GPU-b', [['part-1.parquet', [4e9, 6e9], [40, 60], null], ['part-0.parquet', [1e9, 3e9], [10, 30], null]]);
    partition(root, 'GPU a/1', [['p0.parquet', [2e9, 3e9], [20, null], ['GPU a/1', 'GPU a/1']], ['p1.parquet', [5e9], [50], null]]);
    writeFileSync(join(root, 'device=GPU-b', 'notes.txt'), 'not a parquet file');
    // not a device=<name> partition, though it holds a Parquet file: not read
    mkdirSync(join(root, 'tmp-staging'));
    put(join(root, 'tmp-staging', 'x.parquet'), [{ name: 'mono_ns', type: 'DOUBLE', values: [0.5e9] }, { name: 'power_w', type: 'DOUBLE', values: [99] }, { name: 'device', type: 'STRING', values: ['GPU-b'] }]);
    const { got, res } = read(root);
    // partitions in name order: "device=GPU%20a%2F1" < "device=GPU-b" ('%' < '-'), so at t = 3 s the tie
    // goes to GPU a/1 first
    expect(got).toEqual([
      ['0:GPU-b', 1, 10, 1], ['1:GPU a/1', 2, 20, 1], ['1:GPU a/1', 3, NaN, 2], ['0:GPU-b', 3, 30, 2],
      ['0:GPU-b', 4, 40, 1], ['1:GPU a/1', 5, 50, 1], ['0:GPU-b', 6, 60, 2],
    ]);
    expect(res).toEqual({ devices: ['GPU-b', 'GPU a/1'], records: 7, naValues: 1, truncatedFinalLine: false });
  });

  test('a device with an empty file between two others, and a device with no rows at all, still stream in order', () => {
    const root = join(tmp(), 'smi');
    partition(root, 'A', [['0.parquet', [1e9], [1], null], ['1.parquet', [], [], null], ['2.parquet', [3e9], [3], null]]);
    partition(root, 'B', [['0.parquet', [], [], null]]);
    partition(root, 'C', [['0.parquet', [2e9], [2], null]]);
    expect(read(root).got).toEqual([['0:A', 1, 1, 1], ['1:C', 2, 2, 1], ['0:A', 3, 3, 1]]);
  });

  test('refuses a folder without partitions, and a row naming another device than its partition', () => {
    const root = join(tmp(), 'smi');
    mkdirSync(root);
    expect(issuesOf(() => read(root))).toEqual([{ file: root, message: 'no device=<name> partition: expected <source>/device=<name>/*.parquet' }]);
    partition(root, 'A', [['0.parquet', [1e9, 2e9], [1, 2], ['A', 'B']]]);
    const f = join(root, 'device=A', '0.parquet');
    expect(issuesOf(() => read(root))).toEqual([{ file: `${f}:2`, column: 'device', message: 'B in the partition of device A' }]);
  });
});

/** The paths of this process's open file descriptors that lie under `root` (Linux: /proc/self/fd). */
const openUnder = (root: string) =>
  readdirSync('/proc/self/fd').map((fd) => { try { return readlinkSync(`/proc/self/fd/${fd}`); } catch { return ''; } }).filter((p) => p.startsWith(root));

describe('row groups and pages (the typed-page reader, issue 27)', () => {
  const N = 11;
  const mono = Array.from({ length: N }, (_, k) => 1_000_000_000 * (k + 1));
  const power = Array.from({ length: N }, (_, k) => (k % 4 === 2 ? null : (k % 3) * 0.5));
  // the oracle: row k (1-based k + 1) at t = k + 1 s, its value (null read as NaN)
  const expected = (dev = '0:G') => mono.map((_, k) => [dev, k + 1, power[k] ?? NaN, k + 1]);

  test('every numeric layout hyparquet-writer writes is decoded from its pages (readColumn asked for the device column only), rows numbered across row groups', () => {
    const d = tmp();
    const layouts: [string, Col[], WriteOptions][] = [
      ['INT64 PLAIN, DOUBLE with nulls, row groups of 4, pages of about two values', [
        { name: 'mono_ns', type: 'INT64', values: mono.map(BigInt) },
        { name: 'device', type: 'STRING', values: mono.map(() => 'G') },
        { name: 'power_w', type: 'DOUBLE', values: power },
      ], { rowGroupSize: 4, pageSize: 16 }],
      ['DELTA_BINARY_PACKED INT64, dictionary-encoded DOUBLE, uncompressed', [
        { name: 'mono_ns', type: 'INT64', values: mono.map(BigInt), encoding: 'DELTA_BINARY_PACKED' },
        { name: 'device', type: 'STRING', values: mono.map(() => 'G') },
        { name: 'power_w', type: 'DOUBLE', values: power, encoding: 'RLE_DICTIONARY' },
      ], { codec: 'UNCOMPRESSED' }],
      ['required (not nullable) DOUBLE mono_ns, FLOAT value, one row group', [
        { name: 'mono_ns', type: 'DOUBLE', values: mono, nullable: false },
        { name: 'device', type: 'STRING', values: mono.map(() => 'G') },
        { name: 'power_w', type: 'FLOAT', values: power },
      ], {}],
      ['required DELTA_BINARY_PACKED INT64, dictionary-encoded DOUBLE, row groups of 3, pages of one value', [
        { name: 'mono_ns', type: 'INT64', values: mono.map(BigInt), nullable: false, encoding: 'DELTA_BINARY_PACKED' },
        { name: 'device', type: 'STRING', values: mono.map(() => 'G') },
        { name: 'power_w', type: 'DOUBLE', values: power, encoding: 'RLE_DICTIONARY' },
      ], { rowGroupSize: 3, pageSize: 1 }],
    ];
    for (const [k, [what, cols, o]] of layouts.entries()) {
      const f = join(d, `l${k}.parquet`);
      put(f, cols, o);
      const groups = parquetMetadata(new Uint8Array(bytes(cols, o)).buffer).row_groups.length;
      expect(groups, what).toBe(o.rowGroupSize ? Math.ceil(N / o.rowGroupSize) : 1);
      readColumnCalls.length = 0;
      expect(read(f).got, what).toEqual(expected());
      expect(readColumnCalls, what).toEqual(Array.from({ length: groups }, () => 'device'));
    }
  });

  test('DuckDB\'s layout (version 1 data pages, nulls by definition levels) is decoded from its pages too', async () => {
    const f = join(tmp(), 'smi.parquet');
    const rows = mono.map((m, k) => `(${m}::BIGINT, 'G', ${power[k] ?? 'NULL'}::DOUBLE)`).join(', ');
    const db = await DuckDBInstance.create(':memory:');
    const c = await db.connect();
    await c.run(`COPY (SELECT * FROM (VALUES ${rows}) t(mono_ns, device, power_w)) TO '${f}' (FORMAT PARQUET)`);
    c.closeSync();
    db.closeSync();
    // (the device column is dictionary-encoded, read by readColumn; DuckDB writes these doubles PLAIN)
    readColumnCalls.length = 0;
    expect(read(f).got).toEqual(expected());
    expect(readColumnCalls).toEqual(['device']);
  });

  test('a device column of plain BYTE_ARRAY (no STRING annotation, as some writers leave it) is read as UTF-8 names', () => {
    const f = join(tmp(), 'smi.parquet');
    const enc = new TextEncoder();
    writeFileSync(f, new Uint8Array(parquetWriteBuffer({ columnData: [
      { name: 'mono_ns', data: [1_000_000_000n, 2_000_000_000n] as never, type: 'INT64' },
      { name: 'device', data: [enc.encode('GPU-é'), enc.encode('GPU-b')] as never, type: 'BYTE_ARRAY' },
      { name: 'power_w', data: [1, 2] as never, type: 'DOUBLE' },
    ] } as never)));
    expect(read(f).got).toEqual([['0:GPU-é', 1, 1, 1], ['1:GPU-b', 2, 2, 2]]);
  });

  test('INT32 mono_ns and values, and a partition without a device column, are read without readColumn at all', () => {
    const root = join(tmp(), 'smi');
    mkdirSync(join(root, 'device=G'), { recursive: true });
    put(join(root, 'device=G', '0.parquet'), [
      { name: 'mono_ns', type: 'INT32', values: [-7, 0, 2 ** 31 - 1] },
      { name: 'power_w', type: 'INT32', values: [-1, null, 2 ** 31 - 1], encoding: 'DELTA_BINARY_PACKED' },
    ]);
    readColumnCalls.length = 0;
    expect(read(root).got).toEqual([['0:G', -7e-9, -1, 1], ['0:G', 0, NaN, 2], ['0:G', (2 ** 31 - 1) / 1e9, 2 ** 31 - 1, 3]]);
    expect(readColumnCalls).toEqual([]);
  });

  test('INT64 mono_ns is read exactly from its two 32-bit halves: negative, low half with its top bit set, up to 2^53 - 1', () => {
    const f = join(tmp(), 'smi.parquet');
    const ns = [-3n, -(2n ** 32n) - 1n, 2n ** 31n + 7n, 5n * 2n ** 32n + 2n ** 31n, 2n ** 53n - 1n];
    put(f, [
      { name: 'mono_ns', type: 'INT64', values: ns },
      { name: 'device', type: 'STRING', values: ns.map(() => 'G') },
      { name: 'power_w', type: 'DOUBLE', values: ns.map(() => 1) },
    ]);
    // origin 2^52 ns: each t is (mono_ns - 2^52) / 1e9 with mono_ns as its exact integer
    expect(read(f, 2 ** 52).got.map((r) => r[1])).toEqual([-3, -(2 ** 32) - 1, 2 ** 31 + 7, 5 * 2 ** 32 + 2 ** 31, 2 ** 53 - 1].map((x) => (x - 2 ** 52) / 1e9));
  });

  test('an INT64 mono_ns past 2^53 is named with its exact digits, the good rows around it not', () => {
    const f = join(tmp(), 'smi.parquet');
    put(f, [
      { name: 'mono_ns', type: 'INT64', values: [1n, 2n ** 53n + 1n, 3n] },
      { name: 'device', type: 'STRING', values: ['G', 'G', 'G'] },
      { name: 'power_w', type: 'DOUBLE', values: [1, 2, 3] },
    ]);
    expect(issuesOf(() => read(f))).toEqual([{ file: `${f}:2`, column: 'mono_ns', message: 'expected an integer number of nanoseconds: 9007199254740993' }]);
  });

  test('a bad row in a later row group is named by its row in the file, and every row group of the file is checked (not only the first bad one)', () => {
    const f = join(tmp(), 'smi.parquet');
    put(f, [
      { name: 'mono_ns', type: 'DOUBLE', values: [1, 2, 3, 4.5, 5, 6, 7.5] },
      { name: 'device', type: 'STRING', values: ['G', 'G', 'G', 'G', 'G', 'G', 'G'] },
      { name: 'power_w', type: 'DOUBLE', values: [1, 2, 3, 4, 5, 6, 7] },
    ], { rowGroupSize: 3 });
    expect(issuesOf(() => read(f))).toEqual([
      { file: `${f}:4`, column: 'mono_ns', message: 'expected an integer number of nanoseconds: 4.5' },
      { file: `${f}:7`, column: 'mono_ns', message: 'expected an integer number of nanoseconds: 7.5' },
    ]);
  });

  test('a footer larger than the 64 KiB read first is read whole (1,000 row groups)', () => {
    const f = join(tmp(), 'smi.parquet');
    const n = 1000;
    const b = bytes([
      { name: 'mono_ns', type: 'INT64', values: Array.from({ length: n }, (_, k) => BigInt(k + 1) * 1_000_000n) },
      { name: 'device', type: 'STRING', values: Array.from({ length: n }, () => 'G') },
      { name: 'power_w', type: 'DOUBLE', values: Array.from({ length: n }, (_, k) => k) },
    ], { rowGroupSize: 1 });
    expect(new DataView(b.buffer, b.byteOffset).getUint32(b.length - 8, true)).toBeGreaterThan(1 << 16);
    writeFileSync(f, b);
    const { got } = read(f);
    expect(got.length).toBe(n);
    expect(got[n - 1]).toEqual(['0:G', n / 1000, n - 1, n]);
  });
});

describe('files that are not Parquet, and a column that cannot be read', () => {
  const good = () => bytes([
    { name: 'mono_ns', type: 'INT64', values: [1n, 2n] },
    { name: 'device', type: 'STRING', values: ['G', 'G'] },
    { name: 'power_w', type: 'DOUBLE', values: [1, 2] },
  ]);

  test('an empty file, a file shorter than a footer, text, and a footer length past the file\'s start: "not a Parquet file", with hyparquet\'s reason', () => {
    const d = tmp();
    const long = Buffer.from(good());
    // the footer's length field (the 4 bytes before the closing PAR1) made 100 bytes more than the file
    long.writeUInt32LE(long.length + 100 - 8, long.length - 8);
    for (const [name, content] of [['empty', ''], ['short', 'PAR1'], ['text', 'mono_ns,wall_ns,device,power_w\n'], ['long', long]] as const) {
      const f = join(d, `${name}.parquet`);
      writeFileSync(f, content);
      const issues = issuesOf(() => read(f));
      expect(issues.length, name).toBe(1);
      expect(issues[0].file, name).toBe(f);
      expect(issues[0].message, name).toMatch(/^not a Parquet file \(.+\)$/);
    }
    // the long one: only the 64 KiB tail (here the whole file) is given to hyparquet, not a buffer of the
    // length asked for, read from before the file's start (hyparquet's words: the footer of length
    // size + 92 does not fit in the size - 8 bytes before the length field)
    const f = join(d, 'long.parquet');
    expect(issuesOf(() => read(f))[0].message).toBe(`not a Parquet file (parquet metadata length ${long.length + 92} exceeds available buffer ${long.length - 8})`);
  });

  test('a column chunk whose page header is garbled is refused naming file and column, and no file is left open', () => {
    const d = tmp();
    const b = good();
    const meta = parquetMetadata(new Uint8Array(b).buffer);
    for (const [k, column] of ['mono_ns', 'device', 'power_w'].entries()) {
      const f = join(d, `${column}.parquet`);
      const c = Buffer.from(b);
      const at = Number(meta.row_groups[0].columns[k].meta_data!.data_page_offset);
      c.fill(0xff, at, at + 6);
      writeFileSync(f, c);
      const issues = issuesOf(() => read(f));
      expect(issues.map((x) => [x.file, x.column]), column).toEqual([[f, column]]);
      expect(issues[0].message, column).toMatch(/^cannot read this column \(.+\)$/);
    }
    expect(openUnder(d)).toEqual([]);
  });
});

describe('a nested column', () => {
  test('a struct and a list column (as DuckDB writes them) are refused by name before any row is read', async () => {
    const f = join(tmp(), 'smi.parquet');
    const db = await DuckDBInstance.create(':memory:');
    const c = await db.connect();
    await c.run(`COPY (SELECT 1000000000::BIGINT AS mono_ns, {'zone': 'G'} AS extra, 'G' AS device, [1.5, 2.5] AS power_w) TO '${f}' (FORMAT PARQUET)`);
    c.closeSync();
    db.closeSync();
    expect(issuesOf(() => read(f))).toEqual([
      { file: f, column: 'extra', message: 'a nested column: expected flat columns (one value per row)' },
      { file: f, column: 'power_w', message: 'a nested column: expected flat columns (one value per row)' },
    ]);
  });
});

describe('a page of a type that holds no values', () => {
  test('an index page among mono_ns\'s pages is refused naming file and column (hyparquet\'s readers would skip or misread it)', () => {
    const f = join(tmp(), 'smi.parquet');
    const b = Buffer.from(bytes([
      { name: 'mono_ns', type: 'INT64', values: [1n, 2n] },
      { name: 'device', type: 'STRING', values: ['G', 'G'] },
      { name: 'power_w', type: 'DOUBLE', values: [1, 2] },
    ]));
    const at = Number(parquetMetadata(new Uint8Array(b).buffer).row_groups[0].columns[0].meta_data!.data_page_offset);
    // a page header begins with field 1, the page type, in Thrift's compact protocol: 0x15 (field delta 1,
    // i32) then the zigzag varint of the type: DATA_PAGE_V2 = 3 is 0x06, INDEX_PAGE = 1 is 0x02
    expect([b[at], b[at + 1]]).toEqual([0x15, 0x06]);
    b[at + 1] = 0x02;
    writeFileSync(f, b);
    expect(issuesOf(() => read(f))).toEqual([{ file: f, column: 'mono_ns', message: 'cannot read this column (parquet unsupported page type: INDEX_PAGE)' }]);
  });
});

describe('files are closed', () => {
  const partition = (root: string, name: string, mono: number[]) => {
    mkdirSync(join(root, `device=${name}`), { recursive: true });
    for (const k of [0, 1]) put(join(root, `device=${name}`, `${k}.parquet`), [{ name: 'mono_ns', type: 'DOUBLE', values: mono.map((x) => x + 10e9 * k) }, { name: 'power_w', type: 'DOUBLE', values: mono.map(() => 1) }]);
  };

  test('after a whole read of several partitions and files, after an error of the callback, and after a refusal while other partitions are open', () => {
    const root = join(tmp(), 'smi');
    partition(root, 'A', [1e9, 2e9]);
    partition(root, 'B', [1.5e9, 2.5e9]);
    expect(read(root).got.length).toBe(8);
    expect(openUnder(root)).toEqual([]);
    // an error of the callback ends the read too
    expect(() => streamParquetSamples(root, 'power_w', 0, () => { throw new RangeError('stop'); })).toThrow(new RangeError('stop'));
    expect(openUnder(root)).toEqual([]);
    // C's second row is bad; A and B have each a file open when C's first row group is read
    partition(root, 'C', [3e9, 3.5]);
    // (its second file is never opened: a refusal checks the rest of the bad file only)
    expect(issuesOf(() => read(root)).map((x) => x.file)).toEqual([`${join(root, 'device=C', '0.parquet')}:2`]);
    expect(openUnder(root)).toEqual([]);
  });
});
