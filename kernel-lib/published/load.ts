/**
 * Load the paper's published numbers (`data/published/`): every `tableNN.csv` and `text_claims.csv`.
 *
 * Every problem in every file is collected and thrown together as one ValidationError, each line
 * reading `file:line: column: what was expected`: a missing or unexpected column, a malformed number,
 * a `value` that differs from its `printed` number, a `table` that differs from the file name, a
 * duplicate (row, column) in a table or a duplicate claim id.
 *
 * @example
 * const pub = loadPublished();
 * publishedValue(pub, '1', 'GLM 5.2', 'Net value per / megajoule (USD/MJ)') // => 168.1
 */
import { pushAll } from '../arrays.ts';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { ValidationError, type ValidationIssue } from '../errors.ts';
import { readCsv, type CsvData } from '../io/csv.ts';
import { checkHeader } from '../io/csvRows.ts';
import { CLAIM_COLUMNS, TABLE_COLUMNS, tableCellSchema, textClaimSchema } from './schema.ts';

/** One printed number of a table; `file` and `line` say where it was read. */
export interface PublishedCell {
  table: string;
  row: string;
  column: string;
  value: number;
  printed: string;
  file: string;
  line: number;
}

/** One number stated in the paper's text. */
export interface TextClaim {
  claimId: string;
  section: string;
  quote: string;
  value: number;
  unit: string;
  printed: string;
  file: string;
  line: number;
}

export interface Published {
  dir: string;
  /** table number -> `row\u0000column` -> cell */
  tables: Map<string, Map<string, PublishedCell>>;
  claims: Map<string, TextClaim>;
}

/** The repository's `data/published/` directory. */
export const DEFAULT_PUBLISHED_DIR = fileURLToPath(new URL('../../data/published/', import.meta.url));

export function cellKey(row: string, column: string): string {
  return `${row}\u0000${column}`;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  // ranks as the text states them ("leads" is rank 1) and the fractions it names
  leads: 1, first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, half: 0.5, quarter: 0.25,
};

/** The number a printed claim states: a numeral (thousands commas allowed), a small number word, a rank word ("leads", "second") or "half"/"quarter". */
export function printedNumber(printed: string): number {
  const word = NUMBER_WORDS[printed.toLowerCase()];
  if (word !== undefined) return word;
  return /^-?\d{1,3}(,\d{3})+(\.\d+)?$|^-?\d+(\.\d+)?$/.test(printed) ? Number(printed.replace(/,/g, '')) : NaN;
}

function readOrCollect(path: string, label: string, issues: ValidationIssue[]): CsvData | null {
  try {
    return readCsv(path, label);
  } catch (e) {
    if (e instanceof ValidationError) { pushAll(issues, e.issues); return null; }
    throw e;
  }
}

/** Load and validate `dir` (default: the repository's `data/published/`). Throws ValidationError. */
export function loadPublished(dir: string = DEFAULT_PUBLISHED_DIR): Published {
  const issues: ValidationIssue[] = [];
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch (e) {
    throw new ValidationError([{ file: dir, message: `cannot read directory (${(e as NodeJS.ErrnoException).code ?? e})` }]);
  }
  const tables = new Map<string, Map<string, PublishedCell>>();
  for (const name of names) {
    const m = /^table(\d\d)\.csv$/.exec(name);
    if (!m) continue;
    const tableId = String(Number(m[1]));
    const csv = readOrCollect(join(dir, name), name, issues);
    if (!csv || !checkHeader(csv, TABLE_COLUMNS, issues, TABLE_COLUMNS)) continue;
    const cells = new Map<string, PublishedCell>();
    tables.set(tableId, cells);
    for (const r of csv.rows) {
      const res = tableCellSchema.safeParse(r.values);
      if (!res.success) {
        for (const iss of res.error.issues) issues.push({ file: name, line: r.line, column: String(iss.path[0] ?? ''), message: iss.message });
        continue;
      }
      const d = res.data;
      if (d.table !== tableId) issues.push({ file: name, line: r.line, column: 'table', message: `expected ${tableId} (from the file name), found ${d.table}` });
      if (Number(d.value) !== Number(d.printed)) issues.push({ file: name, line: r.line, column: 'value', message: `expected the printed number ${d.printed}, found ${d.value}` });
      const key = cellKey(d.row, d.column);
      const prev = cells.get(key);
      if (prev) {
        issues.push({ file: name, line: r.line, column: 'column', message: `duplicate cell "${d.row}" / "${d.column}", first on line ${prev.line}` });
        continue;
      }
      cells.set(key, { table: tableId, row: d.row, column: d.column, value: Number(d.value), printed: d.printed, file: name, line: r.line });
    }
  }
  const claims = new Map<string, TextClaim>();
  const claimFile = 'text_claims.csv';
  if (!names.includes(claimFile)) {
    issues.push({ file: claimFile, message: `missing from ${dir}` });
  } else {
    const csv = readOrCollect(join(dir, claimFile), claimFile, issues);
    if (csv && checkHeader(csv, CLAIM_COLUMNS, issues, CLAIM_COLUMNS)) {
      for (const r of csv.rows) {
        const res = textClaimSchema.safeParse(r.values);
        if (!res.success) {
          for (const iss of res.error.issues) issues.push({ file: claimFile, line: r.line, column: String(iss.path[0] ?? ''), message: iss.message });
          continue;
        }
        const d = res.data;
        const stated = printedNumber(d.printed);
        if (Number.isNaN(stated)) issues.push({ file: claimFile, line: r.line, column: 'printed', message: `expected a numeral such as 3.24 or 10,000 or a number word (one to ten, leads, first to sixth, half, quarter), found "${d.printed}"` });
        else if (stated !== Number(d.value)) issues.push({ file: claimFile, line: r.line, column: 'value', message: `expected the printed number ${d.printed}, found ${d.value}` });
        const prev = claims.get(d.claim_id);
        if (prev) {
          issues.push({ file: claimFile, line: r.line, column: 'claim_id', message: `duplicate claim id ${d.claim_id}, first on line ${prev.line}` });
          continue;
        }
        claims.set(d.claim_id, { claimId: d.claim_id, section: d.section, quote: d.quote, value: Number(d.value), unit: d.unit, printed: d.printed, file: claimFile, line: r.line });
      }
    }
  }
  if (tables.size === 0) issues.push({ file: dir, message: 'no tableNN.csv files' });
  if (issues.length) throw new ValidationError(issues);
  return { dir, tables, claims };
}
