/**
 * out/report.html in headless Chromium: every figure drew its traces, the page logged no error,
 * and a screenshot is saved (out/screenshots/report.png). The report is the one `npm run reproduce`
 * wrote when J2G_REPORT names it; otherwise this test writes one from synthetic-small (without
 * notebooks) into a temporary directory.
 */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, INSTALL_CHROMIUM_HINT, launchBrowser, type Browser } from '../../kernel-lib/export/index.ts';
import { reproduce, ROOT, SYNTHETIC } from '../../scripts/reproduce.ts';

const chromium = findChromium();
if (!chromium && process.env.CI) throw new Error(`no Chromium in CI: ${INSTALL_CHROMIUM_HINT}`);
if (!chromium) console.warn(`skipping browser tests: ${INSTALL_CHROMIUM_HINT}`);

describe.skipIf(!chromium)('report.html in Chromium', () => {
  let report: string;
  let browser: Browser;

  beforeAll(async () => {
    report = process.env.J2G_REPORT ?? '';
    if (!report) {
      const out = mkdtempSync(join(tmpdir(), 'j2g-report-'));
      await reproduce({ data: SYNTHETIC, out, notebooks: false, draws: 200, log: () => undefined });
      report = join(out, 'report.html');
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('renders every figure with traces and logs no error; saves a screenshot', async () => {
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
    const html = readFileSync(report, 'utf8');
    const expected = [...html.matchAll(/class="j2g-figure" id="figure-([^"]+)"/g)].map((m) => m[1]);
    expect(figures.map((f) => f.id)).toEqual(expected);
    expect(figures.length).toBeGreaterThan(0);
    for (const f of figures) {
      expect(f.traces, `figure ${f.id} traces`).toBeGreaterThan(0);
      expect(f.drawn, `figure ${f.id} drawn marks`).toBeGreaterThan(0);
    }
    expect(await page.locator('tr.j2g-check').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    const shots = join(ROOT, 'out', 'screenshots');
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: join(shots, 'report.png'), fullPage: true });
    await page.close();
  });
});
