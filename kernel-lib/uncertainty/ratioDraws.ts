/**
 * NVJ and TSJ in every bootstrap draw, each formed from that draw's re-aggregated components, never as
 * a mean of ratios (Joules-to-GDP eq. 2.4, J.2):
 *   NVJ^b = (G^b - C^b) / E^b  (USD/MJ)      TSJ^b = S^b / E^b  (hours/MJ)     WTJ^b = Y^b / E^b (per MJ)
 * A zero, negative, NaN or infinite energy in any draw is an error, as for the point estimate, never Infinity or 0:
 * "netValuePerJoule requires a positive energy: 0".
 * @example nvjDraws(Float64Array.of(52), Float64Array.of(1.1625), Float64Array.of(0.25)) // => [203.35]
 */
import { J2GError } from '../errors.ts';
import { notPositive } from '../metrics/requirePositive.ts';

/**
 * Every array as long as the energy draws. Each energy draw is checked (energyAt: positive and finite,
 * as for a point estimate) in the loop that divides by it: an infinite energy gave a ratio of 0 until
 * 2 December 2026.
 */
function checkDraws(fn: string, energyMJ: Float64Array, out: Float64Array, ...numerators: Float64Array[]): void {
  for (const x of numerators) if (x.length !== energyMJ.length) throw new J2GError(`${fn} draws: ${x.length} numerator draws for ${energyMJ.length} energy draws`);
  if (out.length !== energyMJ.length) throw new J2GError(`${fn} draws: out has ${out.length} entries for ${energyMJ.length} draws`);
}

/**
 * Draw b's energy, refused by requirePositive's rule and error (notPositive) when it is not positive
 * and finite. A function of this module, which V8 inlines into the loops: requirePositive, imported,
 * was a call per draw under tsx (through a module getter), a tenth of Table 17's time.
 */
function energyAt(fn: string, energyMJ: Float64Array, b: number): number {
  const e = energyMJ[b];
  if (!(e > 0 && e < Infinity)) throw notPositive(fn, 'energy', e);
  return e;
}

/** `out` (optional, length B) receives the draws instead of a new array. */
export function nvjDraws(valueUSD: Float64Array, costUSD: Float64Array, energyMJ: Float64Array, out = new Float64Array(energyMJ.length)): Float64Array {
  checkDraws('netValuePerJoule', energyMJ, out, valueUSD, costUSD);
  for (let b = 0; b < out.length; b++) {
    out[b] = (valueUSD[b] - costUSD[b]) / energyAt('netValuePerJoule', energyMJ, b);
  }
  return out;
}

/**
 * TSJ^b = S^b / E^b in every draw (hours/MJ; eq. 2.4); `out` (optional, length B) receives the draws.
 * @example tsjDraws(Float64Array.of(1.025), Float64Array.of(0.25)) // => [4.1]
 */
export function tsjDraws(timeSavingHours: Float64Array, energyMJ: Float64Array, out = new Float64Array(energyMJ.length)): Float64Array {
  checkDraws('timeSavingPerJoule', energyMJ, out, timeSavingHours);
  for (let b = 0; b < out.length; b++) {
    out[b] = timeSavingHours[b] / energyAt('timeSavingPerJoule', energyMJ, b);
  }
  return out;
}

/**
 * Win-tie rate per MJ in every draw, WTJ^b = Y^b / E^b (win-tie fraction per MJ; Table 13's last column).
 * @example winTiePerMJDraws(Float64Array.of(0.5), Float64Array.of(0.25)) // => [2]
 */
export function winTiePerMJDraws(credit: Float64Array, energyMJ: Float64Array): Float64Array {
  const out = new Float64Array(energyMJ.length);
  checkDraws('winTieRatePerMJ', energyMJ, out, credit);
  for (let b = 0; b < out.length; b++) {
    out[b] = credit[b] / energyAt('winTieRatePerMJ', energyMJ, b);
  }
  return out;
}
