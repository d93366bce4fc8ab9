/**
 * What every importer produces before it becomes runs.csv: one measured window per run, in joules and
 * seconds, with its validity reasons; and the one function that turns those into runs.csv rows (the
 * columns `j2g energy` writes for the same quantities, data/README.md).
 *
 * energy_mj = (GPU + CPU + DRAM) / 1e6 over the components the tool measured; a component the tool did
 * not measure is an empty cell, never 0. ai_hours = the tool's elapsed seconds / 3600 (L, section 2.2).
 */
import { ValidationError, type ValidationIssue } from '../errors.ts';
import type { RunMap } from './runMap.ts';
import { formatHours, formatMegajoules } from './units.ts';

export const IMPORT_SOURCES = ['ipw', 'zeus', 'codecarbon'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** Validity reason codes the importers write (joined by `;`; `ok` when none). */
export type ImportReason =
  | 'concurrent-whole-device' // IPW config.concurrency > 1: the query was charged the whole device while others ran too
  | 'overlapping-window' // a Zeus window overlaps another: both were charged the whole device over the overlap
  | 'ipw-buffer-exceeded' // an IPW query longer than the telemetry buffer (30 s): its energy may be under-counted
  | 'dram-estimated' // CodeCarbon's RAM energy is a power estimate from RAM size, not a measurement
  | 'zero-energy'; // the tool recorded 0 J (a window shorter than the counter's update period)

export interface ImportedRun {
  /** the tool's own id: IPW `query_id`, Zeus `window_name`, CodeCarbon `run_id` */
  sourceId: string;
  /** the line of the source file the run was read from (1-based; a CSV header is line 1) */
  line: number;
  elapsedS: number;
  gpuJ: number | null;
  cpuJ: number | null;
  dramJ: number | null;
  reasons: Set<ImportReason>;
}

export interface ImportSummary {
  source: ImportSource;
  /** the file the runs were read from (IPW: the run folder's traces.jsonl) */
  file: string;
  runs: number;
  /** runs whose validity is not `ok` */
  flagged: number;
  /** how many runs carry each reason */
  reasons: Partial<Record<ImportReason, number>>;
  /** energy boundary of energy_mj: the components present in at least one run */
  components: ('gpu' | 'cpu' | 'dram')[];
  /** source-specific facts (IPW concurrency, CodeCarbon PUE, rows replaced in append mode) */
  notes: string[];
}

export interface ImportResult {
  columns: string[];
  rows: Record<string, string>[];
  summary: ImportSummary;
  /** per row: the source file's line it was read from and its elapsed seconds (for pricing and provenance, import/pricing.ts) */
  sources?: { line: number; elapsedS: number }[];
}

const BASE_COLUMNS = ['ai_hours', 'energy_mj', 'energy_gpu_mj', 'energy_cpu_mj', 'energy_dram_mj', 'validity'];

/**
 * Imported runs as runs.csv rows. Without a map, run_id is the tool's id; with one, run_id, task_id,
 * system and attempt come from the map and the tool's id is kept as source_id. A run the map does not
 * list is an error at its line of `sourceFile` (nothing is dropped).
 */
export function toRunsCsv(runs: ImportedRun[], source: ImportSource, sourceFile: string, idField: string, notes: string[], map?: RunMap): ImportResult {
  const issues: ValidationIssue[] = [];
  const columns = map ? ['run_id', 'task_id', 'system', 'attempt', 'source_id', ...BASE_COLUMNS] : ['run_id', ...BASE_COLUMNS];
  const reasons: Partial<Record<ImportReason, number>> = {};
  let flagged = 0;
  const rows: Record<string, string>[] = [];
  const sources: { line: number; elapsedS: number }[] = [];
  for (const r of runs) {
    const codes = [...r.reasons].sort();
    if (codes.length) flagged++;
    for (const c of codes) reasons[c] = (reasons[c] ?? 0) + 1;
    const parts = [r.gpuJ, r.cpuJ, r.dramJ];
    const totalJ = parts.reduce<number>((a, b) => a + (b ?? 0), 0);
    const row: Record<string, string> = {
      run_id: r.sourceId,
      ai_hours: formatHours(r.elapsedS),
      energy_mj: formatMegajoules(totalJ),
      energy_gpu_mj: r.gpuJ === null ? '' : formatMegajoules(r.gpuJ),
      energy_cpu_mj: r.cpuJ === null ? '' : formatMegajoules(r.cpuJ),
      energy_dram_mj: r.dramJ === null ? '' : formatMegajoules(r.dramJ),
      validity: codes.length ? codes.join(';') : 'ok',
    };
    if (map) {
      const m = map.bySourceId.get(r.sourceId);
      if (!m) {
        issues.push({ file: sourceFile, line: r.line, column: idField, message: `expected an id listed in ${map.file} (source_id), found "${r.sourceId}"` });
        continue;
      }
      Object.assign(row, { run_id: m.run_id, task_id: m.task_id, system: m.system, attempt: String(m.attempt), source_id: r.sourceId });
    }
    rows.push(row);
    sources.push({ line: r.line, elapsedS: r.elapsedS });
  }
  if (issues.length) throw new ValidationError(issues);
  if (map && map.bySourceId.size > rows.length) notes = [...notes, `${map.bySourceId.size - rows.length} row(s) of ${map.file} match no run in ${sourceFile} (left unused)`];
  const components = (['gpu', 'cpu', 'dram'] as const).filter((_, k) => runs.some((r) => [r.gpuJ, r.cpuJ, r.dramJ][k] !== null));
  return { columns, rows, summary: { source, file: sourceFile, runs: runs.length, flagged, reasons, components, notes }, sources };
}
