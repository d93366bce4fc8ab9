/**
 * The header rules of every tabular input, CSV or Parquet (io/csv.ts, io/parquet.ts), in one place so
 * that both formats refuse the same headers with the same messages at line 1.
 */
import type { ValidationIssue } from '../errors.ts';

/**
 * A header's problems (the CSV reader's rules, io/csv.ts headerChecks, and a Parquet file's column names), with the
 * same messages at line 1: an empty name, a name with leading or trailing spaces, a name given twice
 * (the engines would otherwise each read another of the two columns).
 * @example headerIssues(['a', 'a'], 'runs.parquet')[0].message // => 'duplicate column name in header'
 */
export function headerIssues(names: readonly string[], file: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const h of names) {
    if (h.trim() === '') issues.push({ file, line: 1, message: 'empty column name in header' });
    else if (h.trim() !== h) issues.push({ file, line: 1, column: h, message: `leading or trailing spaces in column name "${h}", expected "${h.trim()}"` });
    else if (seen.has(h)) issues.push({ file, line: 1, column: h, message: 'duplicate column name in header' });
    seen.add(h);
  }
  return issues;
}

