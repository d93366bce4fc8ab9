/**
 * What a reader sees in the static figures (issue #24), checked as properties of the specs with the
 * text geometry of test/plots/geometry.ts (not the builders' own estimates), on synthetic-small and on
 * the reconstruction (whose nine systems, long occupation names and badges are the hard case):
 *   - no empty band under the provenance badge: the next row starts within 12 px of it;
 *   - no annotation's box (title, badge, panel titles, notes, caption) leaves the figure;
 *   - every y axis title fits the height of its panel (Figure 7's rose above theirs);
 *   - log axes name every power of ten in their range, in full ("10", "100", "1,000"), never a bare
 *     digit standing for a multiple of a decade;
 *   - no marker label of a frontier panel sits on the frontier's line;
 *   - Figure 9's occupation panel has a legend of its own, one entry per category in the bars' colours,
 *     beside the bars, and rows under 20 px;
 *   - Figure 2's bars carry their numbers, hand computed from synthetic-small's files, and what a win
 *     would have earned for an attempt that lost.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/index.ts';
import { axisKeys, paperFigure, paperFigures, type PlotSpec } from '../../kernel-lib/plots/index.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL, editedDataset } from '../helpers/dataset.ts';
import { annotationBox, frame, panelBox, segmentMeetsBox, textSize, type Box } from './geometry.ts';

const RECON = new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname;
type Rec = Record<string, unknown>;
let all: { name: string; spec: PlotSpec }[] = [];

beforeAll(() => {
  onWarning(() => {});
  for (const [set, dir] of [['small', SMALL], ['recon', RECON]] as const) {
    for (const f of paperFigures({ dataset: loadDataset(dir), bootstrap: false })) if ('spec' in f) all.push({ name: `${set} ${f.id}`, spec: f.spec });
  }
});

const annotations = (spec: PlotSpec) => (spec.layout.annotations ?? []) as Rec[];

describe('the rows above the plot', () => {
  it('leave no empty band under the badge: the legend, note or panel titles start within 12 px of its bottom', () => {
    let checked = 0;
    for (const { name, spec } of all) {
      const badge = annotations(spec).find((a) => a.name === 'provenance-badge');
      if (!badge) continue;
      const bottom = annotationBox(spec, badge)!.y1;
      const f = frame(spec);
      const tops: number[] = annotations(spec).filter((a) => a.name !== 'provenance-badge' && a.name !== 'caption').map((a) => annotationBox(spec, a)?.y0 ?? Infinity);
      const legend = spec.layout.legend as Rec | undefined;
      // Plotly draws the legend when a trace asks for it, or when two or more do not refuse it
      const main = spec.data.filter((t) => !t.legend);
      const legendDrawn = main.some((t) => t.showlegend === true) || main.filter((t) => t.showlegend !== false).length > 1;
      if (legend && legendDrawn) tops.push((1 - Number(legend.y)) * f.height);
      tops.push(f.t); // the plot itself
      const next = Math.min(...tops);
      expect(next - bottom, name).toBeLessThanOrEqual(12);
      expect(next - bottom, name).toBeGreaterThanOrEqual(0);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(24);
  });
});

describe('text inside the figure', () => {
  it("keeps every annotation's box (title rows, panel titles, notes, caption) inside the figure", () => {
    for (const { name, spec } of all) {
      const f = frame(spec);
      for (const a of annotations(spec)) {
        const b = annotationBox(spec, a);
        if (!b) continue;
        const what = `${name}: ${String(a.name ?? '')} ${String(a.text).slice(0, 40)}`;
        expect(b.x0, what).toBeGreaterThanOrEqual(0);
        expect(b.x1, what).toBeLessThanOrEqual(f.width);
        expect(b.y0, what).toBeGreaterThanOrEqual(0);
        expect(b.y1, what).toBeLessThanOrEqual(f.height);
      }
    }
  });

  it('fits every y axis title within the height of its panel (centred on it, so it stays inside)', () => {
    for (const { name, spec } of all) {
      for (const key of axisKeys(spec.layout).filter((k) => k.startsWith('y'))) {
        const ax = spec.layout[key] as Rec & { title: { text: string } };
        if (!ax.title.text) continue;
        const xKey = `xaxis${String(ax.anchor ?? 'x').slice(1)}`;
        const panel = panelBox(spec, xKey, key);
        // axis titles are drawn at 1.2 times the figure's 12 px font (14 px), a glyph 0.52 of it (measured)
        expect(plainLength(ax.title.text) * 14 * 0.52, `${name} ${key} "${ax.title.text}"`).toBeLessThanOrEqual(panel.y1 - panel.y0);
      }
    }
  });
});

function plainLength(s: string): number {
  return s.replace(/<[^>]+>/g, '').length;
}

describe('log axes', () => {
  it('name every power of ten in their range in full, each tick text the number it stands at', () => {
    let logAxes = 0;
    for (const { name, spec } of all) {
      for (const key of axisKeys(spec.layout)) {
        const ax = spec.layout[key] as Rec;
        if (ax.type !== 'log') continue;
        logAxes++;
        const [lo, hi] = ax.range as number[];
        const vals = ax.tickvals as number[] | undefined, texts = ax.ticktext as string[] | undefined;
        expect(vals, `${name} ${key}`).toBeDefined();
        for (let e = Math.ceil(lo); e <= Math.floor(hi); e++) {
          const i = vals!.findIndex((v) => Math.abs(Math.log10(v) - e) < 1e-9);
          expect(i, `${name} ${key}: 1e${e}`).toBeGreaterThanOrEqual(0);
          // '10', '100', '1,000', written in full
          expect(texts![i], `${name} ${key}`).toBe(e >= 0 ? Number(10 ** e).toLocaleString('en-US') : String(10 ** e));
        }
        vals!.forEach((v, i) => expect(Number(texts![i].replace(/,/g, '')), `${name} ${key}`).toBeCloseTo(v, 9));
        expect(vals!.every((v) => Math.log10(v) >= lo - 1e-9 && Math.log10(v) <= hi + 1e-9), `${name} ${key}`).toBe(true);
        expect(vals!.length, `${name} ${key}`).toBeGreaterThanOrEqual(2);
      }
    }
    // 1(b), 1(d) and two panels of 5, in both datasets
    expect(logAxes).toBeGreaterThanOrEqual(12);
  });

  it('keeps every marker label of a frontier panel off the frontier line', () => {
    let labels = 0;
    for (const { name, spec } of all) {
      for (const pts of spec.data.filter((t) => t.mode === 'markers+text')) {
        const line = spec.data.find((t) => t.mode === 'lines' && t.xaxis === pts.xaxis && t.yaxis === pts.yaxis);
        if (!line) continue;
        const xKey = `xaxis${String(pts.xaxis).slice(1)}`, yKey = `yaxis${String(pts.yaxis).slice(1)}`;
        const box = panelBox(spec, xKey, yKey);
        const xr = (spec.layout[xKey] as Rec).range as number[], yr = (spec.layout[yKey] as Rec).range as number[];
        const px = (v: number) => box.x0 + ((Math.log10(v) - xr[0]) / (xr[1] - xr[0])) * (box.x1 - box.x0);
        const py = (v: number) => box.y1 - ((Math.log10(v) - yr[0]) / (yr[1] - yr[0])) * (box.y1 - box.y0);
        const lx = (line.x as number[]).map(px), ly = (line.y as number[]).map(py);
        (pts.text as string[]).forEach((text, i) => {
          const b = labelBox(px((pts.x as number[])[i]), py((pts.y as number[])[i]), text, (pts.textposition as string[])[i]);
          for (let s = 1; s < lx.length; s++) {
            expect(segmentMeetsBox(lx[s - 1], ly[s - 1], lx[s], ly[s], b), `${name}: label ${text} on the frontier`).toBe(false);
          }
          labels++;
        });
      }
    }
    expect(labels).toBeGreaterThanOrEqual(20);
  });
});

/** Plotly's placement of a marker's text (12 px font, marker radius 5.5 px), shrunk by 1 px a side. */
function labelBox(x: number, y: number, text: string, position: string): Box {
  const { w, h } = textSize(text, 12);
  const [v, hz] = position.split(' ');
  const x0 = hz === 'center' ? x - w / 2 : hz === 'right' ? x + 5.5 : x - 5.5 - w;
  const y0 = v === 'top' ? y - 5.5 - h : v === 'bottom' ? y + 5.5 : y - h / 2;
  return { x0: x0 + 1, x1: x0 + w - 1, y0: y0 + 1, y1: y0 + h - 1 };
}

