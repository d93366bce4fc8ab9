/**
 * Load and validate a dataset directory (the recorded-data schema of data/README.md).
 *
 * Every violation is collected, across all files, and thrown together as one ValidationError whose
 * lines read `file:line: column: what was expected`. Nothing is coerced or dropped: a bad cell, a
 * duplicate id, an unknown reference, a run without a task, a judgment without a run all fail.
 * Problems that do not make the data wrong (a sector with no evaluated occupation, an occupation
 * without tasks) are returned as `warnings` for the caller to show.
 *
 * @example
 * const ds = loadDataset('data/recorded/synthetic-small');
 * ds.tasks.numRows() // => 6
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { J2GError, ValidationError, type ValidationIssue } from '../errors.ts';
import type { z } from 'zod';
import { columnsOfCsv, parseCsvColumns, readCsvColumns, readTextFile, type CsvColumns, type CsvData } from '../io/csv.ts';
import { nearestName, parseJson } from '../io/json.ts';
import { nodeFs, nodePath } from '../io/node.ts';
import { checkHeader } from '../io/csvRows.ts';
import { cellParser, INTEGER, INVALID } from './fields.ts';
import {
  FILES, manifestSchema, runNodeHours,
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
  /** Arquero views of the validated files (numbers parsed, extra columns kept as text). */
  occupations: ColumnTable;
  sectors: ColumnTable;
  tasks: ColumnTable;
  systems: ColumnTable;
  runs: ColumnTable;
  judgments: ColumnTable;
  /** The same records as typed plain objects, for computation. */
  rows: DatasetRows;
  warnings: string[];
}

type Key = keyof typeof FILES;

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
  const rows: any[] = [];
  const m = required.length;
  for (let i = 0; i < csv.length; i++) {
    let ok = true;
    for (let k = 0; k < m; k++) if (values[k][cols[k][i]] === INVALID) { ok = false; break; }
    if (!ok) {
      const res = schema.safeParse(rawValues(csv, i));
      if (!res.success) for (const iss of res.error.issues) issues.push({ file: csv.file, line: csv.lines[i], column: String(iss.path[0] ?? ''), message: iss.message });
      else throw new J2GError(`${csv.file}:${csv.lines[i]}: a cell parser and its schema disagree (a bug)`);
      continue;
    }
    const row: any = {};
    for (let k = 0; k < m; k++) row[required[k]] = values[k][cols[k][i]];
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
      const extra: Record<string, string> = {};
      for (const h of extras) extra[h] = csv.columns[h].dict[csv.columns[h].codes[i]];
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
}

/** Row i's cells of `columns`, joined by `|` (the key a duplicate is named by). */
function joinedKey(csv: CsvColumns, columns: readonly string[], i: number): string {
  return columns.map((c) => csv.columns[c]?.dict[csv.columns[c].codes[i]] ?? '').join('|');
}

/**
 * A key per row for the cells of `columns`: a number from their codes when that is one-to-one with
 * the cells (every column dictionary-encoded, none holding a `|` when there are several, and the
 * code space fitting a double), else the cells joined by `|`.
 */
function rowKeys(csv: CsvColumns, columns: readonly string[]): (i: number) => number | string {
  const cs = columns.map((c) => csv.columns[c]);
  const joined = (i: number) => joinedKey(csv, columns, i);
  if (cs.some((c) => !c || !c.encoded)) return joined;
  const space = cs.reduce((a, c) => a * Math.max(1, c.dict.length), 1);
  if (columns.length > 1 && (space > Number.MAX_SAFE_INTEGER || cs.some((c) => c.dict.some((v) => v.includes('|'))))) return joined;
  return (i) => {
    let k = 0;
    for (const c of cs) k = k * c.dict.length + c.codes[i];
    return k;
  };
}

/** Each duplicate of the cells of `columns` is an issue naming the first line; returns the first line of each id (one column). */
function uniqueIds(p: Parsed, columns: readonly string[], column: string, issues: ValidationIssue[]): Map<string, number> {
  const first = new Map<string, number>();
  const csv = p.cols;
  if (!csv) return first;
  const keyOf = rowKeys(csv, columns);
  const seen = new Map<number | string, number>();
  const single = columns.length === 1 ? csv.columns[columns[0]] : undefined;
  for (let i = 0; i < csv.length; i++) {
    const k = keyOf(i);
    const prev = seen.get(k);
    if (prev !== undefined) issues.push({ file: p.file, line: csv.lines[i], column, message: `duplicate ${column} "${joinedKey(csv, columns, i)}" (first on line ${prev})` });
    else {
      seen.set(k, csv.lines[i]);
      if (single) first.set(single.dict[single.codes[i]], csv.lines[i]);
    }
  }
  return first;
}

