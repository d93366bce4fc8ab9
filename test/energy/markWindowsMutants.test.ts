/**
 * markWindows, checkMarkFields and closeOpenWindows on marks.csv files written by hand (#29: the energy
 * tests reach them through whole traces, where marks are well formed and in order, so the edges of each
 * rule were never checked). Oracle: the file's text read by hand: t = (mono_ns - originNs) / 1e9, the
 * 1-based physical line (header = 1), the rule each field breaks as docs/power-log's mark rules state it,
 * and MARK_JITTER_S = 1 s: a mark more than 1 s out of order with both neighbours is garbled.
 *
 * Mutation (#29, docs/mutation.md): markWindows.ts 379 of 380 mutants killed. The one left is equivalent:
 * - 208 `a.id < b.id` made `<=` in the windows' sort: the ids compared are keys of one Map (one table
 *   per kind), never equal, so the comparator's sign is the same.
 * Checks that could never fail were removed rather than listed here (each was an equivalent mutant):
 * splitMarkLine's final-comma case (the next pass reads the same empty field), `lines.length > 0` (the
 * split loop runs once even for an empty file), the neighbour tests `next !== undefined` and `prev !==
 * undefined` (a comparison with undefined is false), `if (garbled.size)` before the filter, the sort's
 * tie-break by line (Array.prototype.sort is stable and the marks are in line order), the start's
 * `!Number.isNaN(w.endS)` (endS and endLine are set together) and the id sort's `a.id > b.id ? 1 : 0`.
 * splitMarkLine's 80 `close === -1` made `false`, not killed before, loops forever on a line of an empty
 * first field and an unclosed quote (a timeout): the test of `,"x` below.
 */
import { closeSync, mkdtempSync, openSync, writeFileSync, ftruncateSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ValidationError } from '../../kernel-lib/errors.ts';
import { MARKS_HEADER, MAX_MARKS_BYTES, checkMarkFields, closeOpenWindows, markWindows, type MarkFields } from '../../kernel-lib/energy/markWindows.ts';
import type { Window } from '../../kernel-lib/energy/types.ts';

const S = 1e9; // ns per second; origin 0, so mono_ns = t x 1e9
const mark = (t: number, kind: string, id = '', rest = ',,,,') => `${Math.round(t * S)},1,${kind},${id},${rest}`;
function dirWith(text: string | Buffer): string {
  const d = mkdtempSync(join(tmpdir(), 'j2g-marks-'));
  writeFileSync(join(d, 'marks.csv'), text);
  return d;
}
const marks = (...lines: string[]) => dirWith([MARKS_HEADER, ...lines].join('\n') + '\n');
const issuesOf = (f: () => unknown) => {
  try { f(); } catch (e) { if (e instanceof ValidationError) return e.issues; throw e; }
  throw new Error('expected a ValidationError');
};
const ATTRS = { task_id: '', system: '', attempt: '', gpus: '', batch: '' };
const win = (id: string, startS: number, endS: number, reasons: string[] = [], attrs = ATTRS): Window => ({ id, startS, endS, attrs, reasons: new Set(reasons) as Window['reasons'] });
const fields = (over: Partial<MarkFields>): MarkFields => ({ mono_ns: '1', wall_ns: '2', kind: 'run-start', id: 'a', task_id: '', system: '', attempt: '', gpus: '', batch: '', ...over });

