/**
 * How a context differs from the paper's baseline (tables/paperScenario.ts), by hand on synthetic-small
 * (manifest: primary system sysX, primary judge J1; systems sysX, sysY in systems.csv order).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { PAPER_FIELDS, differencesFor, differsWords, pricedSystems, scenarioDifferences } from '../../kernel-lib/tables/paperScenario.ts';
import { resolveContext } from '../../kernel-lib/tables/context.ts';
import { clearWarnings, onWarning } from '../../kernel-lib/warn.ts';
import { SMALL, editedDataset } from '../helpers/dataset.ts';

onWarning(null);
afterEach(() => clearWarnings());

describe('scenarioDifferences', () => {
  test('the baseline differs in nothing; bootstrap draws and a sweep are not differences', () => {
    const dataset = loadDataset(SMALL);
    expect(scenarioDifferences({ dataset })).toEqual([]);
    expect(scenarioDifferences({ dataset, bootstrap: { draws: 10, seed: 1 }, sweep: [{ label: 'a', usdPerNodeHour: 1 }] })).toEqual([]);
    expect(PAPER_FIELDS).toEqual(['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'rates', 'winTieInterval', 'noise']);
  });

  test('every field changed at once, in PAPER_FIELDS order, each with its value and the paper\'s in words', () => {
    const dataset = loadDataset(SMALL);
    const d = scenarioDifferences({
      dataset, system: 'sysY', judge: 'J2', judgmentReference: 'expert_with_ai', timeReference: 'expert_with_ai', policy: 'pass@2',
      weights: 'employment', rates: { nodeRateUSDPerHour: 7 }, winTieInterval: 'exact', noise: { attempts: true },
    });
    expect(d).toEqual([
      { field: 'system', value: 'sysY', paper: 'sysX' },
      { field: 'judge', value: 'J2', paper: 'J1' },
      { field: 'judgmentReference', value: 'expert_with_ai', paper: 'expert_only' },
      { field: 'timeReference', value: 'expert_with_ai', paper: 'expert_only' },
      { field: 'policy', value: 'pass@2', paper: 'pass@1' },
      { field: 'weights', value: 'employment', paper: 'gdp' },
      { field: 'rates', value: 'sysX at 7 USD/node-hour, sysY at 7 USD/node-hour', paper: 'recorded costs' },
      { field: 'winTieInterval', value: 'exact', paper: 'wilson' },
      { field: 'noise', value: 'tasks and attempts', paper: 'tasks only' },
    ]);
  });

  test('custom weights are one difference, named custom', () => {
    const dataset = loadDataset(SMALL);
    expect(scenarioDifferences({ dataset, weights: { custom: { occA: 1, occB: 1, occC: 1 } } })).toEqual([{ field: 'weights', value: 'custom', paper: 'gdp' }]);
  });

  test('rates: only the re-priced systems, the first three named and the rest counted', () => {
    const five = loadDataset(editedDataset({ 'systems.csv': (s) => `${s.trimEnd()}\nsysZ,Model Z,OpenHands,vLLM,H100,1,20\nsysW,Model W,OpenHands,vLLM,H100,1,20\nsysV,Model V,OpenHands,vLLM,H100,1,20\n` }));
    const ctx = resolveContext({ dataset: five, rates: { bySystem: { sysV: 1, sysX: 2, sysZ: 3, sysW: 4 } } });
    expect(pricedSystems(ctx)).toEqual([['sysX', 2], ['sysZ', 3], ['sysW', 4], ['sysV', 1]]);
    expect(scenarioDifferences(ctx)).toEqual([{ field: 'rates', value: 'sysX at 2 USD/node-hour, sysZ at 3 USD/node-hour, sysW at 4 USD/node-hour and 1 more', paper: 'recorded costs' }]);
    const three = resolveContext({ dataset: five, rates: { bySystem: { sysX: 2, sysZ: 3, sysW: 4 } } });
    expect(scenarioDifferences(three)[0].value).toBe('sysX at 2 USD/node-hour, sysZ at 3 USD/node-hour, sysW at 4 USD/node-hour');
    expect(pricedSystems(resolveContext({ dataset: five }))).toEqual([]);
  });
});

describe('differencesFor and differsWords', () => {
  const w = { field: 'weights', value: 'employment', paper: 'gdp' } as const;
  const p = { field: 'policy', value: 'pass@2', paper: 'pass@1' } as const;
  const s = { field: 'system', value: 'sysY', paper: 'sysX' } as const;
  test('only the differences among an output\'s fields', () => {
    expect(differencesFor([w, p, s], ['policy', 'system'])).toEqual([p, s]);
    expect(differencesFor([w, p], [])).toEqual([]);
  });
  test('one sentence: none, one, two (joined by and), three (commas, then and)', () => {
    expect(differsWords([])).toBeNull();
    expect(differsWords([w])).toBe('differs from the paper because you changed weights (employment)');
    expect(differsWords([w, p])).toBe('differs from the paper because you changed weights (employment) and policy (pass@2)');
    expect(differsWords([w, p, s])).toBe('differs from the paper because you changed weights (employment), policy (pass@2) and system (sysY)');
  });
});
