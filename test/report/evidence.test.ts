/**
 * report.html's first lines separate independent evidence (the audit of the paper against itself and
 * the public facts; values reproduced from recorded data) from values that hold by construction, and
 * a reconstructed dataset's text claims (K.2's hours and shares, section 3.1's comparisons, the
 * counts copied from the reference data) are by construction, not plain "exact".
 */
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { loadPublished } from '../../kernel-lib/published/index.ts';
import { loadReference } from '../../kernel-lib/reference/index.ts';
import { evidenceCounts, evidenceSummaryHtml, extraTextClaimCells, paperTables, reproductionChecks, type Comparison } from '../../kernel-lib/report/index.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { editedDataset } from '../helpers/dataset.ts';

onWarning(null);
const row = (reproduced: number | null, byConstruction: boolean): Comparison => ({ table: '1', row: 'r', column: 'c', reproduced, published: 1, printed: '1', status: reproduced === null ? 'not reproduced' : 'exact', difference: null, byConstruction });

describe('evidence summary', () => {
  it('counts by-construction values apart from values reproduced from data (hand count)', () => {
    expect(evidenceCounts([row(1, true), row(1, true), row(2, false), row(null, true)])).toEqual({ fromData: 1, byConstruction: 2, notReproduced: 1 });
  });

  it('a reconstructed dataset: no value is evidence from data; the audit is the independent evidence', () => {
    const html = evidenceSummaryHtml({ comparisons: [row(1, true), row(1, true)], audit: { passed: 180, known: 1, failed: 0 }, provenance: { name: 'r', provenance: 'reconstructed', energy_boundary: 'system' } });
    expect(html).toContain('<b>Independent evidence:</b> 181 checks of the paper against itself and the public facts');
    expect(html).toContain('0 values from recorded data (this dataset is reconstructed)');
    expect(html).toContain('<b>By construction:</b> 2 values hold by construction');
    const recorded = evidenceSummaryHtml({ comparisons: [row(1, false)], provenance: { name: 'x', provenance: 'recorded', energy_boundary: 'system' } });
    expect(recorded).toContain('1 published values compared with values reproduced from recorded data');
  });

  it("marks a reconstructed dataset's text claims by construction: K.2, section 3.1, and the reference counts", () => {
    const dataset = loadDataset(editedDataset({ 'manifest.json': (t) => t.replace('"provenance": "synthetic"', '"provenance": "reconstructed"') }));
    const options = { dataset, bootstrap: false as const };
    const reference = loadReference();
    const { tables } = paperTables(options);
    const rows = reproductionChecks({ ...options, published: loadPublished(), tables, reference, extraClaims: extraTextClaimCells({ ...options, tables, reference }) });
    const text = rows.filter((r) => r.table === 'text' && r.reproduced !== null);
    // (synthetic-small has two runs per task, so no K.2 claim; the real reconstruction's are covered by the every() below in reproduce)
    for (const id of ['intro.tasks', 'intro.occupations', 'intro.categories', '2.1.sectors']) {
      expect(text.find((r) => r.row === id)?.byConstruction, id).toBe(true);
    }
    expect(text.every((r) => r.byConstruction)).toBe(true);
  });
});
