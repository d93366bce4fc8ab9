/**
 * startNotebookWorker, the one Python process reproduce runs every notebook in, against the two
 * processes per notebook it replaces (executeNotebook, then notebookToHtml) as the oracle: two small
 * notebooks sent at once, one that runs and one whose second cell throws. The one that runs is written
 * with execution counts 1..n, signed, and as HTML; the failing one is answered with the cell, its source
 * and its stream output, exactly as executeNotebook answers it, and gets no HTML.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { executeNotebook, INSTALL_JUPYTER_HINT, jupyterAvailable, jupyterPython, registerKernel, startNotebookWorker } from '../../scripts/notebooks/index.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const jupyter = jupyterAvailable();
if (!jupyter && process.env.CI) throw new Error(`integration tests need: ${INSTALL_JUPYTER_HINT}`);
if (!jupyter) console.warn(`skipping notebook worker tests: ${INSTALL_JUPYTER_HINT}`);

const notebook = (...cells: string[]) => JSON.stringify({
  nbformat: 4, nbformat_minor: 5,
  metadata: { kernelspec: { name: 'tslab', display_name: 'TypeScript', language: 'typescript' } },
  cells: cells.map((source, i) => ({ id: `c${i}`, cell_type: 'code', metadata: {}, execution_count: null, outputs: [], source })),
});

describe.skipIf(!jupyter)('startNotebookWorker', () => {
  it('runs notebooks sent at once, each with the result executeNotebook gives, and converts the ones that ran', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-worker-'));
    writeFileSync(join(dir, 'good.ipynb'), notebook('const x: number = 6 * 7;', 'console.log(`x is ${x}`);'));
    writeFileSync(join(dir, 'bad.ipynb'), notebook('console.log("first");', 'console.log("before the error");\nthrow new Error("boom-42");', 'console.log("never");'));
    const env = { JUPYTER_PATH: registerKernel(ROOT, join(dir, '.jupyter')), TZ: 'UTC' };
    const worker = startNotebookWorker({ env });
    const [good, bad] = await Promise.all([
      worker.run(join(dir, 'good.ipynb'), join(dir, 'good.out.ipynb'), { html: join(dir, 'good.out.html') }),
      worker.run(join(dir, 'bad.ipynb'), join(dir, 'bad.out.ipynb'), { html: join(dir, 'bad.out.html') }),
    ]);
    await worker.close();
    const oracle = await executeNotebook(join(dir, 'bad.ipynb'), join(dir, 'bad.oracle.ipynb'), { env });

    expect(good.ok, good.error).toBe(true);
    expect(good.signed).toBe(true);
    const nb = JSON.parse(readFileSync(join(dir, 'good.out.ipynb'), 'utf8'));
    expect(nb.cells.map((c: { execution_count: number }) => c.execution_count)).toEqual([1, 2]);
    expect(nb.cells[1].outputs.map((o: { text?: string[] | string }) => [o.text].flat().join(''))).toEqual(['x is 42\n']);
    const check = spawnSync(jupyterPython(), ['-c', 'import sys, nbformat\nfrom nbformat.sign import NotebookNotary\nprint(NotebookNotary().check_signature(nbformat.read(sys.argv[1], as_version=4)))', join(dir, 'good.out.ipynb')], { encoding: 'utf8' });
    expect(check.stdout.trim(), check.stderr).toBe('True');
    expect(readFileSync(join(dir, 'good.out.html'), 'utf8')).toContain('x is 42');

    expect(bad.ok).toBe(false);
    expect(bad.error).toMatch(/^cell 2 failed:/);
    expect(bad.error).toContain('before the error');
    expect(bad.error).toBe(oracle.error);
    expect(existsSync(join(dir, 'bad.out.html'))).toBe(false);
  });

  it('answers a notebook sent after the worker closed as failed, without hanging', async () => {
    const worker = startNotebookWorker({ env: {} });
    await worker.close();
    const r = await worker.run('/nonexistent.ipynb', '/nonexistent.out.ipynb');
    expect(r.ok).toBe(false);
  });
});
