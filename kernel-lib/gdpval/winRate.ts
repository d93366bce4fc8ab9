/**
 * Per-task acceptance probability w_i: the share of pairwise comparisons in which the model
 * deliverable won (accept 'win', GDPval's "model win rate"), or won or tied ('win-or-tie'):
 * wins / (wins + ties + losses), or (wins + ties) / (wins + ties + losses). Dimensionless, in [0, 1].
 * // GDPval A.2.1 (model win rate w)
 * Throws "winRate requires at least one comparison: task".
 *
 * Example: `winRate({ wins: 1, ties: 1, losses: 2 }, 'win-or-tie')` // => 0.5
 */
import { J2GError } from '../errors.ts';
import type { Acceptance } from './types.ts';

export function winRate(t: { task?: string; wins: number; ties: number; losses: number }, accept: Acceptance = 'win'): number {
  const n = t.wins + t.ties + t.losses;
  if (!(n > 0)) throw new J2GError(`winRate requires at least one comparison: ${t.task ?? '?'}`);
  return (accept === 'win' ? t.wins : t.wins + t.ties) / n;
}
