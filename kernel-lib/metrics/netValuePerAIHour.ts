/**
 * Net value per AI hour = (G - C) / L, USD/hour, L the AI-system completion time in hours
 * (Joules-to-GDP section 3.2.1).
 * @example netValuePerAIHour(74.19, 1.92, 22.7 / 60) // => 191.02
 */
import { requirePositive } from './requirePositive.ts';

export function netValuePerAIHour(valueUSD: number, costUSD: number, aiHours: number): number {
  requirePositive('netValuePerAIHour', 'AI time', aiHours);
  return (valueUSD - costUSD) / aiHours;
}
