/**
 * Occupation data for GDPval's selection (A.7) at the edge, validated with zod; every problem is
 * reported as `file:line: column: message` (ValidationError). Columns: `occupation, sector (the sector
 * with most of the occupation's employment), employment (>= 0), annual_wage_usd (mean annual wage, empty
 * for hourly-only occupations), hourly_wage_usd (empty when annual), digital_task_share (in [0, 1],
 * see digitalTaskShare)`. A row needs an annual or an hourly wage; occupations are unique.
 * // GDPval A.7
 *
 * Example: `parseOccupations(parseCsv('occupation,sector,employment,annual_wage_usd,hourly_wage_usd,digital_task_share\na,S,10,,20,0.7\n', 'o.csv'))[0].hourlyWageUSD` // => 20
 */
import { z } from 'zod';
import { ValidationError, type ValidationIssue } from '../errors.ts';
import { parseCsv, readCsv, type CsvData } from '../io/csv.ts';
import { checkHeader, parseRows } from '../io/csvRows.ts';
import { nonNegativeNumber, numberField, optional, requiredText } from '../data/fields.ts';
import type { OccupationRecord } from './selectOccupations.ts';

const occupationRow = z
  .object({
    occupation: requiredText,
    sector: requiredText,
    employment: nonNegativeNumber,
    annual_wage_usd: optional(nonNegativeNumber),
    hourly_wage_usd: optional(nonNegativeNumber),
    digital_task_share: numberField('a share in [0, 1]', (x) => x >= 0 && x <= 1),
  })
  .refine((r) => r.annual_wage_usd !== null || r.hourly_wage_usd !== null, { message: 'empty, expected an annual or an hourly wage', path: ['annual_wage_usd'] });

export const OCCUPATION_COLUMNS = Object.keys(occupationRow.shape);

export function parseOccupations(csv: CsvData): OccupationRecord[] {
  const issues: ValidationIssue[] = [];
  if (!checkHeader(csv, OCCUPATION_COLUMNS, issues, OCCUPATION_COLUMNS)) throw new ValidationError(issues);
  const rows = parseRows(csv, occupationRow, issues);
  const seen = new Map<string, number>();
  for (const { line, data } of rows) {
    const first = seen.get(data.occupation);
    if (first !== undefined) issues.push({ file: csv.file, line, column: 'occupation', message: `duplicate occupation ${data.occupation}, first on line ${first}` });
    else seen.set(data.occupation, line);
  }
  if (issues.length) throw new ValidationError(issues);
  return rows.map(({ data: r }) => ({
    occupation: r.occupation,
    sector: r.sector,
    employment: r.employment,
    annualWageUSD: r.annual_wage_usd,
    hourlyWageUSD: r.hourly_wage_usd,
    digitalTaskShare: r.digital_task_share,
  }));
}

/** The same from CSV text (`file` names it in errors). */
export function parseOccupationsText(text: string, file: string): OccupationRecord[] {
  return parseOccupations(parseCsv(text, file));
}

export function readOccupations(path: string): OccupationRecord[] {
  return parseOccupations(readCsv(path));
}
