/**
 * Table 22 (time-saving decomposition, Appendix K.2) against a hand computation and a second
 * implementation of its intervals (#29: "the expert-only -> AI time_saving_pct interval from the wrong
 * draws turned [75, 80] into [100, 100], an interval that no longer contains its own point").
 *
 * synthetic-small, sysX attempt 1, judged against expert_with_ai (J1): A1 and C1 win, the rest lose.
 * Per task (H^eo, H^wai, L, E):  A1 (2, 1.5, .5, .2)  A2 (4, 3, 1, .4)  B1 (1, 1, .5, .1)
 *                                B2 (3, 2, .25, .1)   C1 (5, 4, 1, .5)  C2 (1, .5, .5, .3)
 * Weights w_A .15, w_B .45, w_C .40 (test/tables/synthetic-small.test.ts), n_o = 2 each:
 *   s1 = Y (H^eo - H^wai): A1 .5, C1 1  -> S1 = .15 (.5/2) + .4 (1/2)   = .2375
 *   d1 = Y H^eo:           A1 2,  C1 5  -> D1 = .15 (2/2) + .4 (5/2)    = 1.15
 *   s2 = Y (H^wai - L):    A1 1,  C1 3  -> S2 = .15 (1/2) + .4 (3/2)    = .675
 *   d2 = Y H^wai:          A1 1.5, C1 4 -> D2 = .15 (1.5/2) + .4 (4/2) = .9125
 *   s3 = Y (H^eo - L):     A1 1.5, C1 4 -> S3 = .9125
 *   E (every task, attempt 1) = .15 (.6/2) + .45 (.2/2) + .4 (.8/2) = .25
 * Rows: pct 100 S1/D1 = 20.652..., 100 S2/D2 = 73.97..., 100 S3/D1 = 79.347...; TSJ .675/.25 = 2.7,
 * .9125/.25 = 3.65. S1 + S2 = S3 (the decomposition).
 *
 * Intervals: a second implementation, written here from the definition (tasks resampled within
 * occupations, each draw's GDP-weighted averages, each percentage formed within the draw over the
 * draws with a positive denominator, Hyndman-Fan type 7 percentiles at 2.5% and 97.5%), on the very
 * draws the table uses (uncertainty/taskBootstrap.ts, the bootstrap's own code, not under test here).
 * In synthetic-small a draw credits no task when occA draws A2 twice and occC draws C2 twice (1 in 16).
 *
 * Equivalent mutants (no output can tell them apart), from `MUTATION_MUTATE=kernel-lib/tables/table22.ts`:
 * - pctBounds' loop `b < s.length` made `b <= s.length`: the extra pass reads d[B] of a Float64Array,
 *   undefined, and `undefined > 0` is false, so nothing is added.
 * - table22's per-task loop `i < n` made `i <= n`: credit[n] is undefined, so lbar is 0 and every write
 *   to fields.*[n] is past the typed array's end, which JavaScript ignores.
 * - decompositionInputs' `hoursAt(task, 'expert_with_ai')` with the reference made '': hoursAt returns
 *   expert_hours for 'expert_only' and expert_ai_hours for anything else.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { taskComponents } from '../../kernel-lib/metrics/taskComponents.ts';
import { drawSample, taskBootstrap } from '../../kernel-lib/uncertainty/taskBootstrap.ts';
import { table22, decompositionInputs, TRANSITIONS } from '../../kernel-lib/tables/table22.ts';
import { memoOf, resolveContext, withScenario } from '../../kernel-lib/tables/context.ts';
import { componentsMemoKey } from '../../kernel-lib/tables/componentSource.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';
import { SMALL, columns, editedDataset } from '../helpers/dataset.ts';

onWarning(null);
afterEach(() => clearWarnings());

const W: Record<string, number> = { occA: 0.15, occB: 0.45, occC: 0.4 };
// task: [H^eo, H^wai, Y (attempt 1 vs expert_with_ai), L, E]
const TASK: Record<string, [number, number, number, number, number]> = {
  A1: [2, 1.5, 1, 0.5, 0.2], A2: [4, 3, 0, 1, 0.4], B1: [1, 1, 0, 0.5, 0.1],
  B2: [3, 2, 0, 0.25, 0.1], C1: [5, 4, 1, 1, 0.5], C2: [1, 0.5, 0, 0.5, 0.3],
};

/** Type-7 percentile of a sorted copy (numpy's default). */
function type7(values: number[], p: number): number {
  const x = [...values].sort((a, b) => a - b);
  const h = (x.length - 1) * p, lo = Math.floor(h);
  return lo + 1 < x.length ? x[lo] + (h - lo) * (x[lo + 1] - x[lo]) : x[lo];
}
const interval = (v: number[]) => [type7(v, 0.025), type7(v, 0.975)];

