/**
 * Values at the edge of what the readers hold: a Zeus window whose GPU energies are each finite but
 * sum past a double (1e308 J on two GPUs wrote energy_mj=Infinity), an id with a NUL character (kept,
 * then cut short by every C string it met), `--rate X=5 --rate X=6` (the last silently kept), a system
 * or occupation named `__proto__` (dropped by the schema library). Generated (fast-check, seeded): the
 * GPU count and energies, the id and where its NUL sits, the rates. Oracles: IEEE sums computed here,
 * the messages written by hand.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ValidationError, formatIssue } from '../../kernel-lib/errors.ts';
import { parseZeusLog } from '../../kernel-lib/import/zeus.ts';
import { scenarioFromFlags } from '../../kernel-lib/scenario/flags.ts';
import { parseScenario } from '../../kernel-lib/scenario/schema.ts';
import { parseJson } from '../../kernel-lib/io/json.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

function problems(f: () => unknown): string[] {
  try {
    f();
  } catch (e) {
    if (e instanceof ValidationError) return e.issues.map(formatIssue);
    throw e;
  }
  return [];
}

describe('values past what a double or a C string holds', () => {
  test('GPU energies whose sum overflows a double: an error at the window\'s line, never energy_mj=Infinity', () => {
    const previous = onWarning(null);
    try {
      fc.assert(fc.property(fc.array(fc.double({ min: 1e307, max: 1.7e308, noNaN: true }), { minLength: 2, maxLength: 4 }), (joules) => {
        const header = `start_time,window_name,elapsed_time,${joules.map((_, i) => `gpu${i}_energy`).join(',')}`;
        const text = `${header}\n0,ok,1,${joules.map(() => '1').join(',')}\n5,w,2,${joules.map((j) => String(j)).join(',')}\n`;
        const sum = joules.reduce((a, b) => a + b, 0);
        if (Number.isFinite(sum)) {
          const r = parseZeusLog(text, 'zeus.csv');
          expect(r.rows.every((row) => Number.isFinite(Number(row.energy_mj)))).toBe(true);
        } else {
          expect(problems(() => parseZeusLog(text, 'zeus.csv'))).toEqual([`zeus.csv:3: gpu0_energy: ${joules.map((_, i) => `gpu${i}_energy`).join(' + ')} overflows a double (more than 1.8e308), expected a finite sum`]);
        }
      }), { seed: 43, numRuns: 60 });
    } finally {
      onWarning(previous);
    }
  });

  test('an id with a NUL character anywhere is refused at its line', () => {
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 8 }).filter((s) => /^[A-Za-z0-9]+$/.test(s)), fc.nat(8), (id, at) => {
      const withNul = `${id.slice(0, at)}\u0000${id.slice(at)}`;
      const text = `start_time,window_name,elapsed_time,gpu0_energy\n0,${withNul},1,5\n`;
      expect(problems(() => parseZeusLog(text, 'zeus.csv'))).toEqual([`zeus.csv:2: window_name: a NUL character in ${JSON.stringify(withNul)}, expected text without NUL`]);
    }), { seed: 43, numRuns: 40 });
  });

  test('--rate for one system given twice, or --rate USD twice, is refused (the last was kept)', () => {
    fc.assert(fc.property(fc.constantFrom('sysX', 'sysY', '__proto__', 'toString'), fc.nat(1000), fc.nat(1000), (system, a, b) => {
      expect(() => scenarioFromFlags({ rate: [`${system}=${a}`, `${system}=${b}`] })).toThrow(`--rate ${system}=... given twice`);
      expect(() => scenarioFromFlags({ rate: [`${a}`, `${b}`] })).toThrow('--rate USD given twice');
      // once each: every system kept, __proto__ too
      const rates = scenarioFromFlags({ rate: [`${system}=${a}`, `other=${b}`] }).rates as { bySystem: Record<string, number> };
      expect(Object.entries(rates.bySystem)).toEqual([[system, a], ['other', b]]);
    }), { seed: 43, numRuns: 30 });
  });

  test('a bySystem or custom-weights key __proto__ in a scenario is kept and checked like any other', () => {
    const parsed = parseScenario(parseJson('{"dataset": "d", "rates": {"bySystem": {"__proto__": 5, "sysX": 2}}, "weights": {"custom": {"__proto__": 1}}}', 's.json').value);
    expect(Object.entries(parsed.rates!.bySystem!)).toEqual([['sysX', 2], ['__proto__', 5]]);
    expect(Object.keys((parsed.weights as { custom: object }).custom)).toEqual(['__proto__']);
    expect(() => parseScenario(parseJson('{"dataset": "d", "rates": {"bySystem": {"__proto__": -5}}}', 's.json').value)).toThrow('scenario field rates.bySystem.__proto__: -5 is not allowed');
  });
});
