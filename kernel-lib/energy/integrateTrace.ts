/**
 * Integrate every device of a trace separately into the timeline's segments, streaming each sample file
 * once (bounded memory, any length).
 *
 * - NVML (`nvml.csv`, cumulative mJ, per GPU UUID): counter differences; a decrease is a reset (flagged).
 * - RAPL (`rapl.csv`, cumulative uJ, package and dram zones): counter differences with wrap modulo the
 *   zone's `max_energy_range_uj`; possible multiple wraps flagged from the elapsed time and a power ceiling.
 * - nvidia-smi (`smi.csv`, power.draw W): trapezoid rule with linear interpolation at segment edges.
 *   A labelled diagnostic; it is the GPU's primary series only where NVML has no series for that GPU.
 * - AMD SMI (`amdsmi.csv`, amdsmi_get_energy_count ticks per GPU UUID): counter differences times the
 *   GPU's `counter_resolution_uj` (manifest), with wrap modulo 2^`counter_bits` ticks judged as for RAPL
 *   (a 64-bit accumulator never wraps plausibly: a decrease is a reset, a driver reload or GPU reset).
 *   `amdsmi-power.csv` (current_socket_power W) is its second series, integrated like power.draw and
 *   primary only where the counter has no series.
 * Joules-to-GDP 2.3: "counter differences or integrated sampled power", per component.
 *
 * An interval longer than `gapLimitS` is flagged `gap`; an NA sample flags the interval that spans it.
 * A power sample above the device's ceiling (`gpuCeilingW` for GPUs) is not used: the interval spanning
 * it is flagged `implausible-power`, like a missing sample. A truncated or garbled line, or one naming
 * a device the manifest does not list, is skipped and listed (`skipped`, with where it lies in time),
 * never the end of the whole trace.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { J2GError } from '../errors.ts';
import { counterIntervalEnergy } from './counterIntervalEnergy.ts';
import { SegmentEnergy } from './segmentEnergy.ts';
import { streamSamples } from './sampleStream.ts';
import { parquetSamplesPath, streamParquetSamples } from './parquetSamples.ts';
import type { TraceManifest } from './traceManifest.ts';
import { FLAG, type Component, type SkippedLine } from './types.ts';

export type SourceName = 'nvml' | 'smi' | 'rapl' | 'amd' | 'amdpower';

export interface DeviceSeries {
  source: SourceName;
  device: string;
  component: Component;
  /** true when this series is summed into the energy; false for a diagnostic (power.draw beside NVML) */
  primary: boolean;
  samples: number;
  seg: SegmentEnergy;
}

export interface IntegrateOptions {
  gapLimitS: number;
  /** RAPL power ceiling per zone in W, for the several-wraps check and the wrap-or-reset rule */
  raplCeilingW: number;
  /** GPU power ceiling in W: a power.draw sample or NVML step above it is implausible (default 2000) */
  gpuCeilingW?: number;
}

export interface IntegratedTrace {
  series: DeviceSeries[];
  records: number;
  naValues: number;
  /** files whose final line was half-written (a killed logger) and not used */
  truncatedFiles: string[];
  /** lines skipped as truncated or garbled, in file order */
  skipped: SkippedLine[];
}

const FILES: Record<SourceName, { file: string; header: string }> = {
  nvml: { file: 'nvml.csv', header: 'mono_ns,wall_ns,device,energy_millijoule' },
  smi: { file: 'smi.csv', header: 'mono_ns,wall_ns,device,power_w' },
  rapl: { file: 'rapl.csv', header: 'mono_ns,wall_ns,device,energy_uj' },
  amd: { file: 'amdsmi.csv', header: 'mono_ns,wall_ns,device,energy_ticks' },
  amdpower: { file: 'amdsmi-power.csv', header: 'mono_ns,wall_ns,device,power_w' },
};

/** The power series that is the second meter of each counter source (the same GPUs, by UUID). */
export const POWER_OF: Partial<Record<SourceName, SourceName>> = { nvml: 'smi', amd: 'amdpower' };

