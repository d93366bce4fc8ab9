/**
 * Load and validate a dataset directory (the recorded-data schema of data/README.md).
 *
 * Every violation is collected, across all files, and thrown together as one ValidationError whose
 * lines read `file:line: column: what was expected`. Nothing is coerced or dropped: a bad cell, a
 * duplicate id, an unknown reference, a run without a task, a judgment without a run all fail.
 * Problems that do not make the data wrong (a sector with no evaluated occupation, an occupation
 * without tasks) are returned as `warnings` for the caller to show.
 *
 * One representation: a Dataset's `rows` (typed plain objects, one array per file) are the dataset;
 * every computation reads them. Its Arquero tables (`ds.tasks`, `ds.runs`, ...) are views derived
 * from those rows once, on first read, for display and exploration: filtering a view changes nothing.
 * A dataset with some tasks, runs or systems left out is made explicitly, by restrictDataset, which
 * returns a new dataset checked by the same rules; a dataset whose table was replaced by the caller
 * (`{ ...ds, tasks: ds.tasks.filter(...) }`) is refused by checkDataset, naming restrictDataset,
 * rather than silently rebuilt or ignored.
 *
 * @example
 * const ds = loadDataset('data/recorded/synthetic-small');
 * ds.tasks.numRows() // => 6
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { pushAll } from '../arrays.ts';
import { J2GError, ValidationError, type ValidationIssue } from '../errors.ts';
import type { z } from 'zod';
import { columnsOfCsv, encodeColumn, parseCsvColumns, readCsvColumns, readTextFileHashed, streamCsvFile, type CsvColumns, type CsvData } from '../io/csv.ts';
import { INPUT_LIMITS } from '../io/input.ts';
import { readCsvColumnsAside } from '../io/readAside.ts';
import { nearestName, parseJson } from '../io/json.ts';
import { nodeFs, nodePath } from '../io/node.ts';
import { checkHeader } from '../io/csvRows.ts';
import { cellParser, INTEGER, INVALID } from './fields.ts';
import { datasetParquetFile, datasetParquetOfText, parquetName, readDatasetParquet } from './parquetFiles.ts';
import {
  ENERGY_BOUNDARIES, FILES, PROVENANCES, manifestSchema, runNodeHours,
  type JudgmentRow, type Manifest, type OccupationRow, type RunRow, type SectorRow, type SystemRow, type TaskRow,
} from './schema.ts';

export interface DatasetRows {
  occupations: OccupationRow[];
  sectors: SectorRow[];
  tasks: TaskRow[];
  systems: SystemRow[];
  runs: RunRow[];
  judgments: JudgmentRow[];
}

export interface Dataset {
  dir: string;
  manifest: Manifest;
  /** Arquero views of `rows` (numbers parsed, extra columns kept as text), built once on first read; never the data computed from. */
  occupations: ColumnTable;
  sectors: ColumnTable;
  tasks: ColumnTable;
  systems: ColumnTable;
  runs: ColumnTable;
  judgments: ColumnTable;
  /** The dataset: the validated records as typed plain objects, from which everything is computed. */
  rows: DatasetRows;
  warnings: string[];
}

type Key = keyof typeof FILES;

/** The `extra` of every run of a runs.csv without extra columns: one frozen empty object, not one per run. */
const NO_EXTRA: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** A schema's rule for one column, applied to each distinct cell once: parsed value, or INVALID. */
function parseDict(field: z.ZodType, dict: readonly string[]): unknown[] {
  const fast = cellParser(field);
  return dict.map((v) => {
    if (fast) return fast(v);
    const r = field.safeParse(v);
    return r.success ? r.data : INVALID;
  });
}

/** Row i's raw cells, keyed by column (what a row's zod parse sees). */
function rawValues(csv: CsvColumns, i: number): Record<string, string> {
  const values: Record<string, string> = {};
  for (const h of csv.header) values[h] = csv.columns[h].dict[csv.columns[h].codes[i]];
  return values;
}

/** runRow's keys in schema order, as runRowOf writes them. */
const RUN_LITERAL_KEYS = 'run_id,task_id,system,attempt,ai_hours,cost_usd,energy_mj';

/**
 * Row i of runs.csv as one object literal with every key a run has (node_hours and extra set after):
 * V8 then keeps all nine properties in the object itself, instead of growing a separate property store
 * key by key (200,640 runs on the wide bench dataset: about a quarter of the time to build them, and
 * faster reads of cost_usd, energy_mj and ai_hours in every table). Used only while runRow's keys are
 * RUN_LITERAL_KEYS (test/data/runRowShape.test.ts).
 */
function runRowOf(values: unknown[][], cols: Int32Array[], i: number) {
  return {
    run_id: values[0][cols[0][i]], task_id: values[1][cols[1][i]], system: values[2][cols[2][i]], attempt: values[3][cols[3][i]],
    ai_hours: values[4][cols[4][i]], cost_usd: values[5][cols[5][i]], energy_mj: values[6][cols[6][i]],
    node_hours: null as unknown, extra: NO_EXTRA,
  };
}

/**
 * A file's rows parsed by its schema. Each distinct cell of a column is parsed once by the field's
 * plain parser (fields.ts cellParser); a row with a rejected cell is parsed again by the zod row
 * schema, which alone words the messages, so they are the schema's own, in row order.
 */
