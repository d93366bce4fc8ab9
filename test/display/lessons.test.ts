/**
 * Notebook 06's lessons (display/lessons.ts) are computed from its tables and say what the numbers
 * say, under several scenarios: the paper's (NVJ nearly insensitive to the node rate because C is
 * small next to G; the NVJ leader the more stable), employment weights (the TSJ leader the more
 * stable: the sentence turns), and node rates far above the recorded ones (NVJ sensitive).
 *
 * Oracles: hand-made Table 5 and 16 rows (arithmetic below); on the reconstruction, the identity
 * NVJ x E + C = G of each category at every rate (Table 13's G and E), which says Table 5's C and
 * Table 13's G are on one basis, so C / G is the share the words quote.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leaderLessonWords, leaderStability, notebookPaperTable, openNotebook, rateLessonWords, rateSensitivity, sensitivityLessons, showSensitivityLessons, type MimeBundle } from '../../kernel-lib/display/index.ts';
import { categorySummaries } from '../../kernel-lib/tables/table13.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';

const RECON = new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname;

describe('the node-rate lesson', () => {
  // X: G 100, C 1 and 2 -> 2% of G; NVJ 99 and 98 -> moves 1/98 = 1.02%. Y: G 60, C 3 and 6 -> 10%; NVJ 50 and 47 -> 3/47 = 6.38%
  const rows = [
    { category: 'X', ai_cost_usd_a: 1, ai_cost_usd_b: 2, nvj_a: 99, nvj_b: 98 },
    { category: 'Y', ai_cost_usd_a: 3, ai_cost_usd_b: 6, nvj_a: 50, nvj_b: 47 },
  ];
  const G = new Map([['X', 100], ['Y', 60]]);

  it('takes the largest C / G and NVJ spread over categories and rates (hand arithmetic)', () => {
    const r = rateSensitivity(rows, G);
    expect(r.rates).toEqual(['a', 'b']);
    expect(r.maxCostSharePct).toBeCloseTo(10, 12);
    expect(r.costShareCategory).toBe('Y');
    expect(r.maxNvjMovePct).toBeCloseTo(300 / 47, 12);
    expect(r.nvjMoveCategory).toBe('Y');
    // median of 1.02% and 6.38%: their mean (two categories); of three, the middle one
    expect(r.medianNvjMovePct).toBeCloseTo((100 / 98 + 300 / 47) / 2, 12);
    expect(rateSensitivity([...rows, { category: 'Z', ai_cost_usd_a: 1, ai_cost_usd_b: 1, nvj_a: 10, nvj_b: 10 }], new Map([...G, ['Z', 20]])).medianNvjMovePct).toBeCloseTo(100 / 98, 12);
    expect(r.orderKept).toBe(true);
    // Y's NVJ at rate b above X's: the order changes
    expect(rateSensitivity([rows[0], { ...rows[1], nvj_b: 98.5 }], G).orderKept).toBe(false);
  });

  it('says "nearly insensitive because C is small next to G" only when the median category\'s NVJ moves under 5%', () => {
    const sensitive = rateLessonWords(rateSensitivity([rows[1]], G));
    expect(sensitive).toBe("NVJ = (G − C)/E: a node rate changes only the AI cost C, not the output value G or the energy E. Across Table 5's 2 rates (a, b), C is at most 10% of a category's output value G (Y); a category's NVJ moves by 6.4% (the median category), at most 6.4% (Y). The categories' NVJ order is the same at every rate. NVJ is sensitive to the node rate here: C is not small next to G, so re-pricing moves the median category's NVJ by 5% or more.");
    // X and Y: median 3.7% (under 5%) though Y moves 6.4%
    const small = rateLessonWords(rateSensitivity(rows, G));
    expect(small).toContain('a category\'s NVJ moves by 3.7% (the median category), at most 6.4% (Y)');
    expect(small).toMatch(/NVJ is nearly insensitive to the node rate here because C is small next to G\.$/);
    expect(small).not.toMatch(/denominator/);
  });
});

describe('the leader-stability lesson', () => {
  const t16 = (nvj: number, tsj: number) => [
    { ranking: 'win_tie_per_mj', leader: 'W', leader_retained_pct: 10 },
    { ranking: 'nvj', leader: 'A', leader_retained_pct: nvj },
    { ranking: 'tsj', leader: 'B', leader_retained_pct: tsj },
  ];
  it('reads the NVJ and TSJ rows and says which leader is the more stable, agreeing with the paper or not', () => {
    expect(leaderStability(t16(72.5, 43))).toEqual({ nvj: { leader: 'A', retainedPct: 72.5 }, tsj: { leader: 'B', retainedPct: 43 } });
    expect(leaderLessonWords(leaderStability(t16(72.5, 43)))).toBe('In Table 16 the NVJ leader (A) keeps first place in 72.5% of the one-task-deletion portfolios and the TSJ leader (B) in 43%: the NVJ leader is the more stable of the two here, as the paper finds.');
    expect(leaderLessonWords(leaderStability(t16(59.72, 89.76)))).toContain(': the TSJ leader is the more stable of the two here, the opposite of the paper\'s finding');
    expect(leaderLessonWords(leaderStability(t16(50, 50)))).toContain('the two leaders are equally stable here');
    expect(() => leaderStability(t16(1, 2).slice(0, 2))).toThrow('Table 16 has no tsj row');
  });
});

describe('notebook 06 under several scenarios', () => {
  it('the paper\'s scenario: C small next to G (the identity NVJ x E + C = G holds per category), NVJ leader the more stable', () => {
    const nb = openNotebook({ data: RECON, draws: 200 }, {});
    onWarning(null);
    const t5 = notebookPaperTable(nb, '5').objects() as Record<string, number | string>[];
    const cats = new Map(categorySummaries(nb.options).map((c) => [c.category, c]));
    for (const r of t5) for (const k of ['aws', 'coreweave', 'gcp']) {
      const c = cats.get(String(r.category))!;
      expect(Number(r[`nvj_${k}`]) * c.energyMJ + Number(r[`ai_cost_usd_${k}`])).toBeCloseTo(c.valueUSD, 6);
    }
    const [rate, leader] = sensitivityLessons(nb);
    expect(rate).toMatch(/Across Table 5's 3 rates \(aws, coreweave, gcp\), C is at most [\d.]+% of a category's output value G/);
    expect(rate).toMatch(/nearly insensitive to the node rate here because C is small next to G\.$/);
    expect(leader).toMatch(/the NVJ leader is the more stable of the two here, as the paper finds\.$/);
    // the lesson reads the table the notebook showed (one build per scenario)
    expect(notebookPaperTable(nb, '16')).toBe(notebookPaperTable(nb, '16'));
  });

  it('employment weights: the TSJ leader is the more stable, and the lesson says so', () => {
    const nb = openNotebook({ data: RECON, draws: 200, weights: 'employment' }, {});
    onWarning(null);
    const s = leaderStability(notebookPaperTable(nb, '16').objects() as Record<string, unknown>[]);
    expect(s.tsj.retainedPct).toBeGreaterThan(s.nvj.retainedPct);
    expect(sensitivityLessons(nb)[1]).toContain('the TSJ leader is the more stable of the two here, the opposite of the paper\'s finding');
  });

  it('node rates 1,000 times the recorded one on synthetic-small: NVJ sensitive, and the markdown output carries both lessons', () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-rates-'));
    const file = join(dir, 'rates.csv');
    // sysX's recorded rate is 10 USD per node-hour: C grows 1,000-fold, from about 1% of G to about G
    writeFileSync(file, 'provider,usd_per_node_hour\nlow,10\nhigh,10000\n');
    const nb = openNotebook({ data: SMALL, draws: 50, ratesFile: file }, {});
    onWarning(null);
    const bundles: MimeBundle[] = [];
    showSensitivityLessons(nb, { sink: (b) => void bundles.push(b) });
    expect(bundles).toHaveLength(1);
    const md = String(bundles[0]['text/markdown']);
    expect(md).toContain('**What to notice.** NVJ = (G − C)/E');
    expect(md).toContain("Across Table 5's 2 rates (low, high)");
    expect(md).toContain('NVJ is sensitive to the node rate here');
    expect(md).toMatch(/\*\*What to notice\.\*\* In Table 16 the NVJ leader/);
  });
});
