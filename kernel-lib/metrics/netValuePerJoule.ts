/**
 * Net Value per Joule, NVJ = (G - C) / E in USD/MJ (Joules-to-GDP eq. 2.4), formed from aggregated
 * components (occupation, category or GDP-weighted benchmark averages), never as a mean of ratios.
 * G credited output value (USD), C AI execution cost (USD), E energy (MJ).
 * Throws when E is not positive.
 * @example netValuePerJoule(74.19, 1.92, 0.43) // => 168.07
 */
import { requireFinite, requirePositive } from './requirePositive.ts';

export function netValuePerJoule(valueUSD: number, costUSD: number, energyMJ: number): number {
  requireFinite('netValuePerJoule', 'value', valueUSD);
  requireFinite('netValuePerJoule', 'cost', costUSD);
  requirePositive('netValuePerJoule', 'energy', energyMJ);
  return (valueUSD - costUSD) / energyMJ;
}
