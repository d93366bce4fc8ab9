/**
 * The scenario inputs of a GDPval task for one measure: (H, R, M, w) in minutes for 'time' or USD for
 * 'cost', with w the task's win rate under the chosen acceptance rule, and the number of comparisons
 * behind it (so that the pooled win rate can be formed). // GDPval A.2.1
 * Throws what winRate throws.
 *
 * Example: `scenarioInputs(task, 'time', 'win')` // => { human: 404, review: 109, model: 12, winRate: 0.4, comparisons: 5 }
 */
import { winRate } from './winRate.ts';
import type { Acceptance, GdpvalTask, Measure, ScenarioInputs } from './types.ts';

export function scenarioInputs(t: GdpvalTask, measure: Measure, accept: Acceptance = 'win'): ScenarioInputs {
  const w = winRate(t, accept);
  const comparisons = t.wins + t.ties + t.losses;
  return measure === 'time'
    ? { human: t.humanTimeMin, review: t.reviewTimeMin, model: t.modelTimeMin, winRate: w, comparisons }
    : { human: t.humanCostUSD, review: t.reviewCostUSD, model: t.modelCostUSD, winRate: w, comparisons };
}
