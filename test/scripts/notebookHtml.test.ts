/**
 * An executed notebook as a page, rendered in Node: markdown as HTML, code with its In [n] prompt, each
 * output by the first mime type of the display priority (a figure's live HTML before its PNG, the PNG
 * before an SVG), streams and errors as text with ANSI codes removed and HTML escaped.
 */
import { describe, expect, it } from 'vitest';
import { DISPLAY_PRIORITY, notebookHtml, outputHtml, stripAnsi } from '../../scripts/notebooks/html.ts';
import type { NotebookJson } from '../../scripts/notebooks/drift.ts';

const nb = (cells: NotebookJson['cells']): NotebookJson => ({ cells, metadata: {}, nbformat: 4, nbformat_minor: 5 });

describe('notebook HTML', () => {
  it('renders markdown (a table included) and code with its execution count, the code escaped', () => {
    const html = notebookHtml(nb([
      { cell_type: 'markdown', source: '# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n', metadata: {} },
      { cell_type: 'code', source: 'const x = a < b && c > d;', metadata: {}, execution_count: 7, outputs: [] },
    ]), { title: '07-judges' });
    expect(html).toContain('<title>07-judges</title>');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toMatch(/<table>[\s\S]*<td>1<\/td>[\s\S]*<\/table>/);
    expect(html).toContain('In&nbsp;[7]:');
    expect(html).toContain('const x = a &lt; b &amp;&amp; c &gt; d;');
  });

  it('shows a figure output as its live HTML, an output without HTML as its PNG before its SVG, and text last', () => {
    expect(outputHtml({ output_type: 'display_data', data: { 'text/html': '<div class="j2g-figure"></div>', 'image/png': 'AAAA', 'text/plain': 'Figure 3' } })).toBe('<div class="html"><div class="j2g-figure"></div></div>');
    expect(outputHtml({ output_type: 'display_data', data: { 'image/svg+xml': '<svg/>', 'image/png': 'AA\nAA', 'text/plain': 'Figure 3. caption\nmore' } })).toBe('<img src="data:image/png;base64,AAAA" alt="Figure 3. caption">');
    expect(outputHtml({ output_type: 'execute_result', data: { 'text/plain': '<42>' } })).toBe('<pre>&lt;42&gt;</pre>');
    expect(outputHtml({ output_type: 'display_data', data: { 'text/markdown': '**bold**' } })).toContain('<strong>bold</strong>');
    expect(DISPLAY_PRIORITY.indexOf('image/png')).toBeLessThan(DISPLAY_PRIORITY.indexOf('image/svg+xml'));
  });

  it('shows streams and errors as escaped text without ANSI codes, stderr marked', () => {
    expect(outputHtml({ output_type: 'stream', name: 'stderr', text: '\x1b[31mError:\x1b[0m <bad>' })).toBe('<pre class="stream stderr">Error: &lt;bad&gt;</pre>');
    expect(outputHtml({ output_type: 'error', ename: 'TypeError', evalue: 'x is undefined', traceback: ['\x1b[1mat cell 2\x1b[0m'] })).toBe('<pre class="error">TypeError: x is undefined\nat cell 2</pre>');
    expect(stripAnsi('\x1b[38;5;208morange\x1b[0m')).toBe('orange');
  });
});
