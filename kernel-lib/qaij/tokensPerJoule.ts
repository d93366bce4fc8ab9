/**
 * Tokens per joule TPJ = sum_i w_i tokens_i / sum_i w_i E_i, the token throughput beside QAIJ.
 * Depends on the tokenizer: the same answer can give different TPJ and the same QAIJ.
 * Tokens per joule; energies > 0. // QAIJ "Tokenizer non-invariance"
 * Throws "tokensPerJoule requires at least one result" and mixed-boundary errors.
 *
 * Example: 40 tokens in 10 J // => 4
 */
import { J2GError } from '../errors.ts';
import { singleBoundary } from './singleBoundary.ts';
import type { TaskResult } from './types.ts';

export function tokensPerJoule(results: readonly TaskResult[], weights?: readonly number[]): number {
  if (results.length === 0) throw new J2GError('tokensPerJoule requires at least one result');
  singleBoundary(results);
  let swt = 0, swe = 0;
  results.forEach((r, i) => {
    const w = weights ? weights[i] : r.weight;
    swt += w * r.tokens;
    swe += w * r.energyJ;
  });
  if (!(swe > 0)) throw new J2GError('tokensPerJoule requires a positive total weight');
  return swt / swe;
}
