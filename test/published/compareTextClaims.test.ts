import { describe, expect, it } from 'vitest';
import { compareWithPublished } from '../../kernel-lib/compare/index.ts';
import { loadPublished } from '../../kernel-lib/published/index.ts';

describe('compareWithPublished on text claims printed as words or with thousands separators', () => {
  const pub = loadPublished();
  it('compares "nine", "four" and "10,000" instead of leaving them as not reproduced', () => {
    const rows = compareWithPublished([
      { table: 'text', row: '2.1.sectors', column: 'value', value: 9 },
      { table: 'text', row: '3.1.comp_vs_personal_nvj', column: 'value', value: 3.9 },
      { table: 'text', row: 'J.2.draws', column: 'value', value: 10000 },
      { table: 'text', row: 'K.2.runs', column: 'value', value: 7 },
    ], pub);
    expect(rows.map((r) => [r.row, r.published, r.status])).toEqual([
      ['2.1.sectors', 9, 'exact'],
      ['3.1.comp_vs_personal_nvj', 4, 'exact'],
      ['J.2.draws', 10000, 'exact'],
      ['K.2.runs', 4, 'off'],
    ]);
  });
});