/** The keys manifest.json may have, at its root and in `bootstrap` (manifestSchema). */
const MANIFEST_KEYS: Record<string, readonly string[]> = {
  '': Object.keys(manifestSchema.shape),
  bootstrap: Object.keys(manifestSchema.shape.bootstrap.shape),
};

/** Read manifest.json from `dir` as strict UTF-8, then parseManifest. */
function readManifest(dir: string, issues: ValidationIssue[]): { manifest: Manifest | null; lines?: Map<string, number> } {
  const { existsSync } = nodeFs();
  const path = nodePath().join(dir, 'manifest.json');
  const file = 'manifest.json';
  if (!existsSync(path)) {
    issues.push({ file, message: 'missing file' });
    return { manifest: null };
  }
  let text: string;
  try {
    text = readTextFile(path, file);
  } catch (e) {
    if (e instanceof ValidationError) { issues.push(...e.issues); return { manifest: null }; }
    throw e;
  }
  return parseManifest(text, issues);
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
  issues.push(...json.issues.map((i) => (i.column === undefined ? { ...i, message: `not valid JSON: ${i.message}` } : i)));
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
      issues.push({ file, line, column: p || '(root)', message: missing ? `missing required key (${iss.message.replace(/, received undefined$/, '')})` : iss.message });
    }
    return { manifest: null };
  }
  return { manifest: issues.length > before ? null : res.data, lines: json.lines };
}

/** Load, validate and cross-check a dataset directory. Throws ValidationError listing every problem. */
export function loadDataset(dir: string): Dataset {
  const { existsSync, statSync } = nodeFs();
  const { join } = nodePath();
  if (!existsSync(dir)) throw new ValidationError([{ file: dir, message: 'dataset directory does not exist' }]);
  if (!statSync(dir).isDirectory()) throw new ValidationError([{ file: dir, message: 'not a directory, expected a dataset directory (manifest.json and the CSV files)' }]);
  const issues: ValidationIssue[] = [];
  const { manifest, lines } = readManifest(dir, issues);
  const files: Partial<Record<Key, CsvColumns>> = {};
  for (const key of Object.keys(FILES) as Key[]) {
    const file = FILES[key].file;
    try {
      files[key] = readCsvColumns(join(dir, file), file);
    } catch (e) {
      if (e instanceof ValidationError) issues.push(...e.issues);
      else throw e;
    }
  }
  return validateDataset(dir, manifest, files, issues, lines);
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
    const text = texts[file];
    if (text === undefined) { issues.push({ file, message: 'missing file' }); continue; }
    try {
      files[key] = parseCsvColumns(text, file);
    } catch (e) {
      if (e instanceof ValidationError) issues.push(...e.issues);
      else throw e;
    }
  }
  return validateDataset(dir, read.manifest, files, issues, read.lines);
}

