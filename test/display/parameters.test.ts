/**
 * A notebook's parameters cell is parsed by the scenario schema: every field as a plain value, null
 * for the default, and an invalid value stops the cell with a message naming the parameter.
 */
import { describe, expect, test } from 'vitest';
import { openNotebook } from '../../kernel-lib/display/notebook.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';

const cell = {
  data: SMALL, system: null, judge: null, judgmentReference: null, timeReference: null, policy: null, weights: 'gdp',
  rate: null, systemRates: {}, nodeRatesFile: null, ratesFile: null, draws: null, seed: null, winTieInterval: null, latencyMaxS: null,
};

describe('openNotebook', () => {
  test('the default cell resolves to the manifest defaults', () => {
    const nb = openNotebook(cell, {});
    onWarning(null);
    expect(nb.scenario).toMatchObject({ system: 'sysX', judge: 'J1', policy: 'pass@1', weights: 'gdp', draws: 2000, qaij: { latencyMaxS: null } });
    expect(nb.options.policy).toEqual({ kind: 'pass', k: 1 });
  });

  test('plain values reach the builder options: policy text, reference, rates, latency', () => {
    const nb = openNotebook({ ...cell, policy: '3-of-4', judgmentReference: 'expert_with_ai', rate: 20, systemRates: { sysY: 5 }, latencyMaxS: 90 }, {});
    onWarning(null);
    expect(nb.options.policy).toEqual({ kind: 'threshold', m: 3, n: 4 });
    expect(nb.options.judgmentReference).toBe('expert_with_ai');
    expect(nb.options.rates).toEqual({ bySystem: { sysX: 20, sysY: 5 } });
    expect(nb.scenario.qaij.latencyMaxS).toBe(90);
  });

  test.each([
    [{ policy: 'pass 2' }, 'parameter policy: "pass 2" is not allowed (expected "pass@k" with k >= 1, or "m-of-n" with 1 <= m <= n)'],
    [{ judgmentReference: 'expert' }, 'parameter judgmentReference: "expert" is not allowed'],
    [{ rate: -1 }, 'parameter rate: -1 is not allowed (expected a node-hour rate in USD >= 0, or null)'],
    [{ systemRates: { sysQ: 3 } }, 'parameter systemRates.sysQ: 3 is not allowed (expected a rate for one of sysX, sysY)'],
    [{ latencyMaxS: 'soon' }, 'parameter latencyMaxS: "soon" is not allowed'],
    [{ draws: 1.5 }, 'parameter draws: 1.5 is not allowed (expected an integer >= 1)'],
    [{ system: 'sysZ' }, 'parameter system: "sysZ" is not allowed (expected one of sysX, sysY)'],
    [{ polcy: 'pass@2' }, 'parameter polcy: no such parameter'],
  ])('%j stops the cell naming the parameter', (bad, message) => {
    expect(() => openNotebook({ ...cell, ...bad } as never, {})).toThrow(message);
    onWarning(null);
  });

  test('J2G_DATA and J2G_DRAWS override the cell', () => {
    const nb = openNotebook({ ...cell, data: '/nowhere', draws: 5 }, { J2G_DATA: SMALL, J2G_DRAWS: '30' });
    onWarning(null);
    expect(nb.scenario.draws).toBe(30);
  });
});
