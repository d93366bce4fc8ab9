/**
 * The records -> per-task components step in SQL, run by DuckDB embedded in the process (issue 27):
 * kernel-lib/sql/taskComponents.sql over a dataset folder's CSV or Parquet files, read by DuckDB
 * itself (out of core, on all cores), never as one JavaScript object per record; its rows become a
 * TaskComponents, so that everything after the boundary (weights, bootstrap, tables) is unchanged.
 * And the loader's cross-file checks as anti-joins (sql/validate.sql), naming rows by key.
 *
 * Equal to the JavaScript path (kernel-lib/metrics/taskComponents.ts) on the same data
 * (test/data/duckdb.test.ts), up to the order in which SQL adds a task's charged attempts (a sum of at
 * most k numbers: the last bit at most).
 *
 * Input tables: for each of the six files, `<name>.parquet` when present, else `<name>.csv`, typed by the
 * schema (text VARCHAR, attempt and accelerator_count INTEGER, other numbers DOUBLE) and numbered by row
 * (row_in_file: Parquet's file_row_number + 1; a CSV's insertion order, which DuckDB preserves).
 * Usage: `const db = await openDuckDbDataset(dir)`, then `await db.taskComponents({ policy })` (a
 * TaskComponents, as taskComponents gives) and `await db.validate()`; `db.close()` at the end.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { closeSync, readFileSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { J2GError, UnsupportedOutputError, ValidationError, type ValidationIssue } from '../errors.ts';
import { checkDatasetFile } from '../data/load.ts';
import { datasetParquetFile, parquetName } from '../data/parquetFiles.ts';
import { readCsvHeader } from '../io/csv.ts';
import { headerIssues } from '../io/headerIssues.ts';
import { openInput } from '../io/input.ts';
import { FILES, manifestSchema, type Reference } from '../data/schema.ts';
import { PARQUET_INTEGER_COLUMNS, PARQUET_NUMBER_COLUMNS, cellText } from '../io/parquet.ts';
import { cellParser, INVALID } from '../data/fields.ts';
import { runNodeHours } from '../data/schema.ts';
import type { z } from 'zod';
import { attemptsCharged, checkPolicy, policyLabel, type AttemptPolicy } from '../metrics/policy.ts';
import { componentDefaults, timeReferenceOf, type TaskComponents } from '../metrics/taskComponents.ts';
import { readJsonFile } from '../io/readJsonFile.ts';
import type { Outcome } from '../data/schema.ts';
import type { RecordAggregates, TaskAttempts } from '../metrics/recordAggregates.ts';
import type { StampSource } from './validationStamp.ts';

type Key = keyof typeof FILES;
/** taskComponents.sql's numeric output columns (an every-system table's rows are read as these, task_id and occupation joined in JavaScript by task_row) */
const BATCH_NUMBERS = ['task_row', 'occupation_row', 'expert_hours', 'wage_usd_per_hour', 'credit', 'value_usd', 'cost_usd', 'energy_mj', 'ai_hours', 'time_saving_hours', 'attempts', 'judged'];

const SQL_DIR = new URL('./', import.meta.url);
/** The version of the per-file checks validate() runs before validate.sql (a validation stamp's rules include it). */
const FILE_RULES = 'file rules: data/load.ts checkDatasetFile, engine.ts parquetCellIssues, io/headerIssues.ts (3)';
/** The text of one of kernel-lib/sql/*.sql. */
export function sqlText(name: string): string {
  return readFileSync(new URL(name, SQL_DIR), 'utf8');
}

/** A text as an SQL string literal ('' doubles a quote). */
function literal(v: string | number): string {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new J2GError(`not a finite number for SQL: ${v}`);
    return String(v);
  }
  return `'${v.replace(/'/g, "''")}'`;
}

/** `text` with every {{name}} replaced by the literal of values[name]; throws for a placeholder without a value. */
export function fillSql(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new J2GError(`SQL placeholder without a value: ${name}`);
    return literal(values[name]);
  });
}

function sqlType(column: string, key: Key): string {
  if (!PARQUET_NUMBER_COLUMNS[key].includes(column)) return 'VARCHAR';
  return PARQUET_INTEGER_COLUMNS.has(column) ? 'INTEGER' : 'DOUBLE';
}

/** The view of one file: the schema's columns cast to their types, runs' node_hours (NULL when the file has none), and row_in_file. */
function viewSql(path: string, key: Key, file: string, header: string[]): string {
  const columns = Object.keys(FILES[key].schema.shape);
  const casts = columns.map((c) => `CAST(${c} AS ${sqlType(c, key)}) AS ${c}`);
  if (key === 'runs') casts.push(header.includes('node_hours') ? 'CAST(node_hours AS DOUBLE) AS node_hours' : 'CAST(NULL AS DOUBLE) AS node_hours');
  // the validity codes j2g energy and j2g import write (release/completeness.ts validityFlags), as text
  if (key === 'runs') casts.push(header.includes('validity') ? 'CAST(validity AS VARCHAR) AS validity' : 'CAST(NULL AS VARCHAR) AS validity');
  if (file.endsWith('.parquet')) return `CREATE VIEW ${key} AS SELECT ${casts}, file_row_number + 1 AS row_in_file FROM read_parquet(${literal(path)}, file_row_number = true)`;
  // every column read as text, then cast: DuckDB's type sniffing never decides a column's type
  return `CREATE VIEW ${key} AS SELECT ${casts}, row_number() OVER () AS row_in_file FROM read_csv(${literal(path)}, header = true, all_varchar = true)`;
}