describe('checkMarkFields', () => {
  test('accepts a full mark and the logger marks without id', () => {
    expect(checkMarkFields(fields({ task_id: 'T.1', system: 'sys:a/b@c+d=e-f_g', attempt: '999999999999999', gpus: '0,1,10', batch: 'B' }))).toBe(null);
    expect(checkMarkFields(fields({ kind: 'logger-start', id: '' }))).toBe(null);
    expect(checkMarkFields(fields({ kind: 'logger-stop', id: '' }))).toBe(null);
  });

  test('mono_ns and wall_ns must be all digits, from the first character to the last', () => {
    for (const bad of ['', 'x1', '1x', '-1', '1.5']) {
      expect(checkMarkFields(fields({ mono_ns: bad }))).toEqual(['mono_ns', `expected an integer, found "${bad}"`]);
      expect(checkMarkFields(fields({ wall_ns: bad }))).toEqual(['wall_ns', `expected an integer, found "${bad}"`]);
    }
  });

  test('kind is one of the eight; a logger mark has no id, every other mark has one', () => {
    expect(checkMarkFields(fields({ kind: 'run' }))).toEqual(['kind', 'unknown mark kind "run"']);
    expect(checkMarkFields(fields({ kind: 'logger-stop', id: 'x' }))).toEqual(['id', 'a logger-stop mark has no id, found "x"']);
    for (const kind of ['run-start', 'run-end', 'setup-start', 'setup-end', 'idle-start', 'idle-end']) expect(checkMarkFields(fields({ kind, id: '' }))).toEqual(['id', 'empty id']);
  });

  test('id, task_id, system and batch: the allowed characters only, checked in that order', () => {
    const msg = (v: string) => `expected letters, digits and . _ : / @ + = - only, found "${v}"`;
    for (const bad of ['a b', 'a,b', '!a', 'a!', 'é']) {
      expect(checkMarkFields(fields({ id: bad }))).toEqual(['id', msg(bad)]);
      expect(checkMarkFields(fields({ batch: bad }))).toEqual(['batch', msg(bad)]);
    }
    expect(checkMarkFields(fields({ task_id: 'x y', system: 'p q' }))).toEqual(['task_id', msg('x y')]);
    expect(checkMarkFields(fields({ system: 'p q', batch: 'r s' }))).toEqual(['system', msg('p q')]);
  });

  test('attempt: empty, or 1 to 15 digits not starting with 0', () => {
    for (const ok of ['', '1', '10', '999999999999999']) expect(checkMarkFields(fields({ attempt: ok }))).toBe(null);
    for (const bad of ['0', '01', '1.0', '1000000000000000', 'x1', '1x']) {
      expect(checkMarkFields(fields({ attempt: bad }))).toEqual(['attempt', `expected a positive integer of at most 15 digits (1, 2, ...), found "${bad}"`]);
    }
  });

  test('gpus: empty, or indices written as integers, separated by single commas', () => {
    for (const ok of ['', '0', '0,1', '10,2,0']) expect(checkMarkFields(fields({ gpus: ok }))).toBe(null);
    for (const bad of ['01', '0,,1', '1,', ',1', '0,01', 'a', '1 ', 'x0', '0x']) {
      expect(checkMarkFields(fields({ gpus: bad }))).toEqual(['gpus', `expected GPU indices separated by commas (0,1), found "${bad}"`]);
    }
  });
});

