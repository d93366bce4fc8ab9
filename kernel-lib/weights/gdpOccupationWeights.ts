/**
 * GDP-based occupation weights w_o (Joules-to-GDP section 2.5, Appendix H).
 *
 *   w_o = (s_sector(o) / sum of s over the sectors present) * (employment_o / employment of the
 *         evaluated occupations in sector(o))
 *
 * Units: dimensionless, sum to 1 over the evaluated occupations. Sector shares may be given on any
 * scale (percent of GDP, fractions): they are normalised over the sectors that hold at least one
 * evaluated occupation. Wages do not enter (the median wage already enters output value).
 *
 * Throws when an occupation names a sector without a share, when a sector's evaluated employment is
 * zero, or when a share or an employment is negative or not finite.
 *
 * @example
 * gdpOccupationWeights(
 *   [{ occupation: 'a', sector: 'S', employment: 1 }, { occupation: 'b', sector: 'S', employment: 3 },
 *    { occupation: 'c', sector: 'T', employment: 5 }],
 *   [{ sector: 'S', gdpShare: 30 }, { sector: 'T', gdpShare: 10 }])
 * // => Map { 'a' => 0.1875, 'b' => 0.5625, 'c' => 0.25 }
 */
import { J2GError } from '../errors.ts';

export interface OccupationFacts {
  occupation: string;
  sector: string;
  employment: number;
}

export interface SectorShare {
  sector: string;
  gdpShare: number;
}

export function gdpOccupationWeights(occupations: OccupationFacts[], sectors: SectorShare[]): Map<string, number> {
  const share = new Map<string, number>();
  for (const s of sectors) {
    if (!Number.isFinite(s.gdpShare) || s.gdpShare <= 0) throw new J2GError(`gdpOccupationWeights requires a positive sector share: ${s.sector} ${s.gdpShare}`);
    if (share.has(s.sector)) throw new J2GError(`gdpOccupationWeights requires one share per sector: ${s.sector} is given twice`);
    share.set(s.sector, s.gdpShare);
  }
  const sectorEmployment = new Map<string, number>();
  const sectorMax = new Map<string, number>();
  const seen = new Set<string>();
  for (const o of occupations) {
    if (seen.has(o.occupation)) throw new J2GError(`gdpOccupationWeights requires each occupation once: ${o.occupation} is given twice`);
    seen.add(o.occupation);
    if (!share.has(o.sector)) throw new J2GError(`gdpOccupationWeights: occupation ${o.occupation} names sector ${o.sector}, which has no GDP share`);
    if (!Number.isFinite(o.employment) || o.employment < 0) throw new J2GError(`gdpOccupationWeights requires a non-negative employment: ${o.occupation} ${o.employment}`);
    sectorMax.set(o.sector, Math.max(sectorMax.get(o.sector) ?? 0, o.employment));
    sectorEmployment.set(o.sector, (sectorEmployment.get(o.sector) ?? 0) + o.employment);
  }
  // employment shares are ratios: in a sector whose sum overflows (1e308 twice), each employment is
  // divided by the sector's largest first, so that no share becomes 0; every other sector keeps the
  // plain sum, the same weights to the last bit
  const overflowed = new Set([...sectorEmployment].filter(([, e]) => !Number.isFinite(e)).map(([s]) => s));
  const scaled = (o: OccupationFacts) => (!overflowed.has(o.sector) ? o.employment : sectorMax.get(o.sector)! > 0 ? o.employment / sectorMax.get(o.sector)! : 0);
  for (const sector of overflowed) sectorEmployment.set(sector, 0);
  for (const o of occupations) if (overflowed.has(o.sector)) sectorEmployment.set(o.sector, sectorEmployment.get(o.sector)! + scaled(o));
  let shareTotal = 0;
  for (const [sector, emp] of sectorEmployment) {
    if (!(emp > 0)) throw new J2GError(`gdpOccupationWeights: sector ${sector} has zero evaluated employment`);
    shareTotal += share.get(sector)!;
  }
  const w = new Map<string, number>();
  for (const o of occupations) {
    w.set(o.occupation, (share.get(o.sector)! / shareTotal) * (scaled(o) / sectorEmployment.get(o.sector)!));
  }
  return w;
}
