/**
 * Plain types of GDPval's speed and cost scenarios (GDPval A.2.1) and grader agreement (A.6.1).
 * Times in minutes, costs in US dollars.
 */

/** One task as graded for one model: human, review and model time and cost, and the pairwise outcomes. */
export interface GdpvalTask {
  task: string;
  model: string;
  sector: string;
  occupation: string;
  deliverableType: string;
  /** H_T: expert completion time, minutes */
  humanTimeMin: number;
  /** H_C: expert completion cost, USD */
  humanCostUSD: number;
  /** R_T: expert review time of one model deliverable, minutes */
  reviewTimeMin: number;
  /** R_C: review cost, USD */
  reviewCostUSD: number;
  /** M_T: model sampling time, minutes */
  modelTimeMin: number;
  /** M_C: model sampling cost, USD */
  modelCostUSD: number;
  /** pairwise comparisons the model deliverable won, tied and lost against the human deliverable */
  wins: number;
  ties: number;
  losses: number;
}

/** Which pairwise outcome counts as an acceptable model deliverable in the scenarios. */
export type Acceptance = 'win' | 'win-or-tie';

/** Time or cost. */
export type Measure = 'time' | 'cost';

/** One task's human, review and model amounts of one measure, and the acceptance probability w. */
export interface ScenarioInputs {
  /** H: human completion time or cost */
  human: number;
  /** R: review time or cost */
  review: number;
  /** M: model sampling time or cost */
  model: number;
  /** w: probability that one model deliverable is accepted, in [0, 1] */
  winRate: number;
  /** number of pairwise comparisons behind w (wins + ties + losses); weights w in the pooled win rate */
  comparisons?: number;
}

/** A grade of one sample by one rater, on GDPval's pairwise scale: 1 prefers the model, 0 the human, 0.5 a tie. */
export interface Grade {
  sample: string;
  model: string;
  rater: string;
  kind: 'human' | 'autograder';
  score: 0 | 0.5 | 1;
}
