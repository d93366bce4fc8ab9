/**
 * The uncertainty budget's sources of noise (issue #26, part 2) on synthetic-small and edited copies
 * of it. Oracles: the tables' own intervals (table13.csv, table19.csv as j2g tables writes them) for
 * the default noise; exact equality of every draw where a switch can change nothing (one judge,
 * judges that agree, identical attempts, zero meter error), because each source draws from its own
 * stream and leaves the resampled tasks alone.
 */
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { resolveContext } from '../../kernel-lib/tables/context.ts';
import { table13 } from '../../kernel-lib/tables/table13.ts';
import { table19 } from '../../kernel-lib/tables/policyTables.ts';
import { formatNumber } from '../../kernel-lib/io/format.ts';
import { percentileInterval } from '../../kernel-lib/uncertainty/percentileInterval.ts';
import { noisyDraws, resolveNoise, type NoisyDraws, type Noise } from '../../kernel-lib/robustness/noise.ts';
import { uncertaintyBudget, budgetCsv, budgetNote, shapleyShares, SOURCES } from '../../kernel-lib/robustness/budget.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL, editedDataset } from '../helpers/dataset.ts';

onWarning(() => {});
const DRAWS = 600;
const ctxOf = (dir: string, more: object = {}) => resolveContext({ dataset: loadDataset(dir), bootstrap: { draws: DRAWS, seed: 7 }, ...more });
const nvj = (d: NoisyDraws) => Float64Array.from(d.energyMJ, (e, b) => (d.valueUSD[b] - d.costUSD[b]) / e);
const tsj = (d: NoisyDraws) => Float64Array.from(d.energyMJ, (e, b) => d.timeSavingHours[b] / e);
const draws = (ctx: ReturnType<typeof ctxOf>, noise: Partial<Noise>, grouping: 'benchmark' | 'categories' = 'benchmark') => noisyDraws(ctx, noise, grouping, 'hierarchical')!.draws;
const width = (x: Float64Array) => { const i = percentileInterval(x); return i.upper - i.lower; };

