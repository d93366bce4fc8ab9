/**
 * The scenario field `noise` (issue #26, part 2) as the tables take it. Oracles: the two-stage draws
 * themselves (tables/noisyDraws.ts, whose switches test/robustness/noise.test.ts checks draw by draw)
 * read through percentileInterval by hand; exact equality where a switch can change nothing (one
 * judge, zero meter error); point columns, which no source of noise may move; and the default, which
 * is the paper's task-composition path (test/tables/equivalence.test.ts holds every table's bytes).
 */
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { resolveContext, withScenario } from '../../kernel-lib/tables/context.ts';
import { table13 } from '../../kernel-lib/tables/table13.ts';
import { table17 } from '../../kernel-lib/tables/table17.ts';
import { table19 } from '../../kernel-lib/tables/policyTables.ts';
import { noisyDraws } from '../../kernel-lib/tables/noisyDraws.ts';
import { scenarioDifferences, differsWords } from '../../kernel-lib/tables/paperScenario.ts';
import { tableCaption } from '../../kernel-lib/plots/captions.ts';
import { NO_NOISE, noiseFromText, noiseText, resolveNoise } from '../../kernel-lib/uncertainty/noise.ts';
import { percentileInterval } from '../../kernel-lib/uncertainty/percentileInterval.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';

onWarning(() => {});
const ds = loadDataset(SMALL);
const ctxOf = (more: object = {}) => resolveContext({ dataset: ds, bootstrap: { draws: 400, seed: 11 }, ...more });
const rows = (t: { objects(): object[] }) => t.objects() as Record<string, number | string | null>[];
const POINT = ['nvj', 'tsj', 'win_tie_pct', 'credited_value_usd', 'ai_cost_usd', 'energy_mj', 'time_saving_hours', 'ai_time_hours', 'output_value_usd', 'nv_per_ai_usd'];
const points = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter(([k]) => POINT.includes(k)));

