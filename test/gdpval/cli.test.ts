import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { j2gInProcess } from '../helpers/cli.ts';
import { GDPVAL_TASK_COLUMNS } from '../../kernel-lib/gdpval/index.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';

onWarning(null);

const FIX = 'test/gdpval/fixtures';

const j2g = j2gInProcess;

afterEach(() => vi.restoreAllMocks());

describe('j2g gdpval', () => {
  it('prints the four time and cost ratios per model (hand computation from GDPval A.2.1)', async () => {
    const { code, out } = await j2g(['gdpval', '--input', `${FIX}/tasks.csv`, '--tries', '2']);
    expect(code).toBe(0);
    const gpt = JSON.parse(out).models.find((m: { model: string }) => m.model === 'gpt');
    // gpt, time: t1 (H 400, R 100, M 10, w 1/4), t2 (H 60, R 20, M 5, w 0)
    const H = (400 + 60) / 2;
    expect(gpt.time.naive).toBeCloseTo(H / 7.5, 12);
    expect(gpt.time.try_once).toBeCloseTo(H / ((110 + 0.75 * 400 + 25 + 60) / 2), 12);
    const t1n2 = (110 * (1 - 0.75 ** 2)) / 0.25 + 0.75 ** 2 * 400;
    expect(gpt.time.try_n).toBeCloseTo(H / ((t1n2 + 2 * 25 + 60) / 2), 12);
    // the paper's plug-in limit: H / ((M + R) / w) with means M 7.5, R 60 and the pooled w = (1 + 0)/(4 + 3) wins per comparison
    expect(gpt.time.try_limit).toBeCloseTo(H / (67.5 / (1 / 7)), 12);
    expect(gpt.win_rates.by_sector.map((g: { group: string; winRate: number }) => [g.group, g.winRate])).toEqual([['Government', 0], ['Retail', 0.25]]);
  });

  it('--limit per-task takes the limit per task, 0 when one task is never won', async () => {
    const { out } = await j2g(['gdpval', '--input', `${FIX}/tasks.csv`, '--limit', 'per-task']);
    const gpt = JSON.parse(out).models.find((m: { model: string }) => m.model === 'gpt');
    expect(JSON.parse(out).limit).toBe('per-task');
    expect(gpt.time.try_limit).toBe(0); // t2 is never won, so retrying it forever never ends
    expect((await j2g(['gdpval', '--input', `${FIX}/tasks.csv`, '--limit', 'mean'])).err).toBe('j2g gdpval: invalid limit: mean (expected aggregate or per-task)');
  });

  it('counts ties as acceptable with --accept win-or-tie', async () => {
    const gpt = JSON.parse((await j2g(['gdpval', '--input', `${FIX}/tasks.csv`, '--accept', 'win-or-tie'])).out).models[1];
    expect(gpt.model).toBe('gpt');
    expect(gpt.time.try_once).toBeCloseTo(230 / ((110 + 0.5 * 400 + 25 + 60) / 2), 12);
  });

  it('reports agreement overall and per model with seeded intervals', async () => {
    const run = () => j2g(['gdpval', '--input', `${FIX}/tasks.csv`, '--grades', `${FIX}/grades.csv`, '--draws', '200', '--seed', '7']);
    const a = await run();
    expect((await run()).out).toBe(a.out);
    const ag = JSON.parse(a.out).agreement;
    expect(ag.overall.human_autograder.agreement).toBeCloseTo(0.625, 14);
    expect(ag.by_model.gpt.inter_rater.agreement).toBeCloseTo(0.5, 14);
  });

  it('lists every problem of a bad input as file:line: column: message', async () => {
    const { code, err } = await j2g(['gdpval', '--input', `${FIX}/bad-tasks.csv`]);
    expect(code).toBe(1);
    expect(err.split('\n').slice(1)).toEqual([
      `${FIX}/bad-tasks.csv:2: human_time_min: expected a finite number >= 0, found -4`,
      `${FIX}/bad-tasks.csv:2: wins: expected an integer >= 0, found 1.5`,
      `${FIX}/bad-tasks.csv:3: wins: expected at least one comparison`,
    ]);
  });

  it('refuses a rater grading a sample twice and a sample under two models, naming file and line', async () => {
    // before: the repeated h1 grade was paired with itself, inter-rater agreement 1/3 instead of 0
    const dir = mkdtempSync(join(tmpdir(), 'j2g-gdpval-'));
    const file = join(dir, 'grades.csv');
    writeFileSync(file, 'sample,model,rater,kind,score\ns1,gpt,h1,human,1\ns1,gpt,h1,human,1\ns1,gpt,h2,human,0\ns1,claude,a,autograder,1\n');
    const { code, err } = await j2g(['gdpval', '--input', `${FIX}/tasks.csv`, '--grades', file]);
    expect(code).toBe(1);
    expect(err.split('\n').slice(1)).toEqual([
      `${file}:3: rater: rater h1 already graded sample s1 on line 2`,
      `${file}:5: model: sample s1 is model gpt on line 2, found claude`,
    ]);
  });

  it('says a time that overflows to Infinity is not a finite number', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-gdpval-'));
    const file = join(dir, 'tasks.csv');
    writeFileSync(file, `${GDPVAL_TASK_COLUMNS.join(',')}\nt1,gpt,Retail,Buyer,pdf,1e999,0,0,0,1,0,1,1,2\n`);
    expect((await j2g(['gdpval', '--input', file])).err).toBe(`j2g gdpval: 1 problem in input:\n${file}:2: human_time_min: expected a finite number >= 0, found "1e999"`);
  });

  it('says why a ratio is null: all times and costs zero', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-gdpval-'));
    const file = join(dir, 'tasks.csv');
    writeFileSync(file, `${GDPVAL_TASK_COLUMNS.join(',')}\nt1,gpt,Retail,Buyer,pdf,0,0,0,0,0,0,1,1,2\n`);
    clearWarnings();
    const { code, out } = await j2g(['gdpval', '--input', file]);
    expect(code).toBe(0);
    expect(JSON.parse(out).models[0].time).toEqual({ naive: null, try_once: null, try_n: null, try_limit: null, try_n_limit: null });
    expect(warnings().filter((w) => w.startsWith('model gpt: time'))).toEqual([
      'model gpt: time naive is null: naiveRatio requires a positive model mean',
      'model gpt: time try_once is null: its denominator (mean time with the model) is 0',
      'model gpt: time try_n is null: its denominator (mean time with the model) is 0',
      'model gpt: time try_limit is null: its denominator (mean time with the model) is 0',
      'model gpt: time try_n_limit is null: its denominator (mean time with the model) is 0',
    ]);
  });

  it('names the option and value of a bad option', async () => {
    expect((await j2g(['gdpval', '--input', `${FIX}/tasks.csv`, '--tries', '0'])).err).toBe('j2g gdpval: invalid tries: 0 (expected a positive integer)');
    expect((await j2g(['gdpval', '--input', `${FIX}/tasks.csv`, '--accept', 'maybe'])).err).toBe('j2g gdpval: invalid accept: maybe (expected win or win-or-tie)');
    expect((await j2g(['gdpval', '--input', `${FIX}/tasks.csv`, '--buckets', '4,2'])).err).toBe('j2g gdpval: invalid buckets: 4,2 (expected increasing comma-separated hours > 0, such as 1,4,12)');
  });

  it('try_limit is GDPval\'s H / ((M + R) / w) with w the win_rate of the same JSON; try_n_limit is what try_n reaches at large n', async () => {
    // 5 tasks, 27 comparisons, 7 wins: pooled w = 7/27; the mean of per-task rates, 17/45, gave 1.550-style answers before
    const j = JSON.parse((await j2g(['gdpval', '--input', `${FIX}/tasks-unequal-comparisons.csv`, '--tries', '1000000000'])).out);
    const gpt = j.models[0];
    expect(gpt.win_rate).toBeCloseTo(7 / 27, 14);
    // means (hand computation): H_T = 1080/5 = 216, M_T = 39/5 = 7.8, R_T = 260/5 = 52
    expect(gpt.time.try_limit).toBeCloseTo(216 / ((7.8 + 52) / (7 / 27)), 12);
    expect(gpt.time.try_limit).toBeCloseTo(gpt.human_time_min_mean / ((gpt.model_time_min_mean + gpt.review_time_min_mean) / gpt.win_rate), 12);
    // t2 is never won, so the per-task limit is 0 and try_n at n = 10^9 is within 1e-7 of it
    expect(gpt.time.try_n_limit).toBe(0);
    expect(gpt.time.try_n).toBeLessThan(1e-7);
  });

  it('gives each model\'s win rates task-clustered Wilson intervals containing them, and intervals on every group', async () => {
    const j = JSON.parse((await j2g(['gdpval', '--input', `${FIX}/tasks-unequal-comparisons.csv`])).out);
    const gpt = j.models[0];
    expect(gpt.win_rate_interval).toMatchObject({ method: 'wilson', level: 0.95, tasks: 5, unit: 'task (its comparisons are one cluster)' });
    expect(gpt.win_rate_interval.lower).toBeLessThan(gpt.win_rate);
    expect(gpt.win_rate_interval.upper).toBeGreaterThan(gpt.win_rate);
    for (const g of gpt.win_rates.by_sector) {
      expect(g.winRateInterval.lower).toBeLessThanOrEqual(g.winRate);
      expect(g.winRateInterval.upper).toBeGreaterThanOrEqual(g.winRate);
    }
  });

  it('the inter-rater interval contains its point, and a zero-width agreement interval comes with a warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-gdpval-'));
    const file = join(dir, 'grades.csv');
    // two human grades per sample that always disagree (A^HH = 0), one autograder grade agreeing with h1 (A^HA = 0.5)
    const rows = Array.from({ length: 10 }, (_, i) => `s${i},gpt,h1,human,1\ns${i},gpt,h2,human,0\ns${i},gpt,auto,autograder,1`);
    writeFileSync(file, `sample,model,rater,kind,score\n${rows.join('\n')}\n`);
    clearWarnings();
    const { out } = await j2g(['gdpval', '--input', `${FIX}/tasks.csv`, '--grades', file, '--draws', '200']);
    const ag = JSON.parse(out).agreement.overall;
    expect(ag.inter_rater).toMatchObject({ agreement: 0, lower: 0, upper: 0, zero_width: true, unit: 'pairs of two distinct human grades of a sample' });
    expect(ag.human_autograder.lower).toBeLessThanOrEqual(0.5);
    expect(ag.human_autograder.upper).toBeGreaterThanOrEqual(0.5);
    expect(warnings()).toContain('agreement overall inter_rater: zero-width interval [0, 0] under --resampling within-sample: no sample has two pairs of human grades that differ in agreement (one pair per sample, or unanimous samples); --resampling samples covers sample-to-sample variation');
  });

  it('--help names the GDPval section behind each output field', async () => {
    const { usage } = await import('../../kernel-lib/cli/commands/gdpval.ts');
    for (const field of ['win_rate', 'try_once', 'try_limit', 'try_n_limit', 'by_sector', 'by_completion_time', 'human_autograder', 'inter_rater', 'zero_width']) expect(usage).toContain(field);
    for (const section of ['A.2.1', 'A.2.2', 'A.2.3', 'A.2.4', 'A.2.5', 'A.6.1', 'A.6.2']) expect(usage).toContain(section);
  });
});

describe('j2g gdpval --occupations (GDPval 2.1, A.7)', () => {
  it('runs the occupation selection on occupation data alone, each occupation with its wage bill and reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-gdpval-'));
    const file = join(dir, 'occ.csv');
    writeFileSync(file, 'occupation,sector,employment,annual_wage_usd,hourly_wage_usd,digital_task_share\nclerk,Gov,1000,52000,,0.8\nguard,Gov,5000,40000,,0.1\nactor,Arts,200,,30,0.65\n');
    const j = JSON.parse((await j2g(['gdpval', '--occupations', file, '--per-sector', '1'])).out);
    expect(j.occupation_selection.map((o: { occupation: string; wage_bill_usd: number; selected: boolean }) => [o.occupation, o.wage_bill_usd, o.selected])).toEqual([
      ['actor', 200 * 30 * 2080, true], ['clerk', 52e6, true], ['guard', 2e8, false],
    ]);
    expect((await j2g(['gdpval', '--input', `${FIX}/tasks.csv`, '--per-sector', '2'])).err).toBe('j2g gdpval: --digital-threshold and --per-sector need --occupations');
  });
});
