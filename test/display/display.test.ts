/**
 * Display helpers without a kernel: bundles, comparison statuses and their HTML, and the refusal to
 * display outside tslab.
 */
import * as aq from 'arquero';
import { describe, expect, it } from 'vitest';
import { PLOTLY_MIME, comparisonHtml, comparisonText, figureBundle, figureHtml, formatNumber, resetPlotlyLibrary, scriptJson, show, showComparison, showTable, tslabSink, type MimeBundle } from '../../kernel-lib/display/index.ts';
import { checkStatus, failingChecks, statusCounts, type Comparison } from '../../kernel-lib/report/compare.ts';

/** A comparison as kernel-lib/report/checks.ts produces them. */
function compare(where: { table: string; row: string; column: string }, reproduced: number | null,
  published: { value: number; printed: string } | null, options: { byConstruction?: boolean } = {}): Comparison {
  return {
    ...where, reproduced, published: published?.value ?? null, printed: published?.printed ?? null,
    status: checkStatus(reproduced, published?.value ?? null, published?.printed ?? null),
    difference: reproduced !== null && published ? reproduced - published.value : null, byConstruction: options.byConstruction ?? false,
  };
}
import { figure04 } from '../../kernel-lib/plots/index.ts';

const spec = figure04([
  { reference: 'expert_only', winTiePct: 60, nvj: 168.1, tsj: 3.823 },
  { reference: 'expert_with_ai', winTiePct: 30, nvj: 60.2, tsj: 0.9 },
]);

describe('figure bundles', () => {
  it('carries the live HTML, the PNG beside it, the Plotly spec as an object and a text line, and never an SVG', () => {
    const b = figureBundle(spec, 'iVBORw0K', undefined, 'fig-1');
    expect(Object.keys(b)).toEqual(['text/html', 'image/png', PLOTLY_MIME, 'text/plain']);
    expect(b[PLOTLY_MIME]).toEqual({ data: spec.data, layout: spec.layout });
    expect(b['image/png']).toBe('iVBORw0K');
    expect(String(b['text/plain'])).toMatch(/^Figure 4\. Expert-only against expert-with-AI reference\n/);
    expect(Object.keys(figureBundle(spec, null, '(no static image)'))).toEqual([PLOTLY_MIME, 'text/plain']);
  });

  it('puts the PNG inside the live HTML, so a viewer that strips scripts and picks the HTML still shows the figure', () => {
    const html = figureHtml(spec, 'fig-1', 'iVBORw0K');
    // the image is inside the div the plot replaces, before any script
    expect(html).toMatch(/^<div id="fig-1" class="j2g-figure" data-j2g-figure="4"><img src="data:image\/png;base64,iVBORw0K" alt="Figure 4\. [^"]+" style="max-width:100%"><\/div>/);
    const withoutScripts = html.replace(/<script[\s\S]*?<\/script>/g, '');
    expect(withoutScripts).toContain('data:image/png;base64,iVBORw0K');
    // the spec rides along as JSON the script parses back
    const json = /<script type="application\/json" id="fig-1-spec">([\s\S]*?)<\/script>/.exec(html);
    expect(JSON.parse(json?.[1] ?? 'null')).toEqual(JSON.parse(JSON.stringify({ data: spec.data, layout: spec.layout })));
    expect(html).not.toMatch(/cdn|https?:/i);
  });

  it('escapes a "</script>" in the spec so that it cannot end the element early', () => {
    expect(scriptJson({ t: '</script><b>' })).toBe('{"t":"\\u003c/script>\\u003cb>"}');
    expect(JSON.parse(scriptJson({ t: '</script><b>' }))).toEqual({ t: '</script><b>' });
  });

  it('show() sends plotly.js before the first figure of a kernel, with its saved size, and again before a figure shown again (a re-run cell)', async () => {
    resetPlotlyLibrary();
    const sent: MimeBundle[] = [];
    const other = { ...spec, layout: { ...spec.layout, meta: { ...spec.layout.meta, figure: 'other' } } };
    await show(spec, { sink: (b) => sent.push(b), static: false });
    await show(other, { sink: (b) => sent.push(b), static: false });
    expect(sent.map((b) => String(b['text/html']).startsWith('<script data-j2g-plotly'))).toEqual([true, false, false]);
    // the first figure's cell re-run: its new output replaces the one that held the library, so it carries a copy
    await show(spec, { sink: (b) => sent.push(b), static: false });
    expect(sent.map((b) => String(b['text/html']).startsWith('<script data-j2g-plotly'))).toEqual([true, false, false, true, false]);
    expect(String(sent[0]['text/plain'])).toMatch(/^\(plotly\.js \d+\.\d+\.\d+ \((\d+\.\d) MB\) saved with this output/);
    const mb = Number(/\((\d+\.\d) MB\)/.exec(String(sent[0]['text/plain']))![1]);
    expect(mb).toBeCloseTo(String(sent[0]['text/html']).length / 1e6, 0);
    expect(String(sent[0]['text/html'])).toContain('<div class="j2g-plotly-note"');
    resetPlotlyLibrary();
  });

  it('show() returns nothing, sends one bundle per figure after the library, each with its own id', async () => {
    resetPlotlyLibrary();
    const sent: MimeBundle[] = [];
    const other = { ...spec, layout: { ...spec.layout, meta: { ...spec.layout.meta, figure: 'other' } } };
    expect(await show(spec, { sink: (b) => sent.push(b), static: false })).toBeUndefined();
    await show(other, { sink: (b) => sent.push(b), static: false });
    expect(sent).toHaveLength(3);
    expect(String(sent[0]['text/html'])).toMatch(/^<script data-j2g-plotly="\d+\.\d+\.\d+">if\(!window\.Plotly\)\{/);
    expect(String(sent[0]['text/html']).length).toBeGreaterThan(1_000_000); // the library itself, not a link to one
    expect(String(sent[0]['text/html'])).not.toMatch(/<script[^>]* src=/);
    expect(Object.keys(sent[1])).toEqual(['text/html', PLOTLY_MIME, 'text/plain']);
    expect(Object.keys(sent[2])).toEqual(['text/html', PLOTLY_MIME, 'text/plain']);
    // two figures, two ids: each script draws into its own div
    const id = (b: MimeBundle) => /<div id="([^"]+)"/.exec(String(b['text/html']))?.[1];
    expect(id(sent[1])).not.toBe(id(sent[2]));
    resetPlotlyLibrary();
  });

  it('refuses to display outside a tslab kernel, naming the alternative', () => {
    expect(() => tslabSink()).toThrow('show requires the tslab kernel (npm run lab); use figureBundle() outside a notebook');
  });

  it('showTable shows 50 rows by default and says how many more there are', () => {
    const sent: MimeBundle[] = [];
    const t = aq.table({ i: Array.from({ length: 123 }, (_, k) => k) });
    showTable(t, { sink: (b) => sent.push(b) });
    showTable(t.slice(0, 50), { sink: (b) => sent.push(b) });
    showTable(t, { sink: (b) => sent.push(b), limit: Infinity });
    expect((String(sent[0]['text/html']).match(/<tr>/g) ?? []).length).toBe(1 + 50); // header and 50 rows
    expect(String(sent[0]['text/plain'])).toMatch(/\|49\|\n… 73 more rows \(showTable\(t, \{ limit: Infinity \}\) shows all\)\n$/);
    expect(String(sent[0]['text/html'])).toContain('<p class="j2g-more-rows">… 73 more rows');
    expect(String(sent[1]['text/plain'])).not.toContain('more row');
    expect((String(sent[2]['text/html']).match(/<tr>/g) ?? []).length).toBe(1 + 123);
  });

  it('showTable sends HTML and a Markdown fallback with fixed significant digits', () => {
    const sent: MimeBundle[] = [];
    showTable(aq.table({ category: ['Legal'], nvj: [168.123456] }), { sink: (b) => sent.push(b) });
    expect(sent[0]['text/plain']).toBe('|category|nvj|\n|:-|-:|\n|Legal|168.1|\n');
    expect(String(sent[0]['text/html'])).toContain('<td style="text-align: right;">168.1</td>');
  });
});

