import { describe, expect, test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateDataset, writeGeneratedDataset } from '../../kernel-lib/data/generate.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';

describe('generated datasets', () => {
  test('pass the schema with the paper shape: 44 occupations x 5 tasks, 4 attempts on the primary system, 1 on the other', () => {
    const ds = loadDataset(writeGeneratedDataset(mkdtempSync(join(tmpdir(), 'j2g-gen-')), { seed: 7 }));
    expect(ds.rows.occupations).toHaveLength(44);
    expect(new Set(ds.rows.occupations.map((o) => o.category)).size).toBe(13);
    expect(ds.rows.tasks).toHaveLength(220);
    expect(ds.rows.runs).toHaveLength(220 * 4 + 220);
    // per run: expert-only and expert-with-AI by the primary judge; two more judges on the primary system
    const byJudge = (j: string) => ds.rows.judgments.filter((x) => x.judge === j).length;
    expect(byJudge('gemini')).toBe(2 * (220 * 4 + 220));
    expect(byJudge('haiku')).toBe(220 * 4);
    expect(byJudge('human')).toBeLessThanOrEqual(32);
    expect(ds.warnings).toEqual([]);
  });
  test('are byte-identical for a fixed seed and differ across seeds', () => {
    expect(generateDataset({ seed: 3, occupations: 5 })).toEqual(generateDataset({ seed: 3, occupations: 5 }));
    expect(generateDataset({ seed: 3, occupations: 5 })['runs.csv']).not.toBe(generateDataset({ seed: 4, occupations: 5 })['runs.csv']);
  });
});