/**
 * raw_<file>: validate.sql's input: the schema's columns as text (an empty cell NULL), node_hours NULL when runs has none;
 * except a Parquet file's numeric columns where the file stores a number (`numeric`: column -> its Parquet type is
 * numeric): these stay numbers, since validate.sql reads a number through TRY_CAST as it reads its text, and at 5 million
 * runs turning every number into text and back cost about a fifth of the checks (docs/scale.md).
 * A CSV is always read as text (DuckDB's sniffing never decides a type).
 * A CSV's reader gets a 4 MiB buffer, not DuckDB's default (about 32 MiB, reserved per scan): validate.sql
 * scans the files some thirty times in one query, and 30 default buffers alone passed a 1 GB memory_limit
 * even on synthetic-small ("could not allocate block of size 30.5 MiB (946.1 MiB/953.6 MiB used)").
 */
function rawViewSql(path: string, key: Key, file: string, header: string[], numeric: ReadonlySet<string> = new Set()): string {
  const columns = Object.keys(FILES[key].schema.shape);
  const parquet = file.endsWith('.parquet');
  const asRead = (c: string) => (parquet && PARQUET_NUMBER_COLUMNS[key].concat(key === 'runs' ? ['node_hours'] : []).includes(c) && numeric.has(c) ? `${c} AS ${c}` : `CAST(${c} AS VARCHAR) AS ${c}`);
  const text = columns.map(asRead);
  if (key === 'runs') text.push(header.includes('node_hours') ? asRead('node_hours') : 'CAST(NULL AS VARCHAR) AS node_hours');
  const source = parquet ? `read_parquet(${literal(path)})` : `read_csv(${literal(path)}, header = true, all_varchar = true, buffer_size = 4194304)`;
  return `CREATE VIEW raw_${key} AS SELECT ${text.join(', ')} FROM ${source}`;
}

export interface DuckDbComponentOptions {
  system?: string;
  judge?: string;
  judgmentReference?: Reference;
  timeReference?: Reference;
  policy?: AttemptPolicy;
  /** re-price the system's runs at this USD per node-hour (Appendix G.1; metrics/taskComponents.ts runCostAtRate); undefined: recorded costs */
  nodeRateUSDPerHour?: number;
}

export interface DuckDbDataset {
  dir: string;
  connection: DuckDBConnection;
  manifest: { primary_system: string; primary_judge: string };
  /** The per-task components of one configuration (taskComponents' defaults: manifest system and judge, expert_only, pass@1). */
  taskComponents(options: DuckDbComponentOptions): Promise<TaskComponents>;
  /** the most attempts a task has on `system` (0 when it has no runs) */
  maxAttempt(system: string): Promise<number>;
  /**
   * Compute one configuration (recorded costs) for every system at once, in one query kept in DuckDB;
   * taskComponents then reads each system's rows from it (the same query text, the same rows).
   */
  prefetchAllSystems(options: Omit<DuckDbComponentOptions, 'system' | 'nodeRateUSDPerHour'>): Promise<void>;
  /**
   * Copy `system`'s runs and their judgments into small DuckDB tables that every later query of that
   * one system reads instead of the files (the context's crossings, policies and scoped aggregates).
   */
  focusSystem(system: string): Promise<void>;
  /**
   * What the tables read of the records besides the components (sql/recordAggregates.sql), for the
   * context's system and judge: metrics/recordAggregates.ts's RecordAggregates, as
   * recordAggregatesFromRecords gives it from loaded records.
   */
  recordAggregates(scope: { system: string; judge: string }): Promise<RecordAggregates>;
  /**
   * The same in two steps, for a caller that learns the scope from the first: `scope` null gives the
   * per-system and per-judge parts only (the scoped lists empty); with `base` (such a result), only
   * the scoped queries run and base's other parts are kept.
   */
  recordAggregates(scope: { system: string; judge: string } | null, base?: RecordAggregates): Promise<RecordAggregates>;
  /**
   * The loader's checks: first each file's own rules by the loader's code (data/load.ts
   * checkDatasetFile: the same messages at file:line, "runs.csv:7: energy_mj: expected a finite
   * number > 0, found NaN"); when those pass, the cross-file checks as SQL (sql/validate.sql, the row
   * named by its key: "judgments.csv: run_id=r9,...: run_id: unknown run"). Empty when there is none.
   */
  validate(): Promise<ValidationIssue[]>;
  /** validate.sql alone (the cross-file checks by key), without each file's own rules first: what validate() runs once those pass */
  validateSql(): Promise<ValidationIssue[]>;
  /** What a validation stamp is keyed by (sql/validationStamp.ts): the files read, validate.sql and the raw views' SQL. */
  stampSource: StampSource;
  close(): void;
}

