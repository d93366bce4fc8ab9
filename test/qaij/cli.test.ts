import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { j2gInProcess } from '../helpers/cli.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';

onWarning(null);

const FIX = 'test/qaij/fixtures';

const j2g = j2gInProcess;

afterEach(() => vi.restoreAllMocks());

describe('j2g qaij', () => {
  it('prints per-system QAIJ with the late answer counted (QAIJ paper Example 2: 0.05), frontier and ranking', async () => {
    const { code, out } = await j2g(['qaij', '--input', `${FIX}/late-answers.csv`, '--latency-max', '2', '--draws', '100']);
    expect(code).toBe(0);
    const j = JSON.parse(out);
    const A = j.systems.find((s: { system: string }) => s.system === 'A');
    expect(A).toMatchObject({ n: 2, service_mean: 0.5, energy_mean_j: 10, late: 1, failed: 0, tokens_per_joule: 2 });
    expect(A.qaij).toBeCloseTo(0.05, 12);
    expect(j.frontier).toEqual(['A', 'B']);
    expect(j.ranking.map((r: { system: string }) => r.system)).toEqual(['A', 'B']);
  });

  it('names the file of a target mix whose shares are all zero or that has no strata', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-qaij-'));
    writeFileSync(join(dir, 'zero.csv'), 'stratum,share\neasy,0\nhard,0\n');
    writeFileSync(join(dir, 'empty.csv'), 'stratum,share\n');
    const run = (mix: string) => j2g(['qaij', '--input', `${FIX}/late-answers.csv`, '--target-mix', join(dir, mix), '--draws', '10']);
    expect((await run('zero.csv')).err).toBe(`j2g qaij: 1 problem in input:\n${join(dir, 'zero.csv')}: every share is 0, expected at least one share > 0`);
    expect((await run('empty.csv')).err).toBe(`j2g qaij: 1 problem in input:\n${join(dir, 'empty.csv')}:1: no strata, expected rows of stratum,share`);
  });

  it('names the rows without a stratum when a target mix needs one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-qaij-'));
    const file = join(dir, 'r.csv');
    writeFileSync(file, 'task,system,energy_j,latency_s,tokens,quality,correctness,reliability,usefulness,stratum,boundary\na,A,10,1,5,1,1,1,1,,device\nb,A,10,1,5,1,1,1,1,hard,device\n');
    const { code, err } = await j2g(['qaij', '--input', file, '--target-mix', `${FIX}/target-mix-hard.csv`, '--draws', '10']);
    expect(code).toBe(1);
    expect(err).toBe(`j2g qaij: 1 problem in input:\n${file}:2: stratum: empty, expected a stratum (--target-mix reweights by stratum)`);
  });

  it('names the system whose weights are all zero', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-qaij-'));
    const file = join(dir, 'r.csv');
    writeFileSync(file, 'task,system,energy_j,latency_s,tokens,quality,correctness,reliability,usefulness,weight,boundary\na,A,10,1,5,1,1,1,1,1,device\na,B,10,1,5,1,1,1,1,0,device\n');
    expect((await j2g(['qaij', '--input', file, '--draws', '10'])).err).toBe('j2g qaij: system B: every weight is 0, expected at least one weight > 0');
  });

  it('warns when systems were measured on different tasks, and when bootstrap draws missed a system', async () => {
    // A on task a only, B on b and c; unstratified: a draw of 3 from {a, b, c} misses a with chance 8/27
    const dir = mkdtempSync(join(tmpdir(), 'j2g-qaij-'));
    const file = join(dir, 'r.csv');
    writeFileSync(file, 'task,system,energy_j,latency_s,tokens,quality,correctness,reliability,usefulness,boundary\na,A,10,1,5,1,1,1,1,device\nb,B,20,1,5,1,1,1,1,device\nc,B,20,1,5,0.5,1,1,1,device\n');
    clearWarnings();
    const { code, out } = await j2g(['qaij', '--input', file, '--draws', '300']);
    expect(code).toBe(0);
    const A = JSON.parse(out).systems.find((x: { system: string }) => x.system === 'A');
    expect(A.qaij).toBeCloseTo(0.1, 12); // 1 task equivalent / 10 J
    const w = warnings();
    expect(w).toContain("system A has results on 1 of the 3 tasks: its QAIJ, rank and frontier place are over a different task set than the other systems'");
    expect(w).toContain("system B has results on 2 of the 3 tasks: its QAIJ, rank and frontier place are over a different task set than the other systems'");
    const missed = w.find((x) => x.startsWith('system A: '));
    expect(missed).toMatch(/^system A: \d+ of 300 bootstrap draws had none of its tasks; its interval is over the other \d+$/);
    const n = Number(missed!.split(' ')[2]);
    expect(n / 300).toBeGreaterThan(0.2); // expected 8/27 = 0.30
    expect(n / 300).toBeLessThan(0.4);
  });

  it('is deterministic for a fixed seed', async () => {
    const a = await j2g(['qaij', '--input', `${FIX}/late-answers.csv`, '--draws', '50', '--seed', '4']);
    const b = await j2g(['qaij', '--input', `${FIX}/late-answers.csv`, '--draws', '50', '--seed', '4']);
    expect(a.out).toBe(b.out);
  });

  it('reweights to a target mix and reports obstructed systems', async () => {
    const hard = JSON.parse((await j2g(['qaij', '--input', `${FIX}/late-answers.csv`, '--target-mix', `${FIX}/target-mix-hard.csv`, '--draws', '20'])).out);
    // B: s = (1, 0.5), 20 J each; mix (0.1, 0.9): S = 0.55, QAIJ = 0.0275
    expect(hard.systems[1].qaij).toBeCloseTo(0.0275, 12);
    const legal = JSON.parse((await j2g(['qaij', '--input', `${FIX}/late-answers.csv`, '--target-mix', `${FIX}/target-mix-legal.csv`, '--draws', '20'])).out);
    expect(legal.systems[0]).toMatchObject({ status: 'obstructed', missing: ['legal'], qaij: null });
    expect(legal.ranking).toEqual([]);
  });

  it('refuses to rank two energy boundaries together, naming both', async () => {
    const { code, err } = await j2g(['qaij', '--input', `${FIX}/mixed-boundaries.csv`]);
    expect(code).toBe(1);
    expect(err).toBe('j2g qaij: cannot rank device and system boundaries together');
  });

  it('names the option and value of a bad option', async () => {
    expect((await j2g(['qaij', '--input', `${FIX}/late-answers.csv`, '--draws', '-5'])).err).toBe('j2g qaij: invalid draws: -5 (expected a positive integer)');
    expect((await j2g(['qaij', '--input', `${FIX}/late-answers.csv`, '--latency-max', 'soon'])).err).toBe('j2g qaij: invalid latency-max: soon (expected a decimal number such as 0.95)');
    expect((await j2g(['qaij', '--input', `${FIX}/late-answers.csv`, '--trim-at', '2'])).err).toBe('j2g qaij: --trim-at needs --target-mix');
  });

  it('adds the seven-part report on request', async () => {
    const j = JSON.parse((await j2g(['qaij', '--input', `${FIX}/late-answers.csv`, '--latency-max', '2', '--draws', '20', '--report'])).out);
    expect(Object.keys(j.report.systems.A).sort()).toEqual(['alternativeMixes', 'byStratum', 'difficultyNormalisations', 'difficultyWeighted', 'hierarchical', 'latency', 'n', 'reliability', 'tokensPerJoule', 'unweighted']);
    expect(j.report.systems.A.latency.late).toBe(1);
  });
});

