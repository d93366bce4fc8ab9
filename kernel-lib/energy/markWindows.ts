/**
 * Run, setup and idle windows from `marks.csv` (`mono_ns,wall_ns,kind,id,task_id,system,attempt,gpus,batch`).
 *
 * Marks are sorted by monotonic time (stable), because concurrent markers may append slightly out of
 * order. A start opens a window, the matching end closes it. Nothing is dropped: a second start or end
 * for the same id flags `nested-mark` (the first start and first end are kept), an end without a start
 * becomes a window with no time (`unmatched-mark`), and a start without an end stays open (endS =
 * Infinity) until `closeOpenWindows` ends it at the trace end (`unmatched-mark`).
 *
 * A line that is truncated or garbled, or breaks a rule of `checkMarkFields` (the same rules
 * `power-log mark` applies when it writes one), is skipped and listed in `skipped` with where it lies in
 * time (between the good marks before and after it in the file), never the end of the whole trace. The
 * same id opening a second window after its first one ended is an error naming both lines: ids must be
 * unique per kind (a second window would otherwise be lost from runs.csv, or two rows share one run_id).
 *
 * Example: marks run-start a @ 1 s, run-end a @ 3 s => runs = [{ id: 'a', startS: 1, endS: 3 }]
 */
import { closeSync, readFileSync } from 'node:fs';
import { openInput } from '../io/input.ts';
import { join } from 'node:path';
import { ValidationError } from '../errors.ts';
import type { SkippedLine, Window } from './types.ts';

export interface MarkWindows {
  runs: Window[];
  setups: Window[];
  idles: Window[];
  /** logger-stop instant in trace seconds, if the logger was stopped cleanly */
  stoppedS: number | null;
  /** lines of marks.csv that were skipped (truncated, garbled, breaking a mark rule) */
  skipped: SkippedLine[];
}

const KINDS = new Set(['run-start', 'run-end', 'setup-start', 'setup-end', 'idle-start', 'idle-end', 'logger-start', 'logger-stop']);
/** marks.csv is read whole: at most 128 MiB (a mark is about 100 bytes). */
export const MAX_MARKS_BYTES = 128 * 2 ** 20;
/** How far concurrent markers may write out of time order (seconds); a mark further out is garbled. */
export const MARK_JITTER_S = 1;
const COLUMNS = ['mono_ns', 'wall_ns', 'kind', 'id', 'task_id', 'system', 'attempt', 'gpus', 'batch'];
export const MARKS_HEADER = COLUMNS.join(',');
/** ids and attributes: characters that never need CSV quoting (scripts/power-log check_value) */
const VALUE = /^[A-Za-z0-9._:/@+=-]+$/;
const GPUS = /^(0|[1-9]\d*)(,(0|[1-9]\d*))*$/;
const ATTEMPT = /^[1-9]\d{0,14}$/; // at most 15 digits: every such integer is exact as a number (runs.csv's attempt)

export type MarkFields = Record<(typeof COLUMNS)[number], string>;

/**
 * The rules one mark obeys, shared by the ingester and (in shell) `power-log mark`: returns the first
 * broken rule as [column, message], or null. kind is one of the eight kinds; mono_ns and wall_ns are
 * integers (ns); run/setup/idle marks carry a non-empty id; ids, task_id, system and batch use letters,
 * digits and . _ : / @ + = - only; attempt is empty or a positive integer written as one (1, not 01,
 * 1.0 or 0) of at most 15 digits; gpus is empty or GPU indices (integers written as such, 1 not 01) separated by single
 * commas (0,1).
 *
 * Example: checkMarkFields({ mono_ns: '1', wall_ns: '1', kind: 'run-start', id: 'a', task_id: '', system: '',
 *   attempt: '0', gpus: '', batch: '' }) => ['attempt', 'expected a positive integer of at most 15 digits (1, 2, ...), found "0"']
 */