describe('reading marks.csv', () => {
  test('a run, a setup and an idle window with their attributes; times (mono_ns - origin) / 1e9; logger-stop kept', () => {
    const d = marks(
      mark(10, 'logger-start'),
      mark(11, 'setup-start', 's'), mark(12, 'setup-end', 's'),
      `${12.5 * S},1,run-start,r1,T1,sysA,2,"0,1",b7`, mark(14, 'run-end', 'r1'),
      mark(15, 'idle-start', 'i'), mark(16.25, 'idle-end', 'i'), mark(17, 'logger-stop'),
    );
    const w = markWindows(d, 10 * S);
    expect(w.runs).toEqual([win('r1', 2.5, 4, [], { task_id: 'T1', system: 'sysA', attempt: '2', gpus: '0,1', batch: 'b7' })]);
    expect(w.setups).toEqual([win('s', 1, 2)]);
    expect(w.idles).toEqual([win('i', 5, 6.25)]);
    expect(w.stoppedS).toBe(7);
    expect(w.skipped).toEqual([]);
  });

  test('no logger-stop: stoppedS is null', () => {
    expect(markWindows(marks(mark(1, 'run-start', 'a'), mark(2, 'run-end', 'a')), 0).stoppedS).toBe(null);
  });

  test('windows sorted by start, then by id; nothing dropped: nested, unmatched and open windows flagged', () => {
    const d = marks(
      mark(1, 'run-start', 'b'), mark(1, 'run-start', 'a'), mark(1.5, 'run-start', 'a'),
      mark(2, 'run-end', 'a'), mark(2.5, 'run-end', 'a'), mark(3, 'run-end', 'c'), mark(3.5, 'run-end', 'b'),
      mark(4, 'run-start', 'open'),
    );
    expect(markWindows(d, 0).runs).toEqual([
      win('a', 1, 2, ['nested-mark']), win('b', 1, 3.5), win('c', 3, 3, ['unmatched-mark']), win('open', 4, Infinity, ['unmatched-mark']),
    ]);
  });

  test('the first start keeps its attributes when a second start nests in it', () => {
    const d = marks(`${1 * S},1,run-start,a,T1,,,,`, `${2 * S},1,run-start,a,T2,,,,`, mark(3, 'run-end', 'a'));
    expect(markWindows(d, 0).runs[0].attrs.task_id).toBe('T1');
  });

  test('the same id opening a second window, or a start after its lone end, is an error naming the line', () => {
    const d = marks(mark(1, 'run-start', 'a'), mark(2, 'run-end', 'a'), mark(3, 'run-start', 'a'));
    expect(issuesOf(() => markWindows(d, 0))).toEqual([{ file: join(d, 'marks.csv'), line: 4, column: 'id', message: 'run id "a" opens a second window (its first one is at lines 2-3); every run needs its own id' }]);
    const e = marks(mark(2, 'setup-end', 's'), mark(2.5, 'setup-start', 's'));
    expect(issuesOf(() => markWindows(e, 0))).toEqual([{ file: join(e, 'marks.csv'), line: 3, column: 'id', message: 'setup-start of "s" comes after its setup-end (line 2, 0.500000000 s earlier); expected the setup-start first' }]);
  });

  test('ids are per kind: a run and a setup may share one', () => {
    const w = markWindows(marks(mark(1, 'setup-start', 'x'), mark(2, 'setup-end', 'x'), mark(2, 'run-start', 'x'), mark(3, 'run-end', 'x')), 0);
    expect([w.setups, w.runs]).toEqual([[win('x', 1, 2)], [win('x', 2, 3)]]);
  });

  test('a mark within 1 s of jitter is sorted into place (ties by line); more than 1 s out of order is garbled and listed', () => {
    // b's start written 0.9 s late: sorted before a's end; the run-end of "g" at 50 s lies between 3 and 4
    const d = marks(mark(1, 'run-start', 'a'), mark(3, 'run-end', 'a'), mark(2.1, 'run-start', 'b'), mark(3, 'run-end', 'b'), mark(50, 'run-end', 'g'), mark(4, 'run-start', 'c'), mark(5, 'run-end', 'c'));
    const w = markWindows(d, 0);
    expect(w.runs).toEqual([win('a', 1, 3), win('b', 2.1, 3), win('c', 4, 5)]);
    expect(w.skipped).toEqual([{ file: join(d, 'marks.csv'), line: 6, message: 'mono_ns: 50.000000000 s lies outside the marks around it (3.000000000 s and 4.000000000 s): a garbled time', fromS: 3, toS: 4 }]);
  });

  test('exactly 1 s out of order is jitter, not garbled; a garbled first or last mark is named against its one neighbour', () => {
    const d = marks(mark(1, 'run-start', 'a'), mark(3, 'run-end', 'a'), mark(2, 'run-start', 'b'), mark(4, 'run-end', 'b'));
    expect(markWindows(d, 0).skipped).toEqual([]);
    expect(markWindows(d, 0).runs).toEqual([win('a', 1, 3), win('b', 2, 4)]);
    const e = marks(mark(9, 'run-start', 'x'), mark(1, 'run-start', 'a'), mark(2, 'run-end', 'a'), mark(3, 'run-start', 'b'), mark(0.5, 'run-start', 'y'));
    const w = markWindows(e, 0);
    const file = join(e, 'marks.csv');
    expect(w.skipped).toEqual([
      { file, line: 2, message: 'mono_ns: 9.000000000 s lies outside the marks around it (1.000000000 s): a garbled time', fromS: 1, toS: 1 },
      { file, line: 6, message: 'mono_ns: 0.500000000 s lies outside the marks around it (3.000000000 s): a garbled time', fromS: 3, toS: 3 },
    ]);
    expect(w.runs).toEqual([win('a', 1, 2), win('b', 3, Infinity, ['unmatched-mark'])]);
  });

  test('a mark in order with one neighbour is not garbled: of 10, 20, 3 only 3 is (20 follows 10)', () => {
    const d = marks(mark(10, 'run-start', 'a'), mark(20, 'run-end', 'a'), mark(3, 'run-start', 'b'));
    const w = markWindows(d, 0);
    expect(w.skipped.map((s) => [s.line, s.fromS, s.toS])).toEqual([[4, 20, 20]]);
    expect(w.runs).toEqual([win('a', 10, 20)]);
  });
});

