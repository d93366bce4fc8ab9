/**
 * Issue #15, "Honest about provenance", for table cells: on the reconstructed dataset a cell is pinned
 * exactly when the paper prints a number for it (checked by hand against data/published/ and the
 * README's "Free quantities"), every pinned cell's counterpart is among the report's comparisons (and
 * carries the very value the comparison shows), out/tables/*.md marks the others with † and names the
 * README, the CSV stays as it was, and recorded or synthetic datasets are not marked.
 */
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/index.ts';
import { loadPublished } from '../../kernel-lib/published/index.ts';
import { loadReference } from '../../kernel-lib/reference/index.ts';
import {
  cellProvenance, cellProvenanceHtml, cellProvenanceNote, evidenceSummaryHtml, extraTextClaimCells, paperTables, reproductionChecks, tableMarkdown,
  type TableCellProvenance,
} from '../../kernel-lib/report/index.ts';
import { tableToCsv } from '../../kernel-lib/io/tableCsv.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';

const RECONSTRUCTED = new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname;
const README = 'data/recorded/joules-to-gdp-reconstructed/README.md';
const published = loadPublished();
const reference = loadReference();
onWarning(null);
const dataset = loadDataset(RECONSTRUCTED);
const options = { dataset, bootstrap: { draws: 200, seed: 20260726 } };
const { tables } = paperTables(options);
const marks: Record<string, TableCellProvenance> = Object.fromEntries(Object.entries(tables).map(([name, t]) => [name, cellProvenance(dataset, name, t, published, reference)!]));
const rowOf = (name: string, pick: (r: Record<string, unknown>) => boolean) => (tables[name].objects() as Record<string, unknown>[]).findIndex(pick);
const at = (name: string, row: number, column: string) => marks[name].cells.find((c) => c.row === row && c.column === column);

describe('cell provenance of the reconstructed dataset (hand-checked)', () => {
  it("Table 1: GLM 5.2's six cells are pinned by its printed row; a single-accelerator row is the generator's choice", () => {
    const glm = rowOf('table01', (r) => r.system === 'glm-5.2-8xh200');
    for (const column of ['cost_usd', 'completion_min', 'energy_mj', 'nv_per_ai_usd', 'nv_per_ai_hour', 'nvj']) {
      expect(at('table01', glm, column)?.published?.row, column).toBe('GLM 5.2');
    }
    expect(at('table01', glm, 'nvj')?.published).toEqual({ table: '1', row: 'GLM 5.2', column: 'Net value per / megajoule (USD/MJ)' });
    // README "Free quantities": the four single-accelerator deployments, no printed number
    for (const id of ['qwen3.6-27b-1xb200', 'qwen3.6-27b-1xh200', 'qwen3.6-27b-1xh100', 'qwen3.6-27b-1xmi350x']) {
      const i = rowOf('table01', (r) => r.system === id);
      expect(marks.table01.cells.filter((c) => c.row === i).map((c) => c.published)).toEqual([null, null, null, null, null, null]);
    }
    // 5 printed models x 6 columns pinned, 4 deployments x 6 not
    expect([marks.table01.pinned, marks.table01.unconstrained]).toEqual([30, 24]);
  });

  it("Table 13: the six printed columns of all 13 categories are pinned; NVJ, TSJ and their intervals (not in Table 13) are not", () => {
    for (const column of ['win_tie_pct', 'credited_value_usd', 'ai_cost_usd', 'time_saving_hours', 'energy_mj', 'ai_time_hours']) {
      expect(marks.table13.cells.filter((c) => c.column === column).every((c) => c.published?.table === '13'), column).toBe(true);
    }
    for (const column of ['nvj', 'tsj', 'nvj_lo', 'nvj_hi', 'tsj_lo', 'tsj_hi']) {
      expect(marks.table13.cells.filter((c) => c.column === column && c.published !== null), column).toEqual([]);
    }
    expect([marks.table13.pinned, marks.table13.unconstrained]).toEqual([13 * 6, 13 * 6]);
  });

  it("Table 2: the main judge's agreement with the human is pinned by the text (71.9% of 32), its exact agreement is not", () => {
    const human = rowOf('table02', (r) => r.judge_a === dataset.manifest.primary_judge && r.judge_b === 'human');
    expect(at('table02', human, 'binary_agreement_pct')?.published?.table).toBe('text');
    expect(at('table02', human, 'pairs')?.published?.row).toMatch(/_agree_n$/);
    expect(at('table02', human, 'exact_agreement_pct')?.published).toBeNull();
  });

  it('tables printed in full (14, 16, 17, 19-22) have no unconstrained cell', () => {
    for (const name of ['table14', 'table16', 'table17', 'table19', 'table20', 'table21', 'table22']) expect(marks[name].unconstrained, name).toBe(0);
  });
});

