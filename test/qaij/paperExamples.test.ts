/**
 * Every worked example of the QAIJ paper, through the public functions.
 * Oracle: the numbers printed in the paper (section named in each test).
 */
import { describe, expect, it } from 'vitest';
import {
  qualityAdjustedServicePerJoule,
  tokensPerJoule,
  importanceWeights,
  rankSystems,
  singleBoundary,
  sevenPartReport,
  type TaskResult,
} from '../../kernel-lib/qaij/index.ts';
import { wilsonInterval } from '../../kernel-lib/stats/binomialIntervals.ts';
import { result } from './fixtures.ts';

describe('Example 1: same answer, different tokenizer', () => {
  it('gives 0.1 task per joule under both tokenizers while tokens per joule is 1 or 4', () => {
    const tokA = [result({ tokens: 10 })];
    const tokB = [result({ tokens: 40 })];
    expect(tokensPerJoule(tokA)).toBeCloseTo(1, 12);
    expect(tokensPerJoule(tokB)).toBeCloseTo(4, 12);
    expect(qualityAdjustedServicePerJoule(tokA).qaij).toBeCloseTo(0.1, 12);
    expect(qualityAdjustedServicePerJoule(tokB).qaij).toBeCloseTo(0.1, 12);
  });
});

describe('Example 2: late answers', () => {
  const onTime = result({ task: 'a', energyJ: 5, latencyS: 1 });
  const late = result({ task: 'b', energyJ: 15, latencyS: 3 });
  const latency = { latencyMaxS: 2 };

  it('counts the late answer energy but not its service: S = 0.5, E = 10 J, QAIJ = 0.05', () => {
    const q = qualityAdjustedServicePerJoule([onTime, late], { latency });
    expect(q.serviceMean).toBeCloseTo(0.5, 12);
    expect(q.energyMeanJ).toBeCloseTo(10, 12);
    expect(q.qaij).toBeCloseTo(0.05, 12);
  });

  it('would report 0.2, four times too much, if the late answer were dropped', () => {
    const dropped = qualityAdjustedServicePerJoule([onTime], { latency }).qaij;
    expect(dropped).toBeCloseTo(0.2, 12);
    expect(dropped / qualityAdjustedServicePerJoule([onTime, late], { latency }).qaij).toBeCloseTo(4, 12);
  });

  it('is a ratio of expectations, not a mean of per-task ratios (which would give 0.1)', () => {
    const meanOfRatios = (1 / 5 + 0 / 15) / 2;
    expect(meanOfRatios).toBeCloseTo(0.1, 12);
    expect(qualityAdjustedServicePerJoule([onTime, late], { latency }).qaij).not.toBeCloseTo(meanOfRatios, 6);
  });
});

describe('Example 3: reliability', () => {
  it('8 of 10 successes: point 0.8, Wilson 95% about 0.49 to 0.94', () => {
    const w = wilsonInterval(8, 10);
    expect(w.estimate).toBe(0.8);
    expect(w.lower).toBeCloseTo(0.49, 2);
    expect(w.upper).toBeCloseTo(0.94, 2);
  });

  it('the seven-part report gives the same interval for ten binary runs', () => {
    const runs = Array.from({ length: 10 }, (_, i) => result({ task: `run${i}`, reliability: i < 8 ? 1 : 0 }));
    const rel = sevenPartReport(runs, { draws: 50, seed: 1 }).systems.A.reliability;
    expect(rel.binary?.successes).toBe(8);
    expect(rel.binary?.wilson.lower).toBeCloseTo(0.49, 2);
    expect(rel.binary?.wilson.upper).toBeCloseTo(0.94, 2);
  });
});

describe('Distribution-specific efficiency: the easy/hard reversal', () => {
  // Two task classes, 10 J per attempt; A: s(e) = 1, s(h) = 0.1; B: s(e) = 0.4, s(h) = 1.
  const bench = (system: string, se: number, sh: number): TaskResult[] => [
    result({ system, task: 'e', stratum: 'easy', quality: se }),
    result({ system, task: 'h', stratum: 'hard', quality: sh }),
  ];
  const A = bench('A', 1, 0.1);
  const B = bench('B', 0.4, 1);
  const qaijUnder = (rs: TaskResult[], mix: Record<string, number>) => {
    const iw = importanceWeights(rs, mix);
    if (iw.status !== 'ok') throw new Error('obstructed');
    return qualityAdjustedServicePerJoule(rs, { weights: iw.weights }).qaij;
  };

  it('easy-heavy mix (0.9, 0.1): A 0.091, B 0.046, A preferred', () => {
    const mu1 = { easy: 0.9, hard: 0.1 };
    expect(qaijUnder(A, mu1)).toBeCloseTo(0.091, 12);
    expect(qaijUnder(B, mu1)).toBeCloseTo(0.046, 12);
  });

  it('hard-heavy mix (0.1, 0.9): A 0.019, B 0.094, B preferred', () => {
    const mu2 = { easy: 0.1, hard: 0.9 };
    expect(qaijUnder(A, mu2)).toBeCloseTo(0.019, 12);
    expect(qaijUnder(B, mu2)).toBeCloseTo(0.094, 12);
  });

  it('the seven-part report shows both mixes as alternative task mixes', () => {
    const rep = sevenPartReport([...A, ...B], { draws: 20, seed: 3, alternativeMixes: { easyHeavy: { easy: 0.9, hard: 0.1 }, hardHeavy: { easy: 0.1, hard: 0.9 } } });
    expect(rep.systems.A.alternativeMixes.easyHeavy.estimate?.qaij).toBeCloseTo(0.091, 12);
    expect(rep.systems.B.alternativeMixes.hardHeavy.estimate?.qaij).toBeCloseTo(0.094, 12);
    // the stratum vector (S_e/E_e, S_h/E_h) comes first (Example 4)
    expect(rep.systems.A.byStratum.easy.estimate.qaij).toBeCloseTo(0.1, 12);
    expect(rep.systems.A.byStratum.hard.estimate.qaij).toBeCloseTo(0.01, 12);
  });
});

