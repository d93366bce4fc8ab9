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
    expect(Object.keys(j.report.systems.A).sort()).toEqual(['alternativeMixes', 'byStratum', 'difficultyWeighted', 'latency', 'n', 'reliability', 'tokensPerJoule', 'unweighted']);
    expect(j.report.systems.A.latency.late).toBe(1);
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
