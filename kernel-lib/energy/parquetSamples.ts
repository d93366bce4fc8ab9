/**
 * A trace's samples as Parquet (issue 27), read into the same callback as the CSV stream
 * (sampleStream.ts `streamSamples`), so that the integration, the marks' windows and the eq. 2.3
 * split under concurrency are the same code on the same numbers: `j2g energy` gives the same runs.csv.
 *
 * Two layouts, beside (or instead of) `<source>.csv`:
 * - `<source>.parquet`: columns mono_ns, wall_ns, device and the value column of the CSV header
 *   (power_w, energy_millijoule, energy_uj), rows in the logger's order;
 * - `<source>/device=<name>/*.parquet`: partitioned by device (Hive style, as DuckDB's and Spark's
 *   `PARTITION_BY (device)` write it; the device column may be left out of the files). Each device's
 *   files are read in name order, and the devices' samples are merged by mono_ns (a tie keeps the
 *   partitions' name order), so that devices are numbered as one file would number them (each device
 *   is integrated on its own, so the runs do not depend on this order: test/energy/parquetTrace.test.ts).
 * mono_ns is INT64 or an integral DOUBLE (exact below 2^53 ns, 104 days); a null value is an
 * unreadable sample (NaN, counted as the CSV's `NA`). A wrong type or a missing column is an error
 * naming file, row and column.
 *
 * Memory is flat: each file's footer is read first (its columns checked), then its row groups one at
 * a time, each device's current row group only (issue 27: 100 million samples at the memory of 1
 * million). Pages are decoded by hyparquet's page readers into typed arrays, not into a JavaScript
 * array per value (numberChunk), so reading Parquet costs a fraction of the integration after it.
 */
import { closeSync, existsSync, fstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parquetMetadata, parquetSchema } from 'hyparquet';
import { parquetHeader, readColumn, readPage } from 'hyparquet/src/column.js';
import { convert, convertWithDictionary, DEFAULT_PARSERS } from 'hyparquet/src/convert.js';
import { decompressPage, readDataPage, readDataPageV2 } from 'hyparquet/src/datapage.js';
import { readRleBitPackedHybrid } from 'hyparquet/src/encoding.js';
import { getMaxDefinitionLevel, getTreePath } from 'hyparquet/src/schema.js';
import { ValidationError } from '../errors.ts';
import { zlibCompressors } from '../io/parquet.ts';
import type { StreamResult } from './sampleStream.ts';

/** Where the samples of `<source>` are as Parquet in `dir` (a file or a partitioned folder), or null. */
export function parquetSamplesPath(dir: string, source: string): string | null {
  const file = join(dir, `${source}.parquet`);
  if (existsSync(file)) return file;
  const folder = join(dir, source);
  if (existsSync(folder) && statSync(folder).isDirectory()) return folder;
  return null;
}

type Metadata = ReturnType<typeof parquetMetadata>;
type Tree = ReturnType<typeof parquetSchema>;
type Issue = { file: string; line: number; column: string; message: string };
const MAX_ISSUES = 20;

/** One file's footer: its row groups and where each needed column chunk lies. */
interface PartFile { file: string; device: string | null; metadata: Metadata; tree: Tree; valueColumn: string; hasDevice: boolean }

/** One row group of a file, decoded: mono_ns and the value as numbers, the device column if the file has one. */
interface Block { mono: Float64Array; values: Float64Array; devices: (string | null)[] | null; rowBase: number }

