/**
 * The fast bootstrapQaij (typed arrays, one draw shared by sevenPartReport's bootstraps) gives exactly
 * what the plain implementation kept as its oracle gives (test/qaij/naiveBootstrapQaij.ts): the same
 * replicates, intervals, point estimates and errors, compared bit for bit (bootstrapEquivalence.ts).
 * The reconstructed dataset and a sweep of seeded random cases run in a child process
 * (bootstrapEquivalence.child.ts); the corners named below run here, each a few milliseconds.
 */
import { describe, expect, it } from 'vitest';
import { bootstrapQaij, bootstrapQaijPaired, importanceWeights, type BootstrapOptions } from '../../kernel-lib/qaij/index.ts';
import { maxDraws } from '../../kernel-lib/uncertainty/settings.ts';
import { runTsx } from '../helpers/child.ts';
import { firstDifference, naivePaired, outcome, pairedDifference } from './bootstrapEquivalence.ts';
import { result } from './fixtures.ts';
import { naiveBootstrapQaij } from './naiveBootstrapQaij.ts';

const ESS_ERROR = 'effectiveSampleSize requires nonnegative weights with a positive sum';

// Stratum z has a task of weight 0 and one of weight 1; stratum e is the only one in the target.
// A replicate that draws z0 twice has no mass in z: its proposal share is 0, 0 / 0 is NaN, and the
// NaN weights make effectiveSampleSize throw, though the full data (mass 1 in z) does not.
const zeroMass = [
  result({ task: 'e0', stratum: 'e', quality: 1 }),
  result({ task: 'e1', stratum: 'e', quality: 0, energyJ: 12 }),
  result({ task: 'z0', stratum: 'z', weight: 0 }),
  result({ task: 'z1', stratum: 'z', weight: 1, energyJ: 7 }),
];

