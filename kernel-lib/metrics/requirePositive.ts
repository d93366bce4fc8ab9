import { J2GError } from '../errors.ts';

/** Every ratio of this library refuses a zero, negative or non-finite denominator (never Infinity). */
export function requirePositive(fn: string, what: string, x: number): void {
  if (!(x > 0) || !Number.isFinite(x)) throw new J2GError(`${fn} requires a positive ${what}: ${x}`);
}

/** A numerator must be a finite number too: a NaN or Infinity in never comes out as a ratio. */
export function requireFinite(fn: string, what: string, x: number): void {
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new J2GError(`${fn} requires a finite ${what}: ${x}`);
}
