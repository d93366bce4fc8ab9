/**
 * Quality-adjusted intelligence per joule, the ratio of expectations
 * QAIJ = sum_i w_i s_i / sum_i w_i E_i, reported with its parts: expected service
 * S = sum w s / sum w (task equivalents) and expected energy E = sum w E / sum w (joules), so that
 * QAIJ = S / E in task equivalents per joule. Never a mean of per-task ratios. Late and failed
 * attempts enter with s_i = 0 and their full energy. `weights`, when given, replace each result's
 * own weight (used for importance reweighting).
 * // QAIJ "Finite-sample estimator", "Ratio implementation"
 * Throws "qualityAdjustedServicePerJoule requires at least one result", "... requires a positive
 * total weight", and "cannot rank A and B boundaries together" for mixed boundaries.
 *
 * Example: one answer, 10 J, every factor 1 // => { serviceMean: 1, energyMeanJ: 10, qaij: 0.1 }
 */
import { J2GError } from '../errors.ts';
import { serviceContribution } from './serviceContribution.ts';
import { singleBoundary } from './singleBoundary.ts';
import type { ServiceOptions, TaskResult } from './types.ts';

export interface QaijEstimate {
  n: number;
  totalWeight: number;
  /** expected service, task equivalents per attempt */
  serviceMean: number;
  /** expected energy, joules per attempt */
  energyMeanJ: number;
  /** task equivalents per joule */
  qaij: number;
}

export interface QaijOptions extends ServiceOptions {
  /** one weight per result, replacing result.weight */
  weights?: readonly number[];
}

export function qualityAdjustedServicePerJoule(results: readonly TaskResult[], options: QaijOptions = {}): QaijEstimate {
  if (results.length === 0) throw new J2GError('qualityAdjustedServicePerJoule requires at least one result');
  singleBoundary(results);
  const { weights } = options;
  if (weights && weights.length !== results.length) throw new J2GError('qualityAdjustedServicePerJoule requires one weight per result');
  let sw = 0, sws = 0, swe = 0;
  results.forEach((r, i) => {
    const w = weights ? weights[i] : r.weight;
    sw += w;
    sws += w * serviceContribution(r, options);
    swe += w * r.energyJ;
  });
  if (!(sw > 0)) throw new J2GError('qualityAdjustedServicePerJoule requires a positive total weight');
  return { n: results.length, totalWeight: sw, serviceMean: sws / sw, energyMeanJ: swe / sw, qaij: sws / swe };
}