describe('noise', () => {
  test('the default noise is today\'s intervals byte for byte (Table 13\'s categories, Table 19\'s pass@1 row)', () => {
    const ctx = ctxOf(SMALL);
    const cats = noisyDraws(ctx)!;
    const t13 = table13(ctx).objects() as Record<string, number>[];
    expect(cats.names).toEqual(['sysX']);
    const byCat = noisyDraws(ctx, undefined, 'categories')!;
    byCat.names.forEach((name, g) => {
      const row = t13.find((r) => r.category as unknown as string === name)!;
      const n = percentileInterval(nvj(byCat.draws[g])), t = percentileInterval(tsj(byCat.draws[g]));
      expect([n.lower, n.upper, t.lower, t.upper].map(formatNumber), name).toEqual([row.nvj_lo, row.nvj_hi, row.tsj_lo, row.tsj_hi].map(formatNumber));
    });
    const p1 = (table19(ctx).objects() as Record<string, number>[])[0];
    const n = percentileInterval(nvj(cats.draws[0]));
    expect([n.lower, n.upper].map(formatNumber)).toEqual([p1.nvj_lo, p1.nvj_hi].map(formatNumber));
  });

  test('the two-stage loop with every switch off draws what the tables draw (up to summation order)', () => {
    const ctx = ctxOf(SMALL, { policy: { kind: 'pass', k: 2 } });
    const a = noisyDraws(ctx, {}, 'categories')!.draws, b = draws(ctx, {}, 'categories');
    a.forEach((g, k) => { for (const key of ['valueUSD', 'costUSD', 'energyMJ', 'timeSavingHours', 'credit', 'aiHours'] as const) for (let i = 0; i < DRAWS; i += 37) expect(b[k][key][i]).toBeCloseTo(g[key][i], 10); });
  });

  test('under a tie credit the two-stage loop credits ties as the tables do (tie credit 0 and 0.5, pass@1 and pass@2)', () => {
    for (const tieCredit of [0, 0.5]) for (const k of [1, 2]) {
      const ctx = ctxOf(SMALL, { policy: { kind: 'pass', k }, tieCredit });
      const a = noisyDraws(ctx, {}, 'categories')!.draws, b = draws(ctx, {}, 'categories');
      a.forEach((g, c) => { for (const key of ['valueUSD', 'timeSavingHours', 'credit'] as const) for (let i = 0; i < DRAWS; i += 17) expect(b[c][key][i], `${tieCredit} pass@${k} ${key}`).toBeCloseTo(g[key][i], 10); });
    }
  });

  test('one judge: the grading switch changes no draw (sysY is judged by J1 only)', () => {
    const ctx = ctxOf(SMALL, { system: 'sysY' });
    expect(draws(ctx, { grading: true })).toEqual(draws(ctx, {}));
  });

  test('judges that always agree: the grading switch changes no draw; judges that disagree do', () => {
    const ctx = ctxOf(SMALL);
    expect(draws(ctx, { grading: true })).not.toEqual(draws(ctx, {})); // J2 disagrees with J1 on xA2a1 (win against loss)
    // J2 given J1's verdicts on the runs it judged
    const agree = editedDataset({ 'judgments.csv': (text) => {
      const lines = text.trimEnd().split('\n');
      const j1 = new Map(lines.filter((l) => l.includes(',J1,')).map((l) => { const [run, ref, , out] = l.split(','); return [`${run},${ref}`, out]; }));
      return lines.map((l) => { const [run, ref, judge] = l.split(','); return judge === 'J2' ? `${run},${ref},J2,${j1.get(`${run},${ref}`)}` : l; }).join('\n') + '\n';
    } });
    const c = ctxOf(agree);
    expect(draws(c, { grading: true })).toEqual(draws(c, {}));
  });

  test('attempts that are identical copies: the attempts switch changes no draw; distinct attempts do', () => {
    const ctx = ctxOf(SMALL);
    expect(draws(ctx, { attempts: true })).not.toEqual(draws(ctx, {}));
    // attempt 2 of every sysX task made a copy of attempt 1 (runs and verdicts)
    const runs = (text: string) => {
      const rows = text.trimEnd().split('\n').map((l) => l.split(','));
      const first = new Map(rows.filter((f) => /^x.*a1$/.test(f[0])).map((f) => [f[0].slice(0, -2), f]));
      return rows.map((f) => (/^x.*a2$/.test(f[0]) ? [...f.slice(0, 4), ...first.get(f[0].slice(0, -2))!.slice(4)] : f).join(',')).join('\n') + '\n';
    };
    const verdicts = (text: string) => {
      const rows = text.trimEnd().split('\n').map((l) => l.split(','));
      const first = new Map(rows.filter((f) => /^x.*a1$/.test(f[0])).map((f) => [`${f[0].slice(0, -2)},${f[1]},${f[2]}`, f[3]]));
      return rows.map((f) => (/^x.*a2$/.test(f[0]) ? [f[0], f[1], f[2], first.get(`${f[0].slice(0, -2)},${f[1]},${f[2]}`) ?? f[3]] : f).join(',')).join('\n') + '\n';
    };
    const same = editedDataset({ 'runs.csv': runs, 'judgments.csv': verdicts });
    const c = ctxOf(same);
    expect(draws(c, { attempts: true })).toEqual(draws(c, {}));
    expect(draws(ctxOf(same, { policy: { kind: 'pass', k: 2 } }), { attempts: true })).toEqual(draws(ctxOf(same, { policy: { kind: 'pass', k: 2 } }), {}));
  });

  test('a meter error of zero changes no draw; a positive one widens the NVJ interval', () => {
    const ctx = ctxOf(SMALL);
    const base = draws(ctx, {});
    expect(draws(ctx, { meter: { eps: 0, beta: 0 } })).toEqual(base);
    const w0 = width(nvj(base[0]));
    const w1 = width(nvj(draws(ctx, { meter: { eps: 0.2, beta: 0.1 } })[0]));
    expect(w1).toBeGreaterThan(w0);
    expect(() => resolveNoise({ meter: { eps: -1, beta: 0 } })).toThrow('invalid noise.meter.eps: -1 (expected a relative standard deviation >= 0)');
  });

  test('the budget: a row per Table 1 system and Table 13 category and metric; one-attempt, one-judge sysY gains nothing from those switches', () => {
    const rows = uncertaintyBudget(ctxOf(SMALL));
    expect(rows.map((r) => `${r.scope} ${r.row} ${r.metric}`)).toEqual(['table01 sysX nvj', 'table01 sysX tsj', 'table01 sysY nvj', 'table01 sysY tsj', 'table13 Cat1 nvj', 'table13 Cat1 tsj', 'table13 Cat2 nvj', 'table13 Cat2 tsj']);
    const y = rows.find((r) => r.row === 'sysY' && r.metric === 'nvj')!;
    expect([y.share!.attempts, y.share!.grading]).toEqual([0, 0]);
    expect([y.width.attempts, y.width.grading]).toEqual([y.width.tasks, y.width.tasks]);
    for (const r of rows) expect(r.share!.tasks + r.share!.attempts + r.share!.grading + r.share!.meter).toBeCloseTo(1, 12);
    for (const r of rows) expect(r.note === '').toBe(SOURCES.every((k) => r.share![k] >= 0));
    expect(rows[0].estimate).toBeCloseTo(203.35, 9); // hand computation (test/tables/synthetic-small)
    expect(budgetCsv(rows).split('\n')[0]).toBe('scope,row,metric,estimate,width_tasks,width_attempts,width_grading,width_meter,width_all,share_tasks,share_attempts,share_grading,share_meter,note');
  });

  test('Shapley shares over the sources, by hand: additive sources keep their own part; what two add together is split evenly; the parts sum to 1', () => {
    // v by subset mask (bit 1 attempts, 2 grading, 4 meter): tasks 1, attempts +2, grading +3, meter +0, additive
    expect(shapleyShares([1, 3, 4, 6, 1, 3, 4, 6])).toEqual({ tasks: 1 / 6, attempts: 2 / 6, grading: 3 / 6, meter: 0 });
    // attempts and grading add 4 only together: 2 each (a variance share "interaction" no longer appears)
    expect(shapleyShares([1, 1, 1, 5, 1, 1, 1, 5])).toEqual({ tasks: 0.2, attempts: 0.4, grading: 0.4, meter: 0 });
    // meter adds 3 alone and 6 beside attempts and grading together, which add 3 only with meter:
    // phi_meter = 3/3 + 3/6 + 3/6 + 6/3 = 4, phi_attempts = phi_grading = 3/3 = 1; v(all) = 7
    const s = shapleyShares([1, 1, 1, 1, 4, 4, 4, 7])!;
    for (const [k, x] of Object.entries({ tasks: 1 / 7, attempts: 1 / 7, grading: 1 / 7, meter: 4 / 7 })) expect(s[k as keyof typeof s]).toBeCloseTo(x, 15);
    expect(shapleyShares([0, 0, 0, 0, 0, 0, 0, 0])).toBeNull();
    expect(() => shapleyShares([1, 2, 3])).toThrow('shapleyShares requires the 8 variances');
  });

  test('a negative share is structural and said in words: attempts narrowing the interval', () => {
    const s = shapleyShares([4, 2, 4, 2, 4, 2, 4, 2])!;
    expect(s).toEqual({ tasks: 2, attempts: -1, grading: 0, meter: 0 });
    expect(budgetNote(s)).toBe('attempts -1: adding it narrows the interval (the tasks-only interval charges attempt 1 of every task; drawn attempts replace an extreme attempt 1 by milder ones), not an error');
    expect(budgetNote({ tasks: 1, attempts: 0, grading: 0, meter: 0 })).toBe('');
  });
});

describe('noiseSchema', () => {
  test('reads the scenario field and resolves to the same noise', async () => {
    const { noiseSchema } = await import('../../kernel-lib/scenario/schema.ts');
    expect(resolveNoise(noiseSchema.parse({ grading: true, meter: { eps: 0.05, beta: 0.02 } }))).toEqual({ attempts: false, grading: true, meter: { eps: 0.05, beta: 0.02 } });
    expect(resolveNoise(noiseSchema.parse({}))).toEqual({ attempts: false, grading: false, meter: null });
    expect(noiseSchema.safeParse({ meter: { eps: -1, beta: 0 } }).success).toBe(false);
    expect(noiseSchema.safeParse({ colour: 1 }).success).toBe(false);
  });
});