function validateFile<K extends Key>(csv: CsvColumns, key: K, issues: ValidationIssue[]): Omit<Parsed, 'file'> {
  const { schema } = FILES[key];
  const shape = schema.shape as Record<string, z.ZodType>;
  const required = Object.keys(shape);
  if (!checkHeader(csv, required, issues)) return { rows: [], cols: null, complete: false };
  const cols = required.map((c) => csv.columns[c].codes);
  const values = required.map((c) => parseDict(shape[c], csv.columns[c].dict));
  const nh = key === 'runs' && csv.columns.node_hours ? csv.columns.node_hours : null;
  const nhValues = nh ? parseDict(runNodeHours, nh.dict) : null;
  const extras = key === 'runs' ? csv.header.filter((h) => !required.includes(h) && h !== 'node_hours') : [];
  const m = required.length;
  if (key === 'judgments') {
    // every row valid (the usual case): the records stay columns, built as objects only when read (lazyRecords)
    let valid = true;
    for (let i = 0; i < csv.length && valid; i++) for (let k = 0; k < m; k++) if (values[k][cols[k][i]] === INVALID) { valid = false; break; }
    if (valid) return { rows: [], cols: csv, complete: true, columns: { length: csv.length, names: required, codes: cols, values } };
  }
  const rows: any[] = [];
  // a run as one object literal of every key (runRowOf) when runs.csv's schema has the keys it writes
  const literal = key === 'runs' && required.join() === RUN_LITERAL_KEYS;
  for (let i = 0; i < csv.length; i++) {
    let ok = true;
    for (let k = 0; k < m; k++) if (values[k][cols[k][i]] === INVALID) { ok = false; break; }
    if (!ok) {
      const res = schema.safeParse(rawValues(csv, i));
      if (!res.success) for (const iss of res.error.issues) issues.push({ file: csv.file, line: csv.lines[i], column: String(iss.path[0] ?? ''), message: iss.message });
      else throw new J2GError(`${csv.file}:${csv.lines[i]}: a cell parser and its schema disagree (a bug)`);
      continue;
    }
    const row: any = literal ? runRowOf(values, cols, i) : {};
    if (!literal) for (let k = 0; k < m; k++) row[required[k]] = values[k][cols[k][i]];
    if (key === 'runs') {
      let v: unknown = null;
      if (nh) {
        v = nhValues![nh.codes[i]];
        if (v === INVALID) {
          const r = runNodeHours.safeParse(nh.dict[nh.codes[i]]);
          if (!r.success) for (const iss of r.error.issues) issues.push({ file: csv.file, line: csv.lines[i], column: 'node_hours', message: iss.message });
          v = null;
        }
      }
      row.node_hours = v;
      let extra = NO_EXTRA;
      if (extras.length) {
        extra = {};
        for (const h of extras) extra[h] = csv.columns[h].dict[csv.columns[h].codes[i]];
      }
      row.extra = extra;
    }
    rows.push(row);
  }
  return { rows, cols: csv, complete: true };
}

interface Parsed {
  file: string;
  /** rows that passed their schema, parsed */
  rows: any[];
  /** every data row as read, valid or not (null when the file could not be read or lacks a column) */
  cols: CsvColumns | null;
  /** false when the file could not be read or lacks a column: its ids are then unknown, not absent */
  complete: boolean;
  /** judgments.csv with every row valid: its records as columns (`rows` then empty) */
  columns?: RecordColumns;
}

/**
 * A file's validated records as columns (issue 27: judgments.csv's 802,560 rows of the wide dataset
 * are not made a million objects for `j2g tables`): record i's value of column names[k] is
 * values[k][codes[k][i]] (each distinct cell parsed once), in file order.
 */
export interface RecordColumns {
  length: number;
  names: readonly string[];
  codes: readonly Int32Array[];
  values: readonly (readonly unknown[])[];
}

/** DatasetRows -> its judgments as columns, while `rows.judgments` has not been read (then it is built from them and the entry dropped). */
const lazyJudgments = new WeakMap<DatasetRows, RecordColumns>();

/**
 * The judgments of `rows` as columns (RecordColumns, names run_id, reference, judge, outcome), or
 * undefined once `rows.judgments` has been read or replaced (or for rows not made by a loader): a
 * reader of the columns sees the same records as `rows.judgments` would give, and a caller who
 * touched the objects is read from them. No quantity.
 * @example judgmentColumns(loadDataset('data/recorded/synthetic-small').rows)?.length // => 36
 */
export function judgmentColumns(rows: DatasetRows): RecordColumns | undefined {
  return lazyJudgments.get(rows);
}

/** A runs array the loader built -> its run ids in row order (distinct: the loader checked them). */
const idsOfLoadedRuns = new WeakMap<readonly RunRow[], readonly string[]>();

/**
 * The run ids of `runs` in row order, each one distinct, when `runs` is an array a loader built and
 * every run still has the id it was loaded with (checked run by run, so a replaced or renamed run
 * gives undefined); undefined for any other array. Lets a reader place runs by id without a Map of
 * every id (issue 27: 200,640 ids on the wide bench dataset). No quantity.
 * @example distinctRunIds(loadDataset('data/recorded/synthetic-small').rows.runs)?.[12] // => 'yA1'
 */
export function distinctRunIds(runs: readonly RunRow[]): readonly string[] | undefined {
  const ids = idsOfLoadedRuns.get(runs);
  if (!ids || ids.length !== runs.length) return undefined;
  for (let i = 0; i < ids.length; i++) if (runs[i].run_id !== ids[i]) return undefined;
  return ids;
}

/**
 * How many records each file of the dataset holds, read without building the judgments as objects
 * while they are still columns (802,560 objects on the wide bench dataset, only to be counted).
 * @example datasetRowCounts(loadDataset('data/recorded/synthetic-small')).judgments // => 36
 */
export function datasetRowCounts(dataset: Dataset): Record<keyof DatasetRows, number> {
  const { rows } = dataset;
  const judgments = judgmentColumns(rows)?.length ?? rows.judgments.length;
  return { occupations: rows.occupations.length, sectors: rows.sectors.length, tasks: rows.tasks.length, systems: rows.systems.length, runs: rows.runs.length, judgments };
}

/** The records of `c` as plain objects, keys in column order (what validateFile builds for a row). */
function recordsOf(c: RecordColumns): any[] {
  const out = new Array(c.length);
  const m = c.names.length;
  for (let i = 0; i < c.length; i++) {
    const row: any = {};
    for (let k = 0; k < m; k++) row[c.names[k]] = c.values[k][c.codes[k][i]];
    out[i] = row;
  }
  return out;
}

/** `rows.judgments` built from `columns` when first read (or set); until then judgmentColumns(rows) gives the columns. */
function lazyJudgmentRows(rows: DatasetRows, columns: RecordColumns): void {
  lazyJudgments.set(rows, columns);
  let built: JudgmentRow[] | undefined;
  const settle = (value: JudgmentRow[]) => {
    lazyJudgments.delete(rows);
    built = value;
    // a plain property from now on (where `rows` was frozen meanwhile, the getter keeps giving `built`)
    if (Object.isExtensible(rows)) Object.defineProperty(rows, 'judgments', { value, writable: true, enumerable: true, configurable: true });
    return value;
  };
  Object.defineProperty(rows, 'judgments', {
    get: () => built ?? settle(recordsOf(columns)),
    set: (v: JudgmentRow[]) => { settle(v); },
    enumerable: true, configurable: true,
  });
}

