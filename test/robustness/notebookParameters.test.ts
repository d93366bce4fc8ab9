/**
 * Notebook 13's own parameters (grid, multiverseDraws, meter) are checked in its parameters cell
 * (display/robustness.ts checkRobustnessParameters): a bad value is one line naming the parameter and
 * what is allowed, before any computation; the scenario's parameters are checked first.
 */
import { describe, expect, test } from 'vitest';
import { SMALL } from '../helpers/dataset.ts';
import { checkRobustnessParameters, notebookMultiverse, openNotebook } from '../../kernel-lib/display/index.ts';
import { NotebookError } from '../../kernel-lib/display/notebook.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

onWarning(() => {});
const parameters = { data: SMALL };
const ok: { grid: unknown; multiverseDraws: unknown; meter: unknown } = { grid: null, multiverseDraws: 500, meter: { eps: 0.05, beta: 0.02 } };
const refused = (own: Partial<typeof ok> & Record<string, unknown>) => {
  try {
    checkRobustnessParameters(parameters, { ...ok, ...own } as never, {});
  } catch (e) {
    expect(e).toBeInstanceOf(NotebookError);
    return (e as Error).message;
  }
  return 'accepted';
};

describe('checkRobustnessParameters', () => {
  test('the notebook\'s defaults, a null grid and null draws are accepted; so is a grid of the dataset', () => {
    expect(refused({})).toBe('accepted');
    expect(refused({ multiverseDraws: null })).toBe('accepted');
    expect(refused({ grid: { policy: ['pass@1', 'pass@2'], tieCredit: [1, 0] } })).toBe('accepted');
  });
  test('multiverseDraws: -5, 2.5 or "500" is refused naming the parameter (not "draws")', () => {
    for (const v of [-5, 0, 2.5, '500']) expect(refused({ multiverseDraws: v as never })).toBe(`parameter multiverseDraws: ${JSON.stringify(v)} is not allowed (expected an integer >= 1, or null: the scenario's draws)`);
  });
  test('meter: a typo of a key, a negative or missing error is refused in one line', () => {
    const words = '(expected { eps: relative standard deviation per run >= 0, beta: relative standard deviation per system >= 0 })';
    expect(refused({ meter: { esp: 0.05, beta: 0.02 } as never })).toBe(`parameter meter: {"esp":0.05,"beta":0.02} is not allowed ${words}`);
    expect(refused({ meter: { eps: -1, beta: 0 } })).toBe(`parameter meter: {"eps":-1,"beta":0} is not allowed ${words}`);
    expect(refused({ meter: null as never })).toBe(`parameter meter: null is not allowed ${words}`);
  });
  test('grid: an unknown field or a value the dataset lacks is refused naming the grid field', () => {
    expect(refused({ grid: { polcy: ['pass@1'] } as never })).toBe('parameter grid: field polcy (expected one of system, judge, weights, judgmentReference, timeReference, policy, tieCredit, rates)');
    expect(refused({ grid: { judge: ['J9'] } as never })).toBe('parameter grid: field judge: "J9" (expected a judge of judgments.csv: J1, J2)');
  });
  test('the scenario\'s own parameters are checked first', () => {
    expect(() => checkRobustnessParameters({ data: SMALL, policy: 'pass2' }, ok, {})).toThrow(/^parameter policy: "pass2" is not allowed/);
  });
  test('tieCredit is a parameter of every notebook: it reaches the context, and a value outside 0..1 stops the cell naming it', () => {
    expect(openNotebook({ data: SMALL, tieCredit: 0 }, {}).options.tieCredit).toBe(0);
    expect(openNotebook({ data: SMALL, tieCredit: null }, {}).options.tieCredit).toBe(1);
    expect(() => checkRobustnessParameters({ data: SMALL, tieCredit: 2 }, ok, {})).toThrow('parameter tieCredit: 2 is not allowed (expected a number from 0 to 1: the credit of a tie (1 the paper\'s, 0 counts ties as losses))');
  });
  test('notebookMultiverse refuses bad draws by the parameter\'s name too', () => {
    expect(() => notebookMultiverse(openNotebook(parameters, {}), { draws: -5 })).toThrow('parameter multiverseDraws: -5 is not allowed');
  });
});
