/**
 * A strict RFC 4180 CSV reader that keeps line numbers, so that every later check can say
 * `file:line: column: what was expected`. It never guesses types: every field is a string, and the
 * schema layer (zod) decides what a field must be.
 *
 * Rules: comma separator, `"` quoting with `""` escapes (a `"` inside an unquoted field is an error), quoted fields may span lines, `\n`, `\r\n`
 * or a bare `\r` line ends (each counted as one line), a final line end optional. A row whose field
 * count differs from the header is an error, not padded or truncated. Blank lines are errors too (nothing is dropped silently), except a single
 * trailing line end. Header cells are not trimmed, as cells never are: ` energy_mj ` is an error.
 * Files are strict UTF-8 (readCsv): a byte that is not is an error at its line and column.
 */
import { ValidationError, type ValidationIssue } from '../errors.ts';
import { nodeCrypto, nodeFs } from './node.ts';
import { pushAll } from '../arrays.ts';
import { headerIssues } from './headerIssues.ts';
import { INPUT_LIMITS, checkInputSize, openInput, readInput, type InputOptions } from './input.ts';

export interface CsvRow {
  /** 1-based physical line on which the record starts (the header is line 1). */
  line: number;
  values: Record<string, string>;
}

export interface CsvData {
  file: string;
  header: string[];
  rows: CsvRow[];
}

/**
 * A CSV file dictionary-encoded by column (the dataset loader's form, data/load.ts): row i's cell in
 * column h is `columns[h].dict[columns[h].codes[i]]`, and `lines[i]` the line its record starts on.
 * Equal cells share one code, so a column of 800,000 cells with 4 distinct values costs 3.2 MB; a
 * column whose first 4,096 cells are mostly distinct is kept plain (code i is row i, equal cells may
 * then have different codes: compare cells, not codes, across rows of such a column).
 */
export interface CsvColumns {
  file: string;
  header: string[];
  length: number;
  lines: Int32Array;
  /** `encoded`: equal cells share one code (else the column is plain, code i is row i) */
  columns: Record<string, { codes: Int32Array; dict: string[]; encoded: boolean }>;
  /** the SHA-256 (hex) of the bytes these columns were read from, when read from a file */
  sha256?: string;
}

const COMMA = 44, LF = 10, CR = 13, QUOTE = 34;

/**
 * Scan CSV text record by record from `from` (on line `line`), handing each record's raw fields and
 * start line to `onRecord` and pushing each malformed record's problem to `issues` (the rules above).
 * With `final` false the text is a prefix of the file (streamCsvFile): the scan stops before the
 * first record that the text may not hold whole (it reaches the text's end, or a CR that may be half
 * of a CRLF), forgets that record's issues, and returns where it starts, so the caller can append
 * more text and go on from there. Unquoted fields are sliced, not built a character at a time. With
 * `once` it stops after one record (scanColumns hands it the records simpleRecords does not take).
 */
