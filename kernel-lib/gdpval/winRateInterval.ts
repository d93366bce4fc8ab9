/**
 * The pooled win rate of a set of graded tasks, w = sum of wins / sum of comparisons (or wins and
 * ties with 'win-or-tie'), with binomial intervals that take the task as the sampling unit: GDPval's
 * comparisons of one task (3 samples x 3 graders, A.2 text) are not independent trials, so the
 * intervals are those of `clusteredBinomialIntervals` (Korn-Graubard effective number of comparisons,
 * then Wilson, corrected Wilson and exact). Covers task-to-task and grader-to-grader variation of the
 * outcomes as sampled; not grader bias, nor the choice of occupations. Dimensionless, in [0, 1].
 * // GDPval A.2.1 (model win rate w), A.2.2-A.2.5 (win rates by group); QAIJ "Reliability intervals"
 * Throws "winRateInterval requires at least one comparison" and "invalid level: v".
 *
 * Example: tasks with 4 of 4 and 0 of 4 comparisons won // => { estimate: 0.5, effectiveComparisons: 2, wilson: Wilson(1, 2) }
 */
import { J2GError } from '../errors.ts';
import { clusteredBinomialIntervals, type BinomialInterval } from '../stats/binomialIntervals.ts';
import type { Acceptance } from './types.ts';

export interface WinRateInterval {
  estimate: number;
  comparisons: number;
  tasks: number;
  /** independent-comparison equivalents of the clustered comparisons */
  effectiveComparisons: number;
  level: number;
  wilson: BinomialInterval;
  exact: BinomialInterval;
  /** the resampling/sampling unit and what the interval covers */
  unit: 'task (its comparisons are one cluster)';
}

export function winRateInterval(
  tasks: readonly { wins: number; ties: number; losses: number }[],
  accept: Acceptance = 'win',
  level = 0.95,
): WinRateInterval {
  const cells = tasks.filter((t) => t.wins + t.ties + t.losses > 0);
  if (cells.length === 0) throw new J2GError('winRateInterval requires at least one comparison');
  const x = cells.map((t) => (accept === 'win' ? t.wins : t.wins + t.ties));
  const m = cells.map((t) => t.wins + t.ties + t.losses);
  const c = clusteredBinomialIntervals(x, m, level);
  return {
    estimate: c.estimate,
    comparisons: c.trials,
    tasks: c.clusters,
    effectiveComparisons: c.effectiveTrials,
    level,
    wilson: c.wilson,
    exact: c.exact,
    unit: 'task (its comparisons are one cluster)',
  };
}
