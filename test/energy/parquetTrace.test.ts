/**
 * A trace whose samples are Parquet (issue 27; kernel-lib/energy/parquetSamples.ts) gives the same
 * runs.csv rows and summary as the same samples as CSV (the streaming reader, the oracle): on the
 * stand-in trace in the tree, as one smi.parquet and partitioned by device (both written by DuckDB,
 * mono_ns INT64), and on a hand-built trace of two GPUs (NVML counters and power.draw, RAPL) with
 * concurrent runs on both, partitioned by device with the devices' files in an order unlike the
 * CSV's. A Parquet file without its value column is refused naming file and column. And on a generated
 * trace of four GPUs with thirty concurrent runs as DuckDB writes Parquet (several row groups in each
 * of two files per device, a dictionary-encoded column, nulls, INT64 times whose low 32 bits have the
 * top bit set): the row-group reader (parquetSamples.ts, typed pages) gives the CSV's runs to the bit.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetMetadata } from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { energyRuns } from '../../kernel-lib/energy/index.ts';
import { ValidationError } from '../../kernel-lib/errors.ts';
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

  test('four GPUs, thirty concurrent runs, as DuckDB writes it (row groups, two files a device, dictionary, nulls): the CSV\'s runs to the bit', async () => {
    // 6,001 samples a GPU every 10 ms, GPU d offset by d ms; GPU-1 has an unreadable sample every 97th,
    // GPU-2 seven power levels (DuckDB writes that column dictionary-encoded), the others vary
    const gpus = ['GPU-0', 'GPU-1', 'GPU-2', 'GPU-3'];
    const smi: [number, string, number | string][] = [];
    for (let i = 0; i <= 6000; i++) {
      gpus.forEach((g, d) => smi.push([i * 0.01 + d * 0.001, g, d === 1 && i % 97 === 5 ? 'NA' : d === 2 ? 100 + (i % 7) * 10 : 150 + ((i * 7919 + d * 104729) % 1000) / 7]));
    }
    const marks = Array.from({ length: 30 }, (_, i) => [
      { t: 1 + i * 1.9, kind: 'run-start', id: `r${i}`, gpus: i % 3 ? `${i % 4}` : `${i % 4},${(i + 1) % 4}` },
      { t: 4.2 + i * 1.9, kind: 'run-end', id: `r${i}` },
    ]).flat().sort((a, b) => a.t - b.t);
    const csv = writeTrace({ gpus, smi, marks, intervalMs: 10 });
    const oracle = result(csv);
    expect(oracle.rows.length).toBe(30);
    expect(oracle.summary.na_values).toBe(62);
    const pq = mkdtempSync(join(tmpdir(), 'j2g-pq-gen-'));
    cpSync(csv, pq, { recursive: true });
    rmSync(join(pq, 'smi.csv'));
    // the CSV's own integers and values, each device's samples in two files (before and after 30 s)
    const db = await DuckDBInstance.create(':memory:');
    const c = await db.connect();
    for (const [k, where] of [[0, '<'], [1, '>=']] as const) {
      await c.run(`COPY (SELECT CAST(mono_ns AS BIGINT) AS mono_ns, CAST(wall_ns AS BIGINT) AS wall_ns, device, TRY_CAST(power_w AS DOUBLE) AS power_w
        FROM read_csv('${join(csv, 'smi.csv')}', header = true, all_varchar = true) WHERE CAST(mono_ns AS BIGINT) ${where} 1030000000000)
        TO '${join(pq, 'smi')}' (FORMAT PARQUET, PARTITION_BY (device), FILENAME_PATTERN 'part-${k}-{i}', ROW_GROUP_SIZE 2048, OVERWRITE_OR_IGNORE true)`);
    }
    c.closeSync();
    db.closeSync();
    // what the files hold: the cases the reader must get right
    const meta = gpus.flatMap((g) => readdirSync(join(pq, 'smi', `device=${g}`)).map((f) => {
      const b = readFileSync(join(pq, 'smi', `device=${g}`, f));
      return { g, m: parquetMetadata(new Uint8Array(b.buffer, b.byteOffset, b.byteLength)) };
    }));
    expect(meta.length).toBe(8);
    expect(meta.every(({ m }) => m.row_groups.length >= 2)).toBe(true);
    const power = (g: string) => meta.filter((x) => x.g === g).flatMap(({ m }) => m.row_groups.map((r) => r.columns.find((col) => col.meta_data!.path_in_schema[0] === 'power_w')!.meta_data!));
    expect(power('GPU-2').every((x) => x.encodings.includes('PLAIN_DICTIONARY') || x.encodings.includes('RLE_DICTIONARY'))).toBe(true);
    expect(power('GPU-1').reduce((a, x) => a + Number(x.statistics?.null_count ?? 0), 0)).toBe(62);
    expect(meta[0].m.row_groups[0].columns[0].meta_data!.type).toBe('INT64');
    expect(result(pq)).toEqual(oracle);
  });

  test('a Parquet file without its value column is refused naming file and column', () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-pq-trace-bad-'));
    cpSync(STANDIN, dir, { recursive: true });
    rmSync(join(dir, 'smi.csv'));
    writeFileSync(join(dir, 'smi.parquet'), parquetBytes([{ name: 'mono_ns', type: 'DOUBLE', values: [1e12] }, { name: 'device', type: 'STRING', values: ['GPU-fake-0000'] }]));
    expect(() => energyRuns(dir)).toThrow(/smi\.parquet.*power_w.*missing column/s);
  });

  test('a bad row in a later row group is named by its row in the file, and every bad row of the file is listed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-pq-trace-rows-'));
    cpSync(STANDIN, dir, { recursive: true });
    rmSync(join(dir, 'smi.csv'));
    // 30 rows in row groups of 10: fractional times at rows 5, 15 and 25 (by hand: rows 1-based)
    const mono = Array.from({ length: 30 }, (_, k) => 1e12 + k * 1e8 + (k % 10 === 4 ? 0.5 : 0));
    const f = join(dir, 'smi.parquet');
    writeFileSync(f, new Uint8Array(parquetWriteBuffer({ rowGroupSize: 10, columnData: [
      { name: 'mono_ns', data: mono, type: 'DOUBLE', nullable: true },
      { name: 'device', data: mono.map(() => 'GPU-fake-0000'), type: 'STRING', nullable: true },
      { name: 'power_w', data: mono.map(() => 100), type: 'DOUBLE', nullable: true },
    ] })));
    let issues: { file?: string; column?: string }[] = [];
    try { energyRuns(dir); } catch (e) { if (e instanceof ValidationError) issues = e.issues; else throw e; }
    expect(issues.map((x) => [x.file, x.column])).toEqual([5, 15, 25].map((r) => [`${f}:${r}`, 'mono_ns']));
  });
});
