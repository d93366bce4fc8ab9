/**
 * priceImportedRuns and importRatesOf (kernel-lib/import/pricing.ts) called directly, on importer
 * results written by hand (issue #29: mutation testing). Oracle, by hand (Appendix G: C = T_alloc /
 * 3600 x rate): 90 s at 40 USD per node-hour = 0.025 h x 40 = 1.000000 USD, node hours 0.025000000;
 * 45 s at 100 USD/h = 0.0125 h x 100 = 1.250000 USD, node hours 0.012500000;
 * 90 s at 7 USD/h = 0.025 h x 7 = 0.175000 USD; 45 s at 40 USD/h = 0.500000 USD.
 *
 * Equivalent mutants (no output can tell them apart):
 * - line 182's `type === undefined` made `false`: byType.get(undefined) is undefined (its keys are
 *   node-type strings), as the conditional's `undefined` is.
 * - line 190's `''` (the cost of a run without a rate) made another string: a run without a rate is
 *   always an issue, so the rows holding that cell are never returned (a ValidationError is thrown).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { J2GError } from '../../kernel-lib/errors.ts';
import type { ImportResult } from '../../kernel-lib/import/importedRuns.ts';
import { importRatesOf, priceImportedRuns, type ImportRates } from '../../kernel-lib/import/pricing.ts';
import { thrownProblems } from '../helpers/dataset.ts';

/** Two imported runs, as an importer with --map returns them: 90 s on sysA (line 2), 45 s on sysB (line 5). */
function imported(): ImportResult {
  return {
    columns: ['run_id', 'system', 'ai_hours'],
    rows: [{ run_id: 'r1', system: 'sysA', ai_hours: '0.025000000' }, { run_id: 'r2', system: 'sysB', ai_hours: '0.012500000' }],
    summary: { source: 'zeus', file: 'zeus.csv', runs: 2, flagged: 0, reasons: {}, components: ['gpu'], notes: [] },
    sources: [{ line: 2, elapsedS: 90 }, { line: 5, elapsedS: 45 }],
  };
}

const issuesOf = thrownProblems; // the ValidationError's lines (test/helpers/dataset.ts)

const nodeTypes = (systems: { system: string; accelerator: string; accelerator_count: number }[]): ImportRates => ({
  nodeTypes: { rates: [{ accelerator: 'NVIDIA H200', acceleratorCount: 8, usdPerNodeHour: 40 }, { accelerator: 'H100', acceleratorCount: 1, usdPerNodeHour: 100 }], systems, systemsFile: 'systems.csv' },
});

