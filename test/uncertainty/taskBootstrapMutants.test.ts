/**
 * taskBootstrap.ts (#29, mutation testing): the resampling stream as its doc comment defines it, from
 * kernel-lib/random/prng.ts's reference generator (xoshiro128StarStar, checked against the C
 * reference in test/random/prng.test.ts) and lemireInt, written out chunk by chunk; the chunk sizes
 * c_o by hand (the largest c <= n_o with n_o^c <= 2^21); the refusals' messages.
 *
 * The generator state (1, 2, 3, 4) gives the outputs 11520, 0, 5927040, ... (prng.ts): its second
 * output, 0, is exactly at Lemire's rejection threshold 2^32 mod range = 0 of a power-of-two range,
 * where the rule "reject when (x range) mod 2^32 < threshold" accepts it. Starting fillDraw and
 * drawSequences from that state tests the `>=` of their rejection step, which a random seed reaches
 * about once in 2^32 outputs.
 */
import { describe, expect, test } from 'vitest';
import { lemireInt, xoshiro128StarStar } from '../../kernel-lib/random/prng.ts';
import { MAX_SEQUENCE_TASKS, drawSample, drawSequences, drawState, fillDraw, sameTaskStructure, taskBootstrap, type TaskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';

const occupationsOf = (sizes: number[]) => Int32Array.from(sizes.flatMap((n, o) => Array(n).fill(o)));

/** The first index where two sequences differ (or where one ends), -1 when they are equal: a cheap failure on long streams. */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** The documented stream from a raw generator: per draw, per occupation, chunks of c_o slots. */
function streamByHand(boot: TaskBootstrap, raw: () => number, draws: number, positions = false): number[] {
  const out: number[] = [];
  for (let b = 0; b < draws; b++) {
    for (let o = 0; o < boot.occupations; o++) {
      const n = boot.counts[o], c = boot.chunkSlots[o];
      for (let left = n; left > 0; left -= Math.min(c, left)) {
        const len = Math.min(c, left);
        const u = lemireInt(raw, n ** len);
        for (let j = 0; j < len; j++) {
          const k = Math.floor(u / n ** j) % n;
          out.push(positions ? k : boot.order[boot.offsets[o] + k]);
        }
      }
    }
  }
  return out;
}

describe('taskBootstrap structure', () => {
  test('counts, offsets and the task order grouped by occupation (task order within each)', () => {
    const boot = taskBootstrap(Int32Array.of(2, 0, 2, 1, 0, 2), 3, { draws: 4, seed: 9 });
    expect({ draws: boot.draws, seed: boot.seed, tasks: boot.tasks, occupations: boot.occupations }).toEqual({ draws: 4, seed: 9, tasks: 6, occupations: 3 });
    expect([...boot.counts]).toEqual([2, 1, 3]);
    expect([...boot.offsets]).toEqual([0, 2, 3, 6]);
    expect([...boot.order]).toEqual([1, 4, 3, 0, 2, 5]);
  });

  test('chunks by hand: c_o is the largest c <= n_o with n_o^c <= 2^21, with the ranges and Lemire thresholds', () => {
    // 1: c 1 (1^1); 5: c 5 (3125); 7: c 7 (7^7 = 823543); 8: c 7 (8^7 = 2^21 exactly; 8^8 > 2^21);
    // 128: c 3 (128^3 = 2^21 exactly); 129: c 2 (129^3 > 2^21); 2048: c 1 (2048^2 = 2^22)
    const sizes = [1, 5, 7, 8, 128, 129, 2048];
    const boot = taskBootstrap(occupationsOf(sizes), sizes.length, { draws: 1, seed: 1 });
    expect([...boot.chunkSlots]).toEqual([1, 5, 7, 7, 3, 2, 1]);
    expect([...boot.chunkRange]).toEqual([1, 3125, 823543, 2 ** 21, 2 ** 21, 129 ** 2, 2048]);
    expect([...boot.chunkThreshold]).toEqual([0, 2 ** 32 % 3125, 2 ** 32 % 823543, 0, 0, 2 ** 32 % (129 ** 2), 0]);
    // tails: 8 = 7 + 1 (range 8), 128 = 42 x 3 + 2 (range 128^2), 129 = 64 x 2 + 1 (range 129); none else (range 1)
    expect([...boot.tailRange]).toEqual([1, 1, 1, 8, 128 ** 2, 129, 1]);
    expect([...boot.tailThreshold]).toEqual([0, 0, 0, 0, 0, 2 ** 32 % 129, 0]);
  });

  test('an occupation of 2^21 tasks is accepted (one slot per chunk); one more is refused', () => {
    const boot = taskBootstrap(new Int32Array(2 ** 21), 1, { draws: 1, seed: 1 });
    expect(boot.chunkSlots[0]).toBe(1);
    expect(boot.chunkRange[0]).toBe(2 ** 21);
    expect(() => taskBootstrap(new Int32Array(2 ** 21 + 1), 1, { draws: 1, seed: 1 })).toThrow('taskBootstrap requires at most 2^21 tasks per occupation: 2097153');
  });

  test('refuses an occupation without tasks and an index out of 0..O-1, naming them; and bad settings', () => {
    expect(() => taskBootstrap(Int32Array.of(0, 2, 2), 3, { draws: 1, seed: 1 })).toThrow('taskBootstrap requires every occupation to have a task: occupation 1 has none');
    expect(() => taskBootstrap(Int32Array.of(0, 1), 2, { draws: 1, seed: 1 })).not.toThrow();
    expect(() => taskBootstrap(Int32Array.of(0, 1, 2), 2, { draws: 1, seed: 1 })).toThrow('taskBootstrap requires an occupation index in 0..1: 2');
    expect(() => taskBootstrap(Int32Array.of(0, -1), 2, { draws: 1, seed: 1 })).toThrow('taskBootstrap requires an occupation index in 0..1: -1');
    expect(() => taskBootstrap(Int32Array.of(0), 1, { draws: 0, seed: 1 })).toThrow('invalid draws: 0');
    expect(() => taskBootstrap(Int32Array.of(0), 1, { draws: 1, seed: 0.5 })).toThrow('invalid seed: 0.5');
  });
});

describe('the stream', () => {
  test('occupations of 8, 128 and 129 tasks (exact 2^21 ranges, tails) follow the documented stream for 300 draws', () => {
    const sizes = [8, 128, 129, 2];
    const boot = taskBootstrap(occupationsOf(sizes), sizes.length, { draws: 300, seed: 20260726 });
    const raw = xoshiro128StarStar(...(drawState(boot) as unknown as [number, number, number, number]));
    const want = streamByHand(boot, raw, 300);
    expect(want.length).toBe(300 * 267);
    expect(firstDifference(drawSample(boot), want)).toBe(-1);
  });

  test('from the state (1, 2, 3, 4): an output of 0 at threshold 0 is accepted, in tasks, positions and sequences', () => {
    // occupations of 1, 1, 2 and 4 tasks: ranges 1, 1, 4, 256 (thresholds 0); outputs 11520, 0, ...
    const sizes = [1, 1, 2, 4];
    const occ = occupationsOf(sizes);
    const boot = taskBootstrap(occ, sizes.length, { draws: 6, seed: 1 });
    for (const mode of ['tasks', 'positions'] as const) {
      const state = Int32Array.of(1, 2, 3, 4), raw = xoshiro128StarStar(1, 2, 3, 4);
      const got: number[] = [];
      const buffer = new Int32Array(occ.length);
      for (let b = 0; b < 6; b++) { fillDraw(boot, state, buffer, mode); got.push(...buffer); }
      expect(got, mode).toEqual(streamByHand(boot, raw, 6, mode === 'positions'));
      // the state written back is the generator's after the same outputs: the next output agrees
      const next = xoshiro128StarStar(state[0], state[1], state[2], state[3]);
      expect(next(), mode).toBe(raw());
    }
    const raw = xoshiro128StarStar(1, 2, 3, 4);
    const want: number[] = [];
    for (let b = 0; b < 6; b++) for (const n of sizes) want.push(lemireInt(raw, n ** n));
    const one = Int32Array.of(1, 2, 3, 4), seq = new Int32Array(4);
    const got: number[] = [];
    for (let b = 0; b < 6; b++) { fillDraw(boot, one, seq, 'sequences'); got.push(...seq); }
    expect(got).toEqual(want);
    // drawSequences: all six draws at an offset, b O + o after `at`
    const all = new Int32Array(3 + 24).fill(-1);
    drawSequences(boot, Int32Array.of(1, 2, 3, 4), all, 3, 6);
    expect([...all.subarray(0, 3)]).toEqual([-1, -1, -1]);
    expect([...all.subarray(3)]).toEqual(want);
  });

  test('drawSequences advances the state it is given: two calls of 3 draws equal one of 6', () => {
    const sizes = [3, 5, 2];
    const boot = taskBootstrap(occupationsOf(sizes), 3, { draws: 6, seed: 77 });
    const whole = new Int32Array(18), parts = new Int32Array(18);
    drawSequences(boot, drawState(boot), whole, 0, 6);
    const state = drawState(boot);
    drawSequences(boot, state, parts, 0, 3);
    drawSequences(boot, state, parts, 9, 3);
    expect([...parts]).toEqual([...whole]);
    const raw = xoshiro128StarStar(...(drawState(boot) as unknown as [number, number, number, number]));
    const want: number[] = [];
    for (let b = 0; b < 6; b++) for (const n of sizes) want.push(lemireInt(raw, n ** n));
    expect([...whole]).toEqual(want);
  });

  test('sequences are refused above MAX_SEQUENCE_TASKS = 5 tasks, and given for exactly 5', () => {
    expect(MAX_SEQUENCE_TASKS).toBe(5);
    const five = taskBootstrap(occupationsOf([5, 2]), 2, { draws: 1, seed: 3 });
    expect(() => fillDraw(five, drawState(five), new Int32Array(2), 'sequences')).not.toThrow();
    const six = taskBootstrap(occupationsOf([2, 6]), 2, { draws: 1, seed: 3 });
    expect(() => fillDraw(six, drawState(six), new Int32Array(2), 'sequences')).toThrow('fillDraw: sequences need occupations of at most 5 tasks: 6');
  });

  test('drawState is the seed\'s four words: two draws from it equal drawSample\'s first two', () => {
    const boot = taskBootstrap(occupationsOf([3, 2]), 2, { draws: 2, seed: 123 });
    const state = drawState(boot), out = new Int32Array(10);
    fillDraw(boot, state, out.subarray(0, 5));
    fillDraw(boot, state, out.subarray(5, 10));
    expect([...out]).toEqual([...drawSample(boot)]);
    expect(drawSample(boot).length).toBe(10);
  });
});

describe('Lemire rejection, from states chosen for their outputs', () => {
  // xoshiro128**'s output is rotl(s1 x 5, 7) x 9, so a state whose s1 is chosen gives a chosen first
  // output, and with s0 = 0 the second output comes from s1 ^ s2. The outputs below were solved for by
  // hand (x = r R^-1 mod 2^32): x R mod 2^32 = r lands where it is rejected or accepted.
  // 9 tasks: one chunk of 6 (range 9^6 = 531441, threshold 2^32 mod 531441 = 392575) and a tail of 3
  // (range 729, threshold 373). 3 tasks: range 27, threshold 22.
  const nine = taskBootstrap(new Int32Array(9), 1, { draws: 3, seed: 1 });
  const three = taskBootstrap(new Int32Array(3), 1, { draws: 3, seed: 1 });

  function expectStream(boot: TaskBootstrap, words: [number, number, number, number], label: string): void {
    const state = Int32Array.from(words), out = new Int32Array(boot.tasks * 3);
    for (let b = 0; b < 3; b++) fillDraw(boot, state, out.subarray(b * boot.tasks, (b + 1) * boot.tasks));
    expect([...out], label).toEqual(streamByHand(boot, xoshiro128StarStar(...words), 3));
  }

  test('thresholds by hand', () => {
    expect([nine.chunkSlots[0], nine.chunkRange[0], nine.chunkThreshold[0], nine.tailRange[0], nine.tailThreshold[0]]).toEqual([6, 531441, 392575, 729, 373]);
    expect(three.chunkThreshold[0]).toBe(22);
  });

  test('a chunk output whose x R mod 2^32 is 1 (u = 454124 > 0) is rejected: x = 3670111505', () => {
    expect(xoshiro128StarStar(0, 3070494873, 5, 7)()).toBe(3670111505);
    expectStream(nine, [0, 3070494873, 5, 7], 'rejected chunk');
  });

  test("a full chunk is judged by the chunk's threshold: x R mod 2^32 = 373 is rejected there (accepted by the tail's)", () => {
    expect(xoshiro128StarStar(0, 1484398769, 5, 7)()).toBe(3151991237);
    expectStream(nine, [0, 1484398769, 5, 7], 'chunk at 373');
  });

  test("the tail is judged by its own threshold: x R mod 2^32 = 373 is accepted there (rejected by the chunk's)", () => {
    // first output accepted for the chunk; the second (the tail's) is 4289075709, 729 x that = 728 x 2^32 + 373
    const raw = xoshiro128StarStar(0, 1, 1 ^ 4009380774, 7);
    const first = raw();
    expect((first * 531441) % 2 ** 32).toBeGreaterThanOrEqual(392575);
    expect(raw()).toBe(4289075709);
    expectStream(nine, [0, 1, 1 ^ 4009380774, 7], 'tail at 373');
  });

  test('sequences reject too: x R mod 2^32 = 1 < 22 for 3 tasks (x = 1749801491), in fillDraw and drawSequences', () => {
    const words: [number, number, number, number] = [0, 1260459120, 5, 7];
    expect(xoshiro128StarStar(...words)()).toBe(1749801491);
    const raw = xoshiro128StarStar(...words);
    const want = [0, 1, 2].map(() => lemireInt(raw, 27));
    const state = Int32Array.from(words), seq = new Int32Array(1), got: number[] = [];
    for (let b = 0; b < 3; b++) { fillDraw(three, state, seq, 'sequences'); got.push(seq[0]); }
    expect(got).toEqual(want);
    const all = new Int32Array(3);
    drawSequences(three, Int32Array.from(words), all, 0, 3);
    expect([...all]).toEqual(want);
  });
});

describe('sameTaskStructure', () => {
  test('the same occupation index, element by element; another length or any other element is not', () => {
    expect(sameTaskStructure(Int32Array.of(0, 1, 1), Int32Array.of(0, 1, 1))).toBe(true);
    expect(sameTaskStructure(new Int32Array(0), new Int32Array(0))).toBe(true);
    expect(sameTaskStructure(Int32Array.of(0, 1), Int32Array.of(0, 1, 1))).toBe(false);
    expect(sameTaskStructure(Int32Array.of(0, 1, 1), Int32Array.of(0, 1))).toBe(false);
    expect(sameTaskStructure(Int32Array.of(0, 1, 1), Int32Array.of(0, 1, 0))).toBe(false);
    expect(sameTaskStructure(Int32Array.of(1, 1, 1), Int32Array.of(0, 1, 1))).toBe(false);
  });
});

/*
 * Equivalent mutants (explained, not killable by any output):
 * - fillDraw's `left >= c ? c : left` made `left > c ? c : left`: when left = c both give c.
 * - drawSample's `b < boot.draws` made `b <= boot.draws`: the extra draw is written to an empty
 *   subarray (out.subarray(B n, (B + 1) n) of an array of B n), which keeps nothing.
 * - sameTaskStructure's loop `i < a.length` made `i <= a.length`: a[n] and b[n] are both undefined.
 * - loops run one step too far over typed arrays, whose writes past the end are ignored: taskBootstrap's
 *   per-occupation loop `o <= O` (counts[O] is undefined: no check fails, offsets[O + 1] and the chunk
 *   arrays' index O keep nothing), its order fill `i <= n` (order[NaN]), fillDraw's `o <= O` (an
 *   occupation of undefined tasks draws nothing) and its sequences check `o <= O` (undefined > 5 is false).
 * - fillDraw's default mode 'tasks' made "": any mode but 'sequences' and 'positions' writes tasks.
 */
