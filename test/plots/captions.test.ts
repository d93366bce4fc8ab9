/**
 * Every figure and table caption states the options it was computed under (issue #11): under a
 * non-default scenario each overridden field appears and no overridden default remains. Run on the
 * reconstructed dataset, whose systems support every figure (accelerator variants, two references,
 * repeated runs).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { loadDataset, type Dataset } from '../../kernel-lib/data/index.ts';
import { FIGURE_IDS, TABLE_NAMES, paperFigures, tableCaption, type FigureResult } from '../../kernel-lib/plots/index.ts';
import type { TableOptions } from '../../kernel-lib/tables/index.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

const RECON = new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname;
let ds: Dataset;
let scenario: TableOptions;
let figures: FigureResult[];
/**
 * Figures 6 and 7 at attempt 1 against the expert-only reference, otherwise the same scenario: the
 * reconstruction's accelerator variants have one attempt per task and expert-only judgments only.
 */
let attempt1: FigureResult[];

beforeAll(() => {
  onWarning(() => {});
  ds = loadDataset(RECON);
  scenario = {
    dataset: ds, weights: 'employment', policy: { kind: 'pass', k: 2 }, judgmentReference: 'expert_with_ai',
    rates: { bySystem: { 'glm-5.2-8xh200': 50.44 } }, bootstrap: { draws: 10, seed: 5 },
  };
  figures = paperFigures(scenario);
  attempt1 = paperFigures({ ...scenario, policy: undefined, judgmentReference: undefined, figures: ['6', '7'] });
});

const caption = (id: string) => {
  const f = (id === '6' || id === '7' ? attempt1 : figures).find((r) => r.id === id)!;
  if (!('spec' in f)) throw new Error(`Figure ${id} skipped: ${f.skipped}`);
  return f.spec.layout.meta.caption;
};

describe('figure captions under employment weights, pass@2, the expert-with-AI reference and a changed node rate', () => {
  test('every figure is drawn, but Figures 6 and 7, which would compare no system, skipped saying so', () => {
    expect(figures.filter((f) => 'skipped' in f).map((f) => f.id)).toEqual(['6', '7']);
    for (const f of figures) if ('skipped' in f) expect(f.skipped).toMatch(/^Figure [67]: under pass@2 only 0 of the \d+ systems of one model .* nothing to compare$/);
    expect(figures.map((f) => f.id)).toEqual([...FIGURE_IDS]);
    expect(attempt1.filter((f) => 'skipped' in f)).toEqual([]);
  });

  test.each(FIGURE_IDS)('Figure %s states the weighting and never GDP weights', (id) => {
    const c = caption(id);
    expect(c).toMatch(id === '9' ? /employment scheme/ : ['12', '1d', '1b', '2'].includes(id) ? /[Uu]nweighted/ : /employment-weighted/);
    expect(c).not.toMatch(/GDP-weighted|gdp scheme/);
    expect(c).toContain('Data: joules-to-gdp-reconstructed (reconstructed');
  });

  // Figures whose numbers follow the scenario's policy and reference.
  test.each(['1a', '1scale', '1c', '1d', '2', '3', '4', '5'])('Figure %s states pass@2 and the judge, and no attempt-1 default', (id) => {
    const c = caption(id);
    expect(c).toContain('pass@2');
    expect(c).not.toMatch(/attempt 1|pass@1/);
    expect(c).toContain('judge gemini-3.1-flash-lite');
  });

  test.each(['1a', '1scale', '1c', '1d', '2', '3', '5'])('Figure %s states the expert-with-AI reference and the new node rate', (id) => {
    const c = caption(id);
    expect(c).toContain('expert-with-AI reference');
    expect(c).not.toContain('expert-only');
    expect(c).toContain('glm-5.2-8xh200 at 50.44 USD/node-hour');
  });

  test.each(['6', '7'])('Figure %s at attempt 1 states the expert-only reference and the new node rate', (id) => {
    expect(caption(id)).toContain('attempt 1 (pass@1), expert-only reference');
    expect(caption(id)).toContain('glm-5.2-8xh200 at 50.44 USD/node-hour');
  });

  test('figures with fixed inputs say so instead of stating a default as if it were chosen', () => {
    expect(caption('10')).toContain('this figure keeps the expert-only reference; Table 21 has the expert-with-AI thresholds');
    expect(caption('10')).toContain('Whiskers: 95% percentile intervals from 10 task-composition bootstrap draws (seed 5)');
    expect(caption('12')).toContain('the pass@2 policy does not apply');
    expect(caption('12')).toContain('against the expert-with-AI reference');
  });

  test('another judge is named in every caption that uses judgments', () => {
    const other = paperFigures({ dataset: ds, judge: 'claude-haiku-4.5', bootstrap: false, figures: ['1c', '3', '12'] });
    for (const f of other) {
      expect('spec' in f, f.id).toBe(true);
      if ('spec' in f) {
        expect(f.spec.layout.meta.caption).toContain('judge claude-haiku-4.5');
        expect(f.spec.layout.meta.caption).not.toContain('gemini');
      }
    }
  });
});

describe('table captions', () => {
  test.each(TABLE_NAMES)('%s states the weighting, its intervals (only if it has any) and the provenance under the scenario', (name) => {
    const c = tableCaption(name, scenario);
    expect(c).toContain('employment-weighted');
    expect(c).not.toContain('GDP-weighted');
    // Tables 1, 2, 5 and 14 have no interval columns: a caption that promised them would mislead (issue #25)
    const promise = name === 'table16' ? '10 random portfolios (seed 5)' : '10 task-composition bootstrap draws (seed 5)';
    if (['table01', 'table02', 'table05', 'table14'].includes(name)) expect(c).not.toMatch(/bootstrap draws|intervals from/);
    else expect(c).toContain(promise);
    expect(c).toContain('Data: joules-to-gdp-reconstructed');
  });

  test.each(TABLE_NAMES.filter((n) => !['table02', 'table19', 'table20', 'table21'].includes(n)))('%s states pass@2, not attempt 1', (name) => {
    expect(tableCaption(name, scenario)).toContain('pass@2');
    expect(tableCaption(name, scenario)).not.toMatch(/attempt 1|pass@1/);
  });

  test.each(['table01', 'table13', 'table14', 'table15', 'table16', 'table19'])('%s states the changed node rate', (name) => {
    expect(tableCaption(name, scenario)).toContain('glm-5.2-8xh200 at 50.44 USD/node-hour; other systems at their recorded cost');
  });
});
