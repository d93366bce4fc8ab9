/**
 * The CodeCarbon importer (kernel-lib/import/codecarbon.ts) on emissions.csv texts written by hand
 * (issue #29: mutation testing). CodeCarbon writes per-run totals in kWh, each component already
 * multiplied by `pue`; the importer divides the PUE back out.
 *
 * Oracles by hand: run r (36 s; CPU 0.0012, GPU 0.0024, RAM 0.0006, consumed 0.0042 kWh; PUE 1.2):
 * CPU 0.0012 x 3.6e6 / 1.2 = 3,600 J = 0.0036 MJ, GPU 7,200 J = 0.0072 MJ, RAM (DRAM) 1,800 J =
 * 0.0018 MJ, energy 0.0126 MJ, 36 / 3600 = 0.01 h. At PUE 2: 0.001 kWh = 3,600 J / 2 = 1,800 J.
 * The sum check is relative, |cpu + gpu + ram - consumed| <= 1e-6 x max(sum, consumed) + 1e-15 kWh:
 * sum 2, consumed 2.0000018 differ by 0.9e-6 of 2 (kept); sum 1, consumed 1.0000010000005 differ by
 * 1.0000005e-6, under 1e-6 x 1.000001 + 1e-15 = 1.000001001e-6 (kept; 1e-6 x the smaller, 1, would
 * refuse it); sum 1, consumed 1.0000011 differ by 1.1e-6 (refused). At the bound itself the file is kept:
 * with every component 0 and energy_consumed c = 1.0000010000010002e-15 kWh, |0 - c| equals 1e-6 x c +
 * 1e-15 exactly in doubles (found by searching the doubles next to 1e-15 / (1 - 1e-6)).
 *
 * Equivalent mutants (no input can tell them apart):
 * - the reader's initial `header = []` and `gpuCountAt = -1` changed: onHeader sets both before any row
 *   (a file without a header is refused by the CSV reader: "empty file, expected a header row"), except
 *   gpuCountAt after a header problem, when finish throws the header's issues whatever it holds.
 * - onRow's `if (headerIssues.length) return` made `false`: the rows are then read too, but finish
 *   reports the header's issues alone.
 * - `gpuCountAt === -1 ? '' : fields[gpuCountAt]` made `false`, or its `''` another string: without a
 *   gpu_count column hasGpuCount is false, so gpuCount is never looked at.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { importCodeCarbon, parseCodeCarbon } from '../../kernel-lib/import/codecarbon.ts';
import type { ImportResult } from '../../kernel-lib/import/importedRuns.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';
import { thrownProblems } from '../helpers/dataset.ts';

beforeEach(() => {
  clearWarnings();
  onWarning(null);
});

const CH = 'run_id,duration,cpu_energy,gpu_energy,ram_energy,energy_consumed,pue';
const cc = (...rows: string[]) => parseCodeCarbon([CH, ...rows, ''].join('\n'), 'e.csv');
const problems = thrownProblems; // the ValidationError's lines (test/helpers/dataset.ts)

describe('CodeCarbon import (by hand)', () => {
  it('divides the PUE out of every component; kWh to MJ; RAM is DRAM, flagged dram-estimated', () => {
    const r = cc('r,36,0.0012,0.0024,0.0006,0.0042,1.2', 's,3600,0.001,0.002,0.001,0.004,2');
    expect(r.rows).toEqual([
      { run_id: 'r', ai_hours: '0.010000000', energy_mj: '0.012600000', energy_gpu_mj: '0.007200000', energy_cpu_mj: '0.003600000', energy_dram_mj: '0.001800000', validity: 'dram-estimated' },
      { run_id: 's', ai_hours: '1.000000000', energy_mj: '0.007200000', energy_gpu_mj: '0.003600000', energy_cpu_mj: '0.001800000', energy_dram_mj: '0.001800000', validity: 'dram-estimated' },
    ]);
    expect(r.summary.notes).toEqual(['PUE divided out: 1.2, 2', 'ram_energy is an estimate (flagged dram-estimated)']);
    expect(r.summary.reasons).toEqual({ 'dram-estimated': 2 });
    expect(r.sources).toEqual([{ line: 2, elapsedS: 36 }, { line: 3, elapsedS: 3600 }]);
    expect(warnings()).toEqual([]);
  });

  it('PUE exactly 1, zero energies and zero duration are read (flagged zero-energy); a PUE below 1 is not', () => {
    const r = cc('z,0,0,0,0,0,1');
    expect(r.rows[0]).toMatchObject({ ai_hours: '0.000000000', energy_mj: '0.000000000', energy_gpu_mj: '0.000000000', validity: 'dram-estimated;zero-energy' });
    expect(problems(() => cc('z,1,0,0,0,0,0.999'))).toEqual(['e.csv:2: pue: expected a PUE >= 1, found 0.999']);
    expect(problems(() => cc('z,-1,0,0,0,0,1'))).toEqual(['e.csv:2: duration: expected seconds >= 0, found -1']);
    expect(problems(() => cc('z,1,-0.1,0.1,0,0,1'))).toEqual(['e.csv:2: cpu_energy: expected kWh >= 0, found -0.1']);
  });

  it('PUEs in the note: each once, in numeric order', () => {
    const r = cc('a,1,0,0.001,0,0.001,10', 'b,1,0,0.001,0,0.001,2', 'c,1,0,0.001,0,0.001,10', 'd,1,0,0.001,0,0.001,1.5');
    expect(r.summary.notes[0]).toBe('PUE divided out: 1.5, 2, 10');
  });

  it('the sum check is relative to the larger of sum and energy_consumed (by hand, above)', () => {
    expect(cc('a,1,2,0,0,2.0000018,1').rows).toHaveLength(1);
    expect(cc('a,1,1,0,0,1.0000010000005,1').rows).toHaveLength(1);
    expect(cc('a,1,0.5,0.25,0.25,0.9999991,1').rows).toHaveLength(1); // |1 - 0.9999991| = 0.9e-6 <= 1e-6 x 1
    expect(problems(() => cc('a,1,1,0,0,1.0000011,1'))).toEqual(['e.csv:2: energy_consumed: expected cpu_energy + gpu_energy + ram_energy (1 kWh), found 1.0000011']);
    expect(problems(() => cc('a,1,0.5,0.25,0.25,0.9999988,1'))).toEqual(['e.csv:2: energy_consumed: expected cpu_energy + gpu_energy + ram_energy (1 kWh), found 0.9999988']);
    expect(problems(() => cc('a,1,0,0,0,1e-14,1'))).toHaveLength(1); // 1e-14 kWh against 0: beyond the 1e-15 floor
  });

  it('gpu_count empty or 0 with 0 kWh GPU: no GPU (empty cell); otherwise a GPU of 0 J is 0', () => {
    const H = `${CH},gpu_count`;
    const r = parseCodeCarbon([H, 'a,1,0.001,0,0,0.001,1,', 'b,1,0.001,0,0,0.001,1,0', 'c,1,0.001,0,0,0.001,1,1', 'd,1,0.001,0.001,0,0.002,1,', ''].join('\n'), 'e.csv');
    expect(r.rows.map((x) => x.energy_gpu_mj)).toEqual(['', '', '0.000000000', '0.003600000']);
    expect(r.summary.components).toEqual(['gpu', 'cpu', 'dram']);
    expect(cc('a,1,0.001,0,0,0.001,1').rows[0].energy_gpu_mj).toBe('0.000000000'); // no gpu_count column: a GPU of 0 J
    const late = parseCodeCarbon(['run_id,duration,cpu_energy,gpu_energy,ram_energy,energy_consumed,gpu_count,pue', 'a,1,0.001,0,0,0.001,,1', 'b,1,0.001,0,0,0.001,2,1', ''].join('\n'), 'e.csv');
    expect(late.rows.map((x) => x.energy_gpu_mj)).toEqual(['', '0.000000000']);
  });

  it('append mode: the last row of a run is kept, runs in the order of their kept rows, a note and a warning', () => {
    const r = cc('a,10,0.001,0,0,0.001,1', 'b,20,0.002,0,0,0.002,1', 'a,30,0.003,0,0,0.003,1');
    expect(r.rows.map((x) => [x.run_id, x.ai_hours, x.energy_mj])).toEqual([['b', '0.005555556', '0.007200000'], ['a', '0.008333333', '0.010800000']]);
    expect(r.sources).toEqual([{ line: 3, elapsedS: 20 }, { line: 4, elapsedS: 30 }]);
    expect(r.summary.notes).toEqual(['PUE divided out: 1', 'ram_energy is an estimate (flagged dram-estimated)', 'run a: 2 rows (append mode), kept the last (line 4)']);
    expect(warnings()).toEqual(['e.csv: 1 run(s) have several rows (CodeCarbon append mode); the last row of each run_id is kept']);
  });

  it('refuses a column naming another energy (casing, units); keeps CodeCarbon\'s other columns', () => {
    const msg = (c: string) => `e.csv:1: ${c}: unknown energy column, expected cpu_energy, gpu_energy, ram_energy and energy_consumed (kWh): j2g reads no other, and leaving this one out would drop its energy`;
    expect(problems(() => parseCodeCarbon(`${CH},GPU_Energy,cpu_joules,total_kWh\n`, 'e.csv'))).toEqual([msg('GPU_Energy'), msg('cpu_joules'), msg('total_kWh')]);
    expect(cc('a,1,0.001,0,0,0.001,1').rows).toHaveLength(1);
    const other = parseCodeCarbon(`timestamp,${CH},emissions,cpu_power,gpu_count\nt,a,1,0.001,0,0,0.001,1,0.5,36,1\n`, 'e.csv');
    expect(other.rows[0].energy_cpu_mj).toBe('0.003600000');
  });

  it('a missing column is reported alone (no energy-column check, no row read)', () => {
    expect(problems(() => parseCodeCarbon('run_id,duration,cpu_energy,gpu_energy,ram_energy,energy_consumed,energy_kj\na,x,1,1,1,1,1\n', 'e.csv'))).toEqual(['e.csv:1: pue: missing required column']);
  });

  it('field problems come before sum problems, each at its line', () => {
    expect(problems(() => cc('a,1,1,0,0,2,1', 'b,x,0,0,0,0,1'))).toEqual([
      'e.csv:3: duration: expected seconds >= 0, found "x"',
      'e.csv:2: energy_consumed: expected cpu_energy + gpu_energy + ram_energy (1 kWh), found 2',
    ]);
  });

  it('at the bound itself the sum check keeps the file (by hand, above)', () => {
    expect(cc('a,1,0,0,0,1.0000010000010002e-15,1').rows.map((x) => [x.energy_mj, x.validity])).toEqual([['0.000000000', 'dram-estimated']]);
  });

  it('gpu_count read wherever the column is (here the second)', () => {
    const r = parseCodeCarbon(['run_id,gpu_count,duration,cpu_energy,gpu_energy,ram_energy,energy_consumed,pue', 'a,1,1,0.001,0,0,0.001,1', 'b,,1,0.001,0,0,0.001,1', ''].join('\n'), 'e.csv');
    expect(r.rows.map((x) => x.energy_gpu_mj)).toEqual(['0.000000000', '']);
  });

  it('the summary names the source; a run --map does not list is named by its run_id column', () => {
    expect(cc('a,1,0.001,0,0,0.001,1').summary.source).toBe('codecarbon');
    const map = { file: 'map.csv', bySourceId: new Map([['b', { source_id: 'b', run_id: 'r', task_id: 't', system: 's', attempt: 1 }]]) };
    expect(problems(() => parseCodeCarbon([CH, 'a,1,0.001,0,0,0.001,1', ''].join('\n'), 'e.csv', { map }))).toEqual(['e.csv:2: run_id: expected an id listed in map.csv (source_id), found "a"']);
  });

  it('importCodeCarbon reads a file as parseCodeCarbon reads its text', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'j2g-cc-')), 'emissions.csv');
    const text = [CH, 'r,36,0.0012,0.0024,0.0006,0.0042,1.2', ''].join('\n');
    writeFileSync(path, text);
    expect(importCodeCarbon(path)).toEqual(parseCodeCarbon(text, path));
    expect(importCodeCarbon(path).rows[0].energy_mj).toBe('0.012600000');
  });
});
