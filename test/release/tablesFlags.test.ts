/**
 * Issue #28: `j2g tables` says what `j2g validate` says of a dataset's runs and intervals: each
 * system's validity flags (the `validity` column written by j2g energy and j2g import), and a warning
 * when the intervals are degenerate (one task per occupation: the within-occupation bootstrap never
 * varies, every bootstrap interval is zero-width). Checked against the tables it wrote: lo = hi in
 * every bootstrap interval column when it warns (Table 15's binomial win-tie intervals still vary).
 */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeGeneratedDataset } from '../../kernel-lib/data/generate.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';
import { j2gInProcess } from '../helpers/cli.ts';
import { editedDataset } from '../helpers/dataset.ts';

onWarning(null);
afterEach(() => vi.restoreAllMocks());
const tmp = () => mkdtempSync(join(tmpdir(), 'j2g-tables-flags-'));

/** Every (lo, hi) pair of interval columns (*_lo, *_hi) in the CSV files of `dir`, but Table 15's binomial win-tie intervals (or only those). */
function intervals(dir: string, winTie = false): [number, number][] {
  const out: [number, number][] = [];
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.csv'))) {
    const [head, ...rows] = readFileSync(join(dir, f), 'utf8').trimEnd().split('\n').map((l) => l.split(','));
    head.forEach((h, i) => {
      const j = head.indexOf(h.replace(/_lo$/, '_hi'));
      if (h.endsWith('_lo') && j >= 0 && (f === 'table15.csv' && h === 'win_tie_lo') === winTie) for (const r of rows) if (r[i] !== '' && r[j] !== '') out.push([Number(r[i]), Number(r[j])]);
    });
  }
  return out;
}

describe('j2g tables prints validity flags and degenerate intervals (#28)', () => {
  it('one task per occupation: warns, and every bootstrap interval it wrote is zero-width', async () => {
    const data = join(tmp(), 'ds');
    writeGeneratedDataset(data, { tasksPerOccupation: 1, occupations: 6, seed: 3 });
    const out = join(tmp(), 'out');
    clearWarnings();
    const r = await j2gInProcess(['tables', '--data', data, '--draws', '50', '--out', out]);
    expect(r.code, r.err).toBe(0);
    expect(warnings().filter((w) => /one task/.test(w))).toEqual(["every occupation has one task: the task-composition bootstrap resamples tasks within each occupation, so every bootstrap interval is zero-width (lo = hi) and says nothing about uncertainty (Table 15's Wilson win-tie intervals are binomial and still vary)"]);
    const pairs = intervals(out);
    expect(pairs.length).toBeGreaterThan(10);
    for (const [lo, hi] of pairs) expect(hi).toBe(lo);
    // the exception the warning names: Wilson intervals over tasks are not the bootstrap's
    expect(intervals(out, true).some(([lo, hi]) => hi > lo)).toBe(true);
  });

  it('two tasks per occupation: no such warning, and some interval has width', async () => {
    const data = join(tmp(), 'ds');
    writeGeneratedDataset(data, { tasksPerOccupation: 2, occupations: 6, seed: 3 });
    const out = join(tmp(), 'out');
    clearWarnings();
    const r = await j2gInProcess(['tables', '--data', data, '--draws', '50', '--out', out]);
    expect(r.code, r.err).toBe(0);
    expect(warnings().filter((w) => /one task/.test(w))).toEqual([]);
    expect(intervals(out).some(([lo, hi]) => hi > lo)).toBe(true);
  });

  it('counts each system\'s validity codes from runs.csv (hand count: 2 of 12 sysX runs, 1 of 6 sysY)', async () => {
    const codes = ['ok', 'dram-estimated', 'ok', 'dram-estimated;missing-samples', ...Array(8).fill('ok'), 'missing-samples', ...Array(5).fill('ok')];
    const data = editedDataset({ 'runs.csv': (t) => t.trimEnd().split('\n').map((l, i) => `${l},${i === 0 ? 'validity' : codes[i - 1]}`).join('\n') + '\n' });
    const runs = readFileSync(join(data, 'runs.csv'), 'utf8').trimEnd().split('\n').slice(1).map((l) => l.split(','));
    expect(runs.map((r) => r[2])).toEqual([...Array(12).fill('sysX'), ...Array(6).fill('sysY')]);
    const r = await j2gInProcess(['tables', '--data', data, '--draws', '20', '--out', join(tmp(), 'out')]);
    expect(r.code, r.err).toBe(0);
    expect(r.err.split('\n').filter((l) => l.startsWith('validity flags: '))).toEqual([
      'validity flags: sysX: 2 of 12 runs flagged (dram-estimated 2, missing-samples 1)',
      'validity flags: sysY: 1 of 6 runs flagged (missing-samples 1)',
    ]);
  });
});
