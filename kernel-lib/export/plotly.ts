/**
 * Rendering Plotly specs: the interactive HTML page (no browser needed) and static SVG/PNG through
 * plotly.js in headless Chromium.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { writeFileAtomic } from '../io/atomic.ts';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PlotSpec } from '../plots/spec.ts';
import { launchBrowser, type Browser } from './browser.ts';

const require = createRequire(import.meta.url);

/** Path of the plotly.js bundle shipped by the plotly.js-dist package (11 MB, not minified). */
export function plotlyPackagePath(): string {
  return require.resolve('plotly.js-dist/plotly.js');
}

/**
 * Where the minified copy of that bundle is kept once made (scripts/explorer/plotlyMin.ts, by `npm
 * install` and the explorer build): node_modules/.cache/joules-to-gdp/plotly-VERSION.min.js, named after
 * the plotly.js-dist version, so that an upgraded package is never served an older copy. About 4.6 MB,
 * and its figures are the same images (SVG up to plotly's random ids, PNG bit for bit; checked).
 */
export function minifiedPlotlyPath(): string {
  const pkg = require.resolve('plotly.js-dist/package.json');
  const version = (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
  return join(dirname(dirname(pkg)), '.cache', 'joules-to-gdp', `plotly-${version}.min.js`);
}

/** The plotly.js bundle pages load: the minified copy when it has been made, else the package's own. */
export function plotlyBundlePath(): string {
  const min = minifiedPlotlyPath();
  return existsSync(min) ? min : plotlyPackagePath();
}

export const PLOTLY_FILE = 'plotly.js';

/** Copy the plotly.js bundle into `dir` (once) so pages there can load it with a relative path. */
export function ensurePlotlyBundle(dir: string): string {
  const dest = join(dir, PLOTLY_FILE);
  // copied to a temporary sibling and renamed, so an interrupted copy never leaves a truncated bundle
  // that a later run would keep (it only copies when the file is missing)
  if (!existsSync(dest)) writeFileAtomic(dest, readFileSync(plotlyBundlePath()));
  return dest;
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON that is safe inside a <script> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * A standalone page showing one figure interactively; plotly.js is loaded from `plotlySrc` (a file
 * next to the page by default).
 */
export function figureHtml(spec: PlotSpec, options: { title?: string; plotlySrc?: string } = {}): string {
  const title = options.title ?? String(spec.layout.title?.text ?? `Figure ${spec.layout.meta.figure}`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<script src="${escapeHtml(options.plotlySrc ?? PLOTLY_FILE)}"></script></head>
<body style="margin:0;font-family:sans-serif">
<div id="figure" class="j2g-figure" data-figure="${escapeHtml(spec.layout.meta.figure)}"></div>
<script>
const spec = ${scriptJson(spec)};
Plotly.newPlot('figure', spec.data, spec.layout, { responsive: true, displaylogo: false });
</script></body></html>
`;
}

/** Renders specs to SVG and PNG in one Chromium page with plotly.js loaded once. */
export interface StaticRenderer {
  svg(spec: PlotSpec): Promise<string>;
  png(spec: PlotSpec, scale?: number): Promise<Buffer>;
  close(): Promise<void>;
}

export async function staticRenderer(options: { executablePath?: string; browser?: Browser } = {}): Promise<StaticRenderer> {
  const browser = options.browser ?? (await launchBrowser(options));
  const page = await browser.context.newPage();
  // Loading plotly.js from a file URL is several times faster than injecting its 11 MB as a script.
  const dir = mkdtempSync(join(tmpdir(), 'j2g-render-'));
  const pagePath = join(dir, 'render.html');
  writeFileSync(pagePath, `<!doctype html><html><head><meta charset="utf-8"><script src="${pathToFileURL(plotlyBundlePath()).href}"></script></head><body><div id="figure"></div></body></html>`);
  await page.goto(pathToFileURL(pagePath).href);
  rmSync(dir, { recursive: true, force: true });
  const render = (spec: PlotSpec, format: 'svg' | 'png', scale: number) => page.evaluate(
    async ({ spec, format, scale }) => {
      const P = (globalThis as any).Plotly;
      const w = spec.layout.width ?? 900, h = spec.layout.height ?? 480;
      return (await P.toImage({ data: spec.data, layout: spec.layout }, { format, width: w, height: h, scale })) as string;
    },
    { spec: JSON.parse(JSON.stringify(spec)), format, scale },
  );
  return {
    async svg(spec) {
      const url = await render(spec, 'svg', 1);
      return decodeURIComponent(url.slice(url.indexOf(',') + 1));
    },
    async png(spec, scale = 2) {
      const url = await render(spec, 'png', scale);
      return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    },
    async close() {
      await page.close().catch(() => undefined);
      if (!options.browser) await browser.close();
    },
  };
}
