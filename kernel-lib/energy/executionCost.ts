/**
 * AI execution cost of a run from its allocated node time and a node-hour rate, and the cost at another
 * rate.
 *
 * executionCostUSD = T_alloc / 3600 x rate.
 * costAtRateUSD: C_i(r) = C_i(base) + T_alloc / 3600 (r - base), so non-node charges in C_i(base) are kept.
 * Joules-to-GDP G.1: C_i(r) = C_i(AWS) + T_alloc_i / 3600 (r - 63.296).
 *
 * Units: allocS seconds, rates USD per node-hour, costs USD. Throws on a negative or non-finite rate.
 *
 * Example: executionCostUSD(1800, 63.296) => 31.648; costAtRateUSD(31.648, 1800, 63.296, 55.04) => 27.52
 */
import { fail } from '../errors.ts';

export function executionCostUSD(allocS: number, rateUSDPerHour: number): number {
  if (!(rateUSDPerHour >= 0) || !Number.isFinite(rateUSDPerHour)) fail(`invalid rate: ${rateUSDPerHour}`);
  return (allocS / 3600) * rateUSDPerHour;
}

export function costAtRateUSD(costBaseUSD: number, allocS: number, baseRateUSDPerHour: number, rateUSDPerHour: number): number {
  if (!(rateUSDPerHour >= 0) || !Number.isFinite(rateUSDPerHour)) fail(`invalid rate: ${rateUSDPerHour}`);
  return costBaseUSD + (allocS / 3600) * (rateUSDPerHour - baseRateUSDPerHour);
}
