/**
 * The reconstructed dataset (data/recorded/joules-to-gdp-reconstructed/, issue 5) against the paper:
 * every table rebuilt from the committed files by the project's table code, compared with
 * data/published/. Oracle: the printed numbers of Joules-to-GDP (arXiv 2610.30858), Tables 1, 2, 5,
 * 13-22 and the text. Exact targets must print as published; interval endpoints and Table 16 within
 * plain 15% of the published value (no allowance for endpoints near zero); the dataset README's tables of targets must be the ones this comparison renders.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { loadPublished } from '../../kernel-lib/published/index.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { compareReconstruction } from '../../scripts/reconstruct/compare.ts';
import { summaryTable, targetsTable } from '../../scripts/reconstruct/readme.ts';

const DIR = fileURLToPath(new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url));

describe('reconstructed dataset', () => {
  onWarning(null);
  const pub = loadPublished();
  const dataset = loadDataset(DIR);
  const comparison = compareReconstruction(dataset, pub);
  const show = (rs: typeof comparison.rows) => rs.map((r) => `Table ${r.table} ${r.row} / ${r.column}: published ${r.printed}, reproduced ${r.reproduced}`).join('\n');

  it('is marked reconstructed', () => {
    expect(dataset.manifest.provenance).toBe('reconstructed');
    expect(dataset.manifest.bootstrap).toEqual({ draws: 10000, seed: 20260726 });
  });

  it('builds every table', () => {
    expect(comparison.skipped).toEqual({});
  });

  it('prints every exact target as published', () => {
    const exact = comparison.rows.filter((r) => r.kind === 'exact');
    expect(show(exact.filter((r) => r.status !== 'exact'))).toBe('');
    expect(exact.length).toBeGreaterThanOrEqual(524);
  });

  it('reproduces every point estimate of Tables 1, 2, 5, 13, 14, 15, 17, 19-22', () => {
    const compared = new Set(comparison.rows.map((r) => `${r.table}|${r.row}|${r.column}`));
    const missing: string[] = [];
    for (const t of ['1', '2', '5', '13', '14', '15', '17', '18', '19', '20', '21', '22']) {
      for (const c of pub.tables.get(t)!.values()) {
        if (/ (lo|hi)$/.test(c.column)) continue;
        if (!compared.has(`${t}|${c.row}|${c.column}`)) missing.push(`Table ${t} ${c.row} / ${c.column}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('meets the text claims that a dataset determines', () => {
    const text = comparison.rows.filter((r) => r.table === 'text');
    const ids = new Set(text.map((r) => r.row));
    for (const id of ['3.2.gemma_value_less', '3.2.gemma_energy_less', '3.3.h100x8_time_less', '3.3.h100x8_energy_ratio', 'D.1.repeat_match_k', 'D.1.expert_agree_k']) expect(ids.has(id), id).toBe(true);
    expect(show(text.filter((r) => r.status !== 'exact'))).toBe('');
    expect(comparison.qualitative.filter((q) => !q.holds).map((q) => `${q.claim}: ${q.detail}`)).toEqual([]);
  });

  it('keeps every approximate target within plain 15% of the published value', () => {
    expect(show(comparison.rows.filter((r) => r.kind === 'approximate' && !r.withinPlain))).toBe('');
    expect(comparison.rows.filter((r) => r.kind === 'approximate').length).toBeGreaterThanOrEqual(112);
  });

  it('writes the README tables from this comparison', () => {
    const readme = readFileSync(join(DIR, 'README.md'), 'utf8');
    expect(readme).toContain(summaryTable(comparison.rows));
    expect(readme).toContain(targetsTable(comparison.rows));
  });
});
