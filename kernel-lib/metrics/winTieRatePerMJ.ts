/**
 * Win-tie rate per megajoule = (share of outputs judged win or tie) / E, per MJ (Joules-to-GDP
 * section 3.1, Figure 3, Table 16). winTieRate is a fraction in [0, 1].
 * @example winTieRatePerMJ(0.6, 0.3) // => 2
 */
import { requirePositive } from './requirePositive.ts';

export function winTieRatePerMJ(winTieRate: number, energyMJ: number): number {
  requirePositive('winTieRatePerMJ', 'energy', energyMJ);
  return winTieRate / energyMJ;
}
