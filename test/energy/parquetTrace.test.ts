/**
 * A trace whose samples are Parquet (issue 27; kernel-lib/energy/parquetSamples.ts) gives the same
 * runs.csv rows and summary as the same samples as CSV (the streaming reader, the oracle): on the
 * stand-in trace in the tree, as one smi.parquet and partitioned by device (both written by DuckDB,
 * mono_ns INT64), and on a hand-built trace of two GPUs (NVML counters and power.draw, RAPL) with
 * concurrent runs on both, partitioned by device with the devices' files in an order unlike the
 * CSV's. A Parquet file without its value column is refused naming file and column.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { energyRuns } from '../../kernel-lib/energy/index.ts';
import { streamSamples } from '../../kernel-lib/energy/sampleStream.ts';
import { parquetBytes } from '../../kernel-lib/io/parquet.ts';
import { counterSamples, powerSamples, writeTrace } from './traceFixture.ts';

const STANDIN = 'data/traces/standin-two-runs';
const HEADERS = { smi: 'mono_ns,wall_ns,device,power_w', nvml: 'mono_ns,wall_ns,device,energy_millijoule', rapl: 'mono_ns,wall_ns,device,energy_uj' } as const;

/** energyRuns' result without the trace's own path. */
function result(dir: string) {
  const r = energyRuns(dir, { rateUSDPerHour: 63.296 });
  return { columns: r.columns, rows: r.rows, summary: { ...r.summary, trace: '' } };
}

async function duckCopy(csv: string, to: string, partitioned: boolean): Promise<void> {
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  await c.run(`COPY (SELECT CAST(mono_ns AS BIGINT) AS mono_ns, CAST(wall_ns AS BIGINT) AS wall_ns, device, CAST(NULLIF(power_w, 'NA') AS DOUBLE) AS power_w
    FROM read_csv('${csv}', header = true, all_varchar = true)) TO '${to}' (FORMAT PARQUET${partitioned ? ', PARTITION_BY (device)' : ''})`);
  c.closeSync();
  db.closeSync();
}

/**
 * The samples of a CSV as the stream reads them (origin 0: t is mono_ns / 1e9, rounded back to the
 * integer ns), written partitioned by device (mono_ns DOUBLE: exact below 2^53).
 */
function partitionByDevice(dir: string, source: keyof typeof HEADERS): void {
  const rows = new Map<string, { mono: number[]; value: (number | null)[] }>();
  streamSamples(join(dir, `${source}.csv`), HEADERS[source], 0, (dev, t, v, names) => {
    const name = names[dev];
    if (!rows.has(name)) rows.set(name, { mono: [], value: [] });
    rows.get(name)!.mono.push(Math.round(t * 1e9));
    rows.get(name)!.value.push(Number.isNaN(v) ? null : v);
  });
  rmSync(join(dir, `${source}.csv`));
  // the devices in reverse order of the CSV's, each split into two files
  for (const [name, r] of [...rows].reverse()) {
    const folder = join(dir, source, `device=${encodeURIComponent(name)}`);
    mkdirSync(folder, { recursive: true });
    const half = Math.ceil(r.mono.length / 2);
    for (const [k, [a, b]] of [[0, half], [half, r.mono.length]].entries()) {
      writeFileSync(join(folder, `part-${k}.parquet`), parquetBytes([
        { name: 'mono_ns', type: 'DOUBLE', values: r.mono.slice(a, b) },
        { name: HEADERS[source].split(',')[3], type: 'DOUBLE', values: r.value.slice(a, b) },
      ]));
    }
  }
}

describe('trace samples as Parquet', () => {
  test('the stand-in trace: one smi.parquet and smi/device=<name>/ give the CSV\'s runs and summary', async () => {
    const oracle = result(STANDIN);
    expect(oracle.rows.length).toBe(2);
    for (const partitioned of [false, true]) {
      const dir = mkdtempSync(join(tmpdir(), 'j2g-pq-trace-'));
      cpSync(STANDIN, dir, { recursive: true });
      await duckCopy(join(STANDIN, 'smi.csv'), join(dir, partitioned ? 'smi' : 'smi.parquet'), partitioned);
      rmSync(join(dir, 'smi.csv'));
      expect(result(dir)).toEqual(oracle);
    }
  });

  test('two GPUs with NVML, power.draw and RAPL, concurrent runs: partitioned by device, the same to the bit', () => {
    const trace = {
      gpus: ['GPU-a', 'GPU-b'],
      nvml: [...counterSamples('GPU-a', 0, 10, 0.1, (t) => 300 + 40 * Math.sin(t), 1e3), ...counterSamples('GPU-b', 0.05, 10.05, 0.1, (t) => 250 + 7 * t, 1e3)].sort((x, y) => x[0] - y[0]),
      smi: [...powerSamples('GPU-a', 0, 10, 0.25, (t) => 301.25 + 0.37 * t), ...powerSamples('GPU-b', 0.1, 10, 0.25, (t) => 249.5 + 1.3 * t)].sort((x, y) => x[0] - y[0]),
      rapl: { zones: [{ label: 'package-0', kind: 'package' as const, range: 262143328850 }], samples: counterSamples('package-0', 0, 10, 0.2, () => 120.5, 1e6) },
      marks: [
        { t: 0.5, kind: 'setup-start', id: 's' }, { t: 1, kind: 'setup-end', id: 's' },
        { t: 1, kind: 'run-start', id: 'a', gpus: '0' }, { t: 2.3, kind: 'run-start', id: 'b', gpus: '0,1' },
        { t: 4.1, kind: 'run-start', id: 'c', gpus: '1' }, { t: 6.7, kind: 'run-end', id: 'a' },
        { t: 7.2, kind: 'run-end', id: 'b' }, { t: 9.4, kind: 'run-end', id: 'c' },
      ],
    };
    const csv = writeTrace(trace);
    const oracle = result(csv);
    expect(oracle.rows.length).toBe(3);
    const pq = writeTrace(trace);
    for (const source of ['smi', 'nvml', 'rapl'] as const) partitionByDevice(pq, source);
    expect(result(pq)).toEqual(oracle);
  });

  test('a Parquet file without its value column is refused naming file and column', () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-pq-trace-bad-'));
    cpSync(STANDIN, dir, { recursive: true });
    rmSync(join(dir, 'smi.csv'));
    writeFileSync(join(dir, 'smi.parquet'), parquetBytes([{ name: 'mono_ns', type: 'DOUBLE', values: [1e12] }, { name: 'device', type: 'STRING', values: ['GPU-fake-0000'] }]));
    expect(() => energyRuns(dir)).toThrow(/smi\.parquet.*power_w.*missing column/s);
  });
});
