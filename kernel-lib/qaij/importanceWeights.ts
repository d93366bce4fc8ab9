/**
 * Importance weights to a target task mix: for a result in family f, w_i = base_i * mu(f) / nu(f),
 * where mu is the target mix (normalized to sum 1) and nu(f) the base-weighted share of the observed
 * results in family f (the benchmark's proposal distribution). Families observed but absent from the
 * target get weight 0. If the target puts weight on a family with no observations the status is
 * 'obstructed' and no weights are returned: weighting cannot manufacture evidence. Weight trimming
 * (cap mu/nu at `trimAt`) changes the estimand, so it happens only when asked and is reported.
 * Reports the Kish effective sample size of the weights. Dimensionless; family = stratum by default.
 * // QAIJ "Importance weighting"
 * Throws "importanceWeights requires a stratum on every result", "invalid target mix share for f: v",
 * "invalid target mix: shares sum to zero", "invalid trim-at: v".
 *
 * Example: one easy and one hard result, target { easy: 0.9, hard: 0.1 } // => weights [1.8, 0.2]
 */
import { J2GError } from '../errors.ts';
import { effectiveSampleSize } from './effectiveSampleSize.ts';
import type { TaskResult } from './types.ts';

export type TargetMix = Readonly<Record<string, number>>;

export interface ImportanceWeightOptions {
  /** the family of a result; defaults to its stratum */
  family?: (r: TaskResult) => string;
  /** cap on mu(f) / nu(f); no trimming unless given */
  trimAt?: number;
}

export type ImportanceWeighting =
  | {
      status: 'ok';
      weights: number[];
      /** observed (proposal) share per family */
      proposal: Record<string, number>;
      /** normalized target share per family */
      target: Record<string, number>;
      effectiveSampleSize: number;
      trimmed: { at: number; count: number } | null;
    }
  | { status: 'obstructed'; missing: string[]; proposal: Record<string, number>; target: Record<string, number> };

export function stratumFamily(r: TaskResult): string {
  if (r.stratum === undefined || r.stratum === '') throw new J2GError('importanceWeights requires a stratum on every result');
  return r.stratum;
}

/** Validate and normalize a target mix to shares summing to 1. */
export function normalizeTargetMix(mix: TargetMix): Record<string, number> {
  let sum = 0;
  for (const [f, v] of Object.entries(mix)) {
    if (!(v >= 0) || !Number.isFinite(v)) throw new J2GError(`invalid target mix share for ${f}: ${v}`);
    sum += v;
  }
  if (!(sum > 0)) throw new J2GError('invalid target mix: shares sum to zero');
  const out: Record<string, number> = {};
  for (const f of Object.keys(mix).sort()) out[f] = mix[f] / sum;
  return out;
}

export function importanceWeights(results: readonly TaskResult[], targetMix: TargetMix, options: ImportanceWeightOptions = {}): ImportanceWeighting {
  const family = options.family ?? stratumFamily;
  const { trimAt } = options;
  if (trimAt !== undefined && !(trimAt > 0)) throw new J2GError(`invalid trim-at: ${trimAt}`);
  const target = normalizeTargetMix(targetMix);
  const fam = results.map(family);
  const mass = new Map<string, number>();
  let total = 0;
  results.forEach((r, i) => {
    mass.set(fam[i], (mass.get(fam[i]) ?? 0) + r.weight);
    total += r.weight;
  });
  const proposal: Record<string, number> = {};
  for (const f of [...mass.keys()].sort()) proposal[f] = total > 0 ? mass.get(f)! / total : 0;
  const missing = Object.keys(target).filter((f) => target[f] > 0 && !(proposal[f] > 0));
  if (missing.length) return { status: 'obstructed', missing, proposal, target };
  let count = 0;
  const weights = results.map((r, i) => {
    let ratio = (target[fam[i]] ?? 0) / proposal[fam[i]];
    if (trimAt !== undefined && ratio > trimAt) {
      ratio = trimAt;
      count++;
    }
    return r.weight * ratio;
  });
  return {
    status: 'ok',
    weights,
    proposal,
    target,
    effectiveSampleSize: effectiveSampleSize(weights),
    trimmed: trimAt === undefined ? null : { at: trimAt, count },
  };
}
