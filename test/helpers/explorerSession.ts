/**
 * The browser tests' explorer: built into a fresh temporary folder, served, and opened in headless
 * Chromium, every page's console errors and uncaught exceptions collected into `consoleErrors`
 * (the tests expect it empty). Shared by test/browser/explorer.browser.ts and explorerLayout.browser.ts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  browser.context.on('page', (p) => {
    p.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
    p.on('pageerror', (e) => consoleErrors.push(e.message));
  });
  return { work, server, browser };
}