describe('bad lines and bad files', () => {
  test('skips and lists each bad line with where it lies in time, and uses the rest', () => {
    const long = 'x'.repeat(100);
    const d = dirWith(Buffer.concat([
      Buffer.from([MARKS_HEADER, 'garbage', mark(1, 'run-start', 'a'), '', mark(2, 'run-start', 'b b'), `${long}`, ''].join('\n')),
      Buffer.from([0xff, 0xfe, 0x0a]),
      Buffer.from([mark(2, 'run-end', 'a'), '1,1,run-end,a,,,,"0"x,', '1,1,run-end,a,,,,"0', '1,1,run-end,a,,,,0",', mark(3, 'run-start', 'c', ',,,,,')].join('\n') + '\n'),
      Buffer.from(mark(4, 'run-end', 'c')),
    ]));
    const w = markWindows(d, 0);
    const file = join(d, 'marks.csv');
    expect(w.skipped).toEqual([
      { file, line: 2, message: `expected 9 fields (${MARKS_HEADER}), found "garbage"`, fromS: -Infinity, toS: 1 },
      { file, line: 4, message: 'blank line, expected a mark', fromS: 1, toS: 2 },
      { file, line: 5, message: 'id: expected letters, digits and . _ : / @ + = - only, found "b b"', fromS: 1, toS: 2 },
      { file, line: 6, message: `expected 9 fields (${MARKS_HEADER}), found "${long.slice(0, 80)}..."`, fromS: 1, toS: 2 },
      { file, line: 7, message: 'invalid UTF-8', fromS: 1, toS: 2 },
      { file, line: 9, message: `expected 9 fields (${MARKS_HEADER}), found "1,1,run-end,a,,,,"0"x,"`, fromS: 2, toS: Infinity },
      { file, line: 10, message: `expected 9 fields (${MARKS_HEADER}), found "1,1,run-end,a,,,,"0"`, fromS: 2, toS: Infinity },
      { file, line: 11, message: `expected 9 fields (${MARKS_HEADER}), found "1,1,run-end,a,,,,0","`, fromS: 2, toS: Infinity },
      { file, line: 12, message: `expected 9 fields (${MARKS_HEADER}), found "${mark(3, 'run-start', 'c', ',,,,,')}"`, fromS: 2, toS: Infinity },
      { file, line: 13, message: 'half-written final line (no line end): a marker was killed while writing', fromS: 2, toS: Infinity },
    ]);
    expect(w.runs).toEqual([win('a', 1, 2)]);
  });

  test('a skipped line ends at the next good mark even when that mark is earlier (jitter): [fromS, fromS]', () => {
    const d = marks(mark(2, 'run-start', 'a'), 'garbage', mark(1.5, 'run-start', 'b'), mark(3, 'run-end', 'a'), mark(3, 'run-end', 'b'));
    expect(markWindows(d, 0).skipped.map((s) => [s.line, s.fromS, s.toS])).toEqual([[3, 2, 2]]);
  });

  test('a closing quote must end its field: "0"x is not 9 fields, though a comma after the quote would make it so', () => {
    const d = marks(mark(1, 'run-start', 'a'), '2000000000,1,run-end,a,,,,"0"x', mark(3, 'run-end', 'a'));
    const w = markWindows(d, 0);
    expect(w.skipped.map((s) => [s.line, s.message])).toEqual([[3, `expected 9 fields (${MARKS_HEADER}), found "2000000000,1,run-end,a,,,,"0"x"`]]);
    expect(w.runs).toEqual([win('a', 1, 3)]);
  });

  test('an empty quoted first field is a field: "" as mono_ns is named as an empty integer, not as a wrong field count', () => {
    const d = marks('"",1,run-start,a,,,,,', mark(1, 'run-start', 'a'), mark(2, 'run-end', 'a'));
    expect(markWindows(d, 0).skipped.map((s) => [s.line, s.message])).toEqual([[2, 'mono_ns: expected an integer, found ""']]);
  });

  test('a quoted field is read without its quotes; an empty last field after a final comma counts', () => {
    const d = marks('1000000000,1,run-start,a,,,,"0,1",', mark(2, 'run-end', 'a'));
    expect(markWindows(d, 0).runs[0].attrs.gpus).toBe('0,1');
    const e = marks('1000000000,1,run-start,a,"T",,,,"b"', mark(2, 'run-end', 'a'));
    expect(markWindows(e, 0).runs[0].attrs).toEqual({ ...ATTRS, task_id: 'T', batch: 'b' });
  });

  test('CRLF line ends and a byte-order mark are read as plain lines', () => {
    const d = dirWith(`\uFEFF${MARKS_HEADER}\r\n${mark(1, 'run-start', 'a')}\r\n${mark(2, 'run-end', 'a')}\r\n`);
    const w = markWindows(d, 0);
    expect([w.runs, w.skipped]).toEqual([[win('a', 1, 2)], []]);
  });

  test('a wrong, empty or invalid UTF-8 header, a missing file and a file over 128 MiB are errors naming the file', () => {
    const msg = (d: string) => issuesOf(() => markWindows(d, 0));
    const wrong = dirWith('mono_ns,kind\n');
    expect(msg(wrong)).toEqual([{ file: join(wrong, 'marks.csv'), line: 1, message: `expected header "${MARKS_HEADER}", found "mono_ns,kind"` }]);
    const empty = dirWith('');
    expect(msg(empty)).toEqual([{ file: join(empty, 'marks.csv'), line: 1, message: `expected header "${MARKS_HEADER}", found an empty file` }]);
    const blank = dirWith('\n');
    expect(msg(blank)).toEqual([{ file: join(blank, 'marks.csv'), line: 1, message: `expected header "${MARKS_HEADER}", found an empty file` }]);
    const bin = dirWith(Buffer.from([0xc3, 0x28, 0x0a]));
    expect(msg(bin)).toEqual([{ file: join(bin, 'marks.csv'), line: 1, message: `expected header "${MARKS_HEADER}", found invalid UTF-8` }]);
    const none = mkdtempSync(join(tmpdir(), 'j2g-marks-'));
    expect(msg(none)).toEqual([{ file: join(none, 'marks.csv'), message: 'cannot read file (ENOENT)' }]);
    const big = mkdtempSync(join(tmpdir(), 'j2g-marks-'));
    const fd = openSync(join(big, 'marks.csv'), 'w');
    ftruncateSync(fd, MAX_MARKS_BYTES + 1); // sparse: no 128 MiB written
    closeSync(fd);
    expect(msg(big)).toEqual([{ file: join(big, 'marks.csv'), message: `${MAX_MARKS_BYTES + 1} bytes, more than the ${MAX_MARKS_BYTES} bytes (128 MiB) of marks this reader holds in memory (about a million marks); expected a smaller file` }]);
  });
});

