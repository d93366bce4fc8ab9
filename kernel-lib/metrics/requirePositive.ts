import { J2GError } from '../errors.ts';

/** Every ratio of this library refuses a zero, negative or non-finite denominator (never Infinity). */
export function requirePositive(fn: string, what: string, x: number): void {
  if (!(x > 0) || !Number.isFinite(x)) throw notPositive(fn, what, x);
}

/**
 * requirePositive's error, for a loop that checks each value inline (a bootstrap's 10,000 draws:
 * ratioDraws.ts) and throws this for the first that is not positive and finite.
 * @example notPositive('netValuePerJoule', 'energy', 0).message // => 'netValuePerJoule requires a positive energy: 0'
 */
export function notPositive(fn: string, what: string, x: number): J2GError {
  return new J2GError(`${fn} requires a positive ${what}: ${x}`);
}

/** A numerator must be a finite number too: a NaN or Infinity in never comes out as a ratio. */
export function requireFinite(fn: string, what: string, x: number): void {
  if (!Number.isFinite(x)) throw new J2GError(`${fn} requires a finite ${what}: ${x}`); // (no coercion: a string is not finite)
}
