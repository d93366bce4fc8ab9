/**
 * Static export without a browser: the interactive HTML, the plotly.js bundle beside it, and the
 * message that says what to install when Chromium is missing. (Rendering SVG/PNG in Chromium is
 * tested in test/browser/.)
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSTALL_CHROMIUM_HINT, figureFileBase, figureHtml, findChromium, scriptJson, writeFigures } from '../../kernel-lib/export/index.ts';
import { figure04 } from '../../kernel-lib/plots/index.ts';

const spec = figure04([{ reference: 'expert_only', winTiePct: 60, nvj: 168.1, tsj: 3.823 }]);

describe('static export', () => {
  it('writes a standalone page that loads plotly.js from beside it', () => {
    const html = figureHtml(spec);
    expect(html).toContain('<script src="plotly.js"></script>');
    expect(html).toContain('data-figure="4"');
    expect(html).toContain("Plotly.newPlot('figure', spec.data, spec.layout");
  });

  it('escapes </script> inside the embedded spec', () => {
    expect(scriptJson({ t: '</script>' })).toBe('{"t":"\\u003c/script>"}');
  });

  it('without Chromium still writes the HTML and says what to install', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-export-'));
    const r = await writeFigures([{ id: '4', spec }], dir, { executablePath: '/nonexistent/chromium' });
    expect(r.figures).toEqual([{ id: '4', html: join(dir, 'figure-04.html') }]);
    expect(existsSync(join(dir, 'plotly.js'))).toBe(true);
    expect(readFileSync(join(dir, 'figure-04.html'), 'utf8')).toContain('Figure 4.');
    expect(r.staticSkipped).toContain(INSTALL_CHROMIUM_HINT);
  });

  it('finds Chromium from J2G_CHROMIUM first', () => {
    expect(findChromium({ J2G_CHROMIUM: process.execPath })).toBe(process.execPath);
    expect(figureFileBase('1c')).toBe('figure-1c');
    expect(figureFileBase('3')).toBe('figure-03');
  });

  it('writes each figure whole or not at all: a PNG that fails to render leaves none of that figure\'s files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-export-'));
    let calls = 0;
    const renderer = {
      svg: async () => '<svg></svg>',
      png: async () => {
        if (++calls === 2) throw new Error('page crashed');
        return Buffer.from('png');
      },
      close: async () => undefined,
    };
    await expect(writeFigures([{ id: '4', spec }, { id: '5', spec }], dir, { renderer })).rejects.toThrow('page crashed');
    expect(readdirSync(dir).sort()).toEqual(['figure-04.html', 'figure-04.png', 'figure-04.svg', 'plotly.js']);
    expect(readFileSync(join(dir, 'figure-04.png'), 'utf8')).toBe('png');
  });
});
