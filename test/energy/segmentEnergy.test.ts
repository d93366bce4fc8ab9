/**
 * SegmentEnergy on intervals written by hand (#29: the energy tests reach it only through whole traces of
 * contiguous samples, so a gap that jumps a boundary, an interval starting or ending exactly on one, a
 * flag carried across a split, a slope other than 0 and an interval added out of order were never checked).
 * Oracle: the trapezoid by hand, p(t) linear, piece [a, b] = (b - a) (p(a) + p(b)) / 2; values in binary
 * fractions so sums are exact.
 *
 * Equivalent mutants (no output can change, so no test can kill them), segmentEnergy.ts:
 * - 28 `<` made `<=`, 29 `>` made `>=`: an equal time assigns the same value again.
 * - 37, 41 `k < m` made `true` or `k <= m`, and 38 `k > 0` made `true` or `k >= 0`: at k = m (or k = 0)
 *   the next test reads b[m] (or b[-1]) of a Float64Array, undefined, and undefined compared with a number
 *   is false, so each loop stops where it did.
 * - 37 `k < m && b[k] <= t0S` made `k < m || b[k] <= t0S`, and its `b[k] <= t0S` made `true`: the forward
 *   search runs to k = m, and the backward loop of line 38 walks back to the same k (the one with
 *   b[k - 1] <= t0S < b[k]); only the time to get there changes.
 * - 44 and 48 `if (flag)` made `true`: OR-ing a flag of 0 changes nothing.
 */
import { expect, test } from 'vitest';
import { SegmentEnergy } from '../../kernel-lib/energy/segmentEnergy.ts';

// boundaries 1, 2, 3: segments (-inf, 1), [1, 2), [2, 3), [3, +inf)
const seg = () => new SegmentEnergy(Float64Array.of(1, 2, 3));

test('a power ramp 0 -> 400 W over [0, 4] splits into trapezoids 50, 150, 250, 350 J (p(t) = 100 t)', () => {
  const s = seg();
  s.add(0, 4, 0, 400, 0);
  expect([...s.energyJ]).toEqual([50, 150, 250, 350]);
});

test('a gap that jumps two boundaries: [0, 0.5] and then [2.5, 3.5] at 100 W land in segments 0, 2 and 3 only', () => {
  const s = seg();
  s.add(0, 0.5, 100, 100, 0);
  s.add(2.5, 3.5, 100, 100, 0);
  expect([...s.energyJ]).toEqual([50, 0, 50, 50]);
});

test('a flag is carried into every segment an interval touches, and only those: none for a piece of zero length', () => {
  const s = seg();
  s.add(0, 1, 100, 100, 0); // ends exactly on boundary 1: all in segment 0
  s.add(2, 3, 100, 100, 4); // starts on boundary 2, ends on 3: segment 2 only
  s.add(3, 3.5, 100, 100, 0);
  expect([...s.energyJ]).toEqual([100, 0, 100, 50]);
  expect([...s.flags]).toEqual([0, 0, 4, 0]);
  const t = seg();
  t.add(0, 1, 100, 100, 8); // flagged, ending on boundary 1: segment 0 only
  t.add(1.5, 2.5, 100, 100, 2); // across boundary 2: segments 1 and 2, ORed with what is there
  t.add(2.5, 2.75, 100, 100, 1);
  expect([...t.flags]).toEqual([8, 2, 3, 0]);
  expect([...t.energyJ]).toEqual([100, 50, 75, 0]);
});

test('an interval added out of order (earlier than the last) still lands in its own segments', () => {
  const s = seg();
  s.add(2.5, 3.5, 100, 100, 0);
  s.add(0.5, 1.5, 100, 100, 1);
  expect([...s.energyJ]).toEqual([50, 50, 50, 50]);
  expect([...s.flags]).toEqual([1, 1, 0, 0]);
});

test('seen keeps the earliest and the latest instant whatever the order', () => {
  const s = seg();
  for (const t of [5, 3, 7, 4]) s.seen(t);
  expect([s.firstS, s.lastS]).toEqual([3, 7]);
});
