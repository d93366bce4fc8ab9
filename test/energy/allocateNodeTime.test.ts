/**
 * allocateNodeTime (Appendix G: T_alloc_i = tau_i + T0 tau_i / sum_j tau_j) on timelines written by
 * hand, with a window that does not start at 0 (#29: every other test's window started at 0, so a window
 * length of end + start passed) and with no run running at all.
 */
import { expect, test } from 'vitest';
import { allocateNodeTime } from '../../kernel-lib/energy/allocateNodeTime.ts';
import type { Timeline } from '../../kernel-lib/energy/timeline.ts';

const timeline = (boundariesS: number[], running: number[][]): Timeline => ({
  boundariesS: Float64Array.from(boundariesS), running, setups: running.map(() => []), markedIdle: running.map(() => false),
});

test('runs a [10, 12], b [11, 13] in the window [10, 14]: tau 1.5 each, window 4 s, T0 = 4 - 3 = 1, T_alloc 2 each', () => {
  const tl = timeline([10, 11, 12, 13], [[0], [0, 1], [1]]);
  const t = allocateNodeTime(tl, Float64Array.of(1, 1, 1), 2, 10, 14);
  expect([...t.tauS]).toEqual([1.5, 1.5]);
  expect(t.windowS).toBe(4);
  expect(t.t0S).toBe(1);
  expect([...t.allocS]).toEqual([2, 2]);
});

test('unequal tau share T0 in proportion: a [100, 103], b [103, 104], window [99, 105]: T0 = 6 - 4 = 2, T_alloc 3 + 2 x 3/4, 1 + 2 x 1/4', () => {
  const tl = timeline([100, 103, 104], [[0], [1]]);
  const t = allocateNodeTime(tl, Float64Array.of(3, 1), 2, 99, 105);
  expect(t.windowS).toBe(6);
  expect(t.t0S).toBe(2);
  expect([...t.allocS]).toEqual([4.5, 1.5]);
});

test('no run running in any segment: every allocation is 0, never NaN (0 x T0 / 0)', () => {
  const t = allocateNodeTime(timeline([5, 6], [[]]), Float64Array.of(1), 2, 5, 6);
  expect([...t.tauS]).toEqual([0, 0]);
  expect([...t.allocS]).toEqual([0, 0]);
  expect(t.t0S).toBe(1);
});
