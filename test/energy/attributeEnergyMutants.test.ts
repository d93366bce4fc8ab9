/**
 * attributeEnergy and servedRuns on timelines written by hand (#29: mutation testing left these cases
 * unchecked: an open run among a setup's share-holders, a setup without a batch over runs with one, two
 * setups over one segment, a setup serving no run, idle exactly at the window's edges or marked before
 * it, and the proportional policy with no tau to share by).
 *
 * Oracles are hand arithmetic from Joules-to-GDP eq. (2.3), E_i = integral over i running of
 * P(t) / N_running(t) dt + E_{b,0} / K_b, and one property: every joule of the trace is reported
 * exactly once, in a run's share, the unserved setup, in-window idle or outside idle.
 *
 * Equivalent mutants (no output can tell them apart, so no test can kill them):
 * - `const lo = k === 0 ? -Infinity : b[k - 1]` with `k === 0` made `false`: lo becomes b[-1], which is
 *   undefined, and `undefined >= windowStartS` is false, as `-Infinity >= windowStartS` is for every
 *   finite window start (energyRuns passes the first run or setup start, or the trace start: finite).
 * - `const hi = k === m ? Infinity : b[k]` with `k === m` made `false`: hi becomes b[m], undefined, and
 *   `undefined <= windowEndS` is false, as `Infinity <= windowEndS` is for every finite window end
 *   (energyRuns closes an open window at the trace end first).
 * - `for (let i = 0; i < nr; i++) idleJ[c][i] += ...` with `<` made `<=`: the extra pass writes index nr
 *   of a Float64Array of length nr, which JavaScript ignores; nothing else changes.
 */
import { expect, test } from 'vitest';
import { attributeEnergy, servedRuns } from '../../kernel-lib/energy/attributeEnergy.ts';
import type { Timeline } from '../../kernel-lib/energy/timeline.ts';
import type { ReasonCode, Window } from '../../kernel-lib/energy/types.ts';

const window = (id: string, startS: number, endS: number, batch = '', reasons: ReasonCode[] = []): Window => ({
  id, startS, endS, attrs: { task_id: id, system: 's', attempt: '1', gpus: '', batch }, reasons: new Set(reasons),
});

// segments: (-inf, 0), [0, 1), [1, 2), [2, 3), [3, +inf)
const tl = (running: number[][], setups: number[][] = running.map(() => [])): Timeline => ({
  boundariesS: Float64Array.of(0, 1, 2, 3), running, setups, markedIdle: running.map(() => false),
});

/** every joule once: runs' running, setup and idle shares + unserved setup + idle in and outside the window */
const partsJ = (a: ReturnType<typeof attributeEnergy>) => {
  let s = a.setupUnservedJ + a.idleInWindowJ + a.idleOutsideJ;
  for (const arr of [...a.runningJ, ...a.setupJ, ...a.idleJ]) for (const x of arr) s += x;
  return s;
};

test('servedRuns: an open run (unmatched start, closed at the trace end) ran, so it holds a share of the setup', () => {
  // only a run with no time AND an unmatched mark (an end without a start) is left out of K_b
  const runs = [window('a', 2, 3), window('open', 2, 10, '', ['unmatched-mark']), window('ghost', 5, 5, '', ['unmatched-mark'])];
  expect(servedRuns(window('s', 0, 2), runs)).toEqual([0, 1]);
});

test('servedRuns: a setup without a batch serves every run, whatever their batches', () => {
  const runs = [window('a', 2, 3, 'x'), window('b', 2, 3, 'y'), window('c', 2, 3)];
  expect(servedRuns(window('s', 0, 2), runs)).toEqual([0, 1, 2]);
  // and one with a batch only its own: K_b = 1 here
  expect(servedRuns(window('t', 0, 2, 'y'), runs)).toEqual([1]);
});