/** Characters DuckDB's file readers take as a glob pattern (`*`, `?`, `[...]`, `{a,b}`). */
const GLOB = /[*?[\]{}]/;

/**
 * The six files DuckDB reads, resolved at the input boundary (io/input.ts) before DuckDB sees a path:
 * for each key the file the loader reads (its Parquet twin when there is one, both being an error, as
 * in data/parquetFiles.ts), a regular file inside `dir` (a FIFO, a device, a directory or a link out of
 * the folder refused by name), linked under its plain name from `links` (a folder of this session's
 * own, whose path holds no glob character): DuckDB then opens exactly that file, literally, whatever
 * characters the dataset's path holds (`dsA[1]` is never `dsA1`).
 */
function resolveFiles(dir: string, links: string): { fileOf: Record<Key, string>; pathOf: Record<Key, string> } {
  if (GLOB.test(links)) throw new J2GError(`the temporary folder ${links} holds a glob character (* ? [ ] { }): set TMPDIR to a folder without one`);
  const fileOf = {} as Record<Key, string>, pathOf = {} as Record<Key, string>;
  const issues: ValidationIssue[] = [];
  for (const key of Object.keys(FILES) as Key[]) {
    try {
      const file = datasetParquetFile(dir, key) ? parquetName(key) : FILES[key].file;
      const path = join(dir, file);
      closeSync(openInput(path, file, Number.MAX_SAFE_INTEGER, { within: dir }).fd);
      fileOf[key] = file;
      pathOf[key] = join(links, file);
      symlinkSync(realpathSync(path), pathOf[key]);
    } catch (e) {
      if (e instanceof ValidationError) issues.push(...e.issues);
      else throw e;
    }
  }
  if (issues.length) throw new ValidationError(issues);
  return { fileOf, pathOf };
}

/**
 * The header of a dataset file as read by the project's own rules (never DuckDB's guess: DuckDB
 * renames a duplicated column and would read one of the two): a CSV file's first record (io/csv.ts
 * readCsvHeader), a Parquet file's column names (DuckDB's parquet_schema), checked by the same header
 * rules (io/headerIssues.ts), so both engines refuse the same headers with the same messages.
 */
async function checkedHeader(connection: DuckDBConnection, dir: string, file: string, path: string): Promise<string[]> {
  if (!file.endsWith('.parquet')) return readCsvHeader(join(dir, file), file, { within: dir });
  const names = (await duck(file, () => connection.runAndReadAll(`SELECT name FROM parquet_schema(${literal(path)})`))).getColumnsJS()[0].slice(1).map(String);
  const issues = headerIssues(names, file);
  if (issues.length) throw new ValidationError(issues);
  return names;
}

/** A DuckDB call over `file`, whose error becomes a ValidationError naming the file (not DuckDB's stack). */
async function duck<T>(file: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof J2GError) throw e;
    const first = String((e as Error).message ?? e).split('\n')[0];
    throw new ValidationError([{ file, message: `cannot be read (${first})` }]);
  }
}

/** The columns of a dataset file (its boundary path) with DuckDB's type of each (every CSV column VARCHAR: read as text). */
async function columnTypes(connection: DuckDBConnection, file: string, path: string): Promise<[string, string][]> {
  const source = file.endsWith('.parquet') ? `read_parquet(${literal(path)})` : `read_csv(${literal(path)}, header = true, all_varchar = true)`;
  const r = await duck(file, () => connection.runAndReadAll(`DESCRIBE SELECT * FROM ${source}`));
  return r.getRowObjectsJS().map((row) => [String(row.column_name), String(row.column_type)]);
}

/**
 * A Parquet file's own rules in DuckDB, with the loader's messages (data/load.ts validateFile over
 * io/parquet.ts parquetColumns), without decoding the file in JavaScript (20 million judgments would
 * not fit the heap): the column types first (a number column of numbers, a text column of text, as
 * parquetColumns requires); then a query finds every row that may break a cell rule (a superset: a
 * null, NaN, an infinity, a zero or negative number, a non-integer where an integer goes, an empty,
 * padded or NUL-holding text, a label outside its set), and only those rows come to JavaScript, where
 * each is checked by the schema itself from its cells as the loader reads them (cellText), so the
 * messages are the loader's: `runs.parquet:7: energy_mj: expected a finite number > 0, found "NaN"`.
 */
