/**
 * A trace's samples as Parquet (issue 27), read into the same callback as the CSV stream
 * (sampleStream.ts `streamSamples`), so that the integration, the marks' windows and the eq. 2.3
 * split under concurrency are the same code on the same numbers: `j2g energy` gives the same runs.csv.
 *
 * Two layouts, beside (or instead of) `<source>.csv`:
 * - `<source>.parquet`: columns mono_ns, wall_ns, device and the value column of the CSV header
 *   (power_w, energy_millijoule, energy_uj), rows in the logger's order;
 * - `<source>/device=<name>/*.parquet`: partitioned by device (Hive style, as DuckDB's and Spark's
 *   `PARTITION_BY (device)` write it; the device column may be left out of the files). Each device's
 *   files are read in name order, and the devices' samples are merged by mono_ns (a tie keeps the
 *   partitions' name order), so that devices are numbered as one file would number them (each device
 *   is integrated on its own, so the runs do not depend on this order: test/energy/parquetTrace.test.ts).
 * mono_ns is INT64 or an integral DOUBLE (exact below 2^53 ns, 104 days); a null value is an
 * unreadable sample (NaN, counted as the CSV's `NA`). A wrong type or a missing column is an error
 * naming file, row and column.
 *
 * Each file is decoded whole (hyparquet, synchronous): memory follows the largest file, not the trace;
 * a trace of 100 million samples is DuckDB's job (docs/scale.md).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ValidationError } from '../errors.ts';
import { readParquet } from '../io/parquet.ts';
import type { StreamResult } from './sampleStream.ts';

/** Where the samples of `<source>` are as Parquet in `dir` (a file or a partitioned folder), or null. */
export function parquetSamplesPath(dir: string, source: string): string | null {
  const file = join(dir, `${source}.parquet`);
  if (existsSync(file)) return file;
  const folder = join(dir, source);
  if (existsSync(folder) && statSync(folder).isDirectory()) return folder;
  return null;
}

interface Part { device: string | null; mono: Float64Array; devices: (string | null)[]; values: Float64Array; file: string }

function readPart(file: string, valueColumn: string, device: string | null): Part {
  const { length, columns } = readParquet(readFileSync(file), file);
  const col = (name: string, required: boolean) => {
    const c = columns.find((x) => x.name === name);
    if (!c && required) throw new ValidationError([{ file, column: name, message: `missing column (expected mono_ns, device and ${valueColumn})` }]);
    return c;
  };
  const monoCol = col('mono_ns', true)!, valueCol = col(valueColumn, true)!, deviceCol = col('device', device === null);
  const mono = new Float64Array(length), values = new Float64Array(length);
  const devices: (string | null)[] = new Array(length);
  const issues: { file: string; line: number; column: string; message: string }[] = [];
  for (let i = 0; i < length; i++) {
    const m = monoCol.values[i];
    const t = typeof m === 'bigint' ? Number(m) : m;
    if (typeof t !== 'number' || !Number.isSafeInteger(t)) issues.push({ file, line: i + 1, column: 'mono_ns', message: `expected an integer number of nanoseconds: ${String(m)}` });
    mono[i] = t as number;
    const v = valueCol.values[i];
    if (v === null || v === undefined) values[i] = NaN;
    else if (typeof v === 'number') values[i] = v;
    else if (typeof v === 'bigint') values[i] = Number(v);
    else issues.push({ file, line: i + 1, column: valueColumn, message: `expected a number or null: ${String(v)}` });
    const d = deviceCol ? deviceCol.values[i] : device;
    if (typeof d !== 'string' || d === '') issues.push({ file, line: i + 1, column: 'device', message: `expected a device name: ${String(d)}` });
    else if (device !== null && d !== device) issues.push({ file, line: i + 1, column: 'device', message: `${d} in the partition of device ${device}` });
    devices[i] = d as string;
    if (issues.length >= 20) break;
  }
  if (issues.length) throw new ValidationError(issues.map((x) => ({ file: `${x.file}:${x.line}`, column: x.column, message: x.message })));
  return { device, mono, devices, values, file };
}

/**
 * Every sample of a Parquet layout (parquetSamplesPath) passed to `onSample(device, tS, value, names, row)`
 * as streamSamples passes a CSV's (tS = (mono_ns - originNs) / 1e9, devices numbered in order of first
 * sample); `row` is the 1-based row of the sample's file.
 */
export function streamParquetSamples(
  path: string,
  valueColumn: string,
  originNs: number,
  onSample: (device: number, tS: number, value: number, deviceNames: readonly string[], row: number) => void,
): StreamResult {
  const parts: Part[] = [];
  if (statSync(path).isDirectory()) {
    const partitions = readdirSync(path).filter((d) => d.startsWith('device=')).sort();
    if (partitions.length === 0) throw new ValidationError([{ file: path, message: 'no device=<name> partition: expected <source>/device=<name>/*.parquet' }]);
    for (const p of partitions) {
      const device = decodeURIComponent(p.slice('device='.length));
      const files = readdirSync(join(path, p)).filter((f) => f.endsWith('.parquet')).sort();
      for (const f of files) parts.push(readPart(join(path, p, f), valueColumn, device));
    }
  } else {
    parts.push(readPart(path, valueColumn, null));
  }
  // devices' files one after the other, then merged by time across devices (ties: partition order)
  const byDevice = new Map<string, Part[]>();
  for (const p of parts) {
    const key = p.device ?? '';
    byDevice.set(key, [...(byDevice.get(key) ?? []), p]);
  }
  const streams = [...byDevice.values()].map((ps) => ({ ps, k: 0, i: 0 }));
  const names: string[] = [];
  const index = new Map<string, number>();
  let records = 0, naValues = 0;
  for (;;) {
    let best = -1, bestT = Infinity;
    for (let s = 0; s < streams.length; s++) {
      const st = streams[s];
      while (st.k < st.ps.length && st.i >= st.ps[st.k].mono.length) { st.k++; st.i = 0; }
      if (st.k >= st.ps.length) continue;
      const t = st.ps[st.k].mono[st.i];
      if (t < bestT) { bestT = t; best = s; }
    }
    if (best < 0) break;
    const st = streams[best];
    const p = st.ps[st.k];
    const name = p.devices[st.i]!;
    let dev = index.get(name);
    if (dev === undefined) { dev = names.length; names.push(name); index.set(name, dev); }
    const v = p.values[st.i];
    if (Number.isNaN(v)) naValues++;
    records++;
    onSample(dev, (p.mono[st.i] - originNs) / 1e9, v, names, st.i + 1);
    st.i++;
  }
  return { devices: names, records, naValues, truncatedFinalLine: false };
}