describe("Figure 9's occupation panel", () => {
  it('has a legend of its own beside its bars: one entry per category, in the colour of its occupations', () => {
    let rowsChecked = 0;
    for (const { name, spec } of all.filter((f) => f.name.endsWith(' 9'))) {
      const occ = spec.data.find((t) => t.name === 'By occupation')!;
      const keys = spec.data.filter((t) => t.legend === 'legend2');
      const legend = spec.layout.legend2 as Rec;
      expect(legend, name).toBeDefined();
      // the categories of the occupation bars, by colour: every colour has its legend entry
      const coloursUsed = new Set((occ.marker as { color: string[] }).color);
      expect(new Set(keys.map((k) => (k.marker as { color: string }).color)), name).toEqual(coloursUsed);
      expect(keys.every((k) => k.showlegend === true && k.xaxis === occ.xaxis && k.yaxis === occ.yaxis), name).toBe(true);
      // placed at the top of the occupation panel, to the right of its bars, and wide enough for its names
      const yKey = `yaxis${String(occ.yaxis).slice(1)}`, xKey = `xaxis${String(occ.xaxis).slice(1)}`;
      const panel = panelBox(spec, xKey, yKey);
      const f = frame(spec);
      expect(legend.y, name).toBe(((spec.layout[yKey] as Rec).domain as number[])[1]);
      const legendW = 40 + Math.max(...keys.map((k) => textSize(String(k.name), 10).w));
      expect(f.width - f.r - panel.x1, name).toBeGreaterThanOrEqual(legendW);
      // every occupation named once, in its row
      const yAxis = spec.layout[yKey] as Rec;
      expect((yAxis.ticktext as string[]).map((t) => t.replace(/<br>/g, ' ')), name).toEqual(occ.customdata);
      expect(yAxis.tickvals, name).toEqual(occ.y);
      // one row per occupation, under 20 px each on average (it was 49 px with labels wrapped to three lines), the
      // reconstruction's 45 occupations (synthetic-small's three take the legend's height)
      if ((occ.y as number[]).length >= 20) {
        expect((panel.y1 - panel.y0) / (occ.y as number[]).length, name).toBeLessThan(20);
        rowsChecked++;
      }
    }
    expect(rowsChecked).toBe(1);
  });
});