function scanRecords(text: string, from: number, line: number, final: boolean, file: string, issues: ValidationIssue[], onRecord: (line: number, fields: string[], blank: boolean) => void, reuse: boolean, once = false): { at: number; line: number } {
  let i = from;
  const n = text.length;
  let fields: string[] = [];
  while (i < n) {
    const start = line, startAt = i, issuesAt = issues.length;
    const c0 = text.charCodeAt(i);
    const blank = c0 === LF || c0 === CR; // nothing before the line end (a quoted "" is not blank)
    if (reuse) fields.length = 0;
    else fields = [];
    let whole = true;
    for (;;) {
      let field = '';
      if (text.charCodeAt(i) === QUOTE) {
        i++;
        for (;;) {
          if (i >= n) {
            if (final) issues.push({ file, line: start, message: 'unterminated quoted field' }); // else read more (below)
            break;
          }
          const c = text[i];
          if (c === '"') {
            if (text[i + 1] === '"') { field += '"'; i += 2; continue; }
            i++;
            break;
          }
          if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++; // (a CR at the text's end: the record is read again)
          field += c;
          i++;
        }
        if (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
          issues.push({ file, line, message: 'unexpected character after closing quote' });
          while (i < n && text[i] !== ',' && text[i] !== '\n') i++;
        }
      } else {
        const from = i;
        for (let c = text.charCodeAt(i); i < n && c !== COMMA && c !== LF && c !== CR; c = text.charCodeAt(++i)) {
          if (c === QUOTE) issues.push({ file, line, message: `double quote inside unquoted field ${fields.length + 1}, expected the whole field quoted with the quote doubled ("a ""b"" c")` });
        }
        field = text.slice(from, i);
      }
      // the text ends inside this record, or on a CR that may be half of a CRLF: read more first
      if (!final && (i >= n || (text.charCodeAt(i) === CR && i + 1 >= n))) { whole = false; break; }
      fields.push(field);
      const c = text.charCodeAt(i);
      if (i < n && c === COMMA) { i++; continue; }
      if (i < n && c === CR) {
        i++;
        if (text.charCodeAt(i) !== LF) line++; // a bare CR (classic Mac) ends a line too
      }
      if (i < n && text.charCodeAt(i) === LF) { i++; line++; }
      break;
    }
    if (!whole) {
      issues.length = issuesAt;
      return { at: startAt, line: start };
    }
    onRecord(start, fields, blank);
    if (once) break;
  }
  return { at: i, line };
}

/**
 * Where a dataset file's records go without a string per cell (readCsvColumns, parseCsvColumns):
 * `width` fields a record (0 until the header is read); `onCells(line)` takes one record whose field k
 * is `text.slice(starts[k], ends[k])`, of FNV-1a hash `hashes[k]` (cellHash).
 */
interface CellSink {
  width: () => number;
  starts: Int32Array;
  ends: Int32Array;
  hashes: Int32Array;
  onCells: (line: number, text: string) => void;
}

const FNV_OFFSET = 0x811c9dc5 | 0, FNV_PRIME = 0x01000193;

/**
 * The 32-bit FNV-1a hash of a string's UTF-16 code units (the hash simpleRecords computes of a cell
 * while it scans it). @example cellHash('') // => -2128831035
 */
export function cellHash(v: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < v.length; i++) h = Math.imul(h ^ v.charCodeAt(i), FNV_PRIME);
  return h;
}

/**
 * The records from `from` that none of scanRecords' rules can object to, handed to `sink` as cell
 * positions (issue 27: a dataset file's cells are then sliced only when new to their column): a record
 * is taken when it is not blank, has exactly `sink.width()` unquoted fields without a double quote, and
 * ends in LF or CRLF inside the text. Stops before the first record that is not such, where
 * scanRecords takes over (scanColumns); returns where it stopped. Counts one line a record, as
 * scanRecords does for such a record.
 */
function simpleRecords(text: string, from: number, line: number, sink: CellSink): { at: number; line: number } {
  const n = text.length, width = sink.width();
  const { starts, ends, hashes } = sink;
  let i = from;
  record: while (i < n) {
    const c0 = text.charCodeAt(i);
    if (c0 === LF || c0 === CR) break; // a blank line
    let p = i, k = 0;
    for (;;) {
      const s = p;
      let h = FNV_OFFSET, c = 0;
      for (; p < n; p++) {
        c = text.charCodeAt(p);
        if (c === COMMA || c === LF || c === CR || c === QUOTE) break;
        h = Math.imul(h ^ c, FNV_PRIME);
      }
      if (p >= n || c === QUOTE || k === width) break record;
      starts[k] = s; ends[k] = p; hashes[k] = h; k++;
      if (c === COMMA) { p++; continue; }
      if (c === CR) {
        if (p + 1 >= n || text.charCodeAt(p + 1) !== LF) break record; // a bare CR, or one that may be half of a CRLF
        p++;
      }
      p++;
      break;
    }
    if (k !== width) break;
    sink.onCells(line, text);
    line++;
    i = p;
  }
  return { at: i, line };
}

/**
 * scanRecords over `text` with a column sink: the records simpleRecords takes go to `sink`, every
 * other one (the header, a quoted field, a blank line, a wrong field count, a bare CR, the text's last
 * record without a line end) to scanRecords and `onRecord`, one at a time, so every message is
 * scanRecords' own. Returns where the scan stopped (with `final` false, before a record the text may
 * not hold whole).
 */
