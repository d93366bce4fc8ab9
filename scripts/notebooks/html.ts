/**
 * An executed notebook as one static HTML page, rendered in Node (no nbconvert): markdown cells through
 * `marked` (GitHub-flavoured: tables, fenced code), code cells with their `In [n]:` prompt, and each
 * output by the first mime type of DISPLAY_PRIORITY it carries: HTML as it is (a figure's live Plotly
 * plot, with its PNG inside as the fallback for a page whose scripts do not run), markdown rendered,
 * images as images, text escaped. Streams and errors as preformatted text, ANSI colour codes removed.
 * The page needs nothing off the machine.
 */
import { marked } from 'marked';
import { escapeHtml } from '../../kernel-lib/export/plotly.ts';
import type { NotebookJson, NotebookOutput } from './drift.ts';

/** The order in which an output's mime types are tried (nbconvert's, with the PNG before the SVG). */
export const DISPLAY_PRIORITY = ['text/html', 'text/markdown', 'image/png', 'image/jpeg', 'image/svg+xml', 'text/latex', 'application/json', 'text/plain'] as const;

const text = (s: unknown): string => (Array.isArray(s) ? s.join('') : typeof s === 'string' ? s : s === undefined ? '' : JSON.stringify(s, null, 2));

/** Text without ANSI escape sequences (colours, cursor moves). */
export function stripAnsi(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '').replace(/\x1b[@-Z\\-_]/g, '');
}

function renderMarkdown(md: string): string {
  return marked.parse(md, { async: false, gfm: true }) as string;
}

/** One output's HTML (the mime type chosen by DISPLAY_PRIORITY). */
export function outputHtml(o: NotebookOutput): string {
  if (o.output_type === 'stream') return `<pre class="stream ${o.name === 'stderr' ? 'stderr' : 'stdout'}">${escapeHtml(stripAnsi(text(o.text)))}</pre>`;
  if (o.output_type === 'error') {
    const tb = Array.isArray(o.traceback) ? (o.traceback as string[]).join('\n') : '';
    return `<pre class="error">${escapeHtml(stripAnsi(`${o.ename ?? ''}: ${o.evalue ?? ''}${tb ? `\n${tb}` : ''}`))}</pre>`;
  }
  const data = o.data ?? {};
  const mime = DISPLAY_PRIORITY.find((m) => data[m] !== undefined);
  if (!mime) return '';
  const v = text(data[mime]);
  switch (mime) {
    case 'text/html': return `<div class="html">${v}</div>`;
    case 'text/markdown': return `<div class="markdown">${renderMarkdown(v)}</div>`;
    case 'image/png':
    case 'image/jpeg': {
      const alt = escapeHtml(text(data['text/plain']).split('\n')[0] ?? '');
      return `<img src="data:${mime};base64,${v.replace(/\s+/g, '')}" alt="${alt}">`;
    }
    case 'image/svg+xml': return `<div class="svg">${v}</div>`;
    case 'application/json': return `<pre>${escapeHtml(v)}</pre>`;
    default: return `<pre>${escapeHtml(stripAnsi(v))}</pre>`;
  }
}

const STYLE = `
body{font-family:-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#1a1a1a;line-height:1.45}
.cell{margin:0 0 1em 0;display:flex;gap:.6em}
.prompt{flex:0 0 5.5em;text-align:right;font:12px/1.6 monospace;color:#303f9f;padding-top:.35em}
.prompt.out{color:#d84315}
.body{flex:1;min-width:0}
pre{margin:0;white-space:pre-wrap;word-wrap:break-word;font:13px/1.4 SFMono-Regular,Menlo,Consolas,monospace}
.source pre{background:#f5f5f5;border:1px solid #e0e0e0;border-radius:3px;padding:.4em .6em}
.outputs>*{margin:.35em 0;overflow-x:auto}
.stderr{background:#fdecea}
.error{background:#fdecea;color:#b71c1c}
img{max-width:100%;height:auto}
table{border-collapse:collapse;font-size:13px}
th,td{border:1px solid #ddd;padding:2px 6px;text-align:right}
th{background:#f5f5f5}
.markdown-cell{padding-left:6.1em}
@media (max-width:600px){.prompt{display:none}.markdown-cell{padding-left:0}}
`;

/** The notebook as a page; `title` is its <title>. */
export function notebookHtml(nb: NotebookJson, options: { title?: string } = {}): string {
  const cells = nb.cells.map((c) => {
    const source = text(c.source);
    if (c.cell_type === 'markdown') return `<div class="markdown-cell">${renderMarkdown(source)}</div>`;
    if (c.cell_type === 'raw') return `<div class="markdown-cell"><pre>${escapeHtml(source)}</pre></div>`;
    const count = c.execution_count ?? ' ';
    const outs = (c.outputs ?? []).map(outputHtml).filter(Boolean);
    return `<div class="cell"><div class="prompt">In&nbsp;[${count}]:</div><div class="body"><div class="source"><pre><code class="language-typescript">${escapeHtml(source)}</code></pre></div>${outs.length ? `<div class="outputs">${outs.join('\n')}</div>` : ''}</div></div>`;
  });
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title ?? 'notebook')}</title>
<style>${STYLE}</style></head>
<body>
${cells.join('\n')}
</body></html>
`;
}