/** The footer of a Parquet file (read from its end, not the whole file), its columns checked. */
function openPart(file: string, valueColumn: string, device: string | null): PartFile {
  const fd = openSync(file, 'r');
  let metadata: Metadata;
  try {
    const size = fstatSync(fd).size;
    let tail = Math.min(size, 1 << 16);
    let bytes = Buffer.alloc(tail);
    readSync(fd, bytes, 0, tail, size - tail);
    const need = tail >= 8 ? bytes.readUInt32LE(tail - 8) + 8 : 0;
    if (need > tail && need <= size) {
      tail = need;
      bytes = Buffer.alloc(tail);
      readSync(fd, bytes, 0, tail, size - tail);
    }
    try {
      metadata = parquetMetadata(new Uint8Array(bytes.buffer, bytes.byteOffset, tail));
    } catch (e) {
      throw new ValidationError([{ file, message: `not a Parquet file (${(e as Error).message})` }]);
    }
  } finally {
    closeSync(fd);
  }
  const tree = parquetSchema(metadata);
  const nested = tree.children.filter((c) => c.children.length);
  if (nested.length) throw new ValidationError(nested.map((c) => ({ file, column: c.element.name, message: 'a nested column: expected flat columns (one value per row)' })));
  const names = new Set(tree.children.map((c) => c.element.name));
  for (const [name, required] of [['mono_ns', true], [valueColumn, true], ['device', device === null]] as const) {
    if (required && !names.has(name)) throw new ValidationError([{ file, column: name, message: `missing column (expected mono_ns, device and ${valueColumn})` }]);
  }
  return { file, device, metadata, tree, valueColumn, hasDevice: names.has('device') };
}

/**
 * One column chunk of a row group as numbers (null as NaN), page by page with
 * hyparquet's page decoders but without its per-value assembly into a JavaScript array: a typed page
 * (PLAIN or delta INT32, INT64, FLOAT, DOUBLE; dictionary pages too) is copied into a Float64Array.
 * Returns false when a value is not a number (a logical type such as a timestamp, text): the caller then
 * reads the chunk with hyparquet's readColumn and checks it value by value.
 * INT64 is read as its two 32-bit halves, hi * 2^32 + lo: exact below 2^53 and otherwise rounded
 * once, as Number(bigint) rounds.
 */
