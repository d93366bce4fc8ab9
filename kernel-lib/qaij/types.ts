/**
 * Plain types of the QAIJ toolkit (zod lives only at the edge, in taskResultSchema.ts).
 * // QAIJ "Task-level contribution", "Energy boundary"
 */

/** The four energy profiles of the QAIJ paper; results of different boundaries are never ranked together. */
export type EnergyBoundary = 'device' | 'system' | 'facility' | 'lifecycle';
export const ENERGY_BOUNDARIES: readonly EnergyBoundary[] = ['device', 'system', 'facility', 'lifecycle'];

/** One attempt of one system on one task. */
export interface TaskResult {
  task: string;
  system: string;
  /** measured energy of the attempt in joules, > 0, kept in full for late, failed and refused attempts */
  energyJ: number;
  /** completion latency in seconds, >= 0 */
  latencyS: number;
  /** output tokens under the declared tokenizer, >= 0 */
  tokens: number;
  /** graded fitness q in [0, 1] */
  quality: number;
  /** correctness c in [0, 1] */
  correctness: number;
  /** reliability r in [0, 1] */
  reliability: number;
  /** declared usefulness weight u in [0, 1] */
  usefulness: number;
  /** dimensionless difficulty weight delta >= 0 (1 when difficulty is only stratified) */
  difficultyWeight: number;
  /** sampling weight w >= 0 */
  weight: number;
  /** difficulty stratum or task family, if declared */
  stratum?: string;
  boundary: EnergyBoundary;
}

/**
 * The latency contract: maximum acceptable latency L* in seconds, and optionally a preregistered
 * continuous penalty l(latencyS) in [0, 1] used instead of the 0/1 indicator.
 */
export interface LatencyContract {
  latencyMaxS: number;
  penalty?: (latencyS: number, latencyMaxS: number) => number;
}

/** Whether difficulty weights enter the service product ('weighted') or are set to one ('unweighted'). */
export type DifficultyMode = 'weighted' | 'unweighted';

export interface ServiceOptions {
  latency?: LatencyContract;
  /** default 'weighted' (the s_i); the paper's primary report is 'unweighted' */
  difficulty?: DifficultyMode;
}