/** Row i's cells of `columns`, joined by `|` (the key a duplicate is named by). */
function keyCells(csv: CsvColumns, columns: readonly string[], i: number): string[] {
  return columns.map((c) => csv.columns[c]?.dict[csv.columns[c].codes[i]] ?? '');
}

/** The cells of `columns` in row i as one text key that no two different tuples share (a JSON array). */
function tupleKey(csv: CsvColumns, columns: readonly string[], i: number): string {
  return columns.length === 1 ? keyCells(csv, columns, i)[0] : JSON.stringify(keyCells(csv, columns, i));
}

/** How a message names a row's key: `column "v"`, or `(a, b) ("x", "y")` for several columns. */
function keyWords(csv: CsvColumns, columns: readonly string[], i: number): string {
  const cells = keyCells(csv, columns, i).map((v) => JSON.stringify(v));
  return columns.length === 1 ? `${columns[0]} ${cells[0]}` : `(${columns.join(', ')}) (${cells.join(', ')})`;
}

/**
 * A key per row for the cells of `columns`, and how many keys there may be: a number from the
 * columns' codes when that is one-to-one with the cells (a dictionary column's own codes, a plain
 * column's from encodeColumn; the code space, the product of the columns' sizes, fitting a double),
 * with `space` that product; else tupleKey's text (a JSON array of the cells: ids holding any
 * character, `|` included, never collide) and `space` null.
 */
function rowKeys(csv: CsvColumns, columns: readonly string[]): { keyOf: (i: number) => number | string; space: number | null } {
  const cs = columns.map((c) => csv.columns[c]);
  const text = { keyOf: (i: number) => tupleKey(csv, columns, i), space: null };
  if (cs.some((c) => !c)) return text;
  // a plain column (ids: nearly every cell distinct) is encoded first, so that its keys are codes too
  const coded = cs.map((c) => {
    if (c.encoded) return { codes: c.codes, size: c.dict.length };
    const { codes, distinct } = encodeColumn(c, csv.length);
    return { codes, size: distinct };
  });
  const space = coded.reduce((a, c) => a * Math.max(1, c.size), 1);
  if (space > Number.MAX_SAFE_INTEGER) return text;
  if (coded.length === 1) {
    const [{ codes }] = coded;
    return { keyOf: (i) => codes[i], space };
  }
  return {
    keyOf: (i) => {
      let k = 0;
      for (const c of coded) k = k * c.size + c.codes[i];
      return k;
    },
    space,
  };
}

/** The ids of a file's id column, as uniqueIds gives them: whether an id is there, asked of a Set built at the first question. */
interface KnownIds {
  has(id: string): boolean;
}

/**
 * Each duplicate of the cells of `columns` is an issue naming the first line. Returns the ids of the
 * column (one column): every cell of it, valid or not. Most datasets never ask (the judgments' run ids
 * are matched by walking both dictionaries, shareRunIds), so the Set is built on the first `has`.
 */
function uniqueIds(p: Parsed, columns: readonly string[], column: string, issues: ValidationIssue[]): KnownIds {
  const csv = p.cols;
  if (!csv) return { has: () => false };
  const { keyOf, space } = rowKeys(csv, columns);
  // a code space up to 4 slots a row is a typed array of first lines (0: not seen), else a Map
  const table = space !== null && space <= 4 * csv.length + 1024 ? new Int32Array(space) : null;
  const seen = table
    ? { get: (k: number | string) => table[k as number] || undefined, set: (k: number | string, line: number) => { table[k as number] = line; } }
    : new Map<number | string, number>();
  for (let i = 0; i < csv.length; i++) {
    const k = keyOf(i);
    const prev = seen.get(k);
    if (prev !== undefined) issues.push({ file: p.file, line: csv.lines[i], column, message: `duplicate ${keyWords(csv, columns, i)} (first on line ${prev})` });
    else seen.set(k, csv.lines[i]);
  }
  const single = columns.length === 1 ? csv.columns[columns[0]] : undefined;
  let ids: Set<string> | undefined;
  return {
    has(id) {
      if (!ids) {
        ids = new Set();
        // every cell of the column: the dictionary's entries that some row's code points at
        if (single) for (let i = 0; i < csv.length; i++) ids.add(single.dict[single.codes[i]]);
      }
      return ids.has(id);
    },
  };
}

/** The keys manifest.json may have, at its root and in `bootstrap` (manifestSchema). */
const MANIFEST_KEYS: Record<string, readonly string[]> = {
  '': Object.keys(manifestSchema.shape),
  bootstrap: Object.keys(manifestSchema.shape.bootstrap.shape),
};

/** What each manifest key holds, in the words of data/README.md (a rejected value is named with these). */
const MANIFEST_EXPECTED: Record<string, string> = {
  '': 'a JSON object of the manifest keys (name, provenance, energy_boundary, primary_system, primary_judge, bootstrap)',
  name: 'a non-empty string',
  provenance: `one of ${PROVENANCES.join(' | ')}`,
  energy_boundary: `one of ${ENERGY_BOUNDARIES.join(' | ')}`,
  primary_system: 'a system id of systems.csv (a non-empty string)',
  primary_judge: 'a judge of judgments.csv (a non-empty string)',
  bootstrap: 'an object { "draws": integer >= 1, "seed": integer >= 0 }',
  'bootstrap.draws': 'an integer >= 1',
  'bootstrap.seed': 'an integer >= 0',
  description: 'a string',
};

/** Read manifest.json from `dir` as strict UTF-8 (at most INPUT_LIMITS.json, inside `dir`), then parseManifest; `sha256` of the bytes read. */
function readManifest(dir: string, issues: ValidationIssue[]): { manifest: Manifest | null; lines?: Map<string, number>; sha256?: string } {
  const { existsSync } = nodeFs();
  const path = nodePath().join(dir, 'manifest.json');
  const file = 'manifest.json';
  if (!existsSync(path)) {
    issues.push({ file, message: 'missing file' });
    return { manifest: null };
  }
  let read: { text: string; sha256: string };
  try {
    read = readTextFileHashed(path, file, INPUT_LIMITS.json, { within: dir });
  } catch (e) {
    if (e instanceof ValidationError) { pushAll(issues, e.issues); return { manifest: null }; }
    throw e;
  }
  return { ...parseManifest(read.text, issues), sha256: read.sha256 };
}

