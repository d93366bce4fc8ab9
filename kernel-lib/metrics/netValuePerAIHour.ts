/**
 * Net value per AI hour = (G - C) / L, USD/hour, L the AI-system completion time in hours
 * (Joules-to-GDP section 3.2.1).
 * @example netValuePerAIHour(74.19, 1.92, 22.7 / 60) // => 191.02
 */
import { requireFinite, requirePositive } from './requirePositive.ts';

export function netValuePerAIHour(valueUSD: number, costUSD: number, aiHours: number): number {
  requireFinite('netValuePerAIHour', 'value', valueUSD);
  requireFinite('netValuePerAIHour', 'cost', costUSD);
  requirePositive('netValuePerAIHour', 'AI time', aiHours);
  return (valueUSD - costUSD) / aiHours;
}
