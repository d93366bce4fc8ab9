/**
 * The IPW importer (kernel-lib/import/ipw.ts) on `ipw run` texts written by hand (issue #29: mutation
 * testing). IPW's traces.jsonl holds one query per line (query_id, total_wall_clock_s, query-level
 * energies in joules, or null with per-turn energies); summary.json holds config.concurrency.
 *
 * Oracles by hand: a query of 18 s with 2,000 J GPU and 500 J CPU is 18 / 3600 = 0.005 h, 0.0025 MJ
 * (27 s: 0.0075 h);
 * turns of 5,000 J, null and 6,000 J GPU sum to 11,000 J = 0.011 MJ (the query-level field, where
 * present, wins: its window is the whole query).
 *
 * Equivalent mutants (no output can tell them apart):
 * - ipwConcurrency's `typeof summary === 'object'` made `true`: summary.json's value is never undefined,
 *   and for a number, string or boolean `.config` is undefined, as the guard's `undefined` is;
 *   `typeof c !== 'number'` made `false`: Number.isInteger does not coerce.
 * - parseIpwRun's `if (!idOk || elapsedS == null || gpuJ === undefined || cpuJ === undefined) return`
 *   weakened (an operand made `false`, `||` made `&&`, the return removed): each of those cases has
 *   already pushed an issue, so a wrongly kept run is never returned (the ValidationError is thrown).
 * - `typeof id === 'string'` in the `seen.set` guard made `true`: a non-string id is recorded under a
 *   number or object key, which no string id equals; `let idOk = false` made `true`: each case that
 *   leaves idOk false has pushed an issue (as above).
 * - componentJ's `if (v === undefined) bad = true` made `false`: the bad turn's issue is pushed anyway,
 *   and the sum becomes NaN (`sum + undefined`), not null, so no "no energy" issue is added either.
 * - `let turns = []` made `["Stryker was here"]` (when the query has no turns): a string's
 *   `gpu_energy_joules` is undefined, read as a null turn energy, which adds nothing.
 * - readText's `e.issues[0]?.message` made `e.issues[0].message`: a ValidationError holds one issue or
 *   more.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ImportResult } from '../../kernel-lib/import/importedRuns.ts';
import { importIpwRun, ipwConcurrency, parseIpwRun } from '../../kernel-lib/import/ipw.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';
import { thrownProblems } from '../helpers/dataset.ts';

beforeEach(() => {
  clearWarnings();
  onWarning(null);
});

const C1 = '{"config": {"concurrency": 1}}';
const run = (traces: string, summary = C1, bufferS?: number) =>
  parseIpwRun({ traces: { file: 't.jsonl', text: traces }, summary: { file: 's.json', text: summary } }, bufferS === undefined ? {} : { bufferS });
const problems = thrownProblems; // the ValidationError's lines (test/helpers/dataset.ts)
const q = (id: string, s: number, gpu: number | null, cpu: number | null, extra = '') =>
  `{"query_id": "${id}", "total_wall_clock_s": ${s}, "query_gpu_energy_joules": ${gpu}, "query_cpu_energy_joules": ${cpu}${extra}}`;
const rowsOf = (r: ImportResult) => r.rows.map((x) => [x.run_id, x.ai_hours, x.energy_mj, x.energy_gpu_mj, x.energy_cpu_mj, x.validity]);

describe('IPW import (by hand)', () => {
  it('query-level energies, joules to MJ, seconds to hours; notes of a serial run, no warning', () => {
    const r = run(`${q('a', 18, 2000, 500)}\n${q('b', 27, null, 900)}\n`);
    expect(rowsOf(r)).toEqual([
      ['a', '0.005000000', '0.002500000', '0.002000000', '0.000500000', 'ok'],
      ['b', '0.007500000', '0.000900000', '', '0.000900000', 'ok'],
    ]);
    expect(r.summary.notes).toEqual(['config.concurrency = 1', 'telemetry buffer 30 s']);
    expect(r.summary.file).toBe('t.jsonl');
    expect(r.sources).toEqual([{ line: 1, elapsedS: 18 }, { line: 2, elapsedS: 27 }]);
    expect(warnings()).toEqual([]);
  });

  it('without query-level energy, the sum of the turns that have one; the query-level field wins where present', () => {
    const turns = ', "turns": [{"gpu_energy_joules": 5000, "cpu_energy_joules": 1}, {"gpu_energy_joules": null}, {"gpu_energy_joules": 6000, "cpu_energy_joules": null}]';
    expect(rowsOf(run(q('a', 18, null, null, turns) + '\n'))).toEqual([['a', '0.005000000', '0.011001000', '0.011000000', '0.000001000', 'ok']]);
    expect(rowsOf(run(q('a', 18, 7000, 2, turns) + '\n'))).toEqual([['a', '0.005000000', '0.007002000', '0.007000000', '0.000002000', 'ok']]);
    expect(rowsOf(run(q('a', 18, 7000, null, ', "turns": null') + '\n'))).toEqual([['a', '0.005000000', '0.007000000', '0.007000000', '', 'ok']]);
    expect(rowsOf(run('{"query_id": "a", "total_wall_clock_s": 1, "turns": [{"gpu_energy_joules": 3}]}\n'))).toEqual([['a', '0.000277778', '0.000003000', '0.000003000', '', 'ok']]);
  });

  it('concurrency above 1 flags every query and warns; the buffer flags queries longer than it (exactly 30 s is not)', () => {
    const r = run(`${q('a', 30, 1, 1)}\n${q('b', 30.5, 1, 1)}\n`, '{"config": {"concurrency": 2}}');
    expect(r.rows.map((x) => x.validity)).toEqual(['concurrent-whole-device', 'concurrent-whole-device;ipw-buffer-exceeded']);
    expect(r.summary.notes).toEqual(['config.concurrency = 2', 'telemetry buffer 30 s', 'concurrent: energies double count overlapping queries; the split cannot be recovered (no start times)']);
    expect(warnings()).toEqual([
      't.jsonl: IPW ran with config.concurrency = 2: each query was charged the whole device over its window, so queries that ran at the same time were each charged the others\' power too (double counting), and traces.jsonl has no start times, so the equal split of eq. (2.3) cannot be recovered; every run is flagged concurrent-whole-device. Record such a batch with scripts/power-log and `j2g energy`, which split power among concurrent runs',
      't.jsonl: 1 query longer than IPW\'s 30 s telemetry buffer (b): energy possibly under-counted, flagged ipw-buffer-exceeded',
    ]);
  });

  it('a buffer of one\'s own; the long-query warning names five queries, then "..."', () => {
    const lines = Array.from({ length: 6 }, (_, k) => q(`q${k}`, 11, 1, 1)).join('\n');
    const r = run(lines, C1, 10);
    expect(r.summary.notes).toEqual(['config.concurrency = 1', 'telemetry buffer 10 s']);
    expect(warnings()).toEqual(['t.jsonl: 6 queries longer than IPW\'s 10 s telemetry buffer (q0, q1, q2, q3, q4, ...): energy possibly under-counted, flagged ipw-buffer-exceeded']);
    clearWarnings();
    run(Array.from({ length: 5 }, (_, k) => q(`q${k}`, 11, 1, 1)).join('\n'), C1, 10);
    expect(warnings()).toEqual(['t.jsonl: 5 queries longer than IPW\'s 10 s telemetry buffer (q0, q1, q2, q3, q4): energy possibly under-counted, flagged ipw-buffer-exceeded']);
    expect(run(q('a', 10, 1, 1), C1, 10).rows[0].validity).toBe('ok');
  });

  it('zero-energy when GPU and CPU together are 0 J (each 0 or absent), not when they are equal', () => {
    expect(run(`${q('a', 1, 0, null)}\n${q('b', 1, null, 0)}\n${q('c', 1, 0, 5)}\n${q('d', 1, 5, 5)}\n`).rows.map((x) => x.validity)).toEqual(['zero-energy', 'zero-energy', 'ok', 'ok']);
  });

  it('a byte-order mark, CRLF line ends and a missing final line end are read', () => {
    const r = run(`\ufeff${q('a', 18, 2000, 500)}\r\n${q('b', 36, 1, 1)}`);
    expect(r.rows.map((x) => x.run_id)).toEqual(['a', 'b']);
    expect(run(`${q('a', 18, 2000, 500)}\n${q('b', 36, 1, 1)}\n`).rows.map((x) => x.run_id)).toEqual(['a', 'b']);
  });

  it('a file holding only a byte-order mark is empty (the mark is not a blank line)', () => {
    // parseJson drops a leading BOM itself, so only an otherwise empty file shows that the import drops it first
    expect(problems(() => run('\ufeff'))).toEqual(['t.jsonl:1: empty file, expected one JSON object per query']);
  });

  it('an empty file, a blank or white-space line and a non-object line are named at their line', () => {
    expect(problems(() => run(''))).toEqual(['t.jsonl:1: empty file, expected one JSON object per query']);
    expect(problems(() => run('\n'))).toEqual(['t.jsonl:1: blank line, expected a JSON object']);
    expect(problems(() => run(`${q('a', 1, 1, 1)}\n   \nnull\n5\n"x"\n[1]\n`))).toEqual([
      't.jsonl:2: blank line, expected a JSON object',
      't.jsonl:3: expected a JSON object, found null',
      't.jsonl:4: expected a JSON object, found 5',
      't.jsonl:5: expected a JSON object, found "x"',
      't.jsonl:6: expected a JSON object, found [1]',
    ]);
    const broken = problems(() => run(`${q('a', 1, 1, 1)}\n{"query_id": \n`));
    expect(broken).toHaveLength(1);
    expect(broken[0]).toMatch(/^t\.jsonl:2: expected a JSON object \(.+\)$/);
    expect(problems(() => run('{"query_id": "a", "query_id": "b", "total_wall_clock_s": 1, "query_gpu_energy_joules": 1}\n'))).toEqual(['t.jsonl:1: query_id: duplicate key "query_id" (first on line 1)']);
  });

  it('query ids: a string, not empty, no outer spaces, unique (the first line named)', () => {
    const msg = (line: number, found: string) => `t.jsonl:${line}: query_id: expected a non-empty id without leading or trailing spaces, found ${found}`;
    expect(problems(() => run([q('a', 1, 1, 1), q('', 1, 1, 1), q(' b', 1, 1, 1), q('c ', 1, 1, 1), q('a', 1, 1, 1), q('a', 1, 1, 1),
      '{"query_id": 5, "total_wall_clock_s": 1, "query_gpu_energy_joules": 1}', '{"total_wall_clock_s": 1, "query_gpu_energy_joules": 1}'].join('\n')))).toEqual([
      msg(2, '""'), msg(3, '" b"'), msg(4, '"c "'),
      't.jsonl:5: query_id: expected a unique query_id, "a" is already on line 1',
      't.jsonl:6: query_id: expected a unique query_id, "a" is already on line 1',
      msg(7, '5'), msg(8, 'nothing (field missing)'),
    ]);
  });

  it('turns must be a list of objects; a bad turn energy is named with its turn; no "no energy" issue on top', () => {
    let n = 0;
    const list = (turns: string) => `{"query_id": "q${n++}", "total_wall_clock_s": 1, "query_gpu_energy_joules": 1, "turns": ${turns}}`;
    expect(problems(() => run([list('{"gpu_energy_joules": 1}'), list('[{}, 5]'), list('[null]'), list('[[]]')].join('\n')))).toEqual([
      't.jsonl:1: turns: expected a list of turn objects, found {"gpu_energy_joules":1}',
      't.jsonl:2: turns: expected a list of turn objects, found [{},5]',
      't.jsonl:3: turns: expected a list of turn objects, found [null]',
      't.jsonl:4: turns: expected a list of turn objects, found [[]]',
    ]);
    expect(problems(() => run('{"query_id": "a", "total_wall_clock_s": 1, "turns": [{"gpu_energy_joules": 1}, {"gpu_energy_joules": -2}]}'))).toEqual([
      't.jsonl:1: turns[1].gpu_energy_joules: expected joules >= 0 or null, found -2',
    ]);
    expect(problems(() => run(q('a', 1, -1, null)))).toEqual(['t.jsonl:1: query_gpu_energy_joules: expected joules >= 0 or null, found -1']);
    expect(problems(() => run('{"query_id": "a", "total_wall_clock_s": 1, "turns": [{"gpu_energy_joules": "3"}]}'))).toEqual([
      't.jsonl:1: turns[0].gpu_energy_joules: expected joules >= 0 or null, found "3"',
    ]);
    expect(problems(() => run(q('a', 1, null, null, ', "turns": []')))).toEqual([
      't.jsonl:1: query_gpu_energy_joules: expected joules >= 0, found null with no CPU energy and no turn energies either (no energy recorded for this query)',
    ]);
  });

  it('energy fields in other units or casing are refused, at the query and in a turn; other fields are not', () => {
    const msg = (col: string, known: string) => `t.jsonl:1: ${col}: unknown energy field, expected ${known} (joules): j2g reads no other, and leaving this one out would drop its energy`;
    const QK = 'query_gpu_energy_joules or query_cpu_energy_joules';
    expect(problems(() => run(q('a', 1, 1, 1, ', "gpu_wh": 1, "x_kj": 1, "x_mj": 1, "Total_KWH": 1, "gpu_joules": 1, "energy_total": 1')))).toEqual(
      ['gpu_wh', 'x_kj', 'x_mj', 'Total_KWH', 'gpu_joules', 'energy_total'].map((k) => msg(k, QK)));
    expect(run(q('a', 1, 1, 1, ', "note_when": 1, "x_kjx": 1, "x_mjx": 1, "query_gpu_power_avg_watts": 300')).rows).toHaveLength(1);
    expect(problems(() => run(q('a', 1, 1, 1, ', "turns": [{"cpu_energy_joules": 1}, {"gpu_energy_kwh": 2}]')))).toEqual([msg('turns[1].gpu_energy_kwh', 'gpu_energy_joules or cpu_energy_joules')]);
    expect(problems(() => run(q('a', 1, 1, 1, ', "turns": [{"query_gpu_energy_joules": 1}]')))).toEqual([msg('turns[0].query_gpu_energy_joules', 'gpu_energy_joules or cpu_energy_joules')]);
  });
});

describe('IPW import: the elapsed time and the names in messages', () => {
  it('a null total_wall_clock_s is an error, not a query skipped', () => {
    expect(problems(() => run('{"query_id": "a", "total_wall_clock_s": null, "query_gpu_energy_joules": 1}\n'))).toEqual([
      't.jsonl:1: total_wall_clock_s: expected seconds >= 0, found null',
    ]);
  });

  it('the summary names the source; a query --map does not list is named by its query_id column', () => {
    expect(run(q('a', 1, 1, 1)).summary.source).toBe('ipw');
    const map = { file: 'map.csv', bySourceId: new Map([['b', { source_id: 'b', run_id: 'r', task_id: 't', system: 's', attempt: 1 }]]) };
    expect(problems(() => parseIpwRun({ traces: { file: 't.jsonl', text: q('a', 1, 1, 1) }, summary: { file: 's.json', text: C1 } }, { map }))).toEqual([
      't.jsonl:1: query_id: expected an id listed in map.csv (source_id), found "a"',
    ]);
  });
});

describe('ipwConcurrency', () => {
  it('reads config.concurrency, an integer >= 1', () => {
    expect(ipwConcurrency('{"config": {"concurrency": 1}}', 's.json')).toBe(1);
    expect(ipwConcurrency('{"config": {"concurrency": 8}}', 's.json')).toBe(8);
  });

  it('refuses 0, 2.5, a string, null summary or config, naming the line of the field (or of the word)', () => {
    const bad = (found: string, line = 1) => [`s.json:${line}: config.concurrency: expected an integer >= 1, found ${found}`];
    expect(problems(() => ipwConcurrency('{"config": {"concurrency": 0}}', 's.json'))).toEqual(bad('0'));
    expect(problems(() => ipwConcurrency('{"config": {\n"concurrency": 2.5}}', 's.json'))).toEqual(bad('2.5', 2));
    expect(problems(() => ipwConcurrency('null', 's.json'))).toEqual(['s.json: config.concurrency: expected an integer >= 1, found nothing (field missing)']);
    expect(problems(() => ipwConcurrency('{"config": null}', 's.json'))).toEqual(['s.json: config.concurrency: expected an integer >= 1, found nothing (field missing)']);
    expect(problems(() => ipwConcurrency('{"other": {"concurrency": 2},\n"config": {}}', 's.json'))).toEqual(bad('nothing (field missing)'));
    expect(problems(() => ipwConcurrency('{"config": {"concurrency": 1}', 's.json'))).toHaveLength(1);
  });
});

describe('importIpwRun', () => {
  it('reads DIR/traces.jsonl and DIR/summary.json; a missing file says what the folder needs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-ipw-'));
    expect(problems(() => importIpwRun(dir))).toEqual([`${join(dir, 'traces.jsonl')}: cannot read file (ENOENT); expected an \`ipw run\` folder with traces.jsonl`]);
    writeFileSync(join(dir, 'traces.jsonl'), `${q('a', 18, 2000, 500)}\n`);
    expect(problems(() => importIpwRun(dir))).toEqual([`${join(dir, 'summary.json')}: cannot read file (ENOENT); expected summary.json beside traces.jsonl (it holds config.concurrency)`]);
    writeFileSync(join(dir, 'summary.json'), '{"config": {"concurrency": 3}}');
    const r = importIpwRun(dir, { bufferS: 5 });
    expect(rowsOf(r)).toEqual([['a', '0.005000000', '0.002500000', '0.002000000', '0.000500000', 'concurrent-whole-device;ipw-buffer-exceeded']]);
    expect(r.summary.file).toBe(join(dir, 'traces.jsonl'));
    const sub = join(dir, 'sub');
    mkdirSync(sub);
    mkdirSync(join(sub, 'traces.jsonl'));
    // refused by the input boundary before any read (io/input.ts), by what it is
    expect(problems(() => importIpwRun(sub))[0]).toMatch(/traces\.jsonl: a directory, expected a regular file \(nothing was read\)$/);
  });
});