async function parquetCellIssues(connection: DuckDBConnection, key: Key, file: string, path: string, types: readonly [string, string][]): Promise<ValidationIssue[]> {
  const shape = FILES[key].schema.shape as Record<string, z.ZodType>;
  const required = Object.keys(shape);
  const typeOf = new Map(types);
  const numbers = new Set(PARQUET_NUMBER_COLUMNS[key]);
  const issues: ValidationIssue[] = [];
  const checked = key === 'runs' && typeOf.has('node_hours') ? [...required, 'node_hours'] : required;
  for (const c of checked) {
    const t = typeOf.get(c)!;
    if ((numbers.has(c) || c === 'node_hours') && !NUMERIC_TYPE.test(t)) issues.push({ file, line: 1, column: c, message: `expected numbers (DOUBLE, FLOAT, INT32, INT64 or DECIMAL), found ${t}` });
    else if (!numbers.has(c) && c !== 'node_hours' && t !== 'VARCHAR') issues.push({ file, line: 1, column: c, message: `expected text (BYTE_ARRAY STRING), found ${t}` });
  }
  if (issues.length) return issues;
  // what String.prototype.trim strips (a padded cell is refused), as an RE2 class: a regular expression is faster here than trim(x, characters)
  const TRIMMED = '[\\s\\x{000B}\\x{00A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}]';
  const conditions: string[] = [];
  for (const c of checked) {
    const q = `"${c}"`;
    const parse = c === 'node_hours' ? cellParser(runNodeHours)! : cellParser(shape[c]) ?? ((v: string) => (shape[c].safeParse(v).success ? v : INVALID));
    const nullable = parse('') !== INVALID;
    let bad: string;
    if (numbers.has(c) || c === 'node_hours') {
      const x = `CAST(${q} AS DOUBLE)`;
      bad = `isnan(${x}) OR isinf(${x}) OR ${x} <= 0${PARQUET_INTEGER_COLUMNS.has(c) ? ` OR ${x} <> floor(${x}) OR ${x} > 9007199254740991` : ''}`;
    } else if (parse('a') !== INVALID && parse(' a') === INVALID) {
      bad = `${q} = '' OR regexp_matches(${q}, '^${TRIMMED}|${TRIMMED}$') OR contains(${q}, chr(0))`;
    } else {
      // a set of labels (reference, outcome): the distinct values checked here, few by nature
      const distinct = (await duck(file, () => connection.runAndReadAll(`SELECT DISTINCT ${q} AS v FROM read_parquet(${literal(path)}) WHERE ${q} IS NOT NULL LIMIT 10001`))).getColumnsJS()[0].map(String);
      const invalid = distinct.filter((v) => parse(v) === INVALID);
      bad = distinct.length > 10000 ? 'TRUE' : invalid.length ? `${q} IN (${invalid.map(literal).join(', ')})` : 'FALSE';
    }
    conditions.push(nullable ? `(${q} IS NOT NULL AND (${bad}))` : `(${q} IS NULL OR ${bad})`);
  }
  const rows = (await duck(file, () => connection.runAndReadAll(`SELECT file_row_number + 1 AS row_in_file, ${checked.map((c) => `"${c}"`).join(', ')} FROM read_parquet(${literal(path)}, file_row_number = true) WHERE ${conditions.join(' OR ')} ORDER BY row_in_file`))).getRowObjectsJS();
  for (const r of rows) {
    const line = Number(r.row_in_file);
    const values: Record<string, string> = {};
    for (const c of required) values[c] = cellText(r[c]);
    const res = FILES[key].schema.safeParse(values);
    if (!res.success) for (const iss of res.error.issues) issues.push({ file, line, column: String(iss.path[0] ?? ''), message: iss.message });
    if (checked.includes('node_hours')) {
      const nh = runNodeHours.safeParse(cellText(r.node_hours));
      if (!nh.success) for (const iss of nh.error.issues) issues.push({ file, line, column: 'node_hours', message: iss.message });
    }
  }
  return issues;
}

/** DuckDB's numeric types, as DESCRIBE names them (a Parquet column of one of these is read by validate.sql as a number) */
const NUMERIC_TYPE = /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|DOUBLE|DECIMAL\(\d+,\d+\))$/;

/**
 * A DuckDB session over a dataset folder (CSV or Parquet files): views of the six files, then queries.
 * `batchRead`: systems read per query of an every-system component table (default 100; tests use less).
 */
