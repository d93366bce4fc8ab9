/**
 * `npm run notebook -- NAME` with nothing run before it, and what a reader of the HTML sees:
 *   - the command (a child process, as a user runs it) executes 01-occupations on synthetic-small
 *     into --out, writing the notebook (execution counts 1..n, signed: Jupyter trusts it) and its
 *     nbconvert HTML;
 *   - that HTML, opened in headless Chromium with scripts off (what a sanitising viewer shows), shows
 *     every figure of the notebook as an image of non-zero size (the PNG inside each figure's HTML);
 *     with scripts on, every figure is a live Plotly plot (plotly.js rides inline in the notebook);
 *   - the executed notebook opened in the classic Jupyter Notebook that .ci/run installs: its figures are
 *     live (Plotly's hover layer appears under the mouse) and nothing is requested off the machine;
 *     saved from that server and converted with `jupyter nbconvert --to html`, every figure is an image;
 *   - a committed notebook opened in that server, its kernel started, and saved: the file is unchanged
 *     byte for byte (opening a notebook does not rewrite it).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, INSTALL_CHROMIUM_HINT, launchBrowser, type Browser } from '../../kernel-lib/export/index.ts';
import { INSTALL_JUPYTER_HINT, jupyterAvailable, jupyterPython, registerKernel } from '../../scripts/notebooks/index.ts';
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

    // scripts off: what GitHub, nbviewer or a sanitiser shows of the HTML output nbconvert picks
    const { chromium } = await import('playwright-core');
    const noScripts = await chromium.launch({ executablePath: findChromium()!, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
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

  describe('in the classic Jupyter Notebook (.ci/run installs it)', () => {
    let server: ChildProcess;
    let base: string;
    let jupyterDir: string;
    let serverLog = '';

    beforeAll(async () => {
      jupyterDir = mkdtempSync(join(tmpdir(), 'j2g-jupyter-'));
      const port = await new Promise<number>((resolve) => {
        const s = createServer().listen(0, '127.0.0.1', () => {
          const p = (s.address() as { port: number }).port;
          s.close(() => resolve(p));
        });
      });
      // the committed notebook, to be opened and saved: it lies beside the executed one
      copyFileSync(join(ROOT, 'notebooks', '07-judges.ipynb'), join(out, 'notebooks', 'committed-07.ipynb'));
      server = spawn(jupyterPython(), ['-m', 'notebook', '--no-browser', `--port=${port}`, '--ip=127.0.0.1', '--NotebookApp.token=', '--NotebookApp.password=', '--allow-root',
        `--notebook-dir=${join(out, 'notebooks')}`], { env: { ...process.env, JUPYTER_PATH: registerKernel(ROOT, jupyterDir), J2G_DATA: SYNTHETIC, J2G_DRAWS: '50' } });
      server.stdout!.on('data', (d) => (serverLog += d));
      server.stderr!.on('data', (d) => (serverLog += d));
      base = `http://127.0.0.1:${port}`;
      for (let i = 0; i < 600 && !/is running at|running at:/i.test(serverLog); i++) await new Promise((r) => setTimeout(r, 100));
    });

    afterAll(() => {
      server?.kill('SIGTERM');
      rmSync(jupyterDir, { recursive: true, force: true });
    });

    /** A Chromium page on the server, every request off 127.0.0.1 recorded and refused. */
    async function serverPage() {
      const { chromium } = await import('playwright-core');
      const b = await chromium.launch({ executablePath: findChromium()!, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
      const offMachine: string[] = [];
      const context = await b.newContext();
      await context.route('**/*', (route) => {
        const url = new URL(route.request().url());
        if (['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol) && url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
          offMachine.push(url.href);
          return route.abort();
        }
        return route.continue();
      });
      return { b, page: await context.newPage(), offMachine };
    }

    it('shows the executed notebook\'s figures live: the hover layer appears under the mouse, nothing is fetched off the machine', async () => {
      expect(serverLog, 'the Notebook server started').toMatch(/running at/i);
      const { b, page, offMachine } = await serverPage();
      try {
        await page.goto(`${base}/notebooks/01-occupations.ipynb`);
        await page.waitForFunction(() => document.querySelectorAll('.j2g-figure.js-plotly-plot').length === 2, undefined, { timeout: 120_000 });
        const plot = page.locator('.j2g-figure.js-plotly-plot').first();
        await plot.scrollIntoViewIfNeeded();
        const box = (await plot.locator('.nsewdrag').first().boundingBox())!;
        let hovered = false;
        // sweep the plot area until a point is under the mouse (Plotly's hover label appears)
        for (let y = 0.1; y < 1 && !hovered; y += 0.1) {
          for (let x = 0.05; x < 1 && !hovered; x += 0.05) {
            await page.mouse.move(box.x + x * box.width, box.y + y * box.height);
            hovered = await plot.locator('.hoverlayer .hovertext').count() > 0;
          }
        }
        expect(hovered, 'a hover label appeared').toBe(true);
        expect(offMachine).toEqual([]);
      } finally {
        await b.close();
      }
    });

    it('a notebook saved from the server converts with jupyter nbconvert --to html into a page that shows every figure as an image', async () => {
      const { b, page } = await serverPage();
      try {
        await page.goto(`${base}/notebooks/01-occupations.ipynb`);
        await page.waitForFunction(() => document.querySelectorAll('.j2g-figure.js-plotly-plot').length === 2, undefined, { timeout: 120_000 });
        await page.evaluate(() => (window as unknown as { Jupyter: { notebook: { save_notebook(): Promise<unknown> } } }).Jupyter.notebook.save_notebook());
      } finally {
        await b.close();
      }
      const saved = join(out, 'notebooks', '01-occupations.ipynb');
      const convert = spawnSync('jupyter', ['nbconvert', '--to', 'html', '--output', 'saved-01', saved], { encoding: 'utf8' });
      expect(convert.status, convert.stderr).toBe(0);
      const { chromium } = await import('playwright-core');
      const noScripts = await chromium.launch({ executablePath: findChromium()!, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
      try {
        const p = await (await noScripts.newContext({ javaScriptEnabled: false, offline: true })).newPage();
        await p.goto(pathToFileURL(join(out, 'notebooks', 'saved-01.html')).href);
        const shown = await p.evaluate(async () => {
          const imgs = [...document.querySelectorAll('img')].filter((i) => i.src.startsWith('data:image/png'));
          await Promise.all(imgs.map((i) => (i.complete ? null : new Promise((r) => { i.onload = r; i.onerror = r; }))));
          return imgs.filter((i) => i.naturalWidth > 0 && i.getBoundingClientRect().width > 0).length;
        });
        expect(shown).toBe(2);
      } finally {
        await noScripts.close();
      }
    });

    it('opening a committed notebook, starting its kernel and saving it leaves the file byte for byte as committed', async () => {
      const file = join(out, 'notebooks', 'committed-07.ipynb');
      const before = readFileSync(file, 'utf8');
      const { b, page } = await serverPage();
      try {
        await page.goto(`${base}/notebooks/committed-07.ipynb`);
        type J = { Jupyter: { notebook: { kernel?: { info_reply?: { language_info?: unknown } }; save_notebook(): Promise<unknown>; metadata: { language_info?: unknown } } } };
        // the kernel has answered kernel_info: Notebook has written its language_info into the notebook's metadata
        await page.waitForFunction(() => Boolean((window as unknown as J).Jupyter?.notebook?.kernel?.info_reply?.language_info), undefined, { timeout: 240_000 });
        await page.evaluate(() => (window as unknown as J).Jupyter.notebook.save_notebook());
      } finally {
        await b.close();
      }
      expect(readFileSync(file, 'utf8')).toBe(before);
    });
  });
});
