/**
 * NVJ and TSJ in every bootstrap draw, each formed from that draw's re-aggregated components, never as
 * a mean of ratios (Joules-to-GDP eq. 2.4, J.2):
 *   NVJ^b = (G^b - C^b) / E^b  (USD/MJ)      TSJ^b = S^b / E^b  (hours/MJ)     WTJ^b = Y^b / E^b (per MJ)
 * A zero (or negative) energy in any draw is an error, as for the point estimate, never Infinity:
 * "netValuePerJoule requires a positive energy: 0".
 * @example nvjDraws(Float64Array.of(52), Float64Array.of(1.1625), Float64Array.of(0.25)) // => [203.35]
 */
import { requirePositive } from '../metrics/requirePositive.ts';

function checkEnergy(fn: string, energyMJ: Float64Array): void {
  for (let b = 0; b < energyMJ.length; b++) if (!(energyMJ[b] > 0)) requirePositive(fn, 'energy', energyMJ[b]);
}

export function nvjDraws(valueUSD: Float64Array, costUSD: Float64Array, energyMJ: Float64Array): Float64Array {
  checkEnergy('netValuePerJoule', energyMJ);
  const out = new Float64Array(energyMJ.length);
  for (let b = 0; b < out.length; b++) out[b] = (valueUSD[b] - costUSD[b]) / energyMJ[b];
  return out;
}

export function tsjDraws(timeSavingHours: Float64Array, energyMJ: Float64Array): Float64Array {
  checkEnergy('timeSavingPerJoule', energyMJ);
  const out = new Float64Array(energyMJ.length);
  for (let b = 0; b < out.length; b++) out[b] = timeSavingHours[b] / energyMJ[b];
  return out;
}

export function winTiePerMJDraws(credit: Float64Array, energyMJ: Float64Array): Float64Array {
  checkEnergy('winTieRatePerMJ', energyMJ);
  const out = new Float64Array(energyMJ.length);
  for (let b = 0; b < out.length; b++) out[b] = credit[b] / energyMJ[b];
  return out;
}
