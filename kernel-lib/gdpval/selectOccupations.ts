/**
 * GDPval's occupation selection: within each sector, the occupations that are predominantly digital
 * (weighted digital-task share >= 0.6) ranked by estimated wage bill, the top `perSector` (5) chosen.
 * Every occupation comes back with its wage bill, whether it is digital, its rank among its sector's
 * digital occupations and why it was or was not selected, so nothing is dropped unseen. Ties in wage
 * bill are broken by occupation name. Sector selection (sectors above 5% of GDP) and the mapping of an
 * occupation to the sector with most of its employment are inputs here (the `sector` field).
 * The threshold is inclusive, as in 2.1 ("至少 60%"); A.7 words it "超过阈值 0.60" (above), which
 * `inclusive: false` follows.
 * // GDPval 2.1 (职业优先级), A.7 (工资总额, 数字职业)
 * Throws "invalid digital threshold: v", "invalid per-sector: v", "duplicate occupation o", and what
 * occupationWageBillUSD throws.
 *
 * Example: `selectOccupations([{ occupation: 'a', sector: 'S', employment: 10, annualWageUSD: 1, digitalTaskShare: 0.7 }], { perSector: 1 })[0].selected` // => true
 */
import { J2GError } from '../errors.ts';
import { occupationWageBillUSD, type OccupationWage } from './occupationWageBill.ts';

export interface OccupationRecord extends OccupationWage {
  sector: string;
  /** weighted share of digital tasks in [0, 1] (digitalTaskShare) */
  digitalTaskShare: number;
}

export interface OccupationSelection {
  occupation: string;
  sector: string;
  wageBillUSD: number;
  digitalTaskShare: number;
  digital: boolean;
  /** rank by wage bill among the sector's digital occupations, null when not digital */
  rankInSector: number | null;
  selected: boolean;
  reason: string;
}

export function selectOccupations(
  occupations: readonly OccupationRecord[],
  options: { threshold?: number; perSector?: number; inclusive?: boolean } = {},
): OccupationSelection[] {
  const threshold = options.threshold ?? 0.6;
  const perSector = options.perSector ?? 5;
  const inclusive = options.inclusive ?? true;
  if (!(threshold >= 0 && threshold <= 1)) throw new J2GError(`invalid digital threshold: ${threshold}`);
  if (!Number.isInteger(perSector) || perSector < 1) throw new J2GError(`invalid per-sector: ${perSector}`);
  const seen = new Set<string>();
  for (const o of occupations) {
    if (seen.has(o.occupation)) throw new J2GError(`duplicate occupation ${o.occupation}`);
    seen.add(o.occupation);
  }
  const rows = occupations.map((o) => {
    const digital = inclusive ? o.digitalTaskShare >= threshold : o.digitalTaskShare > threshold;
    return { occupation: o.occupation, sector: o.sector, wageBillUSD: occupationWageBillUSD(o), digitalTaskShare: o.digitalTaskShare, digital, rankInSector: null as number | null, selected: false, reason: '' };
  });
  const bySector = new Map<string, typeof rows>();
  for (const r of rows) {
    if (!bySector.has(r.sector)) bySector.set(r.sector, []);
    bySector.get(r.sector)!.push(r);
  }
  for (const group of bySector.values()) {
    const digital = group.filter((r) => r.digital).sort((a, b) => b.wageBillUSD - a.wageBillUSD || (a.occupation < b.occupation ? -1 : 1));
    digital.forEach((r, i) => {
      r.rankInSector = i + 1;
      r.selected = i < perSector;
      r.reason = r.selected ? `digital, wage bill rank ${i + 1} in ${r.sector}` : `digital, but wage bill rank ${i + 1} in ${r.sector} is below the top ${perSector}`;
    });
    for (const r of group) if (!r.digital) r.reason = `digital-task share ${r.digitalTaskShare} is ${inclusive ? 'below' : 'not above'} ${threshold}`;
  }
  return rows.sort((a, b) => (a.sector < b.sector ? -1 : a.sector > b.sector ? 1 : 0) || (a.rankInSector ?? Infinity) - (b.rankInSector ?? Infinity) || b.wageBillUSD - a.wageBillUSD || (a.occupation < b.occupation ? -1 : 1));
}
