/**
 * Meter uncertainty added to the task bootstrap: measured energy is E~_i = E_i + eps_i + beta, with
 * eps_i random measurement error and beta the calibration bias ("Repetition can reduce the first term
 * but not the second"). Both are taken relative to the reading and normal with mean 0: beta / E ~
 * N(0, relativeBiasSd^2), one draw per bootstrap replicate shared by every attempt; eps_i / E_i ~
 * N(0, relativeNoiseSd^2) independently per attempt, which moves a replicate's weighted mean energy by a
 * relative error with sd relativeNoiseSd / sqrt(n_eff) (n_eff the Kish effective number of attempts).
 * Replicate b's true mean energy is then E_b * f_b with f_b = 1 + beta_b + epsbar_b, and its QAIJ
 * theta_b / f_b; the intervals are the percentiles of those. The point estimate does not move (the
 * errors have mean 0). Covers source 4 of "Sources of uncertainty" as modelled here, on top of what the
 * task bootstrap covers; says nothing about timestamp misalignment.
 * // QAIJ "Meter uncertainty" (E~ = E + eps + beta), "Sources of uncertainty"
 * Throws "invalid meter-bias-sd: v" and "invalid meter-noise-sd: v" (each must lie in [0, 0.2], so that
 * f stays positive in practice), "invalid level: v".
 *
 * Example: `meterErrorIntervals({ qaij: Float64Array.of(0.1), energyMeanJ: Float64Array.of(10) }, { relativeBiasSd: 0, relativeNoiseSd: 0 }, { effectiveAttempts: 1 }).qaij` // => { lower: 0.1, upper: 0.1 }
 */
import { J2GError } from '../errors.ts';
import { createRng } from '../random/prng.ts';
import { normalQuantile } from '../stats/normalQuantile.ts';
import { percentileSorted } from '../stats/percentile.ts';
import type { Interval } from './bootstrapQaij.ts';

export interface MeterErrorModel {
  /** sd of the calibration bias beta as a share of the reading */
  relativeBiasSd: number;
  /** sd of an attempt's random error eps_i as a share of its reading */
  relativeNoiseSd: number;
}

const TWO_32 = 4294967296;

export function meterErrorIntervals(
  replicates: { qaij: Float64Array; energyMeanJ: Float64Array },
  model: MeterErrorModel,
  options: { effectiveAttempts: number; seed?: number; level?: number },
): { qaij: Interval | null; energyMeanJ: Interval | null } {
  const { relativeBiasSd: sb, relativeNoiseSd: se } = model;
  if (!(sb >= 0 && sb <= 0.2)) throw new J2GError(`invalid meter-bias-sd: ${sb}`);
  if (!(se >= 0 && se <= 0.2)) throw new J2GError(`invalid meter-noise-sd: ${se}`);
  const level = options.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new J2GError(`invalid level: ${level}`);
  const n = replicates.qaij.length;
  if (n === 0) return { qaij: null, energyMeanJ: null };
  const rng = createRng(options.seed ?? 1);
  // a standard normal from one 32-bit uniform by the inverse CDF, never at 0 or 1
  const z = () => normalQuantile((Math.floor(rng.next() * TWO_32) + 0.5) / TWO_32);
  const noiseSd = se / Math.sqrt(Math.max(1, options.effectiveAttempts));
  const q = new Float64Array(n), e = new Float64Array(n);
  for (let b = 0; b < n; b++) {
    const f = 1 + sb * z() + noiseSd * z();
    q[b] = replicates.qaij[b] / f;
    e[b] = replicates.energyMeanJ[b] * f;
  }
  q.sort();
  e.sort();
  const at = (a: Float64Array) => ({ lower: percentileSorted(a, (1 - level) / 2), upper: percentileSorted(a, (1 + level) / 2) });
  return { qaij: at(q), energyMeanJ: at(e) };
}