describe('fast bootstrapQaij equals its oracle', () => {
  it('on the reconstructed dataset (seven-part report included) and 300 seeded random cases, in a child process', async () => {
    const run = await runTsx(['test/qaij/bootstrapEquivalence.child.ts'], { timeoutMs: 300_000 });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { checked: number; errors: number; differences: string[] };
    expect(out.differences).toEqual([]);
    expect(out.checked).toBe(5 + 9 + 300 * 5); // 5 variants and 9 systems of the reconstructed dataset, 5 calls per random case
    expect(out.errors).toBeGreaterThan(20); // the sweep reaches error paths, not only good data
  }, 300_000);

  it('throws effectiveSampleSize\'s error where a replicate\'s family has no mass, at the same point as the oracle', () => {
    const opts = { draws: 200, seed: 3, targetMix: { e: 1 } };
    expect(importanceWeights(zeroMass, { e: 1 }).status).toBe('ok'); // the full data is fine
    expect(outcome(() => naiveBootstrapQaij(zeroMass, opts))).toEqual({ error: ESS_ERROR });
    expect(outcome(() => bootstrapQaij(zeroMass, opts))).toEqual({ error: ESS_ERROR });
  });

  it('treats NaN and negative weights as the oracle does (obstructed, skipped draws or an error)', () => {
    const nan = [...zeroMass.slice(0, 2), result({ task: 'z0', stratum: 'z', weight: NaN }), zeroMass[3]];
    const neg = [...zeroMass.slice(0, 2), result({ task: 'z0', stratum: 'z', weight: -1 }), result({ task: 'z1', stratum: 'z', weight: 3 })];
    for (const rs of [nan, neg]) {
      for (const o of [{ draws: 50 }, { draws: 50, targetMix: { e: 1, z: 1 } }, { draws: 50, targetMix: { e: 1 } }] as BootstrapOptions[]) {
        expect(pairedDifference(rs, [o])).toBeNull();
      }
    }
    expect(outcome(() => bootstrapQaij(neg, { draws: 50, targetMix: { e: 1, z: 1 } }))).toEqual({ error: ESS_ERROR });
  });

  it('throws, for several bootstraps at once, the error the first failing separate call would throw', () => {
    const loopError = { draws: 200, seed: 3, targetMix: { e: 1 } };
    const setupError = { draws: 200, seed: 3, targetMix: { e: -1 } };
    const fine = { draws: 200, seed: 3 };
    for (const vs of [[fine, loopError, setupError], [fine, setupError, loopError], [setupError, loopError], [fine, fine]]) {
      expect(pairedDifference(zeroMass, vs)).toBeNull();
    }
    expect(outcome(() => bootstrapQaijPaired(zeroMass, [fine, setupError, loopError]))).toEqual({ error: 'invalid target mix share for e: -1' });
    expect(outcome(() => bootstrapQaijPaired(zeroMass, [fine, loopError, setupError]))).toEqual({ error: ESS_ERROR });
    expect(() => bootstrapQaijPaired(zeroMass, [fine, { draws: 100, seed: 3 }])).toThrow('every variant needs the same draws, seed and level');
  });

  it('keeps only the draws in which a system has attempts, in draw order, as a Float64Array', () => {
    // B has one of four tasks in its stratum: about (3/4)^4 of the draws hold none of its attempts
    const rs = [0, 1, 2, 3].flatMap((k) => [result({ task: `t${k}`, stratum: 's', quality: k % 2, energyJ: 5 + k }), ...(k === 0 ? [result({ task: 't0', system: 'B', stratum: 's' })] : [])]);
    const fast = bootstrapQaij(rs, { draws: 300, seed: 4 }).get('B')!;
    const naive = naiveBootstrapQaij(rs, { draws: 300, seed: 4 }).get('B')!;
    expect(fast.validDraws).toBeGreaterThan(0);
    expect(fast.validDraws).toBeLessThan(300);
    expect(fast.replicates.qaij).toBeInstanceOf(Float64Array);
    expect(fast.replicates.qaij.length).toBe(fast.validDraws);
    expect(firstDifference(fast, naive)).toBeNull();
  });

  // #29: the interval's sorted-copy path (a replicate not finite, or -0) had no test, and swapping its
  // (1 - level)/2 and (1 + level)/2 percentiles survived every test. An infinite quality reaches it.
  it('takes the 2.5% and 97.5% percentiles in that order when a replicate is not finite: lower 0.05 by hand, upper NaN, as the oracle', () => {
    // t0's service is infinite, so a draw holding t0 gives NaN; a draw of t1 and t2 only (probability
    // (2/3)^3 = 30%, far above 2.5%) gives 3 x 0.5 / 30 J = 0.05. Sorted, the NaN draws come last.
    const rs = [0, 1, 2].map((k) => result({ task: `t${k}`, quality: k === 0 ? Infinity : 0.5, energyJ: 10 }));
    const fast = bootstrapQaij(rs, { draws: 400, seed: 3 }).get('A')!;
    expect(fast.qaij).toEqual({ lower: 0.05, upper: NaN });
    expect(firstDifference(fast, naiveBootstrapQaij(rs, { draws: 400, seed: 3 }).get('A')!)).toBeNull();
  });

  it('bounds draws by 3 series per system and variant plus 2 (the replicates and the sorted and trimmed copies)', () => {
    const two = [result({ task: 'a' }), result({ task: 'a', system: 'B' })];
    expect(() => bootstrapQaij(two, { draws: maxDraws(3 * 2 + 2) + 1 })).toThrow(/a bootstrap of 8 series at once/);
    const four = Array.from({ length: 4 }, () => ({ draws: maxDraws(3 * 2 * 4 + 2) + 1 }));
    expect(() => bootstrapQaijPaired(two, four)).toThrow(/a bootstrap of 26 series at once/);
  });

  it('gives the oracle\'s result for the oracle\'s own single-call cases', () => {
    const tasks = Array.from({ length: 12 }, (_, i) => i);
    const data = tasks.flatMap((i) => [
      result({ system: 'A', task: `t${i}`, energyJ: 8 + (i % 5), quality: (i % 3) / 2, stratum: i < 4 ? 'hard' : 'easy', latencyS: i }),
      result({ system: 'B', task: `t${i}`, energyJ: 20 + (i % 7), quality: i % 4 === 0 ? 0 : 1, stratum: i < 4 ? 'hard' : 'easy', difficultyWeight: 1 + (i % 2) }),
    ]);
    const cases: BootstrapOptions[] = [
      { draws: 100, seed: 5 },
      { draws: 100, seed: 5, difficulty: 'unweighted', latency: { latencyMaxS: 6 } },
      { draws: 100, seed: 5, targetMix: { hard: 0.7, easy: 0.3 }, trimAt: 1.5 },
      { draws: 100, seed: 5, targetMix: { hard: 1, easy: 0 } },
      { draws: 100, seed: 5, targetMix: { hard: 1, legal: 1 } },
    ];
    for (const o of cases) expect(pairedDifference(data, [o])).toBeNull();
    expect(firstDifference(naivePaired(data, [{ draws: -1 }]), outcome(() => bootstrapQaij(data, { draws: -1 })))).toBeNull();
  });
});
