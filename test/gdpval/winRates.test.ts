import { describe, expect, it } from 'vitest';
import { completionTimeBucket, winRate, winRateInterval, winRatesBy, type GdpvalTask } from '../../kernel-lib/gdpval/index.ts';
import { wilsonInterval } from '../../kernel-lib/stats/binomialIntervals.ts';

const task = (over: Partial<GdpvalTask>): GdpvalTask => ({
  task: 't', model: 'm', sector: 'Retail', occupation: 'Buyer', deliverableType: 'pdf',
  humanTimeMin: 60, humanCostUSD: 50, reviewTimeMin: 10, reviewCostUSD: 8, modelTimeMin: 2, modelCostUSD: 1,
  wins: 1, ties: 1, losses: 1, ...over,
});

describe('winRate', () => {
  it('counts wins, or wins and ties, over comparisons', () => {
    expect(winRate({ wins: 1, ties: 1, losses: 2 })).toBe(0.25);
    expect(winRate({ wins: 1, ties: 1, losses: 2 }, 'win-or-tie')).toBe(0.5);
    expect(() => winRate({ task: 'x', wins: 0, ties: 0, losses: 0 })).toThrow('winRate requires at least one comparison: x');
  });
});

describe('completionTimeBucket (GDPval A.2.5)', () => {
  it('puts times into 0-2h, 2-4h, 4-8h, 8h+ with edges going up', () => {
    expect([0, 119, 120, 300, 480, 2000].map((m) => completionTimeBucket(m))).toEqual(['0-2h', '0-2h', '2-4h', '4-8h', '8h+', '8h+']);
    expect(() => completionTimeBucket(10, [4, 2])).toThrow('invalid buckets: 4,2');
  });
});

describe('winRatesBy (GDPval A.2.2-A.2.5)', () => {
  const tasks = [
    task({ task: 'a', sector: 'Retail', wins: 2, ties: 0, losses: 1, humanTimeMin: 30 }),
    task({ task: 'b', sector: 'Retail', wins: 1, ties: 1, losses: 1, humanTimeMin: 300 }),
    task({ task: 'c', sector: 'Government', wins: 0, ties: 1, losses: 2, humanTimeMin: 700 }),
  ];
  it('pools comparisons per sector (hand computation)', () => {
    expect(winRatesBy(tasks, 'sector')).toMatchObject([
      { group: 'Government', tasks: 1, comparisons: 3, winRate: 0, winOrTieRate: 1 / 3 },
      { group: 'Retail', tasks: 2, comparisons: 6, winRate: 0.5, winOrTieRate: 4 / 6 },
    ]);
  });
  it('groups by completion-time bucket in bucket order', () => {
    expect(winRatesBy(tasks, 'completionTime', [2, 10]).map((r) => [r.group, r.tasks])).toEqual([['0-2h', 1], ['2-10h', 1], ['10h+', 1]]);
  });
});

describe('win-rate intervals (issue 30, GDPval A.2.2-A.2.5)', () => {
  it('with one comparison per task the interval is the plain Wilson interval of wins in comparisons', () => {
    const ts = [1, 0, 1, 1, 0, 0, 0, 1, 0, 0].map((w, i) => task({ task: `t${i}`, wins: w, ties: 0, losses: 1 - w }));
    const w = winRateInterval(ts);
    const oracle = wilsonInterval(4, 10); // independent comparisons: Korn-Graubard effective n = n
    expect(w.estimate).toBe(0.4);
    expect(w.effectiveComparisons).toBe(10);
    expect(w.wilson.lower).toBeCloseTo(oracle.lower, 14);
    expect(w.wilson.upper).toBeCloseTo(oracle.upper, 14);
  });

  it('takes the task as the sampling unit: 4 of 4 won and 0 of 4 won count as 2 independent comparisons, not 8', () => {
    // p = 1/2, v = ((4 - 2)^2 + (0 - 2)^2)/64 = 1/8, n* = p(1-p)/v = 2: Wilson(1, 2) (hand computation)
    const w = winRateInterval([task({ wins: 4, ties: 0, losses: 0 }), task({ wins: 0, ties: 0, losses: 4 })]);
    expect(w.effectiveComparisons).toBeCloseTo(2, 12);
    expect(w.wilson.lower).toBeCloseTo(wilsonInterval(1, 2).lower, 12);
    expect(w.wilson.upper).toBeCloseTo(wilsonInterval(1, 2).upper, 12);
  });

  it('puts an interval containing the rate on every group, with a lower bound of exactly 0 for a group never won', () => {
    const tasks = [
      task({ task: 'a', sector: 'Retail', wins: 2, ties: 0, losses: 1 }),
      task({ task: 'b', sector: 'Retail', wins: 1, ties: 1, losses: 1 }),
      task({ task: 'c', sector: 'Government', wins: 0, ties: 1, losses: 2 }),
    ];
    for (const g of winRatesBy(tasks, 'sector')) {
      expect(g.winRateInterval.lower).toBeLessThanOrEqual(g.winRate);
      expect(g.winRateInterval.upper).toBeGreaterThanOrEqual(g.winRate);
      expect(g.winOrTieRateInterval.lower).toBeLessThanOrEqual(g.winOrTieRate);
      expect(g.winOrTieRateInterval.upper).toBeGreaterThanOrEqual(g.winOrTieRate);
    }
    expect(winRatesBy(tasks, 'sector')[0].winRateInterval.lower).toBe(0); // Wilson at x = 0 (test/stats/binomialIntervals.test.ts has the case that rounded to 2.8e-17)
  });
});