function numberChunk(bytes: Uint8Array, decoder: Record<string, unknown>, rows: number, out: Float64Array): boolean {
  const reader = { view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset: 0 };
  const schemaPath = decoder.schemaPath as { element: Record<string, unknown>; children: unknown[] }[];
  const maxDef = getMaxDefinitionLevel(schemaPath as never);
  const required = [schemaPath[0], { ...schemaPath[1], element: { ...schemaPath[1].element, repetition_type: 'REQUIRED' } }];
  let dictionary: ArrayLike<unknown> | undefined;
  let p = 0;
  while (p < rows && reader.offset < bytes.byteLength - 1) {
    const header = parquetHeader(reader as never);
    if (header.type === 'DICTIONARY_PAGE') {
      const { data } = readPage(reader as never, header, decoder as never, undefined, undefined, 0);
      dictionary = data ? convert(data, decoder as never) : undefined;
      continue;
    }
    let vals: ArrayLike<unknown>;
    // the definition levels (1: a value, 0: a null), or null when every row has a value
    let def: ArrayLike<number> | null = null;
    let n: number;
    if (header.type === 'DATA_PAGE') {
      const daph = header.data_page_header!;
      const compressed = new Uint8Array(bytes.buffer, bytes.byteOffset + reader.offset, header.compressed_page_size);
      reader.offset += header.compressed_page_size;
      const page = decompressPage(compressed, Number(header.uncompressed_page_size), decoder.codec as never, decoder.compressors as never);
      n = daph.num_values;
      let at = 0, present = n;
      if (maxDef) {
        // read here into bytes (hyparquet's readDataPage reads them into a JavaScript array, a third of the time)
        const levels = new Uint8Array(n);
        const lr = { view: new DataView(page.buffer, page.byteOffset, page.byteLength), offset: 0 };
        readRleBitPackedHybrid(lr as never, 32 - Math.clz32(maxDef), levels);
        at = lr.offset;
        present = 0;
        for (let i = 0; i < n; i++) if (levels[i] === maxDef) present++;
        if (present < n) def = levels;
      }
      // the values: hyparquet's decoders, told the column is required (the levels are read)
      const dataPage = readDataPage(page.subarray(at), { ...daph, num_values: present }, { ...decoder, schemaPath: required } as never).dataPage;
      vals = convertWithDictionary(dataPage, dictionary as never, daph.encoding, decoder as never) as ArrayLike<unknown>;
    } else if (header.type === 'DATA_PAGE_V2') {
      const compressed = new Uint8Array(bytes.buffer, bytes.byteOffset + reader.offset, header.compressed_page_size);
      reader.offset += header.compressed_page_size;
      const page = readDataPageV2(compressed, header, decoder as never);
      vals = convertWithDictionary(page.dataPage, dictionary as never, header.data_page_header_v2!.encoding, decoder as never) as ArrayLike<unknown>;
      const levels = (page.definitionLevels ?? []) as number[];
      n = levels.length || vals.length;
      if (vals.length < n) def = levels;
    } else {
      throw new Error(`parquet unsupported page type: ${header.type}`);
    }
    if (p + n > rows || (def === null && vals.length !== n)) return false;
    // the page's values as numbers, in a scratch array when nulls are to be spread among them
    const dense = def ? new Float64Array(vals.length) : out.subarray(p, p + n);
    if (vals instanceof Float64Array || vals instanceof Float32Array || vals instanceof Int32Array) dense.set(vals);
    else if (vals instanceof BigInt64Array) {
      const half = new Int32Array(vals.buffer, vals.byteOffset, vals.length * 2);
      for (let i = 0; i < vals.length; i++) dense[i] = half[2 * i + 1] * 4294967296 + (half[2 * i] >>> 0);
    } else {
      for (let i = 0; i < vals.length; i++) {
        const v = vals[i];
        if (typeof v === 'number') dense[i] = v;
        else if (typeof v === 'bigint') dense[i] = Number(v);
        else return false;
      }
    }
    if (def) {
      let j = 0;
      for (let i = 0; i < n; i++) {
        if (def[i] === maxDef) out[p + i] = dense[j++];
        else out[p + i] = NaN;
      }
    }
    p += n;
  }
  return p === rows;
}

/** Reads a file's row groups one at a time (bounded memory: one row group of three columns). */
class PartReader {
  private group = 0;
  private rowBase = 0;
  private fd: number | null = null;
  private readonly compressors = zlibCompressors();
  constructor(readonly part: PartFile) {}

  private chunkBytes(name: string, g: number): { bytes: Uint8Array; decoder: Record<string, unknown> } {
    const group = this.part.metadata.row_groups[g];
    const chunk = group.columns.find((c) => c.meta_data!.path_in_schema[0] === name)!;
    const meta = chunk.meta_data!;
    const schemaPath = getTreePath(this.part.tree, meta.path_in_schema);
    // a chunk starts at its dictionary page, if any (a writer may write 0 for none: the data page then)
    const dictionaryAt = Number(meta.dictionary_page_offset ?? 0);
    const start = dictionaryAt > 0 && dictionaryAt < Number(meta.data_page_offset) ? dictionaryAt : Number(meta.data_page_offset);
    const length = Number(meta.total_compressed_size);
    const bytes = new Uint8Array(length);
    this.fd ??= openSync(this.part.file, 'r');
    // one read: a regular file gives every byte asked for up to its end (fewer only past the end)
    const got = readSync(this.fd, bytes, 0, length, start);
    const decoder = {
      pathInSchema: meta.path_in_schema, type: meta.type, element: schemaPath[schemaPath.length - 1].element, schemaPath,
      codec: meta.codec, parsers: DEFAULT_PARSERS, compressors: this.compressors, utf8: true,
    };
    return { bytes: bytes.subarray(0, got), decoder };
  }

