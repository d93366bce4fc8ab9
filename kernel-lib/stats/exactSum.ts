/**
 * The correctly rounded sum of finite doubles (Shewchuk 1997, "Adaptive precision floating-point
 * arithmetic"; the algorithm of Python's math.fsum): the exact sum is kept as non-overlapping partials,
 * then rounded once, half to even. Being the rounding of the exact sum, the result does not depend on
 * the order of the terms, so the same attempts listed in another order give the same total (a plain
 * running sum gives 0.6000000000000001 or 0.6 for 0.1, 0.2, 0.3 depending on the order).
 * Units of the terms. Falls back to the plain running sum when a term or partial is not finite
 * (Infinity, NaN or overflow), which is then what the arithmetic gives.
 *
 * Example: `exactSum([0.3, 0.2, 0.1]) === exactSum([0.1, 0.2, 0.3])` // => true (both 0.6)
 */
export function exactSum(xs: Iterable<number>): number {
  const partials: number[] = [];
  let plain = 0;
  let finite = true;
  for (let x of xs) {
    plain += x;
    if (!finite) continue;
    if (!Number.isFinite(x)) {
      finite = false;
      continue;
    }
    let i = 0;
    for (let k = 0; k < partials.length; k++) {
      let y = partials[k];
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) partials[i++] = lo;
      x = hi;
    }
    if (!Number.isFinite(x)) {
      finite = false;
      continue;
    }
    partials.length = i;
    partials.push(x);
  }
  if (!finite) return plain;
  // Round the sum of the partials (largest last) once, half to even, as math.fsum does.
  let n = partials.length;
  let hi = 0;
  if (n > 0) {
    hi = partials[--n];
    let lo = 0;
    while (n > 0) {
      const x = hi;
      const y = partials[--n];
      hi = x + y;
      const yr = hi - x;
      lo = y - yr;
      if (lo !== 0) break;
    }
    if (n > 0 && ((lo < 0 && partials[n - 1] < 0) || (lo > 0 && partials[n - 1] > 0))) {
      const y = lo * 2;
      const x = hi + y;
      const yr = x - hi;
      if (y === yr) hi = x;
    }
  }
  return hi;
}
