import { describe, expect, test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateDataset, writeGeneratedDataset } from '../../kernel-lib/data/generate.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';

describe('generated datasets', () => {
  test('pass the schema: 44 occupations x 5 tasks, 4 attempts on the primary system, 1 on the other', () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-gen-'));
    writeGeneratedDataset(dir, { seed: 7 });
    const ds = loadDataset(dir);
    expect(ds.rows.occupations).toHaveLength(44);
    expect(ds.rows.tasks).toHaveLength(220);
    expect(ds.rows.runs).toHaveLength(220 * 4 + 220);
    expect(ds.rows.judgments).toHaveLength(2 * (220 * 5));
    expect(ds.warnings).toEqual([]);
  });
  test('are byte-identical for a fixed seed and differ across seeds', () => {
    expect(generateDataset({ seed: 3, occupations: 5 })).toEqual(generateDataset({ seed: 3, occupations: 5 }));
    expect(generateDataset({ seed: 3, occupations: 5 })['runs.csv']).not.toBe(generateDataset({ seed: 4, occupations: 5 })['runs.csv']);
  });
});
