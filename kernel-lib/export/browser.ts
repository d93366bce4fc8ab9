/**
 * Headless Chromium for static export and browser tests, driven by playwright-core (which downloads no
 * browser). Which browser, in this order (findChromium):
 *   1. $J2G_CHROMIUM;
 *   2. a system Chrome, Chromium or Edge at the usual places of Linux, macOS and Windows (SYSTEM_BROWSERS);
 *   3. the headless Chromium that npm installed with this project (@sparticuz/chromium, Linux x64),
 *      unpacked once into node_modules/.cache/joules-to-gdp/chromium-<version>/ with the fonts that come
 *      with it (Open Sans, Plotly's first choice): it draws text with those fonts only (its own
 *      fontconfig file), so figures look the same on a machine without any system font.
 * Every launch gets a fresh profile directory, removed on close, and the flags that keep Chromium off
 * the network and away from the GPU.
 */
import { brotliDecompressSync } from 'node:zlib';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { J2GError } from '../errors.ts';

export const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** What to do when no Chromium is found (printed by every command that needs one). */
export const INSTALL_CHROMIUM_HINT =
  'run npm install (it installs a headless Chromium for Linux x64), install Chrome or Chromium, or set J2G_CHROMIUM to a Chromium or Chrome binary';

/** Where a system browser is looked for, by platform, in order. */
export function systemBrowsers(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string[] {
  if (platform === 'darwin') {
    return ['Google Chrome', 'Chromium', 'Microsoft Edge', 'Google Chrome Canary'].flatMap((app) => [`/Applications/${app}.app/Contents/MacOS/${app}`, join(env.HOME ?? '', 'Applications', `${app}.app`, 'Contents', 'MacOS', app)]);
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((r): r is string => !!r);
    return roots.flatMap((r) => [join(r, 'Google', 'Chrome', 'Application', 'chrome.exe'), join(r, 'Chromium', 'Application', 'chrome.exe'), join(r, 'Microsoft', 'Edge', 'Application', 'msedge.exe')]);
  }
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/opt/google/chrome/chrome', '/snap/bin/chromium', '/usr/bin/microsoft-edge', '/usr/bin/microsoft-edge-stable'];
}

/** The bundled Chromium's package: its brotli files and version, or null where npm did not install it (or the platform is not Linux x64). */
function bundledPackage(): { bin: string; version: string; cache: string } | null {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  try {
    const require = createRequire(import.meta.url);
    const entry = require.resolve('@sparticuz/chromium'); // <node_modules>/@sparticuz/chromium/build/cjs/index.cjs
    const pkgDir = join(dirname(entry), '..', '..');
    const version = (JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
    const nodeModules = join(pkgDir, '..', '..');
    return { bin: join(pkgDir, 'bin'), version, cache: join(nodeModules, '.cache', 'joules-to-gdp', `chromium-${version}`) };
  } catch {
    return null;
  }
}

/** The regular files and directories of an uncompressed tar archive (ustar), written under `dir`. */
export function untar(archive: Buffer, dir: string): void {
  for (let at = 0; at + 512 <= archive.length;) {
    const header = archive.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start: number, len: number) => header.subarray(start, start + len).toString('utf8').replace(/\0.*$/s, '');
    const name = [field(345, 155), field(0, 100)].filter(Boolean).join('/');
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const mode = parseInt(field(100, 8).trim() || '644', 8);
    const type = String.fromCharCode(header[156] || 48);
    const body = archive.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
    if (name.split('/').includes('..') || name.startsWith('/')) throw new J2GError(`tar entry ${name}: a path outside the archive's folder`);
    const path = join(dir, name);
    if (type === '5') mkdirSync(path, { recursive: true });
    else if (type === '0') {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, body, { mode: mode & 0o777 });
    }
    // other entry types (links, pax headers) are not in these archives and are skipped
  }
}

