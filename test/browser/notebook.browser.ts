/**
 * `npm run notebook -- NAME` with nothing run before it, and what a reader of the HTML sees:
 *   - the command (a child process, as a user runs it) executes 01-occupations on synthetic-small
 *     into --out, writing the notebook (execution counts 1..n, signed: Jupyter trusts it) and its
 *     HTML (rendered in Node);
 *   - that HTML, opened in headless Chromium with scripts off (what a sanitising viewer shows), shows
 *     every figure of the notebook as an image of non-zero size (the PNG inside each figure's HTML);
 *     with scripts on, every figure is a live Plotly plot (plotly.js rides inline in the notebook);
 * Nothing here needs Python or a system browser (the kernel is driven from Node, the browser is the one
 * npm installed). What a Jupyter server does with these files is test/jupyter/ (npm run test:jupyter, on a
 * machine that has Jupyter).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumEnv, findChromium, launchBrowser, type Browser } from '../../kernel-lib/export/index.ts';
import { notebookSecret, notebookSignature, readNotebook, signatureStored } from '../../scripts/notebooks/index.ts';
import { PLOTLY_MIME } from '../../kernel-lib/display/index.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const SYNTHETIC = join(ROOT, 'data/recorded/synthetic-small');
const plainChromium = async () => {
  const { chromium } = await import('playwright-core');
  const executablePath = findChromium()!;
  return chromium.launch({ executablePath, env: { ...process.env, ...chromiumEnv(executablePath) } as Record<string, string>, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
};

interface Output { output_type: string; data?: Record<string, unknown> }
interface Cell { cell_type: string; execution_count?: number | null; outputs?: Output[] }

describe('npm run notebook -- 01 (headless, then read as HTML)', () => {
  let out: string;
  let run: { code: number | null; log: string };
  let browser: Browser;
  let dataDir: string;
  const ipynb = () => join(out, 'notebooks', '01-occupations.ipynb');

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'j2g-notebook-'));
    dataDir = join(out, 'jupyter-data');
    run = await new Promise((resolve) => {
      const child = spawn('npm', ['run', '--silent', 'notebook', '--', '01', '--data', SYNTHETIC, '--draws', '200', '--out', out], { cwd: ROOT, env: { ...process.env, J2G_DATA: '', JUPYTER_DATA_DIR: dataDir } });
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

  it('numbers the cells In [1], In [2], ... and signs the notebook so Jupyter trusts it (its signature in the user\'s database)', async () => {
    const nb = JSON.parse(readFileSync(ipynb(), 'utf8')) as { cells: Cell[] };
    const counts = nb.cells.filter((c) => c.cell_type === 'code').map((c) => c.execution_count);
    expect(counts).toEqual(counts.map((_, i) => i + 1));
    expect(run.log).toMatch(/\(trusted\)/);
    expect(await signatureStored(dataDir, notebookSignature(readNotebook(ipynb()), notebookSecret(dataDir)))).toBe(true);
  });

  it('shows every figure of the notebook as an image of non-zero size in its HTML, and live with scripts on', async () => {
    const nb = JSON.parse(readFileSync(ipynb(), 'utf8')) as { cells: Cell[] };
    const figures = nb.cells.flatMap((c) => c.outputs ?? []).filter((o) => o.data?.[PLOTLY_MIME]);
    expect(figures.length).toBe(2); // Figures 1(c) and 3
    for (const f of figures) expect(f.data!['image/png'], 'each figure output carries a PNG').toBeTruthy();

    // scripts off: what GitHub, nbviewer or a sanitiser shows of the HTML output nbconvert picks
    const noScripts = await plainChromium();
    const context = await noScripts.newContext({ javaScriptEnabled: false, offline: true });
    const page = await context.newPage();
    await page.goto(pathToFileURL(ipynb().replace(/\.ipynb$/, '.html')).href);
    const images = await page.evaluate(async () => {
      const imgs = [...document.querySelectorAll('img')].filter((i) => i.src.startsWith('data:image/png'));
      await Promise.all(imgs.map((i) => (i.complete ? null : new Promise((r) => { i.onload = r; i.onerror = r; }))));
      return imgs.map((i) => ({ natural: [i.naturalWidth, i.naturalHeight], shown: [i.getBoundingClientRect().width, i.getBoundingClientRect().height] }));
    });
    await noScripts.close();
    expect(images.length).toBe(figures.length);
    for (const img of images) {
      expect(img.natural[0] * img.natural[1], 'decoded PNG').toBeGreaterThan(0);
      expect(img.shown[0] * img.shown[1], 'laid out on the page').toBeGreaterThan(0);
    }
    // scripts on (offline): every figure becomes a live plot from the plotly.js inside the page
    const live = await browser.context.newPage();
    await live.goto(pathToFileURL(ipynb().replace(/\.ipynb$/, '.html')).href);
    await live.waitForFunction((n) => document.querySelectorAll('.j2g-figure.js-plotly-plot').length === n, figures.length, { timeout: 60_000 });
    await live.close();
  });
});