  /** A column of row group g as hyparquet decodes it (a value per row, null for a null). */
  private values(name: string, g: number, rows: number): unknown[] {
    const { bytes, decoder } = this.chunkBytes(name, g);
    const reader = { view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset: 0 };
    let data: ArrayLike<unknown>[];
    try {
      data = readColumn(reader, { groupStart: 0, selectStart: 0, selectEnd: rows, groupRows: rows }, decoder as never).data as ArrayLike<unknown>[];
    } catch (e) {
      throw new ValidationError([{ file: this.part.file, column: name, message: `cannot read this column (${(e as Error).message})` }]);
    }
    const out: unknown[] = new Array(rows);
    let p = 0;
    for (const part of data) for (let i = 0; i < part.length; i++) out[p++] = part[i];
    if (p !== rows) throw new ValidationError([{ file: this.part.file, column: name, message: `row group of ${rows} rows holds ${p} values of this column` }]);
    return out;
  }

  /** A numeric column of row group g (a null as NaN): the fast decode, or null when a value needs checking one by one. */
  private numbers(name: string, g: number, rows: number): Float64Array | null {
    const { bytes, decoder } = this.chunkBytes(name, g);
    const out = new Float64Array(rows);
    let r: boolean;
    try {
      r = numberChunk(bytes, decoder, rows, out);
    } catch (e) {
      throw new ValidationError([{ file: this.part.file, column: name, message: `cannot read this column (${(e as Error).message})` }]);
    }
    return r ? out : null;
  }