/** Per draw: S1, D1, S2, D2, S3, E of the decomposition, from the definition. */
function drawsByHand(dataset: ReturnType<typeof loadDataset>, settings: { draws: number; seed: number }) {
  // task order and occupation index of the table's components (only the order is taken from the code)
  const c = taskComponents({ dataset, judgmentReference: 'expert_with_ai', timeReference: 'expert_with_ai' });
  const boot = taskBootstrap(c.occupationIndex, c.occupations.length, settings);
  const sample = drawSample(boot);
  const n = c.taskIds.length;
  const out: number[][] = [];
  for (let b = 0; b < settings.draws; b++) {
    const acc = [0, 0, 0, 0, 0, 0];
    for (let o = 0; o < boot.occupations; o++) {
      const from = boot.offsets[o], to = boot.offsets[o + 1];
      for (let p = from; p < to; p++) {
        const [eo, wai, y, l, e] = TASK[c.taskIds[sample[b * n + p]]];
        const f = W[c.occupations[o]] / (to - from);
        acc[0] += f * y * (eo - wai); acc[1] += f * y * eo; acc[2] += f * y * (wai - l);
        acc[3] += f * y * wai; acc[4] += f * y * (eo - l); acc[5] += f * e;
      }
    }
    out.push(acc);
  }
  return out;
}

describe('Table 22 point values by hand (synthetic-small, attempt 1)', () => {
  test('three transitions in order, hours S1 .2375, S2 .675, S3 .9125; pct over each transition\'s starting time; TSJ = S / E', () => {
    const t = columns(table22({ dataset: loadDataset(SMALL), bootstrap: false }), 12);
    expect(t.transition).toEqual([...TRANSITIONS]);
    expect(TRANSITIONS).toEqual(['expert_only->expert_with_ai', 'expert_with_ai->ai_system', 'expert_only->ai_system']);
    expect(t.time_saving_hours).toEqual([0.2375, 0.675, 0.9125]);
    expect(t.time_saving_pct[0]).toBeCloseTo((100 * 0.2375) / 1.15, 10);
    expect(t.time_saving_pct[1]).toBeCloseTo((100 * 0.675) / 0.9125, 10);
    expect(t.time_saving_pct[2]).toBeCloseTo((100 * 0.9125) / 1.15, 10);
    expect(t.energy_mj).toEqual([null, 0.25, 0.25]);
    expect(t.tsj[0]).toBeNull();
    expect(t.tsj[1]).toBeCloseTo(2.7, 10);
    expect(t.tsj[2]).toBeCloseTo(3.65, 10);
    // bootstrap off: no interval at all
    for (const k of ['time_saving_hours', 'time_saving_pct', 'tsj']) {
      expect(t[`${k}_lo`]).toEqual([null, null, null]);
      expect(t[`${k}_hi`]).toEqual([null, null, null]);
    }
    expect(warnings()).toEqual([]);
  });

  test('decompositionInputs: attempt-1 components against expert_with_ai, and each task\'s two expert times', () => {
    const d = decompositionInputs({ dataset: loadDataset(SMALL) });
    expect(d.base.judgmentReference).toBe('expert_with_ai');
    expect(d.base.timeReference).toBe('expert_with_ai');
    expect(d.base.taskIds.map((id) => TASK[id][2])).toEqual(Array.from(d.base.credit));
    expect(Array.from(d.expertOnlyHours)).toEqual(d.base.taskIds.map((id) => TASK[id][0]));
    expect(Array.from(d.expertAIHours)).toEqual(d.base.taskIds.map((id) => TASK[id][1]));
  });

  test('a task without an expert_with_ai time is refused, naming it', () => {
    const dataset = loadDataset(editedDataset({ 'tasks.csv': (s) => s.replace('B2,occB,3,2', 'B2,occB,3,') }));
    // computed here, taskComponents refuses it first
    expect(() => table22({ dataset, bootstrap: false })).toThrow('task B2 has no expert_with_ai completion time');
    // components from another engine (componentSource.ts puts them in the context's memo): table22's own check
    const ctx = resolveContext({ dataset, bootstrap: false });
    const c = withScenario(ctx, { judgmentReference: 'expert_with_ai', timeReference: 'expert_with_ai' });
    memoOf(c).values.set(JSON.stringify(componentsMemoKey(c)), taskComponents({ dataset: loadDataset(SMALL), judgmentReference: 'expert_with_ai', timeReference: 'expert_with_ai' }));
    expect(() => table22(ctx)).toThrow(/^task B2 has no expert_with_ai completion time$/);
  });
});

