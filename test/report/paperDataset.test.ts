/**
 * Whether a dataset is the paper's, on data (report/paperDataset.ts). Oracle: data/published/table01.csv
 * has five models (GLM 5.2, Qwen3.6-27B, Gemma 4 31B, GPT-OSS 120B, GPT-OSS 20B); Table 17's
 * expert-only/expert-only NVJ 168.11 rounds to GLM 5.2's Table 1 NVJ 168.1, so GLM 5.2 is the primary.
 */
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { loadPublished } from '../../kernel-lib/published/index.ts';
import { applicableChecks, paperMatch, paperModels, paperPrimaryModel } from '../../kernel-lib/report/paperDataset.ts';
import type { Comparison } from '../../kernel-lib/report/compare.ts';
import { SMALL, editedDataset } from '../helpers/dataset.ts';

const published = loadPublished();
const RECONSTRUCTED = new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname;
const renamed = (from: string, to: string) => loadDataset(editedDataset({ 'systems.csv': (t) => t.replace(from, to) }));

describe('paperMatch', () => {
  test("the paper's models and primary model come from the published tables", () => {
    expect(paperModels(published)).toEqual(['GLM 5.2', 'Qwen3.6-27B', 'Gemma 4 31B', 'GPT-OSS 120B', 'GPT-OSS 20B']);
    expect(paperPrimaryModel(published)).toBe('GLM 5.2');
  });

  test('the reconstructed dataset has every model of the paper: it is the paper\'s', () => {
    expect(paperMatch(loadDataset(RECONSTRUCTED), published)).toMatchObject({ isPaper: true, primaryShared: true });
  });

  test('synthetic-small shares no model; a copy whose primary is GLM 5.2 shares it; one whose second system is Gemma shares only that', () => {
    expect(paperMatch(loadDataset(SMALL), published)).toMatchObject({ isPaper: false, models: ['Model X', 'Model Y'], shared: [], primaryShared: false });
    expect(paperMatch(renamed('Model X', 'GLM 5.2'), published)).toMatchObject({ isPaper: false, shared: ['GLM 5.2'], primaryShared: true });
    expect(paperMatch(renamed('Model Y', 'Gemma 4 31B'), published)).toMatchObject({ isPaper: false, shared: ['Gemma 4 31B'], primaryShared: false });
  });
});

describe('applicableChecks', () => {
  const row = (table: string, r: string, status: Comparison['status']): Comparison => ({ table, row: r, column: 'c', published: 1, printed: '1', reproduced: status === 'not reproduced' ? null : 2, difference: null, status, byConstruction: false });
  const rows = [row('1', 'GLM 5.2', 'off'), row('1', 'Gemma 4 31B', 'not reproduced'), row('13', 'Legal', 'off'), row('13', 'Sales', 'not reproduced'), row('text', 'c1', 'exact')];
  const match = (shared: string[], primaryShared: boolean) => ({ isPaper: false, models: [], shared, paper: [], primaryShared });

  test("the paper's dataset: every check", () => {
    expect(applicableChecks(rows, { ...match([], false), isPaper: true })).toEqual(rows);
  });

  test('another dataset: only reproduced rows it shares; the primary-system tables only when the primary model is shared', () => {
    expect(applicableChecks(rows, match(['GLM 5.2'], true)).map((c) => `${c.table}:${c.row}`)).toEqual(['1:GLM 5.2', '13:Legal', 'text:c1']);
    expect(applicableChecks(rows, match(['GLM 5.2'], false)).map((c) => `${c.table}:${c.row}`)).toEqual(['1:GLM 5.2']);
    expect(applicableChecks(rows, match([], false))).toEqual([]);
  });
});
