/**
 * Win rate and win-or-tie rate of the model against the human deliverable, per group of tasks:
 * sum of wins / sum of comparisons, and (wins + ties) / comparisons, pooled over the group's
 * comparisons. Groups by sector, occupation, deliverable type or completion-time bucket, sorted by
 * name (buckets by their lower edge). Each rate carries its Wilson interval with the task as the
 * sampling unit (`winRateInterval`). Dimensionless, in [0, 1]. // GDPval A.2.2-A.2.5
 * Throws what completionTimeBucket throws, and "invalid level: v".
 *
 * Example: `winRatesBy(tasks, 'sector')[0]` // => { group: 'Retail', tasks: 2, comparisons: 6, winRate: 0.5, winOrTieRate: 0.6666666666666666, winRateInterval: {...}, ... }
 */
import { completionTimeBucket } from './completionTimeBucket.ts';
import { winRateInterval } from './winRateInterval.ts';
import type { GdpvalTask } from './types.ts';

export type WinRateGrouping = 'sector' | 'occupation' | 'deliverableType' | 'completionTime';

export interface GroupWinRate {
  group: string;
  tasks: number;
  comparisons: number;
  winRate: number;
  winOrTieRate: number;
  /** Wilson interval of winRate, task as the sampling unit */
  winRateInterval: { lower: number; upper: number };
  winOrTieRateInterval: { lower: number; upper: number };
  /** independent-comparison equivalents behind the intervals */
  effectiveComparisons: number;
}

export function winRatesBy(tasks: readonly GdpvalTask[], by: WinRateGrouping, bucketEdgesH?: readonly number[], level = 0.95): GroupWinRate[] {
  const acc = new Map<string, { tasks: number; n: number; wins: number; ties: number; members: GdpvalTask[] }>();
  for (const t of tasks) {
    const key = by === 'completionTime' ? completionTimeBucket(t.humanTimeMin, bucketEdgesH) : t[by];
    const a = acc.get(key) ?? { tasks: 0, n: 0, wins: 0, ties: 0, members: [] };
    a.tasks++;
    a.members.push(t);
    a.n += t.wins + t.ties + t.losses;
    a.wins += t.wins;
    a.ties += t.ties;
    acc.set(key, a);
  }
  return [...acc.entries()]
    .sort(([a], [b]) => (by === 'completionTime' ? parseFloat(a) - parseFloat(b) : 0) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([group, a]) => {
      const w = winRateInterval(a.members, 'win', level);
      const wt = winRateInterval(a.members, 'win-or-tie', level);
      return {
        group,
        tasks: a.tasks,
        comparisons: a.n,
        winRate: a.wins / a.n,
        winOrTieRate: (a.wins + a.ties) / a.n,
        winRateInterval: { lower: w.wilson.lower, upper: w.wilson.upper },
        winOrTieRateInterval: { lower: wt.wilson.lower, upper: wt.wilson.upper },
        effectiveComparisons: w.effectiveComparisons,
      };
    });
}