function scanColumns(text: string, from: number, line: number, final: boolean, file: string, issues: ValidationIssue[], onRecord: (line: number, fields: string[], blank: boolean) => void, sink: CellSink): { at: number; line: number } {
  let at = from;
  for (;;) {
    if (sink.width() > 0) ({ at, line } = simpleRecords(text, at, line, sink));
    if (at >= text.length) return { at, line };
    const r = scanRecords(text, at, line, final, file, issues, onRecord, true, true);
    if (r.at === at) return r; // (final false) the record may go on past the text: read more
    ({ at, line } = r);
  }
}

/**
 * Scan whole CSV text (scanRecords); throws, after the whole text, a ValidationError listing every
 * malformed record.
 */
function scanCsv(text: string, file: string, onRecord: (line: number, fields: string[], blank: boolean) => void, reuse = false): void {
  const issues: ValidationIssue[] = [];
  scanRecords(text, text.charCodeAt(0) === 0xfeff ? 1 : 0, 1, true, file, issues, onRecord, reuse); // skipping a byte-order mark
  if (issues.length) throw new ValidationError(issues);
}

/** Split CSV text into records of raw fields, each with the line it starts on. */
export function parseCsvRecords(text: string, file: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  scanCsv(text, file, (line, fields) => records.push({ line, fields }));
  return records;
}

/**
 * The header and record checks every CSV gets (empty file, header names, blank lines, field counts),
 * handing each well-formed data record to `onRow`; `finish` throws a ValidationError listing every problem.
 */
function headerChecks(file: string, onHeader: (header: string[]) => void, onRow: (line: number, fields: string[]) => void): { onRecord: (line: number, fields: string[], blank: boolean) => void; finish: () => void } {
  let header: string[] | null = null;
  const issues: ValidationIssue[] = [];
  const onRecord = (line: number, fields: string[], blank: boolean) => {
    if (header === null) {
      header = [...fields];
      pushAll(issues, headerIssues(header, file));
      onHeader(header);
      return;
    }
    if (blank) {
      issues.push({ file, line, message: 'blank line, expected a record' });
      return;
    }
    if (fields.length !== header.length) {
      issues.push({ file, line, message: `expected ${header.length} fields, found ${fields.length}` });
      return;
    }
    onRow(line, fields);
  };
  const finish = () => {
    if (header === null) throw new ValidationError([{ file, line: 1, message: 'empty file, expected a header row' }]);
    if (issues.length) throw new ValidationError(issues);
  };
  return { onRecord, finish };
}

/**
 * The header and record checks every CSV gets (headerChecks) over whole text, handing each
 * well-formed data record to `onRow`; throws a ValidationError listing every problem.
 */
function scanWithHeader(text: string, file: string, onHeader: (header: string[]) => void, onRow: (line: number, fields: string[]) => void, reuse = false): void {
  const checks = headerChecks(file, onHeader, onRow);
  scanCsv(text, file, checks.onRecord, reuse);
  checks.finish();
}

/**
 * CSV text with streamCsvFile's callbacks (the same checks and messages; `fields` is reused from one
 * row to the next): a reader that streams files takes text through this.
 * @example (() => { const lines = []; scanCsvText('x\na\nb\n', 'f.csv', () => {}, (line) => { lines.push(line); }); return lines; })() // => [2, 3]
 */
export function scanCsvText(text: string, file: string, onHeader: (header: string[]) => void, onRow: (line: number, fields: string[]) => void): void {
  scanWithHeader(text, file, onHeader, onRow, true);
}

/** Bytes read at a time by streamCsvFile. */
const STREAM_CHUNK = 1 << 20;

