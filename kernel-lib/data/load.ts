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
import { parseCsv, readCsv, readTextFile, type CsvData, type CsvRow } from '../io/csv.ts';
import { nearestName, parseJson } from '../io/json.ts';
import { nodeFs, nodePath } from '../io/node.ts';
import { checkHeader } from '../io/csvRows.ts';
import { INTEGER } from './fields.ts';
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

function validateFile<K extends Key>(csv: CsvData, key: K, issues: ValidationIssue[]): Omit<Parsed, 'file'> {
  const { schema } = FILES[key];
  const required = Object.keys(schema.shape);
  if (!checkHeader(csv, required, issues)) return { rows: [], raw: [], complete: false };
  const rows: any[] = [];
  for (const r of csv.rows) {
    const res = schema.safeParse(r.values);
    if (!res.success) {
      for (const iss of res.error.issues) issues.push({ file: csv.file, line: r.line, column: String(iss.path[0] ?? ''), message: iss.message });
      continue;
    }
    const row: any = res.data;
    if (key === 'runs') {
      const nh = runNodeHours.safeParse(r.values.node_hours ?? '');
      if (!nh.success) for (const iss of nh.error.issues) issues.push({ file: csv.file, line: r.line, column: 'node_hours', message: iss.message });
      row.node_hours = nh.success ? nh.data : null;
      row.extra = Object.fromEntries(csv.header.filter((h) => !required.includes(h) && h !== 'node_hours').map((h) => [h, r.values[h]]));
    }
    rows.push(row);
  }
  return { rows, raw: csv.rows, complete: true };
}

interface Parsed {
  file: string;
  /** rows that passed their schema, parsed */
  rows: any[];
  /** every data row as read, valid or not */
  raw: CsvRow[];
  /** false when the file could not be read or lacks a column: its ids are then unknown, not absent */
  complete: boolean;
}

function uniqueIds(p: Parsed, key: (r: CsvRow) => string, column: string, issues: ValidationIssue[]): Map<string, number> {
  const first = new Map<string, number>();
  for (const r of p.raw) {
    const id = key(r);
    const prev = first.get(id);
    if (prev !== undefined) issues.push({ file: p.file, line: r.line, column, message: `duplicate ${column} "${id}" (first on line ${prev})` });
    else first.set(id, r.line);
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
  const files: Partial<Record<Key, CsvData>> = {};
  for (const key of Object.keys(FILES) as Key[]) {
    const file = FILES[key].file;
    try {
      files[key] = readCsv(join(dir, file), file);
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
  const files: Partial<Record<Key, CsvData>> = {};
  for (const key of Object.keys(FILES) as Key[]) {
    const file = FILES[key].file;
    const text = texts[file];
    if (text === undefined) { issues.push({ file, message: 'missing file' }); continue; }
    try {
      files[key] = parseCsv(text, file);
    } catch (e) {
      if (e instanceof ValidationError) issues.push(...e.issues);
      else throw e;
    }
  }
  return validateDataset(dir, read.manifest, files, issues, read.lines);
}

/** Validate and cross-check the six files of a dataset (loadDataset's checks), then build it. */
function validateDataset(dir: string, manifest: Manifest | null, files: Partial<Record<Key, CsvData>>, issues: ValidationIssue[], manifestLines?: Map<string, number>): Dataset {
  const warnings: string[] = [];
  const parsed = {} as Record<Key, Parsed>;
  for (const key of Object.keys(FILES) as Key[]) {
    const file = FILES[key].file;
    const csv = files[key];
    parsed[key] = csv ? { ...validateFile(csv, key, issues), file: csv.file } : { rows: [], raw: [], file, complete: false };
  }
  const P = parsed;
  // Ids and references are checked on the raw cells of every row, valid or not, so that one bad cell
  // gives one message instead of a cascade of "unknown run" lines for the rows that point at it.
  const cell = (r: CsvRow, c: string) => r.values[c] ?? '';
  const sectors = uniqueIds(P.sectors, (r) => cell(r, 'sector'), 'sector', issues);
  const occupations = uniqueIds(P.occupations, (r) => cell(r, 'occupation'), 'occupation', issues);
  const tasks = uniqueIds(P.tasks, (r) => cell(r, 'task_id'), 'task_id', issues);
  const systems = uniqueIds(P.systems, (r) => cell(r, 'system'), 'system', issues);
  const runs = uniqueIds(P.runs, (r) => cell(r, 'run_id'), 'run_id', issues);
  uniqueIds(P.runs, (r) => `${cell(r, 'task_id')}|${cell(r, 'system')}|${cell(r, 'attempt')}`, 'attempt', issues);
  uniqueIds(P.judgments, (r) => `${cell(r, 'run_id')}|${cell(r, 'reference')}|${cell(r, 'judge')}`, 'judge', issues);
  const ref = (p: Parsed, column: string, known: Map<string, number>, what: string, target: string) => {
    const targetKey = (Object.keys(FILES) as Key[]).find((k) => FILES[k].file === target)!;
    if (!P[targetKey].complete) return; // its problems are already reported
    for (const r of p.raw) {
      const v = cell(r, column);
      if (v !== '' && !known.has(v)) issues.push({ file: p.file, line: r.line, column, message: `unknown ${what} "${v}" (not in ${target})` });
    }
  };
  ref(P.occupations, 'sector', sectors, 'sector', 'sectors.csv');
  ref(P.tasks, 'occupation', occupations, 'occupation', 'occupations.csv');
  ref(P.runs, 'task_id', tasks, 'task', 'tasks.csv');
  ref(P.runs, 'system', systems, 'system', 'systems.csv');
  ref(P.judgments, 'run_id', runs, 'run', 'runs.csv');
  // Attempts of one (task, system) are numbered 1..n without gaps (rows whose attempt is not an
  // integer >= 1 are already reported and left out of this count).
  const attempts = new Map<string, { max: number; seen: Set<number>; line: number }>();
  for (const r of P.runs.raw) {
    const attempt = Number(cell(r, 'attempt'));
    if (!INTEGER.test(cell(r, 'attempt')) || attempt < 1) continue;
    const key = `${cell(r, 'task_id')}|${cell(r, 'system')}`;
    const a = attempts.get(key) ?? { max: 0, seen: new Set<number>(), line: r.line };
    a.max = Math.max(a.max, attempt);
    a.seen.add(attempt);
    attempts.set(key, a);
  }
  for (const [key, a] of attempts) {
    if (a.max !== a.seen.size) {
      const [task, system] = key.split('|');
      issues.push({ file: P.runs.file, line: a.line, column: 'attempt', message: `task "${task}" on system "${system}" has attempts up to ${a.max} but only ${a.seen.size} distinct attempts, expected attempts 1..n without gaps` });
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
  const runsTable = rows.runs.map(({ extra, ...r }) => ({ ...r, ...extra }));
  const ds: Dataset = {
    dir,
    manifest: manifest!,
    occupations: aq.from(rows.occupations),
    sectors: aq.from(rows.sectors),
    tasks: aq.from(rows.tasks),
    systems: aq.from(rows.systems),
    runs: aq.from(runsTable),
    judgments: aq.from(rows.judgments),
    rows,
    warnings,
  };
  for (const key of KEYS) { builtFrom.set(ds[key], rows[key]); loadedRows.add(rows[key]); }
  return ds;
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
  const out = validateDataset(ds.dir, ds.manifest, files, []);
  out.warnings.unshift(...notes);
  rebuilt.set(ds, out);
  return out;
}
