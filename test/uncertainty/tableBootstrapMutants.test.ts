/**
 * tableBootstrap.ts (#29, mutation testing): the shared draws of a table. Oracles: synthetic-small's
 * files read by hand (occupations.csv: occA in Cat1, occB and occC in Cat2, so 2 categories; its
 * manifest's bootstrap 2000 draws, seed 20260726), the memory rule of settings.ts written out
 * (S = 6 x categories + 16 series of 8 bytes, 2 GiB), and section 2.5's benchmark average written out
 * over drawSample (not the aggregation code under test).
 */
import { describe, expect, test } from 'vitest';
import { loadDataset, type Dataset } from '../../kernel-lib/data/load.ts';
import { taskComponents, type TaskComponents } from '../../kernel-lib/metrics/taskComponents.ts';
import { BOOTSTRAP_CACHE, benchmarkCellDraws, bootstrapSettingsOf, tableBootstrap, tableSeries } from '../../kernel-lib/uncertainty/tableBootstrap.ts';
import { drawSample, taskBootstrap, type TaskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';
import { SMALL } from '../helpers/dataset.ts';
import { SMALL_WEIGHTS } from '../tables/handDraws.ts';

describe('tableSeries and bootstrapSettingsOf', () => {
  test('synthetic-small has 2 categories, so a table build holds 6 x 2 + 16 = 28 series', () => {
    expect(tableSeries(loadDataset(SMALL))).toBe(28);
  });

  test('a dataset without occupation rows holds only the 16 of a policy table', () => {
    expect(tableSeries({ rows: { occupations: [] } } as unknown as Dataset)).toBe(16);
    expect(tableSeries({ rows: {} } as unknown as Dataset)).toBe(16);
    expect(tableSeries({} as unknown as Dataset)).toBe(16);
  });

  test('off is null; else explicit over the manifest\'s 2000 draws and seed 20260726', () => {
    const dataset = loadDataset(SMALL);
    expect(bootstrapSettingsOf({ dataset, bootstrap: false })).toBeNull();
    expect(bootstrapSettingsOf({ dataset })).toEqual({ draws: 2000, seed: 20260726 });
    expect(bootstrapSettingsOf({ dataset, bootstrap: { draws: 50 } })).toEqual({ draws: 50, seed: 20260726 });
    expect(bootstrapSettingsOf({ dataset: { ...dataset, manifest: undefined } as unknown as Dataset, bootstrap: { seed: 4 } })).toEqual({ draws: 10000, seed: 4 });
  });

  test('draws are bounded for the dataset\'s 28 series: 2^31 / (8 x 28) = 9586980 fit, one more is refused', () => {
    const dataset = loadDataset(SMALL);
    expect(Math.floor(2 ** 31 / (8 * 28))).toBe(9586980);
    expect(bootstrapSettingsOf({ dataset, bootstrap: { draws: 9586980 } })!.draws).toBe(9586980);
    expect(() => bootstrapSettingsOf({ dataset, bootstrap: { draws: 9586981 } })).toThrow('a bootstrap of 28 series at once');
  });
});

describe('tableBootstrap', () => {
  const dataset = loadDataset(SMALL);
  const components = taskComponents({ dataset });

  test('off: null; a direct call (no cache): a fresh bootstrap of the settings on the components\' tasks', () => {
    expect(tableBootstrap({ dataset, bootstrap: false }, components)).toBeNull();
    const a = tableBootstrap({ dataset, bootstrap: { draws: 30, seed: 5 } }, components)!;
    const b = tableBootstrap({ dataset, bootstrap: { draws: 30, seed: 5 } }, components)!;
    expect(a).not.toBe(b);
    const own = taskBootstrap(components.occupationIndex, components.occupations.length, { draws: 30, seed: 5 });
    expect({ draws: a.draws, seed: a.seed, tasks: a.tasks, occupations: a.occupations }).toEqual({ draws: 30, seed: 5, tasks: 6, occupations: 3 });
    expect([...drawSample(a)]).toEqual([...drawSample(own)]);
  });

  test('with a context\'s cache: the same settings and tasks give the same bootstrap; another seed or task structure a new one', () => {
    const cache = new Map<string, TaskBootstrap>();
    const options = (seed: number) => ({ dataset, bootstrap: { draws: 20, seed }, [BOOTSTRAP_CACHE]: cache });
    const first = tableBootstrap(options(1), components)!;
    expect(tableBootstrap(options(1), components)).toBe(first);
    expect(cache.size).toBe(1);
    const other = tableBootstrap(options(2), components)!;
    expect(other).not.toBe(first);
    expect(other.seed).toBe(2);
    expect(cache.size).toBe(2);
    // the same task ids in other occupations (same key): not the cached draws
    const moved = { ...components, occupationIndex: Int32Array.of(0, 0, 0, 1, 2, 2) } as TaskComponents;
    const fresh = tableBootstrap(options(1), moved)!;
    expect(fresh).not.toBe(first);
    expect([...fresh.counts]).toEqual([3, 1, 2]);
    expect(tableBootstrap(options(1), moved)).toBe(fresh);
  });

  test('BOOTSTRAP_CACHE is the registry symbol j2g.bootstrapCache (one key for every copy of the module)', () => {
    expect(BOOTSTRAP_CACHE).toBe(Symbol.for('j2g.bootstrapCache'));
  });

  test('the cache holds at most 16 bootstraps: the 17th empties it first', () => {
    const cache = new Map<string, TaskBootstrap>();
    const options = (seed: number) => ({ dataset, bootstrap: { draws: 2, seed }, [BOOTSTRAP_CACHE]: cache });
    for (let seed = 1; seed <= 16; seed++) tableBootstrap(options(seed), components);
    expect(cache.size).toBe(16);
    const last = tableBootstrap(options(17), components);
    expect([...cache.values()]).toEqual([last]);
  });
});

describe('benchmarkCellDraws', () => {
  test('off: null; on: G, C, E and S of each cell equal the benchmark average written out over drawSample', () => {
    const dataset = loadDataset(SMALL);
    const a = taskComponents({ dataset });
    const b = taskComponents({ dataset, timeReference: 'expert_with_ai' });
    const weights = Float64Array.from(a.occupations.map((o) => SMALL_WEIGHTS[o]));
    const cells = [{ components: a, weights }, { components: b, weights }];
    expect(benchmarkCellDraws({ dataset, bootstrap: false }, cells)).toBeNull();
    const d = benchmarkCellDraws({ dataset, bootstrap: { draws: 40, seed: 9 } }, cells)!;
    const boot = taskBootstrap(a.occupationIndex, a.occupations.length, { draws: 40, seed: 9 });
    const sample = drawSample(boot);
    const n = a.taskIds.length;
    expect(d.length).toBe(2);
    [a, b].forEach((c, k) => {
      for (const key of ['valueUSD', 'costUSD', 'energyMJ', 'timeSavingHours'] as const) {
        expect(d[k][key].length).toBe(40);
        for (let r = 0; r < 40; r++) {
          let want = 0;
          for (let o = 0; o < boot.occupations; o++) {
            const from = boot.offsets[o], to = boot.offsets[o + 1];
            for (let p = from; p < to; p++) want += (weights[o] / (to - from)) * c[key][sample[r * n + p]];
          }
          expect(d[k][key][r], `cell ${k} ${key} draw ${r}`).toBeCloseTo(want, 10);
        }
      }
      expect(d[k].credit.length).toBe(0); // not a ratio component: not drawn
    });
    // the two cells differ in their time savings (expert-only against expert-with-AI hours)
    expect([...d[0].timeSavingHours]).not.toEqual([...d[1].timeSavingHours]);
  });
});