test('two setups over one segment split it equally, then each over the runs it serves (600 J => 150 J per run per setup)', () => {
  // s [0, 2] and t [1, 2], no batch, both serve a and b [2, 3]. 600 J in each segment.
  // [0, 1): s alone: 600 / 2 runs = 300 J each. [1, 2): 600 / 2 setups = 300 J per setup, / 2 runs = 150 J,
  // so 300 J per run. [2, 3): both run: 300 J each. a = b = 300 + 300 = 600 J setup, 300 J running.
  const runs = [window('a', 2, 3), window('b', 2, 3)];
  const setups = [window('s', 0, 2), window('t', 1, 2)];
  const segJ = [Float64Array.of(0, 600, 600, 600, 0)];
  const a = attributeEnergy(tl([[], [], [], [0, 1], []], [[], [0], [0, 1], [], []]), segJ, runs, setups, Float64Array.of(0.5, 0.5), 0, 3, 'exclude');
  expect([...a.setupJ[0]]).toEqual([600, 600]);
  expect([...a.runningJ[0]]).toEqual([300, 300]);
  expect(partsJ(a)).toBe(1800);
});

test('a setup whose batch no run carries is reported as unserved, not spread: 400 J of 1000 J', () => {
  // setup s [0, 1] batch z (no run of batch z), setup t [1, 2] batch x serves a [2, 3] (batch x).
  // per segment: 400 J, 200 J, 400 J. s's 400 J is unserved; a = 200 setup + 400 running.
  const runs = [window('a', 2, 3, 'x')];
  const setups = [window('s', 0, 1, 'z'), window('t', 1, 2, 'x')];
  const a = attributeEnergy(tl([[], [], [], [0], []], [[], [0], [1], [], []]), [Float64Array.of(0, 400, 200, 400, 0)], runs, setups, Float64Array.of(1), 0, 3, 'exclude');
  expect(a.setupUnservedJ).toBe(400);
  expect([...a.setupJ[0]]).toEqual([200]);
  expect([...a.runningJ[0]]).toEqual([400]);
  expect(partsJ(a)).toBe(1000);
});

test('idle touching the execution window\'s edges is inside it (the window [lo, hi] is closed)', () => {
  // window [0, 3]; nothing runs in [0, 1) (100 J) nor in [2, 3) (300 J); a runs in [1, 2) (200 J).
  // both idle segments lie inside [0, 3]: 400 J idle in the window; the unbounded ends hold 7 and 9 J outside.
  const a = attributeEnergy(tl([[], [], [0], [], []]), [Float64Array.of(7, 100, 200, 300, 9)], [window('a', 1, 2)], [], Float64Array.of(1), 0, 3, 'exclude');
  expect(a.idleInWindowJ).toBe(400);
  expect(a.idleOutsideJ).toBe(16);
  expect([...a.runningJ[0]]).toEqual([200]);
});

test('a marked idle window before the first run is outside the execution window, not in it', () => {
  // boundaries 0, 1, 2, 3 from idle [0, 1] and run a [2, 3]: window [2, 3]. [0, 1) 100 J and [1, 2) 50 J are
  // before the window: outside (segment [0, 1) spans 0 to 1, not 2 to 1).
  const a = attributeEnergy(tl([[], [], [], [0], []]), [Float64Array.of(0, 100, 50, 300, 0)], [window('a', 2, 3)], [], Float64Array.of(1), 2, 3, 'proportional');
  expect(a.idleOutsideJ).toBe(150);
  expect(a.idleInWindowJ).toBe(0);
  expect([...a.idleJ[0]]).toEqual([0]);
  expect([...a.runningJ[0]]).toEqual([300]);
});

test('proportional policy with no tau to share by keeps in-window idle as idle (every joule once), never drops or NaNs it', () => {
  // no runs at all, one setup s [0, 1] (so its 100 J is unserved), window [0, 3]: [1, 3) is idle in the window
  // (200 + 300 J) and sum tau = 0, so it cannot be shared: reported as in-window idle.
  const a = attributeEnergy(tl([[], [], [], [], []], [[], [0], [], [], []]), [Float64Array.of(0, 100, 200, 300, 0)], [], [window('s', 0, 1, 'z')], new Float64Array(0), 0, 3, 'proportional');
  expect(a.idleInWindowJ).toBe(500);
  expect(a.setupUnservedJ).toBe(100);
  expect(partsJ(a)).toBe(600);
  // with runs whose tau is 0 (zero-length runs) the same: 200 J stays in-window idle, not 0 / 0 = NaN per run
  const z = attributeEnergy(tl([[], [], [], [], []]), [Float64Array.of(0, 0, 200, 0, 0)], [window('z', 1, 1)], [], Float64Array.of(0), 0, 3, 'proportional');
  expect(z.idleInWindowJ).toBe(200);
  expect([...z.idleJ[0]]).toEqual([0]);
});
