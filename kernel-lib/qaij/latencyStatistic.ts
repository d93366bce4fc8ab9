/**
 * The latency statistic L(x) of a system that the frontier checks against the contract L*: the
 * q-quantile (type 7, linear interpolation) of its attempts' latencies in seconds, by default the
 * median (q = 0.5). A system is feasible for the frontier when L(x) <= L*. The median asks that a
 * typical attempt meets the contract, so a system late on every attempt is filtered out, while one
 * late answer in two (QAIJ Example 2) is not; q = 0.9 or 0.99 asks it of the tail (QAIJ Step 10, "tail
 * percentiles"). Seconds; latencies >= 0, 0 <= q <= 1.
 * // QAIJ "Definition" (L(x) a latency statistic), "Frontier implementation" ("first filters points that violate L*")
 * Throws "latencyStatistic requires at least one latency" and "invalid frontier-latency-quantile: v".
 *
 * Example: `latencyStatistic([1, 3])` // => 2
 */
import { J2GError } from '../errors.ts';
import { percentileSorted } from '../stats/percentile.ts';

export const DEFAULT_FRONTIER_LATENCY_QUANTILE = 0.5;

export function latencyStatistic(latenciesS: readonly number[], quantile = DEFAULT_FRONTIER_LATENCY_QUANTILE): number {
  if (!(quantile >= 0 && quantile <= 1)) throw new J2GError(`invalid frontier-latency-quantile: ${quantile}`);
  if (latenciesS.length === 0) throw new J2GError('latencyStatistic requires at least one latency');
  return percentileSorted(Float64Array.from(latenciesS).sort(), quantile);
}
