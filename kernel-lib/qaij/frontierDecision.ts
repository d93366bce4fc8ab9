/**
 * The three decision rules the seed applies to one energy-service frontier, each over the systems that
 * meet the latency contract (the frontier's own feasibility filter), ties all returned:
 * 1. 'energy-budget': maximise expected service S subject to expected energy E <= budget (joules);
 * 2. 'service-floor': minimise expected energy subject to S >= floor (task equivalents per attempt);
 * 3. 'utility': maximise the declared utility U = S - energyPrice * E - latencyPrice * L, with the
 *    price of a joule (and of a second of latency) in task equivalents. Only this rule collapses the
 *    frontier into a scalar, and it does so with the decision maker's prices.
 * The choice always lies on the frontier (a dominated system is never the unique best under any rule).
 * Returns the chosen ids (empty when no system meets the constraint), the systems that met it, and the
 * rule in words. Units: joules, task equivalents per attempt, seconds.
 * // QAIJ "Why the frontier is more informative than one ratio" (three decision rules)
 * Throws "invalid energy-budget: v", "invalid service-floor: v", "invalid energy-price: v".
 *
 * Example: `frontierDecision([{ id: 'A', energyJ: 10, service: 0.5 }, { id: 'B', energyJ: 30, service: 0.9 }], { rule: 'energy-budget', energyBudgetJ: 20 }).chosen` // => ['A']
 */
import { J2GError } from '../errors.ts';

export interface DecisionPoint {
  id: string;
  energyJ: number;
  service: number;
  /** the latency statistic L(x), seconds */
  latencyS?: number;
}

export type DecisionRule =
  | { rule: 'energy-budget'; energyBudgetJ: number }
  | { rule: 'service-floor'; serviceFloor: number }
  | { rule: 'utility'; energyPricePerJ: number; latencyPricePerS?: number };

export interface Decision {
  rule: string;
  chosen: string[];
  eligible: string[];
  /** the utility of each eligible system under rule 3 */
  utility?: Record<string, number>;
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function frontierDecision(points: readonly DecisionPoint[], rule: DecisionRule, options: { latencyMaxS?: number } = {}): Decision {
  const feasible = points.filter((p) => options.latencyMaxS === undefined || (p.latencyS ?? 0) <= options.latencyMaxS).sort(byId);
  const best = (xs: DecisionPoint[], score: (p: DecisionPoint) => number) => {
    const top = Math.max(...xs.map(score));
    return xs.filter((p) => score(p) === top).map((p) => p.id);
  };
  if (rule.rule === 'energy-budget') {
    if (!(rule.energyBudgetJ >= 0)) throw new J2GError(`invalid energy-budget: ${rule.energyBudgetJ}`);
    const eligible = feasible.filter((p) => p.energyJ <= rule.energyBudgetJ);
    // the most service; among equal service the least energy (a higher-energy tie is dominated)
    const top = best(eligible, (p) => p.service);
    const chosen = best(eligible.filter((p) => top.includes(p.id)), (p) => -p.energyJ);
    return { rule: `maximise expected service subject to expected energy <= ${rule.energyBudgetJ} J`, chosen, eligible: eligible.map((p) => p.id) };
  }
  if (rule.rule === 'service-floor') {
    if (!(rule.serviceFloor >= 0)) throw new J2GError(`invalid service-floor: ${rule.serviceFloor}`);
    const eligible = feasible.filter((p) => p.service >= rule.serviceFloor);
    const low = best(eligible, (p) => -p.energyJ);
    const chosen = best(eligible.filter((p) => low.includes(p.id)), (p) => p.service);
    return { rule: `minimise expected energy subject to expected service >= ${rule.serviceFloor}`, chosen, eligible: eligible.map((p) => p.id) };
  }
  const { energyPricePerJ, latencyPricePerS = 0 } = rule;
  if (!(energyPricePerJ >= 0) || !Number.isFinite(energyPricePerJ)) throw new J2GError(`invalid energy-price: ${energyPricePerJ}`);
  if (!(latencyPricePerS >= 0) || !Number.isFinite(latencyPricePerS)) throw new J2GError(`invalid latency-price: ${latencyPricePerS}`);
  const u = (p: DecisionPoint) => p.service - energyPricePerJ * p.energyJ - latencyPricePerS * (p.latencyS ?? 0);
  return {
    rule: `maximise U = S - ${energyPricePerJ} * E${latencyPricePerS ? ` - ${latencyPricePerS} * L` : ''} (prices in task equivalents per joule${latencyPricePerS ? ' and per second' : ''})`,
    chosen: best(feasible, u),
    eligible: feasible.map((p) => p.id),
    utility: Object.fromEntries(feasible.map((p) => [p.id, u(p)])),
  };
}