export function checkMarkFields(v: MarkFields): [string, string] | null {
  if (!/^\d+$/.test(v.mono_ns)) return ['mono_ns', `expected an integer, found "${v.mono_ns}"`];
  if (!/^\d+$/.test(v.wall_ns)) return ['wall_ns', `expected an integer, found "${v.wall_ns}"`];
  if (!KINDS.has(v.kind)) return ['kind', `unknown mark kind "${v.kind}"`];
  if (v.kind.startsWith('logger-')) {
    if (v.id !== '') return ['id', `a ${v.kind} mark has no id, found "${v.id}"`];
  } else if (v.id === '') return ['id', 'empty id'];
  for (const c of ['id', 'task_id', 'system', 'batch'] as const) {
    if (v[c] !== '' && !VALUE.test(v[c])) return [c, `expected letters, digits and . _ : / @ + = - only, found "${v[c]}"`];
  }
  if (v.attempt !== '' && !ATTEMPT.test(v.attempt)) return ['attempt', `expected a positive integer of at most 15 digits (1, 2, ...), found "${v.attempt}"`];
  if (v.gpus !== '' && !GPUS.test(v.gpus)) return ['gpus', `expected GPU indices separated by commas (0,1), found "${v.gpus}"`];
  return null;
}

/** Split one marks.csv line into its 9 fields; a field may be wholly double-quoted (gpus is). null when not. */
function splitMarkLine(line: string): string[] | null {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      const close = line.indexOf('"', i + 1);
      if (close === -1 || (close + 1 < line.length && line[close + 1] !== ',')) return null;
      out.push(line.slice(i + 1, close));
      i = close + 1;
    } else {
      let j = line.indexOf(',', i);
      if (j === -1) j = line.length;
      const f = line.slice(i, j);
      if (f.includes('"')) return null;
      out.push(f);
      i = j;
    }
    if (i >= line.length) break;
    i++; // the comma (after a final one, the next pass reads the empty last field)
  }
  return out.length === COLUMNS.length ? out : null;
}

