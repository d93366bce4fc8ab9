/**
 * The loader's problem lists at any size and in one order (issue 27's read-aside reordering, and the
 * class of "Maximum call stack size exceeded" bugs: a spread push of 200,000 problems crashed
 * `j2g validate` with a stack trace instead of naming the lines).
 * - arrays.ts's pushAll / maxOf / minOf take half a million elements, with Math.max/min's rules;
 * - a judgments.csv of 150,000 malformed lines and a runs.csv of 100,000 duplicated runs are refused
 *   with one problem per line, naming each line;
 * - a dataset with a problem of every check gets them in the order written by hand below (each
 *   file's cells in file order, then ids, references, attempt numbering, the manifest), the order the
 *   loader had before judgments.csv was checked last.
 */
import { appendFileSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maxOf, minOf, pushAll } from '../../kernel-lib/arrays.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { ValidationError, type ValidationIssue } from '../../kernel-lib/errors.ts';
import { SMALL } from '../helpers/dataset.ts';

function copy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'j2g-many-'));
  cpSync(SMALL, dir, { recursive: true });
  return dir;
}

function problems(dir: string): ValidationIssue[] {
  try {
    loadDataset(dir);
  } catch (e) {
    if (e instanceof ValidationError) return e.issues;
    throw e;
  }
  throw new Error('loaded without a problem');
}

describe('arrays.ts: no argument list per element', () => {
  it('pushAll appends half a million elements in order (a spread push throws at this size)', () => {
    const xs = Array.from({ length: 500_000 }, (_, i) => i);
    expect(() => [].push(...(xs as never[]))).toThrow(RangeError); // the bug class, as V8 has it
    const out = pushAll([-1], xs);
    expect(out.length).toBe(500_001);
    expect(out[0]).toBe(-1);
    expect(out[500_000]).toBe(499_999);
  });

  it('maxOf and minOf over half a million values, with Math.max and Math.min rules for NaN and none', () => {
    const xs = Array.from({ length: 500_000 }, (_, i) => (i * 7919) % 500_000 - 3);
    expect(maxOf(xs)).toBe(499_996);
    expect(minOf(xs)).toBe(-3);
    expect(maxOf([])).toBe(-Infinity);
    expect(minOf([])).toBe(Infinity);
    expect(maxOf([1, NaN, 2])).toBeNaN();
    expect(minOf([1, NaN, 2])).toBeNaN();
  });
});

describe('loadDataset names every problem, however many', () => {
  it('refuses 150,000 malformed judgments lines with one problem per line, each line named', () => {
    const dir = copy();
    const before = readFileSync(join(SMALL, 'judgments.csv'), 'utf8').trimEnd().split('\n').length;
    appendFileSync(join(dir, 'judgments.csv'), 'x,y\n'.repeat(150_000));
    const p = problems(dir);
    expect(p.length).toBe(150_000);
    expect(p[0]).toEqual({ file: 'judgments.csv', line: before + 1, message: 'expected 4 fields, found 2' });
    expect(p[149_999]).toEqual({ file: 'judgments.csv', line: before + 150_000, message: 'expected 4 fields, found 2' });
  });

  it('refuses 100,000 duplicated runs with a duplicate run_id and a duplicate attempt per line', () => {
    const dir = copy();
    const first = readFileSync(join(SMALL, 'runs.csv'), 'utf8').split('\n')[1];
    const lines = readFileSync(join(SMALL, 'runs.csv'), 'utf8').trimEnd().split('\n').length;
    appendFileSync(join(dir, 'runs.csv'), (first + '\n').repeat(100_000));
    const p = problems(dir);
    expect(p.length).toBe(200_000);
    expect(p.filter((i) => i.column === 'run_id').length).toBe(100_000);
    expect(p[0]).toEqual({ file: 'runs.csv', line: lines + 1, column: 'run_id', message: 'duplicate run_id "xA1a1" (first on line 2)' });
    expect(p[199_999]).toEqual({ file: 'runs.csv', line: lines + 100_000, column: 'attempt', message: 'duplicate (task_id, system, attempt) ("A1", "sysX", "1") (first on line 2)' });
  });
});

