/**
 * The frontier's three decision rules and the procurement order (QAIJ "Why the frontier is more
 * informative than one ratio", "Procurement"), and the continuous latency penalty (QAIJ "Latency").
 * Oracle: hand computation on four systems:
 *   A 10 J, S 0.5;  B 20 J, S 0.4 (dominated by A);  C 30 J, S 0.9;  D 5 J, S 0.2, late (L = 9 s).
 */
import { describe, expect, it } from 'vitest';
import { frontierDecision, linearLatencyPenalty, procurement, qualityAdjustedServicePerJoule, type TaskResult } from '../../kernel-lib/qaij/index.ts';

const pts = [
  { id: 'A', energyJ: 10, service: 0.5, latencyS: 1 },
  { id: 'B', energyJ: 20, service: 0.4, latencyS: 1 },
  { id: 'C', energyJ: 30, service: 0.9, latencyS: 1 },
  { id: 'D', energyJ: 5, service: 0.2, latencyS: 9 },
];

describe('frontierDecision', () => {
  it('energy budget: the most service within the budget, among systems meeting L*', () => {
    expect(frontierDecision(pts, { rule: 'energy-budget', energyBudgetJ: 25 }, { latencyMaxS: 2 })).toMatchObject({ chosen: ['A'], eligible: ['A', 'B'] });
    expect(frontierDecision(pts, { rule: 'energy-budget', energyBudgetJ: 30 }, { latencyMaxS: 2 }).chosen).toEqual(['C']);
    // without the contract D (5 J) is the only one within 6 J; with it nothing qualifies
    expect(frontierDecision(pts, { rule: 'energy-budget', energyBudgetJ: 6 }).chosen).toEqual(['D']);
    expect(frontierDecision(pts, { rule: 'energy-budget', energyBudgetJ: 6 }, { latencyMaxS: 2 }).chosen).toEqual([]);
  });

  it('service floor: the least energy reaching the floor', () => {
    expect(frontierDecision(pts, { rule: 'service-floor', serviceFloor: 0.45 }, { latencyMaxS: 2 }).chosen).toEqual(['A']);
    expect(frontierDecision(pts, { rule: 'service-floor', serviceFloor: 0.6 }, { latencyMaxS: 2 }).chosen).toEqual(['C']);
  });

  it('price of energy: the largest U = S - p E (p = 0.01: A 0.4, B 0.2, C 0.6; p = 0.03: A 0.2, B -0.2, C 0)', () => {
    const cheap = frontierDecision(pts, { rule: 'utility', energyPricePerJ: 0.01 }, { latencyMaxS: 2 });
    expect(cheap.chosen).toEqual(['C']);
    expect(cheap.utility!.A).toBeCloseTo(0.4, 14);
    expect(frontierDecision(pts, { rule: 'utility', energyPricePerJ: 0.03 }, { latencyMaxS: 2 }).chosen).toEqual(['A']);
    expect(() => frontierDecision(pts, { rule: 'utility', energyPricePerJ: -1 })).toThrow('invalid energy-price: -1');
  });
});

describe('procurement: constraints before ratios', () => {
  it('drops a system below the service floor however high its ratio, then orders the rest by energy', () => {
    // D has the highest QAIJ (0.2 / 5 = 0.04) but misses the floor and the contract
    const cands = pts.map((p) => ({ ...p, qaij: p.service / p.energyJ, reliability: 0.9 }));
    const r = procurement(cands, { minService: 0.3, latencyMaxS: 2 });
    expect(r.qualifying.map((q) => q.id)).toEqual(['A', 'B', 'C']);
    expect(r.disqualified).toEqual([{ id: 'D', reasons: ['service 0.2 < 0.3', 'latency 9 s > 2 s'] }]);
    expect(procurement(cands, { minReliability: 0.95 }).qualifying).toEqual([]);
  });
});

describe('linearLatencyPenalty', () => {
  it('keeps full service up to L*, then falls linearly to 0 over the width', () => {
    const l = linearLatencyPenalty(10);
    expect([1, 2, 7, 12, 20].map((x) => l(x, 2))).toEqual([1, 1, 0.5, 0, 0]);
    expect(linearLatencyPenalty(0)(2.5, 2)).toBe(0);
  });

  it('enters the service: Example 2 with a 4 s width gives the late answer half its service', () => {
    // 5 J on time, 15 J at 3 s with L* = 2: l = 1 - 1/4 = 0.75, S = (1 + 0.75)/2 = 0.875, E = 10 J (hand computation)
    const base = { tokens: 1, quality: 1, correctness: 1, reliability: 1, usefulness: 1, difficultyWeight: 1, weight: 1, boundary: 'system' as const, system: 'A' };
    const rs: TaskResult[] = [{ ...base, task: 'a', energyJ: 5, latencyS: 1 }, { ...base, task: 'b', energyJ: 15, latencyS: 3 }];
    const q = qualityAdjustedServicePerJoule(rs, { latency: { latencyMaxS: 2, penalty: linearLatencyPenalty(4) } });
    expect(q.serviceMean).toBeCloseTo(0.875, 14);
    expect(q.qaij).toBeCloseTo(0.0875, 14);
  });
});
