/**
 * Energy-service Pareto frontier over systems: minimise expected energy, maximise expected service,
 * among points meeting the latency constraint. x dominates y when E(x) <= E(y) and S(x) >= S(y) with
 * at least one strict. Sorted sweep: order by energy ascending (service descending within equal
 * energy); a point is on the frontier when its service beats every point of strictly lower energy
 * and equals the best at its own energy. Exact ties (same energy and service) are all kept, since
 * neither dominates. Frontier ids are returned in energy order (ties by id).
 * Energy in joules, service in task equivalents. // QAIJ "Definition" (frontier), "Frontier implementation"
 * Throws "paretoFrontier requires finite energy and service: id".
 *
 * Example: A (10 J, 0.5), B (20 J, 0.4), C (30 J, 0.9) // => frontier ['A', 'C'], dominated ['B']
 */
import { J2GError } from '../errors.ts';

export interface FrontierPoint {
  id: string;
  energyJ: number;
  service: number;
  /** a latency statistic in seconds, checked against latencyMaxS when given */
  latencyS?: number;
}

export interface Frontier {
  frontier: string[];
  dominated: string[];
  /** points that violate the latency constraint */
  excluded: string[];
}

export function paretoFrontier(points: readonly FrontierPoint[], options: { latencyMaxS?: number } = {}): Frontier {
  for (const p of points) {
    if (!Number.isFinite(p.energyJ) || !Number.isFinite(p.service)) throw new J2GError(`paretoFrontier requires finite energy and service: ${p.id}`);
  }
  const { latencyMaxS } = options;
  const excluded = points.filter((p) => latencyMaxS !== undefined && !((p.latencyS ?? 0) <= latencyMaxS)).map((p) => p.id).sort();
  const feasible = points.filter((p) => !excluded.includes(p.id));
  const sorted = [...feasible].sort((a, b) => a.energyJ - b.energyJ || b.service - a.service || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const frontier: string[] = [];
  const dominated: string[] = [];
  let best = -Infinity; // best service at strictly lower energy
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    while (j < sorted.length && sorted[j].energyJ === sorted[i].energyJ) j++;
    const top = sorted[i].service; // best at this energy
    for (let k = i; k < j; k++) {
      if (sorted[k].service === top && top > best) frontier.push(sorted[k].id);
      else dominated.push(sorted[k].id);
    }
    best = Math.max(best, top);
    i = j;
  }
  return { frontier, dominated: dominated.sort(), excluded };
}
