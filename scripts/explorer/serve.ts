/**
 * A local static file server (node:http) for the explorer's browser test and bench: serves one folder,
 * no directory listings, nothing outside the folder. `npm run explore -- --serve` is not needed: any
 * static server works; this one exists so tests need nothing but Node.
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.json': 'application/json',
  '.csv': 'text/csv; charset=utf-8', '.css': 'text/css', '.png': 'image/png', '.svg': 'image/svg+xml',
};

export async function serveStatic(dir: string, port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (file !== root && !file.startsWith(root + sep)) { res.writeHead(403).end(); return; }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  const { port: p } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${p}/`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * Headless Debian Chromium (playwright-core, the project's flags) for the explorer, on a context that
 * may reach the local server only: every request to any other host is aborted and listed in
 * `outside`, so a test can assert the page needs no network. (launchBrowser's context is fully
 * offline, which blocks 127.0.0.1 too.)
 */
export async function explorerBrowser(serverUrl: string): Promise<{ context: import('playwright-core').BrowserContext; outside: string[]; close(): Promise<void> }> {
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_FLAGS, chromiumEnv, findChromium, BrowserUnavailableError, INSTALL_CHROMIUM_HINT } = await import('../../kernel-lib/export/browser.ts');
  const executablePath = findChromium();
  if (!executablePath) throw new BrowserUnavailableError(`no Chromium found: ${INSTALL_CHROMIUM_HINT}`);
  const browser = await chromium.launch({ executablePath, env: { ...process.env, ...chromiumEnv(executablePath) } as Record<string, string>, headless: true, args: CHROMIUM_FLAGS.filter((f) => f !== '--headless'), timeout: 60_000 });
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  const outside: string[] = [];
  const origin = new URL(serverUrl).origin;
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('blob:') || url.startsWith('data:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  return { context, outside, close: async () => { await context.close().catch(() => undefined); await browser.close().catch(() => undefined); } };
}