/** Validate and cross-check the six files of a dataset (loadDataset's checks), then build it. */
function validateDataset(dir: string, manifest: Manifest | null, files: Partial<Record<Key, CsvColumns>>, issues: ValidationIssue[], manifestLines?: Map<string, number>): Dataset {
  const warnings: string[] = [];
  // judgments.csv names each run by the same text as runs.csv: one string object for both, so that
  // the judgments' ids do not hold on to the whole judgments.csv text they were sliced from
  const runIds = files.runs?.columns.run_id, judgedIds = files.judgments?.columns.run_id;
  if (runIds && judgedIds) {
    const canon = new Map(runIds.dict.map((v) => [v, v]));
    judgedIds.dict = judgedIds.dict.map((v) => canon.get(v) ?? v);
  }
  const parsed = {} as Record<Key, Parsed>;
  for (const key of Object.keys(FILES) as Key[]) {
    const file = FILES[key].file;
    const csv = files[key];
    parsed[key] = csv ? { ...validateFile(csv, key, issues), file: csv.file } : { rows: [], cols: null, file, complete: false };
  }
  const P = parsed;
  // Ids and references are checked on the raw cells of every row, valid or not, so that one bad cell
  // gives one message instead of a cascade of "unknown run" lines for the rows that point at it.
  const sectors = uniqueIds(P.sectors, ['sector'], 'sector', issues);
  const occupations = uniqueIds(P.occupations, ['occupation'], 'occupation', issues);
  const tasks = uniqueIds(P.tasks, ['task_id'], 'task_id', issues);
  const systems = uniqueIds(P.systems, ['system'], 'system', issues);
  const runs = uniqueIds(P.runs, ['run_id'], 'run_id', issues);
  uniqueIds(P.runs, ['task_id', 'system', 'attempt'], 'attempt', issues);
  uniqueIds(P.judgments, ['run_id', 'reference', 'judge'], 'judge', issues);
  const ref = (p: Parsed, column: string, known: Map<string, number>, what: string, target: string) => {
    const targetKey = (Object.keys(FILES) as Key[]).find((k) => FILES[k].file === target)!;
    if (!P[targetKey].complete || !p.cols) return; // its problems are already reported
    const { dict, codes } = p.cols.columns[column];
    const unknown = dict.map((v) => v !== '' && !known.has(v));
    if (!unknown.includes(true)) return;
    for (let i = 0; i < p.cols.length; i++) {
      if (unknown[codes[i]]) issues.push({ file: p.file, line: p.cols.lines[i], column, message: `unknown ${what} "${dict[codes[i]]}" (not in ${target})` });
    }
  };
  ref(P.occupations, 'sector', sectors, 'sector', 'sectors.csv');
  ref(P.tasks, 'occupation', occupations, 'occupation', 'occupations.csv');
  ref(P.runs, 'task_id', tasks, 'task', 'tasks.csv');
  ref(P.runs, 'system', systems, 'system', 'systems.csv');
  ref(P.judgments, 'run_id', runs, 'run', 'runs.csv');
  // Attempts of one (task, system) are numbered 1..n without gaps (rows whose attempt is not an
  // integer >= 1 are already reported and left out of this count).
  const attempts = new Map<number | string, { max: number; seen: Set<number>; line: number; i: number }>();
  const R = P.runs.cols;
  if (R) {
    const { dict, codes } = R.columns.attempt;
    const attemptOf = dict.map((v) => (INTEGER.test(v) && Number(v) >= 1 ? Number(v) : 0));
    const keyOf = rowKeys(R, ['task_id', 'system']);
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
        const [task, system] = joinedKey(R, ['task_id', 'system'], a.i).split('|');
        issues.push({ file: P.runs.file, line: a.line, column: 'attempt', message: `task "${task}" on system "${system}" has attempts up to ${a.max} but only ${a.seen.size} distinct attempts, expected attempts 1..n without gaps` });
      }
    }
  }
  if (manifest) {
    const at = (key: string) => manifestLines?.get(key);
    if (P.systems.rows.length && !systems.has(manifest.primary_system)) issues.push({ file: 'manifest.json', line: at('primary_system'), column: 'primary_system', message: `unknown system "${manifest.primary_system}" (not in systems.csv)` });
    if (P.judgments.rows.length && !P.judgments.rows.some((j: JudgmentRow) => j.judge === manifest.primary_judge)) issues.push({ file: 'manifest.json', line: at('primary_judge'), column: 'primary_judge', message: `judge "${manifest.primary_judge}" has no judgments in judgments.csv` });
  }
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
  const ds: Dataset = {
    dir,
    manifest: manifest!,
    occupations: aq.from(rows.occupations),
    sectors: aq.from(rows.sectors),
    tasks: aq.from(rows.tasks),
    systems: aq.from(rows.systems),
    runs: runsTable(rows.runs),
    judgments: aq.from(rows.judgments),
    rows,
    warnings,
  };
  for (const key of KEYS) { builtFrom.set(ds[key], rows[key]); loadedRows.add(rows[key]); }
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

const KEYS = Object.keys(FILES) as Key[];
/** Each table a dataset was built with -> the rows array it shows (so a replaced table is noticed). */
const builtFrom = new WeakMap<ColumnTable, readonly unknown[]>();
/** The rows arrays datasets were built with. */
const loadedRows = new WeakSet<readonly unknown[]>();
/** A replaced dataset -> its rebuilt form, so that every call on the same object rebuilds once. */
const rebuilt = new WeakMap<Dataset, Dataset>();

