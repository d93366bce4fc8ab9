/**
 * timeline and segmentDurationsS on windows written by hand (#29: an open window, a marked idle window
 * beside other segments, and the clipping of the unbounded first and last segments to the trace were
 * not checked). Oracles: the segment definition of timeline.ts (Joules-to-GDP 2.3, N_running piecewise
 * constant between marks) worked by hand.
 *
 * Equivalent mutants (no output can change), timeline.ts:
 * - 34, the skip of a window with no time (`!(w.endS > w.startS)` made `false`, or `>` made `>=`): such a
 *   window's first candidate segment ends at a boundary above its start, hence above its end, so the loop
 *   breaks before covering anything anyway.
 * - 54 `boundariesS[m - 1]` made `[m + 1]` (undefined, so the trace end): the last segment starts at
 *   b_{m-1}; when the trace ends after it both give trace end - b_{m-1}, and when before, both clip to 0.
 */
import { expect, test } from 'vitest';
import { segmentDurationsS, timeline } from '../../kernel-lib/energy/timeline.ts';
import type { Window } from '../../kernel-lib/energy/types.ts';

const window = (id: string, startS: number, endS: number): Window => ({
  id, startS, endS, attrs: { task_id: id, system: 's', attempt: '1', gpus: '', batch: '' }, reasons: new Set(),
});

test('a run still open at the trace end (endS Infinity) adds no boundary and covers the last segment', () => {
  const tl = timeline([window('a', 0, 1), window('b', 1, Infinity)], [], []);
  expect([...tl.boundariesS]).toEqual([0, 1]);
  expect(tl.running).toEqual([[], [0], [1]]);
});

test('a marked idle window marks only the segments it covers', () => {
  const tl = timeline([window('a', 0, 1)], [], [window('i', 1, 2)]);
  expect([...tl.boundariesS]).toEqual([0, 1, 2]);
  expect(tl.markedIdle).toEqual([false, false, true, false]);
});

test('segment durations: the unbounded first and last segments are clipped to the trace, never negative', () => {
  // boundaries 2, 5; trace [0, 8] => (-inf, 2) is 2 s, [2, 5) 3 s, [5, +inf) 3 s
  expect([...segmentDurationsS(Float64Array.of(2, 5), 0, 8)]).toEqual([2, 3, 3]);
  // trace [3, 4] inside the boundaries: the outer segments have no trace time
  expect([...segmentDurationsS(Float64Array.of(2, 5), 3, 4)]).toEqual([0, 3, 0]);
  // no boundary at all: one segment, the whole trace
  expect([...segmentDurationsS(new Float64Array(0), 1, 4)]).toEqual([3]);
});
