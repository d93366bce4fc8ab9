/**
 * Percentage reduction from a starting cell: 100 (1 - end / start), in percent of the starting value
 * (Joules-to-GDP Table 18: "uses the relevant starting cell as the percentage denominator"; a negative
 * value is an increase). Throws "percentReduction requires a nonzero start: 0".
 * @example percentReduction(168.11, 50.04) // => 70.234 (rounded; Table 18 "Both judgments and times" prints 70.2, section K.1 text 70.23)
 */
import { J2GError } from '../errors.ts';

export function percentReduction(start: number, end: number): number {
  if (start === 0 || !Number.isFinite(start)) throw new J2GError(`percentReduction requires a nonzero start: ${start}`);
  if (!Number.isFinite(end)) throw new J2GError(`percentReduction requires a finite end: ${end}`);
  return 100 * (1 - end / start);
}

/**
 * The reduction in every draw whose start is nonzero, from draws of the start and end values, and
 * how many draws were left out because their start is zero (the reduction is undefined there).
 */
export function percentReductionDraws(start: Float64Array, end: Float64Array): { values: Float64Array; undefinedDraws: number } {
  const out: number[] = [];
  for (let b = 0; b < start.length; b++) if (start[b] !== 0) out.push(100 * (1 - end[b] / start[b]));
  return { values: Float64Array.from(out), undefinedDraws: start.length - out.length };
}
