import { describe, expect, it } from 'vitest';
import { completionTimeBucket, winRate, winRatesBy, type GdpvalTask } from '../../kernel-lib/gdpval/index.ts';

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
    expect(winRatesBy(tasks, 'sector')).toEqual([
      { group: 'Government', tasks: 1, comparisons: 3, winRate: 0, winOrTieRate: 1 / 3 },
      { group: 'Retail', tasks: 2, comparisons: 6, winRate: 0.5, winOrTieRate: 4 / 6 },
    ]);
  });
  it('groups by completion-time bucket in bucket order', () => {
    expect(winRatesBy(tasks, 'completionTime', [2, 10]).map((r) => [r.group, r.tasks])).toEqual([['0-2h', 1], ['2-10h', 1], ['10h+', 1]]);
  });
});
