/**
 * Jupyter display bundles (MIME type -> content), built without a kernel so they can be tested.
 * A figure goes out as one bundle with the interactive Plotly spec (`application/vnd.plotly.v1+json`,
 * as an object, not a string), a static SVG and PNG when they could be rendered (the PNG is what
 * nbconvert HTML, GitHub and nbviewer show, and what an untrusted notebook shows in Jupyter), and a
 * plain-text line naming the figure.
 */
import type { PlotSpec } from '../plots/spec.ts';

export const PLOTLY_MIME = 'application/vnd.plotly.v1+json';

export type MimeBundle = Record<string, unknown>;

/** `png`: base64 (Jupyter's encoding of image/png). */
export function figureBundle(spec: PlotSpec, svg?: string | null, note?: string, png?: string | null): MimeBundle {
  const title = String(spec.layout.title?.text ?? `Figure ${spec.layout.meta.figure}`);
  const bundle: MimeBundle = { [PLOTLY_MIME]: { data: spec.data, layout: spec.layout } };
  if (svg) bundle['image/svg+xml'] = svg;
  if (png) bundle['image/png'] = png;
  bundle['text/plain'] = [title, spec.layout.meta.caption, note].filter(Boolean).join('\n');
  return bundle;
}
