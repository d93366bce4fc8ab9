/**
 * Completion-time bucket of a task from the expert completion time: with edges in hours (default
 * 2, 4, 8), labels '0-2h', '2-4h', '4-8h', '8h+'; a time on an edge goes to the upper bucket.
 * humanTimeMin in minutes, >= 0. // GDPval A.2.5 (win rate by completion time)
 * Throws "invalid buckets: v" for edges that are not positive and increasing, and
 * "completionTimeBucket requires a nonnegative time".
 *
 * Example: `completionTimeBucket(150)` // => '2-4h'
 */
import { J2GError } from '../errors.ts';

export const DEFAULT_BUCKET_EDGES_H = [2, 4, 8] as const;

export function completionTimeBucket(humanTimeMin: number, edgesH: readonly number[] = DEFAULT_BUCKET_EDGES_H): string {
  if (edgesH.length === 0 || edgesH.some((e, i) => !(e > 0) || !Number.isFinite(e) || (i > 0 && !(e > edgesH[i - 1])))) {
    throw new J2GError(`invalid buckets: ${edgesH.join(',')}`);
  }
  if (!(humanTimeMin >= 0)) throw new J2GError('completionTimeBucket requires a nonnegative time');
  const h = humanTimeMin / 60;
  let lo = 0;
  for (const e of edgesH) {
    if (h < e) return `${lo}-${e}h`;
    lo = e;
  }
  return `${lo}h+`;
}
