/**
 * Figure specs from the synthetic-small dataset (and, for the accelerator figures, which need
 * several deployments of one model, from plain rows), checked by snapshot and by the invariants
 * every figure keeps: a unit on every quantity axis, the provenance in the caption, one colour per
 * system and category across figures.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDataset, type Dataset } from '../../kernel-lib/data/index.ts';
import {
  FIGURE_IDS, axisKeys, figure06, figure07, paperFigures, type FigureResult, type PlotSpec,
} from '../../kernel-lib/plots/index.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';
import { SMALL, editedDataset } from '../helpers/dataset.ts';
import { expectSpecSnapshot } from './snapshot.ts';

let ds: Dataset;
let figures: FigureResult[];

beforeAll(() => {
  onWarning(null);
  clearWarnings();
  ds = loadDataset(SMALL);
  figures = paperFigures({ dataset: ds, bootstrap: { draws: 200, seed: 7 } });
});

const specs = () => figures.filter((f): f is { id: (typeof FIGURE_IDS)[number]; spec: PlotSpec } => 'spec' in f);

const deployments = [
  { system: 'q-b200', label: '1× B200', nvj: 210.4, tsj: 4.9 },
  { system: 'q-h100', label: '1× H100', nvj: 160.2, tsj: 3.7 },
  { system: 'q-mi350x', label: '1× MI350X', nvj: 120.9, tsj: 2.8 },
];
const scale = [
  { system: 'q-h100', label: '1× H100', nvj: 160.2, tsj: 3.7, nvPerAIHour: 80.5, tsPerAIHour: 1.9 },
  { system: 'q-8h100', label: '8× H100', nvj: 49.4, tsj: 1.1, nvPerAIHour: 103.2, tsPerAIHour: 2.4 },
];

describe('paper figures from synthetic-small', () => {
  it('builds every figure the dataset supports and says why it skips the others', () => {
    expect(figures.map((f) => f.id)).toEqual([...FIGURE_IDS]);
    const skipped = figures.filter((f) => 'skipped' in f).map((f) => f.id);
    // synthetic-small has two systems with different models: no accelerator comparison
    expect(skipped).toEqual(['6', '7']);
    expect(warnings().filter((w) => w.startsWith('Figure'))).toEqual([
      'Figure 6 skipped: no model runs on two accelerator types',
      'Figure 7 skipped: no model runs on two accelerator counts',
    ]);
  });

  it.each(FIGURE_IDS.filter((id) => id !== '6' && id !== '7'))('Figure %s matches its snapshot', (id) => {
    expectSpecSnapshot(`figure-${id}`, specs().find((f) => f.id === id)!.spec);
  });

  it('Figures 6 and 7 from rows match their snapshots', () => {
    expectSpecSnapshot('figure-6-rows', figure06(deployments, { model: 'Qwen3.6-27B' }));
    expectSpecSnapshot('figure-7-rows', figure07(scale, { model: 'Qwen3.6-27B' }));
  });

  it('puts a unit on every quantity axis and a title on every axis that carries numbers', () => {
    const all = [...specs().map((f) => f.spec), figure06(deployments), figure07(scale)];
    for (const spec of all) {
      for (const key of axisKeys(spec.layout)) {
        const ax = spec.layout[key] as { title: { text: string }; type?: string };
        const id = key.replace('axis', '');
        const letter = key[0] as 'x' | 'y';
        const traces = spec.data.filter((t) => (t[`${letter}axis`] ?? letter) === id);
        // an axis whose ticks are named (tick texts at row positions, Figure 9's occupations) carries labels, not numbers
        const ticktext = (ax as { ticktext?: unknown }).ticktext;
        const named = Array.isArray(ticktext) && ticktext.some((t) => Number.isNaN(Number(String(t).replace(/,/g, ''))));
        const numeric = !named && traces.some((t) => (t[letter] ?? []).some((v) => typeof v === 'number'));
        if (numeric) expect(ax.title.text, `${spec.layout.meta.figure} ${key}`).toMatch(/\S \(.+\)$/);
      }
    }
  });

  it('states the dataset provenance in every caption', () => {
    for (const { spec } of specs()) {
      expect(spec.layout.meta.caption).toContain('Data: synthetic-small (synthetic records, not measurements of any real system); energy boundary: system.');
      expect(spec.layout.annotations!.some((a) => a.name === 'caption')).toBe(true);
    }
  });

  it('gives a system the same colour in every figure', () => {
    const colourOfModelX = new Set<string>();
    for (const { spec } of specs()) {
      for (const t of spec.data) {
        const labels = (t.orientation === 'h' ? t.y : t.x) ?? [];
        const colours = (t.marker as { color?: string | string[] } | undefined)?.color;
        if (!Array.isArray(colours)) continue;
        labels.forEach((l, i) => { if (l === 'Model X') colourOfModelX.add(colours[i]); });
        (t.text as string[] | undefined)?.forEach((l, i) => { if (l === 'Model X') colourOfModelX.add(colours[i]); });
      }
    }
    expect([...colourOfModelX]).toEqual(['#0072B2']);
  });

  it('is plain JSON: no functions, no undefined, round-trips unchanged', () => {
    for (const { spec } of specs()) expect(JSON.parse(JSON.stringify(spec))).toEqual(spec);
  });
});

describe('paper figures from datasets that cannot support some of them', () => {
  it('a run without the judgment a figure needs skips that figure with the reason, instead of throwing', () => {
    // sysY's run yB1 has no expert_only judgment by J1: Figures 1(d), 5 (every system) cannot be drawn;
    // the figures of the primary system sysX (1a, 1scale, 2 among them) still are.
    const dataset = loadDataset(editedDataset({ 'judgments.csv': (t) => t.split('\n').filter((l) => !l.startsWith('yB1,expert_only')).join('\n') }));
    const r = paperFigures({ dataset, bootstrap: { draws: 50, seed: 7 } });
    const skipped = Object.fromEntries(r.filter((f) => 'skipped' in f).map((f) => [f.id, (f as { skipped: string }).skipped]));
    expect(Object.keys(skipped).sort()).toEqual(['1d', '5', '6', '7']);
    expect(skipped['5']).toBe('cannot evaluate sysY (judge J1, pass@1): 1 problem(s)\n  run yB1 has no expert_only judgment by J1');
    expect(r.filter((f) => 'spec' in f).map((f) => f.id)).toEqual(['1a', '1b', '1c', '1scale', '2', '3', '4', '9', '10', '11', '12']);
  });

  it('Figure 1(d) is skipped, not drawn empty, when no system has a positive output value', () => {
    // every judgment a loss: G = 0 for both systems, nothing can sit on the log-log value-energy plane
    const dataset = loadDataset(editedDataset({ 'judgments.csv': (t) => t.replace(/,(win|tie)$/gm, ',loss') }));
    const [r] = paperFigures({ dataset, bootstrap: false, figures: ['1d'] });
    expect(r).toEqual({ id: '1d', skipped: 'no system has a positive total output value (every judged attempt 1 is a loss), so there is nothing to draw on log scales' });
  });

  it('Figure 7: a deployment with zero AI time has no per-AI-hour bar and is named in that panel title, with no null in the trace', () => {
    const rows = [scale[0], { ...scale[1], nvPerAIHour: null, tsPerAIHour: null }];
    const spec = figure07(rows, { model: 'Qwen' });
    const perHour = spec.data.filter((t) => String(t.name).includes('per AI hour'));
    expect(perHour.map((t) => [t.x, t.y])).toEqual([[['1× H100'], [80.5]], [['1× H100'], [1.9]]]);
    const titles = (spec.layout.annotations as { text: string }[]).map((a) => a.text);
    expect(titles).toContain('<b>Net value per AI hour (no value: 8× H100)</b>');
    expect(titles).toContain('<b>Time saving per AI hour (no value: 8× H100)</b>');
    expect(spec.data.filter((t) => !String(t.name).includes('per AI hour')).map((t) => t.y)).toEqual([[160.2, 49.4], [3.7, 1.1]]);
  });
});
