/**
 * `j2g energy --engine duckdb` (issue 27): a trace's power samples integrated into the timeline's
 * segments by DuckDB (kernel-lib/sql/traceSegments.sql: the trapezoid per device, cut at every run,
 * setup and idle start and end), out of core and on all cores, from CSV or Parquet (one file or
 * partitioned by device); then the same eq. 2.3 split, node time, cost and checks as the streaming
 * reader (energy/energyRuns.ts, given the integrated series instead of reading the samples itself).
 * The runs' energies equal the streaming reader's up to the order of the sums
 * (test/sql/traceEnergy.test.ts).
 *
 * Sources: nvidia-smi power.draw (smi) only; a trace whose manifest has NVML or RAPL present is
 * refused (their counters' reset and wrap rules are the streaming reader's).
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { J2GError } from '../errors.ts';
import { energyRuns, type EnergyOptions, type EnergyRuns } from '../energy/energyRuns.ts';
import type { DeviceSeries, IntegratedTrace } from '../energy/integrateTrace.ts';
import { markWindows } from '../energy/markWindows.ts';
import { timeline } from '../energy/timeline.ts';
import { readTraceManifest } from '../energy/traceManifest.ts';
import { FLAG } from '../energy/types.ts';
import { fillSql, sqlText } from './engine.ts';

/** DuckDB's memory limit for a trace (its own setting's syntax); past it the sorts spill to disk. */
export const DUCKDB_MEMORY = '1GB';

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The FROM source of a trace's power samples (device, mono_ns, power_w): smi.csv, smi.parquet or smi/device=<name>/*.parquet. */
export function smiSamplesSql(dir: string): string {
  const csv = join(dir, 'smi.csv');
  if (existsSync(csv)) {
    // power.draw's unreadable samples (NA, [N/A], [Not Supported]) are NULL
    return `(SELECT device, CAST(mono_ns AS BIGINT) AS mono_ns, TRY_CAST(power_w AS DOUBLE) AS power_w FROM read_csv(${quote(csv)}, header = true, all_varchar = true))`;
  }
  const file = join(dir, 'smi.parquet');
  if (existsSync(file)) return `(SELECT device, mono_ns, CAST(power_w AS DOUBLE) AS power_w FROM read_parquet(${quote(file)}))`;
  const folder = join(dir, 'smi');
  if (existsSync(folder) && statSync(folder).isDirectory() && readdirSync(folder).some((d) => d.startsWith('device='))) {
    return `(SELECT device, mono_ns, CAST(power_w AS DOUBLE) AS power_w FROM read_parquet(${quote(join(folder, '*', '*.parquet'))}, hive_partitioning = true, hive_types = {'device': VARCHAR}))`;
  }
  throw new J2GError(`${dir}: no smi.csv, smi.parquet or smi/device=<name>/*.parquet`);
}

/**
 * Each device's energy (J) and flags in every segment of `boundariesS`, its readable samples and
 * their first and last time, as integrateTrace's series (source smi, component gpu).
 */
export async function duckDbSmiSeries(dir: string, originNs: number, boundariesS: Float64Array, opts: { gapLimitS: number; gpuCeilingW: number }): Promise<IntegratedTrace> {
  // bounded memory: DuckDB spills its sorts (the windows per device) to a temporary folder past the limit
  const instance = await DuckDBInstance.create(':memory:', { memory_limit: DUCKDB_MEMORY, temp_directory: join(tmpdir(), 'j2g-duckdb-spill'), preserve_insertion_order: 'false' });
  const c = await instance.connect();
  try {
    await c.run(`CREATE VIEW samples AS SELECT * FROM ${smiSamplesSql(dir)}`);
    await c.run('CREATE TABLE boundaries (k INTEGER, t DOUBLE)');
    if (boundariesS.length) {
      const app = await c.createAppender('boundaries');
      boundariesS.forEach((t, k) => { app.appendInteger(k); app.appendDouble(t); app.endRow(); });
      app.closeSync();
    }
    const sql = fillSql(sqlText('traceSegments.sql'), {
      origin_ns: originNs, gap_limit_s: opts.gapLimitS, ceiling_w: opts.gpuCeilingW,
      gap_flag: FLAG.gap, missing_flag: FLAG['missing-samples'], implausible_flag: FLAG['implausible-power'],
    });
    const seg = (await c.runAndReadAll(sql)).getColumnsObjectJS() as { device: string[]; k: number[]; energy_j: number[]; flags: (number | bigint)[] };
    const stats = (await c.runAndReadAll(`SELECT device, COUNT(power_w) AS readable, COUNT(*) AS records,
        MIN(CASE WHEN power_w <= ${opts.gpuCeilingW} THEN (CAST(mono_ns AS DOUBLE) - ${originNs}) / 1e9 END) AS first_s,
        MAX(CASE WHEN power_w <= ${opts.gpuCeilingW} THEN (CAST(mono_ns AS DOUBLE) - ${originNs}) / 1e9 END) AS last_s,
        MIN(mono_ns) AS first_ns
      FROM samples GROUP BY device ORDER BY first_ns, device`)).getColumnsObjectJS() as { device: string[]; readable: bigint[]; records: bigint[]; first_s: (number | null)[]; last_s: (number | null)[] };
    const nSeg = boundariesS.length + 1;
    const series: DeviceSeries[] = stats.device.map((device, i) => ({
      source: 'smi', device, component: 'gpu', primary: true,
      samples: Number(stats.readable[i]),
      // the fields of SegmentEnergy that energyRuns reads
      seg: { energyJ: new Float64Array(nSeg), flags: new Uint8Array(nSeg), firstS: stats.first_s[i] ?? Infinity, lastS: stats.last_s[i] ?? -Infinity } as unknown as DeviceSeries['seg'],
    }));
    const byDevice = new Map(series.map((s) => [s.device, s]));
    for (let r = 0; r < seg.device.length; r++) {
      const s = byDevice.get(seg.device[r])!;
      s.seg.energyJ[Number(seg.k[r])] = seg.energy_j[r];
      s.seg.flags[Number(seg.k[r])] = Number(seg.flags[r]);
    }
    // the unreadable samples: every record less the readable ones, device by device (no second scan of the samples)
    let records = 0, naValues = 0;
    stats.device.forEach((_, i) => { records += Number(stats.records[i]); naValues += Number(stats.records[i]) - Number(stats.readable[i]); });
    return { series, records, naValues, truncatedFiles: [], skipped: [] };
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}

/** energyRuns with the power samples integrated by DuckDB (the manifest's smi source only). */
export async function energyRunsOnDuckDb(dir: string, opts: EnergyOptions = {}): Promise<EnergyRuns> {
  const manifest = readTraceManifest(dir);
  for (const [name, s] of [['nvml', manifest.sources.nvml], ['rapl', manifest.sources.rapl], ['amd_smi', manifest.sources.amd_smi]] as const) {
    if (s?.status === 'present') throw new J2GError(`--engine duckdb integrates nvidia-smi power samples only; this trace has ${name} (use the default engine)`);
  }
  const originNs = manifest.started.mono_ns;
  const { runs, setups, idles } = markWindows(dir, originNs);
  const tl = timeline(runs, setups, idles);
  const gapLimitS = opts.gapLimitS ?? Math.max((5 * manifest.interval_ms) / 1000, 1);
  const integrated = await duckDbSmiSeries(dir, originNs, tl.boundariesS, { gapLimitS, gpuCeilingW: opts.gpuCeilingW ?? 2000 });
  return energyRuns(dir, { ...opts, integrated: { boundariesS: tl.boundariesS, trace: integrated } });
}
