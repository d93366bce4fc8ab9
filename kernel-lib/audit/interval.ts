/**
 * Closed intervals [lo, hi] for checking printed numbers against each other (`j2g audit`).
 *
 * A printed number stands for every value that rounds to it: `fromPrinted('0.430')` is
 * [0.4295, 0.4305], value ± half its last printed digit. The operations give an enclosure of every
 * result the inputs allow (standard interval arithmetic). Each result bound is moved outward by a
 * few units in the last place of a double so that floating-point rounding can never narrow a range;
 * this is far below any printed digit and is not a tolerance.
 */
import { J2GError } from '../errors.ts';
import { printedDecimals } from '../published/lookup.ts';

export interface Interval {
  lo: number;
  hi: number;
}

const down = (x: number) => x - Math.abs(x) * 4.5e-16 - 1e-300;
const up = (x: number) => x + Math.abs(x) * 4.5e-16 + 1e-300;

/** [lo, hi]; throws when lo > hi or a bound is not finite. @example interval(1, 2) // => { lo: 1, hi: 2 } */
export function interval(lo: number, hi: number): Interval {
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || lo > hi) throw new J2GError(`invalid interval: [${lo}, ${hi}]`);
  return { lo, hi };
}

/** The degenerate interval [x, x] of an exact number. @example exact(5) // => { lo: 5, hi: 5 } */
export function exact(x: number): Interval {
  return interval(x, x);
}

/**
 * Every value that rounds to the printed number: value ± half its last printed digit. Accepts a plain
 * decimal with optional sign, thousands commas and a trailing `%` (kept in percent units).
 * @example fromPrinted('0.430') // => { lo: 0.4295, hi: 0.4305 }
 * @example fromPrinted('-2.5') // => { lo: -2.55, hi: -2.45 }
 * @example fromPrinted('23') // => { lo: 22.5, hi: 23.5 }
 */
export function fromPrinted(text: string): Interval {
  const s = text.trim().replace(/%$/, '');
  if (!/^[+-]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(s)) throw new J2GError(`fromPrinted requires a printed decimal number: "${text}"`);
  const plain = s.replace(/,/g, '');
  const decimals = printedDecimals(plain);
  const x = Number(plain);
  const half = 0.5 * 10 ** -decimals;
  return interval(down(x - half), up(x + half));
}

/** a + b. @example add(interval(1, 2), interval(10, 20)) // => { lo: 11, hi: 22 } */
export function add(a: Interval, b: Interval): Interval {
  return interval(down(a.lo + b.lo), up(a.hi + b.hi));
}

/** a - b. @example sub(interval(10, 20), interval(1, 2)) // => { lo: 8, hi: 19 } */
export function sub(a: Interval, b: Interval): Interval {
  return interval(down(a.lo - b.hi), up(a.hi - b.lo));
}

/** a * b (all four corner products). @example mul(interval(-1, 2), interval(3, 4)) // => { lo: -4, hi: 8 } */
export function mul(a: Interval, b: Interval): Interval {
  const p = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi];
  return interval(down(Math.min(...p)), up(Math.max(...p)));
}

/** a / b; throws when b contains 0. @example div(interval(1, 2), interval(4, 8)) // => { lo: 0.125, hi: 0.5 } */
export function div(a: Interval, b: Interval): Interval {
  if (b.lo <= 0 && b.hi >= 0) throw new J2GError(`div requires a divisor interval without 0: [${b.lo}, ${b.hi}]`);
  const q = [a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi];
  return interval(down(Math.min(...q)), up(Math.max(...q)));
}

/** k * a for an exact number k. @example scale(interval(1, 2), -2) // => { lo: -4, hi: -2 } */
export function scale(a: Interval, k: number): Interval {
  return mul(a, exact(k));
}

/** The sum of a list of intervals (exact 0 for an empty list). */
export function sum(xs: Interval[]): Interval {
  return xs.reduce(add, exact(0));
}

/** The common part of a and b, or null when they are disjoint. @example intersect(interval(0, 2), interval(1, 3)) // => { lo: 1, hi: 2 } */
export function intersect(a: Interval, b: Interval): Interval | null {
  const lo = Math.max(a.lo, b.lo);
  const hi = Math.min(a.hi, b.hi);
  return lo <= hi ? { lo, hi } : null;
}

/** The smallest interval holding a and b. */
export function hull(a: Interval, b: Interval): Interval {
  return { lo: Math.min(a.lo, b.lo), hi: Math.max(a.hi, b.hi) };
}

/** Whether x lies in a. */
export function contains(a: Interval, x: number): boolean {
  return a.lo <= x && x <= a.hi;
}

/** The midpoint (a + b) / 2. */
export function midpoint(a: Interval): number {
  return (a.lo + a.hi) / 2;
}
