/**
 * Every validation rule of the recorded-data schema (issue 2) rejects bad input with a message that
 * names the file, the line and the column. Each test edits a copy of synthetic-small.
 */
import { describe, expect, test } from 'vitest';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { editedDataset, replaceLine, validationProblems } from '../helpers/dataset.ts';

function problems(edits: Parameters<typeof editedDataset>[0]): string[] {
  const dir = editedDataset(edits);
  return validationProblems(() => loadDataset(dir));
}

describe('recorded-data validation', () => {
  test('the unedited dataset is valid', () => {
    expect(problems({})).toEqual([]);
  });
  test('a negative quantity names file, line and column', () => {
    expect(problems({ 'runs.csv': replaceLine(3, 'xA1a2,A1,sysX,2,-0.25,0.5,0.1') })).toEqual([
      'runs.csv:3: ai_hours: expected a finite number >= 0, found -0.25',
    ]);
  });
  test('a zero energy is rejected (E must be > 0)', () => {
    expect(problems({ 'runs.csv': replaceLine(2, 'xA1a1,A1,sysX,1,0.5,1.0,0') })).toEqual([
      'runs.csv:2: energy_mj: expected a finite number > 0, found 0',
    ]);
  });
  test('non-finite and non-numeric values are rejected, not coerced', () => {
    const p = problems({ 'runs.csv': (t) => t.replace('xA1a1,A1,sysX,1,0.5,1.0,0.2', 'xA1a1,A1,sysX,1,Infinity,1e999, 0.2') });
    expect(p).toEqual([
      'runs.csv:2: ai_hours: expected a finite number >= 0, found "Infinity"',
      'runs.csv:2: cost_usd: expected a finite number >= 0, found "1e999"',
      'runs.csv:2: energy_mj: expected a finite number > 0, found " 0.2"',
    ]);
  });
  test('an empty required field is rejected', () => {
    expect(problems({ 'tasks.csv': replaceLine(2, 'A1,occA,,1.5') })).toEqual(['tasks.csv:2: expert_hours: empty, expected a finite number > 0']);
    expect(problems({ 'occupations.csv': replaceLine(2, 'occA,11-0001,,S1,100,50') })).toEqual(['occupations.csv:2: category: empty, expected a value']);
  });
  test('an empty expert_ai_hours is allowed (a dataset without that reference)', () => {
    expect(problems({ 'tasks.csv': replaceLine(2, 'A1,occA,2,') })).toEqual([]);
  });
  test('every violation is reported, not just the first', () => {
    const p = problems({
      'tasks.csv': replaceLine(2, 'A1,occA,0,1.5'),
      'occupations.csv': replaceLine(3, 'occB,11-0002,Cat2,S1,300,0'),
    });
    expect(p).toEqual([
      'occupations.csv:3: median_hourly_wage_usd: expected a finite number > 0, found 0',
      'tasks.csv:2: expert_hours: expected a finite number > 0, found 0',
    ]);
  });
  test('duplicate ids are rejected with the line of the first one', () => {
    expect(problems({ 'tasks.csv': (t) => t + 'A1,occA,3,2\n' })).toEqual(['tasks.csv:8: task_id: duplicate task_id "A1" (first on line 2)']);
    expect(problems({ 'sectors.csv': (t) => t + 'S1,5\n' })).toEqual(['sectors.csv:4: sector: duplicate sector "S1" (first on line 2)']);
    expect(problems({ 'systems.csv': (t) => t + 'sysX,M,H,B,A,1,\n' })).toEqual(['systems.csv:4: system: duplicate system "sysX" (first on line 2)']);
    expect(problems({ 'occupations.csv': (t) => t + 'occA,1,Cat1,S1,1,1\n' })).toEqual(['occupations.csv:5: occupation: duplicate occupation "occA" (first on line 2)']);
  });
  test('a duplicate run id and a duplicate (task, system, attempt) are rejected', () => {
    expect(problems({ 'runs.csv': (t) => t + 'xA1a1,A2,sysY,2,1,1,1\n' })).toEqual(['runs.csv:20: run_id: duplicate run_id "xA1a1" (first on line 2)']);
    expect(problems({ 'runs.csv': (t) => t + 'zz,A1,sysX,1,1,1,1\n' })).toEqual(['runs.csv:20: attempt: duplicate (task_id, system, attempt) ("A1", "sysX", "1") (first on line 2)']);
  });
  test('at most one judgment per (run, reference, judge)', () => {
    expect(problems({ 'judgments.csv': (t) => t + 'xA1a1,expert_only,J1,loss\n' })).toEqual([
      'judgments.csv:38: judge: duplicate (run_id, reference, judge) ("xA1a1", "expert_only", "J1") (first on line 2)',
    ]);
  });
  test('unknown references: run without task or system, task without occupation, judgment without run, occupation without sector', () => {
    expect(problems({ 'runs.csv': (t) => t + 'z1,NOPE,sysX,1,1,1,1\n' })).toEqual(['runs.csv:20: task_id: unknown task "NOPE" (not in tasks.csv)']);
    expect(problems({ 'runs.csv': (t) => t + 'z1,A1,sysZ,1,1,1,1\n' })).toEqual(['runs.csv:20: system: unknown system "sysZ" (not in systems.csv)']);
    expect(problems({ 'tasks.csv': (t) => t + 'D1,occD,1,1\n' })).toEqual(['tasks.csv:8: occupation: unknown occupation "occD" (not in occupations.csv)']);
    expect(problems({ 'judgments.csv': (t) => t + 'ghost,expert_only,J1,win\n' })).toEqual(['judgments.csv:38: run_id: unknown run "ghost" (not in runs.csv)']);
    expect(problems({ 'occupations.csv': (t) => t + 'occD,1,Cat1,S9,1,1\n' })).toEqual(['occupations.csv:5: sector: unknown sector "S9" (not in sectors.csv)']);
  });
  test('labels outside the schema are rejected: outcome, reference', () => {
    expect(problems({ 'judgments.csv': replaceLine(2, 'xA1a1,expert_only,J1,draw') })).toEqual(['judgments.csv:2: outcome: expected one of win | tie | loss, found "draw"']);
    expect(problems({ 'judgments.csv': replaceLine(2, 'xA1a1,expert,J1,win') })).toEqual(['judgments.csv:2: reference: expected one of expert_only | expert_with_ai, found "expert"']);
  });
  test('attempts must be numbered 1..n without gaps, and be integers', () => {
    expect(problems({ 'runs.csv': replaceLine(3, 'xA1a2,A1,sysX,3,0.25,0.5,0.1') })).toEqual([
      'runs.csv:2: attempt: task "A1" on system "sysX" has attempts up to 3 but only 2 distinct attempts, expected attempts 1..n without gaps',
    ]);
    expect(problems({ 'runs.csv': replaceLine(3, 'xA1a2,A1,sysX,1.5,0.25,0.5,0.1') })[0]).toBe('runs.csv:3: attempt: expected an integer >= 1, found 1.5');
  });
  test('a missing required column is named once, at line 1', () => {
    expect(problems({ 'tasks.csv': (t) => t.replace('expert_hours', 'expert_hour') })).toEqual(['tasks.csv:1: expert_hours: missing required column; did you mean "expert_hour" (found in the header)?']);
  });
  test('a row with the wrong number of fields and a blank line are errors, not padded or skipped', () => {
    expect(problems({ 'sectors.csv': (t) => t + 'S3\n' })).toEqual(['sectors.csv:4: expected 2 fields, found 1']);
    expect(problems({ 'sectors.csv': (t) => t.replace('S1,60\n', 'S1,60\n\n') })).toEqual(['sectors.csv:3: blank line, expected a record']);
  });
  test('quoted fields spanning lines keep later line numbers right', () => {
    const p = problems({ 'systems.csv': (t) => t.replace('Model X', '"Model\nX"').replace('sysY,Model Y,OpenHands,vLLM,H100,1,20', 'sysY,Model Y,OpenHands,vLLM,H100,0,20') });
    expect(p).toEqual(['systems.csv:4: accelerator_count: expected an integer >= 1, found 0']);
  });
  test('manifest: missing fields, bad enums and unknown primary system or judge', () => {
    const bad = JSON.stringify({ name: 'x', provenance: 'guessed', energy_boundary: 'system', primary_system: 'nope', primary_judge: 'J1', bootstrap: { draws: 10, seed: 1 } });
    expect(problems({ 'manifest.json': () => bad })[0]).toMatch(/^manifest\.json:1: provenance: /);
    const unknown = JSON.stringify({ name: 'x', provenance: 'synthetic', energy_boundary: 'system', primary_system: 'nope', primary_judge: 'J9', bootstrap: { draws: 10, seed: 1 } });
    expect(problems({ 'manifest.json': () => unknown })).toEqual([
      'manifest.json:1: primary_system: unknown system "nope" (not in systems.csv)',
      'manifest.json:1: primary_judge: judge "J9" has no judgments in judgments.csv',
    ]);
  });
  test('a --data path that is a file is named as not a directory, not as seven unreadable files', () => {
    const file = join(editedDataset({}), 'tasks.csv');
    expect(() => loadDataset(file)).toThrow(`1 problem in input:\n${file}: not a directory, expected a dataset directory (manifest.json and the CSV files)`);
  });
  test('a missing file is named', () => {
    const dir = editedDataset({});
    rmSync(join(dir, 'judgments.csv'));
    expect(() => loadDataset(dir)).toThrow(/judgments\.csv: cannot read file \(ENOENT\)/);
  });
  test('a sector without occupations and an occupation without tasks are warnings, not silent', () => {
    const dir = editedDataset({ 'sectors.csv': (t) => t + 'S3,10\n', 'occupations.csv': (t) => t + 'occD,11-0004,Cat1,S1,10,30\n' });
    const ds = loadDataset(dir);
    expect(ds.warnings).toEqual([
      'sectors.csv: sector "S3" has no occupation; its share is left out of the normalisation',
      'occupations.csv: occupation "occD" has no task; it is not evaluated and gets no weight',
    ]);
  });
});
