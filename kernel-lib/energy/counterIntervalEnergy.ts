/**
 * Energy between two readings of a cumulative energy counter, in the counter's own unit.
 *
 * Formula: d = next - prev; for a wrapping counter (RAPL `energy_uj`) a decrease is one wrap, d + range,
 * with range = `max_energy_range_uj` (read once by the logger). Several wraps cannot be seen in the
 * values: when the elapsed time at the power ceiling could hold d + range, the interval is ambiguous and
 * flagged (d is kept, the smallest energy consistent with the readings). For a non-wrapping counter
 * (NVML's mJ counter) a decrease is a reset: the interval's energy is unknown, counted as 0 and flagged.
 * QAIJ "Meter uncertainty": counter wraparound must be tested.
 *
 * Units: prev, next and range in counter units, elapsedS in seconds, ceilingUnitsPerS in counter units
 * per second (W x 1e6 for uJ). Domain: elapsedS > 0.
 *
 * Example: counterIntervalEnergy(65_000e6, 500e6, 65_532_610_987, 1, 1000e6)
 *   => { energy: 1_032_610_987, flag: null }   (one wrap of an AMD-sized 65.5 kJ range, ~1033 J)
 */
export type CounterFlag = 'counter-reset' | 'ambiguous-wrap' | null;

export function counterIntervalEnergy(
  prev: number,
  next: number,
  range: number | null,
  elapsedS: number,
  ceilingUnitsPerS: number,
): { energy: number; flag: CounterFlag } {
  let d = next - prev;
  if (range === null) {
    if (d < 0) return { energy: 0, flag: 'counter-reset' };
    return { energy: d, flag: null };
  }
  if (d < 0) d += range;
  const flag = ceilingUnitsPerS * elapsedS >= d + range ? 'ambiguous-wrap' : null;
  return { energy: d, flag };
}
