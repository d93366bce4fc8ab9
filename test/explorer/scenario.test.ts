/**
 * The explorer's scenario adapter: the URL holds the scenario (round trip, bad values named by URL
 * parameter), scenario.json is a resolved scenario that resolves to itself, and the page's point pass
 * gives the same tables as the interval pass's point columns (intervals never move an estimate).
 */
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { resolveScenario } from '../../kernel-lib/scenario/index.ts';
import { computeTables, printedCell } from '../../kernel-lib/explorer/compute.ts';
import { pageOptions, pageScenarioWords, scenarioChangeWords, scenarioFile, scenarioFromQuery, scenarioToQuery, type PageScenario } from '../../kernel-lib/explorer/scenario.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';

onWarning(null);
const ds = loadDataset(SMALL);

describe('explorer scenario', () => {
  const s: PageScenario = {
    dataset: 'data/recorded/synthetic-small', judgmentReference: 'expert_with_ai', timeReference: 'expert_only',
    policy: '1-of-2', weights: 'employment', rates: { nodeRateUSDPerHour: 30 }, draws: 300, seed: 7, winTieInterval: 'exact',
    qaij: { latencyMaxS: 600 },
  };
  test('the URL query round-trips every field', () => {
    const q = scenarioToQuery(s);
    expect(q).toBe('dataset=data%2Frecorded%2Fsynthetic-small&judgmentReference=expert_with_ai&timeReference=expert_only&policy=1-of-2&weights=employment&rate=30&draws=300&seed=7&winTieInterval=exact&latencyMax=600');
    expect(scenarioFromQuery(q, 'x')).toEqual(s);
    expect(scenarioFromQuery('', 'data/recorded/synthetic-small')).toEqual({ dataset: 'data/recorded/synthetic-small' });
  });
  test('a bad URL value is named by its parameter, with what is allowed', () => {
    expect(() => scenarioFromQuery('policy=pass2', 'd')).toThrow('URL parameter policy: "pass2" is not allowed (expected "pass@k" with k >= 1, or "m-of-n" with 1 <= m <= n)');
    expect(() => scenarioFromQuery('rate=-3', 'd')).toThrow(/^URL parameter rate: -3 is not allowed/);
    expect(() => scenarioFromQuery('weights=gpd', 'd')).toThrow(/^URL parameter weights: "gpd" is not allowed/);
    expect(() => scenarioFromQuery('latencyMax=-1', 'd')).toThrow(/^URL parameter latencyMax: -1 is not allowed/);
    expect(() => scenarioFromQuery('latencyMax=soon', 'd')).toThrow(/^URL parameter latencyMax: "soon" is not allowed/);
  });
  test('scenario.json is the resolved scenario, every default filled, and resolves to itself', () => {
    const file = JSON.parse(scenarioFile(ds, { dataset: 'data/recorded/synthetic-small', policy: 'pass@2' }));
    expect(file).toMatchObject({ version: 1, system: 'sysX', judge: 'J1', judgmentReference: 'expert_only', timeReference: 'expert_only', policy: 'pass@2', weights: 'gdp', draws: 2000 });
    expect(resolveScenario(file, ds)).toEqual(file);
  });
  test('the point pass gives the interval pass\'s estimates, cell for cell', () => {
    const point = computeTables(pageOptions(ds, s, false), ['table01', 'table13', 'table15']);
    const withIntervals = computeTables(pageOptions(ds, s, 300), ['table01', 'table13', 'table15']);
    let cells = 0;
    for (const [i, p] of point.entries()) {
      const w = withIntervals[i];
      if (!('table' in p) || !('table' in w)) throw new Error(`${p.name} skipped`);
      for (const [j, c] of p.table.columns.entries()) {
        const k = w.table.columns.indexOf(c);
        expect(k, `${p.name} ${c}`).toBeGreaterThanOrEqual(0);
        for (const [r, row] of p.table.rows.entries()) {
          // bootstrap interval columns are empty until the interval pass; everything else is the same
          if (row[j] === null && /_(lo|hi)$/.test(c)) continue;
          expect(w.table.rows[r][k], `${p.name} ${c} ${r}`).toEqual(row[j]);
          cells++;
        }
      }
      if (p.name === 'table13') expect(w.table.columns.filter((c) => c.endsWith('_lo'))).toEqual(['nvj_lo', 'tsj_lo']);
    }
    expect(cells).toBeGreaterThan(20);
  });
  test('cells print to 6 significant digits', () => {
    expect([printedCell(0.123456789), printedCell(1234567.89), printedCell(-0.5), printedCell(null), printedCell('Cat1')]).toEqual(['0.123457', '1234570', '-0.5', '', 'Cat1']);
  });
});

describe('the compare panel in words (no JSON, no internal field names)', () => {
  test('scenarioChangeWords: each changed field as "field: before → after", defaults named', () => {
    expect(scenarioChangeWords({ dataset: 'd' }, { dataset: 'd', judgmentReference: 'expert_with_ai', rates: { nodeRateUSDPerHour: 50 }, weights: 'employment', policy: '3-of-4' })).toEqual([
      'judgment reference: expert-only → expert-with-AI', 'attempt policy: pass@1 → 3-of-4', 'weights: GDP → employment', 'node rate: recorded costs → 50 USD per node-hour',
    ]);
    // a field set to its default value is no change; every value in words
    expect(scenarioChangeWords({ dataset: 'd' }, { dataset: 'd', policy: 'pass@1', judgmentReference: 'expert_only' })).toEqual([]);
    const words = scenarioChangeWords({ dataset: 'd', draws: 500 }, { dataset: 'd', winTieInterval: 'exact', qaij: { latencyMaxS: 600 }, timeReference: 'expert_with_ai', weights: { custom: { a: 1 } } } as PageScenario);
    expect(words).toEqual(['time reference: the judgment reference → expert-with-AI', 'weights: GDP → your weights file', 'bootstrap draws: 500 → 2,000', 'win-tie interval: Wilson → exact (Clopper-Pearson)', 'QAIJ latency contract: none → 600 s']);
    for (const w of words) expect(w).not.toMatch(/[{}"_]|nodeRate|judgmentReference/);
  });
  test('pageScenarioWords: the fields set, the rest "its default"', () => {
    expect(pageScenarioWords({ dataset: 'd' })).toBe('every field its default');
    expect(pageScenarioWords({ dataset: 'd', policy: 'pass@2', weights: 'employment', rates: { nodeRateUSDPerHour: 30 } })).toBe('attempt policy pass@2, employment weights, node rate 30 USD per node-hour; every other field its default');
  });
});
