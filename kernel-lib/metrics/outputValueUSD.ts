/**
 * Credited output dollar value of one task: G_i = Y_i * H_i * W_o (Joules-to-GDP eq. in 2.1-2.2).
 * Y_i is 1 for a win or tie and 0 for a loss, H_i the expert completion time in hours, W_o the
 * occupation's median hourly wage in USD/hour. Result in USD.
 * @example outputValueUSD(1, 2.5, 40) // => 100
 */
import { J2GError } from '../errors.ts';

export function outputValueUSD(winTie: number, expertHours: number, wageUSDPerHour: number): number {
  if (winTie !== 0 && winTie !== 1) throw new J2GError(`outputValueUSD requires a win-tie indicator of 0 or 1: ${winTie}`);
  if (!(expertHours > 0 && Number.isFinite(expertHours))) throw new J2GError(`outputValueUSD requires positive expert hours: ${expertHours}`);
  if (!(wageUSDPerHour > 0 && Number.isFinite(wageUSDPerHour))) throw new J2GError(`outputValueUSD requires a positive wage: ${wageUSDPerHour}`);
  return winTie * expertHours * wageUSDPerHour;
}
