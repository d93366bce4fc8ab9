/**
 * Array helpers for lists whose length grows with the data (a problem per malformed line, a start per
 * run): a spread `push(...xs)` or `Math.max(...xs)` passes every element as an argument, and past about
 * a hundred thousand of them V8 throws "Maximum call stack size exceeded" instead of the answer (a
 * judgments.csv of 200,000 malformed lines crashed `j2g validate` so). These loop. No quantity.
 */

/**
 * Append `more` to `to`, in order, one element at a time; returns `to`.
 * @example pushAll([1], [2, 3]) // => [1, 2, 3]
 */
export function pushAll<T>(to: T[], more: Iterable<T>): T[] {
  for (const x of more) to.push(x);
  return to;
}

/**
 * The largest of `xs` (Math.max's rules: NaN if any is NaN, -Infinity for none).
 * @example maxOf([3, 1, 2]) // => 3
 */
export function maxOf(xs: Iterable<number>): number {
  let m = -Infinity;
  for (const x of xs) m = Math.max(m, x);
  return m;
}

/**
 * The smallest of `xs` (Math.min's rules: NaN if any is NaN, Infinity for none).
 * @example minOf([3, 1, 2]) // => 1
 */
export function minOf(xs: Iterable<number>): number {
  let m = Infinity;
  for (const x of xs) m = Math.min(m, x);
  return m;
}
