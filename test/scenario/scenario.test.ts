/**
 * The scenario schema (kernel-lib/scenario): defaults come from the manifest, every bad value is
 * named with its field and what is allowed, and node rates pair with systems by node type
 * (accelerator and count), never by accelerator name alone.
 */
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { parseScenario, policyFromText, policyText, resolveScenario, scenarioToTableOptions, systemPricing } from '../../kernel-lib/scenario/index.ts';
import { loadScenario } from '../../kernel-lib/scenario/files.ts';
import { table01 } from '../../kernel-lib/tables/index.ts';
import { SMALL } from '../helpers/dataset.ts';

const RECON = new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname;
const small = loadDataset(SMALL);

describe('resolveScenario', () => {
  test('fills every default from the manifest (synthetic-small: sysX, J1, 2000 draws)', () => {
    expect(resolveScenario({ dataset: SMALL }, small)).toEqual({
      version: 1, dataset: SMALL, system: 'sysX', judge: 'J1', judgmentReference: 'expert_only', timeReference: 'expert_only',
      policy: 'pass@1', tieCredit: 1, weights: 'gdp', rates: { nodeRateUSDPerHour: null, bySystem: {}, nodeTypesFile: null, sweepFile: null },
      draws: 2000, seed: 20260726, winTieInterval: 'wilson', qaij: { latencyMaxS: null }, noise: { attempts: false, grading: false, meter: null },
      derived: ['system', 'judge', 'judgmentReference', 'timeReference', 'policy', 'tieCredit', 'weights', 'rates', 'draws', 'seed', 'winTieInterval', 'qaij', 'noise'],
    });
  });

  test('the time reference follows the judgment reference unless given', () => {
    expect(resolveScenario({ dataset: SMALL, judgmentReference: 'expert_with_ai' }, small).timeReference).toBe('expert_with_ai');
    expect(resolveScenario({ dataset: SMALL, judgmentReference: 'expert_with_ai', timeReference: 'expert_only' }, small).timeReference).toBe('expert_only');
  });

  test('a resolved scenario is a valid input and resolves to itself', () => {
    const r = resolveScenario({ dataset: SMALL, policy: '3-of-4', weights: 'employment', rates: { bySystem: { sysY: 5 } }, draws: 50 }, small);
    expect(resolveScenario(JSON.parse(JSON.stringify(r)), small)).toEqual(r);
  });

  test.each([
    [{ policy: 'pass2' }, 'scenario field policy: "pass2" is not allowed (expected "pass@k" with k >= 1, or "m-of-n" with 1 <= m <= n)'],
    [{ policy: '4-of-3' }, 'scenario field policy: "4-of-3" is not allowed'],
    [{ judgmentReference: 'expert' }, 'scenario field judgmentReference: "expert" is not allowed (expected "expert_only" or "expert_with_ai")'],
    [{ weights: 'gdp2' }, 'scenario field weights: "gdp2" is not allowed (expected "gdp", "employment", "equal"'],
    [{ draws: 0 }, 'scenario field draws: 0 is not allowed (expected an integer >= 1)'],
    [{ rates: { bySystem: { sysX: -1 } } }, 'scenario field rates.bySystem.sysX: -1 is not allowed (expected an object {"system": USD per node-hour >= 0})'],
    [{ rates: { nodeRate: 3 } }, 'scenario field rates.nodeRate: 3 is not allowed (expected no such field; known: nodeRateUSDPerHour, bySystem, nodeTypesFile, sweepFile)'],
    [{ system: 'sysZ' }, 'scenario field system: "sysZ" is not allowed (expected one of sysX, sysY)'],
    [{ judge: 'J9' }, 'scenario field judge: "J9" is not allowed (expected one of J1, J2)'],
    [{ rates: { bySystem: { sysZ: 1 } } }, 'scenario field rates.bySystem.sysZ: 1 is not allowed (expected a rate for one of sysX, sysY)'],
  ])('%j is refused naming the field, the value and what is allowed', (bad, message) => {
    expect(() => resolveScenario({ dataset: SMALL, ...bad }, small)).toThrow(message);
  });

  test('a notebook names the parameter instead', () => {
    expect(() => parseScenario({ dataset: SMALL, policy: 'best' }, (f) => `parameter ${f}`)).toThrow('parameter policy: "best" is not allowed');
  });

  test('policy texts round-trip', () => {
    for (const t of ['pass@1', 'pass@12', '1-of-1', '3-of-4']) expect(policyText(policyFromText(t)!)).toBe(t);
    expect(policyFromText('>=3/4')).toBeNull();
  });
});

