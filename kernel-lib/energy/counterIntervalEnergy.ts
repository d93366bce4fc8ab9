/**
 * Energy between two readings of a cumulative energy counter, in the counter's own unit.
 *
 * Formula: d = next - prev, and the ceiling bound c = ceilingUnitsPerS x (elapsedS + 1 s), the most
 * energy the device can use in the interval; the 1 s of slack absorbs stamping jitter (a reading is
 * stamped on arrival, and a busy node can delay that) so that only readings far off are refused.
 * - Wrapping counter (RAPL `energy_uj`, range = `max_energy_range_uj`, read once by the logger): a
 *   decrease is one wrap, d + range, only if that is plausible, d + range <= c; otherwise it is a reset
 *   (a counter that stepped back: a 20 J step back on a 262 kJ range would be 262 kJ), counted as 0 and
 *   flagged `counter-reset`. Several wraps cannot be seen in the values: when c could hold d + range, the
 *   interval is ambiguous and flagged (d is kept, the smallest energy consistent with the readings).
 * - Non-wrapping counter (NVML's mJ counter, range null): a decrease is a reset, counted as 0, flagged.
 * - Either: an increase above c is implausible (a garbled reading), counted as 0 and flagged
 *   `implausible-power`.
 * QAIJ "Meter uncertainty": counter wraparound must be tested.
 *
 * Units: prev, next and range in counter units, elapsedS in seconds, ceilingUnitsPerS in counter units
 * per second (W x 1e6 for uJ). Domain: elapsedS > 0.
 *
 * Example: counterIntervalEnergy(65_000e6, 500e6, 65_532_610_987, 2, 1000e6)
 *   => { energy: 1_032_610_987, flag: null }   (one wrap of an AMD-sized 65.5 kJ range, ~1033 J in 2 s)
 * Example: counterIntervalEnergy(100e6, 80e6, 262_143_328_850, 0.1, 1000e6)
 *   => { energy: 0, flag: 'counter-reset' }    (a wrap would be 262 kJ in 0.1 s: a reset)
 */
/** seconds of timing slack in the power-ceiling bound */
const TIMING_SLACK_S = 1;

export type CounterFlag = 'counter-reset' | 'ambiguous-wrap' | 'implausible-power' | null;

export function counterIntervalEnergy(
  prev: number,
  next: number,
  range: number | null,
  elapsedS: number,
  ceilingUnitsPerS: number,
): { energy: number; flag: CounterFlag } {
  let d = next - prev;
  const maxEnergy = ceilingUnitsPerS * (elapsedS + TIMING_SLACK_S);
  if (d < 0) {
    if (range === null) return { energy: 0, flag: 'counter-reset' };
    d += range;
    // (d < 0 still: the reading before was above the range, itself garbled)
    if (!(d >= 0 && d <= maxEnergy)) return { energy: 0, flag: 'counter-reset' };
  } else if (!(d <= maxEnergy)) {
    return { energy: 0, flag: 'implausible-power' };
  }
  if (range === null) return { energy: d, flag: null };
  const flag = ceilingUnitsPerS * elapsedS >= d + range ? 'ambiguous-wrap' : null;
  return { energy: d, flag };
}
