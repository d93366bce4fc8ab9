/**
 * Bad files get the treatment our own do: every problem as `file:line: field: expected ...`, nothing
 * coerced (a JSON string "12.5" is not seconds), nothing dropped.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError, formatIssue } from '../../kernel-lib/errors.ts';
import { parseCodeCarbon, parseIpwRun, parseZeusLog } from '../../kernel-lib/import/index.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

onWarning(null);

function problems(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof ValidationError) return e.issues.map(formatIssue);
    throw e;
  }
  throw new Error('expected a ValidationError');
}

const SUMMARY = { file: 'run/summary.json', text: '{"config": {"concurrency": 1}}' };
const ipw = (lines: string[], summary = SUMMARY) => () => parseIpwRun({ traces: { file: 'run/traces.jsonl', text: lines.join('\n') + '\n' }, summary });
const ok = '{"query_id": "a", "total_wall_clock_s": 1.0, "query_gpu_energy_joules": 10.0}';

describe('IPW', () => {
  it('a number written as a string, a negative energy, a broken line and a repeated id are each named', () => {
    expect(problems(ipw([
      ok,
      '{"query_id": "b", "total_wall_clock_s": "12.5", "query_gpu_energy_joules": 10.0}',
      '{"query_id": "c", "total_wall_clock_s": 1.0, "query_gpu_energy_joules": null, "turns": [{"gpu_energy_joules": 1.0}, {"gpu_energy_joules": -4.0}]}',
      '{"query_id": "d", ',
      '{"query_id": "a", "total_wall_clock_s": 1.0, "query_gpu_energy_joules": 10.0}',
    ]))).toEqual([
      'run/traces.jsonl:2: total_wall_clock_s: expected seconds >= 0, found "12.5"',
      'run/traces.jsonl:3: turns[1].gpu_energy_joules: expected joules >= 0 or null, found -4',
      expect.stringMatching(/^run\/traces\.jsonl:4: expected a JSON object \(/),
      'run/traces.jsonl:5: query_id: expected a unique query_id, "a" is already on line 1',
    ]);
  });

  it('a query without any energy is an error, not a 0', () => {
    expect(problems(ipw(['{"query_id": "a", "total_wall_clock_s": 1.0, "query_gpu_energy_joules": null, "query_cpu_energy_joules": null}']))).toEqual([
      'run/traces.jsonl:1: query_gpu_energy_joules: expected joules >= 0, found null with no CPU energy and no turn energies either (no energy recorded for this query)',
    ]);
  });

  it('a blank line and a non-object line are errors', () => {
    expect(problems(ipw([ok, '', '[1, 2]']))).toEqual([
      'run/traces.jsonl:2: blank line, expected a JSON object',
      'run/traces.jsonl:3: expected a JSON object, found [1,2]',
    ]);
  });

  it('summary.json without an integer config.concurrency is an error at its line', () => {
    expect(problems(ipw([ok], { file: 'run/summary.json', text: '{\n  "config": {\n    "concurrency": "4"\n  }\n}' }))).toEqual([
      'run/summary.json:3: config.concurrency: expected an integer >= 1, found "4"',
    ]);
    expect(problems(ipw([ok], { file: 'run/summary.json', text: '{"config": {}}' }))).toEqual([
      'run/summary.json: config.concurrency: expected an integer >= 1, found nothing (field missing)',
    ]);
  });
});

const ZH = 'start_time,window_name,elapsed_time,gpu0_energy';
describe('Zeus', () => {
  it('NaN energy, a negative time and a repeated window name are each named; nothing is kept', () => {
    expect(problems(() => parseZeusLog([ZH, '100,a,2,NaN', '100,b,-1,5', '110,c,1,5', '120,c,1,5', ''].join('\n'), 'zeus.csv'))).toEqual([
      'zeus.csv:2: gpu0_energy: expected a finite number >= 0, found "NaN"',
      'zeus.csv:3: elapsed_time: expected a finite number >= 0, found -1',
      'zeus.csv:5: window_name: expected a unique window name, "c" is already on line 4 (runs.csv needs one row per run: give each run its own window name)',
    ]);
  });

  it('a window name with a comma (Zeus does not quote) shows as a wrong field count', () => {
    expect(problems(() => parseZeusLog([ZH, '100,a,b,2,5', ''].join('\n'), 'zeus.csv'))).toEqual(['zeus.csv:2: expected 4 fields, found 5']);
  });

  it('a header that is not a ZeusMonitor log is refused', () => {
    expect(problems(() => parseZeusLog('start_time,window_name,elapsed_time,gpu0_energy_mj\n', 'zeus.csv'))).toEqual([
      'zeus.csv:1: gpu0_energy_mj: unknown column, expected start_time, window_name, elapsed_time and gpu<i>_energy columns (a ZeusMonitor log_file)',
      'zeus.csv:1: no gpu<i>_energy column, expected at least one GPU (a ZeusMonitor log_file)',
    ]);
  });
});

const CH = 'run_id,duration,cpu_energy,gpu_energy,ram_energy,energy_consumed,pue';
describe('CodeCarbon', () => {
  it('a PUE below 1, components that do not add up and a missing column are each named', () => {
    expect(problems(() => parseCodeCarbon([CH, 'a,10,0.1,0.2,0.01,0.31,0.9', 'b,10,0.1,0.2,0.01,0.5,1.2', ''].join('\n'), 'e.csv'))).toEqual([
      'e.csv:2: pue: expected a PUE >= 1, found 0.9',
      'e.csv:3: energy_consumed: expected cpu_energy + gpu_energy + ram_energy (0.31 kWh), found 0.5',
    ]);
    expect(problems(() => parseCodeCarbon('run_id,duration,cpu_energy,gpu_energy,ram_energy,energy_consumed\n', 'e.csv'))).toEqual(['e.csv:1: pue: missing required column']);
  });

  it('an empty duration is not read as 0', () => {
    expect(problems(() => parseCodeCarbon([CH, 'a,,0.1,0.2,0.01,0.31,1.0', ''].join('\n'), 'e.csv'))).toEqual(['e.csv:2: duration: empty, expected seconds >= 0']);
  });
});
