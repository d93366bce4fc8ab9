/**
 * The static SVG and PNG of a figure for notebook output: from the shared render server when reproduce
 * or `npm run notebook` started one (J2G_RENDER_URL), else from a headless Chromium started on first use
 * and closed again once no figure has been drawn for RENDERER_IDLE_MS (a kernel left open in Jupyter then
 * holds no browser). Without Chromium: null, and the note says why and what to install.
 */
import { BrowserUnavailableError, findChromium, INSTALL_CHROMIUM_HINT } from '../export/browser.ts';
import { staticRenderer, type StaticRenderer } from '../export/plotly.ts';
import { RENDER_URL_ENV, remoteRenderer } from '../export/renderServer.ts';
import type { PlotSpec } from '../plots/spec.ts';

/** How long a kernel's own Chromium stays open after its last figure (milliseconds; J2G_RENDERER_IDLE_MS changes it). */
export const RENDERER_IDLE_MS = 30_000;

function idleMs(): number {
  const v = Number(process.env.J2G_RENDERER_IDLE_MS);
  return Number.isFinite(v) && v >= 0 ? v : RENDERER_IDLE_MS;
}

let shared: Promise<StaticRenderer | null> | null = null;
let unavailable = INSTALL_CHROMIUM_HINT;
let busy = 0;
let idleTimer: NodeJS.Timeout | null = null;

function renderer(): Promise<StaticRenderer | null> {
  if (!shared) {
    const url = process.env[RENDER_URL_ENV];
    if (url) shared = Promise.resolve(remoteRenderer(url));
    else {
      let found: string | null = null;
      try {
        found = findChromium();
      } catch (e) {
        if (!(e instanceof BrowserUnavailableError)) throw e;
        unavailable = e.message;
      }
      // Chromium is a child on a pipe: it ends with the kernel at the latest.
      shared = found ? staticRenderer() : Promise.resolve(null);
    }
  }
  return shared;
}

/** Run `job` with the renderer; a local Chromium is closed RENDERER_IDLE_MS after the last job ends. */
async function withRenderer<T>(job: (r: StaticRenderer) => Promise<T>): Promise<T | null> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  const r = await renderer();
  if (!r) return null;
  busy++;
  try {
    return await job(r);
  } finally {
    busy--;
    if (busy === 0 && !process.env[RENDER_URL_ENV]) {
      idleTimer = setTimeout(() => {
        const closing = shared;
        shared = null;
        void closing?.then((c) => c?.close()).catch(() => undefined);
      }, idleMs());
      idleTimer.unref();
    }
  }
}

export async function staticSvg(spec: PlotSpec): Promise<{ svg: string | null; note?: string }> {
  const svg = await withRenderer((r) => r.svg(spec));
  if (svg === null) return { svg: null, note: `(no static SVG: ${unavailable})` };
  return { svg };
}

/**
 * PNG scale for notebook output: 1 pixel per layout pixel (a 900 x 480 figure is 40-220 kB), so that
 * executed notebooks stay small enough to commit; out/figures/*.png are rendered at 2 for print.
 */
export const NOTEBOOK_PNG_SCALE = 1;

/**
 * The PNG (base64, as Jupyter's image/png carries it) of a figure: what nbconvert HTML, GitHub, nbviewer
 * and an untrusted notebook show, inside the live figure's HTML and beside it. No SVG (nbconvert's
 * sanitiser blanks it). Null without Chromium, with a note saying what to install.
 */
export async function staticImages(spec: PlotSpec): Promise<{ png: string | null; note?: string }> {
  const png = await withRenderer((r) => r.png(spec, NOTEBOOK_PNG_SCALE));
  if (png === null) return { png: null, note: `(no static image: ${unavailable})` };
  return { png: png.toString('base64') };
}
