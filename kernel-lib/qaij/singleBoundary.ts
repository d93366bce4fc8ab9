/**
 * The one energy boundary shared by a set of results. Results measured at different boundaries
 * (device, system, facility, lifecycle) are never pooled or ranked together without a bridge.
 * // QAIJ "Energy boundary"
 * Throws "cannot rank device and system boundaries together" (naming the first two found, in
 * boundary order) and "no results" for an empty set.
 *
 * Example: `singleBoundary([{ boundary: 'system' }, { boundary: 'system' }])` // => 'system'
 */
import { J2GError } from '../errors.ts';
import { ENERGY_BOUNDARIES, type EnergyBoundary } from './types.ts';

export function singleBoundary(results: readonly { boundary: EnergyBoundary }[]): EnergyBoundary {
  if (results.length === 0) throw new J2GError('no results');
  const seen = new Set(results.map((r) => r.boundary));
  if (seen.size > 1) {
    const [a, b] = ENERGY_BOUNDARIES.filter((x) => seen.has(x));
    throw new J2GError(`cannot rank ${a} and ${b} boundaries together`);
  }
  return results[0].boundary;
}