/**
 * manifest.json's text: strict JSON, every key known (a misspelt key is refused with the nearest
 * known key, not ignored) and none duplicated (not last-one-wins), then manifestSchema; issues name
 * the line where the key stands.
 */
function parseManifest(text: string, issues: ValidationIssue[]): { manifest: Manifest | null; lines?: Map<string, number> } {
  const file = 'manifest.json';
  const json = parseJson(text, file);
  const before = issues.length;
  pushAll(issues, json.issues.map((i) => (i.column === undefined ? { ...i, message: `not valid JSON: ${i.message}` } : i)));
  if (json.value === undefined) return { manifest: null };
  for (const [at, known] of Object.entries(MANIFEST_KEYS)) {
    const obj = at === '' ? json.value : (json.value as Record<string, unknown> | null)?.[at];
    if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) continue; // the schema names it
    for (const key of Object.keys(obj)) {
      if (known.includes(key)) continue;
      const p = at ? `${at}.${key}` : key;
      issues.push({ file, line: json.lines.get(p), column: p, message: `unknown key, did you mean "${nearestName(key, known)}"? (known: ${known.join(', ')})` });
    }
  }
  const res = manifestSchema.safeParse(json.value);
  if (!res.success) {
    for (const iss of res.error.issues) {
      const p = iss.path.join('.');
      const missing = iss.path.length > 0 && !json.lines.has(p) && iss.code === 'invalid_type';
      // a missing key is named at the line of the object that lacks it
      const line = json.lines.get(p) ?? json.lines.get(iss.path.slice(0, -1).join('.')) ?? json.lines.get('');
      // in this project's words (data/README.md), not the schema library's
      const expected = MANIFEST_EXPECTED[p];
      let found: unknown = json.value;
      for (const k of iss.path) found = (found as Record<PropertyKey, unknown> | null)?.[k as PropertyKey];
      const message = expected === undefined ? iss.message
        : missing ? `missing required key, expected ${expected}`
        : `expected ${expected}, found ${found === undefined ? 'nothing' : JSON.stringify(found)}`;
      issues.push({ file, line, column: p || '(root)', message });
    }
    return { manifest: null };
  }
  return { manifest: issues.length > before ? null : res.data, lines: json.lines };
}

export interface LoadOptions {
  /**
   * Called with one line per phase ("runs.csv: 200640 rows read (1.2 s)", "runs.csv: 200640 rows
   * checked (0.4 s)", "ids and references checked (0.3 s)"; files under 10,000 rows get no line of
   * their own), for a caller that shows progress (the CLI, on stderr, for large datasets). Never part
   * of a result.
   */
  progress?: (line: string) => void;
  /**
   * Work of the caller's for this thread while the dataset's largest file is read on another
   * (readAside.ts): called once, just before the loader first waits for that file (loadScenario
   * hashes the dataset's files there, in what would be idle time: 0.25 s on the wide bench dataset).
   * Where the file is read on this thread after all (no worker, a small file), it is called at the
   * same point; not called when the dataset has no CSV file to read. Never part of a result.
   */
  whileWaiting?: () => void;
}

/** Files shorter than this get no progress line of their own (their time counts in the next line). */
const PROGRESS_ROWS = 10_000;

/** A timer for LoadOptions.progress: `done(what)` reports what finished since the last call. */
function phases(progress?: (line: string) => void): (what: string) => void {
  if (!progress) return () => {};
  let t = performance.now();
  return (what) => {
    const now = performance.now();
    progress(`${what} (${((now - t) / 1000).toFixed(1)} s)`);
    t = now;
  };
}

/** Refuse a `dir` that does not exist or is no directory (both loaders' first check). */
function checkDatasetDir(dir: string): void {
  const { existsSync, statSync } = nodeFs();
  if (!existsSync(dir)) throw new ValidationError([{ file: dir, message: 'dataset directory does not exist' }]);
  if (!statSync(dir).isDirectory()) throw new ValidationError([{ file: dir, message: 'not a directory, expected a dataset directory (manifest.json and the CSV files)' }]);
}

/** Load, validate and cross-check a dataset directory. Throws ValidationError listing every problem. */
export function loadDataset(dir: string, options: LoadOptions = {}): Dataset {
  const done = phases(options.progress);
  checkDatasetDir(dir);
  const { join } = nodePath();
  const issues: ValidationIssue[] = [];
  const { manifest, lines, sha256 } = readManifest(dir, issues);
  const files: Partial<Record<Key, CsvColumns>> = {};
  // each file's Parquet twin, or the problem of having both (reported in file order below)
  const parquet = {} as Record<Key, string | null | ValidationError>;
  for (const key of KEYS) {
    try {
      parquet[key] = datasetParquetFile(dir, key);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      parquet[key] = e;
    }
  }
  // the largest CSV file (judgments.csv, as a rule) is read on another thread while this one reads
  // and checks the rest (readAside.ts); validateDataset first touches it after the other files' checks
  const aside = largestCsv(dir, KEYS.filter((key) => parquet[key] === null));
  const take = aside ? readCsvColumnsAside(join(dir, FILES[aside].file), FILES[aside].file, { within: dir }) : null;
  for (const key of KEYS) {
    const pq = parquet[key];
    if (pq instanceof ValidationError) { pushAll(issues, pq.issues); continue; }
    const file = pq ? parquetName(key) : FILES[key].file;
    if (key === aside) {
      // its read problems go where reading it here would have put them: after the files before it
      const at = issues.length;
      let got: CsvColumns | undefined;
      let taken = false;
      Object.defineProperty(files, key, {
        enumerable: true, configurable: true,
        get: () => {
          if (taken) return got;
          taken = true;
          options.whileWaiting?.();
          try {
            got = take!();
            if (got.length >= PROGRESS_ROWS) done(`${file}: ${got.length} rows read`);
          } catch (e) {
            if (e instanceof ValidationError) {
              const later = issues.splice(at);
              pushAll(issues, e.issues);
              pushAll(issues, later);
            }
            else throw e;
          }
          return got;
        },
      });
      continue;
    }
    try {
      // runs.parquet instead of runs.csv (issue 27): the same columns, checked by the same rules
      files[key] = pq ? readDatasetParquet(pq, key, dir) : readCsvColumns(join(dir, file), file, undefined, { within: dir });
      if (files[key]!.length >= PROGRESS_ROWS) done(`${file}: ${files[key]!.length} rows read`);
    } catch (e) {
      if (e instanceof ValidationError) pushAll(issues, e.issues);
      else throw e;
    }
  }
  const ds = validateDataset(dir, manifest, files, issues, lines, done);
  const read: Record<string, string> = { 'manifest.json': sha256! };
  for (const key of KEYS) read[files[key]!.file] = files[key]!.sha256!;
  readHashes.set(ds, read);
  return ds;
}

