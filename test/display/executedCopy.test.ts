/**
 * What an executed copy keeps of a live session's figure outputs: the PNG and the Plotly spec, not the
 * 3.5 MB plotly.js output nor the live HTML (scripts an unsigned copy would not run); and the drift
 * check compares a live execution with such a copy without seeing a difference, but still sees a
 * changed number in the spec.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { figureBundle, plotlyLibraryBundle, PLOTLY_MIME } from '../../kernel-lib/display/index.ts';
import { figure04 } from '../../kernel-lib/plots/index.ts';
import { executedCopy, notebookDrift, type NotebookJson } from '../../scripts/notebooks/drift.ts';

const spec = (nvj: number) => figure04([
  { reference: 'expert_only', winTiePct: 60, nvj, tsj: 3.823 },
  { reference: 'expert_with_ai', winTiePct: 30, nvj: 60.2, tsj: 0.9 },
]);

const live = (nvj: number, id: string): NotebookJson => ({
  nbformat: 4, nbformat_minor: 5, metadata: {},
  cells: [{
    cell_type: 'code', id: 'c1', source: "await showFigure('4', nb.options);", metadata: {}, execution_count: 1,
    outputs: [
      { output_type: 'display_data', metadata: {}, data: plotlyLibraryBundle('window.Plotly={};', '3.7.0') },
      { output_type: 'display_data', metadata: {}, data: figureBundle(spec(nvj), 'iVBORw0KGgo', undefined, id) },
    ],
  }],
});

describe('executed copies of live figures', () => {
  it('keep the PNG and the spec, and drop plotly.js and the live HTML', () => {
    const copy = executedCopy(live(168.1, 'j2g-figure-1-abc'), '04-x.ipynb');
    expect(copy.cells[0].id).toBe('j2g-executed-copy');
    const outputs = copy.cells[1].outputs ?? [];
    expect(outputs).toHaveLength(1);
    expect(Object.keys(outputs[0].data ?? {})).toEqual(['image/png', PLOTLY_MIME, 'text/plain']);
    expect(JSON.stringify(copy)).not.toContain('window.Plotly');
  });

  it('agree with a fresh live execution (another random figure id), and differ from one with a changed number', () => {
    const copy = executedCopy(live(168.1, 'j2g-figure-1-abc'), '04-x.ipynb');
    expect(notebookDrift(copy, live(168.1, 'j2g-figure-1-xyz'))).toEqual([]);
    const d = notebookDrift(copy, live(168.2, 'j2g-figure-1-xyz'));
    expect(d).toHaveLength(1);
    expect(d[0]).toMatch(/application\/vnd\.plotly\.v1\+json: number 168\.1 in the committed copy is 168\.2 now/);
  });
});

describe('committed executed copies', () => {
  const dir = new URL('../../notebooks/executed/', import.meta.url).pathname;
  const copies = readdirSync(dir).filter((f) => f.endsWith('.ipynb')).sort();
  /** The budget per executed copy: its PNGs (40-400 kB a figure) and tables, never plotly.js (about 4.9 MB minified). */
  const BUDGET_BYTES = 1_000_000;

  it.each(copies)('%s stays within the 1 MB budget and carries no plotly.js nor live HTML', (f) => {
    const raw = readFileSync(join(dir, f), 'utf8');
    expect(Buffer.byteLength(raw)).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(raw).not.toContain('data-j2g-plotly');
    expect(raw).not.toContain('data-j2g-figure');
    expect(raw).not.toContain('image/svg+xml');
  });
});