describe('priceImportedRuns (by hand)', () => {
  it('one rate for every run: cost, node hours, source file and line; the columns appended', () => {
    const r = priceImportedRuns(imported(), { rateUSDPerHour: 40 });
    expect(r.columns).toEqual(['run_id', 'system', 'ai_hours', 'cost_usd', 'node_hours', 'source_file', 'source_line']);
    expect(r.rows).toEqual([
      { run_id: 'r1', system: 'sysA', ai_hours: '0.025000000', cost_usd: '1.000000', node_hours: '0.025000000', source_file: 'zeus.csv', source_line: '2' },
      { run_id: 'r2', system: 'sysB', ai_hours: '0.012500000', cost_usd: '0.500000', node_hours: '0.012500000', source_file: 'zeus.csv', source_line: '5' },
    ]);
    expect(r.summary).toEqual(imported().summary);
    expect(priceImportedRuns(imported(), { rateUSDPerHour: 0 }).rows.map((x) => x.cost_usd)).toEqual(['0.000000', '0.000000']);
  });

  it('by system: each run at its system\'s rate', () => {
    const r = priceImportedRuns(imported(), { bySystem: { sysA: 40, sysB: 100 } });
    expect(r.rows.map((x) => [x.cost_usd, x.node_hours])).toEqual([['1.000000', '0.025000000'], ['1.250000', '0.012500000']]);
  });

  it('by system: a run whose system has no rate is named with its line and the systems that have one', () => {
    expect(issuesOf(() => priceImportedRuns(imported(), { bySystem: { sysA: 40, sysC: 7 } }))).toEqual([
      'zeus.csv:5: run "r2": no rate for system "sysB" (rates given for sysA, sysC)',
    ]);
  });

  it('by node type: each system\'s accelerator and count pick the rate (vendor prefix and case ignored)', () => {
    const r = priceImportedRuns(imported(), nodeTypes([{ system: 'sysA', accelerator: 'h200', accelerator_count: 8 }, { system: 'sysB', accelerator: 'NVIDIA H100', accelerator_count: 1 }]));
    expect(r.rows.map((x) => x.cost_usd)).toEqual(['1.000000', '1.250000']);
  });

  it('by node type: a system not in the systems file, and a node type without a rate, each named', () => {
    expect(issuesOf(() => priceImportedRuns(imported(), nodeTypes([{ system: 'sysB', accelerator: 'H200', accelerator_count: 1 }])))).toEqual([
      'zeus.csv:2: run "r1": system "sysA" is not in systems.csv',
      'zeus.csv:5: run "r2": no node rate for node type h200x1 of system "sysB"',
    ]);
  });

  it('refuses a result without sources, or with sources for other rows, and rates not given exactly once', () => {
    const noSources = { ...imported(), sources: undefined };
    expect(() => priceImportedRuns(noSources, { rateUSDPerHour: 1 })).toThrow(new J2GError('priceImportedRuns needs the sources of an importer result (toRunsCsv)'));
    const short = { ...imported(), sources: imported().sources!.slice(0, 1) };
    expect(() => priceImportedRuns(short, { rateUSDPerHour: 1 })).toThrow('priceImportedRuns needs the sources');
    const once = 'priceImportedRuns needs exactly one of rateUSDPerHour, bySystem, nodeTypes';
    expect(() => priceImportedRuns(imported(), {})).toThrow(once);
    expect(() => priceImportedRuns(imported(), { rateUSDPerHour: 1, bySystem: { sysA: 1 } })).toThrow(once);
    expect(() => priceImportedRuns(imported(), { bySystem: { sysA: 1 }, ...nodeTypes([]) })).toThrow(once);
    expect(() => priceImportedRuns(imported(), { rateUSDPerHour: 1, ...nodeTypes([]) })).toThrow(once);
  });

  it('a rate by system or node type needs the runs\' system; one rate for all does not', () => {
    const noSystem = { ...imported(), rows: imported().rows.map(({ run_id }) => ({ run_id })) };
    const msg = 'a rate by system or node type needs the runs\' system: give --map';
    expect(() => priceImportedRuns(noSystem, { bySystem: { sysA: 1 } })).toThrow(msg);
    expect(() => priceImportedRuns(noSystem, nodeTypes([]))).toThrow(msg);
    expect(priceImportedRuns(noSystem, { rateUSDPerHour: 7 }).rows[0].cost_usd).toBe('0.175000'); // 90 s x 7 / 3600
  });
});

describe('system names that are also names of Object.prototype (bug found by #29)', () => {
  // before: rates by system were a plain object, so `--rate toString=5` was refused as "given twice"
  // (`'toString' in {}` is true), `--rate __proto__=5` was dropped without a word (the assignment set the
  // object's prototype), and a run of system "constructor" without a rate was priced at Object's
  // constructor function ("invalid rate: function Object() ...") instead of being named as rateless
  it('--rate toString=5 and --rate __proto__=7 are rates like any other', () => {
    const r = importRatesOf(['toString=5', '__proto__=7', 'sysA=1'], undefined, undefined);
    expect(Object.entries(r!.bySystem!)).toEqual([['toString', 5], ['__proto__', 7], ['sysA', 1]]);
    expect(() => importRatesOf(['constructor=1', 'constructor=2'], undefined, undefined)).toThrow(new J2GError('--rate constructor=... given twice'));
  });

  it('a run of system "constructor" or "__proto__" without a rate is named; with one it is priced', () => {
    const sys = (a: string, b: string) => ({ ...imported(), rows: [{ run_id: 'r1', system: a }, { run_id: 'r2', system: b }] });
    expect(issuesOf(() => priceImportedRuns(sys('constructor', '__proto__'), { bySystem: { sysA: 40 } }))).toEqual([
      'zeus.csv:2: run "r1": no rate for system "constructor" (rates given for sysA)',
      'zeus.csv:5: run "r2": no rate for system "__proto__" (rates given for sysA)',
    ]);
    const rates = importRatesOf(['constructor=40', '__proto__=100'], undefined, undefined)!;
    expect(priceImportedRuns(sys('constructor', '__proto__'), rates).rows.map((x) => x.cost_usd)).toEqual(['1.000000', '1.250000']);
  });
});