/**
 * Read a CSV file in 1 MiB chunks, with readCsv's rules, checks and messages (strict UTF-8, strict
 * RFC 4180, the header and record checks), handing the header to `onHeader` and each well-formed data
 * record to `onRow` as it is read: what the file costs in memory is one chunk and what the caller
 * keeps, not the file's bytes, its text and an object per row (issue #23: the importers held 37x
 * their file). `fields` is reused from one row to the next: copy what you keep. Problems are thrown
 * after the whole file, as readCsv throws them (an invalid UTF-8 byte at once); a file over
 * `maxBytes` is refused unread. A record longer than a chunk (a long quoted field) is read whole.
 * `chunkBytes` is for tests, which put chunk ends everywhere.
 * @example (() => { let rows = 0; streamCsvFile('data/reference/node_rates.csv', 'node_rates.csv', () => {}, () => { rows++; }); return rows; })() // => 4
 */
export function streamCsvFile(path: string, label: string, onHeader: (header: string[]) => void, onRow: (line: number, fields: string[]) => void, maxBytes = MAX_TEXT_FILE_BYTES, chunkBytes = STREAM_CHUNK, options: InputOptions = {}): string {
  return streamCsv(path, label, onHeader, onRow, maxBytes, chunkBytes, null, options);
}

/**
 * streamCsvFile, the records simpleRecords takes handed to `sink` instead of `onRow` when a sink is
 * given; the file opened at the input boundary (io/input.ts). Returns the SHA-256 of the bytes read.
 */
function streamCsv(path: string, label: string, onHeader: (header: string[]) => void, onRow: (line: number, fields: string[]) => void, maxBytes: number, chunkBytes: number, sink: CellSink | null, options: InputOptions = {}): string {
  const fs = nodeFs();
  const { fd } = openInput(path, label, maxBytes, options);
  const hash = nodeCrypto().createHash('sha256');
  let total = 0;
  try {
    const checks = headerChecks(label, onHeader, onRow);
    const issues: ValidationIssue[] = [];
    const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    const buf = Buffer.allocUnsafe(chunkBytes);
    let text = '', at = 0, line = 1, first = true, want = chunkBytes;
    for (;;) {
      let n: number;
      try {
        n = fs.readSync(fd, buf, 0, buf.length, null);
      } catch (e) {
        throw new ValidationError([{ file: label, message: `cannot read file (${(e as NodeJS.ErrnoException).code ?? e})` }]);
      }
      const final = n === 0;
      total += n;
      checkInputSize(total, label, maxBytes); // a file that grows while it is read
      hash.update(buf.subarray(0, n));
      let piece: string;
      try {
        piece = decoder.decode(buf.subarray(0, n), { stream: !final });
      } catch {
        decodeUtf8(readInput(path, label, maxBytes, options).bytes, label); // names the first bad byte's line and column (the file is at most maxBytes)
        throw new ValidationError([{ file: label, message: 'invalid UTF-8, expected UTF-8 text' }]); // the file changed while read
      }
      text = at > 0 ? text.slice(at) + piece : text + piece;
      at = 0;
      if (!final && text.length < want) continue;
      if (first) {
        if (text.charCodeAt(0) === 0xfeff) at = 1; // byte-order mark
        first = false;
      }
      const from = at;
      ({ at, line } = sink ? scanColumns(text, at, line, final, label, issues, checks.onRecord, sink) : scanRecords(text, at, line, final, label, issues, checks.onRecord, true));
      if (final) break;
      // a record longer than the text read so far: read twice as much before scanning it again
      want = at === from ? 2 * text.length : chunkBytes;
    }
    if (issues.length) throw new ValidationError(issues);
    checks.finish();
    return hash.digest('hex');
  } finally {
    fs.closeSync(fd);
  }
}

class HeaderRead extends Error {}

/**
 * A CSV file's header record alone, read at the input boundary with the reader's rules (strict UTF-8
 * up to the header's end, the header rules of headerIssues): for an engine that reads the rest itself
 * (sql/engine.ts) and must not guess the header (DuckDB renames a duplicated column). Throws a
 * ValidationError naming file and line.
 */
export function readCsvHeader(path: string, label = path, options: InputOptions = {}): string[] {
  let header: string[] | null = null;
  try {
    streamCsv(path, label, (h) => { header = [...h]; throw new HeaderRead(); }, () => {}, Number.MAX_SAFE_INTEGER, STREAM_CHUNK, null, options);
  } catch (e) {
    if (!(e instanceof HeaderRead)) throw e;
  }
  if (header === null) throw new ValidationError([{ file: label, line: 1, message: 'empty file, expected a header row' }]);
  const issues = headerIssues(header, label);
  if (issues.length) throw new ValidationError(issues);
  return header;
}

