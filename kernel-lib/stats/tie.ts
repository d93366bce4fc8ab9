/**
 * The project's one tie rule for computed values (issue #22's leader ties, issue #29's Table 16 ranks):
 * two numbers tie when they differ by at most TIE_RTOL of the larger magnitude (or of 1, for values
 * below 1 in magnitude). Sums and ratios of the same quantities taken in another order differ by a few
 * units in the last place (-4.999999999999999 against -5); a ranking or a leader decided by that
 * difference is float noise, not data. 1e-9 is far above rounding (about 1e-16 relative per operation,
 * a few hundred operations per value) and far below any difference a table prints.
 * @example tied(-4.999999999999999, -5) // => true
 * @example tied(1, 1 + 1e-6) // => false
 * @example tied(3e12, 3e12 + 1000) // => true (relative: 3.3e-10)
 */
export const TIE_RTOL = 1e-9;

export function tied(a: number, b: number): boolean {
  return Math.abs(a - b) <= TIE_RTOL * Math.max(1, Math.abs(a), Math.abs(b));
}
