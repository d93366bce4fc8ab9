/**
 * `npm run reproduce` end to end on synthetic-small, with real Jupyter kernels and a real Chromium:
 *   - every notebook executes without error, and its figures come out as one output holding the
 *     interactive Plotly spec (as an object), a static SVG and a PNG;
 *   - out/report.html, opened in headless Chromium, draws the traces of every figure and logs no
 *     error; a screenshot is saved to out/screenshots/report.png;
 *   - the exit status is 0: synthetic numbers are off the paper's, which is reported, not enforced.
 * J2G_REPORT=path/to/report.html checks an existing report instead of the one written here.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../../kernel-lib/export/index.ts';
import { PLOTLY_MIME } from '../../kernel-lib/display/index.ts';
import { notebookFiles, reproduce, ROOT, SYNTHETIC, type ReproduceResult } from '../../scripts/reproduce.ts';

describe('npm run reproduce on synthetic-small', () => {
  let out: string;
  let result: ReproduceResult;
  let browser: Browser;
  const lines: string[] = [];

  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'j2g-reproduce-'));
    result = await reproduce({ data: SYNTHETIC, out, draws: 200, log: (l) => lines.push(l) });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('executes every notebook, with per-notebook timings in the progress', () => {
    expect(result.failedNotebooks, lines.join('\n')).toEqual([]);
    const names = notebookFiles().map((f) => f.split('/').pop()!);
    expect(readdirSync(join(out, 'notebooks')).filter((f) => f.endsWith('.ipynb')).sort()).toEqual(names);
    for (const n of names) expect(lines.some((l) => l.includes(n) && / s {2}ok$/.test(l)), n).toBe(true);
  });

  it('sends each notebook figure as live HTML (its PNG inside), PNG and Plotly (an object) in one output, with no SVG', () => {
    const nb = JSON.parse(readFileSync(join(out, 'notebooks', '01-occupations.ipynb'), 'utf8'));
    const outputs = nb.cells.flatMap((c: { outputs?: { output_type: string; data?: Record<string, unknown> }[] }) => c.outputs ?? []);
    const figures = outputs.filter((o: { data?: Record<string, unknown> }) => o.data?.[PLOTLY_MIME]);
    expect(figures.length).toBe(2);
    for (const f of figures) {
      expect(typeof f.data[PLOTLY_MIME]).toBe('object');
      // issue #25: nbconvert prefers an SVG to the PNG and its sanitiser blanks it
      expect(f.data['image/svg+xml']).toBeUndefined();
      expect(String(f.data['text/html'])).toContain(`data:image/png;base64,${String(f.data['image/png'])}`);
      expect(Buffer.from(String(f.data['image/png']), 'base64').subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('says what it wrote: every part written, at the end of its output and first in report.html', () => {
    expect(result.summary.filter((l) => !l.written), lines.join('\n')).toEqual([]);
    expect(result.summary.map((l) => l.what).join('\n')).toMatch(/15 notebooks executed/);
    expect(lines.join('\n')).toMatch(/complete: every part written\n(  written {5}.*\n)+/);
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    // a dataset's own report: what the run wrote comes right under the title, before any section
    expect(html.indexOf('Complete run:')).toBeGreaterThan(html.indexOf('<h1>'));
    expect(html.indexOf('Complete run:')).toBeLessThan(html.indexOf('<h2'));
  });

  it('links each executed notebook from the report as its HTML copy, which exists', () => {
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    const links = [...new Set([...html.matchAll(/href="(notebooks\/[^"]+)"/g)].map((m) => m[1]))];
    expect(links.sort()).toEqual(notebookFiles().map((f) => `notebooks/${f.split('/').pop()!.replace(/\.ipynb$/, '.html')}`).sort());
    for (const l of links) {
      expect(l).toMatch(/\.html$/);
      expect(existsSync(join(out, l)), l).toBe(true);
    }
  });

  it('writes tables as CSV and Markdown and figures as HTML, SVG and PNG', () => {
    for (const f of ['tables/table13.csv', 'tables/table13.md', 'figures/figure-03.html', 'figures/figure-03.svg', 'figures/figure-03.png', 'checks.csv', 'report.html']) {
      expect(existsSync(join(out, f)), f).toBe(true);
    }
  });

  it("exits 0 with no check off: synthetic-small's systems are not the paper's, so no published value is about a row it has", () => {
    expect(result.failingChecks).toBe(0);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'scenario.json'), 'utf8'))).toMatchObject({ system: 'sysX', draws: 200 });
  });

  it('builds the explorer beside the report, which links to it, with the dataset it was given opened first', () => {
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('href="explorer/index.html"');
    for (const f of ['explorer/index.html', 'explorer/explorer.js', 'explorer/worker.js', 'explorer/plotly.js']) expect(existsSync(join(out, f)), f).toBe(true);
    const index = JSON.parse(readFileSync(join(out, 'explorer/data/index.json'), 'utf8')) as { id: string }[];
    expect(index[0].id).toBe('synthetic-small');
  });

  it('report.html draws every figure with traces and logs no error; saves a screenshot', async () => {
    const report = process.env.J2G_REPORT ?? join(out, 'report.html');
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(pathToFileURL(report).href);
    await page.evaluate(() => (window as unknown as { j2gRendered: Promise<unknown> }).j2gRendered);
    const figures = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.j2g-figure')].map((el) => ({
      id: el.dataset.figure,
      traces: ((el as unknown as { data?: unknown[] }).data ?? []).length,
      drawn: el.querySelectorAll('.trace, .point, .barlayer path').length,
    })));
    const expected = [...readFileSync(report, 'utf8').matchAll(/class="j2g-figure" id="figure-([^"]+)"/g)].map((m) => m[1]);
    expect(figures.map((f) => f.id)).toEqual(expected);
    expect(figures.length).toBeGreaterThan(0);
    for (const f of figures) {
      expect(f.traces, `figure ${f.id} traces`).toBeGreaterThan(0);
      expect(f.drawn, `figure ${f.id} drawn marks`).toBeGreaterThan(0);
    }
    // The dataset's own tables lead the page (it is not the paper's dataset: report/datasetReport.ts).
    expect(await page.locator('h3#table13 + p + table tbody tr').count()).toBe(2);
    expect(await page.locator('tr.j2g-check').count()).toBe(0);
    expect(errors).toEqual([]);
    const shots = join(ROOT, 'out', 'screenshots');
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: join(shots, 'report.png'), fullPage: true });
    await page.close();
  });
});
