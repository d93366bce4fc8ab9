/**
 * The browser tests' explorer: built into a fresh temporary folder, served, and opened in headless
 * Chromium, every page's console errors and uncaught exceptions collected into `consoleErrors`
 * (the tests expect it empty). Shared by test/browser/explorer.browser.ts and explorerLayout.browser.ts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { buildExplorer } from '../../scripts/explorer/build.ts';
import { explorerBrowser, serveStatic } from '../../scripts/explorer/serve.ts';

export interface ExplorerSession {
  /** the temporary folder the explorer was built in (tests write their own files beside it) */
  work: string;
  server: Awaited<ReturnType<typeof serveStatic>>;
  browser: Awaited<ReturnType<typeof explorerBrowser>>;
}

export async function openExplorer(prefix: string, consoleErrors: string[]): Promise<ExplorerSession> {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const { out } = await buildExplorer({ out: join(work, 'explorer') });
  const server = await serveStatic(out);
  const browser = await explorerBrowser(server.url);
  // actions (fill, click) wait as long as `settled` does: on a loaded CI machine (the integration stage
  // runs notebooks beside these tests) a page busy redrawing figures answered a fill after > 30 s
  // once; how fast the page must answer is the bench's measure (npm run bench -- explorer), not a test's
  browser.context.setDefaultTimeout(120_000);
  browser.context.on('page', (p) => {
    p.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
    p.on('pageerror', (e) => consoleErrors.push(e.message));
  });
  return { work, server, browser };
}

/**
 * Scroll to each figure in turn, as a reader would, and wait until it shows the scenario on show (the
 * explorer draws a figure only when it comes near the window); then back to the top of the page.
 */
export async function drawEveryFigure(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const probe = (window as unknown as { __explorer: { scenarioKey: string; figuresPending: boolean } }).__explorer;
    for (const sec of document.querySelectorAll<HTMLElement>('section.figure')) {
      if (sec.offsetParent === null) continue;
      sec.scrollIntoView({ block: 'center' });
      const t = performance.now();
      while ((sec.dataset.scenario !== probe.scenarioKey || probe.figuresPending) && performance.now() - t < 120_000) await new Promise((r) => requestAnimationFrame(r));
    }
    window.scrollTo(0, 0);
  });
}
