/**
 * ratioDraws.ts (#29, mutation testing): NVJ^b = (G^b - C^b) / E^b, TSJ^b = S^b / E^b and
 * WTJ^b = Y^b / E^b in every draw (eq. 2.4). Oracles: hand arithmetic on values exact in binary, and
 * the point estimates' rule (metrics/requirePositive.ts): a zero, negative, NaN or infinite energy is
 * refused, never a ratio of Infinity or 0.
 */
import { describe, expect, test } from 'vitest';
import { nvjDraws, tsjDraws, winTiePerMJDraws } from '../../kernel-lib/uncertainty/ratioDraws.ts';

const f = (...v: number[]) => Float64Array.from(v);

describe('ratio draws by hand', () => {
  test('NVJ^b = (G^b - C^b) / E^b draw by draw: (6 - 2) / 0.5 = 8, (3 - 4) / 2 = -0.5, (10 - 0) / 4 = 2.5', () => {
    expect([...nvjDraws(f(6, 3, 10), f(2, 4, 0), f(0.5, 2, 4))]).toEqual([8, -0.5, 2.5]);
  });

  test('TSJ^b = S^b / E^b and WTJ^b = Y^b / E^b draw by draw', () => {
    expect([...tsjDraws(f(1, 3, 0), f(0.25, 2, 4))]).toEqual([4, 1.5, 0]);
    expect([...winTiePerMJDraws(f(0.5, 0.75), f(0.25, 3))]).toEqual([2, 0.25]);
  });

  test('`out` receives the draws and is what is returned; without it a new array of B draws', () => {
    const out = new Float64Array(2);
    expect(nvjDraws(f(3, 5), f(1, 1), f(2, 1), out)).toBe(out);
    expect([...out]).toEqual([1, 4]);
    expect(tsjDraws(f(3, 5), f(2, 1), out)).toBe(out);
    expect([...out]).toEqual([1.5, 5]);
    const fresh = winTiePerMJDraws(f(1), f(4));
    expect(fresh).toBeInstanceOf(Float64Array);
    expect([...fresh]).toEqual([0.25]);
  });
});

describe('ratio draws refuse', () => {
  test('numerator draws of another length than the energy draws, naming the function and both counts', () => {
    expect(() => nvjDraws(f(1), f(0, 0), f(1, 1))).toThrow('netValuePerJoule draws: 1 numerator draws for 2 energy draws');
    expect(() => nvjDraws(f(1, 1), f(0, 0, 0), f(1, 1))).toThrow('netValuePerJoule draws: 3 numerator draws for 2 energy draws');
    expect(() => tsjDraws(f(1, 2, 3), f(1, 1))).toThrow('timeSavingPerJoule draws: 3 numerator draws for 2 energy draws');
    expect(() => winTiePerMJDraws(f(1), f(1, 1))).toThrow('winTieRatePerMJ draws: 1 numerator draws for 2 energy draws');
  });

  test('an `out` of another length, naming both counts', () => {
    expect(() => nvjDraws(f(1, 1), f(0, 0), f(1, 1), new Float64Array(3))).toThrow('netValuePerJoule draws: out has 3 entries for 2 draws');
    expect(() => tsjDraws(f(1, 1), f(1, 1), new Float64Array(1))).toThrow('timeSavingPerJoule draws: out has 1 entries for 2 draws');
  });

  test('a zero, negative, NaN or infinite energy in any draw, as the point estimate does', () => {
    for (const e of [0, -1, NaN, Infinity]) {
      expect(() => nvjDraws(f(1, 1), f(0, 0), f(1, e))).toThrow(`netValuePerJoule requires a positive energy: ${e}`);
      expect(() => tsjDraws(f(1, 1), f(1, e))).toThrow(`timeSavingPerJoule requires a positive energy: ${e}`);
      expect(() => winTiePerMJDraws(f(1, 1), f(e, 1))).toThrow(`winTieRatePerMJ requires a positive energy: ${e}`);
    }
  });
});

/*
 * No equivalent mutants left: the energy check runs in the loop that divides (each draw checked, requirePositive throws),
 * so a loop that ran one draw too far now meets energyMJ[B] = undefined and throws.
 */