export async function openDuckDbDataset(dir: string, options: { batchRead?: number } = {}): Promise<DuckDbDataset> {
  /** systems read per query of an every-system component table (prefetchAllSystems) */
  const batchRead = options.batchRead ?? 100;
  // the strict reader (a duplicated key is an error at its line, as the loader reads it)
  const manifest = manifestSchema.parse(readJsonFile(join(dir, 'manifest.json')).value);
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  // DuckDB's memory capped (its hash tables spill to a folder of their own past it; default 1 GB, J2G_DUCKDB_MEMORY another
  // size as DuckDB reads it, e.g. 4GB): the peak of a 5-million-run dataset's checks is then the cap plus the Node heap
  const spill = mkdtempSync(join(tmpdir(), 'j2g-duckdb-spill-'));
  await connection.run(`SET memory_limit = ${literal(process.env.J2G_DUCKDB_MEMORY || '1GB')}`);
  await connection.run(`SET temp_directory = ${literal(spill)}`);
  const links = join(spill, 'files');
  const rawViews: string[] = [];
  const headers = {} as Record<Key, string[]>;
  const typesOf = {} as Record<Key, [string, string][]>;
  let fileOf: Record<Key, string>, pathOf: Record<Key, string>;
  try {
    mkdirSync(links);
    ({ fileOf, pathOf } = resolveFiles(dir, links));
    for (const key of Object.keys(FILES) as Key[]) {
      const header = (headers[key] = await checkedHeader(connection, dir, fileOf[key], pathOf[key]));
      const missing = Object.keys(FILES[key].schema.shape).filter((c) => !header.includes(c));
      if (missing.length) throw new ValidationError(missing.map((c) => ({ file: fileOf[key], line: 1, column: c, message: 'missing required column' })));
      let types: [string, string][];
      try {
        types = typesOf[key] = await columnTypes(connection, fileOf[key], pathOf[key]);
        if (types.map(([name]) => name).join('\0') !== header.join('\0')) throw new ValidationError([{ file: fileOf[key], line: 1, message: `DuckDB reads the header as ${types.map(([name]) => name).join(',')}, expected ${header.join(',')}` }]);
      } catch (e) {
        // DuckDB cannot read the file as the project reads it: the file's own problems, by the loader's rules, name why
        if (!(e instanceof ValidationError)) throw e;
        const own = checkDatasetFile(dir, key, fileOf[key]);
        throw own.length ? new ValidationError(own) : e;
      }
      await connection.run(viewSql(pathOf[key], key, fileOf[key], header));
      rawViews.push(rawViewSql(pathOf[key], key, fileOf[key], header, new Set(types.filter(([, t]) => NUMERIC_TYPE.test(t)).map(([name]) => name))));
      await connection.run(rawViews[rawViews.length - 1]);
    }
  } catch (e) {
    connection.closeSync();
    instance.closeSync();
    rmSync(spill, { recursive: true, force: true });
    throw e;
  }
  const stampSource: StampSource = {
    files: (Object.keys(FILES) as Key[]).map((k) => [fileOf[k], pathOf[k]]),
    // the JavaScript checks of each file (data/load.ts checkDatasetFile) are part of the rules: FILE_RULES names their version
    rules: [FILE_RULES, sqlText('validate.sql'), ...rawViews.map((v) => v.split(links).join('<dir>'))].join('\n'),
  };
  const template = sqlText('taskComponents.sql');
  let materialized = false;
  // A CSV is parsed again by every query over its view: read once into DuckDB's own columns
  // (Parquet files stay views: DuckDB reads only the columns and row groups a query needs)
  const materialize = async () => {
    if (materialized) return;
    for (const key of Object.keys(FILES) as Key[]) {
      if (!fileOf[key].endsWith('.csv')) continue;
      await connection.run(`CREATE TABLE csv_${key} AS SELECT * FROM ${key}`);
      await connection.run(`CREATE OR REPLACE VIEW ${key} AS SELECT * FROM csv_${key}`);
    }
    materialized = true;
  };
  const hasValidity = headers.runs.includes('validity');
  /** every-system component tables (prefetchAllSystems) by configuration without the system */
  const batches = new Map<string, string>();
  /** per every-system table: its systems (sorted), and the rows read of it not yet taken, by system */
  const batchSystems = new Map<string, string[]>();
  const batchRows = new Map<string, Map<string, Record<string, unknown[]>>>();
  let taskOrder: string[] | undefined;
  let taskOfRow: Map<number, readonly [string, string]> | undefined;
  /**
   * One system's rows of an every-system table: read with the next `batchRead` systems (default 100) (in sorted
   * order) in one query and split here, so that 950 systems take 10 round trips, not 950, and
   * JavaScript holds at most a chunk of rows it has not turned into components yet.
   */
  const rowsOfBatch = async (batch: string, system: string): Promise<Record<string, unknown[]>> => {
    let cache = batchRows.get(batch);
    if (!cache) batchRows.set(batch, (cache = new Map()));
    if (!cache.has(system)) {
      const systems = batchSystems.get(batch)!;
      const at = systems.indexOf(system);
      if (at < 0) return { task_id: [] };
      const last = systems[Math.min(at + batchRead, systems.length) - 1];
      const range = `system >= ${literal(system)} AND system <= ${literal(last)}`;
      // the numbers only (as DOUBLE: the cheapest to bring into JavaScript); task_id and occupation by task_row, read once
      const counts = (await connection.runAndReadAll(`SELECT system, COUNT(*) AS n FROM ${batch} WHERE ${range} GROUP BY system ORDER BY system`)).getColumnsJS();
      const all = (await connection.runAndReadAll(`SELECT ${BATCH_NUMBERS.map((c) => `CAST(${c} AS DOUBLE) AS ${c}`).join(', ')} FROM ${batch} WHERE ${range} ORDER BY system, task_row`)).getColumnsObjectJS() as Record<string, unknown[]>;
      if (!taskOfRow) {
        const t = (await connection.runAndReadAll('SELECT row_in_file, task_id, occupation FROM tasks')).getColumnsJS();
        taskOfRow = new Map(t[0].map((row, i) => [Number(row), [String(t[1][i]), String(t[2][i])] as const]));
      }
      const info = all.task_row.map((r) => taskOfRow!.get(Number(r))!);
      all.task_id = info.map((x) => x[0]);
      all.occupation = info.map((x) => x[1]);
      const names = Object.keys(all);
      for (let k = 0, i = 0; k < counts[0].length; k++) {
        const j = i + Number(counts[1][k]);
        if (!cache.has(String(counts[0][k]))) cache.set(String(counts[0][k]), Object.fromEntries(names.map((c) => [c, all[c].slice(i, j)])));
        i = j;
      }
    }
    const rows = cache.get(system)!;
    cache.delete(system);
    return rows;
  };
  /**
   * The focus: system's runs and their judgments copied into DuckDB tables focus.runs and
   * focus.judgments (one scan of judgments), which the queries of that one system then read instead
   * of the files (search_path focus, main: the same SQL text, the same rows, since every row those
   * queries read of runs or judgments is of that system's runs). The crossings, the policies and the
   * scoped aggregates are all of the context's system: one scan of judgments instead of one each.
   */
  let focused: string | undefined;
  const focusOn = async (system: string) => {
    if (focused === system) return;
    await connection.run('CREATE SCHEMA IF NOT EXISTS focus');
    await connection.run(`CREATE OR REPLACE TABLE focus.runs AS SELECT * FROM main.runs WHERE system = ${literal(system)}`);
    await connection.run('CREATE OR REPLACE TABLE focus.judgments AS SELECT * FROM main.judgments WHERE run_id IN (SELECT run_id FROM focus.runs)');
    focused = system;
  };
  const readFocused = async (system: string, sql: string) => {
    await focusOn(system);
    await connection.run(`SET search_path = 'focus,main'`);
    try {
      return await connection.runAndReadAll(sql);
    } finally {
      await connection.run(`SET search_path = 'main'`);
    }
  };
  const validateSql = async () => {
    const rows = (await duck(fileOf.runs, () => connection.runAndReadAll(sqlText('validate.sql')))).getRowObjectsJS();
    return rows.map((r) => ({ file: `${fileOf[r.file as Key]}: ${r.row_key}`, column: String(r.column_name), message: String(r.message) }));
  };
  const batchKey = (judge: string, jr: Reference, tr: Reference, policy: AttemptPolicy) => JSON.stringify([judge, jr, tr, policyLabel(policy)]);
  return {
    dir, connection, manifest, stampSource,
    async recordAggregates(scope: { system: string; judge: string } | null, base?: RecordAggregates) {
      await materialize();
      const q = aggregateQueries();
      const read = async (name: string) => (await connection.runAndReadAll(fillSql(q[name], { system: scope?.system ?? '', judge: scope?.judge ?? '' }))).getRowObjectsJS();
      const r = recordAggregatesFromSql({
        runs: base ? [] : await read('runs'), judged: base ? [] : await read('judged'), hasValidity,
        scoped: scope ? (await readFocused(scope.system, fillSql(q.scoped, scope))).getRowObjectsJS() : [],
      }, scope ?? { system: '', judge: '' });
      return base ? { ...base, scope: r.scope, agreement: r.agreement, repeated: r.repeated, attempts: r.attempts } : r;
    },
    async maxAttempt(system) {
      const r = await connection.runAndReadAll(`SELECT COALESCE(MAX(attempt), 0) FROM runs WHERE system = ${literal(system)}`);
      return Number(r.getColumnsJS()[0][0]);
    },
    async taskComponents(options) {
      await materialize();
      // the defaults of metrics/taskComponents.ts (componentDefaults), read from the manifest: no dataset in the heap here
      const d = componentDefaults(manifest);
      const system = options.system ?? d.system;
      const judge = options.judge ?? d.judge;
      const judgmentReference = options.judgmentReference ?? d.judgmentReference;
      const timeReference = options.timeReference ?? timeReferenceOf(judgmentReference);
      const policy = checkPolicy(options.policy ?? d.policy);
      const k = attemptsCharged(policy);
      const rate = options.nodeRateUSDPerHour;
      if (rate !== undefined) await checkRepricing(connection, system, rate);
      const batch = rate === undefined ? batches.get(batchKey(judge, judgmentReference, timeReference, policy)) : undefined;
      if (batch !== undefined) {
        // this configuration's rows of the every-system query (prefetchAllSystems), and the tasks without them (in file order)
        const rows = await rowsOfBatch(batch, system);
        taskOrder ??= ((await connection.runAndReadAll('SELECT task_id FROM tasks ORDER BY row_in_file')).getColumnsJS()[0] ?? []).map(String);
        const ran = new Set(rows.task_id.map(String));
        return taskComponentsFromRows(rows, { system, judge, judgmentReference, timeReference, policy }, taskOrder.filter((t) => !ran.has(t)));
      }
      const sql = fillSql(template, {
        system, judge, judgment_reference: judgmentReference, time_reference_ai: timeReference === 'expert_with_ai' ? 1 : 0,
        charged: k, needed: policy.kind === 'pass' ? 1 : policy.m,
        reprice: rate === undefined ? 0 : 1, node_rate: String(rate ?? 0), all_systems: 0,
      });
      // every single-system query of the context's system reads its focus tables (focusSystem)
      const rows = (focused === system ? await readFocused(system, sql) : await connection.runAndReadAll(sql)).getColumnsObjectJS() as Record<string, unknown[]>;
      return taskComponentsFromRows(rows, { system, judge, judgmentReference, timeReference, policy }, await tasksWithoutRuns(connection, system));
    },
    async prefetchAllSystems(options) {
      await materialize();
      const d = componentDefaults(manifest);
      const judge = options.judge ?? d.judge;
      const judgmentReference = options.judgmentReference ?? d.judgmentReference;
      const timeReference = options.timeReference ?? timeReferenceOf(judgmentReference);
      const policy = checkPolicy(options.policy ?? d.policy);
      const key = batchKey(judge, judgmentReference, timeReference, policy);
      if (batches.has(key)) return;
      const name = `components_all_systems_${batches.size + 1}`;
      // one scan for every system, kept in DuckDB (sorted by system: each system's read skips the others' row groups)
      await connection.run(`CREATE TEMP TABLE ${name} AS ${fillSql(template, {
        system: '', judge, judgment_reference: judgmentReference, time_reference_ai: timeReference === 'expert_with_ai' ? 1 : 0,
        charged: attemptsCharged(policy), needed: policy.kind === 'pass' ? 1 : policy.m, reprice: 0, node_rate: '0', all_systems: 1,
      })}`);
      batches.set(key, name);
      batchSystems.set(name, ((await connection.runAndReadAll(`SELECT DISTINCT system FROM ${name} ORDER BY system`)).getColumnsJS()[0] ?? []).map(String));
    },
    async focusSystem(system) {
      await materialize();
      await focusOn(system);
    },
    async validate() {
      // each file's own rules first, by the loader's code and messages (file:line); the cross-file checks in SQL after
      const own: ValidationIssue[] = [];
      for (const key of Object.keys(FILES) as Key[]) {
        // a CSV file streamed through the loader's reader; a Parquet file's cells found in DuckDB, checked by the schema
        own.push(...(fileOf[key].endsWith('.parquet') ? await parquetCellIssues(connection, key, fileOf[key], pathOf[key], typesOf[key]) : checkDatasetFile(dir, key, fileOf[key])));
      }
      if (own.length) return own;
      return validateSql();
    },
    validateSql,
    close() {
      connection.closeSync();
      instance.closeSync();
      rmSync(spill, { recursive: true, force: true });
    },
  };
}

