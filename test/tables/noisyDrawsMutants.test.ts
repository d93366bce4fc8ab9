/**
 * The two-stage bootstrap of tables/noisyDraws.ts (issue #26), from the tables folder (the robustness
 * tests of the same properties are not among the tables folder's mutation tests). Oracles:
 * - with every switch off, the two-stage loop equals the tables' own task-composition draws
 *   (uncertainty/componentDraws.ts, a second implementation) in every draw, up to summation order;
 * - exact equality where a switch can change nothing (identical attempts, judges that agree, one
 *   judge, zero meter error), since each source draws from its own stream;
 * - bounds by hand: with a random judge (or a random attempt) per slot, each draw's credit (cost) lies
 *   between the draws of the per-task minimum and maximum over judges (attempts), computed on the same
 *   resampled tasks by test/tables/handDraws.ts;
 * - the meter moves energy only.
 *
 * Equivalent mutants (`MUTATION_MUTATE=kernel-lib/tables/noisyDraws.ts`), no output can tell them apart:
 * - loop bounds `o < O` (136, 148), `b < B` (145), `r < k` (161) made `<=`: the extra pass reads or
 *   writes past a typed array's end (ignored) or adds to a group that is skipped;
 * - `if (!(groupWeight[g] > 0)) continue` made never to continue (183): every group of the loop has a
 *   positive weight (categoryGroups keeps only those; the benchmark group weighs 1);
 * - the default `grouping = 'benchmark'` made '' (only 'categories' is tested for), and the strings
 *   'benchmark' / 'hierarchical' passed by scenarioCellDraws and scenarioCategoryDraws made '' (with a
 *   noise other than tasks only, every path but 'tables' is the two-stage loop);
 * - `if (noise.grading)` made `true` and `if (noise.meter)` made `true`: without grading the only judge is
 *   the context's, without a meter eps = beta = 0; each draws from its own stream, which nothing else reads;
 * - fillDraw's 'tasks' made '' (fillDraw's default output is 'tasks');
 * - the unreachable "has no verdict" throw (166; eligibility keeps only judges that judged the charged
 *   runs) and `e > 0` made `e >= 0` (a meter draw of exactly 0 MJ);
 * Not constructed: the default `path = 'tables'` and its test `tasksOnly(n) && path === 'tables'` (66, 75)
 * made to take the two-stage loop, which on synthetic-small gives the tables' draws to the bit (the
 * exactness test above passes either way); and (they change which pseudo-random numbers are drawn, not their distribution): the
 * three streams' seeds (140), the signs of the meter's symmetric terms (171), Box-Muller's `2 pi v`
 * made `2 pi / v` (55), and the eligibility scan's verdict index `(start + r) J + j` made `- j` (129).
 * The verdict index of line 123 made `at J - j`, and line 129's `!noise.attempts && r < k` made `true` or
 * `||`, are killed by "grading changes the credit" (a rerun with these two test files only; line 123 is
 * recorded, line 129 is not, since that rerun lacked the other tables tests that kill its other mutants).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { resolveContext } from '../../kernel-lib/tables/context.ts';
import { noisyDraws, scenarioCategoryDraws, scenarioCellDraws, type NoisyDraws } from '../../kernel-lib/tables/noisyDraws.ts';
import type { Noise } from '../../kernel-lib/uncertainty/noise.ts';
import { clearWarnings, onWarning } from '../../kernel-lib/warn.ts';
import { benchmarkCellDraws, tableBootstrap } from '../../kernel-lib/uncertainty/tableBootstrap.ts';
import { RATIO_COMPONENTS, componentDraws } from '../../kernel-lib/uncertainty/componentDraws.ts';
import { evaluate } from '../../kernel-lib/tables/evaluate.ts';
import { SMALL, editedDataset } from '../helpers/dataset.ts';
import { SMALL_TASKS, drawsByHand, type HandTask } from './handDraws.ts';

onWarning(null);
afterEach(() => clearWarnings());

const DRAWS = 300;
const settings = { draws: DRAWS, seed: 7 };
const KEYS = ['credit', 'valueUSD', 'costUSD', 'energyMJ', 'aiHours', 'timeSavingHours'] as const;
const ctxOf = (dir: string, more: object = {}) => resolveContext({ dataset: loadDataset(dir), bootstrap: settings, ...more });
const hier = (ctx: ReturnType<typeof ctxOf>, noise: Partial<Noise>, grouping: 'benchmark' | 'categories' = 'benchmark') => noisyDraws(ctx, noise, grouping, 'hierarchical')!.draws;

function expectClose(a: NoisyDraws[], b: NoisyDraws[]) {
  expect(a).toHaveLength(b.length);
  a.forEach((g, k) => { for (const key of KEYS) for (let i = 0; i < DRAWS; i++) expect(g[key][i], `${key} group ${k} draw ${i}`).toBeCloseTo(b[k][key][i], 10); });
}

describe('the two-stage loop with every switch off is the tables\' bootstrap', () => {
  for (const policy of ['pass@1', 'pass@2', '>=2/2']) {
    test(`${policy}: benchmark and categories, every draw and component`, () => {
      const ctx = ctxOf(SMALL, { policy });
      expectClose(hier(ctx, {}), noisyDraws(ctx, {})!.draws);
      const cats = noisyDraws(ctx, {}, 'categories')!;
      expect(cats.names).toEqual(['Cat1', 'Cat2']);
      expectClose(hier(ctx, {}, 'categories'), cats.draws);
    });
  }

  test('expert-with-AI references and a node rate: the same', () => {
    const ctx = ctxOf(SMALL, { judgmentReference: 'expert_with_ai', rates: { nodeRateUSDPerHour: 30 } });
    expectClose(hier(ctx, {}), noisyDraws(ctx, {})!.draws);
  });

  test('the bootstrap off: no draws; the benchmark group is named after the system', () => {
    expect(noisyDraws(ctxOf(SMALL, { bootstrap: false }))).toBeNull();
    expect(scenarioCategoryDraws(ctxOf(SMALL, { bootstrap: false, noise: { grading: true } }))).toBeNull();
    expect(noisyDraws(ctxOf(SMALL))!.names).toEqual(['sysX']);
  });
});

describe('with tasks only, the tables\' path is the tables\' own code, bit for bit', () => {
  test('noisyDraws by default, scenarioCellDraws and scenarioCategoryDraws equal uncertainty/componentDraws exactly', () => {
    const ctx = ctxOf(SMALL);
    const ev = evaluate(ctx);
    const own = benchmarkCellDraws(ctx, [ev])![0];
    const d = noisyDraws(ctx)!.draws[0];
    for (const key of RATIO_COMPONENTS) expect(d[key], key).toEqual(own[key]);
    expect(scenarioCellDraws(ctx, [ctx])![0]).toEqual(own);
    const boot = tableBootstrap(ctx, ev.components)!;
    const cats = componentDraws(boot, [ev.components], ev.weights, Int32Array.of(0, 1, 1), 2, RATIO_COMPONENTS)[0];
    expect(scenarioCategoryDraws(ctx)).toEqual(cats);
  });

  test('a re-priced non-primary system (sysY, base $20 per node-hour) in the two-stage loop: the same costs as the tables\'', () => {
    const ctx = ctxOf(SMALL, { system: 'sysY', rates: { nodeRateUSDPerHour: 40 } });
    expectClose(hier(ctx, {}), noisyDraws(ctx, {})!.draws);
  });
});

describe('switches that can change nothing change no draw', () => {
  test('identical attempts: the attempts switch (pass@1 and pass@2)', () => {
    const copy = (isVerdict: boolean) => (text: string) => {
      const rows = text.trimEnd().split('\n').map((l) => l.split(','));
      const key = (f: string[]) => (isVerdict ? `${f[0].slice(0, -2)},${f[1]},${f[2]}` : f[0].slice(0, -2));
      const first = new Map(rows.filter((f) => /^x.*a1$/.test(f[0])).map((f) => [key(f), f]));
      return rows.map((f) => {
        if (!/^x.*a2$/.test(f[0])) return f.join(',');
        const one = first.get(key(f));
        return (isVerdict ? [f[0], f[1], f[2], one?.[3] ?? f[3]] : [...f.slice(0, 4), ...one!.slice(4)]).join(',');
      }).join('\n') + '\n';
    };
    const same = editedDataset({ 'runs.csv': copy(false), 'judgments.csv': copy(true) });
    for (const policy of ['pass@1', 'pass@2']) {
      const ctx = ctxOf(same, { policy });
      expect(hier(ctx, { attempts: true })).toEqual(hier(ctx, {}));
    }
    // on synthetic-small itself the attempts differ, and so do the draws
    expect(hier(ctxOf(SMALL), { attempts: true })).not.toEqual(hier(ctxOf(SMALL), {}));
  });

  test('one judge (sysY) and judges that agree: the grading switch', () => {
    const y = ctxOf(SMALL, { system: 'sysY' });
    expect(hier(y, { grading: true })).toEqual(hier(y, {}));
    const agree = editedDataset({ 'judgments.csv': (text) => {
      const lines = text.trimEnd().split('\n');
      const j1 = new Map(lines.filter((l) => l.includes(',J1,')).map((l) => { const [run, ref, , out] = l.split(','); return [`${run},${ref}`, out]; }));
      return lines.map((l) => { const [run, ref, judge] = l.split(','); return judge === 'J2' ? `${run},${ref},J2,${j1.get(`${run},${ref}`)}` : l; }).join('\n') + '\n';
    } });
    const c = ctxOf(agree);
    expect(hier(c, { grading: true })).toEqual(hier(c, {}));
    // any noise beyond tasks takes the two-stage loop whatever the path asked for
    expect(noisyDraws(ctxOf(SMALL), { grading: true })!.draws).toEqual(hier(ctxOf(SMALL), { grading: true }));
    // J2 disagrees with J1 on A2 and B1: the switch does change the credit draws
    expect(hier(ctxOf(SMALL), { grading: true })[0].credit).not.toEqual(hier(ctxOf(SMALL), {})[0].credit);
  });

  test('zero meter error; a positive one moves energy alone, and any size (20%, 500%) stays positive', () => {
    const ctx = ctxOf(SMALL);
    const base = hier(ctx, {});
    expect(hier(ctx, { meter: { eps: 0, beta: 0 } })).toEqual(base);
    const noisy = hier(ctx, { meter: { eps: 0.1, beta: 0.05 } });
    for (const key of ['credit', 'valueUSD', 'costUSD', 'aiHours', 'timeSavingHours'] as const) expect(noisy[0][key]).toEqual(base[0][key]);
    let moved = 0;
    for (let b = 0; b < DRAWS; b++) if (noisy[0].energyMJ[b] !== base[0].energyMJ[b]) moved++;
    expect(moved).toBe(DRAWS);
    // relative error of the energy draws: eps 10% per run averaged over 6 runs and beta 5% shared: about 6%
    const rel = Array.from(noisy[0].energyMJ, (e, b) => e / base[0].energyMJ[b] - 1);
    const mean = rel.reduce((s, x) => s + x, 0) / DRAWS, sd = Math.sqrt(rel.reduce((s, x) => s + (x - mean) ** 2, 0) / DRAWS);
    expect(Math.abs(mean)).toBeLessThan(0.02);
    expect(sd).toBeGreaterThan(0.03);
    expect(sd).toBeLessThan(0.1);
    // a calibration bias alone: every run of a draw scaled by one factor 1 + beta z, sd about beta
    const biased = hier(ctx, { meter: { eps: 0, beta: 0.1 } })[0];
    const f = Array.from(biased.energyMJ, (e, b) => e / base[0].energyMJ[b] - 1);
    const fm = f.reduce((s, x) => s + x, 0) / DRAWS, fsd = Math.sqrt(f.reduce((s, x) => s + (x - fm) ** 2, 0) / DRAWS);
    expect(fsd).toBeGreaterThan(0.07);
    expect(fsd).toBeLessThan(0.13);
    // any error size draws positive energies (lognormal factors), with the same mean: a 20% error at 10,000 draws
    const ctx10k = ctxOf(SMALL, { bootstrap: { draws: 10000, seed: 7 } });
    const big = hier(ctx10k, { meter: { eps: 0.2, beta: 0.1 } })[0];
    const plain = hier(ctx10k, {})[0];
    expect(Array.from(big.energyMJ).every((e) => e > 0)).toBe(true);
    // the factors have mean 1: the mean ratio over 10,000 draws is 1 within its standard error (~0.1 / 100)
    const ratio = Array.from(big.energyMJ, (e, b) => e / plain.energyMJ[b]);
    expect(Math.abs(ratio.reduce((a, x) => a + x, 0) / ratio.length - 1)).toBeLessThan(0.005);
    const huge = hier(ctx, { meter: { eps: 5, beta: 0.5 } })[0];
    expect(Array.from(huge.energyMJ).every((e) => e > 0)).toBe(true);
  });
});

describe('random judges and attempts stay within the per-task extremes, on the same resampled tasks', () => {
  test('grading (J1 or J2 per slot, pass@1): each draw\'s credit between the all-lower and all-higher verdicts', () => {
    // J2's attempt-1 verdicts: A1 win, A2 win, B1 loss, B2 loss, C1 tie, C2 loss (J1: A2 loss, B1 tie)
    const j2: Record<string, number> = { A1: 1, A2: 1, B1: 0, B2: 0, C1: 1, C2: 0 };
    const dataset = loadDataset(SMALL);
    const ids = Object.keys(SMALL_TASKS);
    const y = (t: HandTask) => [Math.min(t.yEo, j2[ids.find((k) => SMALL_TASKS[k] === t)!]), Math.max(t.yEo, j2[ids.find((k) => SMALL_TASKS[k] === t)!])];
    const bounds = drawsByHand(dataset, settings, SMALL_TASKS, y);
    const d = hier(ctxOf(SMALL), { grading: true })[0];
    let inside = 0;
    for (let b = 0; b < DRAWS; b++) {
      expect(d.credit[b]).toBeGreaterThanOrEqual(bounds[b][0] - 1e-12);
      expect(d.credit[b]).toBeLessThanOrEqual(bounds[b][1] + 1e-12);
      if (d.credit[b] > bounds[b][0] + 1e-12 && d.credit[b] < bounds[b][1] - 1e-12) inside++;
    }
    expect(inside).toBeGreaterThan(DRAWS / 10); // the judge does vary within a draw
  });

  test('attempts (pass@1, one of two attempts per slot): each draw\'s cost and energy between the cheaper and dearer attempts\'', () => {
    // attempt 2 of each sysX task (runs.csv): cost A1 .5, A2 1, B1 1, B2 1.5, C1 2, C2 1; energy .1, .2, .1, .3, .5, .3
    const second: Record<string, [number, number]> = { A1: [0.5, 0.1], A2: [1, 0.2], B1: [1, 0.1], B2: [1.5, 0.3], C1: [2, 0.5], C2: [1, 0.3] };
    const ids = Object.keys(SMALL_TASKS);
    const f = (t: HandTask) => {
      const [c2, e2] = second[ids.find((k) => SMALL_TASKS[k] === t)!];
      return [Math.min(t.C, c2), Math.max(t.C, c2), Math.min(t.E, e2), Math.max(t.E, e2)];
    };
    const bounds = drawsByHand(loadDataset(SMALL), settings, SMALL_TASKS, f);
    const d = hier(ctxOf(SMALL), { attempts: true })[0];
    let varied = 0;
    for (let b = 0; b < DRAWS; b++) {
      expect(d.costUSD[b]).toBeGreaterThanOrEqual(bounds[b][0] - 1e-12);
      expect(d.costUSD[b]).toBeLessThanOrEqual(bounds[b][1] + 1e-12);
      expect(d.energyMJ[b]).toBeGreaterThanOrEqual(bounds[b][2] - 1e-12);
      expect(d.energyMJ[b]).toBeLessThanOrEqual(bounds[b][3] + 1e-12);
      if (d.costUSD[b] > bounds[b][0] + 1e-12 && d.costUSD[b] < bounds[b][1] - 1e-12) varied++;
    }
    expect(varied).toBeGreaterThan(DRAWS / 10);
  });
});

describe('the tables\' entry points', () => {
  test('scenarioCellDraws and scenarioCategoryDraws with noise are each cell\'s (category\'s) two-stage draws', () => {
    const ctx = ctxOf(SMALL, { noise: { meter: { eps: 0.1, beta: 0 } } });
    const cells = scenarioCellDraws(ctx, [ctx])!;
    const own = hier(ctx, ctx.noise)[0];
    for (const key of ['valueUSD', 'costUSD', 'energyMJ', 'timeSavingHours'] as const) expect(cells[0][key]).toEqual(own[key]);
    const cats = scenarioCategoryDraws(ctx)!;
    const byCat = hier(ctx, ctx.noise, 'categories');
    expect(cats.map((c) => c.energyMJ)).toEqual(byCat.map((c) => c.energyMJ));
    expect(scenarioCellDraws(ctxOf(SMALL, { bootstrap: false, noise: { grading: true } }), [ctxOf(SMALL, { bootstrap: false })])).toBeNull();
  });
});
