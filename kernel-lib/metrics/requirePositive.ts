import { J2GError } from '../errors.ts';

/** Every ratio of this library refuses a zero, negative or non-finite denominator (never Infinity). */
export function requirePositive(fn: string, what: string, x: number): void {
  if (!(x > 0) || !Number.isFinite(x)) throw new J2GError(`${fn} requires a positive ${what}: ${x}`);
}