/**
 * One dataset file's own rules as loadDataset checks them (strict UTF-8 and RFC 4180, the header,
 * every cell by its schema: NaN, 2e308, -0, " 0.2", attempt 01 or 1.0 refused), with the loader's
 * messages at file:line, without keeping its rows: a CSV file is streamed a chunk at a time (no size
 * limit), a Parquet file is read as the loader reads it. For an engine that reads the records itself
 * (sql/engine.ts), so that both engines refuse the same files with the same messages. Returns the
 * problems (empty when there is none); `file` is the name read (runs.csv or runs.parquet).
 */
export function checkDatasetFile(dir: string, key: Key, file: string): ValidationIssue[] {
  const path = nodePath().join(dir, file);
  const issues: ValidationIssue[] = [];
  try {
    if (file.endsWith('.parquet')) {
      validateFile(readDatasetParquet(path, key, dir), key, issues);
      return issues;
    }
    const shape = FILES[key].schema.shape as Record<string, z.ZodType>;
    const required = Object.keys(shape);
    let at: number[] = [], parsers: ((s: string) => unknown)[] = [], nodeHoursAt = -1, ok = true;
    streamCsvFile(path, file, (header) => {
      ok = checkHeader({ file, header }, required, issues);
      at = required.map((c) => header.indexOf(c));
      parsers = required.map((c) => cellParser(shape[c]) ?? ((v: string) => { const r = shape[c].safeParse(v); return r.success ? r.data : INVALID; }));
      nodeHoursAt = key === 'runs' ? header.indexOf('node_hours') : -1;
    }, (line, fields) => {
      if (!ok) return;
      let valid = true;
      for (let k = 0; k < required.length && valid; k++) if (parsers[k](fields[at[k]]) === INVALID) valid = false;
      if (!valid) {
        const values: Record<string, string> = {};
        for (let k = 0; k < required.length; k++) values[required[k]] = fields[at[k]];
        const res = FILES[key].schema.safeParse(values);
        if (!res.success) for (const iss of res.error.issues) issues.push({ file, line, column: String(iss.path[0] ?? ''), message: iss.message });
      }
      if (nodeHoursAt >= 0) {
        const r = runNodeHours.safeParse(fields[nodeHoursAt]);
        if (!r.success) for (const iss of r.error.issues) issues.push({ file, line, column: 'node_hours', message: iss.message });
      }
    }, Number.MAX_SAFE_INTEGER, undefined, { within: dir });
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    // as the loader: a file that cannot be read whole gets its reading problems only
    issues.length = 0;
    pushAll(issues, e.issues);
  }
  return issues;
}

/** The SHA-256 of each file of a dataset loadDataset read, by file name, of the bytes it read. */
const readHashes = new WeakMap<Dataset, Record<string, string>>();

/**
 * The SHA-256 (hex) of the bytes loadDataset read of each of `ds`'s files, by name (manifest.json,
 * runs.csv or runs.parquet, ...): what the dataset's numbers were computed from. Undefined for a
 * dataset not read from a folder by loadDataset.
 */
export function datasetReadSha256(ds: Dataset): Readonly<Record<string, string>> | undefined {
  return readHashes.get(ds);
}

/** The key of the largest of `keys`' CSV files in `dir` (null when none can be read): readCsvColumnsAside decides whether another thread pays. */
function largestCsv(dir: string, keys: readonly Key[]): Key | null {
  const { statSync } = nodeFs(), { join } = nodePath();
  let best: Key | null = null, most = -1;
  for (const key of keys) {
    let size = -1;
    try { size = statSync(join(dir, FILES[key].file)).size; } catch { /* read and named in order */ }
    if (size > most) { best = key; most = size; }
  }
  return best;
}

/**
 * loadDataset over file contents instead of a directory (a browser's chosen files): `texts` maps a
 * file name (`manifest.json`, `tasks.csv`, ...) to its text; a file left out is reported as
 * `name: missing file`. The same checks and messages (`file:line: column: what was expected`) as
 * loadDataset; `dir` is only recorded as the dataset's `dir`.
 * @example datasetFromTexts('x', {}) // throws tasks.csv: missing file
 */
export function datasetFromTexts(dir: string, texts: Readonly<Record<string, string | undefined>>): Dataset {
  const issues: ValidationIssue[] = [];
  const manifestText = texts['manifest.json'];
  let read: { manifest: Manifest | null; lines?: Map<string, number> } = { manifest: null };
  if (manifestText === undefined) issues.push({ file: 'manifest.json', message: 'missing file' });
  else read = parseManifest(manifestText, issues);
  const files: Partial<Record<Key, CsvColumns>> = {};
  for (const key of Object.keys(FILES) as Key[]) {
    const file = FILES[key].file;
    const text = texts[file], parquet = texts[parquetName(key)];
    // a Parquet file comes as its bytes in a binary string (parquetFiles.ts binaryTextOfBytes)
    if (text !== undefined && parquet !== undefined) { issues.push({ file: parquetName(key), message: `both ${file} and ${parquetName(key)} are present: keep one` }); continue; }
    if (text === undefined && parquet === undefined) { issues.push({ file, message: 'missing file' }); continue; }
    try {
      files[key] = parquet !== undefined ? datasetParquetOfText(parquet, key) : parseCsvColumns(text!, file);
    } catch (e) {
      if (e instanceof ValidationError) pushAll(issues, e.issues);
      else throw e;
    }
  }
  return validateDataset(dir, read.manifest, files, issues, read.lines);
}

/**
 * judgments.csv names each run by the same text as runs.csv: one string object for both, so that the
 * judgments' ids do not hold on to the whole judgments.csv text they were sliced from. True when every
 * id judgments.csv names is in runs.csv's dictionary (none is unknown).
 */
