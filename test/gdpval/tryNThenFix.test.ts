import { describe, expect, it } from 'vitest';
import { expectedTryNThenFix, expectedTryOnceThenFix, naiveRatio, tryNThenFixRatio, type ScenarioInputs } from '../../kernel-lib/gdpval/index.ts';
import { createRng, type Rng } from '../../kernel-lib/random/prng.ts';

/** Direct simulation of one task under "try n times, then fix" (GDPval A.2.1, in words). */
function simulateOnce(t: ScenarioInputs, tries: number, rng: Rng): number {
  let spent = 0;
  for (let k = 0; k < tries; k++) {
    spent += t.model + t.review; // sample the model, then review the deliverable
    if (rng.next() < t.winRate) return spent; // accepted
  }
  return spent + t.human; // never satisfied: the expert does the task
}

const tasks: ScenarioInputs[] = [
  { human: 404, review: 109, model: 12, winRate: 0.4 },
  { human: 120, review: 30, model: 3, winRate: 0.8 },
  { human: 900, review: 200, model: 25, winRate: 0.1 },
  { human: 60, review: 20, model: 1, winRate: 0 },
];

describe('expectedTryNThenFix', () => {
  it('agrees with a seeded simulation of the try-n-then-fix process, per task and averaged (GDPval A.2.1)', () => {
    // Oracle: Monte Carlo of the process itself; tolerance 4 standard errors of the simulated mean.
    const rng = createRng(20250924);
    const trials = 20000;
    for (const n of [1, 2, 3, 5, 10]) {
      let meanSim = 0;
      let meanFormula = 0;
      for (const t of tasks) {
        const xs = Array.from({ length: trials }, () => simulateOnce(t, n, rng));
        const m = xs.reduce((a, b) => a + b, 0) / trials;
        const sd = Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (trials - 1));
        const f = expectedTryNThenFix(t, n);
        expect(Math.abs(m - f)).toBeLessThanOrEqual(4 * (sd / Math.sqrt(trials)) + 1e-9);
        meanSim += m / tasks.length;
        meanFormula += f / tasks.length;
      }
      const h = tasks.reduce((a, t) => a + t.human, 0) / tasks.length;
      expect(h / meanSim).toBeCloseTo(tryNThenFixRatio(tasks, n), 1);
    }
  });

  it('equals the sum form sum_k (1-w)^(k-1)(M+R) + (1-w)^n H', () => {
    for (const t of tasks) {
      for (const n of [1, 4, 7]) {
        let s = 0;
        for (let k = 1; k <= n; k++) s += (1 - t.winRate) ** (k - 1) * (t.model + t.review);
        s += (1 - t.winRate) ** n * t.human;
        expect(expectedTryNThenFix(t, n)).toBeCloseTo(s, 9);
      }
    }
  });

  it('try once is M + R + (1 - w) H', () => {
    expect(expectedTryOnceThenFix({ human: 400, review: 100, model: 10, winRate: 0.5 })).toBe(310);
  });

  it('tends to (M + R)/w as n grows, and to infinity when w = 0', () => {
    const t = tasks[0];
    expect(expectedTryNThenFix(t, Infinity)).toBeCloseTo((12 + 109) / 0.4, 12);
    expect(expectedTryNThenFix(t, 200)).toBeCloseTo(expectedTryNThenFix(t, Infinity), 9);
    expect(expectedTryNThenFix(tasks[3], Infinity)).toBe(Infinity);
    expect(expectedTryNThenFix(tasks[3], 3)).toBe(3 * 21 + 60);
    // per-task limit: one never-won task makes the average infinite
    expect(tryNThenFixRatio(tasks, Infinity, { limit: 'per-task' })).toBe(0);
    expect(tryNThenFixRatio(tasks.slice(0, 3), Infinity, { limit: 'per-task' })).toBeCloseTo(
      (404 + 120 + 900) / 3 / ((121 / 0.4 + 33 / 0.8 + 225 / 0.1) / 3),
      12,
    );
  });

  it('the default n -> infinity limit is the paper plug-in H / ((M + R) / w) with the aggregate win rate (GDPval A.2.1)', () => {
    // H = (404 + 120 + 900 + 60)/4 = 371, M + R = (121 + 33 + 225 + 21)/4 = 100, w = (0.4 + 0.8 + 0.1 + 0)/4 = 0.325
    expect(tryNThenFixRatio(tasks, Infinity)).toBeCloseTo(371 / (100 / 0.325), 12);
    expect(tryNThenFixRatio(tasks, Infinity, { limit: 'aggregate' })).toBe(tryNThenFixRatio(tasks, Infinity));
    expect(tryNThenFixRatio(tasks.map((t) => ({ ...t, winRate: 0 })), Infinity)).toBe(0);
    expect(() => tryNThenFixRatio(tasks, Infinity, { limit: 'mean' as never })).toThrow('invalid limit: mean');
  });

  it('refuses bad tries and win rates', () => {
    expect(() => expectedTryNThenFix(tasks[0], 0)).toThrow('invalid tries: 0');
    expect(() => expectedTryNThenFix(tasks[0], 1.5)).toThrow('invalid tries: 1.5');
    expect(() => expectedTryNThenFix({ ...tasks[0], winRate: 1.2 }, 1)).toThrow('tryNThenFix requires a win rate in [0, 1]');
  });
});

