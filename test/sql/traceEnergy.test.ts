/**
 * `j2g energy --engine duckdb` (issue 27; kernel-lib/sql/traceSegments.sql): each run's energy from
 * power samples integrated by DuckDB equals the streaming reader's (energy/energyRuns.ts, the oracle):
 * every runs.csv cell (megajoules to 9 decimals, validity flags included) and the summary's totals to
 * 1e-9 relative (SQL adds the same pieces in another order). On the stand-in trace in the tree, from
 * its CSV and as Parquet partitioned by device, and on a two-GPU trace with concurrent runs, a setup,
 * a gap, an unreadable and an implausible sample.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { energyRuns } from '../../kernel-lib/energy/index.ts';
import { energyRunsOnDuckDb } from '../../kernel-lib/sql/traceEnergy.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { powerSamples, writeTrace } from '../energy/traceFixture.ts';

const STANDIN = 'data/traces/standin-two-runs';

async function expectSame(dir: string, oracleDir = dir) {
  const previous = onWarning(null);
  try {
    const js = energyRuns(oracleDir, { rateUSDPerHour: 63.296 });
    const sql = await energyRunsOnDuckDb(dir, { rateUSDPerHour: 63.296 });
    expect(sql.columns).toEqual(js.columns);
    expect(sql.rows).toEqual(js.rows);
    for (const k of ['total_j', 'runs_j', 'setup_unserved_j', 'idle_in_window_j', 'idle_outside_window_j', 'trace_start_s', 'trace_end_s'] as const) {
      expect(sql.summary[k]).toBeCloseTo(js.summary[k], 9 - Math.max(0, Math.ceil(Math.log10(Math.abs(js.summary[k]) + 1))));
    }
    expect([sql.summary.records, sql.summary.na_values, sql.summary.invalid_runs]).toEqual([js.summary.records, js.summary.na_values, js.summary.invalid_runs]);
    return js;
  } finally {
    onWarning(previous);
  }
}

describe('per-run energy from power samples in SQL', () => {
  test('the stand-in trace, from its CSV and as Parquet partitioned by device', async () => {
    const js = await expectSame(STANDIN);
    expect(js.rows.length).toBe(2);
    const dir = mkdtempSync(join(tmpdir(), 'j2g-duck-trace-'));
    cpSync(STANDIN, dir, { recursive: true });
    const db = await DuckDBInstance.create(':memory:');
    const c = await db.connect();
    await c.run(`COPY (SELECT CAST(mono_ns AS BIGINT) AS mono_ns, CAST(wall_ns AS BIGINT) AS wall_ns, device, TRY_CAST(power_w AS DOUBLE) AS power_w
      FROM read_csv('${join(STANDIN, 'smi.csv')}', header = true, all_varchar = true)) TO '${join(dir, 'smi')}' (FORMAT PARQUET, PARTITION_BY (device))`);
    c.closeSync();
    db.closeSync();
    rmSync(join(dir, 'smi.csv'));
    await expectSame(dir, STANDIN);
  });

  test('two GPUs, concurrent runs and a setup, a gap, an unreadable and an implausible sample', async () => {
    const a = powerSamples('GPU-a', 0, 12, 0.2, (t) => 301.25 + 13.7 * Math.sin(t)).filter(([t]) => !(t > 5.05 && t < 7.3)); // a 2.4 s gap
    const b = powerSamples('GPU-b', 0.07, 12, 0.2, (t) => 249.5 + 1.3 * t);
    const smi: [number, string, number | string][] = [...a, ...b].sort((x, y) => x[0] - y[0]);
    smi[40] = [smi[40][0], smi[40][1], 'NA'];
    smi[77] = [smi[77][0], smi[77][1], 2500];
    const dir = writeTrace({
      gpus: ['GPU-a', 'GPU-b'], smi,
      marks: [
        { t: 0.5, kind: 'setup-start', id: 's' }, { t: 1, kind: 'setup-end', id: 's' },
        { t: 1, kind: 'run-start', id: 'a', gpus: '0' }, { t: 2.3, kind: 'run-start', id: 'b', gpus: '0,1' },
        { t: 4.1, kind: 'run-start', id: 'c', gpus: '1' }, { t: 6.7, kind: 'run-end', id: 'a' },
        { t: 7.2, kind: 'run-end', id: 'b' }, { t: 9.4, kind: 'run-end', id: 'c' }, { t: 10, kind: 'run-start', id: 'd', gpus: '1' }, { t: 11, kind: 'run-end', id: 'd' },
      ],
    });
    const js = await expectSame(dir);
    expect(js.rows.map((r) => r.validity)).toContain('ok');
    expect(js.rows.some((r) => r.validity !== 'ok')).toBe(true); // the gap and the bad samples are flagged, by both
  });

  test('boundaries exactly on sample times: a gap ending where a run starts, or starting where one ends, flags neither run', async () => {
    // samples every 1 s (interval 1,000 ms: a gap is longer than 5 s), none from 3 to 7: the interval
    // [2, 8] is a gap; run a ends at 2 and run b starts at 8, both on a sample, run c lies in the gap.
    // Segment [1, 2) meets [2, 8] only at its end, [8, 9) only at its start: no piece, no flag.
    const smi = powerSamples('GPU-a', 0, 10, 1, (t) => 100 + 10 * t).filter(([t]) => t < 3 || t > 7);
    const dir = writeTrace({
      intervalMs: 1000, gpus: ['GPU-a'], smi,
      marks: [
        { t: 1, kind: 'run-start', id: 'a', gpus: '0' }, { t: 2, kind: 'run-end', id: 'a' },
        { t: 4, kind: 'run-start', id: 'c', gpus: '0' }, { t: 6, kind: 'run-end', id: 'c' },
        { t: 8, kind: 'run-start', id: 'b', gpus: '0' }, { t: 9, kind: 'run-end', id: 'b' },
      ],
    });
    const js = await expectSame(dir);
    const validity = Object.fromEntries(js.rows.map((r) => [r.run_id, r.validity]));
    expect(validity).toEqual({ a: 'ok', c: expect.stringContaining('gap'), b: 'ok' });
  });

  test('a trace with NVML or RAPL counters is refused, naming the source', async () => {
    const dir = writeTrace({ gpus: ['GPU-a'], nvml: [[0, 'GPU-a', 0], [1, 'GPU-a', 1000]], marks: [{ t: 0, kind: 'run-start', id: 'a' }, { t: 1, kind: 'run-end', id: 'a' }] });
    await expect(energyRunsOnDuckDb(dir)).rejects.toThrow('this trace has nvml');
  });
});
