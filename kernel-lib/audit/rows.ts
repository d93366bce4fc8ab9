/**
 * The rows the audit iterates over, and the check that the published tables hold exactly those rows.
 * Checks such as table14FromTable13 run once per printed row, so a row dropped from (or added to) a
 * published CSV would silently change how many checks run; the audit refuses such input instead, with
 * every missing or unexpected row as `file[:line]: row: ...`.
 */
import { ValidationError, type ValidationIssue } from '../errors.ts';
import type { Published } from '../published/index.ts';
import type { Reference } from '../reference/index.ts';
import { POLICY_ROWS, T2_ROWS } from './labels.ts';

/** The published CSV file of Table `table`: `table05.csv`. */
export function publishedFile(table: string): string {
  return `table${table.padStart(2, '0')}.csv`;
}

/** Table number -> the row labels the audit expects, and what each row is (for messages). */
export function expectedRows(ref: Reference): Map<string, { rows: string[]; kind: string }> {
  const categories = { rows: [...new Set(ref.occupations.map((o) => o.categoryLabel))], kind: 'category of the reference facts' };
  const occupations = { rows: ref.occupations.map((o) => o.occupation), kind: 'occupation of the reference facts' };
  const thresholds = { rows: [...POLICY_ROWS.threshold], kind: `win threshold (${POLICY_ROWS.threshold.join(', ')})` };
  return new Map([
    ['2', { rows: [...T2_ROWS], kind: `judge pair of Table 2 (${T2_ROWS.join(', ')})` }],
    ['5', categories], ['13', categories], ['14', categories],
    ['15', occupations],
    ['19', { rows: [...POLICY_ROWS.passAtK], kind: `pass@k row (${POLICY_ROWS.passAtK.join(', ')})` }],
    ['20', thresholds], ['21', thresholds],
  ]);
}

/** Throws a ValidationError listing every expected row that is missing and every row that is not expected. */
export function checkPublishedRows(pub: Published, ref: Reference): void {
  const issues: ValidationIssue[] = [];
  for (const [table, { rows, kind }] of expectedRows(ref)) {
    const file = publishedFile(table);
    const cells = pub.tables.get(table);
    if (!cells) { issues.push({ file, message: `missing from ${pub.dir} (Table ${table})` }); continue; }
    const firstLine = new Map<string, number>();
    for (const c of cells.values()) if (!firstLine.has(c.row)) firstLine.set(c.row, c.line);
    const expected = new Set(rows);
    for (const r of rows) if (!firstLine.has(r)) issues.push({ file, column: 'row', message: `missing "${r}" (expected every ${kind})` });
    for (const [r, line] of firstLine) {
      if (!expected.has(r)) issues.push({ file, line, column: 'row', message: `"${r}" is not a ${kind}` });
    }
  }
  if (issues.length) throw new ValidationError(issues);
}
