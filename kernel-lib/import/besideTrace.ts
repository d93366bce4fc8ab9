/**
 * An imported run set beside a power-log trace of the same batch, run by run (joined on run_id): what
 * the tool charged each run, what the trace charges it under eq. (2.3) (each segment's energy shared
 * equally among the runs active in it) and under the whole-device rule the tool uses (`energy_ipw_mj`
 * of `j2g energy`). Under concurrency the tool's energy exceeds the eq. (2.3) share by the other runs'
 * power during the overlap:
 *
 *   double_counted_mj = energy_mj_import - energy_running_mj_trace
 *   energy_running_mj_trace = energy_mj - energy_setup_mj - energy_idle_mj of the trace (eq. 2.3, the
 *   run's own windows only: the tool sees neither setup nor idle)
 *
 * Joules-to-GDP eq. (2.3); QAIJ step 7 (report a credible alternative allocation rule).
 */
import * as aq from 'arquero';
import type { ColumnTable } from 'arquero';
import { J2GError } from '../errors.ts';
import { energyRuns } from '../energy/index.ts';
import type { ImportResult } from './importedRuns.ts';

export interface BesideTraceSummary {
  runs: number;
  /** the tool's energies summed, MJ */
  import_mj: number;
  /** the trace's eq. (2.3) running shares summed, MJ (their sum is the energy measured while runs ran) */
  trace_running_mj: number;
  /** import_mj - trace_running_mj: the energy counted more than once by the whole-device rule, MJ */
  double_counted_mj: number;
}

/** Imported runs as a table for display: number cells as numbers, empty cells and validity as text. */
export function importedRunsTable(imported: ImportResult): ColumnTable {
  const cell = (v: string) => (v !== '' && Number.isFinite(Number(v)) ? Number(v) : v);
  return aq.from(imported.rows.map((row) => Object.fromEntries(imported.columns.map((c) => [c, cell(row[c] ?? '')]))));
}

/** The per-run comparison (one row per run, both sources must hold the same run ids). */
export function importBesideTrace(imported: ImportResult, traceDir: string): { runs: ColumnTable; summary: BesideTraceSummary } {
  const trace = energyRuns(traceDir);
  const byId = new Map(trace.rows.map((r) => [r.run_id, r]));
  const missing = imported.rows.filter((r) => !byId.has(r.run_id)).map((r) => r.run_id);
  const extra = trace.rows.filter((t) => !imported.rows.some((r) => r.run_id === t.run_id)).map((t) => t.run_id);
  if (missing.length || extra.length) {
    throw new J2GError(`importBesideTrace requires the same runs in both: ${missing.length ? `not in the trace: ${missing.join(', ')}` : ''}${missing.length && extra.length ? '; ' : ''}${extra.length ? `not imported: ${extra.join(', ')}` : ''}`);
  }
  const num = (v: string) => Number(v);
  const rows = imported.rows.map((r) => {
    const t = byId.get(r.run_id)!;
    const runningMJ = num(t.energy_mj) - num(t.energy_setup_mj) - num(t.energy_idle_mj);
    return {
      run_id: r.run_id,
      ai_hours_import: num(r.ai_hours),
      ai_hours_trace: num(t.ai_hours),
      energy_mj_import: num(r.energy_mj),
      energy_ipw_mj_trace: num(t.energy_ipw_mj),
      energy_running_mj_trace: Number(runningMJ.toFixed(9)),
      energy_mj_trace: num(t.energy_mj),
      double_counted_mj: Number((num(r.energy_mj) - runningMJ).toFixed(9)),
      validity_import: r.validity,
    };
  });
  // sums kept to runs.csv's 9 decimals (1 mJ), so that the summary shows no float noise
  const mj = (x: number) => Number(x.toFixed(9));
  const sum = (k: 'energy_mj_import' | 'energy_running_mj_trace') => rows.reduce((a, r) => a + r[k], 0);
  const summary: BesideTraceSummary = {
    runs: rows.length,
    import_mj: mj(sum('energy_mj_import')),
    trace_running_mj: mj(sum('energy_running_mj_trace')),
    double_counted_mj: mj(sum('energy_mj_import') - sum('energy_running_mj_trace')),
  };
  return { runs: aq.from(rows), summary };
}
