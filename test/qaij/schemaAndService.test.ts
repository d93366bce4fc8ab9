import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../kernel-lib/io/csv.ts';
import { ValidationError } from '../../kernel-lib/errors.ts';
import { latencyIndicator, parseTaskResults, qualityAdjustedServicePerJoule, serviceContribution } from '../../kernel-lib/qaij/index.ts';
import { result } from './fixtures.ts';

const HEADER = 'task,system,energy_j,latency_s,tokens,quality,correctness,reliability,usefulness,difficulty_weight,weight,stratum,boundary';

describe('parseTaskResults', () => {
  it('reads a valid table with defaults for empty optional cells', () => {
    const rs = parseTaskResults(parseCsv(`${HEADER}\nt1,A,10,1.5,20,0.5,1,1,1,,,easy,system\n`, 'r.csv'));
    expect(rs).toEqual([result({ latencyS: 1.5, tokens: 20, quality: 0.5, stratum: 'easy' })]);
  });

  it('reports every problem as file:line: column: message', () => {
    const text = `${HEADER}\nt1,A,0,1,20,1.2,1,1,1,,,easy,wall\nt2,B,10,-1,20,1,1,1,1,-2,,easy,device\n`;
    try {
      parseTaskResults(parseCsv(text, 'r.csv'));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError);
      expect((e as ValidationError).message.split('\n').slice(1)).toEqual([
        'r.csv:2: energy_j: expected a finite number > 0, found 0',
        'r.csv:2: quality: expected a number in [0, 1], found 1.2',
        'r.csv:2: boundary: expected one of device, system, facility, lifecycle',
        'r.csv:3: latency_s: expected a finite number >= 0, found -1',
        'r.csv:3: difficulty_weight: expected a finite number >= 0, found -2',
      ]);
    }
  });

  it('says what was expected of an overflowing or bad optional weight, not "Invalid input"', () => {
    const text = `${HEADER}\nt1,A,1e400,1,20,1,1,1,1,1e400,-1,,system\nt2,A,10,1,20,1,1,1,1, ,x,,system\n`;
    expect(() => parseTaskResults(parseCsv(text, 'r.csv'))).toThrow(
      ['r.csv:2: energy_j: expected a finite number > 0, found "1e400"', 'r.csv:2: difficulty_weight: expected a finite number >= 0, found "1e400"',
        'r.csv:2: weight: expected a finite number >= 0, found -1',
        'r.csv:3: difficulty_weight: expected a finite number >= 0, found " "', 'r.csv:3: weight: expected a finite number >= 0, found "x"'].join('\n'),
    );
  });

  it('refuses missing and unknown columns', () => {
    expect(() => parseTaskResults(parseCsv('task,system,joules\nt,A,1\n', 'r.csv'))).toThrow('r.csv:1: energy_j: missing required column');
    expect(() => parseTaskResults(parseCsv('task,system,joules\nt,A,1\n', 'r.csv'))).toThrow('r.csv:1: joules: unknown column');
  });
});

describe('serviceContribution', () => {
  it('is the product of the factors, with difficulty only in weighted mode', () => {
    const r = result({ quality: 0.5, correctness: 0.8, reliability: 0.5, usefulness: 0.5, difficultyWeight: 2 });
    expect(serviceContribution(r)).toBeCloseTo(0.2, 14);
    expect(serviceContribution(r, { difficulty: 'unweighted' })).toBeCloseTo(0.1, 14);
  });

  it('uses a declared continuous latency penalty instead of the indicator', () => {
    const penalty = (l: number, max: number) => (l <= max ? 1 : Math.max(0, 1 - (l - max) / max));
    expect(latencyIndicator(3, { latencyMaxS: 2, penalty })).toBeCloseTo(0.5, 14);
    expect(serviceContribution(result({ latencyS: 3 }), { latency: { latencyMaxS: 2, penalty } })).toBeCloseTo(0.5, 14);
    expect(() => latencyIndicator(3, { latencyMaxS: 2, penalty: () => 2 })).toThrow('latency penalty must return a value in [0, 1], got 2');
    expect(() => latencyIndicator(3, { latencyMaxS: -1 })).toThrow('invalid latency-max: -1');
  });

  it('keeps failed and refused attempts in the energy denominator', () => {
    const q = qualityAdjustedServicePerJoule([result({ energyJ: 10 }), result({ task: 't2', energyJ: 30, correctness: 0 })]);
    expect(q.energyMeanJ).toBe(20);
    expect(q.qaij).toBeCloseTo(1 / 40, 14);
  });
});

describe('task-result cells are read as strictly as dataset cells (kernel-lib/data/fields.ts)', () => {
  it('a padded system name or number is refused, not trimmed into another value', () => {
    const text = `${HEADER}\nt1,A ,10,1,20,1,1,1,1,1,1,,system\nt2,A,10, 1,20,1,1,1,1,1,1,,system\nt3,A,0x10,1,20,1,1,1,1,1,1,,system\n`;
    expect(() => parseTaskResults(parseCsv(text, 'r.csv'))).toThrow(
      ['r.csv:2: system: leading or trailing spaces in "A "', 'r.csv:3: latency_s: expected a finite number >= 0, found " 1"',
        'r.csv:4: energy_j: expected a finite number > 0, found "0x10"'].join('\n'),
    );
  });
});
