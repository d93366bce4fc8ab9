/**
 * Rank systems by a per-joule score, highest first, ties sharing a rank (1, 2, 2, 4) and listed by
 * system name. Only systems measured at one energy boundary are ranked together.
 * // QAIJ "Energy boundary", "Scope" (rank_systems)
 * Throws "cannot rank A and B boundaries together" and "rankSystems requires a finite score: system".
 *
 * Example: [{ system: 'A', boundary: 'device', score: 1/70 }, { system: 'B', boundary: 'device', score: 1/80 }] // => A rank 1, B rank 2
 */
import { J2GError } from '../errors.ts';
import { singleBoundary } from './singleBoundary.ts';
import type { EnergyBoundary } from './types.ts';

export interface Scored {
  system: string;
  boundary: EnergyBoundary;
  score: number;
}

export function rankSystems(scored: readonly Scored[]): { rank: number; system: string; score: number }[] {
  if (scored.length === 0) return [];
  singleBoundary(scored);
  for (const s of scored) if (!Number.isFinite(s.score)) throw new J2GError(`rankSystems requires a finite score: ${s.system}`);
  const sorted = [...scored].sort((a, b) => b.score - a.score || (a.system < b.system ? -1 : a.system > b.system ? 1 : 0));
  const out: { rank: number; system: string; score: number }[] = [];
  sorted.forEach((s, i) => {
    const rank = i > 0 && s.score === sorted[i - 1].score ? out[i - 1].rank : i + 1;
    out.push({ rank, system: s.system, score: s.score });
  });
  return out;
}