describe('importRatesOf: the rates of j2g import\'s options', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'j2g-rates-'));

  it('no option: undefined; --rate USD: one rate (0 allowed); --rate SYSTEM=USD: by system', () => {
    expect(importRatesOf([], undefined, undefined)).toBeUndefined();
    expect(importRatesOf(['63.296'], undefined, undefined)).toEqual({ rateUSDPerHour: 63.296 });
    expect(importRatesOf(['0'], undefined, undefined)).toEqual({ rateUSDPerHour: 0 });
    expect(importRatesOf(['sysA=40', 'sysB=2.5e1'], undefined, undefined)).toEqual({ bySystem: { sysA: 40, sysB: 25 } });
  });

  it('refuses a bad rate naming it, and mixed or repeated --rate', () => {
    expect(() => importRatesOf(['-3'], undefined, undefined)).toThrow(new J2GError('invalid rate: -3 (expected USD per node-hour, a decimal >= 0)'));
    expect(() => importRatesOf(['12abc'], undefined, undefined)).toThrow('invalid rate: 12abc');
    expect(() => importRatesOf(['1e400'], undefined, undefined)).toThrow('invalid rate: 1e400');
    expect(() => importRatesOf(['sysA=x'], undefined, undefined)).toThrow(new J2GError('invalid rate for sysA: x (expected USD per node-hour, a decimal >= 0)'));
    expect(() => importRatesOf(['sysA=-0.5'], undefined, undefined)).toThrow('invalid rate for sysA: -0.5');
    expect(() => importRatesOf(['1', 'sysA=2'], undefined, undefined)).toThrow(new J2GError('give --rate USD once, or --rate SYSTEM=USD per system, not both'));
    expect(() => importRatesOf(['sysA=2', '1'], undefined, undefined)).toThrow('give --rate USD once');
    expect(() => importRatesOf(['1', '2'], undefined, undefined)).toThrow(new J2GError('--rate USD given twice'));
    expect(() => importRatesOf(['sysA=1', 'sysB=3', 'sysA=2'], undefined, undefined)).toThrow(new J2GError('--rate sysA=... given twice'));
  });

  it('--node-rates and --systems: both or neither, never with --rate; read and checked', () => {
    const d = dir();
    const rates = join(d, 'rates.csv'), systems = join(d, 'systems.csv');
    writeFileSync(rates, 'accelerator,accelerator_count,usd_per_node_hour\nNVIDIA H200,8,40\n');
    writeFileSync(systems, 'system,model,accelerator,accelerator_count\nsysA,m,H200,8\nsysB,m,H100,1\n');
    const together = '--node-rates FILE and --systems FILE go together (the rates by node type, and each system\'s node type)';
    expect(() => importRatesOf([], rates, undefined)).toThrow(new J2GError(together));
    expect(() => importRatesOf([], undefined, systems)).toThrow(new J2GError(together));
    expect(() => importRatesOf(['1'], rates, systems)).toThrow(new J2GError('give --rate or --node-rates, not both'));
    expect(importRatesOf([], rates, systems)).toEqual({
      nodeTypes: {
        rates: [{ accelerator: 'NVIDIA H200', acceleratorCount: 8, usdPerNodeHour: 40 }],
        systems: [{ system: 'sysA', accelerator: 'H200', accelerator_count: 8 }, { system: 'sysB', accelerator: 'H100', accelerator_count: 1 }],
        systemsFile: systems,
      },
    });
    writeFileSync(systems, 'system,accelerator\nsysA,H200\n');
    expect(issuesOf(() => importRatesOf([], rates, systems))).toEqual([`${systems}:1: accelerator_count: missing required column`]); // the rows are not read
    writeFileSync(systems, 'system,accelerator,accelerator_count\nsysA,H200,8\nsysB,H100,0\n');
    expect(issuesOf(() => importRatesOf([], rates, systems))).toEqual([`${systems}:3: accelerator_count: expected an integer >= 1, found 0`]);
  });
});
