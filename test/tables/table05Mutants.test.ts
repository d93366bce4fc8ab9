/**
 * Table 5 (node-rate sweep, Appendix G.1) and the node-rate reader, by hand on synthetic-small.
 * sysX's runs record no node_hours: T_alloc = C / base with base $10 per node-hour, so at rate r
 * every cost is C r / 10. Cat1 (occA) C = 1.5, G = 50, E = .3; Cat2 C = .9375/.85, G = 44.5/.85, E = .205/.85.
 *   at $5: Cat1 C .75, NVJ (50 - .75)/.3 = 164.17; Cat2 C .46875/.85, NVJ (44.5 - .46875)/.205 = 214.79
 *   at $40: Cat1 C 6, NVJ 44/.3 = 146.67; Cat2 C 3.75/.85, NVJ (44.5 - 3.75)/.205 = 198.78
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { parseCsv } from '../../kernel-lib/io/csv.ts';
import { table05, rateColumnLabel, nodeRatesOf, withSweepFrom } from '../../kernel-lib/tables/table05.ts';
import { resolveContext } from '../../kernel-lib/tables/context.ts';
import { clearWarnings, onWarning } from '../../kernel-lib/warn.ts';
import { SMALL, columns, editedDataset } from '../helpers/dataset.ts';

onWarning(null);
afterEach(() => clearWarnings());

describe('Table 5 by hand', () => {
  test('two rates: cost scales with the rate, NVJ follows; a sweep option and a legacy rates list agree', () => {
    const dataset = loadDataset(SMALL);
    const sweep = [{ label: 'Cheap', usdPerNodeHour: 5 }, { label: 'Dear', usdPerNodeHour: 40 }];
    const t = columns(table05({ dataset, sweep }), 9);
    expect(Object.keys(t)).toEqual(['category', 'ai_cost_usd_cheap', 'ai_cost_usd_dear', 'nvj_cheap', 'nvj_dear']);
    expect(t.category).toEqual(['Cat1', 'Cat2']);
    expect(t.ai_cost_usd_cheap).toEqual([0.75, Number((0.46875 / 0.85).toFixed(9))]);
    expect(t.ai_cost_usd_dear).toEqual([6, Number((3.75 / 0.85).toFixed(9))]);
    expect(t.nvj_cheap).toEqual([Number((49.25 / 0.3).toFixed(9)), Number(((44.5 - 0.46875) / 0.205).toFixed(9))]);
    expect(t.nvj_dear).toEqual([Number((44 / 0.3).toFixed(9)), Number(((44.5 - 3.75) / 0.205).toFixed(9))]);
    expect(columns(table05({ dataset, rates: sweep } as never), 9)).toEqual(t);
  });

  test('no sweep, an empty sweep (with and without a recorded rate) and two labels alike are refused, each saying why', () => {
    const dataset = loadDataset(SMALL);
    expect(() => table05({ dataset })).toThrow('table05 needs a rates sweep (--rates FILE, scenario field rates.sweepFile)');
    expect(() => table05({ dataset, sweep: [] })).toThrow('table05: the rates sweep lists no provider rate for the node type of sysX (H200 x8); its recorded rate in systems.csv (10 USD per node-hour) is what Table 1 uses; Table 5 compares providers\' rates');
    // the message names the context's system, not the first of systems.csv
    expect(() => table05({ dataset, system: 'sysY', sweep: [] })).toThrow('table05: the rates sweep lists no provider rate for the node type of sysY (H100 x1); its recorded rate in systems.csv (20 USD per node-hour) is what Table 1 uses; Table 5 compares providers\' rates');
    const noRate = loadDataset(editedDataset({ 'systems.csv': (s) => s.replace('H200,8,10', 'H200,8,') }));
    expect(() => table05({ dataset: noRate, sweep: [] })).toThrow('table05: the rates sweep lists no provider rate for the node type of sysX (H200 x8); systems.csv records no node rate for it either');
    expect(() => table05({ dataset, sweep: [{ label: 'A B', usdPerNodeHour: 1 }, { label: 'a-b', usdPerNodeHour: 2 }] })).toThrow('table05 rate labels must differ: a_b, a_b');
  });

  test('rateColumnLabel: lower case, each run of other characters one underscore, none at either end', () => {
    expect(rateColumnLabel('Pricey  Cloud!')).toBe('pricey_cloud');
    expect(rateColumnLabel('--AWS (us-east-1)--')).toBe('aws_us_east_1');
    expect(rateColumnLabel('_x_')).toBe('x');
    expect(rateColumnLabel('a__b')).toBe('a_b');
  });
});

describe('node rates from a CSV', () => {
  const csv = (text: string) => parseCsv(text, 'rates.csv');

  test('rows of the node type only (accelerator without vendor or case, and count); a file without those columns applies to any', () => {
    const rates = csv('provider,accelerator,accelerator_count,usd_per_node_hour\nA,NVIDIA H200,8,60\nB,h200,4,30\nC,H100,8,50\nD,H200,8,70\n');
    expect(nodeRatesOf(rates, { accelerator: 'H200', accelerator_count: 8 })).toEqual([{ label: 'A', usdPerNodeHour: 60 }, { label: 'D', usdPerNodeHour: 70 }]);
    expect(nodeRatesOf(rates).map((r) => r.label)).toEqual(['A', 'B', 'C', 'D']);
    expect(nodeRatesOf(csv('provider,usd_per_node_hour\nX,12.5\n'), { accelerator: 'H100', accelerator_count: 1 })).toEqual([{ label: 'X', usdPerNodeHour: 12.5 }]);
  });

  test('a missing column, a bad value and an accelerator without a count are refused, naming file, line and column', () => {
    expect(() => nodeRatesOf(csv('provider,rate\nA,1\n'))).toThrow(/rates\.csv:1.*usd_per_node_hour/s);
    expect(() => nodeRatesOf(csv('provider,usd_per_node_hour\nA,-1\n'))).toThrow(/rates\.csv:2: usd_per_node_hour/);
    expect(() => nodeRatesOf(csv('provider,usd_per_node_hour,accelerator\nA,1,\n'))).toThrow(/rates\.csv:2: accelerator/);
    expect(() => nodeRatesOf(csv('provider,usd_per_node_hour,accelerator\nA,1,H200\n'), { accelerator: 'H200', accelerator_count: 8 }))
      .toThrow('rates.csv:1: accelerator_count: missing column: rates pair with a system by accelerator and count, never by accelerator name alone');
    // without a node type asked for, such a file is read
    expect(nodeRatesOf(csv('provider,usd_per_node_hour,accelerator\nA,1,H200\n'))).toEqual([{ label: 'A', usdPerNodeHour: 1 }]);
  });

  test('withSweepFrom: a context with a sweep keeps it; without one, the rows of its system\'s node type (sysX: H200 x8)', () => {
    const dataset = loadDataset(SMALL);
    const rates = csv('provider,accelerator,accelerator_count,usd_per_node_hour\nA,H200,8,60\nB,H100,1,30\n');
    expect(withSweepFrom({ dataset }, rates).sweep).toEqual([{ label: 'A', usdPerNodeHour: 60 }]);
    expect(withSweepFrom({ dataset, system: 'sysY' }, rates).sweep).toEqual([{ label: 'B', usdPerNodeHour: 30 }]); // sysY: H100 x1
    const own = resolveContext({ dataset, sweep: [{ label: 'Z', usdPerNodeHour: 1 }] });
    expect(withSweepFrom(own, rates)).toBe(own);
  });
});