describe('closeOpenWindows', () => {
  test('ends only open windows, at the trace end, or at their start when they open after it', () => {
    const ws = [win('a', 1, Infinity), win('b', 9, Infinity), win('c', 1, 2)];
    closeOpenWindows(ws, 5);
    expect(ws.map((w) => [w.id, w.startS, w.endS])).toEqual([['a', 1, 5], ['b', 9, 9], ['c', 1, 2]]);
  });
});

describe('markWindows body, edges (#29: lines 98-213)', () => {
  const file = (d: string) => join(d, 'marks.csv');

  test('a file of exactly 128 MiB is read (the limit is "more than"): its unended tail is one half-written line', () => {
    // header, its line end, then zeros up to MAX_MARKS_BYTES (sparse) with no line end: by hand, line 2
    // is the half-written final line and there is no mark
    const d = mkdtempSync(join(tmpdir(), 'j2g-marks-'));
    const fd = openSync(file(d), 'w');
    writeFileSync(fd, MARKS_HEADER + '\n');
    ftruncateSync(fd, MAX_MARKS_BYTES);
    closeSync(fd);
    const w = markWindows(d, 0);
    expect(w.skipped).toEqual([{ file: file(d), line: 2, message: 'half-written final line (no line end): a marker was killed while writing', fromS: -Infinity, toS: Infinity }]);
    expect([w.runs, w.setups, w.idles, w.stoppedS]).toEqual([[], [], [], null]);
  });

  test('a bad line of exactly 80 characters is quoted whole, one of 81 is cut to 80 and "..."', () => {
    const l80 = 'q'.repeat(80), l81 = 'r'.repeat(81);
    const d = marks(l80, l81, mark(1, 'run-start', 'a'));
    expect(markWindows(d, 0).skipped.map((s) => s.message)).toEqual([
      `expected 9 fields (${MARKS_HEADER}), found "${l80}"`,
      `expected 9 fields (${MARKS_HEADER}), found "${'r'.repeat(80)}..."`,
    ]);
  });

  test('only a carriage return at the end of a line is a line end: one inside a field is a bad character', () => {
    const d = marks('1000000000,1,run-start,a\rb,,,,,', mark(2, 'run-start', 'c'));
    const w = markWindows(d, 0);
    expect(w.skipped.map((s) => [s.line, s.message])).toEqual([[2, 'id: expected letters, digits and . _ : / @ + = - only, found "a\rb"']]);
    expect(w.runs.map((r) => r.id)).toEqual(['c']);
  });

  test('only a byte-order mark at the start of the header is skipped: one inside it makes a wrong header', () => {
    const bad = MARKS_HEADER.replace('kind', '\uFEFFkind');
    const d = dirWith(bad + '\n' + mark(1, 'run-start', 'a') + '\n');
    expect(issuesOf(() => markWindows(d, 0))).toEqual([{ file: file(d), line: 1, message: `expected header "${MARKS_HEADER}", found "${bad}"` }]);
  });

  test('a run-end written before its run-start (0.5 s of jitter) is sorted after it: one window, no error', () => {
    const d = marks(mark(2.5, 'run-end', 'a'), mark(2, 'run-start', 'a'), mark(3, 'logger-stop'));
    const w = markWindows(d, 0);
    expect(w.runs).toEqual([win('a', 2, 2.5)]);
    expect(w.stoppedS).toBe(3);
  });

  test('marks of one instant keep their file order: start then end is a window of no time, end then start an error', () => {
    expect(markWindows(marks(mark(2, 'run-start', 'a'), mark(2, 'run-end', 'a')), 0).runs).toEqual([win('a', 2, 2)]);
    const d = marks(mark(1, 'run-start', 'z'), mark(2, 'run-end', 'a'), mark(2, 'run-start', 'a'));
    expect(issuesOf(() => markWindows(d, 0))).toEqual([{ file: file(d), line: 4, column: 'id', message: 'run-start of "a" comes after its run-end (line 3, 0.000000000 s earlier); expected the run-start first' }]);
  });

  test('the last logger-stop in time is the stop, whatever the file order', () => {
    const d = marks(mark(5, 'logger-stop'), mark(4.5, 'logger-stop'), mark(4.8, 'logger-start'));
    expect(markWindows(d, 0).stoppedS).toBe(5);
  });

  test('garbled edges: ahead of its next by more than 1 s, with the previous exactly 1 s after that next, is garbled', () => {
    // 5, 10, 4, 6: 10 > 4 + 1 and 5 <= 4 + 1 (equal), so 10 is garbled; 4 is 1 s before 5 (jitter), and
    // 4 < 10 - 1 but 6 < 10 - 1 too, so 4 is not "behind" (its next is not within 1 s of 10)
    const d = marks(mark(5, 'run-start', 'a'), mark(10, 'run-start', 'b'), mark(4, 'run-start', 'c'), mark(6, 'run-start', 'd'));
    const w = markWindows(d, 0);
    expect(w.skipped.map((s) => [s.line, s.fromS, s.toS])).toEqual([[3, 4, 5]]);
    expect(w.runs.map((r) => [r.id, r.startS])).toEqual([['c', 4], ['a', 5], ['d', 6]]);
  });

  test('garbled edges: behind its previous by more than 1 s, with the next exactly 1 s before that previous, is garbled', () => {
    // 9, 10, 4, 9: 4 < 10 - 1 and 9 >= 10 - 1 (equal): 4 is garbled; 10 is not (its previous 9 > 4 + 1)
    const d = marks(mark(9, 'run-start', 'a'), mark(10, 'run-start', 'b'), mark(4, 'run-start', 'c'), mark(9, 'run-start', 'd'));
    const w = markWindows(d, 0);
    expect(w.skipped.map((s) => [s.line, s.fromS, s.toS])).toEqual([[4, 9, 10]]);
    expect(w.runs.map((r) => [r.id, r.startS])).toEqual([['a', 9], ['d', 9], ['b', 10]]);
  });

  test('windows of one start time are ordered by id whatever the file order (c, b, a written)', () => {
    const d = marks(mark(1, 'run-start', 'c'), mark(1, 'run-start', 'b'), mark(1, 'run-start', 'a'), mark(2, 'run-end', 'a'), mark(2, 'run-end', 'b'), mark(2, 'run-end', 'c'));
    expect(markWindows(d, 0).runs.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    const e = marks(mark(1, 'run-start', 'a'), mark(1, 'run-start', 'c'), mark(1, 'run-start', 'b'), mark(2, 'run-end', 'a'), mark(2, 'run-end', 'b'), mark(2, 'run-end', 'c'));
    expect(markWindows(e, 0).runs.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  test('an end without a start is a window of no time, flagged unmatched, with empty attributes (an end\'s own are not read)', () => {
    const d = marks(`${3 * S},1,idle-end,i,T9,sysB,2,0,b`);
    expect(markWindows(d, 0).idles).toEqual([win('i', 3, 3, ['unmatched-mark'])]);
  });
});

describe('byte-order marks and quotes (#29, second pass)', () => {
  test('a byte-order mark is dropped before the header only: a second one makes a wrong header, one before a mark garbles its mono_ns', () => {
    const two = dirWith(`\uFEFF\uFEFF${MARKS_HEADER}\n${mark(1, 'run-start', 'a')}\n`);
    expect(issuesOf(() => markWindows(two, 0))).toEqual([{ file: join(two, 'marks.csv'), line: 1, message: `expected header "${MARKS_HEADER}", found "\uFEFF${MARKS_HEADER}"` }]);
    const d = dirWith(`\uFEFF${MARKS_HEADER}\n\uFEFF${mark(1, 'run-start', 'a')}\n${mark(2, 'run-start', 'b')}\n`);
    const w = markWindows(d, 0);
    expect(w.skipped.map((s) => [s.line, s.message])).toEqual([[2, `mono_ns: expected an integer, found "\uFEFF${Math.round(1 * S)}"`]]);
    expect(w.runs.map((r) => r.id)).toEqual(['b']);
  });

  test('a line of an empty first field and an unclosed quote is skipped as a wrong field count', () => {
    const d = marks(',"x', mark(1, 'run-start', 'a'));
    expect(markWindows(d, 0).skipped.map((s) => [s.line, s.message])).toEqual([[2, `expected 9 fields (${MARKS_HEADER}), found ",\"x"`]]);
  });
});

describe('marks.csv at the input boundary', () => {
  test('a FIFO named marks.csv is refused by name before any read (it used to hang)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-marks-fifo-'));
    execFileSync('mkfifo', [join(dir, 'marks.csv')]);
    expect(() => markWindows(dir, 0)).toThrow(ValidationError);
    try {
      markWindows(dir, 0);
    } catch (e) {
      expect((e as ValidationError).issues[0].message).toMatch(/FIFO.*expected a regular file \(nothing was read\)/);
    }
  });
});
