/**
 * Write figures to a directory: `figure-<id>.html` (interactive) always, `.svg` and `.png` when
 * headless Chromium is available. Without Chromium the HTML is still written and the result says
 * what to install. Each figure's files are written together, whole or not at all (a render that fails
 * leaves none of that figure's files).
 */
import { mkdirSync } from 'node:fs';
import { writeFilesAtomic } from '../io/atomic.ts';
import { join } from 'node:path';
import type { PlotSpec } from '../plots/spec.ts';
import { BrowserUnavailableError, INSTALL_CHROMIUM_HINT } from './browser.ts';
import { ensurePlotlyBundle, figureHtml, staticRenderer, type StaticRenderer } from './plotly.ts';

export interface WrittenFigure {
  id: string;
  html: string;
  svg?: string;
  png?: string;
}

export interface WriteFiguresResult {
  figures: WrittenFigure[];
  /** why no SVG/PNG was written, with what to install; absent when they were */
  staticSkipped?: string;
  elapsedMs: number;
}

export function figureFileBase(id: string): string {
  return `figure-${id.padStart(2, '0')}`;
}

export async function writeFigures(
  figures: readonly { id: string; spec: PlotSpec }[], dir: string,
  options: { static?: boolean; renderer?: StaticRenderer; executablePath?: string } = {},
): Promise<WriteFiguresResult> {
  const t0 = performance.now();
  mkdirSync(dir, { recursive: true });
  ensurePlotlyBundle(dir);
  let renderer = options.renderer;
  let staticSkipped: string | undefined;
  if (!renderer && options.static !== false) {
    try {
      renderer = await staticRenderer({ executablePath: options.executablePath });
    } catch (e) {
      if (!(e instanceof BrowserUnavailableError)) throw e;
      staticSkipped = `${e.message}${e.message.includes(INSTALL_CHROMIUM_HINT) ? '' : `; ${INSTALL_CHROMIUM_HINT}`}`;
    }
  } else if (options.static === false) staticSkipped = 'static export turned off';
  const written: WrittenFigure[] = [];
  try {
    for (const { id, spec } of figures) {
      const base = join(dir, figureFileBase(id));
      const w: WrittenFigure = { id, html: `${base}.html` };
      const files: [string, string | Uint8Array][] = [[w.html, figureHtml(spec)]];
      if (renderer) {
        w.svg = `${base}.svg`;
        files.push([w.svg, await renderer.svg(spec)]);
        w.png = `${base}.png`;
        files.push([w.png, await renderer.png(spec)]);
      }
      writeFilesAtomic(files);
      written.push(w);
    }
  } finally {
    if (renderer && !options.renderer) await renderer.close();
  }
  return { figures: written, staticSkipped, elapsedMs: performance.now() - t0 };
}
