/**
 * Unit conversions of the importers, each named after both of its units, so that no energy crosses a
 * file boundary without saying what it is. Our runs.csv `_mj` is **megajoules** (the paper's USD/MJ);
 * NVML and Zeus spell **millijoules** `_mj` (`nvmlDeviceGetTotalEnergyConsumption`, Zeus' `cpu_mj`), a
 * factor of 1e9 apart: never pass a value from one of them to the other without one of these.
 */

/** Joules to megajoules (runs.csv `energy_mj`): E_MJ = E_J / 1e6. @example joulesToMegajoules(2291.4954888) // => 0.0022914954888 */
export function joulesToMegajoules(energyJ: number): number {
  return energyJ / 1e6;
}

/** Millijoules (NVML's and Zeus' `_mj`) to joules: E_J = E_mJ / 1e3. @example millijoulesToJoules(1500) // => 1.5 */
export function millijoulesToJoules(energyMilliJ: number): number {
  return energyMilliJ / 1e3;
}

/** Kilowatt-hours (CodeCarbon) to joules: 1 kWh = 3.6e6 J. @example kilowattHoursToJoules(0.001) // => 3600 */
export function kilowattHoursToJoules(energyKWh: number): number {
  return energyKWh * 3.6e6;
}

/** Seconds to hours (runs.csv `ai_hours`, L in section 2.2). @example secondsToHours(5400) // => 1.5 */
export function secondsToHours(durationS: number): number {
  return durationS / 3600;
}

/** A runs.csv megajoule cell from joules, 9 decimals (1 mJ), as `j2g energy` writes it. @example formatMegajoules(2291.4954888) // => '0.002291495' */
export function formatMegajoules(energyJ: number): string {
  return joulesToMegajoules(energyJ).toFixed(9);
}

/** A runs.csv hours cell from seconds, 9 decimals, as `j2g energy` writes it. @example formatHours(3.273564984) // => '0.000909324' */
export function formatHours(durationS: number): string {
  return secondsToHours(durationS).toFixed(9);
}
