/**
 * Import an Intelligence per Watt (IPW) `ipw run` folder: `traces.jsonl` (one query per line) and
 * `summary.json` (`config.concurrency`), to runs.csv rows.
 *
 * Per query (energies in joules, times in seconds, all GPUs summed into one device by IPW):
 *   ai_hours = total_wall_clock_s / 3600
 *   energy_gpu_mj = query_gpu_energy_joules / 1e6 (else the sum of turns[].gpu_energy_joules)
 *   energy_cpu_mj = query_cpu_energy_joules / 1e6 (else the sum of turns[].cpu_energy_joules); empty when null
 *   energy_dram_mj empty: IPW does not measure DRAM
 * The query-level energy is preferred because its window is the query's total_wall_clock_s; turns leave
 * out the time between turns.
 *
 * Validity: with config.concurrency > 1 every query is flagged `concurrent-whole-device`: each query's
 * window reads the whole-device counter, so queries that ran at the same time were each charged all of
 * it (IPW's rule is `energy_ipw_mj` of `j2g energy`, not eq. 2.3's equal split), and traces.jsonl holds
 * no start times, so the split cannot be recovered. A query longer than IPW's telemetry buffer (30 s by
 * default, `buffer_seconds`) is flagged `ipw-buffer-exceeded`: its window may have lost its first samples.
 *
 * `ipw profile` Arrow datasets are not read here (see the README, "Measuring your own runs").
 */
import { pushAll } from '../arrays.ts';
import { join } from 'node:path';
import { ValidationError, type ValidationIssue } from '../errors.ts';
import { MAX_IMPORT_FILE_BYTES, readTextFile } from '../io/csv.ts';
import { parseJson } from '../io/json.ts';
import { warn } from '../warn.ts';
import { toRunsCsv, type ImportedRun, type ImportResult } from './importedRuns.ts';
import { lineOf, nonNegativeJsonNumber, shown } from './jsonFields.ts';
import type { RunMap } from './runMap.ts';

/** IPW `ipw run` kept 30 s of telemetry in memory (TelemetrySession buffer_seconds). */
export const IPW_BUFFER_S = 30;

export interface IpwOptions {
  /** telemetry buffer of the run, seconds; queries longer than this are flagged (default 30) */
  bufferS?: number;
  map?: RunMap;
}

export interface IpwRunText {
  traces: { file: string; text: string };
  summary: { file: string; text: string };
}

/** A file's text as strict UTF-8 (an invalid byte is an error naming line and column, never U+FFFD), at most MAX_IMPORT_FILE_BYTES. */
function readText(path: string, why: string): string {
  try {
    return readTextFile(path, path, MAX_IMPORT_FILE_BYTES);
  } catch (e) {
    if (e instanceof ValidationError && e.issues[0]?.message.startsWith('cannot read file')) {
      throw new ValidationError([{ ...e.issues[0], message: `${e.issues[0].message}; ${why}` }]);
    }
    throw e;
  }
}

/** The energy fields j2g reads, by where they sit; any other field whose name speaks of energy is refused. */
const ENERGY_FIELDS = { query: ['query_gpu_energy_joules', 'query_cpu_energy_joules'], turn: ['gpu_energy_joules', 'cpu_energy_joules'] };
const ENERGY_NAME = /energy|joule|kwh|_wh$|_kj$|_mj$/i;

/** Fields of `o` that name an energy j2g does not read (other casing or units: `Query_GPU_Energy_Joules`, `query_gpu_energy_kwh`). */
function unknownEnergyFields(o: Record<string, unknown>, known: readonly string[], at: { file: string; line: number; prefix?: string }, issues: ValidationIssue[]): void {
  for (const key of Object.keys(o)) {
    if (!ENERGY_NAME.test(key) || known.includes(key)) continue;
    issues.push({ file: at.file, line: at.line, column: (at.prefix ?? '') + key, message: `unknown energy field, expected ${known.join(' or ')} (joules): j2g reads no other, and leaving this one out would drop its energy` });
  }
}

