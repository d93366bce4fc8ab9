/**
 * The drift check of the committed executed notebooks: a changed number in any output fails it, a
 * changed timestamp (cell metadata, or an ISO 8601 time in output text), execution count, signature
 * or PNG rendering does not. Runs on a notebook shaped as nbclient writes one (no kernel needed).
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXECUTED_COPY_TAG, executedCopy, notebookDrift, textDifference, type NotebookJson } from '../../scripts/notebooks/index.ts';
import { compareExecuted, formatNotebook, resolveNotebook } from '../../scripts/notebook.ts';

function executed(): NotebookJson {
  return {
    nbformat: 4, nbformat_minor: 5,
    metadata: { kernelspec: { name: 'tslab' }, language_info: { version: '5.0.4' } },
    cells: [
      { cell_type: 'markdown', metadata: {}, source: ['## Table 13\n', '$NVJ = G / E$'] },
      {
        cell_type: 'code', execution_count: 3, source: "showPaperTable(nb, '13');",
        metadata: { execution: { 'iopub.status.busy': '2026-12-01T06:59:11.605000Z', 'iopub.status.idle': '2026-12-01T06:59:11.956000Z' } },
        outputs: [
          { output_type: 'display_data', metadata: {}, data: { 'text/html': '<td>Management</td><td>0.956</td><td>203.35</td>', 'text/plain': '| Management | 0.956 | 203.35 |' } },
          { output_type: 'stream', name: 'stderr', text: ['warning: run at 2026-12-01T06:59:11Z used 3 draws\n'] },
        ],
      },
      {
        cell_type: 'code', execution_count: 4, source: "await showFigure('3', nb.options);", metadata: {},
        outputs: [{
          output_type: 'display_data', metadata: {},
          data: { 'application/vnd.plotly.v1+json': { data: [{ x: [1, 2], y: [168.1, 60.2] }], layout: {} }, 'image/png': 'iVBORw0KGgoAAAA', 'image/svg+xml': '<svg/>', 'text/plain': 'Figure 3' },
        }],
      },
    ],
  };
}

const edit = (f: (nb: NotebookJson) => void) => {
  const nb = executed();
  f(nb);
  return nb;
};
const cell = (nb: NotebookJson, i: number) => nb.cells[i];
const output = (nb: NotebookJson, i: number, j: number) => cell(nb, i).outputs![j];

describe('notebookDrift', () => {
  it('finds nothing between two executions of the same code', () => {
    expect(notebookDrift(executed(), executed())).toEqual([]);
  });

  it('fails on a changed number in a table, naming cell, output and both values', () => {
    const now = edit((nb) => { output(nb, 1, 0).data!['text/plain'] = '| Management | 0.957 | 203.35 |'; });
    const d = notebookDrift(executed(), now);
    expect(d).toHaveLength(1);
    expect(d[0]).toMatch(/^cell 2 \(showPaperTable\(nb, '13'\);\): text\/plain: number 0\.956 in the committed copy is 0\.957 now/);
  });

  it('fails on a changed number in the HTML of a table and in a figure\'s Plotly data', () => {
    expect(notebookDrift(executed(), edit((nb) => { output(nb, 1, 0).data!['text/html'] = '<td>Management</td><td>0.956</td><td>203.36</td>'; }))).toHaveLength(1);
    const d = notebookDrift(executed(), edit((nb) => { (output(nb, 2, 0).data!['application/vnd.plotly.v1+json'] as { data: { y: number[] }[] }).data[0].y[1] = 60.3; }));
    expect(d).toEqual([expect.stringMatching(/application\/vnd\.plotly\.v1\+json: number 60\.2 in the committed copy is 60\.3 now/)]);
  });

  it('does not fail on changed timestamps, execution counts, metadata, or PNG/SVG bytes', () => {
    const now = edit((nb) => {
      (cell(nb, 1).metadata.execution as Record<string, string>)['iopub.status.busy'] = '2027-01-02T03:04:05.000000Z';
      output(nb, 1, 1).text = ['warning: run at 2027-01-02T03:04:05Z used 3 draws\n'];
      cell(nb, 1).execution_count = 9;
      nb.metadata.language_info = { version: '5.1.0' };
      output(nb, 2, 0).data!['image/png'] = 'iVBORw0KGgoBBBB';
      output(nb, 2, 0).data!['image/svg+xml'] = '<svg width="1"/>';
    });
    expect(notebookDrift(executed(), now)).toEqual([]);
  });

  it('fails when a figure lost its image, and when the notebook\'s source changed', () => {
    expect(notebookDrift(executed(), edit((nb) => { delete output(nb, 2, 0).data!['image/png']; }))[0]).toMatch(/outputs .*image\/png.* in the committed copy, .* now/);
    expect(notebookDrift(executed(), edit((nb) => { cell(nb, 2).source = "await showFigure('4', nb.options);"; }))[0]).toMatch(/source differs/);
  });

  it('numbers are compared as numbers: a last-digit float difference is not drift, 0.1 vs 0.10 is not either', () => {
    expect(textDifference('x 0.30000000000000004', 'x 0.3')).toBeNull();
    expect(textDifference('x 0.1', 'x 0.10')).toBeNull();
    expect(textDifference('x 0.1', 'x 0.2')).toMatch(/number 0\.1 in the committed copy is 0\.2 now/);
    expect(textDifference('NVJ 1', 'TSJ 1')).toMatch(/^text differs/);
  });

  it('a committed copy (banner first, no SVG, no execution timestamps) compares equal to its own execution', () => {
    const copy = executedCopy(executed(), '13-x.ipynb');
    expect(copy.cells[0].metadata).toEqual({ tags: [EXECUTED_COPY_TAG] });
    expect(String(copy.cells[0].source)).toContain('../13-x.ipynb');
    expect(output(copy, 3, 0).data!['image/svg+xml']).toBeUndefined();
    expect(output(copy, 3, 0).data!['image/png']).toBe('iVBORw0KGgoAAAA');
    expect(cell(copy, 2).metadata.execution).toBeUndefined();
    expect(notebookDrift(copy, executed())).toEqual([]);
  });
});

describe('compareExecuted (npm run notebooks:check)', () => {
  it('reports a changed number and a missing copy, and nothing for a current one', () => {
    const root = mkdtempSync(join(tmpdir(), 'j2g-drift-'));
    const [fresh, committed] = [join(root, 'fresh'), join(root, 'committed')];
    mkdirSync(fresh);
    mkdirSync(committed);
    for (const n of ['a.ipynb', 'b.ipynb', 'c.ipynb']) writeFileSync(join(fresh, n), formatNotebook(executed()));
    writeFileSync(join(committed, 'a.ipynb'), formatNotebook(executedCopy(executed(), 'a.ipynb')));
    writeFileSync(join(committed, 'b.ipynb'), formatNotebook(executedCopy(edit((nb) => { output(nb, 1, 0).data!['text/plain'] = '| Management | 0.5 | 203.35 |'; }), 'b.ipynb')));
    const r = compareExecuted(['a.ipynb', 'b.ipynb', 'c.ipynb'], fresh, committed);
    expect(r.get('a.ipynb')).toEqual([]);
    expect(r.get('b.ipynb')).toEqual([expect.stringContaining('number 0.5 in the committed copy is 0.956 now')]);
    expect(r.get('c.ipynb')).toEqual([expect.stringMatching(/^no executed copy .*c\.ipynb \(npm run notebooks:executed writes it\)$/)]);
  });
});

describe('npm run notebook -- NAME', () => {
  const names = ['00-start-here.ipynb', '00b-the-method.ipynb', '01-occupations.ipynb', '07-judges.ipynb'];
  it('takes the number, the name or the file, and suggests the nearest for anything else', () => {
    expect(resolveNotebook('07', names)).toBe('07-judges.ipynb');
    expect(resolveNotebook('00', names)).toBe('00-start-here.ipynb');
    expect(resolveNotebook('00b', names)).toBe('00b-the-method.ipynb');
    expect(resolveNotebook('notebooks/01-occupations.ipynb', names)).toBe('01-occupations.ipynb');
    expect(() => resolveNotebook('judgs', names)).toThrow(/no notebook judgs \(did you mean 07-judges\?\); expected one of: 00-start-here, /);
  });
});
