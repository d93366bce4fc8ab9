/**
 * Latency service factor l_i(L*): 1 when latencyS <= latencyMaxS, else 0; or, when the contract
 * declares a continuous penalty, that penalty's value (checked to lie in [0, 1]). Without a
 * contract every answer is on time (1). Dimensionless; latencyS in seconds, >= 0.
 * // QAIJ "Latency"
 * Throws "invalid latency-max: v" for a negative or non-finite L*, and
 * "latency penalty must return a value in [0, 1], got v".
 *
 * Example: `latencyIndicator(3, { latencyMaxS: 2 })` // => 0
 */
import { J2GError } from '../errors.ts';
import type { LatencyContract } from './types.ts';

export function latencyIndicator(latencyS: number, contract?: LatencyContract): number {
  if (!contract) return 1;
  const { latencyMaxS, penalty } = contract;
  if (!(latencyMaxS >= 0) || !Number.isFinite(latencyMaxS)) throw new J2GError(`invalid latency-max: ${latencyMaxS}`);
  if (!penalty) return latencyS <= latencyMaxS ? 1 : 0;
  const v = penalty(latencyS, latencyMaxS);
  if (!(v >= 0 && v <= 1)) throw new J2GError(`latency penalty must return a value in [0, 1], got ${v}`);
  return v;
}
