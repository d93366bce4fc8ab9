/**
 * Expert time saved by one task's AI output: Y_i * (H_i - L_i) in hours (Joules-to-GDP eq. 2.4
 * numerator). A loss saves nothing; a win slower than the expert gives a negative saving (kept, not
 * clipped: the paper charges it).
 * @example timeSavingHours(1, 3, 0.5) // => 2.5
 */
import { J2GError } from '../errors.ts';

export function timeSavingHours(winTie: number, expertHours: number, aiHours: number): number {
  if (winTie !== 0 && winTie !== 1) throw new J2GError(`timeSavingHours requires a win-tie indicator of 0 or 1: ${winTie}`);
  if (!(expertHours > 0 && Number.isFinite(expertHours))) throw new J2GError(`timeSavingHours requires positive expert hours: ${expertHours}`);
  if (!(aiHours >= 0 && Number.isFinite(aiHours))) throw new J2GError(`timeSavingHours requires non-negative AI hours: ${aiHours}`);
  return winTie * (expertHours - aiHours);
}