/** Refuses a re-pricing that runCostAtRate refuses: an invalid rate, or a system without node_rate_usd_per_hour. */
async function checkRepricing(connection: DuckDBConnection, system: string, rate: number): Promise<void> {
  if (!(rate >= 0) || !Number.isFinite(rate)) throw new J2GError(`invalid node rate: ${rate} (expected a finite USD per node-hour >= 0)`);
  const r = await connection.runAndReadAll(`SELECT node_rate_usd_per_hour FROM systems WHERE system = ${literal(system)}`);
  const base = r.getColumnsJS()[0]?.[0];
  if (base === null || base === undefined) throw new UnsupportedOutputError(`system ${system} has no node_rate_usd_per_hour, so its cost cannot be re-priced`);
}

async function tasksWithoutRuns(connection: DuckDBConnection, system: string): Promise<string[]> {
  const r = await connection.runAndReadAll(`SELECT t.task_id FROM tasks t LEFT JOIN (SELECT DISTINCT task_id FROM runs WHERE system = ${literal(system)}) ran ON ran.task_id = t.task_id WHERE ran.task_id IS NULL ORDER BY t.row_in_file`);
  return r.getColumnsJS()[0]?.map(String) ?? [];
}

/**
 * The adapter at the boundary: taskComponents.sql's output columns (by name, in its row order; from
 * DuckDB here, or read back from a Trino or Spark run of the same query) as a TaskComponents for one
 * configuration; throws the JavaScript path's "cannot evaluate" (an UnsupportedOutputError, as there)
 * naming each task that cannot be.
 */
