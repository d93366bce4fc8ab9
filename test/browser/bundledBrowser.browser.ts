/**
 * The browser that draws static figures, as a user without one of their own gets it:
 *   - the bundled Chromium draws text with its own fonts only: a system font named in CSS falls back to
 *     Open Sans (the same widths), so a machine without fonts draws the same figure, and text has width;
 *   - a notebook kernel's own browser (no render server) is closed once no figure has been drawn for
 *     J2G_RENDERER_IDLE_MS, and started again for the next figure.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bundledChromium, launchBrowser } from '../../kernel-lib/export/index.ts';
import { staticImages } from '../../kernel-lib/display/staticSvg.ts';
import { figure04 } from '../../kernel-lib/plots/index.ts';

/** Chromium processes that are descendants of this process. */
function chromiumChildren(): number {
  const out = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' });
  const rows = out.trim().split('\n').map((l) => l.trim().split(/\s+/)).map(([pid, ppid, ...args]) => ({ pid: Number(pid), ppid: Number(ppid), args: args.join(' ') }));
  const mine = new Set([process.pid]);
  for (let changed = true; changed;) {
    changed = false;
    for (const r of rows) if (!mine.has(r.pid) && mine.has(r.ppid)) { mine.add(r.pid); changed = true; }
  }
  return rows.filter((r) => mine.has(r.pid) && r.pid !== process.pid && /chrom/i.test(r.args)).length;
}

describe.runIf(process.platform === 'linux' && process.arch === 'x64')('the bundled Chromium', () => {
  it('draws text with its own fonts only: a system font named in CSS falls back to Open Sans', async () => {
    const b = await launchBrowser({ executablePath: bundledChromium()! });
    try {
      const page = await b.context.newPage();
      await page.setContent(`${['Open Sans', 'DejaVu Sans', 'Liberation Serif', 'monospace'].map((f, i) => `<span id="f${i}" style="font: 40px '${f}'">NVJ 168.1 iiWW</span><br>`).join('')}`);
      const widths = await page.evaluate(() => [0, 1, 2, 3].map((i) => document.getElementById(`f${i}`)!.getBoundingClientRect().width));
      expect(widths[0]).toBeGreaterThan(100);
      expect(widths.slice(1)).toEqual([widths[0], widths[0], widths[0]]);
    } finally {
      await b.close();
    }
  });
});

describe('a notebook kernel\'s own browser', () => {
  it('closes once no figure has been drawn for J2G_RENDERER_IDLE_MS, and starts again for the next one', async () => {
    process.env.J2G_RENDERER_IDLE_MS = '1500';
    delete process.env.J2G_RENDER_URL;
    const spec = figure04([{ reference: 'expert_only', winTiePct: 60, nvj: 168.1, tsj: 3.823 }]);
    const first = await staticImages(spec);
    expect(Buffer.from(first.png!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(chromiumChildren()).toBeGreaterThan(0);
    const t0 = Date.now();
    while (chromiumChildren() > 0 && Date.now() - t0 < 20_000) await new Promise((r) => setTimeout(r, 250));
    expect(chromiumChildren()).toBe(0);
    const again = await staticImages(spec);
    expect(again.png).toBe(first.png);
    delete process.env.J2G_RENDERER_IDLE_MS;
  });
});
