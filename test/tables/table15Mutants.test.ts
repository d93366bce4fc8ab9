/**
 * Table 15 (occupation-level estimates, J.1) and its binomial win-tie intervals, against hand values.
 * synthetic-small, sysX attempt 1, expert-only: each occupation has 2 tasks, one credited (A1, B1
 * tie, C1); NVJ 161.67, 92.5, 246.25 and TSJ 2.5, 2.5, 5 (synthetic-small.test.ts). The edited dataset
 * below credits both occA tasks and neither occB task, so x = 2, 0 and 1 of n = 2.
 * Oracles, z = 1.959963984540054 (the 97.5% normal quantile):
 *   Wilson: centre (p + z^2/2n) / (1 + z^2/n), half z sqrt(p(1-p)/n + z^2/4n^2) / (1 + z^2/n); 0 at x = 0, 1 at x = n;
 *   Clopper-Pearson, closed forms for n = 2: x = 0: [0, 1 - .025^(1/2)]; x = 2: [.025^(1/2), 1];
 *   x = 1: [1 - sqrt(.975), sqrt(.975)] (1 - (1 - p)^2 = .025 and 1 - p^2 = .025).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { table15, winTieInterval, occupationSummaries } from '../../kernel-lib/tables/table15.ts';
import { clearWarnings, onWarning } from '../../kernel-lib/warn.ts';
import { SMALL, columns, editedDataset } from '../helpers/dataset.ts';

onWarning(null);
afterEach(() => clearWarnings());

const z = 1.959963984540054;
function wilson(x: number, n: number): [number, number] {
  const p = x / n, d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d, half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [x === 0 ? 0 : 100 * (centre - half), x === n ? 100 : 100 * (centre + half)];
}
const EXACT: Record<number, [number, number]> = { 0: [0, 100 * (1 - Math.sqrt(0.025))], 1: [100 * (1 - Math.sqrt(0.975)), 100 * Math.sqrt(0.975)], 2: [100 * Math.sqrt(0.025), 100] };
// occA both credited, occB neither, occC one of two
const EDITED = { 'judgments.csv': (s: string) => s.replace('xA2a1,expert_only,J1,loss', 'xA2a1,expert_only,J1,win').replace('xB1a1,expert_only,J1,tie', 'xB1a1,expert_only,J1,loss') };

describe('Table 15 by hand', () => {
  test('occupations in name order with tasks, win-tie %, NVJ, TSJ and Wilson intervals of 1 of 2', () => {
    const t = columns(table15({ dataset: loadDataset(SMALL) }), 9);
    expect(Object.keys(t)).toEqual(['occupation', 'tasks', 'win_tie_pct', 'nvj', 'tsj', 'win_tie_lo', 'win_tie_hi']);
    expect(t.occupation).toEqual(['occA', 'occB', 'occC']);
    expect(t.tasks).toEqual([2, 2, 2]);
    expect(t.win_tie_pct).toEqual([50, 50, 50]);
    expect(t.nvj).toEqual([Number((48.5 / 0.3).toFixed(9)), 92.5, 246.25]);
    const [lo, hi] = wilson(1, 2);
    t.win_tie_lo.forEach((v) => expect(v as number).toBeCloseTo(lo, 8));
    t.win_tie_hi.forEach((v) => expect(v as number).toBeCloseTo(hi, 8));
  });

  test('x = 2, 0 and 1 of 2 under each interval method: Wilson, Clopper-Pearson closed forms, the corrected Wilson wider than Wilson', () => {
    const dataset = loadDataset(editedDataset(EDITED));
    const w = columns(table15({ dataset }), 12);
    expect(w.win_tie_pct).toEqual([100, 0, 50]);
    [2, 0, 1].forEach((x, o) => {
      expect(w.win_tie_lo[o] as number).toBeCloseTo(wilson(x, 2)[0], 9);
      expect(w.win_tie_hi[o] as number).toBeCloseTo(wilson(x, 2)[1], 9);
    });
    const e = columns(table15({ dataset, winTieInterval: 'exact' }), 12);
    [2, 0, 1].forEach((x, o) => {
      expect(e.win_tie_lo[o] as number).toBeCloseTo(EXACT[x][0], 7);
      expect(e.win_tie_hi[o] as number).toBeCloseTo(EXACT[x][1], 7);
    });
    const c = columns(table15({ dataset, winTieInterval: 'wilson_corrected' }), 12);
    [2, 0, 1].forEach((x, o) => {
      expect(c.win_tie_lo[o] as number).toBeLessThanOrEqual(w.win_tie_lo[o] as number);
      expect(c.win_tie_hi[o] as number).toBeGreaterThanOrEqual(w.win_tie_hi[o] as number);
    });
    expect(c.win_tie_hi[1] as number).toBeGreaterThan((w.win_tie_hi[1] as number) + 1);
    expect(c.win_tie_lo[2] as number).toBeLessThan((w.win_tie_lo[2] as number) - 1);
  });

  test('winTieInterval: percent bounds, Wilson by default, an unknown method (even an Object key) refused with the methods named', () => {
    expect(winTieInterval(1, 2)).toEqual({ win_tie_lo: expect.closeTo(wilson(1, 2)[0], 9), win_tie_hi: expect.closeTo(wilson(1, 2)[1], 9) });
    expect(winTieInterval(0, 2, 'exact')).toEqual({ win_tie_lo: 0, win_tie_hi: expect.closeTo(EXACT[0][1], 7) });
    for (const bad of ['clopper', 'toString', 'constructor']) {
      expect(() => winTieInterval(1, 2, bad as never)).toThrow(`invalid winTieInterval: ${bad} (expected wilson, wilson_corrected, exact)`);
    }
  });

  test('occupationSummaries: name order even when occupations.csv lists them otherwise, with category, task count and weight', () => {
    const dataset = loadDataset(editedDataset({ 'occupations.csv': (s) => { const [h, a, b, c, ...rest] = s.split('\n'); return [h, c, b, a, ...rest].join('\n'); } }));
    const s = occupationSummaries({ dataset });
    expect(s.map((o) => o.occupation)).toEqual(['occA', 'occB', 'occC']);
    expect(s.map((o) => o.category)).toEqual(['Cat1', 'Cat2', 'Cat2']);
    expect(s.map((o) => o.tasks)).toEqual([2, 2, 2]);
    s.forEach((o, k) => expect(o.weight).toBeCloseTo([0.15, 0.45, 0.4][k], 12));
    expect(s[2].nvj).toBeCloseTo(246.25, 9);
  });
});
