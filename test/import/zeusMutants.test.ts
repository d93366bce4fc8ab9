/**
 * The Zeus importer (kernel-lib/import/zeus.ts) on ZeusMonitor log texts written by hand (issue #29:
 * mutation testing). ZeusMonitor's log_file has the header `start_time,window_name,elapsed_time,
 * gpu<i>_energy,...`: start in epoch seconds, elapsed seconds, each GPU's energy in joules.
 *
 * Oracles by hand: window `a` (start 100 s, 7.2 s, GPUs 1,500 J + 2,500 J + 500 J) is 7.2 / 3600 =
 * 0.002 h and 4,500 J = 0.0045 MJ; `b` [200, 236] s with 0 J everywhere is 0.01 h, 0 MJ, zero-energy.
 * Windows [0, 10], [2, 3] overlap (nested); [20, 24] and [24, 25] only touch.
 *
 * Equivalent mutants (no input can tell them apart):
 * - overlappingWindows' tie-break `a - b` made `a + b`: windows with one start time and positive lengths
 *   overlap each other, so all of them are flagged in any order among themselves.
 * - `next !== undefined` made `true`: for the last window startS[undefined] is undefined, and
 *   `undefined < endS[i]` is false, as the guard is.
 * - the reader's initial `header = []` and `gpuColumns = []` changed: onHeader sets both before any row
 *   or finish (a file without a header is refused by the CSV reader).
 * - onRow's `if (headerIssues.length) return` made `false`: the rows are then read too, but finish
 *   reports the header's issues alone.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { importZeusLog, parseZeusLog } from '../../kernel-lib/import/zeus.ts';
import type { ImportResult } from '../../kernel-lib/import/importedRuns.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { thrownProblems } from '../helpers/dataset.ts';

beforeEach(() => {
  clearWarnings();
  onWarning(null);
});

const H3 = 'start_time,window_name,elapsed_time,gpu0_energy,gpu1_energy,gpu12_energy';
const problems = thrownProblems; // the ValidationError's lines (test/helpers/dataset.ts)

describe('Zeus import (by hand)', () => {
  it('sums every GPU column of a window (gpu12 too), joules to MJ and seconds to hours', () => {
    const r = parseZeusLog(`${H3}\n100,a,7.2,1500,2500,500\n200,b,36,0,0,0\n`, 'zeus.csv');
    expect(r.rows).toEqual([
      { run_id: 'a', ai_hours: '0.002000000', energy_mj: '0.004500000', energy_gpu_mj: '0.004500000', energy_cpu_mj: '', energy_dram_mj: '', validity: 'ok' },
      { run_id: 'b', ai_hours: '0.010000000', energy_mj: '0.000000000', energy_gpu_mj: '0.000000000', energy_cpu_mj: '', energy_dram_mj: '', validity: 'zero-energy' },
    ]);
    expect(r.sources).toEqual([{ line: 2, elapsedS: 7.2 }, { line: 3, elapsedS: 36 }]);
    expect(r.summary.notes).toEqual(['3 GPUs: gpu0_energy, gpu1_energy, gpu12_energy']);
    expect(r.summary.components).toEqual(['gpu']);
    expect(warnings()).toEqual(['zeus.csv: 1 window(s) with 0 J (shorter than the GPU counter\'s update period), flagged zero-energy']);
  });

  it('one GPU is "1 GPU"; a window of a few joules is not zero-energy; no warning', () => {
    const r = parseZeusLog('start_time,window_name,elapsed_time,gpu3_energy\n0,w,1,0.5\n', 'zeus.csv');
    expect(r.summary.notes).toEqual(['1 GPU: gpu3_energy']);
    expect(r.rows[0].validity).toBe('ok');
    expect(r.rows[0].energy_mj).toBe('0.000000500');
    expect(warnings()).toEqual([]);
  });

  it('overlapping windows are flagged and named in a warning; touching ones are not', () => {
    const r = parseZeusLog('start_time,window_name,elapsed_time,gpu0_energy\n0,epoch,10,100\n2,step,1,10\n20,eval,4,40\n24,save,1,10\n', 'z.csv');
    expect(r.rows.map((x) => x.validity)).toEqual(['overlapping-window', 'overlapping-window', 'ok', 'ok']);
    expect(r.summary.notes).toEqual(['1 GPU: gpu0_energy', '2 overlapping windows: their energies double count the overlap']);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toBe('z.csv: 2 Zeus windows overlap another (epoch, step): each was charged the whole device over the overlap, ' +
      'so the overlap is counted more than once; the log has no power over time, so the split of eq. (2.3) cannot be recovered; ' +
      'flagged overlapping-window. Record such a batch with scripts/power-log and `j2g energy`, which split power among concurrent runs');
  });

  it('names at most five overlapping windows, then "..."; exactly five without it', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, k) => `${k},w${k},10,1`).join('\n');
    parseZeusLog(`start_time,window_name,elapsed_time,gpu0_energy\n${rows(6)}\n`, 'z.csv');
    expect(warnings()[0]).toContain('z.csv: 6 Zeus windows overlap another (w0, w1, w2, w3, w4, ...): each');
    clearWarnings();
    parseZeusLog(`start_time,window_name,elapsed_time,gpu0_energy\n${rows(5)}\n`, 'z.csv');
    expect(warnings()[0]).toContain('z.csv: 5 Zeus windows overlap another (w0, w1, w2, w3, w4): each');
  });

  it('a window\'s end is start + elapsed: [5, 8] overlaps [7, 9], [5, 8] does not overlap [8, 9]', () => {
    expect(parseZeusLog('start_time,window_name,elapsed_time,gpu0_energy\n5,a,3,1\n7,b,2,1\n', 'z.csv').rows.map((x) => x.validity)).toEqual(['overlapping-window', 'overlapping-window']);
    expect(parseZeusLog('start_time,window_name,elapsed_time,gpu0_energy\n5,a,3,1\n8,b,1,1\n', 'z.csv').rows.map((x) => x.validity)).toEqual(['ok', 'ok']);
  });

  it('refuses GPU columns that are not gpu<i>_energy, a second column of one GPU and leading zeros', () => {
    expect(problems(() => parseZeusLog('start_time,window_name,elapsed_time,gpu0_energy,gpu00_energy,gpu01_energy\n', 'z.csv'))).toEqual([
      'z.csv:1: gpu00_energy: a second column for GPU 0 (first gpu0_energy), expected one gpu<i>_energy column per GPU',
      'z.csv:1: gpu01_energy: expected gpu1_energy (the GPU index without leading zeros, as ZeusMonitor writes it)',
    ]);
    const unknown = (c: string) => `z.csv:1: ${c}: unknown column, expected start_time, window_name, elapsed_time and gpu<i>_energy columns (a ZeusMonitor log_file)`;
    expect(problems(() => parseZeusLog('start_time,window_name,elapsed_time,gpu0_energy,xgpu1_energy,gpu2_energyx,gpuA_energy,gpu_energy,note\n', 'z.csv'))).toEqual(
      ['xgpu1_energy', 'gpu2_energyx', 'gpuA_energy', 'gpu_energy', 'note'].map(unknown));
  });

  it('a header problem is reported alone (the rows are not read); a missing column is named', () => {
    expect(problems(() => parseZeusLog('start_time,window_name,gpu0_energy\n1,a,NaN\n', 'z.csv'))).toEqual(['z.csv:1: elapsed_time: missing required column']);
    expect(problems(() => parseZeusLog('start_time,window_name,elapsed_time\n1,a,2\n', 'z.csv'))).toEqual(['z.csv:1: no gpu<i>_energy column, expected at least one GPU (a ZeusMonitor log_file)']);
  });

  it('field problems come before repeated names, each at its line; a bad start_time is named', () => {
    const text = 'start_time,window_name,elapsed_time,gpu0_energy\n1,a,1,1\n2,a,1,1\n-3,b,1,1\n4,c,1,-1\n5,,1,1\n';
    const p = problems(() => parseZeusLog(text, 'z.csv'));
    expect(p[0]).toBe('z.csv:4: start_time: expected a finite number >= 0, found -3');
    expect(p[1]).toBe('z.csv:5: gpu0_energy: expected a finite number >= 0, found -1');
    expect(p[2]).toMatch(/^z\.csv:6: window_name: /);
    expect(p[3]).toBe('z.csv:3: window_name: expected a unique window name, "a" is already on line 2 (runs.csv needs one row per run: give each run its own window name)');
    expect(p).toHaveLength(4);
  });

  it('the summary names the source; a window --map does not list is named by its window_name column', () => {
    const text = 'start_time,window_name,elapsed_time,gpu0_energy\n0,a,1,1\n';
    expect(parseZeusLog(text, 'z.csv').summary.source).toBe('zeus');
    const map = { file: 'map.csv', bySourceId: new Map([['b', { source_id: 'b', run_id: 'r', task_id: 't', system: 's', attempt: 1 }]]) };
    expect(problems(() => parseZeusLog(text, 'z.csv', { map }))).toEqual(['z.csv:2: window_name: expected an id listed in map.csv (source_id), found "a"']);
  });

  it('importZeusLog reads a file as parseZeusLog reads its text', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'j2g-zeus-')), 'zeus.csv');
    const text = `${H3}\n100,a,7.2,1500,2500,500\n0,b,200,1,2,3\n`;
    writeFileSync(path, text);
    const fromFile = importZeusLog(path);
    const fromText = parseZeusLog(text, path);
    expect(fromFile).toEqual(fromText);
    expect(fromFile.rows[1].validity).toBe('overlapping-window');
    expect(fromFile.summary.file).toBe(path);
  });
});