/** Parse CSV text with a header row. Throws a ValidationError listing every malformed row. */
export function parseCsv(text: string, file: string): CsvData {
  const b = rowsBuilder(file);
  scanWithHeader(text, file, b.onHeader, b.onRow, true);
  return b.result();
}

/**
 * A record's fields keyed by the header's names (a CsvRow's `values`), copied out of a reused `fields`.
 * @example rowValues(['x', 'y'], ['1', '2']).y // => '2'
 */
export function rowValues(header: readonly string[], fields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (let k = 0; k < header.length; k++) values[header[k]] = fields[k];
  return values;
}

/** One object per row (CsvData), built from scanned records. */
function rowsBuilder(file: string) {
  let header: string[] = [];
  const rows: CsvRow[] = [];
  return {
    onHeader: (h: string[]) => { header = h; },
    onRow: (line: number, fields: string[]) => { rows.push({ line, values: rowValues(header, fields) }); },
    result: (): CsvData => ({ file, header, rows }),
  };
}

/**
 * parseCsv's checks and messages, the result dictionary-encoded by column (CsvColumns) instead of one
 * object per row: what the dataset loader keeps of a 40 MB file is a few typed arrays.
 * @example parseCsvColumns('x\na\na\n', 'f.csv').columns.x.dict // => ['a']
 */
export function parseCsvColumns(text: string, file: string): CsvColumns {
  // sized by the line ends, so that 800,000 rows are not grown by doubling and copied again
  let capacity = 1;
  for (let p = text.indexOf('\n'); p !== -1; p = text.indexOf('\n', p + 1)) capacity++;
  const b = columnsBuilder(file, capacity);
  const checks = headerChecks(file, b.onHeader, b.onRow);
  const issues: ValidationIssue[] = [];
  scanColumns(text, text.charCodeAt(0) === 0xfeff ? 1 : 0, 1, true, file, issues, checks.onRecord, b.sink); // skipping a byte-order mark
  if (issues.length) throw new ValidationError(issues);
  checks.finish();
  return b.result();
}

/**
 * The codes of a dictionary column's cells by their text (a Map<string, code> that also finds a cell
 * given as a range of the text being scanned, without making its string): open addressing on the
 * cells' FNV-1a hashes (cellHash), the codes in order of first appearance as a Map gives them.
 */
class CellCodes {
  private slots = new Int32Array(256); // code + 1, 0 free
  private hashes: number[] = [];
  constructor(private readonly dict: string[]) {}

  /** The code of `text.slice(s, e)` (hash h), added to the dictionary when new. */
  ofRange(text: string, s: number, e: number, h: number): number {
    const { slots, dict, hashes } = this;
    const mask = slots.length - 1, len = e - s;
    for (let j = h & mask; ; j = (j + 1) & mask) {
      const c = slots[j] - 1;
      if (c < 0) return this.add(j, text.slice(s, e), h);
      if (hashes[c] === h) {
        const d = dict[c];
        if (d.length === len && text.startsWith(d, s)) return c;
      }
    }
  }

  /** The code of `v`, added to the dictionary when new. */
  of(v: string): number {
    const h = cellHash(v);
    const { slots, dict, hashes } = this;
    const mask = slots.length - 1;
    for (let j = h & mask; ; j = (j + 1) & mask) {
      const c = slots[j] - 1;
      if (c < 0) return this.add(j, v, h);
      if (hashes[c] === h && dict[c] === v) return c;
    }
  }

  private add(slot: number, v: string, h: number): number {
    const code = this.dict.length;
    this.dict.push(v);
    this.hashes.push(h);
    this.slots[slot] = code + 1;
    if (2 * this.dict.length > this.slots.length) {
      // at most half full: twice the slots, every code placed again
      const slots = new Int32Array(2 * this.slots.length), mask = slots.length - 1;
      for (let c = 0; c < this.hashes.length; c++) {
        let j = this.hashes[c] & mask;
        while (slots[j] !== 0) j = (j + 1) & mask;
        slots[j] = c + 1;
      }
      this.slots = slots;
    }
    return code;
  }
}

