/**
 * Time Saving per Joule, TSJ = S / E in hours/MJ (Joules-to-GDP eq. 2.4), S the aggregated
 * time saving (hours), E the aggregated energy (MJ). Throws when E is not positive.
 * @example timeSavingPerJoule(1.64, 0.43) // => 3.814
 */
import { requireFinite, requirePositive } from './requirePositive.ts';

export function timeSavingPerJoule(timeSavingHours: number, energyMJ: number): number {
  requireFinite('timeSavingPerJoule', 'time saving', timeSavingHours);
  requirePositive('timeSavingPerJoule', 'energy', energyMJ);
  return timeSavingHours / energyMJ;
}