/**
 * The bundled Chromium's binary, unpacked on first use (about 190 MB from 64 MB: a few seconds) into its
 * cache folder: chromium and the SwiftShader libraries beside it, fonts/ with a fontconfig file naming
 * only them, lib/ with the NSS libraries it was built against. Unpacked under a temporary name and
 * renamed when complete, so two processes never see half of it. Null when there is no bundled package.
 */
export function bundledChromium(): string | null {
  const pkg = bundledPackage();
  if (!pkg) return null;
  const binary = join(pkg.cache, 'chromium');
  if (existsSync(join(pkg.cache, '.complete'))) return binary;
  const tmp = `${pkg.cache}.tmp-${process.pid}-${Date.now()}`;
  try {
    mkdirSync(tmp, { recursive: true });
    writeFileSync(join(tmp, 'chromium'), brotliDecompressSync(readFileSync(join(pkg.bin, 'chromium.br'))), { mode: 0o755 });
    untar(brotliDecompressSync(readFileSync(join(pkg.bin, 'swiftshader.tar.br'))), tmp);
    untar(brotliDecompressSync(readFileSync(join(pkg.bin, 'fonts.tar.br'))), tmp);
    untar(brotliDecompressSync(readFileSync(join(pkg.bin, 'al2023.tar.br'))), tmp);
    writeFileSync(join(tmp, 'fonts.conf'), fontsConf(pkg.cache));
    chmodSync(join(tmp, 'chromium'), 0o755);
    writeFileSync(join(tmp, '.complete'), `${pkg.version}\n`);
    rmSync(pkg.cache, { recursive: true, force: true });
    try {
      renameSync(tmp, pkg.cache);
    } catch (e) {
      // another process finished first: its copy is the same
      if (!existsSync(join(pkg.cache, '.complete'))) throw e;
    }
  } catch (e) {
    if (!existsSync(join(pkg.cache, '.complete'))) throw new BrowserUnavailableError(`cannot unpack the bundled Chromium into ${pkg.cache}: ${(e as Error).message}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return binary;
}

/** A fontconfig file that names the bundled fonts only (and a private cache), so system fonts play no part. */
function fontsConf(cache: string): string {
  return `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${join(cache, 'fonts')}</dir>\n  <cachedir>${join(cache, 'fontconfig-cache')}</cachedir>\n</fontconfig>\n`;
}

/** The environment a browser at `executablePath` needs: for the bundled one its fonts and libraries; nothing for others. */
export function chromiumEnv(executablePath: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const pkg = bundledPackage();
  if (!pkg || !executablePath.startsWith(pkg.cache + sep)) return {};
  return {
    FONTCONFIG_FILE: join(pkg.cache, 'fonts.conf'),
    LD_LIBRARY_PATH: [join(pkg.cache, 'lib'), env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
  };
}

/**
 * The browser binary: $J2G_CHROMIUM, else a system browser, else the bundled Chromium (unpacked on first
 * use); null when there is none. A J2G_CHROMIUM that names no file is an error, not a fallback.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.J2G_CHROMIUM) {
    if (!existsSync(env.J2G_CHROMIUM)) throw new BrowserUnavailableError(`J2G_CHROMIUM=${env.J2G_CHROMIUM}: no such file (expected a Chromium or Chrome binary)`);
    return env.J2G_CHROMIUM;
  }
  return systemBrowsers(process.platform, env).find((p) => existsSync(p)) ?? bundledChromium();
}

/** Which browser findChromium picks, in words (for progress lines). */
export function chromiumSource(path: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.J2G_CHROMIUM === path) return `J2G_CHROMIUM (${path})`;
  const pkg = bundledPackage();
  if (pkg && path.startsWith(pkg.cache + sep)) return `the bundled headless Chromium ${pkg.version}`;
  return path;
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
      executablePath, headless: true, env: { ...process.env, ...chromiumEnv(executablePath) } as Record<string, string>, args: CHROMIUM_FLAGS.filter((f) => f !== '--headless'),
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