describe('Table 22 intervals: a second implementation on the same draws', () => {
  test('every row\'s hours, pct and TSJ interval equals the one computed from the definition, and holds its point', () => {
    const dataset = loadDataset(SMALL);
    const settings = { draws: 400, seed: 11 };
    const t = columns(table22({ dataset, bootstrap: settings }), 12);
    const d = drawsByHand(dataset, settings);
    const [S1, D1, S2, D2, S3, E] = [0, 1, 2, 3, 4, 5].map((k) => d.map((x) => x[k]));
    const close = (got: unknown[], want: number[]) => { expect(got).toHaveLength(2); got.forEach((g, i) => expect(g as number).toBeCloseTo(want[i], 9)); };
    close([t.time_saving_hours_lo[0], t.time_saving_hours_hi[0]], interval(S1));
    close([t.time_saving_hours_lo[1], t.time_saving_hours_hi[1]], interval(S2));
    close([t.time_saving_hours_lo[2], t.time_saving_hours_hi[2]], interval(S3));
    const pct = (s: number[], den: number[]) => s.flatMap((v, b) => (den[b] > 0 ? [(100 * v) / den[b]] : []));
    const undefinedDraws = D1.filter((v) => !(v > 0)).length;
    expect(undefinedDraws).toBeGreaterThan(5); // about 1 in 16 of 400: the left-out draws matter here
    close([t.time_saving_pct_lo[0], t.time_saving_pct_hi[0]], interval(pct(S1, D1)));
    close([t.time_saving_pct_lo[1], t.time_saving_pct_hi[1]], interval(pct(S2, D2)));
    close([t.time_saving_pct_lo[2], t.time_saving_pct_hi[2]], interval(pct(S3, D1)));
    expect([t.tsj_lo[0], t.tsj_hi[0]]).toEqual([null, null]);
    close([t.tsj_lo[1], t.tsj_hi[1]], interval(S2.map((s, b) => s / E[b])));
    close([t.tsj_lo[2], t.tsj_hi[2]], interval(S3.map((s, b) => s / E[b])));
    expect(warnings()).toEqual([`table22: time_saving_pct undefined in ${undefinedDraws} of 400 draws (no credited task); its intervals use the other draws`]);
    // the property the issue names: each point lies inside its own interval
    for (let k = 0; k < 3; k++) {
      for (const col of ['time_saving_hours', 'time_saving_pct', ...(k ? ['tsj'] : [])]) {
        expect(t[`${col}_lo`][k] as number, `${col} row ${k}`).toBeLessThanOrEqual((t[col][k] as number) + 1e-9);
        expect(t[`${col}_hi`][k] as number, `${col} row ${k}`).toBeGreaterThanOrEqual((t[col][k] as number) - 1e-9);
      }
    }
    // and the expert-only -> AI percentage is not a degenerate [100, 100]
    expect((t.time_saving_pct_hi[2] as number) - (t.time_saving_pct_lo[2] as number)).toBeGreaterThan(1);
  });

  test('a draw set with every draw credited leaves nothing out and warns nothing', () => {
    // every occA task wins: no draw is without a credited task
    const dataset = loadDataset(editedDataset({ 'judgments.csv': (s) => s.replace('xA2a1,expert_with_ai,J1,loss', 'xA2a1,expert_with_ai,J1,win') }));
    const t = columns(table22({ dataset, bootstrap: { draws: 100, seed: 3 } }), 12);
    expect(warnings()).toEqual([]);
    expect(t.time_saving_pct_lo[2] as number).toBeLessThanOrEqual(t.time_saving_pct[2] as number);
    expect(t.time_saving_pct_hi[2] as number).toBeGreaterThanOrEqual(t.time_saving_pct[2] as number);
  });

  test('no task credited at all: no percentage and no percentage interval, hours and TSJ 0', () => {
    const dataset = loadDataset(editedDataset({ 'judgments.csv': (s) => s.replace(/,expert_with_ai,J1,win/g, ',expert_with_ai,J1,loss') }));
    const t = columns(table22({ dataset, bootstrap: { draws: 50, seed: 1 } }), 12);
    expect(t.time_saving_pct).toEqual([null, null, null]);
    expect(t.time_saving_pct_lo).toEqual([null, null, null]);
    expect(t.time_saving_pct_hi).toEqual([null, null, null]);
    expect(t.time_saving_hours).toEqual([0, 0, 0]);
    expect(t.time_saving_hours_lo).toEqual([0, 0, 0]);
    expect(t.tsj).toEqual([null, 0, 0]);
    expect(warnings()).toEqual(['table22: time_saving_pct undefined in 50 of 50 draws (no credited task); its intervals use the other draws']);
  });

  test('a scenario with noise warns that Table 22 covers task sampling only, and not when the bootstrap is off', () => {
    const dataset = loadDataset(SMALL);
    table22({ dataset, bootstrap: { draws: 20, seed: 1 }, noise: { attempts: true } });
    expect(warnings().filter((w) => w.startsWith('table22: its intervals'))).toEqual(['table22: its intervals cover task sampling only; the scenario\'s noise (tasks and attempts) applies to Tables 13 and 17-21, not to the time-saving decomposition']);
    clearWarnings();
    table22({ dataset, bootstrap: false, noise: { attempts: true } });
    expect(warnings()).toEqual([]);
    table22({ dataset, bootstrap: { draws: 20, seed: 1 } });
    expect(warnings().filter((w) => w.startsWith('table22: its intervals'))).toEqual([]);
  });
});
