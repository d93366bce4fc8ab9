/**
 * Arquero table -> CSV text with the project's fixed number formatting.
 */
import type { ColumnTable } from 'arquero';
import { formatCsv } from './csv.ts';
import { formatNumber } from './format.ts';

export function tableToCsv(table: ColumnTable): string {
  const columns = table.columnNames();
  const rows = (table.objects() as Record<string, unknown>[]).map((r) =>
    Object.fromEntries(columns.map((c) => [c, formatNumber(r[c])])),
  );
  return formatCsv(columns, rows);
}
