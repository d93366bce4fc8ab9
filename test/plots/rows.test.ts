/**
 * The rows the figures draw, against numbers computed by hand from the CSV files of synthetic-small
 * (attempt 1, expert-only reference, judge J1).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDataset, type Dataset } from '../../kernel-lib/data/index.ts';
import { categoryRows, outcomeRows, policyRows, systemRows, weightRows, prettyPolicy, modelSystems } from '../../kernel-lib/plots/index.ts';
import { table13 } from '../../kernel-lib/tables/index.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';

let ds: Dataset;
beforeAll(() => {
  onWarning(null);
  ds = loadDataset(SMALL);
});

describe('figure rows from synthetic-small', () => {
  it('systemRows: unweighted totals of attempt 1', () => {
    const [x, y] = systemRows({ dataset: ds, bootstrap: false });
    // sysX attempt 1: energy 0.2+0.4+0.1+0.1+0.5+0.3; credited A1 (win), B1 (tie), C1 (win):
    // value 2 h x 50 + 1 h x 20 + 5 h x 40 USD; time saving (2-0.5) + (1-0.5) + (5-1) hours.
    expect(x.system).toBe('sysX');
    expect(x.label).toBe('Model X');
    expect(x.energyMJ).toBeCloseTo(1.6, 12);
    expect(x.valueUSD).toBeCloseTo(320, 12);
    expect(x.timeSavingHours).toBeCloseTo(6, 12);
    // sysY: six runs, 0.1+0.1+0.05+0.05+0.2+0.1 MJ
    expect(y.energyMJ).toBeCloseTo(0.6, 12);
  });

  it('outcomeRows: win, tie and loss shares of attempt-1 outputs', () => {
    const x = outcomeRows({ dataset: ds }).find((r) => r.system === 'sysX')!;
    // A1 win, A2 loss, B1 tie, B2 loss, C1 win, C2 loss
    expect(x.tasks).toBe(6);
    expect(x.winPct).toBeCloseTo(100 * 2 / 6, 12);
    expect(x.tiePct).toBeCloseTo(100 * 1 / 6, 12);
    expect(x.lossPct).toBeCloseTo(50, 12);
  });

  it('weightRows: sector share x within-sector employment share', () => {
    const w = Object.fromEntries(weightRows({ dataset: ds }).map((r) => [r.occupation, r.weight]));
    // S1 60%, S2 40%; occA 100 and occB 300 employed in S1, occC alone in S2
    expect(w.occA).toBeCloseTo(0.6 * 100 / 400, 12);
    expect(w.occB).toBeCloseTo(0.6 * 300 / 400, 12);
    expect(w.occC).toBeCloseTo(0.4, 12);
    const equal = weightRows({ dataset: ds, weights: 'equal' });
    for (const r of equal) expect(r.weight).toBeCloseTo(1 / 3, 12);
  });

  it('categoryRows carry Table 13 numbers, as percentages where the figure shows percent', () => {
    const rows = categoryRows({ dataset: ds, bootstrap: false });
    const t = table13({ dataset: ds, bootstrap: false }).objects() as { category: string; win_tie_pct: number; nvj: number; tsj: number; energy_mj: number }[];
    expect(rows.map((r) => r.category)).toEqual(t.map((r) => r.category));
    rows.forEach((r, i) => {
      expect(r.winTiePct).toBeCloseTo(t[i].win_tie_pct, 12);
      expect(r.nvj).toBeCloseTo(t[i].nvj, 12);
      expect(r.tsj).toBeCloseTo(t[i].tsj, 12);
      expect(r.winTiePctPerMJ).toBeCloseTo(t[i].win_tie_pct / t[i].energy_mj, 10);
    });
  });

  it('policyRows: pass@1..2 then >=1/2..>=2/2, with intervals only when the bootstrap runs', () => {
    const point = policyRows({ dataset: ds, bootstrap: false });
    expect(point.map((r) => r.policy)).toEqual(['pass@1', 'pass@2', '≥1/2', '≥2/2']);
    expect(point.every((r) => r.nvjLo === null)).toBe(true);
    // pass@2: G 75, C 2.4375, E .5225 (synthetic-small.test.ts, Table 19); >=2/2 (expert-only): G 44.5
    expect(point.map((r) => Number(r.nvj.toFixed(6)))).toEqual([203.35, 138.875598, 138.875598, 80.502392]);
    const boot = policyRows({ dataset: ds, bootstrap: { draws: 100, seed: 1 } });
    // a loop over an empty array asserts nothing: the four rows must be there
    expect(boot.map((r) => r.policy)).toEqual(['pass@1', 'pass@2', '≥1/2', '≥2/2']);
    for (const r of boot) {
      expect(r.nvjLo).toBeTypeOf('number');
      expect(r.nvjLo! <= r.nvj && r.nvj <= r.nvjHi!, `${r.policy}: ${r.nvjLo} <= ${r.nvj} <= ${r.nvjHi}`).toBe(true);
      expect(r.nvjLo!).toBeLessThan(r.nvjHi!);
    }
  });

  it('compares one system per model: the deployment with the most accelerators', () => {
    expect([...modelSystems(ds)]).toEqual([['sysX', 'Model X'], ['sysY', 'Model Y']]);
    const twoQwens = { ...ds, rows: { ...ds.rows, systems: [
      { ...ds.rows.systems[1], system: 'q1', model: 'Q', accelerator_count: 1 },
      { ...ds.rows.systems[1], system: 'q8', model: 'Q', accelerator_count: 8 },
    ] } };
    expect([...modelSystems(twoQwens)]).toEqual([['q8', 'Q']]);
    expect(prettyPolicy('>=3/4')).toBe('≥3/4');
  });
});