describe('naiveRatio', () => {
  it('is mean human over mean model (GDPval A.2.1, H_T / M_T)', () => {
    expect(naiveRatio(tasks)).toBeCloseTo((404 + 120 + 900 + 60) / (12 + 3 + 25 + 1), 12);
  });
});

describe('tryNThenFixRatio limit (issue 30)', () => {
  // Tasks with unequal numbers of comparisons: pooled w = (1 + 0 + 3)/(3 + 9 + 3) = 4/15, mean of w_i = (1/3 + 0 + 1)/3 = 4/9.
  const unequal: ScenarioInputs[] = [
    { human: 400, review: 100, model: 10, winRate: 1 / 3, comparisons: 3 },
    { human: 60, review: 20, model: 5, winRate: 0, comparisons: 9 },
    { human: 200, review: 50, model: 8, winRate: 1, comparisons: 3 },
  ];

  it('the aggregate limit uses the pooled win rate (wins over all comparisons, GDPval A.2.1 "频率"), not the mean of per-task rates', () => {
    // H = 220, M + R = (110 + 25 + 58)/3 = 193/3; pooled w = 4/15 (hand computation)
    expect(tryNThenFixRatio(unequal, Infinity)).toBeCloseTo(220 / (193 / 3 / (4 / 15)), 12);
  });

  it('the per-task limit is what try_n approaches at large n, 0 when a task is never won', () => {
    // the never-won task costs n (M + R) + H, so try_n falls like 1/n towards the limit 0
    expect(tryNThenFixRatio(unequal, Infinity, { limit: 'per-task' })).toBe(0);
    expect(tryNThenFixRatio(unequal, 1e9)).toBeLessThan(1e-7);
    expect(tryNThenFixRatio(unequal, 1e9)).toBeLessThan(tryNThenFixRatio(unequal, 1e6));
    const won = unequal.filter((t) => t.winRate > 0);
    expect(tryNThenFixRatio(won, 1e9)).toBeCloseTo(tryNThenFixRatio(won, Infinity, { limit: 'per-task' }), 9);
  });

  it('both limits agree when every task has the same win rate (then the plug-in is the limit of try_n)', () => {
    const same = unequal.map((t) => ({ ...t, winRate: 0.4 }));
    expect(tryNThenFixRatio(same, Infinity)).toBeCloseTo(tryNThenFixRatio(same, Infinity, { limit: 'per-task' }), 12);
    expect(tryNThenFixRatio(same, 1e9)).toBeCloseTo(tryNThenFixRatio(same, Infinity), 12);
  });
});
