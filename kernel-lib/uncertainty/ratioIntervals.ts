/**
 * The interval columns of a table cell from its component draws: percentile 95% intervals of
 * NVJ = (G - C)/E (USD/MJ) and TSJ = S/E (hours/MJ), each ratio formed within the draw
 * (Joules-to-GDP J.2, K.1; Tables 17, 19-21 brackets). Null cells when the bootstrap is off.
 * @example ratioIntervals(draws) // => { nvj_lo: 126.0, nvj_hi: 222.4, tsj_lo: 2.87, tsj_hi: 5.02 } (paper's pass@1)
 */
import type { ComponentDraws } from './componentDraws.ts';
import { percentileIntervalInPlace } from './percentileInterval.ts';
import { nvjDraws, tsjDraws } from './ratioDraws.ts';

export interface RatioIntervalColumns {
  nvj_lo: number | null;
  nvj_hi: number | null;
  tsj_lo: number | null;
  tsj_hi: number | null;
}

export const NO_INTERVALS: RatioIntervalColumns = { nvj_lo: null, nvj_hi: null, tsj_lo: null, tsj_hi: null };

export function ratioIntervals(d: ComponentDraws | null | undefined, level = 0.95): RatioIntervalColumns {
  if (!d) return NO_INTERVALS;
  const work = new Float64Array(d.energyMJ.length); // one scratch array, reordered by each selection
  const nvj = percentileIntervalInPlace(nvjDraws(d.valueUSD, d.costUSD, d.energyMJ, work), level);
  const tsj = percentileIntervalInPlace(tsjDraws(d.timeSavingHours, d.energyMJ, work), level);
  return { nvj_lo: nvj.lower, nvj_hi: nvj.upper, tsj_lo: tsj.lower, tsj_hi: tsj.upper };
}