export function integrateTrace(dir: string, manifest: TraceManifest, boundariesS: Float64Array, opts: IntegrateOptions): IntegratedTrace {
  const originNs = manifest.started.mono_ns;
  const series: DeviceSeries[] = [];
  const truncatedFiles: string[] = [];
  const skipped: SkippedLine[] = [];
  const gpuCeilingW = opts.gpuCeilingW ?? 2000;
  let records = 0, naValues = 0;
  const zones = new Map((manifest.sources.rapl.zones ?? []).map((z) => [z.label, z]));
  const present: Record<SourceName, boolean> = {
    nvml: manifest.sources.nvml.status === 'present',
    smi: manifest.sources.nvidia_smi.status === 'present',
    rapl: manifest.sources.rapl.status === 'present',
    amd: manifest.sources.amd_smi?.status === 'present',
    amdpower: manifest.sources.amd_smi?.status === 'present',
  };
  const amdGpus = new Map((manifest.sources.amd_smi?.gpus ?? []).map((g) => [g.uuid, g]));

  for (const source of ['nvml', 'rapl', 'amd', 'smi', 'amdpower'] as SourceName[]) {
    const csvPath = join(dir, FILES[source].file);
    if (!present[source]) continue;
    // the samples as Parquet (parquetSamples.ts: <source>.parquet, or <source>/device=<name>/) when there is no CSV
    const parquet = existsSync(csvPath) ? null : parquetSamplesPath(dir, source);
    const path = parquet ?? csvPath;
    if (!existsSync(path)) throw new J2GError(`${csvPath}: missing (nor ${source}.parquet or ${source}/device=<name>/), though the manifest says the source is present`);
    const isCounter = source === 'nvml' || source === 'rapl' || source === 'amd';
    const sourceToJ = source === 'nvml' ? 1e-3 : 1e-6; // AMD: per GPU, counter_resolution_uj x 1e-6
    const ceilingW = source === 'rapl' ? opts.raplCeilingW : gpuCeilingW;
    const listed = source === 'rapl' ? null
      : source === 'amd' || source === 'amdpower' ? new Set(amdGpus.keys())
        : new Set((source === 'nvml' ? manifest.sources.nvml.gpus : manifest.sources.nvidia_smi.gpus)?.map((g) => g.uuid) ?? []);
    // the held sample in three fields (hasHeld, heldT, heldV, heldLine), not an object per sample (issue 27: 100 million samples)
    const state: ({ t: number; v: number; na: number; s: DeviceSeries; range: number | null; toJ: number; hasHeld: boolean; heldT: number; heldV: number; heldLine: number } | null)[] = [];
    // skipped lines wait for the next good record to know where they end in time
    let lastGoodS = -Infinity;
    let pending: SkippedLine[] = [];
    const skip = (line: number, message: string) => {
      const sk = { file: path, line, message, fromS: lastGoodS, toS: Infinity };
      skipped.push(sk);
      pending.push(sk);
    };
    // A sample is held until the device's next one: a garbled mono_ns (a digit too many or too few)
    // is then the one sample out of order with both neighbours, and that line is skipped and listed,
    // instead of the next, innocent line being named as going backwards.
    type State = NonNullable<(typeof state)[number]>;
    const commit = (st: State, t: number, v: number) => {
      if (Number.isNaN(v)) { st.na |= FLAG['missing-samples']; return; }
      if (!isCounter && v > ceilingW) { st.na |= FLAG['implausible-power']; return; }
      if (!Number.isNaN(st.t) && t === st.t) {
        // two samples at one instant: the same value is a repeat; a different one is a conflict the
        // trace cannot settle (1900 W and 100 W): the interval after it is flagged. A counter keeps
        // its first value, so the energy between the two readings goes to that next interval.
        if (v !== st.v) st.na |= FLAG['duplicate-timestamp'];
        return;
      }
      st.s.samples++;
      st.s.seg.seen(t);
      if (!Number.isNaN(st.t)) {
        const dt = t - st.t;
        let flag = (dt > opts.gapLimitS ? FLAG.gap : 0) | st.na;
        if (isCounter) {
          const c = counterIntervalEnergy(st.v, v, st.range, dt, ceilingW / st.toJ);
          if (c.flag) flag |= FLAG[c.flag];
          const p = (c.energy * st.toJ) / dt;
          st.s.seg.add(st.t, t, p, p, flag);
        } else {
          st.s.seg.add(st.t, t, st.v, v, flag);
        }
      }
      st.t = t; st.v = v; st.na = 0;
    };
    const outOfOrder = (line: number, device: string, t: number, before: number, after: number) =>
      skipped.push({ file: path, line, message: `mono_ns: device ${device}: ${t.toFixed(9)} s lies outside the samples around it (${before.toFixed(9)} s and ${after.toFixed(9)} s): a garbled time`, fromS: Math.min(before, after), toS: Math.max(before, after) });
    const onSample = (dev: number, t: number, v: number, names: readonly string[], line: number) => {
      let st = state[dev];
      if (st === undefined) {
        const name = names[dev];
        let component: Component = 'gpu';
        let range: number | null = null;
        let toJ = sourceToJ;
        const amd = source === 'amd' ? amdGpus.get(name) : undefined;
        if (amd) {
          toJ = amd.counter_resolution_uj * 1e-6;
          range = 2 ** amd.counter_bits;
        }
        if (source === 'rapl') {
          const z = zones.get(name);
          if (z) {
            component = z.kind === 'package' ? 'cpu' : 'dram';
            range = z.max_energy_range_uj;
          }
        }
        const known = source === 'rapl' ? zones.has(name) : listed!.size === 0 || listed!.has(name);
        st = state[dev] = known ? { t: NaN, v: NaN, na: 0, range, toJ, hasHeld: false, heldT: NaN, heldV: NaN, heldLine: 0, s: { source, device: name, component, primary: true, samples: 0, seg: new SegmentEnergy(boundariesS) } } : null;
        if (st) series.push(st.s);
      }
      if (st === null) return skip(line, `device: "${names[dev]}" is not a ${source === 'rapl' ? 'RAPL zone' : 'GPU'} listed in manifest.json`);
      if (st.hasHeld && t < st.heldT) {
        const committed = Number.isNaN(st.t) ? -Infinity : st.t;
        if (t >= committed) {
          outOfOrder(st.heldLine, st.s.device, st.heldT, committed, t); // the held sample jumped ahead of both
          st.heldT = t; st.heldV = v; st.heldLine = line;
        } else {
          outOfOrder(line, st.s.device, t, committed, st.heldT); // this one fell behind both
        }
        return;
      }
      if (pending.length) {
        for (const p of pending) p.toS = Math.max(t, p.fromS);
        pending = [];
      }
      lastGoodS = t;
      if (st.hasHeld) commit(st, st.heldT, st.heldV);
      st.hasHeld = true; st.heldT = t; st.heldV = v; st.heldLine = line;
    };
    const result = parquet
      ? streamParquetSamples(parquet, FILES[source].header.split(',')[3], originNs, onSample)
      : streamSamples(path, FILES[source].header, originNs, onSample, skip);
    for (const st of state) if (st && st.hasHeld) commit(st, st.heldT, st.heldV);
    records += result.records;
    naValues += result.naValues;
    if (result.truncatedFinalLine) truncatedFiles.push(path);
  }

  // a power series (power.draw, AMD's socket power) is the GPU's primary series only where its counter has none
  for (const [counter, power] of Object.entries(POWER_OF) as [SourceName, SourceName][]) {
    const counted = new Set(series.filter((s) => s.source === counter && s.samples >= 2).map((s) => s.device));
    for (const s of series) if (s.source === power && counted.has(s.device)) s.primary = false;
  }
  return { series, records, naValues, truncatedFiles, skipped };
}
