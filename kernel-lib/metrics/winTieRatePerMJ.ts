/**
 * Win-tie rate per megajoule = (share of outputs judged win or tie) / E, per MJ (Joules-to-GDP
 * section 3.1, Figure 3, Table 16). winTieRate is a fraction in [0, 1] (up to 1e-12 of rounding in an
 * average); a percent (60) is refused. Throws for a non-positive energy.
 * @example winTieRatePerMJ(0.6, 0.3) // => 2
 */
import { J2GError } from '../errors.ts';
import { requirePositive } from './requirePositive.ts';

export function winTieRatePerMJ(winTieRate: number, energyMJ: number): number {
  if (!(winTieRate >= 0 && winTieRate <= 1 + 1e-12)) throw new J2GError(`winTieRatePerMJ requires a win-tie rate in [0, 1]: ${winTieRate}`);
  requirePositive('winTieRatePerMJ', 'energy', energyMJ);
  return winTieRate / energyMJ;
}