function shareRunIds(files: Partial<Record<Key, CsvColumns>>): boolean {
  const runIds = files.runs?.columns.run_id, judgedIds = files.judgments?.columns.run_id;
  if (!runIds || !judgedIds) return false;
  const ids = runIds.dict, judged = judgedIds.dict;
  const at = positionsInOrder(ids, judged);
  let allKnown = true;
  judgedIds.dict = judged.map((id, j) => {
    if (at[j] === -1) { allKnown = false; return id; }
    return ids[at[j]];
  });
  return allKnown;
}

/**
 * The position in `ids` (distinct) of each id in `judged`, -1 where none: found by walking both
 * lists side by side (judgments.csv names the runs in runs.csv's order as a rule, so each judged id is
 * met in turn, a string comparison each), with a Map of `ids` only from the first judged id the walk
 * cannot place. No quantity.
 * @example [...positionsInOrder(['a', 'b', 'c'], ['a', 'c', 'x', 'b'])] // => [0, 2, -1, 1]
 */
export function positionsInOrder(ids: readonly string[], judged: readonly string[]): Int32Array {
  const out = new Int32Array(judged.length);
  let j = 0;
  for (let i = 0; j < judged.length && i < ids.length; i++) if (judged[j] === ids[i]) out[j++] = i;
  if (j < judged.length) {
    const at = new Map<string, number>();
    ids.forEach((id, i) => at.set(id, i));
    for (; j < judged.length; j++) out[j] = at.get(judged[j]) ?? -1;
  }
  return out;
}

/** Validate and cross-check the six files of a dataset (loadDataset's checks), then build it. */
function validateDataset(dir: string, manifest: Manifest | null, files: Partial<Record<Key, CsvColumns>>, issues: ValidationIssue[], manifestLines?: Map<string, number>, done: (what: string) => void = () => {}): Dataset {
  const warnings: string[] = [];
  // Every check of the other files runs before judgments.csv is first touched (loadDataset may still
  // be reading it on another thread); each check's problems go to its own list, and the lists are
  // joined in the order the checks are listed here, whatever order they ran in.
  const fileIssues = Object.fromEntries(KEYS.map((k) => [k, [] as ValidationIssue[]])) as Record<Key, ValidationIssue[]>;
  // (the order of the keys is the order of the messages)
  const list = () => [] as ValidationIssue[];
  const idIssues = { sector: list(), occupation: list(), task: list(), system: list(), run: list(), attempt: list(), judgment: list() };
  const refIssues = { sector: list(), occupation: list(), task: list(), system: list(), run: list() };
  const attemptIssues = list();
  const manifestIssues = { primarySystem: list(), primaryJudge: list() };
  const parsed = {} as Record<Key, Parsed>;
  const check = (key: Key) => {
    const csv = files[key];
    parsed[key] = csv ? { ...validateFile(csv, key, fileIssues[key]), file: csv.file } : { rows: [], cols: null, file: FILES[key].file, complete: false };
    if (csv && csv.length >= PROGRESS_ROWS) done(`${csv.file}: ${csv.length} rows checked`);
  };
  for (const key of KEYS) if (key !== 'judgments') check(key);
  const P = parsed;
  // Ids and references are checked on the raw cells of every row, valid or not, so that one bad cell
  // gives one message instead of a cascade of "unknown run" lines for the rows that point at it.
  const sectors = uniqueIds(P.sectors, ['sector'], 'sector', idIssues.sector);
  const occupations = uniqueIds(P.occupations, ['occupation'], 'occupation', idIssues.occupation);
  const tasks = uniqueIds(P.tasks, ['task_id'], 'task_id', idIssues.task);
  const systems = uniqueIds(P.systems, ['system'], 'system', idIssues.system);
  const runs = uniqueIds(P.runs, ['run_id'], 'run_id', idIssues.run);
  uniqueIds(P.runs, ['task_id', 'system', 'attempt'], 'attempt', idIssues.attempt);
  const ref = (p: Parsed, column: string, known: KnownIds, what: string, target: string, out: ValidationIssue[]) => {
    const targetKey = KEYS.find((k) => FILES[k].file === target)!;
    if (!P[targetKey].complete || !p.cols) return; // its problems are already reported
    const { dict, codes } = p.cols.columns[column];
    const unknown = dict.map((v) => v !== '' && !known.has(v));
    if (!unknown.includes(true)) return;
    for (let i = 0; i < p.cols.length; i++) {
      if (unknown[codes[i]]) out.push({ file: p.file, line: p.cols.lines[i], column, message: `unknown ${what} "${dict[codes[i]]}" (not in ${target})` });
    }
  };
  ref(P.occupations, 'sector', sectors, 'sector', 'sectors.csv', refIssues.sector);
  ref(P.tasks, 'occupation', occupations, 'occupation', 'occupations.csv', refIssues.occupation);
  ref(P.runs, 'task_id', tasks, 'task', 'tasks.csv', refIssues.task);
  ref(P.runs, 'system', systems, 'system', 'systems.csv', refIssues.system);
  // Attempts of one (task, system) are numbered 1..n without gaps (rows whose attempt is not an
  // integer >= 1 are already reported and left out of this count).
  const attempts = new Map<number | string, { max: number; seen: Set<number>; line: number; i: number }>();
  const R = P.runs.cols;
  if (R) {
    const { dict, codes } = R.columns.attempt;
    const attemptOf = dict.map((v) => (INTEGER.test(v) && Number.isSafeInteger(Number(v)) && Number(v) >= 1 ? Number(v) : 0)); // others are already an issue of their row: not counted again here
    const { keyOf } = rowKeys(R, ['task_id', 'system']);
    for (let i = 0; i < R.length; i++) {
      const attempt = attemptOf[codes[i]];
      if (attempt === 0) continue;
      const key = keyOf(i);
      let a = attempts.get(key);
      if (!a) attempts.set(key, (a = { max: 0, seen: new Set<number>(), line: R.lines[i], i }));
      a.max = Math.max(a.max, attempt);
      a.seen.add(attempt);
    }
    for (const a of attempts.values()) {
      if (a.max !== a.seen.size) {
        const [task, system] = keyCells(R, ['task_id', 'system'], a.i);
        attemptIssues.push({ file: P.runs.file, line: a.line, column: 'attempt', message: `task "${task}" on system "${system}" has attempts up to ${a.max} but only ${a.seen.size} distinct attempts, expected attempts 1..n without gaps` });
      }
    }
  }
  const at = (key: string) => manifestLines?.get(key);
  if (manifest && P.systems.rows.length && !systems.has(manifest.primary_system)) manifestIssues.primarySystem.push({ file: 'manifest.json', line: at('primary_system'), column: 'primary_system', message: `unknown system "${manifest.primary_system}" (not in systems.csv)` });
  // judgments.csv, last
  const allRunsKnown = shareRunIds(files);
  check('judgments');
  uniqueIds(P.judgments, ['run_id', 'reference', 'judge'], 'judge', idIssues.judgment);
  if (!allRunsKnown) ref(P.judgments, 'run_id', runs, 'run', 'runs.csv', refIssues.run);
  if (manifest) {
    const jc = P.judgments.columns;
    let judged = false;
    if (jc) {
      const k = jc.names.indexOf('judge'), codes = jc.codes[k], values = jc.values[k];
      for (let i = 0; i < jc.length && !judged; i++) judged = values[codes[i]] === manifest.primary_judge;
    } else judged = P.judgments.rows.some((j: JudgmentRow) => j.judge === manifest.primary_judge);
    if ((jc ? jc.length : P.judgments.rows.length) && !judged) manifestIssues.primaryJudge.push({ file: 'manifest.json', line: at('primary_judge'), column: 'primary_judge', message: `judge "${manifest.primary_judge}" has no judgments in judgments.csv` });
  }
  for (const l of [...KEYS.map((k) => fileIssues[k]), ...Object.values(idIssues), ...Object.values(refIssues), attemptIssues, ...Object.values(manifestIssues)]) pushAll(issues, l);
  done('ids and references checked');
  if (issues.length) throw new ValidationError(issues);
  // Warnings: facts present but not evaluated.
  const usedSectors = new Set(P.occupations.rows.map((o: OccupationRow) => o.sector));
  for (const s of P.sectors.rows as SectorRow[]) if (!usedSectors.has(s.sector)) warnings.push(`sectors.csv: sector "${s.sector}" has no occupation; its share is left out of the normalisation`);
  const usedOcc = new Set(P.tasks.rows.map((t: TaskRow) => t.occupation));
  for (const o of P.occupations.rows as OccupationRow[]) if (!usedOcc.has(o.occupation)) warnings.push(`occupations.csv: occupation "${o.occupation}" has no task; it is not evaluated and gets no weight`);
  const rows: DatasetRows = {
    occupations: P.occupations.rows, sectors: P.sectors.rows, tasks: P.tasks.rows,
    systems: P.systems.rows, runs: P.runs.rows, judgments: P.judgments.rows,
  };
  if (P.judgments.columns) lazyJudgmentRows(rows, P.judgments.columns);
  // run_id was checked unique above: its dictionary is the runs' ids in row order
  const runIds = P.runs.cols?.columns.run_id.dict;
  if (runIds && runIds.length === rows.runs.length) idsOfLoadedRuns.set(rows.runs, runIds);
  const ds = datasetOf(dir, manifest!, rows, warnings);
  return ds;
}