/**
 * A plain column's cells dictionary-encoded: `codes[i]` is the code of row i's cell (codes in order of
 * first appearance, as CellCodes gives them) and `distinct` how many cells differ. The loader's
 * uniqueness check uses it on an id column (a plain one: nearly every cell distinct), where an
 * open-addressed table of FNV hashes costs a fraction of a Map of 200,000 strings.
 * @example Array.from(encodeColumn({ codes: Int32Array.of(0, 1, 2), dict: ['a', 'b', 'a'], encoded: false }, 3).codes) // => [0, 1, 0]
 */
export function encodeColumn(column: CsvColumns['columns'][string], length: number): { codes: Int32Array; distinct: number } {
  const dict: string[] = [];
  const table = new CellCodes(dict);
  const codes = new Int32Array(length);
  for (let i = 0; i < length; i++) codes[i] = table.of(column.dict[column.codes[i]]);
  return { codes, distinct: dict.length };
}

/**
 * CsvColumns built from scanned records, its arrays sized for `capacity` rows (grown by doubling past
 * it): `onRow` takes a record's field strings, `sink` (simpleRecords) its cells as ranges of the text,
 * sliced only when new to a dictionary column or in a plain one.
 */
function columnsBuilder(file: string, capacity: number) {
  let header: string[] = [];
  let length = 0;
  let lines = new Int32Array(capacity);
  let codes: Int32Array[] = [];
  let tables: (CellCodes | null)[] = [];
  let dicts: string[][] = [];
  const onHeader = (h: string[]) => {
    header = h;
    codes = h.map(() => new Int32Array(capacity));
    dicts = h.map(() => []);
    tables = dicts.map((d) => new CellCodes(d));
    sink.starts = new Int32Array(h.length);
    sink.ends = new Int32Array(h.length);
    sink.hashes = new Int32Array(h.length);
  };
  const room = () => {
    if (length === lines.length) {
      const grow = (a: Int32Array) => { const b = new Int32Array(a.length * 2); b.set(a); return b; };
      lines = grow(lines);
      codes = codes.map(grow);
    }
  };
  const added = () => {
    length++;
    if (length === 4096) {
      // a column of mostly distinct cells (ids, measurements) is kept plain: code i is row i
      for (let k = 0; k < header.length; k++) {
        if (dicts[k].length <= length / 2) continue;
        const d = dicts[k], c = codes[k];
        dicts[k] = Array.from({ length }, (_, i) => d[c[i]]);
        for (let i = 0; i < length; i++) c[i] = i;
        tables[k] = null;
      }
    }
  };
  const onRow = (line: number, fields: string[]) => {
    room();
    lines[length] = line;
    for (let k = 0; k < fields.length; k++) {
      const v = fields[k];
      const t = tables[k];
      if (t === null) { dicts[k].push(v); codes[k][length] = length; continue; }
      codes[k][length] = t.of(v);
    }
    added();
  };
  const sink: CellSink = {
    width: () => header.length,
    starts: new Int32Array(0), ends: new Int32Array(0), hashes: new Int32Array(0),
    onCells: (line: number, text: string) => {
      room();
      lines[length] = line;
      const { starts, ends, hashes } = sink;
      for (let k = 0; k < header.length; k++) {
        const t = tables[k];
        if (t === null) { dicts[k].push(text.slice(starts[k], ends[k])); codes[k][length] = length; continue; }
        codes[k][length] = t.ofRange(text, starts[k], ends[k], hashes[k]);
      }
      added();
    },
  };
  const result = (): CsvColumns => {
    const columns: CsvColumns['columns'] = {};
    const fit = (a: Int32Array) => (a.length === length ? a : a.length - length < 64 ? a.subarray(0, length) : a.slice(0, length));
    header.forEach((h, k) => (columns[h] = { codes: fit(codes[k]), dict: dicts[k], encoded: tables[k] !== null }));
    return { file, header, length, lines: fit(lines), columns };
  };
  return { onHeader, onRow, sink, result };
}

