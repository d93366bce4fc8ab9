/**
 * The procurement order of the seed, "constraints before ratios": first the declared minimums (service,
 * reliability, correctness) and the latency contract, then energy and QAIJ compared among the systems
 * that qualify only. A disqualified system is listed with every constraint it misses, however high its
 * ratio ("a high ratio from a system below the service floor is irrelevant"). Qualifying systems come
 * in order of expected energy, lowest first, with their QAIJ; ties by id.
 * Units: task equivalents per attempt, shares in [0, 1], seconds, joules.
 * // QAIJ "Procurement"
 *
 * Example: `procurement([{ id: 'A', energyJ: 1, service: 0.2, qaij: 0.2 }, { id: 'B', energyJ: 10, service: 0.9, qaij: 0.09 }], { minService: 0.5 }).qualifying.map((q) => q.id)` // => ['B']
 */
export interface ProcurementCandidate {
  id: string;
  energyJ: number;
  service: number;
  qaij: number;
  /** mean reliability r over attempts */
  reliability?: number;
  /** mean correctness c over attempts */
  correctness?: number;
  /** the latency statistic L(x), seconds */
  latencyS?: number;
}

export interface ProcurementConstraints {
  minService?: number;
  minReliability?: number;
  minCorrectness?: number;
  latencyMaxS?: number;
}

export function procurement(candidates: readonly ProcurementCandidate[], c: ProcurementConstraints): {
  qualifying: { id: string; energyJ: number; service: number; qaij: number }[];
  disqualified: { id: string; reasons: string[] }[];
} {
  const qualifying: { id: string; energyJ: number; service: number; qaij: number }[] = [];
  const disqualified: { id: string; reasons: string[] }[] = [];
  for (const x of [...candidates].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const reasons: string[] = [];
    if (c.minService !== undefined && !(x.service >= c.minService)) reasons.push(`service ${x.service} < ${c.minService}`);
    if (c.minReliability !== undefined && !((x.reliability ?? NaN) >= c.minReliability)) reasons.push(`reliability ${x.reliability ?? 'unknown'} < ${c.minReliability}`);
    if (c.minCorrectness !== undefined && !((x.correctness ?? NaN) >= c.minCorrectness)) reasons.push(`correctness ${x.correctness ?? 'unknown'} < ${c.minCorrectness}`);
    if (c.latencyMaxS !== undefined && !((x.latencyS ?? 0) <= c.latencyMaxS)) reasons.push(`latency ${x.latencyS} s > ${c.latencyMaxS} s`);
    if (reasons.length) disqualified.push({ id: x.id, reasons });
    else qualifying.push({ id: x.id, energyJ: x.energyJ, service: x.service, qaij: x.qaij });
  }
  qualifying.sort((a, b) => a.energyJ - b.energyJ || (a.id < b.id ? -1 : 1));
  return { qualifying, disqualified };
}
