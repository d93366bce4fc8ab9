/**
 * The Node client's files as a Jupyter user's tools see them (Python's nbformat and nbclient, the classic
 * Notebook server): `npm run test:jupyter`, on a machine with Jupyter. Not part of `npm test`.
 *   - nbformat's NotebookNotary trusts a notebook the Node client signed (same secret, same database);
 *   - nbclient (Python) executing the same notebook on the same kernel gives the same outputs, up to
 *     timestamps, ids and PNG bytes (notebookDrift's rule for executed copies);
 *   - the executed notebook opened in the classic Notebook: its figures are live (Plotly's hover layer
 *     appears under the mouse) and nothing is requested off the machine; saved from that server and
 *     converted with `jupyter nbconvert --to html`, every figure is an image;
 *   - a committed notebook opened in that server, its kernel started, and saved: the file is unchanged
 *     byte for byte (opening a notebook does not rewrite it).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumEnv, findChromium } from '../../kernel-lib/export/index.ts';
import { jupyterPythonFor, notebookDrift, readNotebook, registerKernel } from '../../scripts/notebooks/index.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const SYNTHETIC = join(ROOT, 'data/recorded/synthetic-small');
const python = jupyterPythonFor(['nbformat', 'nbclient', 'notebook']);
if (!python) throw new Error('npm run test:jupyter needs a Jupyter: set J2G_PYTHON to a Python with nbformat, nbclient and notebook (Debian: apt-get install jupyter-notebook python3-nbclient jupyter-nbconvert)');

let out: string;
let dataDir: string;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'j2g-jupyter-test-'));
  dataDir = join(out, 'jupyter-data');
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'notebook', '--', '01', '--data', SYNTHETIC, '--draws', '200', '--out', out], { cwd: ROOT, env: { ...process.env, J2G_DATA: '', JUPYTER_DATA_DIR: dataDir }, stdio: 'inherit' });
    child.on('close', resolve);
  });
  expect(code).toBe(0);
});

describe("Python's nbformat and nbclient", () => {
  it('trust the notebook the Node client signed', () => {
    const check = spawnSync(python, ['-c', 'import sys, nbformat\nfrom nbformat.sign import NotebookNotary\nprint(NotebookNotary().check_signature(nbformat.read(sys.argv[1], as_version=4)))', join(out, 'notebooks', '01-occupations.ipynb')], { encoding: 'utf8', env: { ...process.env, JUPYTER_DATA_DIR: dataDir } });
    expect(check.stdout.trim(), check.stderr).toBe('True');
  });

  it('give the same outputs executing the notebook with nbclient on the same kernel', () => {
    const jupyterPath = registerKernel(ROOT, join(out, '.jupyter'));
    const dest = join(out, 'nbclient-01.ipynb');
    const py = 'import sys, nbformat\nfrom nbclient import NotebookClient\nnb = nbformat.read(sys.argv[1], as_version=4)\nNotebookClient(nb, kernel_name="tslab", timeout=600, startup_timeout=300, resources={"metadata": {"path": sys.argv[3]}}).execute()\nnbformat.write(nb, sys.argv[2])';
    const r = spawnSync(python, ['-c', py, join(ROOT, 'notebooks', '01-occupations.ipynb'), dest, join(ROOT, 'notebooks')], { encoding: 'utf8', env: { ...process.env, JUPYTER_PATH: jupyterPath, J2G_DATA: SYNTHETIC, J2G_DRAWS: '200', TZ: 'UTC' } });
    expect(r.status, r.stderr).toBe(0);
    expect(notebookDrift(readNotebook(dest), readNotebook(join(out, 'notebooks', '01-occupations.ipynb')))).toEqual([]);
  });
});

describe('in the classic Jupyter Notebook', () => {
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
    server = spawn(python, ['-m', 'notebook', '--no-browser', `--port=${port}`, '--ip=127.0.0.1', '--NotebookApp.token=', '--NotebookApp.password=', '--allow-root',
      `--notebook-dir=${join(out, 'notebooks')}`], { env: { ...process.env, JUPYTER_PATH: registerKernel(ROOT, jupyterDir), J2G_DATA: SYNTHETIC, J2G_DRAWS: '50', JUPYTER_DATA_DIR: dataDir } });
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
    const executablePath = findChromium()!;
  const b = await chromium.launch({ executablePath, env: { ...process.env, ...chromiumEnv(executablePath) } as Record<string, string>, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
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
    const convert = spawnSync(python, ['-m', 'nbconvert', '--to', 'html', '--output', 'saved-01', saved], { encoding: 'utf8' });
    expect(convert.status, convert.stderr).toBe(0);
    const { chromium } = await import('playwright-core');
    const executablePath = findChromium()!;
  const noScripts = await chromium.launch({ executablePath, env: { ...process.env, ...chromiumEnv(executablePath) } as Record<string, string>, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
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
