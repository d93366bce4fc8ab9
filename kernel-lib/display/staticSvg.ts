/**
 * The static SVG and PNG of a figure for notebook output: from the shared render server when reproduce
 * started one (J2G_RENDER_URL), else from a headless Chromium started on first use and kept for the
 * kernel's lifetime. Without Chromium: null, and the note says what to install (once per kernel).
 */
import { findChromium, INSTALL_CHROMIUM_HINT } from '../export/browser.ts';
import { staticRenderer, type StaticRenderer } from '../export/plotly.ts';
import { RENDER_URL_ENV, remoteRenderer } from '../export/renderServer.ts';
import type { PlotSpec } from '../plots/spec.ts';

let shared: Promise<StaticRenderer | null> | null = null;

function renderer(): Promise<StaticRenderer | null> {
  if (!shared) {
    const url = process.env[RENDER_URL_ENV];
    if (url) shared = Promise.resolve(remoteRenderer(url));
    else if (!findChromium()) shared = Promise.resolve(null);
    else {
      // Chromium is a child on a pipe: it ends with the kernel.
      shared = staticRenderer();
    }
  }
  return shared;
}

export async function staticSvg(spec: PlotSpec): Promise<{ svg: string | null; note?: string }> {
  const r = await renderer();
  if (!r) return { svg: null, note: `(no static SVG: ${INSTALL_CHROMIUM_HINT})` };
  return { svg: await r.svg(spec) };
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
  const r = await renderer();
  if (!r) return { png: null, note: `(no static image: ${INSTALL_CHROMIUM_HINT})` };
  const png = await r.png(spec, NOTEBOOK_PNG_SCALE);
  return { png: png.toString('base64') };
}