describe('Figure 2: every attempt, its outcome, what it earned, what a win would have earned, numbers on the bars', () => {
  // synthetic-small, task A1 (tasks.csv: occA, 2 h; occupations.csv: occA 50 USD/h, so G = H x W = 100 USD).
  // runs.csv: xA1a1 0.5 h, 1 USD, 0.2 MJ; xA1a2 0.25 h, 0.5 USD, 0.1 MJ. judgments.csv by J1: win, loss.
  const text = (spec: PlotSpec, name: string) => {
    const t = spec.data.find((d) => d.name === name)!;
    return Object.fromEntries((t.y as string[]).map((y, i) => [y, (t.text as string[])[i]]));
  };

  it('A1: times, energies and costs of both attempts; attempt 1 (win) earns G and H - L, attempt 2 (loss) shows what a win would have earned', () => {
    const spec = paperFigure('2', { dataset: loadDataset(SMALL), bootstrap: false, figure2Task: 'A1' });
    expect(text(spec, 'Completion time')).toEqual({ 'Expert-only H': '2.00', 'Attempt 1: win': '0.50', 'Attempt 2: loss': '0.25' });
    expect(text(spec, 'Energy per attempt')).toEqual({ 'Attempt 1: win': '0.200', 'Attempt 2: loss': '0.100' });
    expect(text(spec, 'AI-system cost per attempt')).toEqual({ 'Attempt 1: win': '1.00', 'Attempt 2: loss': '0.50' });
    // a win earns G = 100 and S = 2 - 0.5 = 1.5 h; the loss earns nothing, a win would have earned 100 and 2 - 0.25 = 1.75 h
    expect(text(spec, 'Value earned: G = H × W')).toEqual({ 'Attempt 1: win': '100.00', 'Attempt 2: loss': '' });
    expect(text(spec, 'Time saving earned: H − L')).toEqual({ 'Attempt 1: win': '1.50', 'Attempt 2: loss': '' });
    const ifWon = spec.data.filter((d) => d.name === 'hollow: what a win would have earned');
    expect(ifWon.map((t) => [t.y, t.x, t.text])).toEqual([[['Attempt 2: loss'], [100], ['a win: 100.00']], [['Attempt 2: loss'], [1.75], ['a win: 1.75']]]);
    // pass@1 credits attempt 1: G 100, C 1, net 99
    expect(text(spec, 'Credited under pass@1')).toEqual({ 'Output value H × W': '100.00', 'Credited value G': '100.00', 'Charged cost C': '1.00', 'Net value G − C': '99.00' });
  });

  it('a task whose attempts all lose still shows what each would have earned, and every attempt charged', () => {
    const dataset = loadDataset(editedDataset({ 'judgments.csv': (t) => t.replace(/,(win|tie)$/gm, ',loss') }));
    const spec = paperFigure('2', { dataset, bootstrap: false, figure2Task: 'A1' });
    const ifWon = spec.data.filter((d) => d.name === 'hollow: what a win would have earned');
    expect(ifWon.map((t) => t.text)).toEqual([['a win: 100.00', 'a win: 100.00'], ['a win: 1.50', 'a win: 1.75']]);
    expect(text(spec, 'Energy per attempt')).toEqual({ 'Attempt 1: loss': '0.200', 'Attempt 2: loss': '0.100' });
    expect(text(spec, 'Credited under pass@1')).toEqual({ 'Output value H × W': '100.00', 'Credited value G': '0.00', 'Charged cost C': '1.00', 'Net value G − C': '-1.00' });
  });
});
