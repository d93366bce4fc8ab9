import { describe, expect, it } from 'vitest';
import { effectiveSampleSize, importanceWeights } from '../../kernel-lib/qaij/index.ts';
import { result } from './fixtures.ts';

const rs = [
  result({ task: 'a', stratum: 'easy' }),
  result({ task: 'b', stratum: 'easy' }),
  result({ task: 'c', stratum: 'easy' }),
  result({ task: 'd', stratum: 'hard' }),
];

describe('importanceWeights', () => {
  it('sets w = mu / nu per family (oracle: hand computation, nu = 3/4 and 1/4)', () => {
    const iw = importanceWeights(rs, { easy: 1, hard: 1 });
    if (iw.status !== 'ok') throw new Error('expected ok');
    expect(iw.weights.map((w) => +w.toFixed(12))).toEqual([0.666666666667, 0.666666666667, 0.666666666667, 2]);
    expect(iw.proposal).toEqual({ easy: 0.75, hard: 0.25 });
    // Kish: (4)^2 / (3 * 4/9 + 4) = 16 / (16/3) = 3
    expect(iw.effectiveSampleSize).toBeCloseTo(3, 12);
    expect(iw.trimmed).toBeNull();
  });

  it('is obstructed when the target puts weight on a family with no observations', () => {
    const iw = importanceWeights(rs, { easy: 0.5, legal: 0.5 });
    expect(iw.status).toBe('obstructed');
    if (iw.status === 'obstructed') expect(iw.missing).toEqual(['legal']);
  });

  it('gives zero weight to families outside the target, and is not obstructed by zero-share families', () => {
    const iw = importanceWeights(rs, { hard: 1, legal: 0 });
    if (iw.status !== 'ok') throw new Error('expected ok');
    expect(iw.weights).toEqual([0, 0, 0, 4]);
  });

  it('trims only when asked, and reports how many weights were capped', () => {
    const iw = importanceWeights(rs, { easy: 1, hard: 1 }, { trimAt: 1.5 });
    if (iw.status !== 'ok') throw new Error('expected ok');
    expect(iw.weights[3]).toBe(1.5);
    expect(iw.trimmed).toEqual({ at: 1.5, count: 1 });
  });

  it('refuses bad mixes and options, naming the value', () => {
    expect(() => importanceWeights(rs, { easy: -1 })).toThrow('invalid target mix share for easy: -1');
    expect(() => importanceWeights(rs, { easy: 0 })).toThrow('invalid target mix: shares sum to zero');
    expect(() => importanceWeights(rs, { easy: 1 }, { trimAt: 0 })).toThrow('invalid trim-at: 0');
    expect(() => importanceWeights([result()], { easy: 1 })).toThrow('importanceWeights requires a stratum on every result');
  });
});

describe('effectiveSampleSize', () => {
  it('is n for equal weights and (sum w)^2 / sum w^2 otherwise', () => {
    expect(effectiveSampleSize([2, 2, 2])).toBe(3);
    expect(effectiveSampleSize([1.8, 0.2])).toBeCloseTo(4 / 3.28, 14);
  });
  it('refuses negative weights', () => {
    expect(() => effectiveSampleSize([1, -1])).toThrow('effectiveSampleSize requires nonnegative weights with a positive sum');
  });
});