describe('cell provenance: property against the report', () => {
  const comparisons = reproductionChecks({ ...options, published, tables, reference, extraClaims: extraTextClaimCells({ ...options, tables, reference }) });
  const byKey = new Map(comparisons.map((c) => [`${c.table}\u0000${c.row}\u0000${c.table === 'text' ? 'value' : c.column}`, c]));

  it("every pinned cell has a published counterpart among the report's comparisons, showing that cell's value", () => {
    let n = 0;
    for (const [name, p] of Object.entries(marks)) {
      const rows = tables[name].objects() as Record<string, number>[];
      for (const c of p.cells.filter((x) => x.published)) {
        const cmp = byKey.get(`${c.published!.table}\u0000${c.published!.row}\u0000${c.published!.column}`);
        expect(cmp, `${name} ${c.row} ${c.column}`).toBeDefined();
        expect(cmp!.reproduced).toBe(rows[c.row][c.column]);
        n++;
      }
    }
    expect(n).toBeGreaterThan(500);
  });

  it('every table comparison with a reproduced value is some pinned cell (nothing printed is left unmarked as free)', () => {
    const pinned = new Set(Object.values(marks).flatMap((p) => p.cells.filter((c) => c.published && c.published.table !== 'text').map((c) => `${c.published!.table}\u0000${c.published!.row}\u0000${c.published!.column}`)));
    const missing = comparisons.filter((c) => c.table !== 'text' && c.reproduced !== null && !pinned.has(`${c.table}\u0000${c.row}\u0000${c.column}`));
    expect(missing.map((c) => `${c.table}|${c.row}|${c.column}`)).toEqual([]);
  });
});

describe('cell provenance shown', () => {
  it('out/tables/table01.md: † on the single-accelerator rows only, and a footnote naming the README; the CSV is unmarked', () => {
    const md = tableMarkdown('table01', tables.table01, published, marks.table01);
    const lines = md.split('\n');
    expect(lines.find((l) => l.startsWith('|glm-5.2-8xh200|'))).not.toContain('†');
    expect(lines.find((l) => l.startsWith('|qwen3.6-27b-1xh100|'))!.split('|').slice(2, -1).every((c) => c.endsWith('†'))).toBe(true);
    expect(md).toContain(`† 24 of 54 cells have no published counterpart`);
    expect(md).toContain(README);
    // the unmarked cells print exactly as without marks
    expect(lines[3]).toBe(tableMarkdown('table01', tables.table01, published).split('\n')[3]);
    expect(lines.slice(0, 2)).toEqual(tableMarkdown('table01', tables.table01, published).split('\n').slice(0, 2));
    expect(tableToCsv(tables.table01)).not.toContain('†');
  });

  it('recorded and synthetic datasets get no marks', () => {
    const small = loadDataset(SMALL);
    const { tables: t } = paperTables({ dataset: small, bootstrap: false });
    expect(cellProvenance(small, 'table13', t.table13, published, reference)).toBeNull();
    expect(cellProvenanceNote(null)).toBe('');
    expect(tableMarkdown('table13', t.table13, published, null)).not.toContain('†');
    const recorded = { ...small, manifest: { ...small.manifest, provenance: 'recorded' as const } };
    expect(cellProvenance(recorded, 'table13', t.table13, published, reference)).toBeNull();
  });

  it('the report counts pinned and unconstrained cells per table, and the summary gives the total', () => {
    const rows = [marks.table01, marks.table13].map(({ name, pinned, unconstrained }) => ({ name, pinned, unconstrained }));
    const html = cellProvenanceHtml(rows);
    expect(html).toContain('<tr><td>table01</td><td>30</td><td>24</td></tr>');
    expect(html).toContain('<tr><td>table13</td><td>78</td><td>78</td></tr>');
    expect(html).toContain('108 pinned by a printed number of the paper, 102 with no published counterpart');
    expect(cellProvenanceHtml([])).toBe('');
    const summary = evidenceSummaryHtml({ comparisons: [], provenance: { name: 'r', provenance: 'reconstructed', energy_boundary: 'system' }, cellProvenance: rows });
    expect(summary).toContain('102 of 210 cells, each marked †');
  });
});