describe('the noise field of a scenario', () => {
  test('default: tasks only, derived; a chosen noise is resolved and frozen', () => {
    const c = ctxOf();
    expect(c.noise).toEqual(NO_NOISE);
    expect(c.derived).toContain('noise');
    const n = ctxOf({ noise: { grading: true } });
    expect(n.noise).toEqual({ attempts: false, grading: true, meter: null });
    expect(n.derived).not.toContain('noise');
    expect(Object.isFrozen(n.noise)).toBe(true);
    expect(() => ctxOf({ noise: { grading: 'yes' } })).toThrow('invalid noise.grading: "yes" (expected true or false)');
    expect(() => ctxOf({ noise: { colour: true } })).toThrow('invalid noise.colour: no such source (known: attempts, grading, meter)');
  });

  test('the --noise text reads and writes every form, and refuses the rest naming the allowed forms', () => {
    expect(noiseFromText('tasks')).toBe(NO_NOISE);
    expect(noiseFromText('grading,attempts')).toEqual({ attempts: true, grading: true, meter: null });
    expect(noiseFromText('meter:0.05:0.02')).toEqual({ attempts: false, grading: false, meter: { eps: 0.05, beta: 0.02 } });
    for (const t of ['tasks', 'attempts', 'grading', 'attempts,grading,meter:0.1:0', 'meter:0:0.3']) expect(noiseText(noiseFromText(t))).toBe(t);
    for (const bad of ['', 'task', 'grading,grading', 'tasks,grading', 'meter:0.1', 'meter:-1:0', 'meter:x:0']) expect(() => noiseFromText(bad), bad).toThrow(/invalid noise/);
  });

  test('one judge (sysY): the grading switch gives the same Tables 13, 17 and 19 as zero meter error (both two-stage)', () => {
    const a = ctxOf({ system: 'sysY', noise: { grading: true } });
    const b = ctxOf({ system: 'sysY', noise: { meter: { eps: 0, beta: 0 } } });
    expect(rows(table13(a))).toEqual(rows(table13(b)));
    expect(rows(table19(a))).toEqual(rows(table19(b)));
  });

  test('a positive meter error moves no point value, widens every NVJ interval of Table 13, and its endpoints are the two-stage draws\' percentiles', () => {
    const base = ctxOf();
    const noisy = ctxOf({ noise: { meter: { eps: 0.2, beta: 0.1 } } });
    const t0 = rows(table13(base)), t1 = rows(table13(noisy));
    expect(t1.map(points)).toEqual(t0.map(points));
    const d = noisyDraws(noisy, undefined, 'categories', 'hierarchical')!;
    t1.forEach((r, g) => {
      expect(d.names[g]).toBe(r.category);
      const x = d.draws[g];
      const nvj = percentileInterval(Float64Array.from(x.energyMJ, (e, b) => (x.valueUSD[b] - x.costUSD[b]) / e));
      expect([r.nvj_lo, r.nvj_hi]).toEqual([nvj.lower, nvj.upper]);
      expect((r.nvj_hi as number) - (r.nvj_lo as number)).toBeGreaterThan((t0[g].nvj_hi as number) - (t0[g].nvj_lo as number));
    });
  });

  test('policy and crossing tables: each cell\'s interval is that cell\'s two-stage draws, paired on the same resampled tasks', () => {
    const noisy = ctxOf({ noise: { attempts: true, grading: true } });
    const t19 = rows(table19(noisy));
    expect(t19.map(points)).toEqual(rows(table19(ctxOf())).map(points));
    const pass2 = noisyDraws(withScenario(noisy, { policy: { kind: 'pass', k: 2 } }), undefined, 'benchmark', 'hierarchical')!.draws[0];
    const tsj = percentileInterval(Float64Array.from(pass2.energyMJ, (e, b) => pass2.timeSavingHours[b] / e));
    expect(t19[1].policy).toBe('pass@2');
    expect([t19[1].tsj_lo, t19[1].tsj_hi]).toEqual([tsj.lower, tsj.upper]);
    const t17 = rows(table17(noisy));
    const cell = noisyDraws(withScenario(noisy, { judgmentReference: 'expert_with_ai', timeReference: 'expert_only' }), undefined, 'benchmark', 'hierarchical')!.draws[0];
    const nvj = percentileInterval(Float64Array.from(cell.energyMJ, (e, b) => (cell.valueUSD[b] - cell.costUSD[b]) / e));
    expect([t17[1].nvj_lo, t17[1].nvj_hi]).toEqual([nvj.lower, nvj.upper]);
  });

  test('noise differs from the paper for interval cells only, and captions say which sources the intervals cover', () => {
    const noisy = ctxOf({ noise: { grading: true } });
    expect(scenarioDifferences(noisy)).toEqual([{ field: 'noise', value: 'tasks and grading', paper: 'tasks only' }]);
    expect(differsWords(scenarioDifferences(noisy))).toBe('differs from the paper because you changed noise (tasks and grading)');
    expect(tableCaption('table13', noisy)).toContain('95% percentile intervals from 400 two-stage bootstrap draws over tasks and grading (seed 11)');
    expect(tableCaption('table22', noisy)).toContain('they cover tasks only, not the scenario\'s noise: tasks and grading');
    expect(tableCaption('table13', ctxOf())).toContain('95% percentile intervals from 400 task-composition bootstrap draws (seed 11)');
    expect(resolveNoise({})).toBe(NO_NOISE);
  });
});

test('the multiverse refuses a scenario noise other than tasks, naming --budget (its intervals are the shared task draws)', async () => {
  const { multiverse } = await import('../../kernel-lib/robustness/multiverse.ts');
  expect(() => multiverse(ctxOf({ noise: { attempts: true } }))).toThrow('multiverse: its intervals resample tasks only (paired across specifications), so a scenario noise of tasks and attempts cannot apply; leave noise at tasks and add --budget for the other sources');
});
