/**
 * Issue 28, "Valid does not mean the tables will build": `j2g validate --complete` names each piece the
 * default scenario's tables need that a dataset lacks, at its file, line and column. Oracle: the
 * committed synthetic-small files (judgments.csv line 2 is xA1a1's expert_only judgment by J1, tasks.csv
 * line 4 is task B1, runs.csv lines 14-19 are sysY's six single-attempt runs), read by eye.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { checkCompleteness, formatFlags, validityFlags } from '../../kernel-lib/release/completeness.ts';
import { formatIssue } from '../../kernel-lib/errors.ts';
import { passAtK } from '../../kernel-lib/metrics/policy.ts';
import { editedDataset, SMALL } from '../helpers/dataset.ts';
import { j2gInProcess } from '../helpers/cli.ts';

afterEach(() => vi.restoreAllMocks());

const lines = (dir: string, policies = [] as ReturnType<typeof passAtK>[]) => checkCompleteness(loadDataset(dir), { policies }).problems.map(formatIssue);

describe('j2g validate --complete', () => {
  test('synthetic-small is complete: exit 0, every table built, references named', async () => {
    expect(checkCompleteness(loadDataset(SMALL))).toMatchObject({ problems: [], skipped: {}, references: ['expert_only', 'expert_with_ai'], flags: [] });
    const r = await j2gInProcess(['validate', '--data', SMALL, '--complete']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('valid and complete (synthetic, system boundary; references expert_only, expert_with_ai; judge J1): 3 occupations, 2 sectors, 6 tasks, 2 systems, 18 runs, 36 judgments');
  });

  test('a run without its primary judgment and one empty expert_ai_hours: valid, but each named at its line; exit 1', async () => {
    expect(readFileSync(join(SMALL, 'judgments.csv'), 'utf8').split('\n')[1]).toBe('xA1a1,expert_only,J1,win');
    expect(readFileSync(join(SMALL, 'tasks.csv'), 'utf8').split('\n')[3]).toBe('B1,occB,1,1');
    const dir = editedDataset({
      'judgments.csv': (t) => t.replace('xA1a1,expert_only,J1,win\n', ''),
      'tasks.csv': (t) => t.replace('B1,occB,1,1\n', 'B1,occB,1,\n'),
    });
    expect(() => loadDataset(dir)).not.toThrow(); // the schema alone lets both through
    expect(lines(dir)).toEqual([
      'tasks.csv:4: expert_ai_hours: task "B1": empty while 5 of 6 tasks have one; the expert-with-AI reference needs every task\'s time (all or none)',
      'runs.csv:2: run_id: run "xA1a1" has no expert_only judgment by the primary judge "J1" (judgments.csv)',
    ]);
    const r = await j2gInProcess(['validate', '--data', dir, '--complete']);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${dir}: valid, but not complete: 2 missing pieces for the tables (references checked: expert_only, expert_with_ai; judge J1):\ntasks.csv:4: expert_ai_hours:`);
    // without --complete the same folder is valid, as before
    expect((await j2gInProcess(['validate', '--data', dir])).code).toBe(0);
  });

  test('attempts for the policies in use: pass@2 needs two attempts of every task, sysY has one', () => {
    expect(lines(SMALL, [passAtK(2)])).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2'].map((t, i) => `runs.csv:${14 + i}: attempt: task "${t}" has 1 attempt(s) on system "sysY", pass@2 needs 2`));
  });

  test('a task without a run on a system, a system none of whose runs is judged', () => {
    const dir = editedDataset({
      'runs.csv': (t) => t.replace('yC2,C2,sysY,1,1,2,0.1\n', ''),
      'judgments.csv': (t) => t.split('\n').filter((l) => !/^y.*,expert_only,J1,/.test(l)).join('\n'),
    });
    expect(lines(dir)).toEqual([
      'systems.csv:3: system: system "sysY" has none of its 5 runs judged against expert_only by the primary judge "J1" (judgments.csv)',
      'tasks.csv:7: task_id: task "C2" has no run on system "sysY" (runs.csv); its averages would leave it out',
    ]);
  });

  test('a dataset without the expert-with-AI reference is complete; the tables that need it are listed with their reason', () => {
    const dir = editedDataset({
      'judgments.csv': (t) => t.split('\n').filter((l) => !l.includes(',expert_with_ai,')).join('\n'),
      'tasks.csv': (t) => t.replace(/,[0-9.]+\n/g, ',\n'),
    });
    const report = checkCompleteness(loadDataset(dir));
    expect(report.problems).toEqual([]);
    expect(report.references).toEqual(['expert_only']);
    expect(Object.keys(report.skipped)).toEqual(['table17', 'table18', 'table21', 'table22']);
  });

  test('one task per occupation: the zero-width warning', () => {
    const dir = editedDataset({
      'tasks.csv': () => 'task_id,occupation,expert_hours,expert_ai_hours\nA1,occA,2,1.5\nB1,occB,1,1\nC1,occC,5,4\n',
      'runs.csv': (t) => t.split('\n').filter((l) => !/^(x|y)[ABC]2/.test(l)).join('\n'),
      'judgments.csv': (t) => t.split('\n').filter((l) => !/^(x|y)[ABC]2/.test(l)).join('\n'),
    });
    const report = checkCompleteness(loadDataset(dir));
    expect(report.problems).toEqual([]);
    expect(report.warnings).toContain("every occupation has one task: the task-composition bootstrap resamples tasks within each occupation, so every bootstrap interval is zero-width (lo = hi) and says nothing about uncertainty (Table 15's Wilson win-tie intervals are binomial and still vary)");
  });

  test('validity flags are counted per system and code (plain validate prints them too)', async () => {
    const dir = editedDataset({
      'runs.csv': (t) => t.split('\n').map((l, i) => (l === '' ? l : `${l},${i === 0 ? 'validity' : i === 1 ? 'dram-estimated;missing-samples' : i === 2 || i === 13 ? 'dram-estimated' : 'ok'}`)).join('\n'),
    });
    const flags = validityFlags(loadDataset(dir));
    expect(flags).toEqual([
      { system: 'sysX', runs: 12, flagged: 2, codes: { 'dram-estimated': 2, 'missing-samples': 1 } },
      { system: 'sysY', runs: 6, flagged: 1, codes: { 'dram-estimated': 1 } },
    ]);
    expect(formatFlags(flags)).toEqual(['sysX: 2 of 12 runs flagged (dram-estimated 2, missing-samples 1)', 'sysY: 1 of 6 runs flagged (dram-estimated 1)']);
    expect((await j2gInProcess(['validate', '--data', dir])).out).toContain('validity flags: sysX: 2 of 12 runs flagged (dram-estimated 2, missing-samples 1)');
  });
});

describe('the smaller items of issue 28', () => {
  test('a misspelt column header gets a "did you mean"', async () => {
    const dir = editedDataset({ 'runs.csv': (t) => t.replace('energy_mj', 'energy_MJ') });
    const r = await j2gInProcess(['validate', '--data', dir]);
    expect(r.err).toContain('runs.csv:1: energy_mj: missing required column; did you mean "energy_MJ" (found in the header)?');
  });
  test('a duplicate judgment is named by its columns; a missing manifest key in our words', async () => {
    const dir = editedDataset({
      'judgments.csv': (t) => `${t}xA1a1,expert_only,J1,win\n`,
      'manifest.json': (t) => t.replace('  "primary_judge": "J1",\n', ''),
    });
    const r = await j2gInProcess(['validate', '--data', dir]);
    expect(r.err).toContain('judgments.csv:38: judge: duplicate (run_id, reference, judge) ("xA1a1", "expert_only", "J1") (first on line 2)');
    expect(r.err).toContain('manifest.json:1: primary_judge: missing required key, expected a judge of judgments.csv (a non-empty string)');
    expect(r.err).not.toMatch(/Invalid input/);
    const typed = await j2gInProcess(['validate', '--data', editedDataset({ 'manifest.json': (t) => t.replace('"provenance": "synthetic"', '"provenance": "measured"').replace('"draws": 2000', '"draws": "2000"') })]);
    expect(typed.err.split('\n').slice(1)).toEqual([
      'manifest.json:3: provenance: expected one of recorded | reconstructed | synthetic, found "measured"',
      'manifest.json:7: bootstrap.draws: expected an integer >= 1, found "2000"',
    ]);
  });
});
