/**
 * Weighted digital-task share of an occupation: each O*NET task's adjusted score is the plain mean of
 * its three normalized ratings, frequency / 7, importance / 5 and relevance / 100 (a missing rating is
 * replaced by the occupation's mean of that normalized rating); a task's weight is its adjusted score
 * over the occupation's sum of scores; the share is the sum of the weights of the tasks classified
 * digital. When no task of the occupation has any rating, the weight is the proxy of A.7: the task's
 * number of occurrences (default 1) over the sum of occurrences. A rating no task has is left out of
 * the mean. Dimensionless, in [0, 1].
 * // GDPval 2.1 and A.7 (数字任务加权份额, 调整后任务分, 缺失的任务评分)
 * Throws "digitalTaskShare requires at least one task", "digitalTaskShare requires ratings in range:
 * task t" (frequency in [0, 7], importance in [0, 5], relevance in [0, 100]).
 *
 * Example: `digitalTaskShare([{ task: 'a', digital: true, frequency: 7, importance: 5, relevance: 100 }, { task: 'b', digital: false, frequency: 3.5, importance: 2.5, relevance: 50 }])` // => 0.6666666666666666
 */
import { J2GError } from '../errors.ts';

export interface OnetTask {
  task: string;
  digital: boolean;
  frequency?: number | null;
  importance?: number | null;
  relevance?: number | null;
  /** occurrences of the task in the occupation (the proxy weight when no rating exists) */
  occurrences?: number;
}

const MAX = { frequency: 7, importance: 5, relevance: 100 } as const;
type Rating = keyof typeof MAX;
const RATINGS: Rating[] = ['frequency', 'importance', 'relevance'];

export function digitalTaskShare(tasks: readonly OnetTask[]): number {
  if (tasks.length === 0) throw new J2GError('digitalTaskShare requires at least one task');
  const has = (x: number | null | undefined): x is number => x !== null && x !== undefined;
  for (const t of tasks) {
    for (const r of RATINGS) {
      const v = t[r];
      if (has(v) && !(v >= 0 && v <= MAX[r])) throw new J2GError(`digitalTaskShare requires ratings in range: task ${t.task}`);
    }
  }
  const present = RATINGS.filter((r) => tasks.some((t) => has(t[r])));
  let scores: number[];
  if (present.length === 0) {
    scores = tasks.map((t) => t.occurrences ?? 1);
  } else {
    const meanOf = Object.fromEntries(present.map((r) => {
      const vs = tasks.map((t) => t[r]).filter(has).map((v) => v / MAX[r]);
      return [r, vs.reduce((a, b) => a + b, 0) / vs.length];
    })) as Record<Rating, number>;
    scores = tasks.map((t) => present.reduce((a, r) => a + (has(t[r]) ? t[r]! / MAX[r] : meanOf[r]), 0) / present.length);
  }
  const total = scores.reduce((a, b) => a + b, 0);
  if (!(total > 0)) return 0;
  return tasks.reduce((a, t, i) => a + (t.digital ? scores[i] : 0), 0) / total;
}
