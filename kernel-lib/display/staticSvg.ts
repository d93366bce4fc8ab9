/**
 * The static SVG of a figure for notebook output: from the shared render server when reproduce
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
