/**
 * A strict RFC 4180 CSV reader that keeps line numbers, so that every later check can say
 * `file:line: column: what was expected`. It never guesses types: every field is a string, and the
 * schema layer (zod) decides what a field must be.
 *
 * Rules: comma separator, `"` quoting with `""` escapes, quoted fields may span lines, `\n`, `\r\n`
 * or a bare `\r` line ends (each counted as one line), a final line end optional. A row whose field
 * count differs from the header is an error, not padded or truncated. Blank lines are errors too (nothing is dropped silently), except a single
 * trailing line end.
 */
import { ValidationError, type ValidationIssue } from '../errors.ts';
import { nodeFs } from './node.ts';

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

/** Split CSV text into records of raw fields, each with the line it starts on. */
export function parseCsvRecords(text: string, file: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  const issues: ValidationIssue[] = [];
  let i = 0;
  let line = 1;
  if (text.charCodeAt(0) === 0xfeff) i = 1; // byte-order mark
  const n = text.length;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let field = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= n) {
            issues.push({ file, line: start, message: 'unterminated quoted field' });
            break;
          }
          const c = text[i];
          if (c === '"') {
            if (text[i + 1] === '"') { field += '"'; i += 2; continue; }
            i++;
            break;
          }
          if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
          field += c;
          i++;
        }
        if (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
          issues.push({ file, line, message: 'unexpected character after closing quote' });
          while (i < n && text[i] !== ',' && text[i] !== '\n') i++;
        }
      } else {
        while (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') field += text[i++];
      }
      fields.push(field);
      if (i < n && text[i] === ',') { i++; continue; }
      if (i < n && text[i] === '\r') {
        i++;
        if (text[i] !== '\n') line++; // a bare CR (classic Mac) ends a line too
      }
      if (i < n && text[i] === '\n') { i++; line++; }
      break;
    }
    records.push({ line: start, fields });
  }
  if (issues.length) throw new ValidationError(issues);
  return records;
}

/** Parse CSV text with a header row. Throws a ValidationError listing every malformed row. */
export function parseCsv(text: string, file: string): CsvData {
  const records = parseCsvRecords(text, file);
  if (records.length === 0) throw new ValidationError([{ file, line: 1, message: 'empty file, expected a header row' }]);
  const header = records[0].fields.map((h) => h.trim());
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const h of header) {
    if (h === '') issues.push({ file, line: 1, message: 'empty column name in header' });
    else if (seen.has(h)) issues.push({ file, line: 1, column: h, message: 'duplicate column name in header' });
    seen.add(h);
  }
  const rows: CsvRow[] = [];
  for (const rec of records.slice(1)) {
    if (rec.fields.length === 1 && rec.fields[0] === '') {
      issues.push({ file, line: rec.line, message: 'blank line, expected a record' });
      continue;
    }
    if (rec.fields.length !== header.length) {
      issues.push({ file, line: rec.line, message: `expected ${header.length} fields, found ${rec.fields.length}` });
      continue;
    }
    const values: Record<string, string> = {};
    header.forEach((h, k) => (values[h] = rec.fields[k]));
    rows.push({ line: rec.line, values });
  }
  if (issues.length) throw new ValidationError(issues);
  return { file, header, rows };
}

/** Read and parse a CSV file; `label` is the name used in messages (defaults to the path). */
export function readCsv(path: string, label = path): CsvData {
  let text: string;
  try {
    text = nodeFs().readFileSync(path, 'utf8');
  } catch (e) {
    throw new ValidationError([{ file: label, message: `cannot read file (${(e as NodeJS.ErrnoException).code ?? e})` }]);
  }
  return parseCsv(text, label);
}

/** Quote a value for CSV output when needed. */
export function csvField(v: unknown): string {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Format rows as CSV text with a header and a final newline. */
export function formatCsv(columns: string[], rows: Record<string, unknown>[]): string {
  const lines = [columns.map(csvField).join(',')];
  for (const r of rows) lines.push(columns.map((c) => csvField(r[c])).join(','));
  return lines.join('\n') + '\n';
}
