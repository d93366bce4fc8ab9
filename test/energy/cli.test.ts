/**
 * `j2g energy` at the command line: user errors are one clear line, outputs are written whole or not
 * at all, and option values that would make wrong columns are refused.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { j2gInProcess as j2g } from '../helpers/cli.ts';

const TRACE = 'data/traces/standin-two-runs';

afterEach(() => vi.restoreAllMocks());

describe('j2g energy', () => {
  it('refuses an --out that is a directory with one line, and writes neither output', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-energy-'));
    mkdirSync(join(dir, 'runs.csv'));
    const { code, err } = await j2g(['energy', '--trace', TRACE, '--out', join(dir, 'runs.csv')]);
    expect(code).toBe(1);
    expect(err).toContain(`j2g energy: cannot write ${join(dir, 'runs.csv')}: it is a directory`);
    expect(existsSync(join(dir, 'energy-summary.json'))).toBe(false);
  });

  it('writes no runs.csv when the summary cannot be written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-energy-'));
    mkdirSync(join(dir, 'summary'));
    const { code, err } = await j2g(['energy', '--trace', TRACE, '--out', join(dir, 'runs.csv'), '--summary', join(dir, 'summary')]);
    expect(code).toBe(1);
    expect(err).toContain(`cannot write ${join(dir, 'summary')}: it is a directory`);
    expect(existsSync(join(dir, 'runs.csv'))).toBe(false);
  });

  it('refuses a --summary that is the --out file instead of overwriting runs.csv with JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-energy-'));
    const out = join(dir, 'runs.csv');
    const { code, err } = await j2g(['energy', '--trace', TRACE, '--out', out, '--summary', out]);
    expect(code).toBe(1);
    expect(err).toContain('two outputs name the same file');
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a rate given twice in --rates (it would write two columns of one name)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-energy-'));
    const { code, err } = await j2g(['energy', '--trace', TRACE, '--out', join(dir, 'runs.csv'), '--rate', '10', '--rates', '5,5.0']);
    expect(code).toBe(1);
    expect(err).toBe('j2g energy: invalid rates: 5 given twice (each rate is one column cost_usd_at_5)');
  });

  it('refuses a negative gap limit, idle power or RAPL ceiling', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-energy-'));
    const base = ['energy', '--trace', TRACE, '--out', join(dir, 'runs.csv')];
    expect((await j2g([...base, '--gap-limit-s', '-1'])).err).toBe('j2g energy: invalid gap-limit-s: -1 (expected seconds > 0)');
    expect((await j2g([...base, '--idle-power-w', '-100'])).err).toBe('j2g energy: invalid idle-power-w: -100 (expected watts >= 0)');
    expect((await j2g([...base, '--rapl-ceiling-w', '0'])).err).toBe('j2g energy: invalid rapl-ceiling-w: 0 (expected watts > 0)');
    expect(existsSync(join(dir, 'runs.csv'))).toBe(false);
  });

  it('still writes the stand-in trace: run a = 700 W alone + 350 W overlapped + half the setup', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-energy-'));
    const { code } = await j2g(['energy', '--trace', TRACE, '--out', join(dir, 'runs.csv'), '--rate', '63.296']);
    expect(code).toBe(0);
    const [header, a] = readFileSync(join(dir, 'runs.csv'), 'utf8').trim().split('\n').map((l) => l.split(','));
    // marks (ns): a 900645385522-903918950506, b starts 902377819603, setup 899450048491-900401298515
    const alone = (902377819603 - 900645385522) / 1e9, both = (903918950506 - 902377819603) / 1e9, setup = (900401298515 - 899450048491) / 1e9;
    expect(Number(a[header.indexOf('energy_mj')])).toBeCloseTo((700 * alone + 350 * both + (700 * setup) / 2) / 1e6, 8);
    expect(existsSync(join(dir, 'energy-summary.json'))).toBe(true);
  });
});