export function markWindows(dir: string, originNs: number): MarkWindows {
  const file = join(dir, 'marks.csv');
  let bytes: Buffer;
  // opened at the input boundary: a FIFO, device or directory named marks.csv is refused before any read
  const { fd, size } = openInput(file, file, Number.MAX_SAFE_INTEGER);
  try {
    const tooBig = (n: number) => new ValidationError([{ file, message: `${n} bytes, more than the ${MAX_MARKS_BYTES} bytes (${MAX_MARKS_BYTES / 2 ** 20} MiB) of marks this reader holds in memory (about a million marks); expected a smaller file` }]);
    if (size > MAX_MARKS_BYTES) throw tooBig(size);
    bytes = readFileSync(fd);
    if (bytes.length > MAX_MARKS_BYTES) throw tooBig(bytes.length);
  } catch (e) {
    if (e instanceof ValidationError) throw e;
    throw new ValidationError([{ file, message: `cannot read file (${(e as NodeJS.ErrnoException).code ?? e})` }]);
  } finally {
    closeSync(fd);
  }
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }); // a byte-order mark is dropped from the header only
  const lines: Buffer[] = [];
  for (let s = 0; s <= bytes.length;) {
    let e = bytes.indexOf(10, s);
    if (e === -1) e = bytes.length;
    lines.push(bytes.subarray(s, e));
    s = e + 1;
  }
  const text = (b: Buffer): string | null => {
    try { return utf8.decode(b).replace(/\r$/, ''); } catch { return null; }
  };
  // one leading byte-order mark is dropped, as sampleStream does: a second is part of a wrong header.
  // lines holds at least one line (the loop above runs once for an empty file).
  // (not text(...)?.replace: `null?.x` is undefined, and an invalid UTF-8 header was called an empty file)
  const first = text(lines[0]);
  const header = first === null ? null : first.replace(/^\uFEFF/, '');
  const truncatedFinal = lines[lines.length - 1].length > 0; // no final line end: a killed writer
  if (!truncatedFinal) lines.pop();
  if (header !== MARKS_HEADER) {
    throw new ValidationError([{ file, line: 1, message: `expected header "${MARKS_HEADER}", found ${header === '' ? 'an empty file' : header === null ? 'invalid UTF-8' : `"${header}"`}` }]);
  }
  const skipped: SkippedLine[] = [];
  let pending: SkippedLine[] = [];
  let lastGoodS = -Infinity;
  let marks: { t: number; v: MarkFields; line: number }[] = [];
  for (let k = 1; k < lines.length; k++) {
    const line = k + 1;
    const skip = (message: string) => {
      const sk = { file, line, message, fromS: lastGoodS, toS: Infinity };
      skipped.push(sk);
      pending.push(sk);
    };
    if (k === lines.length - 1 && truncatedFinal) { skip('half-written final line (no line end): a marker was killed while writing'); continue; }
    const t = text(lines[k]);
    if (t === null) { skip('invalid UTF-8'); continue; }
    if (t === '') { skip('blank line, expected a mark'); continue; }
    const f = splitMarkLine(t);
    if (!f) { skip(`expected ${COLUMNS.length} fields (${MARKS_HEADER}), found "${t.length > 80 ? t.slice(0, 80) + '...' : t}"`); continue; }
    const v = Object.fromEntries(COLUMNS.map((c, i) => [c, f[i]])) as MarkFields;
    const broken = checkMarkFields(v);
    if (broken) { skip(`${broken[0]}: ${broken[1]}`); continue; }
    const tS = (Number(v.mono_ns) - originNs) / 1e9;
    for (const p of pending) p.toS = Math.max(tS, p.fromS);
    pending = [];
    lastGoodS = tS;
    marks.push({ t: tS, v, line });
  }
  // A mark is stamped when it is written, so marks.csv is in time order but for the jitter of
  // concurrent markers. A mark out of order with both its neighbours by more than MARK_JITTER_S carries
  // a garbled time (a digit too many or too few): it is skipped and listed, not used as a window edge.
  const garbled = new Set<number>();
  for (let i = 0; i < marks.length; i++) {
    const t = marks[i].t, p = marks[i - 1]?.t, q = marks[i + 1]?.t;
    // no mark before the first, none after the last: -Infinity and Infinity are in order with any time
    const prev = p ?? -Infinity, next = q ?? Infinity;
    const ahead = t > next + MARK_JITTER_S && prev <= next + MARK_JITTER_S;
    const behind = t < prev - MARK_JITTER_S && next >= prev - MARK_JITTER_S;
    if (!ahead && !behind) continue;
    garbled.add(i);
    const around = [p, q].filter((x): x is number => x !== undefined);
    skipped.push({ file, line: marks[i].line, message: `mono_ns: ${t.toFixed(9)} s lies outside the marks around it (${around.map((x) => `${x.toFixed(9)} s`).join(' and ')}): a garbled time`, fromS: Math.min(...around), toS: Math.max(...around) });
  }
  // (not splice(0, n, ...kept): spread as arguments, 300,000 marks overflowed the stack, a RangeError)
  marks = marks.filter((_, i) => !garbled.has(i));
  marks.sort((a, b) => a.t - b.t); // stable: marks of one instant keep their file order

  const tables: Record<string, Map<string, Window & { startLine?: number; endLine?: number }>> = { run: new Map(), setup: new Map(), idle: new Map() };
  let stoppedS: number | null = null;
  for (const { t, v, line } of marks) {
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
      if (w.endLine !== undefined) { // (endS and endLine are set together)
        // an end with no start before it, then this start: the end came first, not a second window
        const message = w.startLine === undefined
          ? `${what}-start of "${v.id}" comes after its ${what}-end (line ${w.endLine}, ${(t - w.endS).toFixed(9)} s earlier); expected the ${what}-start first`
          : `${what} id "${v.id}" opens a second window (its first one is at lines ${w.startLine}-${w.endLine}); every ${what} needs its own id`;
        throw new ValidationError([{ file, line, column: 'id', message }]);
      }
      if (!Number.isNaN(w.startS)) { w.reasons.add('nested-mark'); continue; }
      w.startS = t;
      w.startLine = line;
      w.attrs = { task_id: v.task_id, system: v.system, attempt: v.attempt, gpus: v.gpus, batch: v.batch };
    } else {
      if (!Number.isNaN(w.endS)) { w.reasons.add('nested-mark'); continue; }
      if (Number.isNaN(w.startS)) { w.reasons.add('unmatched-mark'); w.startS = t; } // an end without a start: no time
      w.endS = t;
      w.endLine = line;
    }
  }
  const list = (m: Map<string, Window & { startLine?: number; endLine?: number }>): Window[] => {
    const out = [...m.values()].map(({ startLine: _s, endLine: _e, ...w }) => w);
    for (const w of out) if (Number.isNaN(w.endS)) { w.endS = Infinity; w.reasons.add('unmatched-mark'); }
    return out.sort((a, b) => a.startS - b.startS || (a.id < b.id ? -1 : 1)); // ids of one table differ
  };
  return { runs: list(tables.run), setups: list(tables.setup), idles: list(tables.idle), stoppedS, skipped };
}

/** End every open window (endS = Infinity) at the trace end. */
export function closeOpenWindows(windows: Window[], traceEndS: number): void {
  for (const w of windows) if (w.endS === Infinity) w.endS = Math.max(w.startS, traceEndS);
}
