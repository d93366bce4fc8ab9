/**
 * Which browser draws the static figures: J2G_CHROMIUM, else a system browser at the usual places, else
 * the headless Chromium npm installed (unpacked once, with its own fonts and a fontconfig file that names
 * only them, so text renders on a machine with no system font).
 */
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BrowserUnavailableError, bundledChromium, chromiumEnv, chromiumSource, findChromium, systemBrowsers, untar } from '../../kernel-lib/export/browser.ts';

/** A ustar archive of `entries` (regular files and directories), written by hand from the format's layout. */
function tar(entries: { name: string; body?: string; dir?: boolean; mode?: number }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const h = Buffer.alloc(512);
    h.write(e.name, 0, 'utf8');
    h.write(`${(e.mode ?? 0o644).toString(8).padStart(7, '0')}\0`, 100);
    const body = Buffer.from(e.body ?? '');
    h.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124);
    h.write(e.dir ? '5' : '0', 156);
    h.write('ustar\0', 257);
    blocks.push(h, Buffer.concat([body, Buffer.alloc((512 - (body.length % 512)) % 512)]));
  }
  return Buffer.concat([...blocks, Buffer.alloc(1024)]);
}

describe('finding a browser', () => {
  it('takes J2G_CHROMIUM first, and refuses one that names no file instead of falling back', () => {
    expect(findChromium({ J2G_CHROMIUM: process.execPath })).toBe(process.execPath);
    expect(chromiumSource(process.execPath, { J2G_CHROMIUM: process.execPath })).toBe(`J2G_CHROMIUM (${process.execPath})`);
    expect(() => findChromium({ J2G_CHROMIUM: '/nonexistent/chrome' })).toThrow(BrowserUnavailableError);
    expect(() => findChromium({ J2G_CHROMIUM: '/nonexistent/chrome' })).toThrow('J2G_CHROMIUM=/nonexistent/chrome: no such file');
  });

  it('looks for a system Chrome, Chromium or Edge where each platform installs them', () => {
    expect(systemBrowsers('linux')).toEqual(expect.arrayContaining(['/usr/bin/chromium', '/usr/bin/google-chrome', '/snap/bin/chromium', '/usr/bin/microsoft-edge']));
    expect(systemBrowsers('darwin', { HOME: '/Users/u' })).toEqual(expect.arrayContaining(['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', '/Users/u/Applications/Chromium.app/Contents/MacOS/Chromium', '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge']));
    expect(systemBrowsers('win32', { PROGRAMFILES: 'C:\\Program Files', LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }))
      .toEqual(expect.arrayContaining([join('C:\\Program Files', 'Google', 'Chrome', 'Application', 'chrome.exe'), join('C:\\Users\\u\\AppData\\Local', 'Microsoft', 'Edge', 'Application', 'msedge.exe')]));
  });

  it.runIf(process.platform === 'linux' && process.arch === 'x64')('unpacks the bundled Chromium once, with Open Sans and a fontconfig file that names only it', () => {
    const binary = bundledChromium()!;
    expect(statSync(binary).mode & 0o111).not.toBe(0);
    const dir = join(binary, '..');
    expect(existsSync(join(dir, 'fonts', 'Open_Sans', 'OpenSans-Regular.ttf'))).toBe(true);
    const conf = readFileSync(join(dir, 'fonts.conf'), 'utf8');
    expect([...conf.matchAll(/<dir>([^<]+)<\/dir>/g)].map((m) => m[1])).toEqual([join(dir, 'fonts')]);
    expect(chromiumEnv(binary)).toMatchObject({ FONTCONFIG_FILE: join(dir, 'fonts.conf') });
    expect(chromiumEnv(binary).LD_LIBRARY_PATH.split(':')[0]).toBe(join(dir, 'lib'));
    expect(chromiumEnv('/usr/bin/chromium')).toEqual({});
    expect(chromiumSource(binary, {})).toMatch(/^the bundled headless Chromium \d+\.\d+\.\d+$/);
    // the second call finds it unpacked (the mark written last)
    expect(bundledChromium()).toBe(binary);
  });
});

describe('untar', () => {
  it('writes the regular files and folders of a ustar archive with their modes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-untar-'));
    untar(tar([{ name: 'fonts', dir: true }, { name: 'fonts/a.txt', body: 'x'.repeat(700) }, { name: 'run.sh', body: '#!/bin/sh\n', mode: 0o755 }]), dir);
    expect(readFileSync(join(dir, 'fonts/a.txt'), 'utf8')).toBe('x'.repeat(700));
    expect(statSync(join(dir, 'run.sh')).mode & 0o777).toBe(0o755);
  });

  it('refuses an entry that would land outside the folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-untar-'));
    expect(() => untar(tar([{ name: '../escape.txt', body: 'no' }]), dir)).toThrow('a path outside the archive');
    writeFileSync(join(dir, 'keep'), '');
    expect(existsSync(join(dir, '..', 'escape.txt'))).toBe(false);
  });
});
