/**
 * A second implementation of the tables' task-composition intervals, for the tests of test/tables
 * (#29): GDP-weighted benchmark averages of per-task values written by hand, over the draws of the
 * task bootstrap (uncertainty/taskBootstrap.ts: which tasks each draw resamples; not code of the
 * tables), and Hyndman-Fan type 7 percentiles by sorting. Nothing here calls kernel-lib/tables.
 *
 * synthetic-small (data/recorded/synthetic-small), sysX, attempt 1, judge J1; gdp weights
 * w_A .15, w_B .45, w_C .40, two tasks per occupation (test/tables/synthetic-small.test.ts).
 */
import { expect } from 'vitest';
import type { Dataset } from '../../kernel-lib/data/load.ts';
import { taskComponents } from '../../kernel-lib/metrics/taskComponents.ts';
import { drawSample, taskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';

export const SMALL_WEIGHTS: Record<string, number> = { occA: 0.15, occB: 0.45, occC: 0.4 };

/** One task of synthetic-small, sysX attempt 1 (runs.csv, tasks.csv, judgments.csv by J1). */
export interface HandTask {
  occupation: string;
  /** H^eo and H^wai, hours */
  eo: number; wai: number;
  /** median hourly wage of the occupation, USD */
  wage: number;
  /** attempt 1 credited (win or tie) against expert_only / expert_with_ai */
  yEo: number; yWai: number;
  /** AI hours, cost USD, energy MJ of attempt 1 */
  L: number; C: number; E: number;
}

export const SMALL_TASKS: Record<string, HandTask> = {
  A1: { occupation: 'occA', eo: 2, wai: 1.5, wage: 50, yEo: 1, yWai: 1, L: 0.5, C: 1, E: 0.2 },
  A2: { occupation: 'occA', eo: 4, wai: 3, wage: 50, yEo: 0, yWai: 0, L: 1, C: 2, E: 0.4 },
  B1: { occupation: 'occB', eo: 1, wai: 1, wage: 20, yEo: 1, yWai: 0, L: 0.5, C: 1, E: 0.1 },
  B2: { occupation: 'occB', eo: 3, wai: 2, wage: 20, yEo: 0, yWai: 0, L: 0.25, C: 0.5, E: 0.1 },
  C1: { occupation: 'occC', eo: 5, wai: 4, wage: 40, yEo: 1, yWai: 1, L: 1, C: 2, E: 0.5 },
  C2: { occupation: 'occC', eo: 1, wai: 0.5, wage: 40, yEo: 0, yWai: 0, L: 0.5, C: 1, E: 0.3 },
};

/** Type-7 percentile (numpy's default) of a sorted copy. */
export function type7(values: readonly number[], p: number): number {
  const x = [...values].sort((a, b) => a - b);
  const h = (x.length - 1) * p, lo = Math.floor(h);
  return lo + 1 < x.length ? x[lo] + (h - lo) * (x[lo + 1] - x[lo]) : x[lo];
}

/** The percentile 95% interval [2.5%, 97.5%]. */
export const interval95 = (v: readonly number[]): [number, number] => [type7(v, 0.025), type7(v, 0.975)];

/** The benchmark value sum_o w_o mean_{tasks of o} f(task) of per-task values (full data). */
export function benchmarkByHand(tasks: Record<string, HandTask>, f: (t: HandTask) => number): number {
  const byOcc = new Map<string, number[]>();
  for (const t of Object.values(tasks)) byOcc.set(t.occupation, [...(byOcc.get(t.occupation) ?? []), f(t)]);
  let s = 0;
  for (const [o, v] of byOcc) s += (SMALL_WEIGHTS[o] * v.reduce((a, b) => a + b, 0)) / v.length;
  return s;
}

/**
 * Per draw, the benchmark averages of the per-task values `f(task)` (a vector per task), on the draws
 * the tables take for `dataset` with `settings` (the task order and occupation index are those of
 * sysX's components, which every table of one system shares).
 */
export function drawsByHand(dataset: Dataset, settings: { draws: number; seed: number }, tasks: Record<string, HandTask>, f: (t: HandTask) => number[]): number[][] {
  const c = taskComponents({ dataset });
  const boot = taskBootstrap(c.occupationIndex, c.occupations.length, settings);
  const sample = drawSample(boot);
  const n = c.taskIds.length;
  const out: number[][] = [];
  for (let b = 0; b < settings.draws; b++) {
    let acc: number[] = [];
    for (let o = 0; o < boot.occupations; o++) {
      const from = boot.offsets[o], to = boot.offsets[o + 1];
      for (let p = from; p < to; p++) {
        const v = f(tasks[c.taskIds[sample[b * n + p]]]);
        const w = SMALL_WEIGHTS[c.occupations[o]] / (to - from);
        if (acc.length === 0) acc = v.map(() => 0);
        v.forEach((x, k) => { acc[k] += w * x; });
      }
    }
    out.push(acc);
  }
  return out;
}

/**
 * Per draw, per group (category), the group averages sum_{o in c} (w_o / W_c) mean_{drawn tasks of o}
 * f(task), W_c = sum_{o in c} w_o, on the same draws as `drawsByHand`; groups in `names` order.
 */
export function groupDrawsByHand(dataset: Dataset, settings: { draws: number; seed: number }, tasks: Record<string, HandTask>, groupOf: Record<string, string>, names: string[], f: (t: HandTask) => number[]): number[][][] {
  const c = taskComponents({ dataset });
  const boot = taskBootstrap(c.occupationIndex, c.occupations.length, settings);
  const sample = drawSample(boot);
  const n = c.taskIds.length;
  const W = names.map((g) => Object.entries(SMALL_WEIGHTS).filter(([o]) => groupOf[o] === g).reduce((s, [, w]) => s + w, 0));
  const out: number[][][] = [];
  for (let b = 0; b < settings.draws; b++) {
    const acc: number[][] = names.map(() => []);
    for (let o = 0; o < boot.occupations; o++) {
      const g = names.indexOf(groupOf[c.occupations[o]]);
      const from = boot.offsets[o], to = boot.offsets[o + 1];
      for (let p = from; p < to; p++) {
        const v = f(tasks[c.taskIds[sample[b * n + p]]]);
        const w = SMALL_WEIGHTS[c.occupations[o]] / ((to - from) * W[g]);
        if (acc[g].length === 0) acc[g] = v.map(() => 0);
        v.forEach((x, k) => { acc[g][k] += w * x; });
      }
    }
    out.push(acc);
  }
  return out;
}

/**
 * Rows 0..rows-1 of a table with NVJ and TSJ intervals against the hand draws `d`, whose row k is
 * the four sums [value, cost, energy, time saving] at 4k..4k+3 of each draw: NVJ = (value - cost) /
 * energy and TSJ = time saving / energy, each a 95% interval of type-7 percentiles (interval95).
 * With `pointInside`, each row's NVJ point (and TSJ's, when `pointInside` is 'both') lies in its interval.
 */
export function expectNvjTsjIntervals(t: Record<string, unknown[]>, d: number[][], rows: number, label: string, pointInside: 'nvj' | 'both'): void {
  for (let k = 0; k < rows; k++) {
    const [nl, nh] = interval95(d.map((v) => (v[4 * k] - v[4 * k + 1]) / v[4 * k + 2]));
    const [tl, th] = interval95(d.map((v) => v[4 * k + 3] / v[4 * k + 2]));
    expect(t.nvj_lo[k] as number, `${label} ${k}`).toBeCloseTo(nl, 8);
    expect(t.nvj_hi[k] as number, `${label} ${k}`).toBeCloseTo(nh, 8);
    expect(t.tsj_lo[k] as number, `${label} ${k}`).toBeCloseTo(tl, 8);
    expect(t.tsj_hi[k] as number, `${label} ${k}`).toBeCloseTo(th, 8);
    expect(t.nvj_lo[k] as number).toBeLessThanOrEqual(t.nvj[k] as number);
    expect(t.nvj_hi[k] as number).toBeGreaterThanOrEqual(t.nvj[k] as number);
    if (pointInside === 'both') {
      expect(t.tsj_lo[k] as number).toBeLessThanOrEqual(t.tsj[k] as number);
      expect(t.tsj_hi[k] as number).toBeGreaterThanOrEqual(t.tsj[k] as number);
    }
  }
}
