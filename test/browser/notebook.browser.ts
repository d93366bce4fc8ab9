/**
 * `npm run notebook -- NAME` with nothing run before it, and what a reader of the HTML sees:
 *   - the command (a child process, as a user runs it) executes 01-occupations on synthetic-small
 *     into --out, writing the notebook (execution counts 1..n, signed: Jupyter trusts it) and its
 *     nbconvert HTML;
 *   - that HTML, opened in headless Chromium, shows every figure of the notebook as an image of
 *     non-zero size (nbconvert drops the SVG and the Plotly output: the PNG is what shows).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, INSTALL_CHROMIUM_HINT, launchBrowser, type Browser } from '../../kernel-lib/export/index.ts';
import { INSTALL_JUPYTER_HINT, jupyterAvailable, jupyterPython } from '../../scripts/notebooks/index.ts';
import { PLOTLY_MIME } from '../../kernel-lib/display/index.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const SYNTHETIC = join(ROOT, 'data/recorded/synthetic-small');
const missing = [!findChromium() && INSTALL_CHROMIUM_HINT, !jupyterAvailable() && INSTALL_JUPYTER_HINT].filter(Boolean);
if (missing.length && process.env.CI) throw new Error(`integration tests need: ${missing.join('; ')}`);
if (missing.length) console.warn(`skipping notebook integration tests: ${missing.join('; ')}`);

interface Output { output_type: string; data?: Record<string, unknown> }
interface Cell { cell_type: string; execution_count?: number | null; outputs?: Output[] }

describe.skipIf(missing.length > 0)('npm run notebook -- 01 (headless, then read as HTML)', () => {
  let out: string;
  let run: { code: number | null; log: string };
  let browser: Browser;
  const ipynb = () => join(out, 'notebooks', '01-occupations.ipynb');

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'j2g-notebook-'));
    run = await new Promise((resolve) => {
      const child = spawn('npm', ['run', '--silent', 'notebook', '--', '01', '--data', SYNTHETIC, '--draws', '200', '--out', out], { cwd: ROOT, env: { ...process.env, J2G_DATA: '' } });
      let log = '';
      child.stdout.on('data', (d) => (log += d));
      child.stderr.on('data', (d) => (log += d));
      child.on('close', (code) => resolve({ code, log }));
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('writes the executed notebook and its HTML, exit status 0', () => {
    expect(run.code, run.log).toBe(0);
    expect(existsSync(ipynb())).toBe(true);
    expect(existsSync(ipynb().replace(/\.ipynb$/, '.html'))).toBe(true);
    expect(run.log).toMatch(/01-occupations\.ipynb\.+ +\d+\.\d s {2}ok/);
  });

  it('numbers the cells In [1], In [2], ... and signs the notebook so Jupyter trusts it', () => {
    const nb = JSON.parse(readFileSync(ipynb(), 'utf8')) as { cells: Cell[] };
    const counts = nb.cells.filter((c) => c.cell_type === 'code').map((c) => c.execution_count);
    expect(counts).toEqual(counts.map((_, i) => i + 1));
    const check = spawnSync(jupyterPython(), ['-c', 'import sys, nbformat\nfrom nbformat.sign import NotebookNotary\nprint(NotebookNotary().check_signature(nbformat.read(sys.argv[1], as_version=4)))', ipynb()], { encoding: 'utf8' });
    expect(check.stdout.trim(), check.stderr).toBe('True');
  });

  it('shows every figure of the notebook as an image of non-zero size in the nbconvert HTML', async () => {
    const nb = JSON.parse(readFileSync(ipynb(), 'utf8')) as { cells: Cell[] };
    const figures = nb.cells.flatMap((c) => c.outputs ?? []).filter((o) => o.data?.[PLOTLY_MIME]);
    expect(figures.length).toBe(2); // Figures 1(c) and 3
    for (const f of figures) expect(f.data!['image/png'], 'each figure output carries a PNG').toBeTruthy();

    const page = await browser.context.newPage();
    await page.goto(pathToFileURL(ipynb().replace(/\.ipynb$/, '.html')).href);
    const images = await page.evaluate(async () => {
      const imgs = [...document.querySelectorAll('img')].filter((i) => i.src.startsWith('data:image/png'));
      await Promise.all(imgs.map((i) => (i.complete ? null : new Promise((r) => { i.onload = r; i.onerror = r; }))));
      return imgs.map((i) => ({ natural: [i.naturalWidth, i.naturalHeight], shown: [i.getBoundingClientRect().width, i.getBoundingClientRect().height] }));
    });
    await page.close();
    expect(images.length).toBe(figures.length);
    for (const img of images) {
      expect(img.natural[0] * img.natural[1], 'decoded PNG').toBeGreaterThan(0);
      expect(img.shown[0] * img.shown[1], 'laid out on the page').toBeGreaterThan(0);
    }
  });
});