  /** The next row group with rows, checked (issues are pushed, up to MAX_ISSUES), or null at the file's end. */
  next(issues: Issue[]): Block | null {
    const { metadata, file, device, valueColumn, hasDevice } = this.part;
    while (this.group < metadata.row_groups.length) {
      const g = this.group++;
      const rows = Number(metadata.row_groups[g].num_rows);
      const rowBase = this.rowBase;
      this.rowBase += rows;
      if (rows === 0) continue;
      let mono = this.numbers('mono_ns', g, rows);
      // a null mono_ns (NaN here), or one past 2^53 (named with its exact digits: hyparquet's bigint), is checked value by value
      if (mono) for (let i = 0; i < rows; i++) if (!Number.isSafeInteger(mono[i])) { mono = null; break; }
      let values = this.numbers(valueColumn, g, rows);
      const devices = hasDevice ? this.values('device', g, rows) : null;
      if (mono && values && devices === null) return { mono, values, devices: null, rowBase };
      // the checks value by value (the messages of a bad row: file:row, column, what was expected)
      const monoRaw: ArrayLike<unknown> = mono ?? this.values('mono_ns', g, rows);
      const valueRaw: ArrayLike<unknown> = values ?? this.values(valueColumn, g, rows);
      mono ??= new Float64Array(rows);
      values ??= new Float64Array(rows);
      const names: (string | null)[] = new Array(rows);
      for (let i = 0; i < rows && issues.length < MAX_ISSUES; i++) {
        const line = rowBase + i + 1;
        const m = monoRaw[i];
        const t = typeof m === 'bigint' ? Number(m) : m;
        if (typeof t !== 'number' || !Number.isSafeInteger(t)) issues.push({ file, line, column: 'mono_ns', message: `expected an integer number of nanoseconds: ${String(m)}` });
        mono[i] = t as number;
        const v = valueRaw[i];
        if (v === null || v === undefined) values[i] = NaN;
        else if (typeof v === 'number') values[i] = v;
        else if (typeof v === 'bigint') values[i] = Number(v);
        else issues.push({ file, line, column: valueColumn, message: `expected a number or null: ${String(v)}` });
        const d = devices ? devices[i] : device;
        if (typeof d !== 'string' || d === '') issues.push({ file, line, column: 'device', message: `expected a device name: ${String(d)}` });
        else if (device !== null && d !== device) issues.push({ file, line, column: 'device', message: `${d} in the partition of device ${device}` });
        names[i] = d as string;
      }
      return { mono, values, devices: names, rowBase };
    }
    this.close();
    return null;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

/**
 * Every sample of a Parquet layout (parquetSamplesPath) passed to `onSample(device, tS, value, names, row)`
 * as streamSamples passes a CSV's (tS = (mono_ns - originNs) / 1e9, devices numbered in order of first
 * sample); `row` is the 1-based row of the sample's file.
 */
export function streamParquetSamples(
  path: string,
  valueColumn: string,
  originNs: number,
  onSample: (device: number, tS: number, value: number, deviceNames: readonly string[], row: number) => void,
): StreamResult {
  // every file's footer first: a missing column is refused before any sample is used
  const byDevice = new Map<string, PartFile[]>();
  if (statSync(path).isDirectory()) {
    const partitions = readdirSync(path).filter((d) => d.startsWith('device=')).sort();
    if (partitions.length === 0) throw new ValidationError([{ file: path, message: 'no device=<name> partition: expected <source>/device=<name>/*.parquet' }]);
    for (const p of partitions) {
      const device = decodeURIComponent(p.slice('device='.length));
      const files = readdirSync(join(path, p)).filter((f) => f.endsWith('.parquet')).sort();
      // devices' files one after the other (two partitions naming one device are one stream)
      for (const f of files) byDevice.set(device, [...(byDevice.get(device) ?? []), openPart(join(path, p, f), valueColumn, device)]);
    }
  } else {
    byDevice.set('', [openPart(path, valueColumn, null)]);
  }
  // then merged by time across devices (ties: partition order), one row group of each device held
  const streams = [...byDevice.values()].map((files) => ({ files, k: 0, reader: null as PartReader | null, block: null as Block | null, i: 0 }));
  const S = streams.length;
  const head = new Float64Array(S).fill(Infinity);
  const issues: Issue[] = [];
  const fail = (from: PartReader) => {
    // the rest of the file's rows are checked too (the first MAX_ISSUES problems listed), then refused
    while (issues.length < MAX_ISSUES && from.next(issues)) { /* checking */ }
    throw new ValidationError(issues.map((x) => ({ file: `${x.file}:${x.line}`, column: x.column, message: x.message })));
  };
  /** Moves stream s to its next row with a sample (or past its end: head Infinity). */
  const refill = (s: number) => {
    const st = streams[s];
    for (;;) {
      if (st.block && st.i < st.block.mono.length) { head[s] = st.block.mono[st.i]; return; }
      st.block = null;
      if (!st.reader) {
        if (st.k >= st.files.length) { head[s] = Infinity; return; }
        st.reader = new PartReader(st.files[st.k++]);
      }
      const block = st.reader.next(issues);
      if (issues.length) fail(st.reader);
      if (block) { st.block = block; st.i = 0; } else st.reader = null;
    }
  };
  // every reader is closed however the read ends: at the end, a refused row, a column that cannot be read, an error of onSample
  const names: string[] = [];
  let records = 0, naValues = 0;
  try {
    for (let s = 0; s < S; s++) refill(s);
    const index = new Map<string, number>();
    for (;;) {
      let best = -1, bestT = Infinity;
      for (let s = 0; s < S; s++) if (head[s] < bestT) { bestT = head[s]; best = s; }
      if (best < 0) break;
      const st = streams[best];
      const b = st.block!, i = st.i;
      const name = b.devices ? b.devices[i]! : st.files[0].device!;
      let dev = index.get(name);
      if (dev === undefined) { dev = names.length; names.push(name); index.set(name, dev); }
      const v = b.values[i];
      if (Number.isNaN(v)) naValues++;
      records++;
      onSample(dev, (b.mono[i] - originNs) / 1e9, v, names, b.rowBase + i + 1);
      st.i = i + 1;
      if (st.i < b.mono.length) head[best] = b.mono[st.i];
      else refill(best);
    }
  } finally {
    for (const st of streams) st.reader?.close();
  }
  return { devices: names, records, naValues, truncatedFinalLine: false };
}
