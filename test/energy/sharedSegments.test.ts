/**
 * incrementalEnergyJ, idlePowerFromWindowsW and resourceEnergyJ on timelines written by hand, where runs
 * and setups overlap (#29: every earlier test had at most one run or one setup per segment, so a share
 * multiplied instead of divided by the number of runs passed, as did a host share subtracted).
 *
 * Oracles are hand arithmetic from the paper's split: Joules-to-GDP eq. (2.3), E_i = integral over i
 * running of P(t) / N_running(t) dt + E_{b,0} / K_b, applied to the idle-subtracted energy
 * max(E_k - P_idle d_k, 0) (QAIJ step 8) and, per resource, to each GPU's and the host's energy (QAIJ
 * step 7); and one property: every joule of a charged segment goes to exactly one run, once.
 *
 * Equivalent mutant (cannot change any output, so no test can kill it): resourceEnergy.ts:25, the early
 * `return` of a segment where no run runs made unreachable (`rs.length === 0` made `false`). With rs
 * empty, the host loop `for (const i of rs)` adds nothing; for each GPU `users` is empty, so `to = rs`
 * is empty too and its loop adds nothing (the division by to.length = 0 is never evaluated).
 */
import { expect, test } from 'vitest';
import { idlePowerFromWindowsW, incrementalEnergyJ } from '../../kernel-lib/energy/incrementalEnergy.ts';
import { resourceEnergyJ } from '../../kernel-lib/energy/resourceEnergy.ts';
import type { Timeline } from '../../kernel-lib/energy/timeline.ts';
import type { Window } from '../../kernel-lib/energy/types.ts';

const window = (id: string, startS: number, endS: number, batch = ''): Window => ({
  id, startS, endS, attrs: { task_id: id, system: 's', attempt: '1', gpus: '', batch }, reasons: new Set(),
});

// segments: (-inf, 0), [0, 1), [1, 2), [2, 3), [3, +inf); all segment durations 1 s but the unbounded ends (0 s)
const tl = (running: number[][], setups: number[][] = running.map(() => []), markedIdle: boolean[] = running.map(() => false)): Timeline => ({
  boundariesS: Float64Array.of(0, 1, 2, 3), running, setups, markedIdle,
});
const durationsS = Float64Array.of(0, 1, 1, 1, 0);

test('incremental energy of two overlapping runs: a [0, 2], b [1, 3] at 300 W, P_idle 100 W => 200 + 200/2 = 300 J each', () => {
  // each second leaves 300 - 100 = 200 J; in [1, 2) both run, so each gets 200 / 2 (eq. 2.3)
  const runs = [window('a', 0, 2), window('b', 1, 3)];
  const out = incrementalEnergyJ(tl([[], [0], [0, 1], [1], []]), Float64Array.of(0, 300, 300, 300, 0), durationsS, runs, [], 100);
  expect([...out]).toEqual([300, 300]);
});

test('incremental energy of setups split over overlapping setups and then over the runs each serves (E_{b,0} / K_b)', () => {
  // setup s [0, 2] and t [1, 2], both without a batch, so each serves both runs a, b [2, 3]; 500 W, P_idle 100 W:
  // [0, 1): s alone, 400 J / 2 runs = 200 J each; [1, 2): s and t, 400 / 2 setups / 2 runs = 100 J per setup per run,
  // 200 J per run; [2, 3): a and b run, 400 / 2 = 200 J each. a = b = 200 + 200 + 200 = 600 J; 3 x 400 J charged once.
  const runs = [window('a', 2, 3), window('b', 2, 3)];
  const setups = [window('s', 0, 2), window('t', 1, 2)];
  const timeline = tl([[], [], [], [0, 1], []], [[], [0], [0, 1], [], []]);
  const out = incrementalEnergyJ(timeline, Float64Array.of(0, 500, 500, 500, 0), durationsS, runs, setups, 100);
  expect([...out]).toEqual([600, 600]);
  expect(out[0] + out[1]).toBe(3 * 400);
});

test('a setup of one batch charges only that batch\'s runs: 400 J of setup over K_b = 2 of the 3 runs', () => {
  // setup s [0, 1] batch x serves a, b (batch x), not c (batch y); runs a, b, c in [2, 3) at 400 W, P_idle 100 W:
  // a = b = (500 - 100) / 2 + 300 / 3 = 300 J, c = 100 J
  const runs = [window('a', 2, 3, 'x'), window('b', 2, 3, 'x'), window('c', 2, 3, 'y')];
  const timeline = tl([[], [], [], [0, 1, 2], []], [[], [0], [], [], []]);
  const out = incrementalEnergyJ(timeline, Float64Array.of(0, 500, 0, 400, 0), durationsS, runs, [window('s', 0, 1, 'x')], 100);
  expect([...out]).toEqual([300, 300, 100]);
});

test('idle power is measured only where a marked idle window has no run and no setup under way', () => {
  // [0, 1) marked idle at 100 W; [1, 2) marked idle too but a runs there (500 J); [2, 3) not marked, nothing runs (300 J)
  const timeline = tl([[], [], [0], [], []], undefined, [false, true, true, false, false]);
  expect(idlePowerFromWindowsW(timeline, Float64Array.of(0, 100, 500, 300, 0), durationsS)).toBe(100);
});

test('no marked idle window gives no idle power (null), never 0 / 0', () => {
  expect(idlePowerFromWindowsW(tl([[], [0], [], [], []]), Float64Array.of(0, 300, 100, 100, 0), durationsS)).toBeNull();
});

test('resource-proportional: a on GPU 0, b on GPU 1; each GPU to its user, the host and an unused GPU split equally', () => {
  // a [0, 2] on GPU 0, b [1, 3] on GPU 1. Per second: GPU 0 600 J, GPU 1 100 J, GPU 2 (used by neither) 30 J, host 80 J.
  // [0, 1) a alone: 600 + 100 + 30 + 80 = 810 (GPU 1 has no user running, so a, the only run, gets it)
  // [1, 2) both: a 600 + 30/2 + 80/2 = 655, b 100 + 15 + 40 = 155
  // [2, 3) b alone: 810.  a = 1465, b = 965; sum 3 x 810 = 2430, every joule charged once
  const seg = (perS: number) => Float64Array.of(0, perS, perS, perS, 0);
  const gpuSegJ = new Map([[0, seg(600)], [1, seg(100)], [2, seg(30)]]);
  const out = resourceEnergyJ(tl([[], [0], [0, 1], [1], []]), gpuSegJ, seg(80), [[0], [1]]);
  expect([...out!]).toEqual([1465, 965]);
  expect(out![0] + out![1]).toBe(3 * 810);
});

test('resource-proportional: two runs on one GPU split it equally (600 J in the overlap => 300 J each)', () => {
  // a [0, 2], b [1, 3], both on GPU 0 at 600 J/s, host 0: a = 600 + 300, b = 300 + 600
  const out = resourceEnergyJ(tl([[], [0], [0, 1], [1], []]), new Map([[0, Float64Array.of(0, 600, 600, 600, 0)]]), new Float64Array(5), [[0], [0]]);
  expect([...out!]).toEqual([900, 900]);
});

test('resource-proportional needs every run\'s GPU list: one run without it gives null, not a partial split', () => {
  const gpuSegJ = new Map([[0, Float64Array.of(0, 600, 600, 600, 0)]]);
  expect(resourceEnergyJ(tl([[], [0], [0, 1], [1], []]), gpuSegJ, new Float64Array(5), [[0], null])).toBeNull();
});