/** Read `DIR/traces.jsonl` and `DIR/summary.json` and import them (see parseIpwRun). */
export function importIpwRun(dir: string, opts: IpwOptions = {}): ImportResult {
  const tracesFile = join(dir, 'traces.jsonl');
  const summaryFile = join(dir, 'summary.json');
  return parseIpwRun({
    traces: { file: tracesFile, text: readText(tracesFile, 'expected an `ipw run` folder with traces.jsonl') },
    summary: { file: summaryFile, text: readText(summaryFile, 'expected summary.json beside traces.jsonl (it holds config.concurrency)') },
  }, opts);
}

/** The concurrency of an IPW run from its summary.json text: config.concurrency, an integer >= 1. @example ipwConcurrency('{"config": {"concurrency": 4}}', 'summary.json') // => 4 */
export function ipwConcurrency(text: string, file: string): number {
  const read = parseJson(text, file); // strict: a duplicated key is refused, not the last one kept
  if (read.issues.length) throw new ValidationError(read.issues);
  const summary = read.value;
  const config = summary !== null && typeof summary === 'object' ? (summary as Record<string, unknown>).config : undefined;
  const c = config !== null && typeof config === 'object' ? (config as Record<string, unknown>).concurrency : undefined;
  if (typeof c !== 'number' || !Number.isInteger(c) || c < 1) {
    throw new ValidationError([{ file, line: read.lines.get('config.concurrency') ?? lineOf(text, 'concurrency'), column: 'config.concurrency', message: `expected an integer >= 1, found ${shown(c)}` }]);
  }
  return c;
}

/** One component's energy of a query: the query-level field, else the sum over turns that have it, else null. */
function componentJ(q: Record<string, unknown>, turns: Record<string, unknown>[], queryKey: string, turnKey: string, at: { file: string; line: number }, issues: ValidationIssue[]): number | null | undefined {
  const query = nonNegativeJsonNumber(q, queryKey, at, 'joules >= 0 or null', issues, true);
  let sum: number | null = null;
  let bad = false;
  turns.forEach((t, k) => {
    const v = nonNegativeJsonNumber(t, turnKey, { ...at, prefix: `turns[${k}].` }, 'joules >= 0 or null', issues, true);
    if (v === undefined) bad = true;
    else if (v !== null) sum = (sum ?? 0) + v;
  });
  if (query === undefined || bad) return undefined;
  return query ?? sum;
}

