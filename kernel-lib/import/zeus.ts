/**
 * Import a Zeus `ZeusMonitor(log_file=...)` CSV to runs.csv rows. Zeus writes the header
 * `start_time,window_name,elapsed_time,gpu<i>_energy,...` and one row per ended window: start_time in
 * epoch seconds, elapsed_time in seconds, each GPU's energy in **joules** (Zeus divides NVML's
 * millijoule counter by 1000 before it writes; NVML and Zeus call millijoules `_mj`, we call megajoules
 * `_mj`, so the names here say joules). GPU only: CPU and DRAM cells are empty.
 *
 *   ai_hours = elapsed_time / 3600;  energy_gpu_mj = energy_mj = (sum over i of gpu<i>_energy) / 1e6
 *
 * Validity: windows that overlap another (nested or concurrent, e.g. an `epoch` around its `step`s) are
 * flagged `overlapping-window`: each read the whole-device counter, so the overlap is charged to each
 * of them (IPW's rule, not eq. 2.3's split). The log has the start times but not the power over time,
 * so the split cannot be recovered from it. A window of 0 J (shorter than the counter's update period)
 * is flagged `zero-energy`. Window names must be unique: a repeated name (`step` in a loop) is an error,
 * because runs.csv needs one row per run.
 */
import { z } from 'zod';
import { ValidationError, type ValidationIssue } from '../errors.ts';
import { nonNegativeNumber, requiredText } from '../data/fields.ts';
import { MAX_IMPORT_FILE_BYTES, rowValues, scanCsvText, streamCsvFile } from '../io/csv.ts';
import { checkHeader, parseRow } from '../io/csvRows.ts';
import { warn } from '../warn.ts';
import { toRunsCsv, type ImportedRun, type ImportResult } from './importedRuns.ts';
import type { RunMap } from './runMap.ts';

const FIXED = ['start_time', 'window_name', 'elapsed_time'] as const;
const GPU_COLUMN = /^gpu\d+_energy$/;

export interface ZeusOptions {
  map?: RunMap;
}

/** Read a Zeus log file and import it (see parseZeusLog), a row at a time: memory holds the windows, not the file. */
export function importZeusLog(path: string, opts: ZeusOptions = {}): ImportResult {
  const reader = zeusReader(path);
  streamCsvFile(path, path, reader.onHeader, reader.onRow, MAX_IMPORT_FILE_BYTES);
  return reader.finish(opts);
}

/**
 * Import Zeus log text. @example parseZeusLog('start_time,window_name,elapsed_time,gpu0_energy\n100,a,2,500\n', 'zeus.csv').rows[0].energy_mj // => '0.000500000'
 */
export function parseZeusLog(text: string, file: string, opts: ZeusOptions = {}): ImportResult {
  const reader = zeusReader(file);
  scanCsvText(text, file, reader.onHeader, reader.onRow);
  return reader.finish(opts);
}

/**
 * Indexes of windows that overlap at least one other by a positive length (touching ends do not).
 * @example overlappingWindows([0, 1, 5], [2, 3, 6]) // => [0, 1]
 */
export function overlappingWindows(startS: readonly number[], endS: readonly number[]): number[] {
  // sorted by start, a window overlaps an earlier one iff the largest earlier end is after its start,
  // and a later one iff the next window's start is before its end (zero-length windows overlap nothing)
  const order = startS.map((_, i) => i).filter((i) => endS[i] > startS[i]).sort((a, b) => startS[a] - startS[b] || a - b);
  const hit = new Set<number>();
  let maxEnd = -Infinity;
  order.forEach((i, k) => {
    if (maxEnd > startS[i]) hit.add(i);
    const next = order[k + 1];
    if (next !== undefined && startS[next] < endS[i]) hit.add(i);
    maxEnd = Math.max(maxEnd, endS[i]);
  });
  return [...hit].sort((a, b) => a - b);
}

/**
 * A Zeus log's header and rows as they are read (onHeader, onRow), and the import of the windows they
 * leave (finish). Problems are thrown by finish in the order a whole-file reader finds them: the
 * header's, then every row's fields, then every repeated window name.
 */
