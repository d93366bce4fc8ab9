/**
 * Run, setup and idle windows from `marks.csv` (`mono_ns,wall_ns,kind,id,task_id,system,attempt,gpus,batch`).
 *
 * Marks are sorted by monotonic time (stable), because concurrent markers may append slightly out of
 * order. A start opens a window, the matching end closes it. Nothing is dropped: a second start or end
 * for the same id flags `nested-mark` (the first start and first end are kept), an end without a start
 * becomes a window with no time (`unmatched-mark`), and a start without an end stays open (endS =
 * Infinity) until `closeOpenWindows` ends it at the trace end (`unmatched-mark`).
 *
 * Example: marks run-start a @ 1 s, run-end a @ 3 s => runs = [{ id: 'a', startS: 1, endS: 3 }]
 */
import { join } from 'node:path';
import { readCsv } from '../io/csv.ts';
import { checkHeader } from '../io/csvRows.ts';
import { ValidationError, type ValidationIssue } from '../errors.ts';
import type { Window } from './types.ts';

export interface MarkWindows {
  runs: Window[];
  setups: Window[];
  idles: Window[];
  /** logger-stop instant in trace seconds, if the logger was stopped cleanly */
  stoppedS: number | null;
}

const KINDS = new Set(['run-start', 'run-end', 'setup-start', 'setup-end', 'idle-start', 'idle-end', 'logger-start', 'logger-stop']);
const COLUMNS = ['mono_ns', 'wall_ns', 'kind', 'id', 'task_id', 'system', 'attempt', 'gpus', 'batch'];

export function markWindows(dir: string, originNs: number): MarkWindows {
  const file = join(dir, 'marks.csv');
  const csv = readCsv(file);
  const issues: ValidationIssue[] = [];
  if (!checkHeader(csv, COLUMNS, issues)) throw new ValidationError(issues);
  const marks = [];
  for (const r of csv.rows) {
    const v = r.values;
    const mono = Number(v.mono_ns);
    if (!/^\d+$/.test(v.mono_ns)) issues.push({ file, line: r.line, column: 'mono_ns', message: `expected an integer, found "${v.mono_ns}"` });
    if (!KINDS.has(v.kind)) issues.push({ file, line: r.line, column: 'kind', message: `unknown mark kind "${v.kind}"` });
    if (v.kind.startsWith('run-') || v.kind.startsWith('setup-') || v.kind.startsWith('idle-')) {
      if (v.id === '') issues.push({ file, line: r.line, column: 'id', message: 'empty id' });
    }
    if (v.gpus !== '' && !/^\d+(,\d+)*$/.test(v.gpus)) {
      issues.push({ file, line: r.line, column: 'gpus', message: `expected GPU indices separated by commas (0,1), found "${v.gpus}"` });
    }
    marks.push({ t: (mono - originNs) / 1e9, v, line: r.line });
  }
  if (issues.length) throw new ValidationError(issues);
  marks.sort((a, b) => a.t - b.t || a.line - b.line);

  const tables: Record<string, Map<string, Window>> = { run: new Map(), setup: new Map(), idle: new Map() };
  let stoppedS: number | null = null;
  for (const { t, v } of marks) {
    if (v.kind === 'logger-stop') { stoppedS = t; continue; }
    if (v.kind === 'logger-start') continue;
    const [what, edge] = v.kind.split('-') as [string, 'start' | 'end'];
    const table = tables[what];
    let w = table.get(v.id);
    if (!w) {
      w = { id: v.id, startS: NaN, endS: NaN, attrs: { task_id: '', system: '', attempt: '', gpus: '', batch: '' }, reasons: new Set() };
      table.set(v.id, w);
    }
    if (edge === 'start') {
      if (!Number.isNaN(w.startS)) { w.reasons.add('nested-mark'); continue; }
      w.startS = t;
      w.attrs = { task_id: v.task_id, system: v.system, attempt: v.attempt, gpus: v.gpus, batch: v.batch };
    } else {
      if (!Number.isNaN(w.endS)) { w.reasons.add('nested-mark'); continue; }
      if (Number.isNaN(w.startS)) { w.reasons.add('unmatched-mark'); w.startS = t; } // an end without a start: no time
      w.endS = t;
    }
  }
  const list = (m: Map<string, Window>) => {
    const out = [...m.values()];
    for (const w of out) if (Number.isNaN(w.endS)) { w.endS = Infinity; w.reasons.add('unmatched-mark'); }
    return out.sort((a, b) => a.startS - b.startS || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  };
  return { runs: list(tables.run), setups: list(tables.setup), idles: list(tables.idle), stoppedS };
}

/** End every open window (endS = Infinity) at the trace end. */
export function closeOpenWindows(windows: Window[], traceEndS: number): void {
  for (const w of windows) if (w.endS === Infinity) w.endS = Math.max(w.startS, traceEndS);
}
