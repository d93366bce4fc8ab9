/**
 * `j2g tables` end to end on synthetic-small: the CSV files hold the hand-computed values of
 * test/tables/synthetic-small.test.ts, bad input exits non-zero naming file and line, and output
 * files are only written when every core table could be built.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { j2gInProcess } from '../helpers/cli.ts';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '../helpers/child.ts';
import { SMALL, editedDataset, replaceLine } from '../helpers/dataset.ts';

const J2G = new URL('../../bin/j2g.mjs', import.meta.url).pathname;
// Asynchronous: a blocking spawnSync would starve the vitest worker's RPC on a busy machine.
const j2g = async (...args: string[]) => { const r = await runNode([J2G, ...args]); return { status: r.code, stdout: r.stdout, stderr: r.stderr }; };

describe('j2g tables', () => {
  test('writes every table with the hand-computed values', async () => {
    const out = mkdtempSync(join(tmpdir(), 'j2g-out-'));
    const r = await j2g('tables', '--data', SMALL, '--out', out);
    expect(r.status).toBe(0);
    expect(readdirSync(out).filter((f) => f.endsWith('.csv')).sort()).toEqual(expect.arrayContaining([
      'table01.csv', 'table13.csv', 'table14.csv', 'table15.csv', 'table17.csv', 'table19.csv', 'table20.csv', 'table21.csv', 'table22.csv',
    ]));
    const t01 = readFileSync(join(out, 'table01.csv'), 'utf8').split('\n');
    expect(t01[0]).toMatch(/^system,cost_usd,completion_min,energy_mj,nv_per_ai_usd,nv_per_ai_hour,nvj/);
    expect(t01[1]).toMatch(/^sysX,1\.1625,34\.875,0\.25,43\.7311827957,87\.4623655914,203\.35(,|$)/);
    const t17 = readFileSync(join(out, 'table17.csv'), 'utf8').split('\n');
    expect(t17[0]).toMatch(/^judgment_reference,time_reference,nvj,tsj/);
    expect(t17[2]).toMatch(/^expert_with_ai,expert_only,185\.35,3\.65(,|$)/);
    const t22 = readFileSync(join(out, 'table22.csv'), 'utf8').split('\n');
    expect(t22[1]).toMatch(/^expert_only->expert_with_ai,0\.2375,20\.652173913,/);
  });

  test('the same input gives byte-identical files', async () => {
    const a = mkdtempSync(join(tmpdir(), 'j2g-a-'));
    const b = mkdtempSync(join(tmpdir(), 'j2g-b-'));
    expect((await j2g('tables', '--data', SMALL, '--out', a)).status).toBe(0);
    expect((await j2g('tables', '--data', SMALL, '--out', b)).status).toBe(0);
    for (const f of readdirSync(a)) expect(readFileSync(join(b, f), 'utf8')).toBe(readFileSync(join(a, f), 'utf8'));
  });

  test('--system, --weights and --rate change the tables as asked', async () => {
    const out = mkdtempSync(join(tmpdir(), 'j2g-out-'));
    expect((await j2g('tables', '--data', SMALL, '--out', out, '--weights', 'equal', '--rate', '20')).status).toBe(0);
    const row = readFileSync(join(out, 'table01.csv'), 'utf8').split('\n')[1].split(',');
    expect(Number(row[1])).toBeCloseTo(2 * (1.5 + 0.75 + 1.5) / 3, 9); // sysX costs double at $20/h, equal weights
  });

  test('invalid data exits 1 with file:line: column and writes nothing', async () => {
    const dir = editedDataset({ 'runs.csv': replaceLine(2, 'xA1a1,A1,sysX,1,0.5,1.0,-1') });
    const out = join(mkdtempSync(join(tmpdir(), 'j2g-out-')), 'tables');
    const r = await j2g('tables', '--data', dir, '--out', out);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('runs.csv:2: energy_mj: expected a finite number > 0, found -1');
    expect(existsSync(out)).toBe(false);
  });

  test('a dataset without the expert-with-AI reference still gives the expert-only tables, and says what it skipped', async () => {
    const dir = editedDataset({
      'tasks.csv': (t) => t.split('\n').map((l, i) => (i === 0 || l === '' ? l : l.replace(/,[^,]*$/, ','))).join('\n'),
      'judgments.csv': (t) => t.split('\n').filter((l) => !l.includes('expert_with_ai')).join('\n'),
    });
    const out = mkdtempSync(join(tmpdir(), 'j2g-out-'));
    const r = await j2g('tables', '--data', dir, '--out', out);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/table17 skipped: [\s\S]*no expert_with_ai/);
    expect(existsSync(join(out, 'table13.csv'))).toBe(true);
    expect(existsSync(join(out, 'table17.csv'))).toBe(false);
  });

  test('a table skipped this run does not survive from an earlier run in the same --out', async () => {
    const out = mkdtempSync(join(tmpdir(), 'j2g-out-'));
    expect((await j2g('tables', '--data', SMALL, '--out', out)).status).toBe(0);
    expect(existsSync(join(out, 'table17.csv'))).toBe(true);
    writeFileSync(join(out, 'notes.txt'), 'mine');
    const dir = editedDataset({
      'tasks.csv': (t) => t.split('\n').map((l, i) => (i === 0 || l === '' ? l : l.replace(/,[^,]*$/, ','))).join('\n'),
      'judgments.csv': (t) => t.split('\n').filter((l) => !l.includes('expert_with_ai')).join('\n'),
    });
    const r = await j2g('tables', '--data', dir, '--out', out);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain(`removed ${join(out, 'table17.csv')} from an earlier run: table17 was skipped this time`);
    expect(existsSync(join(out, 'table17.csv'))).toBe(false);
    expect(existsSync(join(out, 'table13.csv'))).toBe(true);
    expect(readFileSync(join(out, 'notes.txt'), 'utf8')).toBe('mine'); // only j2g's own table files are touched
  });

  test('unknown options and bad values are refused with a terse message', async () => {
    // an --out that does not exist (a fixed /tmp/x failed on a machine where someone had made that file)
    const x = join(mkdtempSync(join(tmpdir(), 'j2g-refused-')), 'out');
    expect((await j2g('tables', '--data', SMALL, '--out', x, '--colour', 'red')).stderr).toContain('unknown option --colour');
    expect((await j2g('tables', '--data', SMALL, '--out', x, '--rate', 'abc')).stderr).toContain('--rate (scenario field rates.nodeRateUSDPerHour): "abc" is not allowed');
    expect((await j2g('tables', '--data', SMALL, '--out', x, '--weights', 'wages')).stderr).toContain('--weights (scenario field weights): "wages" is not allowed (expected "gdp", "employment", "equal", {"file": "weights.csv"} or {"custom": {"occupation": weight >= 0}}; no file wages)');
  });

  test('j2g validate prints the summary of a valid dataset and every problem of an invalid one', async () => {
    expect((await j2g('validate', '--data', SMALL)).stdout).toContain('valid (synthetic, system boundary): 3 occupations, 2 sectors, 6 tasks, 2 systems, 18 runs, 36 judgments');
    const dir = editedDataset({ 'tasks.csv': replaceLine(2, 'A1,occA,x,1.5') });
    const r = await j2g('validate', '--data', dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('tasks.csv:2: expert_hours: expected a finite number > 0, found "x"');
  });
});

test('a warning raised by two tables is printed once', async () => {
  const out = mkdtempSync(join(tmpdir(), 'j2g-out-'));
  const r = await j2g('tables', '--data', SMALL, '--out', out, '--judge', 'J2', '--draws', '100');
  expect(r.status).toBe(0);
  expect(r.stderr.match(/expert_only policies use attempts 1\.\.1 of 2/g)).toHaveLength(1);
});

describe('j2g tables: unusable paths are user errors, not stack traces', () => {
  test('an --out that is an existing file is refused before anything is built', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'j2g-out-')), 'not-a-dir');
    writeFileSync(file, 'keep me');
    const r = await j2g('tables', '--data', SMALL, '--out', file, '--draws', '10');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`j2g tables: --out ${file} exists and is not a directory`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(file, 'utf8')).toBe('keep me');
  });

  test('an --out below a file names the file it cannot write', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'j2g-out-')), 'not-a-dir');
    writeFileSync(file, 'keep me');
    const r = await j2g('tables', '--data', SMALL, '--out', join(file, 'sub'), '--draws', '10');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/j2g tables: cannot write .*not-a-dir\/sub\/table01\.csv \((EEXIST|ENOTDIR)\)/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  test('a missing --rates file is named, without a stack trace', async () => {
    const out = mkdtempSync(join(tmpdir(), 'j2g-out-'));
    const r = await j2g('tables', '--data', SMALL, '--out', out, '--rates', join(out, 'no-such-rates.csv'), '--draws', '10');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${join(out, 'no-such-rates.csv')}: cannot read file (ENOENT)`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('j2g tables: numeric options are plain decimals, as CSV cells are', () => {
  afterEach(() => vi.restoreAllMocks());
  test.each([
    ['--draws', '0x10', '--draws (scenario field draws): "0x10" is not allowed (expected an integer >= 1)'],
    ['--draws', ' 5', '--draws (scenario field draws): " 5" is not allowed (expected an integer >= 1)'],
    ['--seed', '0x10', '--seed (scenario field seed): "0x10" is not allowed (expected a safe integer >= 0)'],
    ['--seed', '1e400', '--seed (scenario field seed): "1e400" is not allowed (expected a safe integer >= 0)'],
    ['--rate', '0x10', '--rate (scenario field rates.nodeRateUSDPerHour): "0x10" is not allowed (expected a node-hour rate in USD >= 0, or null)'],
    ['--rate', '-5', '--rate (scenario field rates.nodeRateUSDPerHour): -5 is not allowed (expected a node-hour rate in USD >= 0, or null)'],
  ])('%s %j is refused', async (option, value, message) => {
    const out = mkdtempSync(join(tmpdir(), 'j2g-out-'));
    const r = await j2gInProcess(['tables', '--data', SMALL, '--out', out, option, value]);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`j2g tables: ${message}`);
    expect(readdirSync(out)).toEqual([]);
  });
  test('--draws 1e3 is the decimal 1000 and is accepted', async () => {
    const out = mkdtempSync(join(tmpdir(), 'j2g-out-'));
    const r = await j2gInProcess(['tables', '--data', SMALL, '--out', out, '--draws', '1e3']);
    expect(r.code).toBe(0);
  });
});