/** CsvData's rows encoded as CsvColumns (for cells built in memory). */
export function columnsOfCsv(csv: CsvData): CsvColumns {
  const length = csv.rows.length;
  const columns: CsvColumns['columns'] = {};
  for (const h of csv.header) {
    const map = new Map<string, number>(), dict: string[] = [], codes = new Int32Array(length);
    csv.rows.forEach((r, i) => {
      const v = r.values[h];
      let code = map.get(v);
      if (code === undefined) { code = dict.length; map.set(v, code); dict.push(v); }
      codes[i] = code;
    });
    columns[h] = { codes, dict, encoded: true };
  }
  return { file: csv.file, header: csv.header, length, lines: Int32Array.from(csv.rows, (r) => r.line), columns };
}

/**
 * Where the first byte that is not well-formed UTF-8 sits: its 0-based offset, and the 1-based line
 * and character column it starts (lines end at `\n`, `\r\n` or a bare `\r`, as parseCsvRecords
 * counts them), or null when all of `bytes` is UTF-8. Overlong forms, surrogates and code points
 * above U+10FFFF are not UTF-8 (RFC 3629), as TextDecoder's fatal mode also holds.
 * @example invalidUtf8(Buffer.from('a,b\nIng\xe9nieur', 'latin1')) // => { offset: 7, line: 2, column: 4, byte: 233 }
 */
export function invalidUtf8(bytes: Uint8Array): { offset: number; line: number; column: number; byte: number } | null {
  let line = 1, column = 1;
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i];
    let len = 0, min = 0, cp = 0;
    if (b < 0x80) len = 1;
    else if (b >= 0xc2 && b <= 0xdf) { len = 2; min = 0x80; cp = b & 0x1f; }
    else if (b >= 0xe0 && b <= 0xef) { len = 3; min = 0x800; cp = b & 0x0f; }
    else if (b >= 0xf0 && b <= 0xf4) { len = 4; min = 0x10000; cp = b & 0x07; }
    let ok = len > 0 && i + len <= bytes.length;
    for (let k = 1; ok && k < len; k++) {
      const c = bytes[i + k];
      if ((c & 0xc0) !== 0x80) ok = false;
      else cp = (cp << 6) | (c & 0x3f);
    }
    if (ok && len > 1 && (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))) ok = false;
    if (!ok) return { offset: i, line, column, byte: b };
    if (b === 0x0a || (b === 0x0d && bytes[i + 1] !== 0x0a)) { line++; column = 1; }
    else if (b !== 0x0d) column++;
    i += len;
  }
  return null;
}

/**
 * Decode a file's bytes as UTF-8, refusing anything else: a byte that is not UTF-8 is a
 * ValidationError naming file, line and column ("invalid UTF-8 byte 0xE9 at column 4, expected UTF-8
 * text"), never a U+FFFD that would make two different byte strings equal. A byte-order mark is kept
 * (the parsers skip it).
 * @example decodeUtf8(Buffer.from('x\n'), 'f.csv') // => 'x\n'
 */
export function decodeUtf8(bytes: Uint8Array, file: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const at = invalidUtf8(bytes);
    // valid UTF-8 that still cannot be decoded is too long for one JavaScript string (V8's limit, ~512 MiB)
    if (!at) throw new ValidationError([{ file, message: `${bytes.length} bytes of valid UTF-8, too long for one string of this JavaScript engine; expected a file of at most ${MAX_TEXT_FILE_BYTES} bytes` }]);
    const what = `invalid UTF-8 byte 0x${at.byte.toString(16).toUpperCase().padStart(2, '0')} at column ${at.column} (byte ${at.offset + 1} of the file)`;
    throw new ValidationError([{ file, line: at.line, message: `${what}, expected UTF-8 text` }]);
  }
}

/**
 * The largest file the text readers take (256 MiB): they hold what is parsed from it (a dataset's
 * rows or columns; a whole-text reader also the text), 3.1 GB at worst for 256 MiB of two-column rows
 * (`npm run bench -- readers`, data/README.md). A larger file is refused before it is read, with its
 * size and this limit, never as "invalid UTF-8" or a crash. Trace sample files are streamed and have
 * no such limit (energy/sampleStream.ts).
 */
