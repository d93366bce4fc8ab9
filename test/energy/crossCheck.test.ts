/** crossCheck: two meters of one GPU per run's window, by hand on a two-run timeline. */
import { describe, expect, test } from 'vitest';
import { crossCheck, CROSSCHECK_TOLERANCE } from '../../kernel-lib/energy/crossCheck.ts';
import { SegmentEnergy } from '../../kernel-lib/energy/segmentEnergy.ts';
import { timeline } from '../../kernel-lib/energy/timeline.ts';
import type { Window } from '../../kernel-lib/energy/types.ts';

const win = (id: string, startS: number, endS: number): Window => ({ id, startS, endS, attrs: { task_id: '', system: '', attempt: '', gpus: '', batch: '' }, reasons: new Set() });

describe('crossCheck', () => {
  test('signed relative disagreement per run (the GPU largest in size), coverage of both series', () => {
    // runs a [0, 10] and b [10, 20]; counter 750 W throughout, power series 825 W in a, 600 W in b
    const runs = [win('a', 0, 10), win('b', 10, 20)];
    const tl = timeline(runs, [], []);
    const c = new SegmentEnergy(tl.boundariesS), p = new SegmentEnergy(tl.boundariesS);
    c.seen(-1); c.seen(21); p.seen(2); p.seen(21); // the power series starts at 2 s: a is 80% covered
    c.add(-1, 21, 750, 750, 0);
    p.add(2, 10, 825, 825, 0); p.add(10, 21, 600, 600, 0);
    const [a, b] = crossCheck(tl, runs, [[c, p]]);
    // a: counter 7500 J, power 8 s x 825 = 6600 J: (6600 - 7500) / 7500 = -0.12
    expect(a.rel).toBeCloseTo(-0.12, 12);
    expect(a.coverage).toBeCloseTo(0.8, 12);
    // b: 6000 / 7500 - 1 = -0.2
    expect(b.rel).toBeCloseTo(-0.2, 12);
    expect(b.coverage).toBe(1);
    // a second GPU that agrees does not hide the first's disagreement; a worse one wins
    const c2 = new SegmentEnergy(tl.boundariesS), p2 = new SegmentEnergy(tl.boundariesS);
    for (const s of [c2, p2]) { s.seen(-1); s.seen(21); s.add(-1, 21, 100, 100, 0); }
    const both = crossCheck(tl, runs, [[c, p], [c2, p2]]);
    expect(both[1].rel).toBeCloseTo(-0.2, 12);
    expect(both[0].coverage).toBeCloseTo(0.8, 12);
    expect(CROSSCHECK_TOLERANCE).toBe(0.1);
  });
  test('no counter energy in the window: rel null; a window of no time: coverage 0', () => {
    const runs = [win('a', 0, 1), win('z', 5, 5)];
    const tl = timeline(runs, [], []);
    const c = new SegmentEnergy(tl.boundariesS), p = new SegmentEnergy(tl.boundariesS);
    for (const s of [c, p]) { s.seen(0); s.seen(6); }
    p.add(0, 6, 10, 10, 0);
    const [a, z] = crossCheck(tl, runs, [[c, p]]);
    expect(a.rel).toBeNull();
    expect(a.coverage).toBe(1);
    expect(z).toEqual({ rel: null, coverage: 0 });
  });
});
