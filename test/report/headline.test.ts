/**
 * The report's opening result (report/headline.ts): each model's NVJ and TSJ with 95% intervals,
 * ranked, under the scenario. Oracles: Table 1's builder (NVJ of each system, and its components
 * for TSJ = S/E) and Table 17's diagonal (the primary system's intervals on the same draws), both
 * independent code paths of the library; ranks sorted here.
 */
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { reportHeadline, resultHtml } from '../../kernel-lib/report/headline.ts';
import { systemSummaries, table01, table17 } from '../../kernel-lib/tables/index.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';

onWarning(null);
const RECON = new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname;

describe('reportHeadline', () => {
  it('the reconstruction: one row per model ranked by NVJ, the primary system\'s values and intervals those of Tables 1 and 17', () => {
    const options = { dataset: loadDataset(RECON), bootstrap: { draws: 200, seed: 3 } };
    const h = reportHeadline(options);
    expect(h.rows).toHaveLength(5);
    expect(new Set(h.rows.map((r) => r.model)).size).toBe(5);
    for (let i = 1; i < h.rows.length; i++) expect(h.rows[i - 1].nvj).toBeGreaterThanOrEqual(h.rows[i].nvj);
    const t1 = new Map((table01({ ...options, bootstrap: false }).objects() as { system: string; nvj: number }[]).map((r) => [r.system, r.nvj]));
    const sums = new Map(systemSummaries({ ...options, bootstrap: false }).map((s) => [s.system, s]));
    for (const r of h.rows) {
      expect(r.nvj).toBeCloseTo(t1.get(r.system)!, 9);
      expect(r.tsj).toBeCloseTo(sums.get(r.system)!.timeSavingHours / sums.get(r.system)!.energyMJ, 9);
      expect(r.nvjLo!).toBeLessThan(r.nvj);
      expect(r.nvjHi!).toBeGreaterThan(r.nvj);
    }
    const primary = h.rows.filter((r) => r.primary);
    expect(primary.map((r) => r.system)).toEqual(['glm-5.2-8xh200']);
    const diag = (table17(options).objects() as Record<string, number | string>[]).find((r) => r.judgment_reference === 'expert_only' && r.time_reference === 'expert_only')!;
    expect(primary[0].nvjLo).toBeCloseTo(Number(diag.nvj_lo), 9);
    expect(primary[0].tsjHi).toBeCloseTo(Number(diag.tsj_hi), 9);
    expect(h.caption).toContain('200 task-composition bootstrap draws');
  });

  it('another scenario changes the headline: equal weights move the primary system\'s NVJ to Table 1\'s under equal weights', () => {
    const dataset = loadDataset(SMALL);
    const equal = reportHeadline({ dataset, weights: 'equal', bootstrap: false });
    const t1 = (table01({ dataset, weights: 'equal', bootstrap: false }).objects() as { system: string; nvj: number }[]);
    for (const r of equal.rows) expect(r.nvj).toBeCloseTo(t1.find((x) => x.system === r.system)!.nvj, 12);
    expect(equal.rows.every((r) => r.nvjLo === null)).toBe(true); // no bootstrap, no interval
    expect(equal.caption).toContain('equal');
  });
});

describe('resultHtml', () => {
  const h = { rows: [
    { system: 'b', model: 'Model B', nvj: 200.04, nvjLo: 150, nvjHi: 250, tsj: 4.5, tsjLo: 4, tsjHi: 5, primary: false },
    { system: 'a', model: 'Model A', nvj: 168.105, nvjLo: 130.64, nvjHi: 211.17, tsj: 3.8231, tsjLo: 3.014, tsjHi: 4.721, primary: true },
  ], caption: 'GDP-weighted.', left: [{ system: 'c', reason: 'no judgments' }] };
  it('leads with the scenario\'s system, then the ranked table with intervals, then what is left out and the figure', () => {
    const html = resultHtml(h, '<div id="figure-5"></div>');
    expect(html).toContain('<p class="headline">Model A: NVJ <b>168.1 USD/MJ</b> <span class="note">[130.6, 211.2]</span>, TSJ <b>3.823 hours/MJ</b> <span class="note">[3.014, 4.721]</span>; 2nd of 2 models by NVJ.</p>');
    expect(html).toContain('<tr><td>1</td><td>Model B</td><td>200.0 <span class="note">[150.0, 250.0]</span></td>');
    expect(html).toContain('<tr class="primary"><td>2</td><td><b>Model A</b></td>');
    expect(html).toContain('Not evaluated under this scenario: c (no judgments).');
    expect(html.indexOf('headline-table')).toBeLessThan(html.indexOf('<div id="figure-5">'));
  });
});