describe('j2g qaij at its edges (issue 30)', () => {
  const HEAD = 'task,system,energy_j,latency_s,tokens,quality,correctness,reliability,usefulness,difficulty_weight,stratum,boundary';
  const csv = (rows: string[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-qaij-'));
    const file = join(dir, 'r.csv');
    writeFileSync(file, `${HEAD}\n${rows.join('\n')}\n`);
    return file;
  };

  it('filters a system that fails the latency contract off the frontier and lists it as excluded (QAIJ "Frontier implementation")', async () => {
    // L is late on every attempt: service 0 at 2 J, the cheapest point, so before it stayed on the frontier
    const file = csv(['a,A,10,1,5,1,1,1,1,,,system', 'b,A,10,1,5,1,1,1,1,,,system', 'a,L,2,5,5,1,1,1,1,,,system', 'b,L,2,5,5,1,1,1,1,,,system']);
    const j = JSON.parse((await j2g(['qaij', '--input', file, '--latency-max', '2', '--draws', '50'])).out);
    expect(j.frontier).toEqual(['A']);
    expect(j.frontier_excluded).toEqual([{ system: 'L', latency_s: 5 }]);
    expect(j.frontier_status).toEqual({ A: 'frontier', L: 'excluded' });
    expect(j.frontier_latency_statistic).toBe('median attempt latency (quantile 0.5) <= latency_max_s');
  });

  it('ties two systems with the same attempts in a different row order: same energy, same rank, both on the frontier', async () => {
    // row-order sums: (0.1 + 0.2) + 0.3 = 0.6000000000000001, (0.3 + 0.2) + 0.1 = 0.6 (hand computation in IEEE doubles)
    const file = csv(['a,X,0.1,1,5,1,1,1,1,,,system', 'b,X,0.2,1,5,1,1,1,1,,,system', 'c,X,0.3,1,5,1,1,1,1,,,system',
      'c,Y,0.3,1,5,1,1,1,1,,,system', 'b,Y,0.2,1,5,1,1,1,1,,,system', 'a,Y,0.1,1,5,1,1,1,1,,,system']);
    const j = JSON.parse((await j2g(['qaij', '--input', file, '--draws', '50'])).out);
    expect(j.systems[0].energy_mean_j).toBe(j.systems[1].energy_mean_j);
    expect(j.systems[0].energy_mean_j).toBe(0.6 / 3); // the correctly rounded sum 0.6, over 3
    expect(j.ranking.map((r: { rank: number }) => r.rank)).toEqual([1, 1]);
    expect(j.frontier).toEqual(['X', 'Y']);
    expect(j.frontier_status).toEqual({ X: 'frontier', Y: 'frontier' });
  });

  it('makes the unweighted estimate the headline, with the difficulty-weighted one beside it, and the same frontier in headline and report', async () => {
    // A: easy 1, hard 0.5; B: easy 0.5, hard 0.8; 10 J each; hard weighted 5 (QAIJ Example 4 style)
    // unweighted S: A 0.75, B 0.65 -> A first; weighted S: A (1 + 2.5)/2 = 1.75, B (0.5 + 4)/2 = 2.25 -> B first
    const file = csv(['e,A,10,1,5,1,1,1,1,1,easy,system', 'h,A,10,1,5,0.5,1,1,1,5,hard,system', 'e,B,10,1,5,0.5,1,1,1,1,easy,system', 'h,B,10,1,5,0.8,1,1,1,5,hard,system']);
    const j = JSON.parse((await j2g(['qaij', '--input', file, '--draws', '50', '--report'])).out);
    expect(j.primary).toBe('unweighted');
    expect(j.systems.map((s: { qaij: number }) => s.qaij)).toEqual([expect.closeTo(0.075, 14), expect.closeTo(0.065, 14)]);
    expect(j.ranking.map((r: { system: string }) => r.system)).toEqual(['A', 'B']);
    expect(j.frontier).toEqual(['A']);
    expect(j.report.frontier.frontier).toEqual(j.frontier);
    expect(j.systems.map((s: { difficulty_weighted: { qaij: number } }) => s.difficulty_weighted.qaij)).toEqual([expect.closeTo(0.175, 14), expect.closeTo(0.225, 14)]);
    expect(j.difficulty_weighted.ranking.map((r: { system: string }) => r.system)).toEqual(['B', 'A']);
    expect(j.difficulty_weighted.frontier).toEqual(['B']);
  });

  it('flags the zero-width interval of strata with one task each, and says what the interval covers and its resampling unit', async () => {
    // late-answers: strata easy and hard have one task each, so resampling tasks within strata redraws the same data
    clearWarnings();
    const j = JSON.parse((await j2g(['qaij', '--input', `${FIX}/late-answers.csv`, '--latency-max', '2', '--draws', '100'])).out);
    const A = j.systems.find((s: { system: string }) => s.system === 'A');
    expect([A.qaij_lo, A.qaij_hi]).toEqual([0.05, 0.05]);
    expect(A.zero_width).toBe(true);
    expect(j.uncertainty.single_task_strata).toEqual(['easy', 'hard']);
    expect(j.uncertainty.unit).toMatch(/^task, resampled within its stratum/);
    expect(j.uncertainty.not_covered.join(' ')).toMatch(/meter/);
    expect(warnings()).toContain('system A: zero-width interval [0.05, 0.05]: every stratum it was measured in has a single task (easy, hard), so resampling tasks within strata has nothing to vary; the interval covers no sampling uncertainty');
  });

  it('warns when the effective sample size under a target mix is below the stated threshold', async () => {
    // late-answers B under mix (0.1, 0.9): weights 0.2 and 1.8, Kish ESS = 2^2 / (0.04 + 3.24) = 1.2195 (hand computation)
    clearWarnings();
    const j = JSON.parse((await j2g(['qaij', '--input', `${FIX}/late-answers.csv`, '--target-mix', `${FIX}/target-mix-hard.csv`, '--draws', '20'])).out);
    expect(j.systems[1].effective_sample_size).toBeCloseTo(4 / 3.28, 12);
    expect(j.low_ess_threshold).toBe(10);
    expect(warnings()).toContain('system B: effective sample size 1.22 under the target mix is below 10: the reweighted estimate rests on few attempts (QAIJ "Importance weighting": large weights increase variance)');
  });

  it('applies the decision rules, the procurement order and a continuous latency penalty from the command line', async () => {
    // A 10 J S 1 (one attempt 3 s late), B 20 J S 1, on time; L* = 2 s with a 4 s linear penalty: A's late attempt keeps 0.75
    const file = csv(['a,A,10,1,5,1,1,1,1,,,system', 'b,A,10,3,5,1,1,1,1,,,system', 'a,B,20,1,5,1,1,1,1,,,system', 'b,B,20,1,5,1,1,1,1,,,system']);
    const j = JSON.parse((await j2g(['qaij', '--input', file, '--latency-max', '2', '--latency-penalty-width', '4', '--energy-budget', '15', '--service-floor', '0.95', '--energy-price', '0.001', '--min-service', '0.9', '--draws', '20'])).out);
    expect(j.systems[0].service_mean).toBeCloseTo(0.875, 14);
    expect(j.decisions.energy_budget.chosen).toEqual(['A']);
    expect(j.decisions.service_floor.chosen).toEqual(['B']);
    // U = S - 0.001 E: A 0.865, B 0.98
    expect(j.decisions.utility.chosen).toEqual(['B']);
    expect(j.procurement).toEqual({ qualifying: [{ id: 'B', energyJ: 20, service: 1, qaij: 0.05 }], disqualified: [{ id: 'A', reasons: ['service 0.875 < 0.9'] }] });
    expect((await j2g(['qaij', '--input', file, '--latency-penalty-width', '4'])).err).toBe('j2g qaij: --latency-penalty-width needs --latency-max');
  });

  it('adds meter error (E~ = E + eps + beta) on request: the zero-width interval of single-task strata gets the calibration spread', async () => {
    const j = JSON.parse((await j2g(['qaij', '--input', `${FIX}/late-answers.csv`, '--latency-max', '2', '--draws', '4000', '--meter-bias-sd', '0.05'])).out);
    const A = j.systems.find((s: { system: string }) => s.system === 'A');
    expect([A.qaij_lo, A.qaij_hi]).toEqual([0.05, 0.05]); // the task bootstrap alone
    // 0.05 / (1 +- 1.96 * 0.05) (hand computation; 4000 draws)
    expect(A.meter_error.qaij_lo).toBeCloseTo(0.05 / (1 + 1.96 * 0.05), 3);
    expect(A.meter_error.qaij_hi).toBeCloseTo(0.05 / (1 - 1.96 * 0.05), 3);
    expect(j.uncertainty.meter_error).toMatch(/^systems\[\]\.meter_error adds source 4/);
    expect((await j2g(['qaij', '--input', `${FIX}/late-answers.csv`, '--meter-bias-sd', '0.5'])).err).toBe('j2g qaij: invalid meter-bias-sd: 0.5 (expected a share of the reading between 0 and 0.2)');
  });

  it('adds a hierarchical bootstrap on request, which resamples the strata themselves', async () => {
    // late-answers, L* = 2: A's tasks give service 1 at 5 J and 0 at 15 J; families {easy, easy}: 0.2, mixed: 0.05, {hard, hard}: 0
    const j = JSON.parse((await j2g(['qaij', '--input', `${FIX}/late-answers.csv`, '--latency-max', '2', '--draws', '2000', '--hierarchy', 'families'])).out);
    const A = j.systems.find((s: { system: string }) => s.system === 'A');
    expect(A.hierarchical).toEqual({ qaij_lo: 0, qaij_hi: 0.2 });
    expect(j.uncertainty.hierarchical).toMatch(/^systems\[\]\.hierarchical resamples strata \(as task families\)/);
  });

  it('--help names the QAIJ section behind each output field', async () => {
    const { usage } = await import('../../kernel-lib/cli/commands/qaij.ts');
    for (const field of ['service_mean', 'energy_mean_j', 'qaij_lo', 'tokens_per_joule', 'late', 'failed', 'difficulty_weighted', 'frontier_excluded', 'frontier_status', 'ranking', 'uncertainty', 'zero_width', 'effective_sample_size', 'decisions', 'procurement', 'meter_error', 'hierarchical']) expect(usage).toContain(field);
    for (const section of ['"Finite-sample estimator"', '"Percentile bootstrap"', '"Frontier implementation"', '"Frontier uncertainty"', '"Tokenizer non-invariance"', '"Latency"', '"Importance weighting"', '"Primary and sensitivity reports"', '"Sources of uncertainty"', '"Procurement"', '"Why the frontier is more informative than one ratio"', '"Meter uncertainty"']) expect(usage).toContain(section);
  });
});

describe('j2g qaij --data', () => {
  it('reads the recorded dataset, a win or tie being one unit of service (synthetic-small, hand count)', async () => {
    const { code, out } = await j2g(['qaij', '--data', 'data/recorded/synthetic-small', '--draws', '50']);
    expect(code).toBe(0);
    const j = JSON.parse(out);
    expect(j.systems.map((s: { system: string; qaij: number }) => [s.system, s.qaij])).toEqual([['sysX', 7 / 3.1e6], ['sysY', 4 / 0.6e6]].map(([s, v]) => [s, expect.closeTo(v as number, 18)]));
    expect(j.systems[0].tokens_per_joule).toBeNull();
    expect(j.ranking[0].system).toBe('sysY');
  });
});