/** Import an `ipw run` from the texts of its two files (what importIpwRun reads). */
export function parseIpwRun(run: IpwRunText, opts: IpwOptions = {}): ImportResult {
  const bufferS = opts.bufferS ?? IPW_BUFFER_S;
  const file = run.traces.file;
  const concurrency = ipwConcurrency(run.summary.text, run.summary.file);
  const issues: ValidationIssue[] = [];
  const runs: ImportedRun[] = [];
  const seen = new Map<string, number>();
  const body = run.traces.text.charCodeAt(0) === 0xfeff ? run.traces.text.slice(1) : run.traces.text; // byte-order mark
  const lines = body.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop(); // one final line end
  if (lines.length === 0) issues.push({ file, line: 1, message: 'empty file, expected one JSON object per query' });
  lines.forEach((text, k) => {
    const line = k + 1;
    const at = { file, line };
    if (text.trim() === '') {
      issues.push({ file, line, message: 'blank line, expected a JSON object' });
      return;
    }
    const read = parseJson(text, file); // strict: a duplicated key is refused, not the last one kept
    if (read.issues.length) {
      pushAll(issues, read.issues.map((i) => ({ ...i, line, message: read.value === undefined ? `expected a JSON object (${i.message})` : i.message })));
      return;
    }
    const q = read.value;
    if (q === null || typeof q !== 'object' || Array.isArray(q)) {
      issues.push({ file, line, message: `expected a JSON object, found ${shown(q)}` });
      return;
    }
    const o = q as Record<string, unknown>;
    unknownEnergyFields(o, ENERGY_FIELDS.query, at, issues);
    const id = o.query_id;
    let idOk = false;
    if (typeof id !== 'string' || id === '' || id.trim() !== id) issues.push({ file, line, column: 'query_id', message: `expected a non-empty id without leading or trailing spaces, found ${shown(id)}` });
    else if (seen.has(id)) issues.push({ file, line, column: 'query_id', message: `expected a unique query_id, "${id}" is already on line ${seen.get(id)}` });
    else idOk = true;
    if (typeof id === 'string' && !seen.has(id)) seen.set(id, line);
    const elapsedS = nonNegativeJsonNumber(o, 'total_wall_clock_s', at, 'seconds >= 0', issues, false);
    let turns: Record<string, unknown>[] = [];
    if (o.turns !== undefined && o.turns !== null) {
      if (!Array.isArray(o.turns) || o.turns.some((t) => t === null || typeof t !== 'object' || Array.isArray(t))) {
        issues.push({ file, line, column: 'turns', message: `expected a list of turn objects, found ${shown(o.turns)}` });
        return;
      }
      turns = o.turns as Record<string, unknown>[];
      turns.forEach((t, k) => unknownEnergyFields(t, ENERGY_FIELDS.turn, { ...at, prefix: `turns[${k}].` }, issues));
    }
    const gpuJ = componentJ(o, turns, 'query_gpu_energy_joules', 'gpu_energy_joules', at, issues);
    const cpuJ = componentJ(o, turns, 'query_cpu_energy_joules', 'cpu_energy_joules', at, issues);
    if (gpuJ === null && cpuJ === null) {
      issues.push({ file, line, column: 'query_gpu_energy_joules', message: 'expected joules >= 0, found null with no CPU energy and no turn energies either (no energy recorded for this query)' });
      return;
    }
    if (!idOk || elapsedS == null || gpuJ === undefined || cpuJ === undefined) return;
    const r: ImportedRun = { sourceId: id as string, line, elapsedS, gpuJ, cpuJ, dramJ: null, reasons: new Set() };
    if (concurrency > 1) r.reasons.add('concurrent-whole-device');
    if (elapsedS > bufferS) r.reasons.add('ipw-buffer-exceeded');
    if ((gpuJ ?? 0) + (cpuJ ?? 0) === 0) r.reasons.add('zero-energy');
    runs.push(r);
  });
  if (issues.length) throw new ValidationError(issues);

  const notes = [`config.concurrency = ${concurrency}`, `telemetry buffer ${bufferS} s`];
  if (concurrency > 1) {
    const msg = `${file}: IPW ran with config.concurrency = ${concurrency}: each query was charged the whole device over its window, ` +
      'so queries that ran at the same time were each charged the others\' power too (double counting), and traces.jsonl has no ' +
      'start times, so the equal split of eq. (2.3) cannot be recovered; every run is flagged concurrent-whole-device. ' +
      'Record such a batch with scripts/power-log and `j2g energy`, which split power among concurrent runs';
    warn(msg);
    notes.push('concurrent: energies double count overlapping queries; the split cannot be recovered (no start times)');
  }
  const long = runs.filter((r) => r.reasons.has('ipw-buffer-exceeded'));
  if (long.length) {
    warn(`${file}: ${long.length} quer${long.length === 1 ? 'y' : 'ies'} longer than IPW's ${bufferS} s telemetry buffer (${long.slice(0, 5).map((r) => r.sourceId).join(', ')}${long.length > 5 ? ', ...' : ''}): energy possibly under-counted, flagged ipw-buffer-exceeded`);
  }
  return toRunsCsv(runs, 'ipw', file, 'query_id', notes, opts.map);
}
