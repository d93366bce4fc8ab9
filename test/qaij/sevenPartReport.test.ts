/**
 * The seven-part report complete to the seed (issue 30): per-stratum intervals (part 2), two difficulty
 * normalisations (part 3, Example 4), the low-ESS flag (part 7), the latency-filtered frontier (part 6),
 * and the declarations and units every figure needs. Oracles: hand computation on QAIJ's Example 4
 * fixture ("Distribution-specific efficiency": A scores 1 and 0.1, B 0.4 and 1, 10 J per attempt).
 */
import { describe, expect, it } from 'vitest';
import { sevenPartReport, type TaskResult } from '../../kernel-lib/qaij/index.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';

onWarning(null);

const r = (task: string, system: string, quality: number, stratum: string, difficultyWeight: number, extra: Partial<TaskResult> = {}): TaskResult => ({
  task, system, energyJ: 10, latencyS: 1, tokens: 1, quality, correctness: 1, reliability: 1, usefulness: 1, difficultyWeight, weight: 1, stratum, boundary: 'system', ...extra,
});
// two tasks per stratum so that the per-stratum bootstrap has something to resample; the hard stratum weighted 5 (Example 4)
const example4 = [
  r('e1', 'A', 1, 'easy', 1), r('e2', 'A', 1, 'easy', 1), r('h1', 'A', 0.1, 'hard', 5), r('h2', 'A', 0.1, 'hard', 5),
  r('e1', 'B', 0.4, 'easy', 1), r('e2', 'B', 0.4, 'easy', 1), r('h1', 'B', 1, 'hard', 5), r('h2', 'B', 1, 'hard', 5),
];

describe('sevenPartReport, complete (issue 30)', () => {
  const rep = sevenPartReport(example4, { draws: 200, seed: 1 });

  it('part 2: service per joule by stratum, each with an interval containing it', () => {
    expect(rep.systems.A.byStratum.easy.estimate.qaij).toBeCloseTo(0.1, 14); // 1 / 10 J
    expect(rep.systems.A.byStratum.hard.estimate.qaij).toBeCloseTo(0.01, 14); // 0.1 / 10 J
    for (const s of Object.values(rep.systems)) {
      for (const part of Object.values(s.byStratum)) {
        expect(part.qaij!.lower).toBeLessThanOrEqual(part.estimate.qaij);
        expect(part.qaij!.upper).toBeGreaterThanOrEqual(part.estimate.qaij);
      }
    }
  });

  it('part 3: the composite under two normalisations of the declared difficulty, d / mean d and sqrt(d) / mean sqrt(d)', () => {
    // linear: mean d = 3, delta = 1/3 and 5/3; A: S = (1/3 + 5/3 * 0.1)/2 = 0.25, B: (0.4/3 + 5/3)/2 = 0.9 (hand computation)
    expect(rep.systems.A.difficultyNormalisations.linear.estimate.qaij).toBeCloseTo(0.025, 14);
    expect(rep.systems.B.difficultyNormalisations.linear.estimate.qaij).toBeCloseTo(0.09, 14);
    // sqrt: mean sqrt d = (1 + sqrt 5)/2, delta = 1/m and sqrt 5/m
    const m = (1 + Math.sqrt(5)) / 2;
    expect(rep.systems.A.difficultyNormalisations.sqrt.estimate.qaij).toBeCloseTo((1 / m + (Math.sqrt(5) / m) * 0.1) / 2 / 10, 14);
    expect(rep.systems.B.difficultyNormalisations.sqrt.estimate.qaij).toBeCloseTo((0.4 / m + Math.sqrt(5) / m) / 2 / 10, 14);
    // unweighted S: A 0.55, B 0.7: B leads under all three, so the decision is not weight-driven here
    expect(rep.difficultyRankings).toEqual({ unweighted: ['B', 'A'], linear: ['B', 'A'], sqrt: ['B', 'A'], agree: true });
  });

  it('says when the ranking is weight-driven: the normalisations disagree', () => {
    // A: easy 1, hard 0.5; B: easy 0.5, hard 0.8, hard weighted 5: unweighted A first, linear B first
    const rs = [r('e1', 'A', 1, 'easy', 1), r('h1', 'A', 0.5, 'hard', 5), r('e1', 'B', 0.5, 'easy', 1), r('h1', 'B', 0.8, 'hard', 5)];
    const d = sevenPartReport(rs, { draws: 20, seed: 1 }).difficultyRankings;
    expect(d.unweighted).toEqual(['A', 'B']);
    expect(d.linear).toEqual(['B', 'A']);
    expect(d.agree).toBe(false);
  });

  it('part 6: a system whose median latency violates L* is filtered off the frontier and listed as excluded', () => {
    const late = [...example4, ...['e1', 'e2', 'h1', 'h2'].map((t) => r(t, 'L', 1, t.startsWith('e') ? 'easy' : 'hard', 1, { energyJ: 1, latencyS: 9 }))];
    const f = sevenPartReport(late, { draws: 20, seed: 1, latency: { latencyMaxS: 2 } }).frontier;
    expect(f.excluded).toEqual(['L']);
    expect(f.frontier).not.toContain('L');
    expect(f.robust.L).toBe('excluded');
    expect(f.latencyStatistic).toBe('median attempt latency <= L*');
  });

  it('part 7: flags an alternative mix whose effective sample size is below the stated threshold', () => {
    clearWarnings();
    const mixed = sevenPartReport(example4, { draws: 20, seed: 1, alternativeMixes: { hardHeavy: { easy: 0.1, hard: 0.9 } } });
    expect(warnings()).toContain('system A: effective sample size 2.44 under the hardHeavy mix is below 10: the reweighted estimate rests on few attempts (QAIJ "Importance weighting": large weights increase variance)');
    // weights 0.2, 0.2, 1.8, 1.8: Kish ESS = 16 / 6.56 = 2.439 (hand computation), below 10
    expect(mixed.systems.A.alternativeMixes.hardHeavy.effectiveSampleSize).toBeCloseTo(16 / 6.56, 12);
    expect(mixed.systems.A.alternativeMixes.hardHeavy.lowEffectiveSampleSize).toBe(true);
    expect(mixed.declarations.lowEffectiveSampleSize).toBe(10);
  });

  it('declares the design, perturbation set, energy denominator, the uncertainty covered and the unit of every figure', () => {
    expect(rep.primary).toBe('unweighted');
    expect(rep.declarations).toMatchObject({ correctnessReliabilityDesign: 'not declared', perturbationSet: 'not declared', energyDenominator: 'not declared', latencyContract: 'none' });
    const d = sevenPartReport(example4, { draws: 20, seed: 1, correctnessReliabilityDesign: 'separate', perturbationSet: 'seeds 1-5', energyDenominator: 'incremental' });
    expect(d.declarations).toMatchObject({ correctnessReliabilityDesign: 'separate', perturbationSet: 'seeds 1-5', energyDenominator: 'incremental energy' });
    expect(d.systems.A.reliability.perturbationSet).toBe('seeds 1-5');
    expect(rep.uncertainty.unit).toMatch(/^task, resampled within its stratum/);
    expect(rep.uncertainty.notCovered.some((x) => x.includes('E~ = E + eps + beta'))).toBe(true);
    expect(Object.keys(rep.units).sort()).toEqual(['effectiveSampleSize', 'energyMeanJ', 'latency', 'qaij', 'reliability', 'serviceMean', 'tokensPerJoule']);
  });
});
