/**
 * noise.ts (issue #26 part 2: which sources of noise an interval covers) against its documented
 * contract (#29 mutation testing): resolveNoise's defaults, refusals (full messages) and frozen
 * result; tasksOnly on every switch; noiseWords' sentences written by hand; noiseFromText's grammar
 * and noiseText, its inverse.
 *
 * Equivalent survivor (s11-u3 run: 164 of 165 killed): in resolveNoise's meter check,
 * `typeof v !== 'number'` made `false`. Number.isFinite does not coerce (Number.isFinite('0.05') is
 * false), so a string, boolean, null or object is still refused by the same throw with the same message.
 */
import { describe, expect, test } from 'vitest';
import { NO_NOISE, meterFactor, noiseFromText, noiseText, noiseWords, resolveNoise, tasksOnly, type Noise } from '../../kernel-lib/uncertainty/noise.ts';

describe('resolveNoise', () => {
  test('absent, empty or all-off options are NO_NOISE itself (tasks only, the paper\'s intervals), which is frozen', () => {
    expect(NO_NOISE).toEqual({ attempts: false, grading: false, meter: null });
    expect(Object.isFrozen(NO_NOISE)).toBe(true);
    for (const n of [undefined, null, {}, { attempts: false }, { grading: false, meter: null }]) expect(resolveNoise(n)).toBe(NO_NOISE);
  });

  test('fills the fields not given, copies the meter and freezes both', () => {
    const meter = { eps: 0.05, beta: 0 };
    const r = resolveNoise({ meter });
    expect(r).toEqual({ attempts: false, grading: false, meter: { eps: 0.05, beta: 0 } });
    expect(Object.keys(r)).toEqual(['attempts', 'grading', 'meter']);
    expect(r.meter).not.toBe(meter);
    expect(Object.isFrozen(r)).toBe(true);
    expect(Object.isFrozen(r.meter)).toBe(true);
    meter.eps = 9; // the caller's object changes later: the resolved option does not
    expect(r.meter).toEqual({ eps: 0.05, beta: 0 });
    expect(resolveNoise({ attempts: true })).toEqual({ attempts: true, grading: false, meter: null });
    expect(resolveNoise({ grading: true })).toEqual({ attempts: false, grading: true, meter: null });
    const g = resolveNoise({ grading: true, attempts: true });
    expect(g).toEqual({ attempts: true, grading: true, meter: null });
    expect(Object.isFrozen(g)).toBe(true);
    // a meter with extra keys keeps eps and beta only
    expect(resolveNoise({ meter: { eps: 0, beta: 0.25, gamma: 1 } as unknown as Noise['meter'] }).meter).toEqual({ eps: 0, beta: 0.25 });
  });

  test('refuses a non-object, an unknown source, a non-boolean switch and a meter that is not {eps, beta} >= 0 and finite, with full messages', () => {
    const bad = (n: unknown) => () => resolveNoise(n as Partial<Noise>);
    expect(bad(3)).toThrow(/^invalid noise: 3 \(expected an object \{attempts, grading, meter\}\)$/);
    expect(bad('grading')).toThrow(/^invalid noise: "grading" \(expected an object/);
    expect(bad(['grading'])).toThrow(/^invalid noise: \["grading"\] \(expected an object/);
    expect(bad({ tasks: true })).toThrow(/^invalid noise\.tasks: no such source \(known: attempts, grading, meter\)$/);
    expect(bad({ grading: true, weights: true })).toThrow(/^invalid noise\.weights: no such source/);
    expect(bad({ attempts: 1 })).toThrow(/^invalid noise\.attempts: 1 \(expected true or false\)$/);
    expect(bad({ grading: 'yes' })).toThrow(/^invalid noise\.grading: "yes" \(expected true or false\)$/);
    expect(bad({ meter: 0.05 })).toThrow(/^invalid noise\.meter: 0\.05 \(expected null or \{"eps": relative SD >= 0, "beta": relative SD >= 0\}\)$/);
    expect(bad({ meter: 'x' })).toThrow(/^invalid noise\.meter: "x" \(expected null/);
    expect(bad({ meter: undefined })).toThrow(/^invalid noise\.meter: undefined \(expected null/);
    expect(bad({ meter: { eps: -0.01, beta: 0 } })).toThrow(/^invalid noise\.meter\.eps: -0\.01 \(expected a relative standard deviation >= 0\)$/);
    expect(bad({ meter: { eps: 0, beta: -1 } })).toThrow(/^invalid noise\.meter\.beta: -1 \(expected a relative standard deviation >= 0\)$/);
    expect(bad({ meter: { eps: '0.05', beta: 0 } })).toThrow(/^invalid noise\.meter\.eps: "0\.05" \(expected/);
    expect(bad({ meter: { eps: 0.05 } })).toThrow(/^invalid noise\.meter\.beta: undefined \(expected/);
    expect(bad({ meter: { eps: NaN, beta: 0 } })).toThrow(/^invalid noise\.meter\.eps: null \(expected/); // JSON writes NaN as null
    expect(bad({ meter: { eps: 0, beta: Infinity } })).toThrow(/^invalid noise\.meter\.beta: null \(expected/);
    expect(bad({ meter: [] })).toThrow(/^invalid noise\.meter\.eps: undefined/);
    // zero is a valid standard deviation on both
    expect(resolveNoise({ meter: { eps: 0, beta: 0 } }).meter).toEqual({ eps: 0, beta: 0 });
  });
});

describe('tasksOnly', () => {
  test('true only when no switch is on', () => {
    expect(tasksOnly(NO_NOISE)).toBe(true);
    expect(tasksOnly({ attempts: true, grading: false, meter: null })).toBe(false);
    expect(tasksOnly({ attempts: false, grading: true, meter: null })).toBe(false);
    expect(tasksOnly({ attempts: false, grading: false, meter: { eps: 0, beta: 0 } })).toBe(false);
  });
});

describe('noiseWords', () => {
  test('sentences by hand: one source joined with "and", several with commas then "and"; percents of the SDs', () => {
    expect(noiseWords(NO_NOISE)).toBe('tasks only');
    expect(noiseWords({ attempts: true, grading: false, meter: null })).toBe('tasks and attempts');
    expect(noiseWords({ attempts: false, grading: true, meter: null })).toBe('tasks and grading');
    expect(noiseWords({ attempts: true, grading: true, meter: null })).toBe('tasks, attempts and grading');
    // 0.07 x 100 = 7.000000000000001 in floating point: six significant digits print 7
    expect(noiseWords({ attempts: false, grading: false, meter: { eps: 0.07, beta: 0.125 } })).toBe('tasks and meter error (eps 7%, beta 12.5%)');
    expect(noiseWords({ attempts: true, grading: true, meter: { eps: 0.05, beta: 0.02 } })).toBe('tasks, attempts, grading and meter error (eps 5%, beta 2%)');
  });
});

describe('noiseFromText and noiseText', () => {
  test('each word alone, in any order, with spaces around; meter numbers in any JSON-like notation', () => {
    expect(noiseFromText('tasks')).toBe(NO_NOISE);
    expect(noiseFromText('attempts')).toEqual({ attempts: true, grading: false, meter: null });
    expect(noiseFromText(' grading ')).toEqual({ attempts: false, grading: true, meter: null });
    expect(noiseFromText('grading , attempts')).toEqual({ attempts: true, grading: true, meter: null });
    expect(noiseFromText('meter:5e-2:1E-3')).toEqual({ attempts: false, grading: false, meter: { eps: 0.05, beta: 0.001 } });
    expect(noiseFromText('meter:+0.5:.25,attempts')).toEqual({ attempts: true, grading: false, meter: { eps: 0.5, beta: 0.25 } });
    expect(noiseFromText('meter:10:20')).toEqual({ attempts: false, grading: false, meter: { eps: 10, beta: 20 } });
  });

  test('refuses anything else with the whole text and the offending word named', () => {
    const allowed = 'a comma list of tasks, attempts, grading, meter:EPS:BETA (relative SDs, e.g. meter:0.05:0.02)';
    const msg = (text: string, p: string) => `invalid noise: ${JSON.stringify(text)} (expected ${allowed}; "${p}" is not allowed there)`;
    for (const [text, p] of [['', ''], ['tasks,grading', 'tasks'], ['grading,tasks', 'tasks'], ['attempts,attempts', 'attempts'], ['grading,grading', 'grading'],
      ['meter:1:1,meter:2:2', 'meter:2:2'], ['xmeter:1:1', 'xmeter:1:1'], ['meter:1:1x', 'meter:1:1x'], ['meter:1', 'meter:1'], ['meter::1', 'meter::1'],
      ['meter:1:', 'meter:1:'], ['meter:a:1', 'meter:a:1'], ['meter:1:b', 'meter:1:b'], ['Grading', 'Grading']] as const) {
      expect(() => noiseFromText(text), text).toThrow(msg(text, p));
    }
    // a well-formed meter with a negative SD passes the grammar and is refused by resolveNoise
    expect(() => noiseFromText('meter:-1:0')).toThrow(/^invalid noise\.meter\.eps: -1 /);
  });

  test('noiseText writes the sources in a fixed order, "tasks" when none; noiseFromText reads it back', () => {
    expect(noiseText(NO_NOISE)).toBe('tasks');
    expect(noiseText({ attempts: true, grading: false, meter: null })).toBe('attempts');
    expect(noiseText({ attempts: false, grading: true, meter: null })).toBe('grading');
    expect(noiseText({ attempts: false, grading: false, meter: { eps: 0.05, beta: 0.02 } })).toBe('meter:0.05:0.02');
    expect(noiseText({ attempts: true, grading: true, meter: { eps: 0, beta: 1e-7 } })).toBe('attempts,grading,meter:0:1e-7');
    expect(noiseFromText('attempts,grading,meter:0:1e-7')).toEqual({ attempts: true, grading: true, meter: { eps: 0, beta: 1e-7 } });
  });
});

describe('meterFactor: the lognormal meter error of mean 1', () => {
  test('sd 0 is exactly 1 whatever z; z = 0 is exp(-s^2/2); the moments by quadrature are mean 1 and SD sd', () => {
    for (const z of [-40, -1, 0, 3.5]) expect(meterFactor(z, 0)).toBe(1);
    // by hand: sd 0.2, s^2 = ln 1.04 = 0.039220713..., F(0) = exp(-0.019610356...) = 0.980580676...
    expect(meterFactor(0, 0.2)).toBeCloseTo(0.9805806757, 9);
    expect(meterFactor(1, 0.2)).toBeCloseTo(Math.exp(Math.sqrt(Math.log(1.04)) - Math.log(1.04) / 2), 12);
    // E[F] and SD[F] against the standard normal density (trapezoid over [-12, 12], step 1e-3)
    for (const sd of [0.05, 0.2, 1, 5]) {
      let m0 = 0, m1 = 0, m2 = 0;
      for (let z = -12; z <= 12; z += 1e-3) {
        const w = Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI) * 1e-3, f = meterFactor(z, sd);
        m0 += w; m1 += w * f; m2 += w * f * f;
      }
      expect(m0).toBeCloseTo(1, 6);
      if (sd <= 1) {
        expect(m1).toBeCloseTo(1, 6);
        expect(Math.sqrt(m2 - m1 * m1)).toBeCloseTo(sd, 5);
      }
      // positive everywhere, even at 40 sigma below
      expect(meterFactor(-40, sd)).toBeGreaterThan(0);
    }
  });
});
