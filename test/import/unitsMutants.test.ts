/**
 * The importers' unit conversions (kernel-lib/import/units.ts), each against a hand computation with
 * values where multiplying and dividing give different answers (issue #29: mutation testing).
 *
 * Oracles, by hand: 2,500,000 J = 2.5 MJ; 1,500 mJ = 1.5 J; 0.5 kWh = 0.5 x 3,600,000 J = 1,800,000 J;
 * 5,400 s = 1.5 h; runs.csv cells carry 9 decimals: 2,291.4954888 J = 0.0022914954888 MJ -> '0.002291495',
 * 3.273564984 s = 0.000909323606... h -> '0.000909324'.
 */
import { describe, expect, it } from 'vitest';
import { formatHours, formatMegajoules, joulesToMegajoules, kilowattHoursToJoules, millijoulesToJoules, secondsToHours } from '../../kernel-lib/import/units.ts';

describe('import units (by hand)', () => {
  it('joules to megajoules divides by 1e6: 2,500,000 J = 2.5 MJ, 3 J = 0.000003 MJ', () => {
    expect(joulesToMegajoules(2_500_000)).toBe(2.5);
    expect(joulesToMegajoules(3)).toBeCloseTo(3e-6, 18);
  });

  it('millijoules (NVML, Zeus `_mj`) to joules divides by 1e3: 1,500 mJ = 1.5 J', () => {
    expect(millijoulesToJoules(1500)).toBe(1.5);
    expect(millijoulesToJoules(2)).toBe(0.002);
  });

  it('kilowatt-hours (CodeCarbon) to joules multiplies by 3.6e6: 0.5 kWh = 1,800,000 J, 2 kWh = 7,200,000 J', () => {
    expect(kilowattHoursToJoules(0.5)).toBe(1_800_000);
    expect(kilowattHoursToJoules(2)).toBe(7_200_000);
  });

  it('seconds to hours divides by 3600: 5,400 s = 1.5 h, 36 s = 0.01 h', () => {
    expect(secondsToHours(5400)).toBe(1.5);
    expect(secondsToHours(36)).toBe(0.01);
  });

  it('runs.csv cells: megajoules and hours with 9 decimals, as j2g energy writes them', () => {
    expect(formatMegajoules(2291.4954888)).toBe('0.002291495');
    expect(formatMegajoules(2_500_000)).toBe('2.500000000');
    expect(formatHours(3.273564984)).toBe('0.000909324');
    expect(formatHours(5400)).toBe('1.500000000');
  });
});
