/**
 * QAIJ on synthetic-small, counted by hand from its files:
 *   sysX, expert-only judgments by J1: 7 of 12 attempts win or tie; energy 3.1 MJ in all -> 7/3.1 = 2.258 per MJ.
 *   sysY: 4 of 6; 0.6 MJ -> 6.667 per MJ. sysY uses less energy per attempt (0.1 vs 0.258 MJ) for more
 *   service (0.667 vs 0.583): it alone is on the frontier.
 *   Employment mix (occA 100, occB 300, occC 50 employed; 4 attempts each on sysX): weights prop. to
 *   employment, so QAIJ = (100*2 + 300*2 + 50*3) / (100*0.9 + 300*0.6 + 50*1.6) = 950/350 = 2.714 per MJ;
 *   the equal mix equals the unweighted value (4 attempts per occupation).
 */
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { qaijDatasetReport, qaijSummaryTable } from '../../kernel-lib/qaij/index.ts';
import { qaijFrontierFigure } from '../../kernel-lib/plots/qaijFrontier.ts';
import { SMALL, columns } from '../helpers/dataset.ts';

const ds = loadDataset(SMALL);
const report = qaijDatasetReport(ds, { draws: 400, seed: 5 });

describe('QAIJ applied to a recorded dataset', () => {
  test('the summary table gives the hand-counted QAIJ, mixes and frontier', () => {
    const t = columns(qaijSummaryTable(report), 6);
    expect(t.system).toEqual(['sysY', 'sysX']);
    expect(t.n).toEqual([6, 12]);
    expect(t.qaij_per_mj).toEqual([Number((4 / 0.6).toFixed(6)), Number((7 / 3.1).toFixed(6))]);
    expect(t.employment_mix_per_mj[1]).toBeCloseTo(950 / 350, 6);
    expect(t.equal_mix_per_mj[1]).toBeCloseTo(7 / 3.1, 6);
    expect(t.frontier).toEqual(['frontier', 'dominated']);
    for (let i = 0; i < 2; i++) {
      expect(t.qaij_lo[i] as number).toBeLessThanOrEqual(t.qaij_per_mj[i] as number);
      expect(t.qaij_hi[i] as number).toBeGreaterThanOrEqual(t.qaij_per_mj[i] as number);
    }
  });
  test('a latency contract of 0 s: every attempt is late, so every QAIJ is 0 and every system is excluded from the frontier, not dominated', () => {
    const t = columns(qaijSummaryTable(qaijDatasetReport(ds, { draws: 50, seed: 5, latencyMaxS: 0 })), 6);
    expect(t.qaij_per_mj).toEqual([0, 0]);
    expect(t.frontier).toEqual(['excluded', 'excluded']);
    expect(t.robust_frontier).toEqual(['excluded', 'excluded']);
  });
  test('the frontier figure puts each system at its energy and service per attempt, with whiskers', () => {
    const spec = qaijFrontierFigure(report, { provenance: ds.manifest });
    const y = spec.data.find((d) => String(d.name).startsWith('sysY'))!;
    expect((y.x as number[])[0]).toBeCloseTo(0.1, 9);
    expect((y.y as number[])[0]).toBeCloseTo(4 / 6, 9);
    expect((y as any).error_y.array[0]).toBeGreaterThanOrEqual(0);
    expect(String(spec.layout.meta?.caption)).toContain('synthetic');
  });
});

test('the latency and reliability table counts win-or-tie attempts by hand, the task as sampling unit', async () => {
  const { qaijLatencyReliabilityTable } = await import('../../kernel-lib/qaij/index.ts');
  const t = columns(qaijLatencyReliabilityTable(report), 6);
  expect(t.system).toEqual(['sysX', 'sysY']);
  // Hand count from judgments.csv (J1, expert_only):
  // sysY: one attempt on each of 6 tasks, wins or ties on A1, B1, B2, C2 -> 4 of 6; with single-attempt
  //   tasks the effective n is 6 and the interval is the ordinary Wilson 4/6 = [0.3000, 0.9032].
  // sysX: two attempts per task, wins or ties A1 1, A2 1, B1 2, B2 0, C1 2, C2 1 -> 7 of 12; residuals
  //   x_t - (7/12) 2 = -1/6, -1/6, 5/6, -7/6, 5/6, -1/6, sum of squares 102/36, v = 102/36/144,
  //   p(1-p)/v = (35/144) / v = 12.35 -> capped at 12 -> Wilson 7/12 = [0.3195, 0.8067].
  expect(t.win_tie_share).toEqual([Number((7 / 12).toFixed(6)), Number((4 / 6).toFixed(6))]);
  expect(t.tasks).toEqual([6, 6]);
  expect(t.effective_n).toEqual([12, 6]);
  expect(t.wilson_lo[1]).toBeCloseTo(0.3000, 4);
  expect(t.wilson_hi[1]).toBeCloseTo(0.9032, 4);
  expect(t.wilson_lo[0]).toBeCloseTo(0.3195, 4);
  expect(t.wilson_hi[0]).toBeCloseTo(0.8067, 4);
  expect(t.latency_max_s[1]).toBe(7200); // yC1 ran 2 hours
});

test('every part of the seven-part report is filled on synthetic-small, with declarations and units (issue 30)', async () => {
  const { qaijReportParts, qaijDeclarationsTable } = await import('../../kernel-lib/qaij/index.ts');
  const parts = qaijReportParts(report);
  expect(parts.map((p) => p.part)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  for (const p of parts) {
    expect(p.table.numRows(), `part ${p.part}`).toBeGreaterThan(0);
    // no interval or estimate left empty
    for (const name of p.table.columnNames().filter((c) => /(_lo|_hi|_per_mj)$/.test(c))) {
      expect(p.table.array(name).every((x) => x !== null && Number.isFinite(x as number)), `part ${p.part} ${name}`).toBe(true);
    }
  }
  // part 2: occupations occA, occB, occC for each system (2 systems); sysY's occA: 2 tasks, wins or ties on A1 only
  const p2 = columns(parts[1].table, 9);
  expect(p2.stratum).toEqual(['occA', 'occB', 'occC', 'occA', 'occB', 'occC']);
  // part 1 carries the hierarchical interval too (occupations resampled as families, then their tasks)
  expect(parts[0].table.columnNames()).toEqual(['system', 'n', 'qaij_per_mj', 'qaij_lo', 'qaij_hi', 'hierarchical_lo', 'hierarchical_hi']);
  // part 3 uses expert hours as the declared difficulty: two normalisations, each with an interval
  expect(parts[2].table.columnNames()).toEqual(['system', 'unweighted_per_mj', 'linear_per_mj', 'linear_lo', 'linear_hi', 'sqrt_per_mj', 'sqrt_lo', 'sqrt_hi']);
  const d = columns(qaijDeclarationsTable(report), 6);
  expect(d.value[d.item.indexOf('energy denominator')]).toBe('gross energy');
  expect(d.value[d.item.indexOf('correctness/reliability design')]).toBe('joint-outcome-as-reliability');
  expect(d.item).toContain('does not cover');
});
