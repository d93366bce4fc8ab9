/**
 * Every exported figure, drawn by plotly.js in headless Chromium, as a reader would see it: no text
 * box (title, caption, badge, note, tick label, axis title, legend entry, marker label) overlaps
 * another or leaves the figure, and no panel is empty (kernel-lib/export/layoutCheck.ts). Both
 * datasets: synthetic-small (small, every code path) and joules-to-gdp-reconstructed (the paper's
 * labels and sizes: long category, occupation and accelerator names), plus Figures 6 and 7 from rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findChromium, INSTALL_CHROMIUM_HINT, launchBrowser, preparePlotlyPage, figureLayoutProblems, type Browser } from '../../kernel-lib/export/index.ts';
import { loadDataset } from '../../kernel-lib/data/index.ts';
import { loadPublished } from '../../kernel-lib/published/index.ts';
import { loadReference } from '../../kernel-lib/reference/index.ts';
import { figure05, figure06, figure07, paperFigures, systemStyles, type PlotSpec } from '../../kernel-lib/plots/index.ts';
import { specificationCurve } from '../../kernel-lib/plots/specificationCurve.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

const chromium = findChromium();
if (!chromium && process.env.CI) throw new Error(`figure layout tests need: ${INSTALL_CHROMIUM_HINT}`);
if (!chromium) console.warn(`skipping figure layout tests: ${INSTALL_CHROMIUM_HINT}`);

onWarning(null);
const figures: { name: string; spec: PlotSpec }[] = [];
for (const dir of ['data/recorded/synthetic-small', 'data/recorded/joules-to-gdp-reconstructed']) {
  const dataset = loadDataset(dir);
  for (const f of paperFigures({ dataset, bootstrap: { draws: 200, seed: 1 } })) {
    if ('spec' in f) figures.push({ name: `${dataset.manifest.name} figure ${f.id}`, spec: f.spec });
  }
}
// the figures that draw the paper's printed values beside the reproduced ones (reproduce passes them
// for the paper's own dataset): the "published" legend entries and notes take room of their own
{
  const dataset = loadDataset('data/recorded/joules-to-gdp-reconstructed');
  const publishedLabels = new Map(loadReference().occupations.map((o) => [o.categoryLabel, o.category]));
  for (const f of paperFigures({ dataset, bootstrap: { draws: 200, seed: 1 }, published: loadPublished(), publishedLabels, figures: ['1a', '3', '4', '5', '10'] })) {
    if ('spec' in f) figures.push({ name: `reconstructed figure ${f.id} with its published values`, spec: f.spec });
  }
}
figures.push({ name: 'figure 6 from rows', spec: figure06([
  { system: 'a', label: '1× NVIDIA B200', nvj: 210.4, tsj: 4.9 }, { system: 'b', label: '1× NVIDIA H200', nvj: 180.1, tsj: 4.1 },
  { system: 'c', label: '1× NVIDIA H100', nvj: 160.2, tsj: 3.7 }, { system: 'd', label: '1× AMD Instinct MI350X', nvj: 120.9, tsj: 2.8 },
], { model: 'Qwen3.6-27B' }) });
figures.push({ name: 'figure 7 from rows', spec: figure07([
  { system: 'q-h100', label: '1× H100', nvj: 160.2, tsj: 3.7, nvPerAIHour: 80.5, tsPerAIHour: 1.9 },
  { system: 'q-8h100', label: '8× H100', nvj: 49.4, tsj: 1.1, nvPerAIHour: 103.2, tsPerAIHour: 2.4 },
], { model: 'Qwen3.6-27B' }) });

// a specification curve of 40 specifications and 17 choice rows (Plotly's automatic ticks labelled 9 of them)
{
  const fields = [
    { field: 'judge', values: ['a', 'b', 'c'] }, { field: 'judgmentReference', values: ['expert_only', 'expert_with_ai'] },
    { field: 'timeReference', values: ['expert_only', 'expert_with_ai'] }, { field: 'policy', values: ['pass@1', 'pass@2', 'pass@3', 'pass@4', '3-of-4'] },
    { field: 'weights', values: ['gdp', 'employment', 'equal'] }, { field: 'rates', values: ['recorded', 'aws'] },
  ];
  const rows = Array.from({ length: 40 }, (_, i) => ({
    spec: `s${i}`, value: i, lo: i - 1, hi: i + 1, reference: i === 0,
    choices: Object.fromEntries(fields.map((f, j) => [f.field, f.values[(i + j) % f.values.length]])),
  }));
  figures.push({ name: 'specification curve of 17 choice rows', spec: specificationCurve(rows, { fields }) });
}

describe.skipIf(!chromium)('every exported figure, drawn in Chromium', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await preparePlotlyPage(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('covers every paper figure of the reconstructed dataset', () => {
    expect(figures.filter((f) => f.name.startsWith('joules-to-gdp-reconstructed')).map((f) => f.name.split(' figure ')[1]))
      .toEqual(['1a', '1b', '1c', '1d', '1scale', '2', '3', '4', '5', '6', '7', '9', '10', '11', '12']);
  });

  it.each(figures.map((f) => [f.name, f.spec] as const))('%s: no overlapping or escaping text, no empty panel', async (_name, spec) => {
    expect(await figureLayoutProblems(page, spec)).toEqual([]);
  });

  it.each(figures.map((f) => [f.name, f.spec] as const))('%s: every category of every categorical axis has its tick label drawn', async (_name, spec) => {
    const drawn = await page.evaluate(async (spec) => {
      const el = document.getElementById('figure')!;
      await (globalThis as any).Plotly.newPlot(el, spec.data, spec.layout, { staticPlot: true });
      const full = (el as any)._fullLayout;
      const out: Record<string, { categories: number; labels: string[] }> = {};
      for (const key of Object.keys(full).filter((k) => /^[xy]axis\d*$/.test(k))) {
        const ax = full[key];
        if (ax.type !== 'category' || !ax.visible || !ax.showticklabels) continue;
        const id = key.replace('axis', '');
        const labels = [...el.querySelectorAll(`g.${id}tick text`)].map((t) => t.textContent ?? '');
        out[key] = { categories: ax._categories.length, labels };
      }
      (globalThis as any).Plotly.purge(el);
      return out;
    }, JSON.parse(JSON.stringify(spec)) as PlotSpec);
    for (const [key, d] of Object.entries(drawn)) expect(d.labels.length, key).toBe(d.categories);
  });

  it('the check finds what it is for: overlapping text, text outside the figure, an empty panel', async () => {
    const broken: PlotSpec = {
      data: [{ type: 'bar', x: [1], y: [1] }, { type: 'bar', x: [], y: [], xaxis: 'x2', yaxis: 'y2' }],
      layout: {
        width: 400, height: 300, meta: { figure: 't', caption: '' },
        xaxis: { domain: [0, 0.4] }, xaxis2: { domain: [0.6, 1], anchor: 'y2' }, yaxis2: { anchor: 'x2' },
        annotations: [
          { text: 'first label here', x: 0.5, y: 0.5, xref: 'paper', yref: 'paper', showarrow: false },
          { text: 'second label here', x: 0.5, y: 0.5, xref: 'paper', yref: 'paper', showarrow: false },
          { text: 'a caption that runs far off the right edge of the figure', x: 0.9, y: 0.1, xref: 'paper', yref: 'paper', xanchor: 'left', showarrow: false },
        ],
      },
    };
    const kinds = (await figureLayoutProblems(page, broken)).map((p) => p.kind);
    expect(kinds).toContain('overlap');
    expect(kinds).toContain('outside');
    expect(kinds).toContain('empty-panel');
  });

  it('draws systems past sixteen with patterned bars and their own marker symbol (issue #24: colours repeated)', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `s${i}`);
    const rows = ids.map((id, i) => ({ system: id, label: `M${i}`, energyMJ: 10 * 1.2 ** i, valueUSD: 100 * 1.1 ** i, timeSavingHours: 5 * 1.1 ** i, nvj: 1 + i, tsj: 0.1 + i / 100 }));
    const spec = figure05(rows, { systemStyles: systemStyles(ids) });
    const drawn = await page.evaluate(async (spec) => {
      const el = document.getElementById('figure')!;
      await (globalThis as any).Plotly.newPlot(el, spec.data, spec.layout, { staticPlot: true });
      const bars = [...el.querySelectorAll('.barlayer .point path')];
      const markers = [...el.querySelectorAll('.scatterlayer path.point')].map((p) => p.getAttribute('d'));
      const out = { bars: bars.length, patterned: bars.filter((b) => (b.getAttribute('style') ?? '').includes('url(')).length, markers: markers.length, shapes: new Set(markers).size };
      (globalThis as any).Plotly.purge(el);
      return out;
    }, JSON.parse(JSON.stringify(spec)) as PlotSpec);
    // 20 systems, 4 of them past sixteen, in two bar panels: 40 bars, 8 hatched; two frontier panels of
    // 20 markers each, drawn as circles (first sixteen) and squares (the next tier): two outlines
    expect(drawn).toEqual({ bars: 40, patterned: 8, markers: 40, shapes: 2 });
  });
});
