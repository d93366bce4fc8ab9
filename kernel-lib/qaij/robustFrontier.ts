/**
 * Robust dominance on the energy-service frontier: a point is called 'dominated' only when its whole
 * uncertainty region (the rectangle of its energy and service intervals, e.g. bootstrap percentiles)
 * is dominated by another point's region: E_upper(x) <= E_lower(y) and S_lower(x) >= S_upper(y), one
 * strict. A point that the point estimates dominate but whose region overlaps is 'uncertain'; points
 * on the point-estimate frontier are 'frontier'. // QAIJ "Frontier uncertainty"
 * Throws what paretoFrontier throws.
 *
 * Example: A (10 J in [9, 11], 0.5 in [0.4, 0.6]) vs B (12 J in [11.5, 13], 0.45 in [0.4, 0.5]) // => B 'uncertain'
 */
import { paretoFrontier, type FrontierPoint } from './paretoFrontier.ts';
import type { Interval } from './bootstrapQaij.ts';

export interface RegionPoint extends FrontierPoint {
  energyInterval: Interval;
  serviceInterval: Interval;
}

export type FrontierStatus = 'frontier' | 'dominated' | 'uncertain' | 'excluded';

export function regionDominates(x: RegionPoint, y: RegionPoint): boolean {
  const e = x.energyInterval.upper <= y.energyInterval.lower;
  const s = x.serviceInterval.lower >= y.serviceInterval.upper;
  return e && s && (x.energyInterval.upper < y.energyInterval.lower || x.serviceInterval.lower > y.serviceInterval.upper);
}

export function robustFrontier(points: readonly RegionPoint[], options: { latencyMaxS?: number } = {}): Record<string, FrontierStatus> {
  const f = paretoFrontier(points, options);
  const out: Record<string, FrontierStatus> = {};
  for (const id of f.excluded) out[id] = 'excluded';
  for (const id of f.frontier) out[id] = 'frontier';
  const feasible = points.filter((p) => !f.excluded.includes(p.id));
  for (const id of f.dominated) {
    const y = points.find((p) => p.id === id)!;
    out[id] = feasible.some((x) => x.id !== id && regionDominates(x, y)) ? 'dominated' : 'uncertain';
  }
  return out;
}