describe('systemPricing', () => {
  const recon = loadDataset(RECON);
  test('--rate prices only the systems on the primary node type (GLM 5.2 on 8xH200), never a 1xH200 one', () => {
    const s = resolveScenario({ dataset: RECON, rates: { nodeRateUSDPerHour: 40 } }, recon);
    const p = Object.fromEntries(systemPricing(s, recon).map((x) => [x.system, x]));
    expect(p['glm-5.2-8xh200']).toMatchObject({ rateUSDPerHour: 40, source: 'primaryNodeType' });
    expect(p['qwen3.6-27b-1xh200']).toMatchObject({ rateUSDPerHour: null, source: 'recorded' });
    expect(p['qwen3.6-27b-8xh100']).toMatchObject({ rateUSDPerHour: null, source: 'recorded' });
  });

  test('a node-types file prices 8xH100 and 1xH100 apart; a system without a base rate keeps its recorded cost', () => {
    const s = resolveScenario({ dataset: RECON, rates: { nodeTypesFile: 'x.csv', bySystem: { 'qwen3.6-27b-1xb200': 9 } } }, recon);
    const p = Object.fromEntries(systemPricing(s, recon, [
      { accelerator: 'H100', acceleratorCount: 8, usdPerNodeHour: 50 },
      { accelerator: 'nvidia h100', acceleratorCount: 1, usdPerNodeHour: 4 },
    ]).map((x) => [x.system, x]));
    expect(p['gemma-4-31b-8xh100'].rateUSDPerHour).toBe(50);
    expect(p['qwen3.6-27b-1xh100']).toMatchObject({ rateUSDPerHour: null, reason: 'no node_rate_usd_per_hour in systems.csv to re-price from' });
    expect(p['qwen3.6-27b-1xb200']).toMatchObject({ rateUSDPerHour: null, source: 'recorded' });
    expect(p['glm-5.2-8xh200']).toMatchObject({ rateUSDPerHour: null, reason: 'no rate for this system or its node type NVIDIA H200 x8' });
  });

  test('--rate on synthetic-small doubles sysX cost at $20/h and leaves sysY (1xH100) at its recorded cost', () => {
    const base = table01({ dataset: small }).objects() as { system: string; cost_usd: number }[];
    const { options } = loadScenario({ dataset: SMALL, rates: { nodeRateUSDPerHour: 20 } }, { dataset: small });
    const t = table01(options).objects() as { system: string; cost_usd: number; cost_basis: string }[];
    expect(t[0].cost_usd).toBeCloseTo(2 * base[0].cost_usd, 9); // sysX: all node time, $10/h -> $20/h
    expect(t[1].cost_usd).toBe(base[1].cost_usd);
    expect(t.map((r) => r.cost_basis)).toEqual(['node rate 20 USD/node-hour', 'recorded']);
  });
});

describe('scenarioToTableOptions', () => {
  test('maps plain values onto builder options', () => {
    const o = scenarioToTableOptions(resolveScenario({ dataset: SMALL, policy: '3-of-4', weights: { custom: { occA: 1, occB: 1, occC: 2 } }, seed: 5 }, small), small);
    expect(o.policy).toEqual({ kind: 'threshold', m: 3, n: 4 });
    expect(o.weights).toEqual({ custom: { occA: 1, occB: 1, occC: 2 } });
    expect(o.bootstrap).toEqual({ draws: 2000, seed: 5 });
    expect(o.rates).toBeUndefined();
  });
});
