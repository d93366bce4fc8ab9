/**
 * Jupyter display bundles (MIME type -> content), built without a kernel so they can be tested.
 *
 * A figure goes out as one output with:
 * - `text/html`: the live figure. A `<div>` holding the PNG as an `<img>` (what any viewer that strips
 *   scripts shows: GitHub, nbviewer, nbconvert's sanitiser, an untrusted notebook), the Plotly spec as
 *   JSON, and a small script that replaces the image by the interactive plot once `window.Plotly`
 *   exists (plotlyLibraryBundle: loaded once per kernel, from the installed package, never a CDN).
 *   Classic Notebook 6.4, JupyterLab without the Plotly extension and VS Code all render text/html
 *   before image/png, and nbconvert 6.5's HTML exporter does too (its display_data_priority starts
 *   with text/html): whichever of the two a viewer picks, it shows the figure.
 * - `image/png` beside it, for viewers that do not render HTML (LaTeX/PDF, plain image viewers).
 * - `application/vnd.plotly.v1+json` (an object, not a string) for a JupyterLab or VS Code with the
 *   Plotly renderer, and for the executed copies' drift check (the spec is compared, not the pixels).
 * - `text/plain`: the figure's title and caption.
 * No `image/svg+xml`: nbconvert prefers it to the PNG and its sanitiser blanks it.
 */
import type { PlotSpec } from '../plots/spec.ts';

export const PLOTLY_MIME = 'application/vnd.plotly.v1+json';

export type MimeBundle = Record<string, unknown>;

/** The attribute that marks a live figure's HTML (executedCopy drops that HTML, keeping the PNG). */
export const FIGURE_HTML_MARK = 'data-j2g-figure';
/** The attribute that marks the output carrying plotly.js (executedCopy drops that output). */
export const PLOTLY_LIBRARY_MARK = 'data-j2g-plotly';

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON safe inside a `<script>` element: no `</script>`, no `<!--`. @example scriptJson({ a: '</script>' }) // => '{"a":"\\u003c/script>"}' */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The live figure's HTML: the PNG (when rendered) inside the div the plot replaces, the spec, and the
 * script that draws it with `window.Plotly` (waiting up to 10 s for the library; the PNG stays
 * otherwise, and stays too if Plotly fails). `id` must be unique on the page.
 */
export function figureHtml(spec: PlotSpec, id: string, png?: string | null): string {
  const title = String(spec.layout.title?.text ?? `Figure ${spec.layout.meta.figure}`);
  const img = png ? `<img src="data:image/png;base64,${png}" alt="${escapeAttr(title)}" style="max-width:100%">` : '';
  const script = `(function(){var el=document.getElementById(${JSON.stringify(id)});var src=document.getElementById(${JSON.stringify(`${id}-spec`)});`
    + 'if(!el||!src||el.getAttribute("data-drawn"))return;var tries=0;'
    + 'function draw(){var P=window.Plotly;if(!P){if(++tries<200)setTimeout(draw,50);return;}'
    + 'var s=JSON.parse(src.textContent);var fallback=el.innerHTML;el.setAttribute("data-drawn","1");el.innerHTML="";'
    + 'var restore=function(){el.innerHTML=fallback;el.removeAttribute("data-drawn");};'
    + 'try{P.newPlot(el,s.data,s.layout,{displaylogo:false,responsive:true}).catch(restore);}catch(e){restore();}}draw();})();';
  return `<div id="${id}" class="j2g-figure" ${FIGURE_HTML_MARK}="${escapeAttr(String(spec.layout.meta.figure ?? ''))}">${img}</div>`
    + `<script type="application/json" id="${id}-spec">${scriptJson({ data: spec.data, layout: spec.layout })}</script>`
    + `<script>${script}</script>`;
}

/**
 * A figure's output. `png`: base64 (Jupyter's encoding of image/png); `id`: the live div's id (unique
 * on the page; figureId() makes one); without an id, no HTML (the static outputs only).
 */
export function figureBundle(spec: PlotSpec, png?: string | null, note?: string, id?: string): MimeBundle {
  const title = String(spec.layout.title?.text ?? `Figure ${spec.layout.meta.figure}`);
  const bundle: MimeBundle = {};
  if (id) bundle['text/html'] = figureHtml(spec, id, png);
  if (png) bundle['image/png'] = png;
  bundle[PLOTLY_MIME] = { data: spec.data, layout: spec.layout };
  bundle['text/plain'] = [title, spec.layout.meta.caption, note].filter(Boolean).join('\n');
  return bundle;
}

let figureCount = 0;

/** A page-unique id for a live figure: a counter and a random part (a restarted kernel's counter meets the old outputs' ids). */
export function figureId(): string {
  figureCount += 1;
  return `j2g-figure-${figureCount}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * The output that loads plotly.js into the page: the bundle's source inline (no CDN, no request),
 * guarded so that a second copy does not replace the first. `source` is plotly.js as the package
 * ships it (kernel-lib/export/plotly.ts plotlyBundlePath); `version` is shown in the text fallback.
 */
export function plotlyLibraryBundle(source: string, version: string): MimeBundle {
  if (/<\/script/i.test(source)) throw new Error('plotly.js source contains "</script": it cannot be inlined');
  const words = plotlyLibraryWords(version, source.length);
  return {
    'text/html': `<script ${PLOTLY_LIBRARY_MARK}="${escapeAttr(version)}">if(!window.Plotly){${source}\n}</script><div class="j2g-plotly-note" style="font-size:11px;color:#777">${escapeAttr(words)}</div>`,
    'text/plain': `(${words})`,
  };
}

/**
 * What the library output says of itself: the version and the size it adds to the saved notebook.
 * @example plotlyLibraryWords('2.35.2', 4_600_000) // => 'plotly.js 2.35.2 (4.6 MB) saved with this output, so that the figures of this notebook stay interactive when it is reopened'
 */
export function plotlyLibraryWords(version: string, bytes: number): string {
  return `plotly.js ${version} (${(bytes / 1e6).toFixed(1)} MB) saved with this output, so that the figures of this notebook stay interactive when it is reopened`;
}
