/**
 * Display helpers without a kernel: bundles, comparison statuses and their HTML, and the refusal to
 * display outside tslab.
 */
import * as aq from 'arquero';
import { describe, expect, it } from 'vitest';
import { PLOTLY_MIME, comparisonHtml, comparisonText, figureBundle, formatNumber, show, showComparison, showTable, tslabSink, type MimeBundle } from '../../kernel-lib/display/index.ts';
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
  it('sends the Plotly spec as an object, the SVG when there is one, and a text line', () => {
    const b = figureBundle(spec, '<svg/>');
    expect(b[PLOTLY_MIME]).toEqual({ data: spec.data, layout: spec.layout });
    expect(typeof b[PLOTLY_MIME]).toBe('object');
    expect(b['image/svg+xml']).toBe('<svg/>');
    expect(String(b['text/plain'])).toMatch(/^Figure 4\. Expert-only against expert-with-AI reference\n/);
    expect(Object.keys(figureBundle(spec, null, '(no static SVG)'))).toEqual([PLOTLY_MIME, 'text/plain']);
    expect(Object.keys(figureBundle(spec, '<svg/>', undefined, 'iVBORw0K'))).toEqual([PLOTLY_MIME, 'image/svg+xml', 'image/png', 'text/plain']);
  });

  it('show() sends one bundle to the sink and returns nothing', async () => {
    const sent: MimeBundle[] = [];
    expect(await show(spec, { sink: (b) => sent.push(b), static: false })).toBeUndefined();
    expect(sent).toHaveLength(1);
    expect(Object.keys(sent[0])).toEqual([PLOTLY_MIME, 'text/plain']);
  });

  it('refuses to display outside a tslab kernel, naming the alternative', () => {
    expect(() => tslabSink()).toThrow('show requires the tslab kernel (npm run lab); use figureBundle() outside a notebook');
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
