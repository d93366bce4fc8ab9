/**
 * A continuous latency penalty, to be preregistered: full service up to L*, then falling linearly to 0
 * over `widthS` seconds past it, l(L) = min(1, max(0, 1 - (L - L*) / widthS)). With widthS = 0 it is the
 * 0/1 indicator. Dimensionless in [0, 1]; latencies in seconds. "A penalty chosen after observing model
 * results is a ranking control, not a neutral metric."
 * // QAIJ "Latency" (preregistered continuous penalty l_i in [0, 1])
 * Throws "invalid latency-penalty-width: v".
 *
 * Example: `linearLatencyPenalty(10)(15, 10)` // => 0.5
 */
import { J2GError } from '../errors.ts';

export function linearLatencyPenalty(widthS: number): (latencyS: number, latencyMaxS: number) => number {
  if (!(widthS >= 0) || !Number.isFinite(widthS)) throw new J2GError(`invalid latency-penalty-width: ${widthS}`);
  return (latencyS, latencyMaxS) => {
    if (latencyS <= latencyMaxS) return 1;
    if (widthS === 0) return 0;
    return Math.min(1, Math.max(0, 1 - (latencyS - latencyMaxS) / widthS));
  };
}