const KEYS = Object.keys(FILES) as Key[];
/** Each view a dataset built -> the rows array it shows. */
const viewOf = new WeakMap<ColumnTable, readonly unknown[]>();
/** The lazy view getters of datasets (a dataset's own, not yet read, view is one of these). */
const viewGetters = new WeakSet<() => unknown>();

/** A Dataset over validated `rows`, its Arquero views built on first read (then kept). */
function datasetOf(dir: string, manifest: Manifest, rows: DatasetRows, warnings: string[]): Dataset {
  const ds = { dir, manifest, rows, warnings } as Dataset;
  for (const key of KEYS) {
    let view: ColumnTable | undefined;
    const get = () => {
      if (!view) {
        view = key === 'runs' ? runsTable(rows.runs) : aq.from(rows[key] as unknown as object[]);
        viewOf.set(view, rows[key]);
      }
      return view;
    };
    viewGetters.add(get);
    Object.defineProperty(ds, key, { get, enumerable: true, configurable: true });
  }
  return ds;
}

/**
 * The runs as an Arquero table, each extra column beside the schema's (what aq.from gives for the
 * rows with `extra` spread in, built column by column without a second object per run).
 */
function runsTable(runs: readonly RunRow[]): ColumnTable {
  if (runs.length === 0) return aq.from([]);
  const { extra, ...first } = runs[0];
  const names = Object.keys({ ...first, ...extra });
  const extras = new Set(Object.keys(extra));
  const columns: Record<string, unknown[]> = {};
  for (const name of names) {
    const col = new Array(runs.length);
    if (extras.has(name)) for (let i = 0; i < runs.length; i++) col[i] = runs[i].extra[name];
    else for (let i = 0; i < runs.length; i++) col[i] = (runs[i] as unknown as Record<string, unknown>)[name];
    columns[name] = col;
  }
  return aq.table(columns);
}

/** What restrictDataset keeps: a predicate per file (a row is kept when it returns true). */
export interface Restriction {
  occupations?: (o: OccupationRow) => boolean;
  sectors?: (s: SectorRow) => boolean;
  tasks?: (t: TaskRow) => boolean;
  systems?: (s: SystemRow) => boolean;
  runs?: (r: RunRow) => boolean;
  judgments?: (j: JudgmentRow) => boolean;
}

/** Records as CSV cells, so that a restricted dataset is checked by the very checks a file gets. */
function cellsOf(name: string, records: readonly Record<string, unknown>[], columns: string[]): CsvData {
  const cell = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return { file: name, header: columns, rows: records.map((r, i) => ({ line: i + 2, values: Object.fromEntries(columns.map((c) => [c, cell(r[c])])) })) };
}

/**
 * A new dataset with the rows `keep` rejects left out, validated by loadDataset's checks (its rows
 * written as cells of `dataset.<file>`, line N being row N - 1). Leaving out tasks leaves out their
 * runs, leaving out systems leaves out theirs, and leaving out runs (either way) leaves out their
 * judgments; each such cascade is counted in the result's `warnings`. Any other broken reference
 * (an occupation left out whose tasks stay, a primary system left out) is a ValidationError, as in a
 * file. `ds` itself is unchanged; the result's views show the restricted rows.
 * @example restrictDataset(ds, { tasks: (t) => t.occupation !== 'occC' }).rows.tasks.length // => 4
 */
