/**
 * Two-order attribution of a total change between crossed cells (Joules-to-GDP K.1 "Interaction and
 * attribution"): from the start cell (expert-only judgments and times) to the end cell (both
 * expert-with-AI), switching judgments first passes through `afterJudgments`, switching times first
 * through `afterTimes`. Each factor's contribution is averaged over the two orders:
 *   judgments = ((start - afterJudgments) + (afterTimes - end)) / 2
 *   times     = ((afterJudgments - end) + (start - afterTimes)) / 2
 * which sum to the total change start - end. Returned as shares of the total change (percent) and as
 * percentage points of the start value. Same units in, dimensionless out.
 * Throws "twoOrderAttribution requires a nonzero total change: 0" and the percentReduction error.
 * @example twoOrderAttribution(168.11, 69.07, 84.90, 50.04).judgmentsSharePct // => 56.7 (rounded; K.1 text)
 */
import { J2GError } from '../errors.ts';
import { percentReduction } from './percentReduction.ts';

export interface Attribution {
  /** share of the total change attributed to judgments, percent */
  judgmentsSharePct: number;
  /** share attributed to time valuation, percent (judgmentsSharePct + timesSharePct = 100) */
  timesSharePct: number;
  /** judgments' contribution in percentage points of the start value */
  judgmentsPoints: number;
  timesPoints: number;
  /** total reduction, percent of the start value */
  totalReductionPct: number;
}

export function twoOrderAttribution(start: number, afterJudgments: number, afterTimes: number, end: number): Attribution {
  for (const [name, x] of [['afterJudgments', afterJudgments], ['afterTimes', afterTimes]] as const) {
    if (!Number.isFinite(x)) throw new J2GError(`twoOrderAttribution requires a finite ${name}: ${x}`);
  }
  const total = start - end;
  if (total === 0 || !Number.isFinite(total)) throw new J2GError(`twoOrderAttribution requires a nonzero total change: ${total}`);
  const judgments = ((start - afterJudgments) + (afterTimes - end)) / 2;
  const times = ((afterJudgments - end) + (start - afterTimes)) / 2;
  const totalReductionPct = percentReduction(start, end);
  return {
    judgmentsSharePct: (100 * judgments) / total,
    timesSharePct: (100 * times) / total,
    judgmentsPoints: (100 * judgments) / start,
    timesPoints: (100 * times) / start,
    totalReductionPct,
  };
}
