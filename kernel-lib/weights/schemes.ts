/**
 * Occupation weighting schemes for sensitivity analyses (Joules-to-GDP section 2.5; QAIJ "alternative
 * task mixes"). Every scheme returns weights that sum to 1 over the evaluated occupations.
 *
 * - `gdp`: sector GDP share x within-sector employment share (the paper's weights).
 * - `employment`: w_o = employment_o / total evaluated employment.
 * - `equal`: w_o = 1 / (number of evaluated occupations).
 * - `{ custom }`: user-supplied non-negative weights, one per evaluated occupation, normalised to 1.
 *   `known` (the dataset's occupations) lets a custom scheme name occupations that exist but are not
 *   evaluated here (a system that ran only some occupations): they are left out, as the other
 *   schemes leave them out. Without it, or for a name outside it, a name not evaluated is an error.
 */
import { J2GError } from '../errors.ts';
import { gdpOccupationWeights, type OccupationFacts, type SectorShare } from './gdpOccupationWeights.ts';

export type WeightScheme = 'gdp' | 'employment' | 'equal' | { custom: Record<string, number> };

/** The scheme's name for messages and table notes: `gdp`, `employment`, `equal` or `custom`. @example weightSchemeName({ custom: { a: 1 } }) // => 'custom' */
export function weightSchemeName(scheme: WeightScheme): string {
  return typeof scheme === 'string' ? scheme : 'custom';
}

/**
 * Occupation weights w_o (dimensionless, summing to 1 over `occupations`) under `scheme`, as the file
 * comment defines them; `gdp` is w_o = gdpShare_s(o) x employment_o / employment_s(o), renormalised over
 * the evaluated occupations. // Joules-to-GDP section 2.5 and Appendix H
 * @example occupationWeights('employment', [{ occupation: 'a', sector: 'S', employment: 1 }, { occupation: 'b', sector: 'S', employment: 3 }], [{ sector: 'S', gdpShare: 30 }]) // => Map { 'a' => 0.25, 'b' => 0.75 }
 */
export function occupationWeights(scheme: WeightScheme, occupations: OccupationFacts[], sectors: SectorShare[], known?: ReadonlySet<string>): Map<string, number> {
  if (occupations.length === 0) throw new J2GError('occupationWeights requires at least one occupation');
  const names = new Set(occupations.map((o) => o.occupation));
  if (names.size !== occupations.length) throw new J2GError(`occupationWeights requires each occupation once: ${occupations.find((o, i) => occupations.findIndex((p) => p.occupation === o.occupation) !== i)!.occupation} is given twice`);
  if (scheme === 'gdp') return gdpOccupationWeights(occupations, sectors);
  const raw = new Map<string, number>();
  if (scheme === 'employment') {
    for (const o of occupations) raw.set(o.occupation, o.employment);
  } else if (scheme === 'equal') {
    for (const o of occupations) raw.set(o.occupation, 1);
  } else if (typeof scheme === 'object' && scheme && 'custom' in scheme && typeof scheme.custom === 'object' && scheme.custom !== null) {
    const evaluated = new Set(occupations.map((o) => o.occupation));
    for (const name of Object.keys(scheme.custom)) {
      if (!evaluated.has(name) && !known?.has(name)) throw new J2GError(`custom weights name an occupation that is not evaluated: ${name}`);
    }
    for (const o of occupations) {
      const v = Object.hasOwn(scheme.custom, o.occupation) ? scheme.custom[o.occupation] : undefined;
      if (v === undefined) throw new J2GError(`custom weights miss occupation ${o.occupation}`);
      raw.set(o.occupation, v);
    }
  } else {
    throw new J2GError(`invalid weights scheme: ${JSON.stringify(scheme)}`);
  }
  let total = 0;
  let max = 0;
  for (const [name, v] of raw) {
    if (!Number.isFinite(v) || v < 0) throw new J2GError(`invalid weight for ${name}: ${v}`);
    max = Math.max(max, v);
    total += v;
  }
  // a total that overflows (employment 1e308 twice): normalised as ratios to the largest first. Only
  // then: every finite total keeps the plain sum, so weights stay the same to the last bit
  if (!Number.isFinite(total) && max > 0) {
    total = 0;
    for (const [name, v] of raw) raw.set(name, v / max);
    for (const v of raw.values()) total += v;
  }
  if (!(total > 0)) throw new J2GError(`weights scheme ${weightSchemeName(scheme)} gives a zero total weight`);
  if (!Number.isFinite(total)) throw new J2GError(`weights scheme ${weightSchemeName(scheme)} has weights too large to add up: total ${total}`);
  for (const [name, v] of raw) raw.set(name, v / total);
  return raw;
}

/**
 * Category weights W_c = sum of w_o over the occupations of category c (section 2.5).
 * @example categoryWeights(new Map([['a', 0.2], ['b', 0.8]]), new Map([['a', 'X'], ['b', 'X']])) // => Map { 'X' => 1 }
 */
export function categoryWeights(weights: Map<string, number>, categoryOf: Map<string, string>): Map<string, number> {
  const W = new Map<string, number>();
  for (const [occ, w] of weights) {
    const c = categoryOf.get(occ);
    if (c === undefined) throw new J2GError(`categoryWeights: occupation ${occ} has no category`);
    W.set(c, (W.get(c) ?? 0) + w);
  }
  return W;
}