/** Records as CSV cells, so that an in-memory table is checked by the very checks a file gets. */
function cellsOf(name: string, records: Record<string, unknown>[], columns: string[]): CsvData {
  const cell = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return { file: name, header: columns, rows: records.map((r, i) => ({ line: i + 2, values: Object.fromEntries(columns.map((c) => [c, cell(r[c])])) })) };
}

/**
 * The dataset a computation should use: `ds` itself, or, when a notebook replaced one of its Arquero
 * tables (`{ ...ds, tasks: ds.tasks.filter(...) }`), a dataset whose `rows` are rebuilt from the
 * current tables and validated by loadDataset's checks (a table's line N is its row N - 1, header = 1).
 * Every builder computes from `rows`; without this, a filtered table was silently ignored. A replaced
 * `rows` array beside its loaded table is used as it is (and checked only when a table was replaced).
 * Filtering `tasks` also leaves out the runs of the tasks filtered away, and filtering `runs` (or
 * tasks) the judgments of the runs left out; both are noted in the result's `warnings`.
 * Throws ValidationError for a table that breaks the schema (a run naming an unknown system), and
 * J2GError when both a table and its `rows` array were replaced (which one is meant is unknowable).
 * @example currentDataset({ ...ds, tasks: ds.tasks.filter((d) => d.occupation !== 'occC') }).rows.tasks.length // => 4
 */
export function currentDataset(ds: Dataset): Dataset {
  // Tables all as loaded (their rows possibly replaced by the caller, which rows-based code has always
  // honoured): nothing to rebuild.
  if (KEYS.every((k) => builtFrom.get(ds[k]) === ds.rows[k] || (builtFrom.has(ds[k]) && !loadedRows.has(ds.rows[k])))) return ds;
  const hit = rebuilt.get(ds);
  if (hit) return hit;
  const files: Partial<Record<Key, CsvData>> = {};
  for (const key of KEYS) {
    const table = ds[key], rows = ds.rows[key] as unknown as Record<string, unknown>[];
    const name = `dataset.${key}`;
    const tableIsLoaded = builtFrom.has(table), rowsAreLoaded = loadedRows.has(rows);
    if (builtFrom.get(table) !== rows && !tableIsLoaded && !rowsAreLoaded) {
      throw new J2GError(`dataset.${key} and dataset.rows.${key} were both replaced; replace the table only (the rows are rebuilt from it)`);
    }
    // Only the rows were replaced (a table of the load, rows of the caller): the rows are meant.
    const fromRows = tableIsLoaded && builtFrom.get(table) !== rows && !rowsAreLoaded;
    const records = fromRows
      ? (key === 'runs' ? rows.map(({ extra, ...r }) => ({ ...r, ...(extra as object) })) : rows)
      : (table.objects() as Record<string, unknown>[]);
    const columns = fromRows ? [...new Set(records.flatMap((r) => Object.keys(r)))] : table.columnNames();
    files[key] = cellsOf(name, records, columns);
  }
  // A filter on tasks (or runs) restricts the evaluation: the runs of tasks filtered away, and the
  // judgments of runs filtered away, go with them (counted in `warnings`); other references stay errors.
  const cascade = (child: Key, column: string, parent: Key, idColumn: string) => {
    const keep = new Set(files[parent]!.rows.map((r) => r.values[idColumn]));
    const before = files[child]!.rows.length;
    files[child] = { ...files[child]!, rows: files[child]!.rows.filter((r) => keep.has(r.values[column])) };
    const dropped = before - files[child]!.rows.length;
    if (dropped) notes.push(`${child}: ${dropped} row(s) of ${parent} filtered out of dataset.${parent} are left out`);
    return dropped > 0;
  };
  const notes: string[] = [];
  const changed = (k: Key) => builtFrom.get(ds[k]) !== ds.rows[k];
  const runsCut = changed('tasks') ? cascade('runs', 'task_id', 'tasks', 'task_id') : false;
  if (runsCut || changed('runs')) cascade('judgments', 'run_id', 'runs', 'run_id');
  const cols: Partial<Record<Key, CsvColumns>> = {};
  for (const key of KEYS) cols[key] = columnsOfCsv(files[key]!);
  const out = validateDataset(ds.dir, ds.manifest, cols, []);
  out.warnings.unshift(...notes);
  rebuilt.set(ds, out);
  return out;
}
