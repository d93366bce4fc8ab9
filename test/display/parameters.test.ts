/**
 * A notebook's parameters cell is parsed by the scenario schema: every field as a plain value, null
 * for the default, and an invalid value stops the cell with a message naming the parameter.
 */
import { describe, expect, test } from 'vitest';
import { resolve } from 'node:path';
import { checkParameters, checkTraceParameters, openNotebook } from '../../kernel-lib/display/notebook.ts';
import { passAtKUnsupported } from '../../kernel-lib/display/method.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';
import { inspectThrown } from '../helpers/thrown.ts';

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

describe('checkParameters: the parameters cell stops at a bad value with one line', () => {
  // what tslab prints for a failing cell: console.error(e), i.e. util.inspect
  const inspected = inspectThrown;

  test('a bad value is one line naming the parameter and the values allowed, no stack, no object dump', () => {
    const shown = inspected(() => checkParameters({ ...cell, policy: 'pass 2' }, {}));
    expect(shown).toBe('parameter policy: "pass 2" is not allowed (expected "pass@k" with k >= 1, or "m-of-n" with 1 <= m <= n)');
    expect(inspected(() => openNotebook({ ...cell, weights: 'employmnet' }, {}))).not.toMatch(/\n|at |where:/);
  });

  test('the stack is shown on request (J2G_STACK)', () => {
    process.env.J2G_STACK = '1';
    try {
      expect(inspected(() => checkParameters({ ...cell, judgmentReference: 'expert' }, {}))).toMatch(/parameter judgmentReference[^\n]*\n\s+at /);
    } finally {
      delete process.env.J2G_STACK;
    }
  });

  test('a missing rates file is refused in the parameters cell, not later as "cannot read file"', () => {
    expect(inspected(() => checkParameters({ ...cell, ratesFile: 'no/such/rates.csv' }, {})))
      .toMatch(/^parameter ratesFile: no file no\/such\/rates\.csv \(from .+; expected a CSV of provider rates for Table 5 \(as data\/reference\/node_rates\.csv\), or null\)$/);
    expect(inspected(() => checkParameters({ ...cell, nodeRatesFile: 'nope.csv' }, {}))).toMatch(/^parameter nodeRatesFile: no file nope\.csv/);
  });

  test('a category the dataset does not have is refused, naming the ones it has', () => {
    expect(inspected(() => checkParameters({ ...cell, category: 'Legl' }, {})))
      .toMatch(/^parameter category: "Legl" is not allowed \(expected one of [A-Z][^)]*, or null for the first\)$/);
  });

  test('says in the parameters cell which dataset and draws are used when J2G_DATA / J2G_DRAWS override the cell', () => {
    const lines: string[] = [];
    checkParameters({ ...cell, data: '/nowhere' }, { J2G_DATA: SMALL, J2G_DRAWS: '30' }, (l) => lines.push(l));
    onWarning(null);
    expect(lines).toEqual([
      `data: ${resolve(SMALL)} (set by J2G_DATA: npm run notebook --data or npm run reproduce; the value above is not used)`,
      'draws: 30 (set by J2G_DRAWS: npm run notebook --draws or npm run reproduce)',
    ]);
    const quiet: string[] = [];
    checkParameters(cell, {}, (l) => quiet.push(l));
    onWarning(null);
    expect(quiet).toEqual([]);
  });

  test('the notebook opened after the check is the one the check loaded (the dataset is read once)', () => {
    checkParameters(cell, {}, () => {});
    const a = openNotebook(cell, {});
    const b = openNotebook(cell, {});
    onWarning(null);
    expect(b).toBe(a);
    const c = openNotebook({ ...cell, policy: 'pass@2' }, {});
    onWarning(null);
    expect(c).not.toBe(a);
    expect(c.options.policy).toEqual({ kind: 'pass', k: 2 });
  });
});

describe('checkTraceParameters (09-measurement)', () => {
  const trace = { trace: 'data/traces/standin-two-runs', rateUSDPerHour: 63.296, traceProvenance: 'synthetic' };
  test.each([
    [{ rateUSDPerHour: -1 }, 'parameter rateUSDPerHour: -1 is not allowed (expected a node-hour rate in USD >= 0)'],
    [{ traceProvenance: 'bogus' }, `parameter traceProvenance: "bogus" is not allowed (expected one of 'recorded', 'synthetic', 'reconstructed')`],
    [{ trace: 'data/traces/none' }, /^parameter trace: no trace at .*data\/traces\/none \(expected a directory with marks\.csv/],
    [{ rate: 5 }, 'parameter rate: no such parameter (known: trace, rateUSDPerHour, traceProvenance)'],
  ])('%j is one line naming the parameter and what is allowed', (bad, message) => {
    const shown = inspectThrown(() => checkTraceParameters({ ...trace, ...bad } as never));
    if (typeof message === 'string') expect(shown).toBe(message);
    else expect(shown).toMatch(message);
  });

  test('the stand-in trace with its own parameters passes', () => {
    expect(() => checkTraceParameters(trace)).not.toThrow();
  });
});

describe('passAtKUnsupported (00b skips its pass@2 check with the reason)', () => {
  test('null when the system has the attempts, one line naming the first task that lacks them otherwise', () => {
    const nb = openNotebook(cell, {});
    onWarning(null);
    expect(passAtKUnsupported(nb.options, 2)).toBeNull();
    // sysY has one attempt on each task (test/qaij/datasetReport.test.ts)
    const one = openNotebook({ ...cell, system: 'sysY' }, {});
    onWarning(null);
    const why = passAtKUnsupported(one.options, 2);
    expect(why).toMatch(/^cannot evaluate sysY \(judge J1, pass@2\): \d+ problem\(s\); the first: task \S+ has 1 attempt\(s\) on sysY, pass@2 needs 2$/);
  });
});
