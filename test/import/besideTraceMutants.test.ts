/**
 * importBesideTrace and importedRunsTable (kernel-lib/import/besideTrace.ts) on a trace and an import
 * written by hand (issue #29: mutation testing).
 *
 * The trace (test/energy/traceFixture.ts): one GPU at a constant 400 W for 8 s; a setup s [0, 2] s
 * serving both runs; runs a [2, 6] s and b [4, 8] s. Oracle by hand, eq. (2.3) and E_b0 / K_b: the
 * setup's 800 J is shared by K = 2 runs, 400 J each; a runs alone over [2, 4] (800 J) and shares [4, 6]
 * with b (400 J each); b runs alone over [6, 8] (800 J). So each run: energy_mj 1,600 J = 0.0016 MJ,
 * energy_setup_mj 0.0004, energy_idle_mj 0 (the default idle policy, exclude), running share 0.0012 MJ;
 * the whole-device rule charges each 400 W x 4 s = 0.0016 MJ; ai_hours 4 / 3600 = 0.001111111.
 * The import (written by hand, as a tool that charged the whole device might): a 0.0017 MJ, b 0.0015 MJ,
 * so double_counted_mj a = 0.0017 - 0.0012 = 0.0005, b = 0.0003; sums 0.0032, 0.0024 and 0.0008.
 *
 * Equivalent mutant: `- num(t.energy_idle_mj)` made `+`: importBesideTrace reads the trace with the
 * default idle policy (exclude), under which no run holds idle energy (energy_idle_mj is 0).
 */
import { describe, expect, it } from 'vitest';
import { J2GError } from '../../kernel-lib/errors.ts';
import { importBesideTrace, importedRunsTable } from '../../kernel-lib/import/besideTrace.ts';
import type { ImportResult } from '../../kernel-lib/import/importedRuns.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { powerSamples, writeTrace } from '../energy/traceFixture.ts';

onWarning(null);

const trace = () => writeTrace({
  gpus: ['GPU-a'],
  smi: powerSamples('GPU-a', 0, 8, 0.5, () => 400),
  marks: [
    { t: 0, kind: 'setup-start', id: 's' }, { t: 2, kind: 'setup-end', id: 's' },
    { t: 2, kind: 'run-start', id: 'a' }, { t: 4, kind: 'run-start', id: 'b' }, { t: 6, kind: 'run-end', id: 'a' }, { t: 8, kind: 'run-end', id: 'b' },
  ],
});
const imported = (rows: [string, string][]): ImportResult => ({
  columns: ['run_id', 'ai_hours', 'energy_mj', 'validity'],
  rows: rows.map(([run_id, energy_mj]) => ({ run_id, ai_hours: '0.001111111', energy_mj, validity: 'concurrent-whole-device' })),
  summary: { source: 'ipw', file: 't.jsonl', runs: rows.length, flagged: rows.length, reasons: {}, components: ['gpu'], notes: [] },
});

describe('importBesideTrace (by hand)', () => {
  it('each run: the tool\'s energy, the trace\'s eq. (2.3) running share and the difference; the sums', () => {
    const { runs, summary } = importBesideTrace(imported([['b', '0.001500000'], ['a', '0.001700000']]), trace());
    expect(runs.objects()).toEqual([
      { run_id: 'b', ai_hours_import: 0.001111111, ai_hours_trace: 0.001111111, energy_mj_import: 0.0015, energy_ipw_mj_trace: 0.0016, energy_running_mj_trace: 0.0012, energy_mj_trace: 0.0016, double_counted_mj: 0.0003, validity_import: 'concurrent-whole-device' },
      { run_id: 'a', ai_hours_import: 0.001111111, ai_hours_trace: 0.001111111, energy_mj_import: 0.0017, energy_ipw_mj_trace: 0.0016, energy_running_mj_trace: 0.0012, energy_mj_trace: 0.0016, double_counted_mj: 0.0005, validity_import: 'concurrent-whole-device' },
    ]);
    expect(summary).toEqual({ runs: 2, import_mj: 0.0032, trace_running_mj: 0.0024, double_counted_mj: 0.0008 });
  });

  it('refuses runs missing on either side, naming them', () => {
    const dir = trace();
    const msg = 'importBesideTrace requires the same runs in both: ';
    expect(() => importBesideTrace(imported([['a', '1'], ['c', '1']]), dir)).toThrow(new J2GError(`${msg}not in the trace: c; not imported: b`));
    expect(() => importBesideTrace(imported([['a', '1'], ['b', '1'], ['c', '1'], ['d', '1']]), dir)).toThrow(new J2GError(`${msg}not in the trace: c, d`));
    expect(() => importBesideTrace(imported([['a', '1']]), dir)).toThrow(new J2GError(`${msg}not imported: b`));
    expect(() => importBesideTrace(imported([['c', '1']]), dir)).toThrow(new J2GError(`${msg}not in the trace: c; not imported: a, b`));
  });
});

describe('importedRunsTable', () => {
  it('number cells as numbers; empty cells, validity and non-finite text as text; a missing cell empty', () => {
    const r: ImportResult = {
      columns: ['run_id', 'energy_mj', 'energy_cpu_mj', 'validity', 'note'],
      rows: [{ run_id: '7', energy_mj: '0.001500000', energy_cpu_mj: '', validity: 'ok', note: 'Infinity' }, { run_id: 'x', energy_mj: '2', energy_cpu_mj: '0', validity: 'zero-energy' }],
      summary: { source: 'zeus', file: 'z.csv', runs: 2, flagged: 1, reasons: {}, components: ['gpu'], notes: [] },
    };
    expect(importedRunsTable(r).objects()).toEqual([
      { run_id: 7, energy_mj: 0.0015, energy_cpu_mj: '', validity: 'ok', note: 'Infinity' },
      { run_id: 'x', energy_mj: 2, energy_cpu_mj: 0, validity: 'zero-energy', note: '' },
    ]);
  });
});