export function restrictDataset(ds: Dataset, keep: Restriction): Dataset {
  const base = checkDataset(ds);
  for (const key of Object.keys(keep)) {
    if (!(KEYS as string[]).includes(key) || typeof keep[key as Key] !== 'function') throw new J2GError(`restrictDataset: ${key} is not a file of a dataset with a predicate (expected ${KEYS.join(', ')}, each a function of a row)`);
  }
  const rows = {} as Record<Key, Record<string, unknown>[]>;
  for (const key of KEYS) {
    const all = base.rows[key] as unknown as Record<string, unknown>[];
    const f = keep[key] as ((r: unknown) => boolean) | undefined;
    rows[key] = f ? all.filter((r) => f(r)) : all;
  }
  const notes: string[] = [];
  const cascade = (child: Key, column: string, parent: Key, idColumn: string) => {
    if (rows[parent].length === base.rows[parent].length && rows[parent] === (base.rows[parent] as unknown)) return;
    const kept = new Set(rows[parent].map((r) => r[idColumn]));
    const before = rows[child].length;
    rows[child] = rows[child].filter((r) => kept.has(r[column]));
    const dropped = before - rows[child].length;
    if (dropped) notes.push(`restrictDataset: ${dropped} ${child} row(s) of the ${parent} left out are left out too`);
  };
  cascade('runs', 'task_id', 'tasks', 'task_id');
  cascade('runs', 'system', 'systems', 'system');
  if (rows.runs.length !== base.rows.runs.length || keep.runs) {
    const kept = new Set(rows.runs.map((r) => r.run_id));
    const before = rows.judgments.length;
    rows.judgments = rows.judgments.filter((j) => kept.has(j.run_id));
    const dropped = before - rows.judgments.length;
    if (dropped) notes.push(`restrictDataset: ${dropped} judgments row(s) of the runs left out are left out too`);
  }
  const files: Partial<Record<Key, CsvColumns>> = {};
  for (const key of KEYS) {
    const records = key === 'runs' ? rows.runs.map(({ extra, ...r }) => ({ ...r, ...(extra as object) })) : rows[key];
    const columns = key === 'runs'
      ? [...Object.keys(FILES.runs.schema.shape), 'node_hours', ...Object.keys((base.rows.runs[0]?.extra ?? {}) as object)]
      : Object.keys(FILES[key].schema.shape);
    files[key] = columnsOfCsv(cellsOf(`dataset.${key}`, records, columns));
  }
  const out = validateDataset(base.dir, base.manifest, files, []);
  out.warnings.unshift(...notes);
  return out;
}

/**
 * `ds` itself, checked to be a dataset as loaded: every view is the one built from its rows. A
 * replaced view (`{ ...ds, tasks: ds.tasks.filter(...) }`) is a J2GError naming restrictDataset:
 * computations read `rows`, so a filtered view would otherwise be ignored without a word. Replacing a
 * `rows` array (`{ ...ds, rows: { ...ds.rows, systems } }`) is taken as meant, unchecked: the rows
 * are the dataset. Every builder calls this on the dataset it is given.
 * @example checkDataset(ds) === ds // => true
 */
export function checkDataset(ds: Dataset): Dataset {
  for (const key of KEYS) {
    const own = Object.getOwnPropertyDescriptor(ds, key);
    if (own?.get && viewGetters.has(own.get)) continue; // its own view, read or not
    if (own && !own.get && viewOf.has(own.value)) continue; // a copy of a dataset's view: `{ ...ds, rows }`
    throw new J2GError(`dataset.${key} is not the view this dataset was loaded with; a filtered table is not used by any computation (they read dataset.rows). For a dataset with some ${key} left out, use restrictDataset(dataset, { ${key}: (row) => ... }), which returns a new, validated dataset`);
  }
  return ds;
}

/** The files loadDatasetWithoutRecords reads: all but the per-run and per-judgment records. */
const SMALL_FILES = ['occupations', 'sectors', 'tasks', 'systems'] as const satisfies readonly Key[];

/**
 * A dataset without its records (issue 27, `j2g tables --engine duckdb`): manifest.json and the four
 * small files (occupations, sectors, tasks, systems; CSV or Parquet) loaded and checked as loadDataset
 * checks them, while runs and judgments stay on disk for another engine (kernel-lib/sql/engine.ts,
 * whose validate.sql checks them and their references). Reading `rows.runs` or `rows.judgments` (or
 * the views `runs`, `judgments`) throws, naming the caller's mistake: a computation that needs the
 * records must take them from the engine's aggregates (metrics/recordAggregates.ts), never from here.
 * @example loadDatasetWithoutRecords('data/recorded/synthetic-small').rows.tasks.length // => 6
 */
export function loadDatasetWithoutRecords(dir: string): Dataset {
  checkDatasetDir(dir);
  const { join } = nodePath();
  const issues: ValidationIssue[] = [];
  const { manifest, lines } = readManifest(dir, issues);
  const files: Partial<Record<Key, CsvColumns>> = {};
  for (const key of SMALL_FILES) {
    try {
      const parquet = datasetParquetFile(dir, key);
      files[key] = parquet ? readDatasetParquet(parquet, key, dir) : readCsvColumns(join(dir, FILES[key].file), FILES[key].file, undefined, { within: dir });
    } catch (e) {
      if (e instanceof ValidationError) pushAll(issues, e.issues);
      else throw e;
    }
  }
  const ds = validateDataset(dir, manifest, files, issues, lines);
  for (const key of ['runs', 'judgments'] as const) {
    const refuse = () => {
      throw new J2GError(`${key}: the records of ${dir} were not loaded (a dataset for another engine, loadDatasetWithoutRecords); take them from the engine's aggregates (metrics/recordAggregates.ts)`);
    };
    viewGetters.add(refuse); // checkDataset: the dataset's own (refusing) view
    Object.defineProperty(ds.rows, key, { get: refuse, enumerable: false, configurable: false });
    Object.defineProperty(ds, key, { get: refuse, enumerable: false, configurable: false });
  }
  withoutRecords.add(ds);
  return ds;
}

/** The datasets loadDatasetWithoutRecords made (hasRecords). */
const withoutRecords = new WeakSet<Dataset>();

/**
 * Whether `ds` holds its run and judgment records: false for a dataset of loadDatasetWithoutRecords
 * (another engine's, whose records are read there), where reading them throws.
 * @example hasRecords(loadDatasetWithoutRecords('data/recorded/synthetic-small')) // => false
 */
export function hasRecords(ds: Dataset): boolean {
  return !withoutRecords.has(ds);
}
