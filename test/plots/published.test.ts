/**
 * The paper's printed values drawn beside the reproduced ones (issue #24). Oracle: the printed cells
 * of data/published/table17.csv, table19.csv and table20.csv read by hand (Table 17 expert-only /
 * expert-only NVJ 168.11 [126.00, 222.43]; Table 20 prints its strictest row as "4/4").
 */
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/index.ts';
import { loadPublished } from '../../kernel-lib/published/index.ts';
import { loadReference } from '../../kernel-lib/reference/index.ts';
import { paperFigure, publishedValuesFor } from '../../kernel-lib/plots/index.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';

onWarning(null);
const published = loadPublished();
type Bar = { type: string; name: string; x: string[]; y: number[]; showlegend?: boolean; error_y?: { array: number[]; arrayminus: number[] } };

describe('published counterparts of figure values', () => {
  it("Figure 4's are Table 17's diagonal, by the figure's row labels", () => {
    const v = publishedValuesFor('4', published)!;
    expect(v.get('Expert-only')).toEqual({ nvj: { value: 168.11, lo: 126, hi: 222.43 }, tsj: { value: 3.823, lo: 2.87, hi: 5.021 } });
    expect(v.get('Expert-with-AI')?.nvj).toEqual({ value: 50.04, lo: 30.77, hi: 70.41 });
  });

  it("Figure 10's are Tables 19 and 20, Table 20's '4/4' drawn as the figure's '≥4/4'", () => {
    const v = publishedValuesFor('10', published)!;
    expect(v.get('pass@1')?.nvj).toEqual({ value: 168.1, lo: 126, hi: 222.4 });
    expect(v.get('≥4/4')?.nvj?.value).toBe(28);
    expect(v.has('4/4')).toBe(false);
    expect([...v.keys()].sort()).toEqual(['pass@1', 'pass@2', 'pass@3', 'pass@4', '≥1/4', '≥2/4', '≥3/4', '≥4/4']);
  });

  it("Figure 5's are Table 1's net value per megajoule of the five models (no interval, no TSJ printed)", () => {
    const v = publishedValuesFor('5', published)!;
    // table01.csv, printed: GLM 5.2 168.1, Qwen3.6-27B 123.4, Gemma 4 31B 417.5, GPT-OSS 120B 275.7, GPT-OSS 20B 336.0
    expect(Object.fromEntries([...v].map(([k, x]) => [k, x]))).toEqual({
      'GLM 5.2': { nvj: { value: 168.1, lo: null, hi: null }, tsj: undefined },
      'Qwen3.6-27B': { nvj: { value: 123.4, lo: null, hi: null }, tsj: undefined },
      'Gemma 4 31B': { nvj: { value: 417.5, lo: null, hi: null }, tsj: undefined },
      'GPT-OSS 120B': { nvj: { value: 275.7, lo: null, hi: null }, tsj: undefined },
      'GPT-OSS 20B': { nvj: { value: 336, lo: null, hi: null }, tsj: undefined },
    });
  });

  it("Figure 5 on the reconstruction draws Table 1's NVJ as hollow horizontal bars beside each model's reproduced bar, in the legend as published", () => {
    const dataset = loadDataset(new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname);
    const spec = paperFigure('5', { dataset, bootstrap: false, published });
    type HBar = { name: string; orientation?: string; x: number[]; y: string[]; xaxis?: string; showlegend?: boolean; marker: { color: unknown } };
    const bars = spec.data as unknown as HBar[];
    const ghost = bars.filter((t) => t.name === 'published');
    expect(ghost).toHaveLength(1);
    expect(ghost[0].orientation).toBe('h');
    expect(Object.fromEntries(ghost[0].y.map((l, i) => [l, ghost[0].x[i]]))).toEqual({ 'GLM 5.2': 168.1, 'Qwen3.6-27B': 123.4, 'Gemma 4 31B': 417.5, 'GPT-OSS 120B': 275.7, 'GPT-OSS 20B': 336 });
    expect(ghost[0].marker.color).toBe('rgba(255,255,255,0)');
    // on the NVJ panel (the first), beside the reproduced bars, each entry in the legend once
    const reproduced = bars.find((t) => t.name === 'reproduced')!;
    expect(ghost[0].xaxis ?? 'x').toBe(reproduced.xaxis ?? 'x');
    expect(new Set(ghost[0].y)).toEqual(new Set(reproduced.y));
    expect([reproduced.showlegend, ghost[0].showlegend]).toEqual([true, true]);
    expect(String(JSON.stringify(spec.layout.annotations))).toContain('Hollow bars: Table 1 (NVJ).');
    // without the published numbers, or under another scenario, nothing is drawn beside
    expect((paperFigure('5', { dataset, bootstrap: false }).data as unknown as HBar[]).some((t) => t.name === 'published')).toBe(false);
    expect((paperFigure('5', { dataset, bootstrap: false, published, weights: 'equal' }).data as unknown as HBar[]).some((t) => t.name === 'published')).toBe(false);
  });

  it("Figure 1(a)'s are Table 1's execution cost and completion time of its model, drawn beside C and L", () => {
    const v = publishedValuesFor('1a', published)!;
    // table01.csv, printed for GLM 5.2: execution cost 1.92 USD, completion time 22.7 min = 0.37833 hours
    expect(v.get('GLM 5.2')?.costUSD).toEqual({ value: 1.92, lo: null, hi: null });
    expect(v.get('GLM 5.2')?.aiHours?.value).toBeCloseTo(22.7 / 60, 12);
    const dataset = loadDataset(new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname);
    type HBar = { name: string; x: number[]; y: string[]; xaxis?: string; showlegend?: boolean };
    const spec = paperFigure('1a', { dataset, bootstrap: false, published });
    const ghosts = (spec.data as unknown as HBar[]).filter((t) => t.name === 'published');
    expect(ghosts.map((g) => [g.y, g.x[0], g.showlegend])).toEqual([[['AI cost C'], 1.92, true], [['AI time L'], 22.7 / 60, false]]);
    const reproduced = (spec.data as unknown as HBar[]).filter((t) => t.name !== 'published');
    expect(ghosts.map((g) => g.xaxis ?? 'x')).toEqual(reproduced.map((t) => t.xaxis ?? 'x'));
    expect((paperFigure('1a', { dataset, bootstrap: false }).data as unknown as HBar[]).some((t) => t.name === 'published')).toBe(false);
  });

  it('no counterpart for a figure the paper prints no values for', () => {
    expect(publishedValuesFor('12', published)).toBeNull();
    expect(publishedValuesFor('1c', published)).toBeNull();
  });

  it("Figure 3's are Table 13's win–tie rate and time saving S per category, its abbreviated rows named as the dataset names them", () => {
    const labels = new Map(loadReference().occupations.map((o) => [o.categoryLabel, o.category]));
    const v = publishedValuesFor('3', published, labels)!;
    // table13.csv, printed: Architecture & Eng. 69.0 % and 3.905 hours; Arts & Media 46.1 % and 1.219 hours
    expect(v.get('Architecture & Engineering')).toEqual({ winTiePct: { value: 69, lo: null, hi: null }, timeSavingHours: { value: 3.905, lo: null, hi: null } });
    expect(v.get('Arts & Media')?.timeSavingHours?.value).toBe(1.219);
    expect(v.size).toBe(13);
    expect(v.has('Architecture & Eng.')).toBe(false);
    // without the reference's names, the paper's abbreviations stay (and match no category of the dataset)
    expect(publishedValuesFor('3', published)!.has('Architecture & Eng.')).toBe(true);
  });

  it('Figure 3 on the reconstruction draws Table 13 beside the win–tie and time-saving panels, one hollow bar per category', () => {
    const dataset = loadDataset(new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname);
    const publishedLabels = new Map(loadReference().occupations.map((o) => [o.categoryLabel, o.category]));
    type HBar = { name: string; x: number[]; y: string[]; xaxis?: string; showlegend?: boolean };
    const spec = paperFigure('3', { dataset, bootstrap: false, published, publishedLabels });
    const bars = spec.data as unknown as HBar[];
    const ghosts = bars.filter((t) => t.name === 'published');
    expect(ghosts).toHaveLength(2);
    expect(ghosts.map((g) => g.y.length)).toEqual([13, 13]);
    const at = (g: HBar, category: string) => g.x[g.y.indexOf(category)];
    expect([at(ghosts[0], 'Architecture & Engineering'), at(ghosts[0], 'Production')]).toEqual([69, 40]);
    expect([at(ghosts[1], 'Architecture & Engineering'), at(ghosts[1], 'Production')]).toEqual([3.905, 3.361]);
    // on the first panel (win–tie) and the last (time saving per task), beside the reproduced bars
    const reproduced = bars.filter((t) => t.name !== 'published');
    expect(ghosts[0].xaxis ?? 'x').toBe(reproduced[0].xaxis ?? 'x');
    expect(ghosts[1].xaxis).toBe(reproduced[5].xaxis);
    expect(ghosts.map((g) => g.showlegend)).toEqual([true, false]);
    expect(String(JSON.stringify(spec.layout.annotations))).toContain('Hollow bars: Table 13');
    // without the labels the four abbreviated categories (Architecture & Eng., Computer & Math, Office & Admin., Personal Care) find no bar
    const unlabelled = (paperFigure('3', { dataset, bootstrap: false, published }).data as unknown as HBar[]).filter((t) => t.name === 'published');
    expect(unlabelled.map((g) => g.y.length)).toEqual([9, 9]);
  });

  it('drawn as hollow bars named "published", with whiskers from the printed interval, only when the published numbers are given', () => {
    const dataset = loadDataset(SMALL);
    const spec = paperFigure('4', { dataset, bootstrap: false, published });
    const ghosts = (spec.data as unknown as Bar[]).filter((t) => t.name === 'published');
    expect(ghosts).toHaveLength(2);
    expect(ghosts[0].y).toEqual([168.11, 50.04]);
    // whisker above 222.43 - 168.11, below 168.11 - 126
    expect(ghosts[0].error_y!.array[0]).toBeCloseTo(54.32, 10);
    expect(ghosts[0].error_y!.arrayminus[0]).toBeCloseTo(42.11, 10);
    expect(ghosts.map((g) => g.showlegend)).toEqual([true, false]);
    expect(String(JSON.stringify(spec.layout.annotations))).toContain('Hollow bars, grey whiskers: Table 17.');
    const plain = paperFigure('4', { dataset, bootstrap: false });
    expect((plain.data as unknown as Bar[]).some((t) => t.name === 'published')).toBe(false);
    // under another scenario than the paper's the caption is not about the paper's numbers: none drawn
    const other = paperFigure('4', { dataset, bootstrap: false, published, weights: 'equal' });
    expect((other.data as unknown as Bar[]).some((t) => t.name === 'published')).toBe(false);
  });

  it("the whiskers are labelled as the reproduction's, never as a table they do not show", () => {
    const spec = paperFigure('4', { dataset: loadDataset(SMALL), bootstrap: { draws: 50, seed: 1 } });
    const text = JSON.stringify(spec.layout.annotations);
    expect(text).toContain('Whiskers: reproduced');
    expect(text).not.toContain('(Table 17).');
  });
});
