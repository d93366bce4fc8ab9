/**
 * Table 16 through its facade with three categories (#29: its only table test had two categories,
 * where rho can only be +1 or -1). synthetic-small with occC moved to a category of its own:
 * Cat1 = occA (A1, A2), Cat2 = occB (B1, B2), Cat3 = occC (C1, C2), one occupation of two tasks each,
 * so a portfolio keeps one task per category, each with probability 1/2: 8 equally likely portfolios.
 *
 * Per task (sysX attempt 1, expert-only; see synthetic-small.test.ts), the values a category keeps:
 *   NVJ  (G - C) / E:  A1 495, A2 -5;  B1 190, B2 -5;  C1 396, C2 -10/3.  Full: 161.7, 92.5, 246.25 (leader Cat3)
 *   TSJ  S / E:        A1 7.5, A2 0;   B1 5, B2 0;     C1 8, C2 0.         Full: 2.5, 2.5, 5 (leader Cat3)
 *   win-tie per MJ:    A1 5, A2 0;     B1 10, B2 0;    C1 2, C2 0.         Full: 1.67, 5, 1.25 (leader Cat2)
 * Leader kept (a tie counts as first): NVJ: C1 kept and A2 kept (2 of 8), or C2, A2 and B2 kept
 *   (-10/3 > -5, 1 of 8): 3/8. TSJ: C1 kept (4 of 8), or all three at 0 (a tie, 1): 5/8. Win-tie: 5/8 likewise.
 * NVJ's rho over the 8 portfolios (average ranks against full ranks 2, 1, 3): -0.5 (2), 0.5 (4), 0.866 (2):
 *   5% percentile -0.5, median 0.5, 95% 0.866. TSJ: -0.866 (1), -0.5 (2), 0 (1: all zero, counted 0),
 *   0.866 (3), 1 (1): 5% -0.866, 95% 1.
 * With 2000 portfolios the retention is binomial: sd 1.1 points, so 4.5 points is 4 sd.
 */
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { table16 } from '../../kernel-lib/tables/index.ts';
import { columns, editedDataset } from '../helpers/dataset.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

onWarning(null);
const dataset = loadDataset(editedDataset({ 'occupations.csv': (t) => t.replace('occC,11-0003,Cat2', 'occC,11-0003,Cat3') }));

describe('Table 16 with three categories (hand-enumerated portfolios)', () => {
  // Built in each test, not when the file is collected: code run at collection is 'static' to Stryker's
  // per-test coverage, and each of its mutants then reruns every test of the folder (#29). 20 ms a call.
  const table = () => columns(table16({ dataset, bootstrap: { draws: 2000, seed: 20260726 } }), 4);

  test('leaders by ranking: Cat2 for win-tie per MJ, Cat3 for NVJ and TSJ', () => {
    const c = table();
    expect(c.ranking).toEqual(['win_tie_per_mj', 'nvj', 'tsj']);
    expect(c.leader).toEqual(['Cat2', 'Cat3', 'Cat3']);
  });

  test('leader retention 62.5%, 37.5%, 62.5% (a tie with the leader counts as kept)', () => {
    const c = table();
    [62.5, 37.5, 62.5].forEach((want, k) => expect(Math.abs((c.leader_retained_pct[k] as number) - want), c.ranking[k] as string).toBeLessThan(4.5));
  });

  test('win-tie per MJ rho percentiles are values of the enumerated distribution: 5% -0.866, 95% 1', () => {
    const c = table();
    // win-tie per MJ portfolios: -0.866 (1 of 8), -0.5 (1), 0 (2, one of them all zero), 0.5 (1), 0.866 (1), 1 (2)
    expect([c.rho_p05[0], c.rho_p95[0]]).toEqual([-0.866, 1]);
  });

  // Mathematically tied category values must tie (#29): rankPortfolios' leave-one-out arithmetic
  // (num - w s / n_o + w (s - x_t) / (n_o - 1)) / W gives Cat1 keeping A2 an NVJ of -4.999999999999999
  // where Cat2 keeping B2 gives -5; compared exactly, that tie was broken and the two tied portfolios got
  // rho 1 instead of 0.866 (and TSJ's full-data tie of Cat1 and Cat2 at 2.5 was broken likewise).
  // Ties now follow stats/tie.ts (1e-9 relative), the rule #22's leader ties use.
  test('NVJ rho percentiles are -0.5, 0.5, 0.866 and TSJ 5% -0.866, 95% 1, as average ranks of the tied values give', () => {
    const c = table();
    expect([c.rho_p05[1], c.median_rho[1], c.rho_p95[1]]).toEqual([-0.5, 0.5, 0.866]);
    expect([c.rho_p05[2], c.rho_p95[2]]).toEqual([-0.866, 1]);
  });
});