export function taskComponentsFromRows(rows: Record<string, unknown[]>, config: { system: string; judge: string; judgmentReference: Reference; timeReference: Reference; policy: AttemptPolicy }, without: string[]): TaskComponents {
  const { system, judge, judgmentReference, timeReference, policy } = config;
  const n = rows.task_id.length;
  if (n === 0) throw new UnsupportedOutputError(`system ${system} has no runs`);
  const k = attemptsCharged(policy);
  const problems: string[] = [];
  for (let i = 0; i < n; i++) {
    const task = String(rows.task_id[i]);
    if (rows.expert_hours[i] === null) problems.push(`task ${task} has no ${timeReference} completion time (expert_ai_hours is empty)`);
    else if (Number(rows.attempts[i]) < k) problems.push(`task ${task} has ${rows.attempts[i]} attempt(s) on ${system}, ${policyLabel(policy)} needs ${k}`);
    else if (Number(rows.judged[i]) < Number(rows.attempts[i])) problems.push(`task ${task}: ${Number(rows.attempts[i]) - Number(rows.judged[i])} charged run(s) have no ${judgmentReference} judgment by ${judge}`);
  }
  if (problems.length) {
    const shown = problems.slice(0, 10).join('\n  ');
    throw new UnsupportedOutputError(`cannot evaluate ${system} (judge ${judge}, ${policyLabel(policy)}): ${problems.length} problem(s)\n  ${shown}${problems.length > 10 ? `\n  ... and ${problems.length - 10} more` : ''}`);
  }
  // occupations in file order, those with an evaluated task
  const occupationRows = [...new Set(rows.occupation_row.map(Number))].sort((a, b) => a - b);
  const byRow = new Map<number, string>();
  for (let i = 0; i < n; i++) byRow.set(Number(rows.occupation_row[i]), String(rows.occupation[i]));
  const occupations = occupationRows.map((r) => byRow.get(r)!);
  const position = new Map(occupationRows.map((r, i) => [r, i]));
  const f64 = (c: string) => Float64Array.from(rows[c], Number);
  return {
    system, judge, judgmentReference, timeReference, policy, tieCredit: 1,
    taskIds: rows.task_id.map(String),
    occupations,
    occupationIndex: Int32Array.from(rows.occupation_row, (r) => position.get(Number(r))!),
    expertHours: f64('expert_hours'), wageUSDPerHour: f64('wage_usd_per_hour'),
    credit: f64('credit'), valueUSD: f64('value_usd'), costUSD: f64('cost_usd'),
    energyMJ: f64('energy_mj'), aiHours: f64('ai_hours'), timeSavingHours: f64('time_saving_hours'),
    tasksWithoutRuns: without,
  };
}