function zeusReader(file: string) {
  const headerIssues: ValidationIssue[] = [];
  const fieldIssues: ValidationIssue[] = [];
  const nameIssues: ValidationIssue[] = [];
  let header: string[] = [];
  let gpuColumns: string[] = [];
  let schema: z.ZodType = z.never();
  const seen = new Map<string, number>();
  const runs: ImportedRun[] = [];
  const startS: number[] = [], endS: number[] = [];
  const onHeader = (h: string[]) => {
    header = h;
    gpuColumns = header.filter((c) => GPU_COLUMN.test(c));
    checkHeader({ file, header }, FIXED, headerIssues); // an issue for each missing column
    const gpuIndex = new Map<number, string>();
    for (const c of gpuColumns) {
      const i = Number(c.slice(3, -'_energy'.length));
      const first = gpuIndex.get(i);
      // gpu0_energy and gpu00_energy would be summed as two GPUs: one index, one column
      if (first !== undefined) headerIssues.push({ file, line: 1, column: c, message: `a second column for GPU ${i} (first ${first}), expected one gpu<i>_energy column per GPU` });
      else if (c !== `gpu${i}_energy`) headerIssues.push({ file, line: 1, column: c, message: `expected gpu${i}_energy (the GPU index without leading zeros, as ZeusMonitor writes it)` });
      else gpuIndex.set(i, c);
    }
    for (const c of header) {
      if (!(FIXED as readonly string[]).includes(c) && !GPU_COLUMN.test(c)) headerIssues.push({ file, line: 1, column: c, message: 'unknown column, expected start_time, window_name, elapsed_time and gpu<i>_energy columns (a ZeusMonitor log_file)' });
    }
    if (gpuColumns.length === 0) headerIssues.push({ file, line: 1, message: 'no gpu<i>_energy column, expected at least one GPU (a ZeusMonitor log_file)' });
    const joules = nonNegativeNumber; // Zeus log energies are joules
    schema = z.object({
      start_time: nonNegativeNumber,
      window_name: requiredText,
      elapsed_time: nonNegativeNumber,
      ...Object.fromEntries(gpuColumns.map((c) => [c, joules])),
    });
  };
  const onRow = (line: number, fields: string[]) => {
    if (headerIssues.length) return;
    const d = parseRow(file, line, rowValues(header, fields), schema, fieldIssues) as (Record<string, number> & { window_name: string }) | undefined;
    if (d === undefined) return;
    const first = seen.get(d.window_name);
    if (first !== undefined) {
      nameIssues.push({ file, line, column: 'window_name', message: `expected a unique window name, "${d.window_name}" is already on line ${first} (runs.csv needs one row per run: give each run its own window name)` });
      return;
    }
    seen.set(d.window_name, line);
    let gpuEnergyJ = 0;
    for (const c of gpuColumns) gpuEnergyJ += d[c];
    if (!Number.isFinite(gpuEnergyJ) || !Number.isFinite(d.start_time + d.elapsed_time)) {
      // each cell is finite, their sum is not: an energy or a window no double holds, never written as Infinity
      const what = Number.isFinite(gpuEnergyJ) ? 'start_time + elapsed_time' : gpuColumns.join(' + ');
      fieldIssues.push({ file, line, column: Number.isFinite(gpuEnergyJ) ? 'elapsed_time' : gpuColumns[0], message: `${what} overflows a double (more than 1.8e308), expected a finite sum` });
      return;
    }
    const r: ImportedRun = { sourceId: d.window_name, line, elapsedS: d.elapsed_time, gpuJ: gpuEnergyJ, cpuJ: null, dramJ: null, reasons: new Set() };
    if (gpuEnergyJ === 0) r.reasons.add('zero-energy');
    runs.push(r);
    startS.push(d.start_time);
    endS.push(d.start_time + d.elapsed_time);
  };
  const finish = (opts: ZeusOptions): ImportResult => {
    const issues = headerIssues.length ? headerIssues : [...fieldIssues, ...nameIssues];
    if (issues.length) throw new ValidationError(issues);
    seen.clear();
    return zeusRuns(file, gpuColumns, runs, startS, endS, opts);
  };
  return { onHeader, onRow, finish };
}

function zeusRuns(file: string, gpuColumns: string[], runs: ImportedRun[], startS: number[], endS: number[], opts: ZeusOptions): ImportResult {
  const overlapping = overlappingWindows(startS, endS);
  for (const i of overlapping) runs[i].reasons.add('overlapping-window');
  const notes = [`${gpuColumns.length} GPU${gpuColumns.length === 1 ? '' : 's'}: ${gpuColumns.join(', ')}`];
  if (overlapping.length) {
    const names = overlapping.slice(0, 5).map((i) => runs[i].sourceId).join(', ') + (overlapping.length > 5 ? ', ...' : '');
    warn(`${file}: ${overlapping.length} Zeus windows overlap another (${names}): each was charged the whole device over the overlap, ` +
      'so the overlap is counted more than once; the log has no power over time, so the split of eq. (2.3) cannot be recovered; ' +
      'flagged overlapping-window. Record such a batch with scripts/power-log and `j2g energy`, which split power among concurrent runs');
    notes.push(`${overlapping.length} overlapping windows: their energies double count the overlap`);
  }
  const zero = runs.filter((r) => r.reasons.has('zero-energy')).length;
  if (zero) warn(`${file}: ${zero} window(s) with 0 J (shorter than the GPU counter's update period), flagged zero-energy`);
  return toRunsCsv(runs, 'zeus', file, 'window_name', notes, opts.map);
}