describe('reproduced against published', () => {
  it('exact when the reproduced value prints as published', () => {
    expect(checkStatus(0.4302, 0.43, '0.430')).toBe('exact');
    expect(checkStatus(168.14, 168.1, '168.1')).toBe('exact');
    expect(checkStatus(168.15, 168.1, '168.1')).toBe('within tolerance');
  });

  it('within tolerance up to 1% of the published value, or one printed unit when that is larger', () => {
    expect(checkStatus(0.433, 0.43, '0.430')).toBe('within tolerance');
    expect(checkStatus(0.435, 0.43, '0.430')).toBe('off');
    expect(checkStatus(70, 69, '69')).toBe('within tolerance'); // one printed unit
    expect(checkStatus(0.435, 0.43, '0.430', { relative: 0.05 })).toBe('within tolerance');
  });

  it('not published / not reproduced', () => {
    expect(checkStatus(1, null, null)).toBe('not published');
    expect(checkStatus(null, 1, '1')).toBe('not reproduced');
    expect(checkStatus(Number.NaN, 1, '1')).toBe('not reproduced');
  });

  it('only off values that do not hold by construction fail', () => {
    const rows = [
      compare({ table: '1', row: 'GLM 5.2', column: 'NVJ' }, 150, { value: 168.1, printed: '168.1' }),
      compare({ table: '13', row: 'Legal', column: 'NVJ' }, 150, { value: 168.1, printed: '168.1' }, { byConstruction: true }),
      compare({ table: '13', row: 'Sales', column: 'NVJ' }, 168.1, { value: 168.1, printed: '168.1' }),
    ];
    expect(failingChecks(rows).map((r) => r.row)).toEqual(['GLM 5.2']);
    expect(statusCounts(rows)).toEqual({ exact: 1, 'within tolerance': 0, off: 2, 'not published': 0, 'not reproduced': 0, 'differs from the paper': 0 });
    expect(rows[0].difference).toBeCloseTo(-18.1, 12);
  });

  it('renders the difference highlighted by status, with printed precision plus two digits', () => {
    const rows = [
      compare({ table: '1', row: 'GLM 5.2', column: 'Energy (MJ)' }, 0.43017, { value: 0.43, printed: '0.430' }),
      compare({ table: '1', row: 'GLM 5.2', column: 'NVJ' }, 150, { value: 168.1, printed: '168.1' }, { byConstruction: true }),
    ];
    const html = comparisonHtml(rows, { caption: 'Table 1' });
    expect(html).toContain('<td style="text-align:right">0.43017</td>');
    expect(html).toContain('data-status="off" data-by-construction="true"');
    expect(html).toContain('>off (by construction)</td>');
    expect(html).toContain('background:#FBE0DE');
    expect(comparisonText(rows).split('\n')[1]).toBe('1      GLM 5.2  Energy (MJ)  0.430      0.43017     exact');
    expect(formatNumber(null, 2)).toBe('–');
  });

  it('showComparison sends HTML and text', () => {
    const sent: MimeBundle[] = [];
    showComparison([compare({ table: '1', row: 'a', column: 'b' }, 1, null)], { sink: (b) => sent.push(b) });
    expect(Object.keys(sent[0])).toEqual(['text/html', 'text/plain']);
  });
});