describe('Example 4: difficulty-weight sensitivity', () => {
  it('weighting the hard stratum five times gives the hard specialist a larger gain, reported beside the unweighted result', () => {
    const rs = [
      result({ system: 'A', task: 'e', stratum: 'easy', quality: 1 }),
      result({ system: 'A', task: 'h', stratum: 'hard', quality: 0.1, difficultyWeight: 5 }),
      result({ system: 'B', task: 'e', stratum: 'easy', quality: 0.4 }),
      result({ system: 'B', task: 'h', stratum: 'hard', quality: 1, difficultyWeight: 5 }),
    ];
    const rep = sevenPartReport(rs, { draws: 20, seed: 1 });
    // unweighted: A (1 + 0.1)/20 = 0.055, B (0.4 + 1)/20 = 0.07; weighted: A 1.5/20 = 0.075, B 5.4/20 = 0.27
    expect(rep.systems.A.unweighted.estimate.qaij).toBeCloseTo(0.055, 12);
    expect(rep.systems.B.unweighted.estimate.qaij).toBeCloseTo(0.07, 12);
    expect(rep.systems.A.difficultyWeighted.estimate.qaij).toBeCloseTo(0.075, 12);
    expect(rep.systems.B.difficultyWeighted.estimate.qaij).toBeCloseTo(0.27, 12);
    const gainB = rep.systems.B.difficultyWeighted.estimate.qaij - rep.systems.B.unweighted.estimate.qaij;
    const gainA = rep.systems.A.difficultyWeighted.estimate.qaij - rep.systems.A.unweighted.estimate.qaij;
    expect(gainB).toBeGreaterThan(gainA);
  });
});

describe('Example 5: system and device boundaries', () => {
  const at = (boundary: 'device' | 'system', a: number, b: number) => [
    result({ system: 'A', energyJ: a, boundary }),
    result({ system: 'B', energyJ: b, boundary }),
  ];
  const rank = (rs: TaskResult[]) =>
    rankSystems(['A', 'B'].map((s) => ({ system: s, boundary: singleBoundary(rs), score: qualityAdjustedServicePerJoule(rs.filter((r) => r.system === s)).qaij })));

  it('ranks A first at the device (70 < 80) and B first at the wall (100 > 90)', () => {
    expect(rank(at('device', 70, 80)).map((r) => r.system)).toEqual(['A', 'B']);
    expect(rank(at('system', 100, 90)).map((r) => r.system)).toEqual(['B', 'A']);
  });

  it('refuses to rank the two boundaries together, naming both', () => {
    const mixed = [result({ system: 'A', energyJ: 70, boundary: 'device' }), result({ system: 'B', energyJ: 90, boundary: 'system' })];
    expect(() => rank(mixed)).toThrow('cannot rank device and system boundaries together');
    expect(() => qualityAdjustedServicePerJoule(mixed)).toThrow('cannot rank device and system boundaries together');
  });
});

describe('Verbosity rank reversal: wordy-wrong and concise-correct', () => {
  it('tokens per joule prefers the wordy wrong answer, QAIJ the concise correct one', () => {
    // Same energy (10 J); wordy-wrong emits 400 tokens with correctness 0, concise-correct 20 tokens, correct.
    const wordy = [result({ system: 'wordy-wrong', tokens: 400, correctness: 0 })];
    const concise = [result({ system: 'concise-correct', tokens: 20, correctness: 1 })];
    const byTokens = rankSystems([
      { system: 'wordy-wrong', boundary: 'system', score: tokensPerJoule(wordy) },
      { system: 'concise-correct', boundary: 'system', score: tokensPerJoule(concise) },
    ]);
    const byService = rankSystems([
      { system: 'wordy-wrong', boundary: 'system', score: qualityAdjustedServicePerJoule(wordy).qaij },
      { system: 'concise-correct', boundary: 'system', score: qualityAdjustedServicePerJoule(concise).qaij },
    ]);
    expect(byTokens[0].system).toBe('wordy-wrong');
    expect(byService[0].system).toBe('concise-correct');
    expect(qualityAdjustedServicePerJoule(wordy).qaij).toBe(0);
    expect(qualityAdjustedServicePerJoule(concise).qaij).toBeCloseTo(0.1, 12);
  });
});
