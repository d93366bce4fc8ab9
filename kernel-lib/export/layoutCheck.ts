/**
 * What a reader would see as broken in a drawn figure, measured in a real browser: a text box that
 * overlaps another text box, a text box that leaves the figure, and a panel (subplot) with nothing
 * drawn in it. The spec is drawn with plotly.js at its own width and height; every SVG <text> of
 * the figure (titles, captions, notes, badges, tick labels, axis titles, legend entries, marker
 * labels) is measured by its bounding box.
 *
 * @example await figureLayoutProblems(page, spec) // => []
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { plotlyBundlePath } from './plotly.ts';
import type { PlotSpec } from '../plots/spec.ts';

export interface LayoutProblem {
  kind: 'overlap' | 'outside' | 'empty-panel';
  what: string;
}

/** Load plotly.js (the project's bundle) into a page once; then call figureLayoutProblems for each spec. */
export async function preparePlotlyPage(page: Page): Promise<void> {
  // a file page may load the bundle from a file URL (an about:blank page may not)
  const dir = mkdtempSync(join(tmpdir(), 'j2g-layout-'));
  const file = join(dir, 'layout.html');
  writeFileSync(file, `<!doctype html><html><head><meta charset="utf-8"><script src="${pathToFileURL(plotlyBundlePath()).href}"></script></head><body style="margin:0"><div id="figure"></div></body></html>`);
  try {
    await page.goto(pathToFileURL(file).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function figureLayoutProblems(page: Page, spec: PlotSpec, tolerancePx = 1): Promise<LayoutProblem[]> {
  return page.evaluate(async ({ spec, tol }) => {
    const P = (globalThis as any).Plotly;
    const el = document.getElementById('figure')!;
    const w = spec.layout.width ?? 900, h = spec.layout.height ?? 480;
    el.style.width = `${w}px`;
    el.style.height = `${h}px`;
    await P.newPlot(el, spec.data, spec.layout, { staticPlot: true });
    const root = el.getBoundingClientRect();
    const problems: { kind: 'overlap' | 'outside' | 'empty-panel'; what: string }[] = [];
    const boxes = [...el.querySelectorAll('svg text')]
      .filter((t) => (t.textContent ?? '').trim() !== '' && getComputedStyle(t).display !== 'none' && getComputedStyle(t).visibility !== 'hidden' && Number(getComputedStyle(t).opacity) !== 0)
      .map((t) => {
        const r = t.getBoundingClientRect();
        return { text: (t.textContent ?? '').trim().slice(0, 60), x0: r.left - root.left, y0: r.top - root.top, x1: r.right - root.left, y1: r.bottom - root.top };
      })
      .filter((b) => b.x1 - b.x0 > 0 && b.y1 - b.y0 > 0);
    for (const b of boxes) {
      if (b.x0 < -tol || b.y0 < -tol || b.x1 > w + tol || b.y1 > h + tol) {
        problems.push({ kind: 'outside', what: `"${b.text}" at [${b.x0.toFixed(0)}, ${b.y0.toFixed(0)}, ${b.x1.toFixed(0)}, ${b.y1.toFixed(0)}] leaves the ${w}x${h} figure` });
      }
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i], b = boxes[j];
        const dx = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
        const dy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
        if (dx > tol && dy > tol) problems.push({ kind: 'overlap', what: `"${a.text}" overlaps "${b.text}" (${dx.toFixed(0)}x${dy.toFixed(0)} px)` });
      }
    }
    // A panel is its subplot group; it is empty when no trace of it drew a visible mark.
    // (plotly.js draws a subplot's traces in `.subplot.<id> > .overplot > .<id>`)
    for (const sp of el.querySelectorAll('.cartesianlayer > .subplot')) {
      const id = [...sp.classList].find((c) => c !== 'subplot') ?? '';
      const marks = [...sp.querySelectorAll(`.overplot > .${id} .trace path, .overplot > .${id} .trace text`)]
        .filter((m) => { const r = m.getBoundingClientRect(); return r.width > 0 || r.height > 0; });
      if (marks.length === 0) problems.push({ kind: 'empty-panel', what: `panel ${id} draws nothing` });
    }
    P.purge(el);
    return problems;
  }, { spec: JSON.parse(JSON.stringify(spec)), tol: tolerancePx });
}
