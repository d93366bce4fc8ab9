/**
 * Headless Chromium for static export and browser tests: Debian's `chromium` driven by playwright-core
 * (no browser download). Every launch gets a fresh profile directory, removed on close, and the flags
 * that keep Chromium off the network and away from the GPU.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { J2GError } from '../errors.ts';

export const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** What to do when no Chromium is found (printed by every command that needs one). */
export const INSTALL_CHROMIUM_HINT =
  'install Chromium for static SVG/PNG export (Debian/Ubuntu: apt-get install -y chromium) or set J2G_CHROMIUM to a Chromium or Chrome binary';

/** The Chromium binary: $J2G_CHROMIUM, else /usr/bin/chromium; null when neither exists. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = [env.J2G_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter((p): p is string => !!p);
  return candidates.find((p) => existsSync(p)) ?? null;
}

export class BrowserUnavailableError extends J2GError {
  override name = 'BrowserUnavailableError';
}

/** A browser context with its own profile; `close()` ends Chromium and deletes the profile. */
export interface Browser {
  context: import('playwright-core').BrowserContext;
  close(): Promise<void>;
}

/** Launch headless Chromium. Throws BrowserUnavailableError (with the install hint) when there is none. */
export async function launchBrowser(options: { executablePath?: string } = {}): Promise<Browser> {
  const executablePath = options.executablePath ?? findChromium();
  if (!executablePath) throw new BrowserUnavailableError(`no Chromium found: ${INSTALL_CHROMIUM_HINT}`);
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'j2g-chromium-'));
  try {
    // playwright refuses --user-data-dir in args (launchPersistentContext passes the fresh directory
    // itself) and drops a user-supplied --headless (headless: true adds its own).
    const context = await chromium.launchPersistentContext(profile, {
      executablePath, headless: true, args: CHROMIUM_FLAGS.filter((f) => f !== '--headless'),
      offline: true, timeout: 60_000,
    });
    return {
      context,
      async close() {
        await context.close().catch(() => undefined);
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (e) {
    rmSync(profile, { recursive: true, force: true });
    throw new BrowserUnavailableError(`Chromium at ${executablePath} did not start: ${(e as Error).message.split('\n')[0]}`);
  }
}
