/**
 * Quality-adjusted intelligence per joule, the ratio of expectations
 * QAIJ = sum_i w_i s_i / sum_i w_i E_i, reported with its parts: expected service
 * S = sum w s / sum w (task equivalents) and expected energy E = sum w E / sum w (joules), so that
 * QAIJ = S / E in task equivalents per joule. Never a mean of per-task ratios. Late and failed
 * attempts enter with s_i = 0 and their full energy. `weights`, when given, replace each result's
 * own weight (used for importance reweighting). The three sums are correctly rounded (`exactSum`), so
 * they do not depend on the order of the rows: two systems with the same attempts listed in another
 * order get bit-identical estimates, and tie (a running sum gave 0.20000000000000004 and
 * 0.19999999999999998 J, ranked 1 and 2).
 * // QAIJ "Finite-sample estimator", "Ratio implementation"
 * Throws "qualityAdjustedServicePerJoule requires at least one result", "... requires a positive
 * total weight", and "cannot rank A and B boundaries together" for mixed boundaries.
 *
 * Example: one answer, 10 J, every factor 1 // => { serviceMean: 1, energyMeanJ: 10, qaij: 0.1 }
 */
import { J2GError } from '../errors.ts';
import { exactSum } from '../stats/exactSum.ts';
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
  const ws: number[] = [], wss: number[] = [], wes: number[] = [];
  results.forEach((r, i) => {
    const w = weights ? weights[i] : r.weight;
    ws.push(w);
    wss.push(w * serviceContribution(r, options));
    wes.push(w * r.energyJ);
  });
  const sw = exactSum(ws), sws = exactSum(wss), swe = exactSum(wes);
  if (!(sw > 0)) throw new J2GError('qualityAdjustedServicePerJoule requires a positive total weight');
  return { n: results.length, totalWeight: sw, serviceMean: sws / sw, energyMeanJ: swe / sw, qaij: sws / swe };
}