/** recordAggregates.sql split at its `-- query: NAME` lines: name -> the query's text. */
export function aggregateQueries(): Record<string, string> {
  const out: Record<string, string> = {};
  const parts = sqlText('recordAggregates.sql').split(/^-- query: (\w+)\n/m);
  for (let i = 1; i < parts.length; i += 2) out[parts[i]] = parts[i + 1];
  return out;
}

type Rows = Record<string, unknown>[];
/**
 * The adapter at the boundary: recordAggregates.sql's result rows (by column name; from DuckDB here,
 * or read back from a Trino or Spark run of the same queries) as a RecordAggregates for `scope`:
 * `runs` and `judged` its first two queries' rows, `scoped` its third's (empty without a scope),
 * `hasValidity` whether runs has a validity column (else validity is null).
 */
export function recordAggregatesFromSql(r: { runs: Rows; judged: Rows; scoped: Rows; hasValidity: boolean }, scope: { system: string; judge: string }): RecordAggregates {
  const text = (v: unknown) => String(v);
  const count = (v: unknown) => Number(v);
  const attempts = { expert_only: [] as TaskAttempts[], expert_with_ai: [] as TaskAttempts[] };
  const part = (name: string) => r.scoped.filter((row) => row.part === name);
  for (const row of part('attempts')) {
    attempts[row.reference as Reference].push({ taskId: text(row.task_id), attempts: count(row.attempts), prefix: count(row.prefix), unjudgedRun: row.unjudged_run === null ? null : text(row.unjudged_run) });
  }
  // one row per (system, validity cell), a system's rows together in order of its first run
  const systems: RecordAggregates['systems'] = [];
  for (const s of r.runs) {
    if (systems.length && systems[systems.length - 1].system === text(s.system)) continue;
    systems.push({ system: text(s.system), runs: count(s.system_runs), maxAttempt: count(s.max_attempt), withoutNodeHours: count(s.without_node_hours), firstRow: count(s.system_first_row) });
  }
  // judges in order of their first judgment
  const firstRow = new Map<string, number>();
  for (const j of r.judged) firstRow.set(text(j.judge), count(j.judge_first_row));
  return {
    scope: { ...scope },
    judges: [...firstRow].sort((a, b) => a[1] - b[1]).map(([judge]) => judge),
    systems,
    judged: r.judged.map((j) => ({ system: text(j.system), reference: j.reference as Reference, judge: text(j.judge), runs: count(j.runs) })),
    validity: r.hasValidity ? r.runs.map((v) => ({ system: text(v.system), validity: text(v.validity), runs: count(v.runs) })) : null,
    agreement: part('agreement').map((p) => ({ reference: p.reference as Reference, judgeA: text(p.judge_a), judgeB: text(p.judge_b), a: p.outcome_a as Outcome, b: p.outcome_b as Outcome, n: count(p.n) })),
    repeated: part('repeated').map((p) => ({ reference: p.reference as Reference, a: p.outcome_a as Outcome, b: p.outcome_b as Outcome, n: count(p.n) })),
    attempts,
  };
}
