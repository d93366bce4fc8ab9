/**
 * Net value per dollar of AI cost = (G - C) / C, USD/USD (Joules-to-GDP section 3.2.1).
 * @example netValuePerAIDollar(74.19, 1.92) // => 37.64
 */
import { requireFinite, requirePositive } from './requirePositive.ts';

export function netValuePerAIDollar(valueUSD: number, costUSD: number): number {
  requireFinite('netValuePerAIDollar', 'value', valueUSD);
  requirePositive('netValuePerAIDollar', 'cost', costUSD);
  return (valueUSD - costUSD) / costUSD;
}