describe("loadDataset's problems in one order", () => {
  it('lists a problem of every check in the order written by hand', () => {
    const dir = copy();
    const edit = (file: string, f: (lines: string[]) => string[]) => {
      const lines = readFileSync(join(dir, file), 'utf8').trimEnd().split('\n');
      writeFileSync(join(dir, file), f(lines).join('\n') + '\n');
    };
    edit('tasks.csv', (l) => [...l, 'A9,occZ,2,1']); // unknown occupation (a reference)
    edit('runs.csv', (l) => [...l, 'zz1,A1,sysX,9,0.5,1.0,-0.2', 'xA1a1,A2,sysX,1,0.5,1.0,0.2']); // a bad cell (energy < 0); a duplicate run_id
    edit('judgments.csv', (l) => [...l, 'xA1a1,expert_only,J1,maybe', 'nope,expert_only,J1,win', 'xA1a1,expert_only,J1,win']); // a bad cell; an unknown run; a duplicate judgment
    edit('manifest.json', (l) => l.map((x) => x.replace('"primary_judge": "J1"', '"primary_judge": "J7"')));
    const runs = readFileSync(join(dir, 'runs.csv'), 'utf8').trimEnd().split('\n').length;
    const judgments = readFileSync(join(dir, 'judgments.csv'), 'utf8').trimEnd().split('\n').length;
    const tasks = readFileSync(join(dir, 'tasks.csv'), 'utf8').trimEnd().split('\n').length;
    const got = problems(dir).map((i) => `${i.file}:${i.line ?? ''}:${i.column ?? ''}`);
    expect(got).toEqual([
      `runs.csv:${runs - 1}:energy_mj`, // cells, file by file: runs.csv before judgments.csv
      `judgments.csv:${judgments - 2}:outcome`,
      `runs.csv:${runs}:run_id`, // ids: runs' run_id, runs' (task, system, attempt) (A2 on sysX has attempt 1), judgments' (run, reference, judge)
      `runs.csv:${runs}:attempt`,
      `judgments.csv:${judgments - 2}:judge`, // the bad-outcome row's raw cells repeat line 2's key
      `judgments.csv:${judgments}:judge`,
      `tasks.csv:${tasks}:occupation`, // references: tasks, runs' tasks/systems, then judgments' runs
      `judgments.csv:${judgments - 1}:run_id`,
      'runs.csv:2:attempt', // attempt numbering (task A1 on sysX reaches 9), named at the group's first line
      'manifest.json:6:primary_judge', // the manifest
    ]);
  });

  it('names an unknown run whether the judgments follow runs.csv order or not (first, last, or shuffled)', () => {
    const lines = readFileSync(join(SMALL, 'judgments.csv'), 'utf8').trimEnd().split('\n');
    const [header, ...rows] = lines;
    const orders = { kept: rows, reversed: [...rows].reverse(), interleaved: rows.filter((_, i) => i % 2).concat(rows.filter((_, i) => !(i % 2))) };
    for (const [name, body] of Object.entries(orders)) {
      for (const at of [0, body.length]) {
        const dir = copy();
        const withUnknown = [...body.slice(0, at), 'ghost,expert_only,J1,win', ...body.slice(at)];
        writeFileSync(join(dir, 'judgments.csv'), [header, ...withUnknown].join('\n') + '\n');
        expect(problems(dir), `${name}, unknown at ${at}`).toEqual([{ file: 'judgments.csv', line: at + 2, column: 'run_id', message: 'unknown run "ghost" (not in runs.csv)' }]);
      }
      const dir = copy();
      writeFileSync(join(dir, 'judgments.csv'), [header, ...body].join('\n') + '\n');
      expect(() => loadDataset(dir), name).not.toThrow();
    }
  });
});
