/**
 * The explorer's figure fitting and table printing (issue #24):
 *   - a hand-computed figure: title, badge and caption leave the plot, and the figure shrinks by
 *     exactly their rows (theme.ts and marks.ts geometry), the legend keeps its distance from the top;
 *   - every real figure fitted to 380 px keeps its traces, loses no annotation but the three moved out,
 *     and is not changed in place;
 *   - least widths: panels side by side, long bar names;
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
import { fitFigure, marginsKey, minFigureWidth, panelColumns, rewrapToFit, withRecordedMargins } from '../../kernel-lib/explorer/figureFit.ts';
import { tableFormats } from '../../kernel-lib/explorer/formats.ts';
import { pageOptions } from '../../kernel-lib/explorer/scenario.ts';
import { cellText, columnLabel } from '../../kernel-lib/explorer/tableFormat.ts';
import { paperFigures } from '../../kernel-lib/plots/paperFigures.ts';
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
