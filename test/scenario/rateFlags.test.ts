/**
 * `--rate` flags given beside a scenario file add to the file's rates, key by key; they never drop
 * the rates the file set (#29: dropping the file's base rates when a flag adds a per-system rate went
 * unnoticed). Oracles: the merged object written by hand, and costs re-priced by hand with
 * Joules-to-GDP G.1, C(r) = C(base) + T (r - base), T = C(base) / base when runs carry no node_hours.
 */
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { scenarioFromFlags } from '../../kernel-lib/scenario/flags.ts';
import { loadScenario } from '../../kernel-lib/scenario/files.ts';
import { table01 } from '../../kernel-lib/tables/index.ts';
import { SMALL, columns } from '../helpers/dataset.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

onWarning(null);
const small = loadDataset(SMALL);

describe('--rate beside a scenario file', () => {
  test('a per-system --rate keeps the file\'s node rate, its other per-system rates and its node-types file', () => {
    const file = { dataset: SMALL, rates: { nodeRateUSDPerHour: 20, bySystem: { sysX: 7 }, nodeTypesFile: 'rates.csv' } };
    expect(scenarioFromFlags({ rate: ['sysY=5'] }, file).rates).toEqual({ nodeRateUSDPerHour: 20, bySystem: { sysX: 7, sysY: 5 }, nodeTypesFile: 'rates.csv' });
  });

  test('a plain --rate keeps the file\'s per-system rates, and a per-system flag overrides the file\'s rate for that system only', () => {
    const file = { dataset: SMALL, rates: { bySystem: { sysX: 7, sysY: 9 } } };
    expect(scenarioFromFlags({ rate: ['20', 'sysY=5'] }, file).rates).toEqual({ nodeRateUSDPerHour: 20, bySystem: { sysX: 7, sysY: 5 } });
    // the file's object is not changed by the merge
    expect(file.rates).toEqual({ bySystem: { sysX: 7, sysY: 9 } });
  });

  test('--node-rates alone keeps the file\'s node rate and per-system rates', () => {
    const file = { dataset: SMALL, rates: { nodeRateUSDPerHour: 20, bySystem: { sysY: 5 } } };
    expect(scenarioFromFlags({ 'node-rates': 'x.csv' }, file).rates).toEqual({ nodeRateUSDPerHour: 20, bySystem: { sysY: 5 }, nodeTypesFile: 'x.csv' });
  });

  test('file rate 20 (sysX, 8xH200) + --rate sysY=5: Table 1 costs are 2 x 1.1625 and 1.95 + (1.95/20)(5 - 20)', () => {
    // sysX base 10 USD/h -> 20: every cost doubles, 1.1625 -> 2.325.
    // sysY base 20 USD/h -> 5: C = 1.95 + 0.0975 x (5 - 20) = 0.4875.
    const input = scenarioFromFlags({ rate: ['sysY=5'] }, { dataset: SMALL, rates: { nodeRateUSDPerHour: 20 } });
    const { options } = loadScenario(input, { dataset: small });
    expect(columns(table01(options), 6).cost_usd).toEqual([2.325, 0.4875]);
  });
});