export const MAX_TEXT_FILE_BYTES: number = INPUT_LIMITS.text;
/**
 * The largest weights or rates file (16 MiB, about a million rows): each row becomes an object checked
 * by its schema. At 256 MiB (16.7 million rows) a weights file ran V8 out of its default heap (about
 * 4 GB) after 18 minutes and crashed with a stack trace (`npm run bench readers`); 16 MiB is a
 * sixteenth of that, and a weights file has one row per occupation (SOC lists under a thousand).
 */
export const MAX_CONFIG_CSV_BYTES: number = INPUT_LIMITS.config;
/**
 * The largest file an importer takes (64 MiB): it keeps a record and a runs.csv row per run (Zeus and
 * CodeCarbon stream their file, IPW reads its JSON lines whole), 1.3 GB at most at this size (bench).
 */
export const MAX_IMPORT_FILE_BYTES: number = INPUT_LIMITS.import;

/**
 * Read a text file as strict UTF-8 (decodeUtf8) at the input boundary (io/input.ts: a regular file,
 * refused unread over `maxBytes`); `label` names it in messages.
 */
export function readTextFile(path: string, label = path, maxBytes = MAX_TEXT_FILE_BYTES, options: InputOptions = {}): string {
  return readTextFileHashed(path, label, maxBytes, options).text;
}

/** readTextFile, with the SHA-256 (hex) of the bytes read. */
export function readTextFileHashed(path: string, label = path, maxBytes = MAX_TEXT_FILE_BYTES, options: InputOptions = {}): { text: string; sha256: string } {
  const { bytes, sha256 } = readInput(path, label, maxBytes, options);
  return { text: decodeUtf8(bytes, label), sha256 };
}

/**
 * Read and parse a CSV file (parseCsv), streamed (streamCsvFile): neither the file's bytes nor its
 * whole text are held beside the rows; `label` is the name used in messages (defaults to the path).
 */
export function readCsv(path: string, label = path, maxBytes = MAX_TEXT_FILE_BYTES): CsvData {
  const b = rowsBuilder(label);
  streamCsvFile(path, label, b.onHeader, b.onRow, maxBytes);
  return b.result();
}

/**
 * Read a CSV file into CsvColumns (parseCsvColumns), streamed (streamCsvFile); `label` names it in
 * messages; `chunkBytes` is for tests; `options.within`: the folder the file must lie in. The result's
 * `sha256` is of the bytes read.
 */
export function readCsvColumns(path: string, label = path, chunkBytes = STREAM_CHUNK, options: InputOptions = {}): CsvColumns {
  const b = columnsBuilder(label, countLineEnds(path, label, options));
  const sha256 = streamCsv(path, label, b.onHeader, b.onRow, MAX_TEXT_FILE_BYTES, chunkBytes, b.sink, options);
  return { ...b.result(), sha256 };
}

/** 1 + the number of `\n` bytes in a file (parseCsvColumns' capacity), read in chunks; 1 when it cannot be read (streamCsvFile then says why). */
function countLineEnds(path: string, label: string, options: InputOptions): number {
  const fs = nodeFs();
  let fd: number;
  try { fd = openInput(path, label, MAX_TEXT_FILE_BYTES, options).fd; } catch { return 1; }
  try {
    const buf = Buffer.allocUnsafe(STREAM_CHUNK);
    let count = 1;
    for (let n; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0;) {
      for (let p = buf.indexOf(10); p !== -1 && p < n; p = buf.indexOf(10, p + 1)) count++;
    }
    return count;
  } catch {
    return 1;
  } finally {
    fs.closeSync(fd);
  }
}

/** Quote a value for CSV output when needed. */
export function csvField(v: unknown): string {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Format rows as CSV text with a header and a final newline. */
export function formatCsv(columns: string[], rows: Record<string, unknown>[]): string {
  const lines = [columns.map(csvField).join(',')];
  // a row that is one empty field is written "" : an empty line would read back as a blank line (an error)
  for (const r of rows) lines.push(columns.map((c) => csvField(r[c])).join(',') || '""');
  return lines.join('\n') + '\n';
}
