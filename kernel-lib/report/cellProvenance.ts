/**
 * Which cells of a reproduced table a published number pins (issue #15, "Honest about provenance").
 *
 * A reconstructed dataset (manifest `provenance: reconstructed`) was calibrated to the paper's
 * printed numbers; a built table cell that has a published counterpart (the same mapping the report's
 * comparisons use: compare/cells.ts `reproducedCellSources` with checks.ts `cellLabels`) is pinned by
 * that number. Every other numeric cell (a row or column the paper does not print: Table 1's
 * single-accelerator deployments, Table 13's NVJ intervals, Table 2's pair counts) rests on inputs no
 * published number constrains: the generator's choices, or arithmetic on pinned cells and those
 * choices. The reconstruction's README ("Free quantities") says which inputs were invented.
 *
 * Decided on data, never from a list: a cell is pinned exactly when the mapping gives it a label
 * that data/published/ prints. Recorded and synthetic datasets get no marks (null).
 */
import type { ColumnTable } from 'arquero';
import type { Dataset } from '../data/load.ts';
import { reproducedCellSources, textClaimCells } from '../compare/index.ts';
import { cellKey, type Published } from '../published/load.ts';
import type { Reference } from '../reference/load.ts';
import { RECONSTRUCTION_README } from '../plots/marks.ts';
import { escapeHtml } from '../export/plotly.ts';
import { cellLabels } from './checks.ts';

/** The marker put after an unconstrained cell's value (Markdown, notebook tables). */
export const UNCONSTRAINED_MARK = '†';

/** One numeric cell of a built table: row index, project column, and what pins it. */
export interface CellMark {
  row: number;
  column: string;
  /** the published cell it is compared with (table id, printed row and column label); null: none */
  published: { table: string; row: string; column: string } | null;
}

export interface TableCellProvenance {
  /** the table's file name: table01, table13, ... */
  name: string;
  /** every numeric (finite) cell, in row then column order */
  cells: CellMark[];
  pinned: number;
  unconstrained: number;
}

/**
 * Each numeric cell of built table `name` of a reconstructed dataset, pinned (it has a published
 * counterpart) or unconstrained; null for a recorded or synthetic dataset (nothing to mark).
 *
 * @example
 * // Table 1 of the reconstruction: GLM 5.2's six cells are pinned, the four single-accelerator rows
 * // (24 cells) are not: { name: 'table01', pinned: 30, unconstrained: 24, cells: [...] }
 */
export function cellProvenance(ds: Dataset, name: string, table: ColumnTable, published: Published, reference?: Reference | null, judge: string = ds.manifest.primary_judge): TableCellProvenance | null {
  if (ds.manifest.provenance !== 'reconstructed') return null;
  const counterpart = new Map<string, CellMark['published']>();
  const pin = (c: { table: string; row: string; column: string; source?: { name: string; row: number; column: string } }) => {
    if (!c.source || c.source.name !== name) return;
    const printed = c.table === 'text' ? published.claims.has(c.row) : published.tables.get(c.table)?.has(cellKey(c.row, c.column));
    const key = `${c.source.row}\u0000${c.source.column}`;
    if (printed && !counterpart.has(key)) counterpart.set(key, { table: c.table, row: c.row, column: c.column });
  };
  for (const c of reproducedCellSources({ [name]: table }, cellLabels(ds, reference, published))) pin(c);
  // Table 2's human-review and repeated-output rows and Table 18's attribution rows are printed in the text
  for (const c of textClaimCells([], {}, name === 'table02' ? table : undefined, { main: judge, human: 'human' }, name === 'table18' ? table : undefined)) pin(c);
  const rows = table.objects() as Record<string, unknown>[];
  const cells: CellMark[] = [];
  rows.forEach((r, i) => {
    for (const column of table.columnNames()) {
      const v = r[column];
      if (typeof v !== 'number' || !Number.isFinite(v)) continue;
      cells.push({ row: i, column, published: counterpart.get(`${i}\u0000${column}`) ?? null });
    }
  });
  const pinned = cells.filter((c) => c.published !== null).length;
  return { name, cells, pinned, unconstrained: cells.length - pinned };
}

/** The unconstrained cells of `p` as `row\0column` keys, for formatters. */
export function unconstrainedKeys(p: TableCellProvenance | null | undefined): Set<string> {
  return new Set((p?.cells ?? []).filter((c) => c.published === null).map((c) => `${c.row}\u0000${c.column}`));
}

/**
 * Display strings of a table with `format` applied per column and the marker after each unconstrained
 * cell, and the alignment arquero would infer for the original columns (numbers right): so that a
 * marked table prints like the unmarked one, plus its markers.
 */
export function markedStrings(table: ColumnTable, format: (column: string, v: unknown) => string, p: TableCellProvenance | null | undefined): { rows: Record<string, string>[]; align: Record<string, 'l' | 'r'> } {
  const marked = unconstrainedKeys(p);
  const objects = table.objects() as Record<string, unknown>[];
  const names = table.columnNames();
  const rows = objects.map((r, i) => Object.fromEntries(names.map((c) => [c, `${format(c, r[c])}${marked.has(`${i}\u0000${c}`) ? UNCONSTRAINED_MARK : ''}`])));
  // arquero's inference: right-aligned when more than half the values are numbers, nulls or dates
  const align = Object.fromEntries(names.map((c) => [c, objects.filter((r) => r[c] === null || r[c] === undefined || typeof r[c] === 'number' || r[c] instanceof Date).length / Math.max(1, objects.length) > 0.5 ? 'r' : 'l'])) as Record<string, 'l' | 'r'>;
  return { rows, align };
}

/**
 * The one-line note under a marked table; '' when no cell is unconstrained.
 * @example cellProvenanceNote({ name: 'table01', cells: [], pinned: 30, unconstrained: 24 }).startsWith('† 24 of 54 cells have no published counterpart') // => true
 */
export function cellProvenanceNote(p: TableCellProvenance | null | undefined): string {
  if (!p || p.unconstrained === 0) return '';
  const total = p.pinned + p.unconstrained;
  return `${UNCONSTRAINED_MARK} ${p.unconstrained} of ${total} cells have no published counterpart: no printed number pins them, and they may rest on inputs the reconstruction's generator chose (${RECONSTRUCTION_README}, "Free quantities"). The other ${p.pinned} are pinned by the paper's printed values.`;
}

/**
 * Per reproduced table, how many of its cells a printed number pins and how many rest on inputs no
 * published number constrains (marked † in out/tables/*.md); '' when there is nothing to count.
 */
export function cellProvenanceHtml(rows: readonly Pick<TableCellProvenance, 'name' | 'pinned' | 'unconstrained'>[] | undefined): string {
  if (!rows?.length) return '';
  const pinned = rows.reduce((a, r) => a + r.pinned, 0), free = rows.reduce((a, r) => a + r.unconstrained, 0);
  return `<p class="note" id="cell-provenance">Cells of the reproduced tables: ${pinned} pinned by a printed number of the paper, ${free} with no published counterpart (marked † in the Markdown tables and the notebooks: they may rest on inputs the reconstruction's generator chose, see ${escapeHtml(RECONSTRUCTION_README)}).</p>
<table class="cell-provenance"><tr><th>Table</th><th>Pinned cells</th><th>Unconstrained cells (†)</th></tr>${rows.map((r) =>
    `<tr><td>${escapeHtml(r.name)}</td><td>${r.pinned}</td><td>${r.unconstrained}</td></tr>`).join('')}</table>`;
}
