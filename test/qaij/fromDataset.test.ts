import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/index.ts';
import { occupationMixes, qualityAdjustedServicePerJoule, sevenPartReport, taskResultsFromDataset } from '../../kernel-lib/qaij/index.ts';

const DIR = 'data/recorded/synthetic-small';

describe.skipIf(!existsSync(DIR))('taskResultsFromDataset on synthetic-small', () => {
  const ds = loadDataset(DIR);

  it('treats a win or tie as one unit of service and keeps every judged run with its energy in joules', () => {
    const { results, unjudged } = taskResultsFromDataset(ds);
    expect(results).toHaveLength(18);
    expect(unjudged).toEqual([]);
    // Oracle: hand count from runs.csv and judgments.csv (judge J1, expert_only):
    // sysX 7 wins or ties in 12 runs, 3.1 MJ; sysY 4 in 6 runs, 0.6 MJ.
    const x = qualityAdjustedServicePerJoule(results.filter((r) => r.system === 'sysX'));
    const y = qualityAdjustedServicePerJoule(results.filter((r) => r.system === 'sysY'));
    expect(x.serviceMean).toBeCloseTo(7 / 12, 14);
    expect(x.qaij).toBeCloseTo(7 / 3.1e6, 18);
    expect(y.qaij).toBeCloseTo(4 / 0.6e6, 18);
    expect(results[0]).toMatchObject({ task: 'A1', system: 'sysX', energyJ: 0.2e6, latencyS: 1800, stratum: 'occA', boundary: 'system' });
  });

  it('lists the runs a secondary judge did not judge instead of inventing their service', () => {
    const { results, unjudged } = taskResultsFromDataset(ds, { judge: 'J2' });
    expect(results).toHaveLength(6);
    expect(unjudged).toContain('yA1');
    expect(unjudged).toContain('xA1a2');
    expect(() => taskResultsFromDataset(ds, { judge: 'J9' })).toThrow('unknown judge: J9');
  });

  it('reweights to employment-only and equal occupation mixes (hand computation)', () => {
    const { results } = taskResultsFromDataset(ds);
    const mixes = occupationMixes(ds);
    expect(mixes.equal).toEqual({ occA: 1, occB: 1, occC: 1 });
    const rep = sevenPartReport(results, { draws: 200, seed: ds.manifest.bootstrap.seed, alternativeMixes: mixes });
    // sysY: per-occupation S = (0.5, 1, 0.5), E = (0.1, 0.05, 0.15) MJ, two runs each, so equal = unweighted;
    // employment (100, 300, 50): (50 + 300 + 25) / (10 + 15 + 7.5) per MJ
    expect(rep.systems.sysY.alternativeMixes.equal.estimate!.qaij).toBeCloseTo(4 / 0.6e6, 18);
    expect(rep.systems.sysY.alternativeMixes.employment.estimate!.qaij).toBeCloseTo(375 / 32.5 / 1e6, 18);
    // sysX: per-occupation S = (0.5, 0.5, 0.75), E = (0.225, 0.15, 0.4) MJ
    expect(rep.systems.sysX.alternativeMixes.employment.estimate!.qaij).toBeCloseTo(237.5 / 87.5 / 1e6, 18);
    expect(rep.systems.sysX.alternativeMixes.employment.effectiveSampleSize).toBeLessThan(12);
    // frontier: sysY uses less energy per run and gives more service
    expect(rep.frontier.frontier).toEqual(['sysY']);
    expect(['dominated', 'uncertain']).toContain(rep.frontier.robust.sysX);
  });
});
