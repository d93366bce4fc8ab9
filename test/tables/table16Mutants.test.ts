/**
 * Table 16 (category-rank stability under one-task deletions, J.2) through its facade: what
 * table16.ts itself decides (test/tables/table16.test.ts enumerates three categories' portfolios;
 * rankPortfolios' own arithmetic is tested in test/uncertainty).
 *
 * synthetic-small, two categories: Cat1 = occA (A1, A2), Cat2 = occB (B1, B2) + occC (C1, C2). A
 * portfolio drops one task of Cat1 (two choices) and one of Cat2's four; the category's value is then
 * sum_o (w_o / W_c) X_o / n_o with the dropped task's occupation averaged over its n_o - 1 = 1 task left.
 * By hand (sysX attempt 1, expert-only, G, C, E, S and credit as in synthetic-small.test.ts):
 *   full data        NVJ Cat1 161.67, Cat2 212.5;  TSJ 2.5, 4.45;  win-tie per MJ 1.67, 2.07: leader Cat2 in all three
 *   A1 dropped       Cat1 keeps A2: NVJ -5, TSJ 0, win-tie 0: below every Cat2 value (NVJ 22.8 to 340.3)
 *   A2 dropped       Cat1 keeps A1: NVJ 495, TSJ 7.5, win-tie 5: above every Cat2 value (NVJ at most 340.3, TSJ 6.99, win-tie 3.17)
 * So the leader is kept exactly when A1 is dropped: retention 50% (binomial over 2,000 portfolios: sd
 * 1.1 points), and with two categories rho is +1 (order kept) or -1: its 5% percentile is -1 and 95% +1.
 *
 * Equivalent mutant (`MUTATION_MUTATE=kernel-lib/tables/table16.ts`): `ctx.dataset.manifest?.bootstrap`
 * made `ctx.dataset.manifest.bootstrap`. A Dataset always has a manifest (data/load.ts types it as
 * required), and resolveContext reads manifest.primary_system before table16 runs, so a dataset without
 * one never reaches that line (tried: it throws in resolveComponentOptions either way).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { table16 } from '../../kernel-lib/tables/table16.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';
import { SMALL, columns, editedDataset } from '../helpers/dataset.ts';

onWarning(null);
afterEach(() => clearWarnings());

describe('Table 16 with two categories (synthetic-small)', () => {
  test('leader Cat2 in every ranking, kept in half the portfolios; rho only +1 or -1', () => {
    const c = columns(table16({ dataset: loadDataset(SMALL), bootstrap: { draws: 2000, seed: 9 } }), 6);
    expect(c.ranking).toEqual(['win_tie_per_mj', 'nvj', 'tsj']);
    expect(c.leader).toEqual(['Cat2', 'Cat2', 'Cat2']);
    for (let k = 0; k < 3; k++) {
      expect(Math.abs((c.leader_retained_pct[k] as number) - 50)).toBeLessThan(4.5);
      expect([c.rho_p05[k], c.rho_p95[k]]).toEqual([-1, 1]);
      expect([-1, 0, 1]).toContain(c.median_rho[k]);
    }
    expect(warnings()).toEqual([]);
  });

  test('with the bootstrap off, the portfolios are the manifest\'s draws and seed (2,000, 20260726)', () => {
    const dataset = loadDataset(SMALL);
    const off = columns(table16({ dataset, bootstrap: false }));
    expect(off).toEqual(columns(table16({ dataset, bootstrap: { draws: 2000, seed: 20260726 } })));
    expect(off).not.toEqual(columns(table16({ dataset, bootstrap: { draws: 2000, seed: 20260727 } })));
  });

  test('one category with a positive weight is refused, naming the count', () => {
    const dataset = loadDataset(editedDataset({ 'occupations.csv': (s) => s.replace(/,Cat2,/g, ',Cat1,') }));
    expect(() => table16({ dataset, bootstrap: { draws: 20, seed: 1 } })).toThrow('table16 requires two or more categories with a positive weight: 1');
  });
});

describe('Table 16 with three categories: portfolios without variation', () => {
  test('a ranking whose values all tie in a portfolio is counted as rho 0, with a warning giving the count', () => {
    // occC in a category of its own (table16.test.ts): TSJ and win-tie per MJ are 0 in all three
    // categories exactly when A2, B2 and C2 are kept (1 portfolio of 8: about 250 of 2,000, sd 15)
    const dataset = loadDataset(editedDataset({ 'occupations.csv': (t) => t.replace('occC,11-0003,Cat2', 'occC,11-0003,Cat3') }));
    table16({ dataset, bootstrap: { draws: 2000, seed: 20260726 } });
    const counts = new Map<string, number>();
    for (const w of warnings()) {
      const m = /^table16: (\w+) has no variation in (\d+) of 2000 portfolios; their rank correlation is counted as 0$/.exec(w);
      expect(m, w).not.toBeNull();
      counts.set(m![1], Number(m![2]));
    }
    expect([...counts.keys()].sort()).toEqual(['tsj', 'win_tie_per_mj']);
    for (const n of counts.values()) expect(Math.abs(n - 250)).toBeLessThan(60);
  });
});
