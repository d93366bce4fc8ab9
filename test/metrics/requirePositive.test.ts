/**
 * requirePositive, notPositive and requireFinite (metrics/requirePositive.ts): the rule every ratio's
 * denominator and numerator meet, and the messages that name the function, the quantity and the value.
 * Oracle: the rule by hand (positive and finite; finite), each boundary value named.
 */
import { expect, test } from 'vitest';
import { J2GError } from '../../kernel-lib/errors.ts';
import { notPositive, requireFinite, requirePositive } from '../../kernel-lib/metrics/requirePositive.ts';

test('requirePositive refuses 0, a negative, NaN and both infinities by name, and lets the smallest positive and the largest finite pass', () => {
  for (const x of [0, -0, -1, NaN, Infinity, -Infinity]) {
    expect(() => requirePositive('netValuePerJoule', 'energy', x)).toThrow(new J2GError(`netValuePerJoule requires a positive energy: ${x}`));
  }
  for (const x of [Number.MIN_VALUE, 1, Number.MAX_VALUE]) expect(requirePositive('netValuePerJoule', 'energy', x)).toBeUndefined();
});

test('notPositive is requirePositive\'s error, returned (not thrown): a J2GError with the same message', () => {
  const e = notPositive('timeSavingPerJoule', 'energy', -2);
  expect(e).toBeInstanceOf(J2GError);
  expect(e.message).toBe('timeSavingPerJoule requires a positive energy: -2');
});

test('requireFinite refuses NaN, both infinities and a number given as text (never coerced), and lets 0 and negatives pass', () => {
  for (const x of [NaN, Infinity, -Infinity, '1' as unknown as number]) {
    expect(() => requireFinite('netValuePerJoule', 'value', x)).toThrow(new J2GError(`netValuePerJoule requires a finite value: ${x}`));
  }
  for (const x of [0, -5, 1e300]) expect(requireFinite('netValuePerJoule', 'value', x)).toBeUndefined();
});
