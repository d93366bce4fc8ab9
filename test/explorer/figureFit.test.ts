/**
 * The explorer's figure fitting and table printing (issue #24):
 *   - a hand-computed figure: title, badge and caption leave the plot, and the figure shrinks by
 *     exactly their rows (theme.ts and marks.ts geometry), the legend keeps its distance from the top;
 *   - every real figure fitted to 380 px keeps its traces, loses no annotation but the three moved out,
 *     and is not changed in place;
 *   - least widths: panels side by side, long bar names;
 *   - a figure of stacked panel rows cut into one plot per row (splitPanelRows): a hand-computed two-row
 *     figure, and every real figure: heights add up, every trace and annotation lands once, at the same
 *     place on the page (px from the figure's top, recomputed from each spec's own geometry);
 *   - Table 1's GLM 5.2 row printed with the build's decimals reads as the paper prints it
 *     (data/published/table01.csv `printed`: the oracle), and every column of every table gets a
 *     header in words.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { parseCsv } from '../../kernel-lib/io/csv.ts';
import { computeQaijTable, computeTables, withSweepOf, type TableData } from '../../kernel-lib/explorer/compute.ts';
import { resolveScenario } from '../../kernel-lib/scenario/index.ts';
import { fitFigure, htmlLegends, marginSkeleton, marginsKey, minFigureWidth, panelColumns, rewrapToFit, splitPanelRows, stackPanels, withLeftMargin, withRecordedMargins, wrapCategoryTicks } from '../../kernel-lib/explorer/figureFit.ts';
import { tableFormats } from '../../kernel-lib/explorer/formats.ts';
import { pageOptions } from '../../kernel-lib/explorer/scenario.ts';
import { cellText, columnLabel } from '../../kernel-lib/explorer/tableFormat.ts';
import { paperFigure, paperFigures } from '../../kernel-lib/plots/paperFigures.ts';
import { markProvenance } from '../../kernel-lib/plots/marks.ts';
import { baseLayout } from '../../kernel-lib/plots/theme.ts';
import type { PlotSpec } from '../../kernel-lib/plots/spec.ts';
import { loadPublished } from '../../kernel-lib/published/load.ts';
import { loadReference } from '../../kernel-lib/reference/load.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

onWarning(null);
const RECON = 'data/recorded/joules-to-gdp-reconstructed';

describe('fitFigure', () => {
  test('title, badge and caption leave the plot; the figure shrinks by exactly their rows (hand computed)', () => {
    // baseLayout: height 480, margin t 100, caption of 3 lines at 120 characters -> margin b max(110, 66 + 42) = 110
    const caption = `${'word '.repeat(30).trim()}`; // 149 characters, and the data sentence: 3 lines
    const layout = baseLayout('x', 'A title', caption, { provenance: { name: 'd', provenance: 'reconstructed', energy_boundary: 'system' } });
    const spec: PlotSpec = { data: [{ type: 'bar', name: 'a', x: [1], y: [1] }], layout };
    const captionLines = String(layout.annotations!.find((a) => a.name === 'caption')!.text).split('<br>').length;
    markProvenance(spec, 'x', { name: 'd', provenance: 'reconstructed', energy_boundary: 'system' });
    const badgeLines = String(spec.layout.annotations!.find((a) => a.name === 'provenance-badge')!.text).split('<br>').length;
    expect(captionLines).toBe(3);
    expect(badgeLines).toBe(1);
    // marks.ts: the badge row is 12 per line + 8 + 8 = 28 px; margin t 128, height 508, legend 72 px from the top
    expect(spec.layout.height).toBe(508);
    const before = JSON.stringify(spec);
    const fit = fitFigure(spec, 500);
    expect(JSON.stringify(spec)).toBe(before); // not changed in place
    expect(fit.title).toBe('A title');
    expect(fit.badge).toEqual({ lines: ['RECONSTRUCTED: values pinned by published numbers'], warn: false });
    expect(fit.caption).toBe(String(layout.meta.caption));
    const l = fit.spec.layout as unknown as Record<string, unknown> & { margin: Record<string, number>; legend: { y: number } };
    // top: title row 30 + badge row 28 = 58 freed -> t 128 - 58 = 70; bottom: 3 caption lines, 42 px -> b max(70, 110 - 42) = 70
    expect(l.margin.t).toBe(70);
    expect(l.margin.b).toBe(70);
    expect(l.height).toBe(508 - 58 - 40);
    // the legend stays 72 - 58 = 14 px from the top
    expect(l.legend.y).toBeCloseTo(1 - 14 / 410, 3);
    expect(l.width).toBe(500);
    expect((l.annotations as unknown[]).length).toBe(0);
  });

  test('every real figure fitted to 380 px keeps its traces and its other annotations, wrapped', () => {
    const ds = loadDataset(RECON);
    const figures = paperFigures({ context: withSweepOf(pageOptions(ds, { dataset: RECON }, false), null) });
    let fitted = 0;
    for (const f of figures) {
      if (!('spec' in f)) continue;
      const fit = fitFigure(f.spec, 380);
      const kept = (f.spec.layout.annotations ?? []).filter((a) => !['caption', 'provenance-badge'].includes(String(a.name)));
      expect(fit.spec.layout.annotations?.length, f.id).toBe(kept.length);
      expect(fit.spec.data.length, f.id).toBe(f.spec.data.length);
      // wrapping only adds line breaks: the words are the same
      fit.spec.layout.annotations!.forEach((a, i) => expect(String(a.text).replace(/<br>/g, ' '), f.id).toBe(String(kept[i].text).replace(/<br>/g, ' ')));
      expect(fit.caption, f.id).toBeTruthy();
      fitted++;
    }
    expect(fitted).toBeGreaterThanOrEqual(12);
  });

  test('least widths: panels side by side need 760 px; long bar names their length', () => {
    const two: PlotSpec = { data: [], layout: { meta: { figure: 'x', caption: '' }, xaxis: { title: { text: '' }, domain: [0, 0.45] }, xaxis2: { title: { text: '' }, domain: [0.55, 1] } } };
    expect(panelColumns(two)).toBe(2);
    expect(minFigureWidth(two)).toBe(760);
    const bars: PlotSpec = { data: [{ type: 'bar', orientation: 'h', x: [1, 2], y: ['a'.repeat(40), 'short'] }], layout: { meta: { figure: 'x', caption: '' } } };
    expect(minFigureWidth(bars)).toBe(Math.round(40 * 12 * 0.58) + 300); // 578
    expect(rewrapToFit('one two three four five six', 270, 100)).toBe('one two<br>three four<br>five six');
  });
});

describe('splitPanelRows: one plot per row of panels', () => {
  const two = (): PlotSpec => ({
    data: [{ type: 'bar', name: 'top', y: [1] }, { type: 'bar', name: 'bottom', yaxis: 'y2', xaxis: 'x2', y: [2] }],
    layout: {
      meta: { figure: 'x', caption: '' }, height: 500, margin: { l: 70, r: 20, t: 40, b: 60 },
      xaxis: { title: { text: '' }, anchor: 'y' }, yaxis: { title: { text: '' }, domain: [0.6, 1], anchor: 'x' },
      xaxis2: { title: { text: '' }, anchor: 'y2' }, yaxis2: { title: { text: '' }, domain: [0, 0.4], anchor: 'x2' },
      annotations: [{ text: 'top title', xref: 'paper', yref: 'paper', x: 0, y: 1, yanchor: 'bottom' }, { text: 'bottom title', xref: 'paper', yref: 'paper', x: 0, y: 0.4, yanchor: 'bottom' }, { text: 'on a bar', xref: 'x2', yref: 'y2', x: 0, y: 2 }],
      legend: { yref: 'container', y: 0.96 }, legend2: { yref: 'paper', y: 0.4 },
    },
  });
  test('two rows, hand computed: plot height P = 500 - 40 - 60 = 400, rows of 160 px, a gap of 80 px split 44 / 36', () => {
    const [a, b] = splitPanelRows(two());
    // part 1: t 40, its row 160, b 80 - min(40, 0.45 x 80 = 36) = 44 -> 244 px; part 2: t 36, 160, b 60 -> 256 px
    expect([a.layout.height, b.layout.height]).toEqual([244, 256]);
    expect([a.layout.margin, b.layout.margin]).toEqual([{ l: 70, r: 20, t: 40, b: 44 }, { l: 70, r: 20, t: 36, b: 60 }]);
    expect(a.data.map((t) => t.name)).toEqual(['top']);
    expect(b.data.map((t) => t.name)).toEqual(['bottom']);
    expect([Object.keys(a.layout).filter((k) => /axis/.test(k)).sort(), Object.keys(b.layout).filter((k) => /axis/.test(k)).sort()]).toEqual([['xaxis', 'yaxis'], ['xaxis2', 'yaxis2']]);
    // each row fills its part's plot area
    expect((a.layout.yaxis as { domain: number[] }).domain).toEqual([0, 1]);
    expect((b.layout.yaxis2 as { domain: number[] }).domain).toEqual([0, 1]);
    // the second row's title sits on its row's top (y 1 of part 2), the text on the bar stays on its axes
    expect(a.layout.annotations!.map((x) => [x.text, x.y])).toEqual([['top title', 1]]);
    expect(b.layout.annotations!.map((x) => [x.text, x.y])).toEqual([['bottom title', 1], ['on a bar', 2]]);
    // the legend 20 px from the figure's top (container y 0.96) stays 20 px from part 1's top: 1 - 20/244;
    // legend2 on the second row's top goes with it; neither part's trace names a legend of the other part
    expect(a.layout.legend).toEqual({ yref: 'container', y: Math.round((1 - 20 / 244) * 1e6) / 1e6 });
    expect(b.layout.legend2).toEqual({ yref: 'paper', y: 1 });
    expect(b.data[0].showlegend).toBe(false); // it would show in 'legend', which is in part 1
  });

  test('one row (or an axis without a domain) is left whole', () => {
    const s = two();
    s.layout.yaxis2 = { title: { text: '' }, domain: [0.5, 1] };
    s.layout.yaxis = { title: { text: '' }, domain: [0, 0.55] }; // overlapping: one row
    expect(splitPanelRows(s)).toEqual([s]);
    const t = two();
    delete (t.layout.yaxis2 as { domain?: unknown }).domain;
    expect(splitPanelRows(t)).toEqual([t]);
  });

  test('every real figure: the parts add up to the figure, every trace and annotation drawn once at the same place', () => {
    const ds = loadDataset(RECON);
    const figures = paperFigures({ context: withSweepOf(pageOptions(ds, { dataset: RECON }, false), null) });
    let split = 0;
    for (const f of figures) {
      if (!('spec' in f)) continue;
      const fit = fitFigure(f.spec, 640).spec;
      const parts = splitPanelRows(fit);
      if (parts.length > 1) split++;
      expect(parts.reduce((h, p) => h + (p.layout.height as number), 0), f.id).toBe(fit.layout.height);
      // traces: the same ones (a part may only hide a legend entry), each once
      const key = (t: object) => JSON.stringify({ ...t, showlegend: undefined });
      expect(parts.flatMap((p) => p.data.map(key)).sort(), f.id).toEqual(fit.data.map(key).sort());
      // an annotation on the paper: its px from the figure's top, t + (1 - y) P, is the same in its part (offset by the parts above)
      const px = (s: PlotSpec, y: number) => { const m = s.layout.margin as { t: number; b: number }; return m.t + (1 - y) * ((s.layout.height as number) - m.t - m.b); };
      const placed: [string, number][] = [];
      let above = 0;
      for (const p of parts) {
        for (const a of p.layout.annotations ?? []) placed.push([String(a.text), a.yref === 'paper' || a.yref === undefined ? Math.round(above + px(p, a.y as number)) : NaN]);
        above += p.layout.height as number;
      }
      const whole = (fit.layout.annotations ?? []).map((a) => [String(a.text), a.yref === 'paper' || a.yref === undefined ? Math.round(px(fit, a.y as number)) : NaN] as [string, number]);
      const sortKey = (x: [string, number]) => `${x[0]} ${x[1]}`;
      expect(placed.map(sortKey).sort(), f.id).toEqual(whole.map(sortKey).sort());
      // each part's own y domains stay inside its plot area
      for (const p of parts) for (const [k, v] of Object.entries(p.layout)) if (/^yaxis/.test(k) && Array.isArray((v as { domain?: number[] }).domain)) {
        const [y0, y1] = (v as { domain: number[] }).domain;
        expect(y0 >= -1e-6 && y1 <= 1 + 1e-6 && y0 < y1, `${f.id} ${k}`).toBe(true);
      }
    }
    // Figures 2, 3, 5, 7, 9 and 10 have rows of panels (Figure 9: sectors, categories, occupations)
    expect(split).toBeGreaterThanOrEqual(5);
    const nine = figures.find((f) => f.id === '9')!;
    expect('spec' in nine && splitPanelRows(fitFigure(nine.spec, 640).spec).length).toBe(3);
  });
});

describe('htmlLegends: a legend of key-only traces drawn by the page', () => {
  const keyTrace = (name: string, color: string, legend = 'legend2') => ({ type: 'scatter' as const, mode: 'markers', name, legend, showlegend: true, x: [null], y: [null], marker: { color } });
  const legend2 = { title: { text: '<b>Category</b>' }, xref: 'paper', x: 0.73, xanchor: 'left', yref: 'paper', y: 0.3, yanchor: 'top', font: { size: 10 } };
  test('a hand-built legend of two keys: taken out in trace order with its place; the bars and the other legend stay', () => {
    const bar = { type: 'bar' as const, x: [1, 2], y: [0, 1], marker: { color: ['#f00', '#00f'] } };
    const spec: PlotSpec = { data: [bar, keyTrace('A', '#f00'), keyTrace('B', '#00f')], layout: { meta: { figure: 'x', caption: '' }, legend: { x: 1 }, legend2 } };
    const { spec: out, legends } = htmlLegends(spec);
    expect(legends).toEqual([{ name: 'legend2', title: 'Category', keys: [{ name: 'A', colour: '#f00' }, { name: 'B', colour: '#00f' }], x: 0.73, y: 0.3, fontSize: 10 }]);
    expect(out.data).toEqual([bar]);
    expect(out.layout.legend2).toBeUndefined();
    expect(out.layout.legend).toEqual({ x: 1 });
    // the input is not changed
    expect(spec.data.length).toBe(3);
    expect(spec.layout.legend2).toBe(legend2);
  });
  test('a legend with a trace that draws points, or placed other than left-top on the paper, is left to Plotly', () => {
    const points = { ...keyTrace('B', '#00f'), x: [1], y: [2] };
    const mixed: PlotSpec = { data: [keyTrace('A', '#f00'), points], layout: { meta: { figure: 'x', caption: '' }, legend2 } };
    expect(htmlLegends(mixed).legends).toEqual([]);
    expect(htmlLegends(mixed).spec).toBe(mixed);
    const right: PlotSpec = { data: [keyTrace('A', '#f00')], layout: { meta: { figure: 'x', caption: '' }, legend2: { ...legend2, xanchor: 'right' } } };
    expect(htmlLegends(right).legends).toEqual([]);
  });
  test("Figure 9: its occupation panel's category legend keys every occupation bar in its category's colour (the CSVs: the oracle)", () => {
    const ds = loadDataset(RECON);
    const figures = paperFigures({ context: withSweepOf(pageOptions(ds, { dataset: RECON }, false), null) });
    const nine = figures.find((f) => f.id === '9')!;
    if (!('spec' in nine)) throw new Error('Figure 9 skipped');
    const parts = splitPanelRows(fitFigure(nine.spec, 1000).spec);
    const csv = (f: string) => parseCsv(readFileSync(`${RECON}/${f}`, 'utf8'), f).rows.map((r) => r.values as Record<string, string>);
    const withTasks = new Set(csv('tasks.csv').map((t) => t.occupation));
    const categoryOf = new Map(csv('occupations.csv').filter((o) => withTasks.has(o.occupation)).map((o) => [o.occupation, o.category]));
    // only the occupation panel (the third part) has one
    expect(parts.slice(0, 2).map((p) => htmlLegends(p).legends.length)).toEqual([0, 0]);
    const { spec, legends } = htmlLegends(parts[2]);
    expect(legends.length).toBe(1);
    const keys = new Map(legends[0].keys.map((k) => [k.name, k.colour]));
    expect(keys.size).toBe(legends[0].keys.length);
    expect([...keys.keys()].sort()).toEqual([...new Set(categoryOf.values())].sort());
    // what is left to Plotly: the occupation bars alone, one per occupation with tasks, each its category's key colour
    expect(spec.data.length).toBe(1);
    const bars = spec.data[0];
    const names = bars.customdata as string[], colours = (bars.marker as { color: string[] }).color;
    expect(names.length).toBe(categoryOf.size);
    names.forEach((n, i) => expect(colours[i], n).toBe(keys.get(categoryOf.get(n)!)));
    expect(Object.keys(spec.layout).filter((k) => /^legend/.test(k))).toEqual([]);
  });
});

describe('withLeftMargin: the parts of a figure share one left margin', () => {
  const spec = (l: number): PlotSpec => ({ data: [{ type: 'bar', x: [1] }], layout: { meta: { figure: 'x', caption: '' }, margin: { l, r: 20, t: 40, b: 60 } } });
  test('a narrower left margin grows to the widest, the other sides kept; a wider one is kept; the input is not changed', () => {
    const s = spec(192);
    expect(withLeftMargin(s, 298).layout.margin).toEqual({ l: 298, r: 20, t: 40, b: 60 });
    expect(s.layout.margin).toEqual({ l: 192, r: 20, t: 40, b: 60 });
    expect(withLeftMargin(spec(300), 298).layout.margin).toEqual({ l: 300, r: 20, t: 40, b: 60 });
    // a spec without its own margin: Plotly's default 70 px (fitFigure's) is the one it would have had
    expect(withLeftMargin({ data: [], layout: { meta: { figure: 'x', caption: '' } } }, 50).layout.margin).toBeUndefined();
  });
});

describe('marginSkeleton: what sets a figure\'s margins, for a first draw with automargin', () => {
  const spec = (): PlotSpec => ({
    data: [
      { type: 'bar', orientation: 'h', name: 'A', x: [3, 4], y: ['alpha', 'beta'], text: ['3.0', '4.0'], textposition: 'auto', marker: { color: '#f00', pattern: { shape: ['/', ''] } } },
      { type: 'bar', name: 'B', x: ['a', 'b'], y: [5, 6], text: ['5', '6'], textposition: 'outside', marker: { color: '#00f' } },
      { type: 'scatter', mode: 'markers+text', name: 'C', x: [1, 2], y: [7, 8], text: ['p', 'q'], textposition: 'top center' },
      { type: 'scatter', mode: 'text', name: 'D', x: [1], y: [9], text: ['only a label'] },
    ],
    layout: { meta: { figure: 'x', caption: '' }, width: 600, height: 400, margin: { l: 70, r: 20, t: 40, b: 60 }, legend: { orientation: 'h', y: -0.2 }, xaxis: { title: { text: 'x (u)' }, automargin: true }, yaxis: { title: { text: 'y (u)' }, automargin: true }, annotations: [{ text: 'a note', x: 0, y: 1 }], shapes: [{ type: 'line', x0: 0, x1: 1, y0: 0, y1: 1 }] },
  });
  test('data labels, patterns, annotations and shapes go; axes, legend, data and a vertical bar\'s text outside its end (Plotly pads the range for it) stay (hand written); the input is not changed', () => {
    const s = spec();
    const before = JSON.stringify(s);
    const k = marginSkeleton(s);
    expect(k.data).toEqual([
      { type: 'bar', orientation: 'h', name: 'A', x: [3, 4], y: ['alpha', 'beta'], textposition: 'none', marker: { color: '#f00' } },
      { type: 'bar', name: 'B', x: ['a', 'b'], y: [5, 6], text: ['5', '6'], textposition: 'outside', marker: { color: '#00f' } },
      { type: 'scatter', mode: 'markers', name: 'C', x: [1, 2], y: [7, 8] },
      { type: 'scatter', mode: 'none', name: 'D', x: [1], y: [9] },
    ]);
    expect(k.layout).toEqual({ ...s.layout, annotations: [], shapes: [] });
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('recorded margins (a redraw with automargin off)', () => {
  const spec = (margin: Record<string, number>): PlotSpec => ({
    data: [{ type: 'bar', x: [1], y: ['a'] }],
    layout: { meta: { figure: 'x', caption: '' }, width: 600, height: 400, margin, xaxis: { title: { text: 'x (u)' }, automargin: true }, yaxis: { title: { text: 'y (u)' }, automargin: true }, xaxis2: { title: { text: 'x2 (u)' }, automargin: true } },
  });
  test('a side Plotly grew keeps its grown size, a side it left takes the new spec\'s own, a larger own margin wins (hand computed)', () => {
    // recorded over own margins l 70, r 20, t 40, b 82: Plotly grew l to 126 (y labels) and t to 55 (a legend)
    const size = { l: 126, r: 20, t: 55, b: 82 }, base = { l: 70, r: 20, t: 40, b: 82 };
    // the new scenario's caption is a line shorter (b 70) and its right margin larger (r 30); l asks 140 of its own
    const input = spec({ l: 140, r: 30, t: 40, b: 70 });
    const out = withRecordedMargins(input, size, base);
    expect(out.layout.margin).toEqual({ l: 140, r: 30, t: 55, b: 70, autoexpand: false });
    expect(withRecordedMargins(spec({ l: 70, r: 20, t: 40, b: 70 }), size, base).layout.margin).toEqual({ l: 126, r: 20, t: 55, b: 70, autoexpand: false });
    // every axis, the second panel's too, stops pushing the margins; the input is not changed
    for (const k of ['xaxis', 'yaxis', 'xaxis2'] as const) expect((out.layout[k] as { automargin: boolean }).automargin, k).toBe(false);
    expect((input.layout.xaxis as { automargin: boolean }).automargin).toBe(true);
    expect(input.layout.margin).toEqual({ l: 140, r: 30, t: 40, b: 70 });
  });
  test('recorded margins hold for the same width and legend: the legend\'s y (a share of the height) does not count', () => {
    const at = (width: number, legend: Record<string, unknown>) => marginsKey({ ...spec({ l: 70, r: 20, t: 40, b: 70 }), layout: { ...spec({}).layout, width, legend } });
    expect(at(600, { orientation: 'h', y: 0.95 })).toBe(at(600, { orientation: 'h', y: 0.93 }));
    expect(at(600, { orientation: 'h', y: 0.95 })).not.toBe(at(601, { orientation: 'h', y: 0.95 }));
    expect(at(600, { orientation: 'h', y: 0.95 })).not.toBe(at(600, { orientation: 'v', y: 0.95 }));
  });
});

describe('table printing', () => {
  const ds = loadDataset(RECON);
  const rates = readFileSync('data/reference/node_rates.csv', 'utf8');
  const context = withSweepOf(pageOptions(ds, { dataset: RECON }, false), rates);
  const formats = tableFormats([{ id: 'joules-to-gdp-reconstructed', ds, context }], loadPublished(), loadReference());
  const tables = computeTables(context).filter((t): t is { name: string; table: TableData; caption: string; ms: number } => 'table' in t);

  test("Table 1's GLM 5.2 row, at the build's decimals, reads as the paper prints it", () => {
    const t1 = tables.find((t) => t.name === 'table01')!.table;
    const glm = t1.rows.find((r) => String(r[0]).startsWith('glm'))!;
    const shown = t1.columns.map((c, i) => [c, cellText(glm[i], formats.decimals.table01[c])]).filter(([c]) => c !== 'system' && c !== 'cost_basis');
    const printed = parseCsv(readFileSync('data/published/table01.csv', 'utf8'), 'table01.csv').rows.filter((r) => r.values.row === 'GLM 5.2').map((r) => r.values.printed);
    expect(shown.map(([, v]) => v).sort()).toEqual([...new Set(printed)].sort());
    // Table 1's single-accelerator rows have no published counterpart: marked (the report's 24 of 54)
    expect(formats.marks['joules-to-gdp-reconstructed'].table01.keys.length).toBe(24);
  });

  test('every column of every table, the QAIJ view\'s too, has a header in words', () => {
    const small = loadDataset('data/recorded/synthetic-small');
    const qaij = computeQaijTable(small, resolveScenario({ dataset: 'data/recorded/synthetic-small', draws: 20 }, small));
    if (!('table' in qaij)) throw new Error(qaij.skipped);
    const columns = new Set([...tables.flatMap((t) => t.table.columns), ...qaij.table.columns]);
    expect(columns.size).toBeGreaterThan(40);
    for (const c of columns) {
      const label = columnLabel(c);
      expect(label, c).not.toMatch(/_/);
      expect(label.charAt(0), c).toBe(label.charAt(0).toUpperCase());
    }
    expect(columnLabel('nvj_lo')).toBe('NVJ (USD/MJ), 95% lo');
    expect(columnLabel('energy_mj')).toBe('Energy E (MJ)');
    expect(columnLabel('qaij_per_mj')).toBe('QAIJ (outputs/MJ)');
  });
});

describe('a figure re-laid for a narrow column (Figure 4 showed one and a half of its panels at 400 px)', () => {
  test('stackPanels: three panels side by side become one column, each the full width and its own height, their titles moving with them', () => {
    const small = loadDataset(new URL('../../data/recorded/synthetic-small/', import.meta.url).pathname);
    const spec = paperFigure('4', { dataset: small, bootstrap: false });
    expect(panelColumns(spec)).toBe(3);
    const stacked = stackPanels(spec);
    expect(panelColumns(stacked)).toBe(1);
    const L = stacked.layout as Record<string, { domain?: number[]; anchor?: string }>;
    const xs = Object.keys(L).filter((k) => /^xaxis\d*$/.test(k));
    for (const k of xs) expect(L[k].domain, k).toEqual([0, 1]);
    // the y domains do not overlap and run top to bottom in reading order (panel 1 on top)
    const ys = xs.map((k) => L[`yaxis${k.slice(5)}`].domain!);
    for (let i = 1; i < ys.length; i++) expect(ys[i][1]).toBeLessThan(ys[i - 1][0]);
    // each panel keeps its height in px: (H - t - b) x its old domain's share (the margins as before)
    const m = (spec.layout as unknown as { margin: { t: number; b: number } }).margin;
    const P = (spec.layout.height as number) - m.t - m.b;
    const Pn = (stacked.layout.height as number) - m.t - m.b;
    const old = (L0: Record<string, { domain?: number[] }>, k: string) => L0[k].domain![1] - L0[k].domain![0];
    for (const k of xs) expect(Pn * old(L, `yaxis${k.slice(5)}`)).toBeCloseTo(P * old(spec.layout as never, `yaxis${k.slice(5)}`), 0);
    // each panel title sits on its panel's top, at its left edge
    const titles = ((stacked.layout.annotations ?? []) as { name?: string; x: number; y: number }[]).filter((a) => a.name === 'panel-title');
    expect(titles.length).toBe(3);
    for (const t of titles) expect(t.x).toBe(0);
    expect(titles.map((t) => t.y).sort()).toEqual(ys.map((y) => y[1]).sort());
    // the data is untouched, and a one-column figure is returned as it is
    expect(stacked.data).toBe(spec.data);
    const one = paperFigure('1b', { dataset: small, bootstrap: false });
    expect(stackPanels(one)).toBe(one);
  });

  test('wrapCategoryTicks: long category labels wrapped onto lines, every category still labelled; short ones left alone', () => {
    const spec = { data: [{ type: 'bar', orientation: 'h', x: [1, 2], y: ['Arts, Design, Entertainment, Sports, and Media', 'Legal'] }], layout: { meta: { figure: 'x', caption: '' }, yaxis: { title: { text: '' }, tickmode: 'linear', dtick: 1 } } } as never;
    const w = wrapCategoryTicks(spec, 380).layout.yaxis as { tickmode: string; tickvals: string[]; ticktext: string[] };
    // 0.4 x 380 px at 12 px x 0.58 a glyph: 21 characters a line
    expect(w.tickmode).toBe('array');
    expect(w.tickvals).toEqual(['Arts, Design, Entertainment, Sports, and Media', 'Legal']);
    expect(w.ticktext).toEqual(['Arts, Design,<br>Entertainment,<br>Sports, and Media', 'Legal']);
    expect(wrapCategoryTicks(spec, 1200)).toEqual(spec);
  });
});
