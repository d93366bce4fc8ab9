/**
 * From a power-log trace directory to runs.csv rows: streams every source, splits the timeline at every
 * mark, attributes energy (ours, IPW-compatible, resource-proportional; gross and incremental), allocates
 * node time and cost, flags validity, and checks that runs + setup + idle equal the trace total.
 *
 * runs.csv columns (foundation schema): run_id, [task_id, system, attempt when the marks carry them],
 * ai_hours (the run's window, end - start), energy_mj (megajoules: GPU + CPU + DRAM of the run, setup
 * and idle shares included), cost_usd (T_alloc x rate), then node_hours (T_alloc), components and
 * alternatives, validity (`ok` or reason codes joined by `;`).
 */
import { boundaryOf, type MeteredProfile } from './boundary.ts';
import { maxOf, minOf } from '../arrays.ts';
import { J2GError, fail } from '../errors.ts';
import { warn } from '../warn.ts';
import { allocateNodeTime } from './allocateNodeTime.ts';
import { attributeEnergy, servedRuns, type IdlePolicy } from './attributeEnergy.ts';
import { costAtRateUSD, executionCostUSD } from './executionCost.ts';
import { idlePowerFromWindowsW, incrementalEnergyJ } from './incrementalEnergy.ts';
import { integrateTrace, POWER_OF, type IntegratedTrace, type SourceName } from './integrateTrace.ts';
import { crossCheck, CROSSCHECK_TOLERANCE } from './crossCheck.ts';
import { ipwEnergyJ } from './ipwEnergy.ts';
import { closeOpenWindows, markWindows } from './markWindows.ts';
import { resourceEnergyJ } from './resourceEnergy.ts';
import { segmentDurationsS, timeline } from './timeline.ts';
import { readTraceManifest } from './traceManifest.ts';
import { COMPONENTS, FLAG, type ReasonCode } from './types.ts';

export interface EnergyOptions {
  idlePolicy?: IdlePolicy;
  /** node-hour rate in USD; null leaves cost_usd empty */
  rateUSDPerHour?: number | null;
  /** extra rates for the G.1 sensitivity columns cost_usd_at_<rate> */
  sensitivityRatesUSDPerHour?: number[];
  /** default max(5 x interval, 1 s) */
  gapLimitS?: number;
  /** RAPL power ceiling per zone, W (several-wraps check, wrap-or-reset rule); default 1000 */
  raplCeilingW?: number;
  /** GPU power ceiling, W: samples or counter steps above it are implausible (flagged, not used); default 2000 */
  gpuCeilingW?: number;
  /** relative disagreement of a GPU's two meters above which a run is flagged meter-disagreement (default CROSSCHECK_TOLERANCE) */
  crossCheckTolerance?: number;
  /** node idle power, W; default measured over marked idle windows, else no incremental column */
  idlePowerW?: number | null;
  /**
   * The samples already integrated into the marks' segments by another engine (sql/traceEnergy.ts,
   * DuckDB), with the boundaries it cut at (checked against the marks'): used instead of reading them.
   */
  integrated?: { boundariesS: Float64Array; trace: IntegratedTrace };
}

function sameBoundaries(a: Float64Array, b: Float64Array): boolean {
  return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
}

export interface EnergySummary {
  trace: string;
  host: string;
  /** the QAIJ profile of what the trace metered (energy/boundary.ts): `device` (GPUs only) or `system` (the host's CPU and DRAM too) */
  energy_boundary: MeteredProfile;
  components: string[];
  sources: Record<string, { status: string; reason?: string }>;
  gpu_series: { device: string; source: string; primary: boolean }[];
  records: number;
  na_values: number;
  truncated_files: string[];
  /** truncated or garbled lines skipped (file, line, what was wrong); the runs around them are flagged skipped-line */
  skipped_lines: { file: string; line: number; message: string }[];
  /** samplers the logger recorded as exited before stop (manifest.json samplers) */
  dead_samplers: { source: string; exit_status: number | null; at_s: number | null }[];
  trace_start_s: number;
  trace_end_s: number;
  total_j: number;
  runs_j: number;
  setup_unserved_j: number;
  idle_in_window_j: number;
  idle_outside_window_j: number;
  idle_policy: IdlePolicy;
  idle_power_w: number | null;
  t0_s: number;
  execution_window_s: number;
  gap_limit_s: number;
  invalid_runs: number;
  /** `power-log --stand-in`: the devices were stand-ins (no GPU was measured) */
  stand_in?: string;
  /** two meters of one GPU (counter and power series) compared per run; null when no GPU had both */
  cross_check: { pairs: { device: string; counter: string; power: string }[]; tolerance: number; flagged_runs: number; max_abs_rel: number | null } | null;
}

export interface EnergyRuns {
  columns: string[];
  rows: Record<string, string>[];
  summary: EnergySummary;
}

const MJ = (j: number) => (j / 1e6).toFixed(9);
const H = (s: number) => (s / 3600).toFixed(9);
const USD = (x: number) => x.toFixed(6);

const FLAG_CODES = Object.entries(FLAG) as [ReasonCode, number][];

const SERIES_WORDS: Record<SourceName, string> = {
  nvml: 'nvml energy counter', smi: 'nvidia-smi power.draw', rapl: 'rapl energy counter',
  amd: 'amd-smi energy counter', amdpower: 'amd-smi socket power',
};

export function energyRuns(dir: string, opts: EnergyOptions = {}): EnergyRuns {
  const policy = opts.idlePolicy ?? 'exclude';
  const manifest = readTraceManifest(dir);
  const originNs = manifest.started.mono_ns;
  const { runs, setups, idles, skipped: skippedMarks } = markWindows(dir, originNs);
  const tl = timeline(runs, setups, idles);
  const gapLimitS = opts.gapLimitS ?? Math.max((5 * manifest.interval_ms) / 1000, 1);
  const given = opts.integrated;
  if (given && !sameBoundaries(given.boundariesS, tl.boundariesS)) throw new J2GError(`${dir}: the integrated series were cut at other boundaries than the marks give`);
  const integ = given?.trace ?? integrateTrace(dir, manifest, tl.boundariesS, { gapLimitS, raplCeilingW: opts.raplCeilingW ?? 1000, gpuCeilingW: opts.gpuCeilingW ?? 2000 });
  const skipped = [...skippedMarks, ...integ.skipped];
  for (const k of skipped.slice(0, 20)) warn(`${k.file}:${k.line}: skipped: ${k.message}`);
  if (skipped.length > 20) warn(`${dir}: ${skipped.length - 20} more skipped lines (all in the summary's skipped_lines)`);

  const primary = integ.series.filter((s) => s.primary);
  if (primary.length === 0 || primary.every((s) => s.samples < 2)) {
    const why = Object.entries(manifest.sources).map(([n, s]) => `${n} ${s.status}${s.reason ? ` (${s.reason})` : ''}`).join('; ');
    fail(`${dir}: no energy series with two or more samples (${why})`);
  }
  const nSeg = tl.boundariesS.length + 1;
  const segJ = COMPONENTS.map(() => new Float64Array(nSeg));
  const segTotalJ = new Float64Array(nSeg);
  const segFlags = new Uint8Array(nSeg);
  let traceStartS = Infinity, traceEndS = -Infinity;
  for (const s of primary) {
    const c = COMPONENTS.indexOf(s.component);
    for (let k = 0; k < nSeg; k++) {
      segJ[c][k] += s.seg.energyJ[k];
      segTotalJ[k] += s.seg.energyJ[k];
      segFlags[k] |= s.seg.flags[k];
    }
    traceStartS = Math.min(traceStartS, s.seg.firstS);
    traceEndS = Math.max(traceEndS, s.seg.lastS);
  }
  const present = COMPONENTS.map((c) => primary.some((s) => s.component === c));

  // execution window: first run or setup start to last run end (open runs end at the trace end)
  const starts = [...runs, ...setups].map((w) => w.startS);
  const windowStartS = starts.length ? minOf(starts) : traceStartS;
  let windowEndS = runs.length ? maxOf(runs.map((r) => r.endS)) : windowStartS;
  if (windowEndS === Infinity) windowEndS = Math.max(traceEndS, windowStartS);
  closeOpenWindows(runs, traceEndS);
  closeOpenWindows(setups, traceEndS);
  closeOpenWindows(idles, traceEndS);
  const durationsS = segmentDurationsS(tl.boundariesS, traceStartS, traceEndS);

  const nodeTime = allocateNodeTime(tl, durationsS, runs.length, windowStartS, windowEndS);
  const attr = attributeEnergy(tl, segJ, runs, setups, nodeTime.tauS, windowStartS, windowEndS, policy);

  // the parts must add up to the trace total
  let totalJ = 0, runsJ = 0;
  for (const e of segTotalJ) totalJ += e;
  for (let c = 0; c < COMPONENTS.length; c++) {
    for (let i = 0; i < runs.length; i++) runsJ += attr.runningJ[c][i] + attr.setupJ[c][i] + attr.idleJ[c][i];
  }
  const partsJ = runsJ + attr.setupUnservedJ + attr.idleInWindowJ + attr.idleOutsideJ;
  if (Math.abs(partsJ - totalJ) > 1e-9 * Math.max(1, Math.abs(totalJ))) {
    throw new J2GError(`energy attribution does not add up: runs ${runsJ} J + setup ${attr.setupUnservedJ} J + idle ${attr.idleInWindowJ + attr.idleOutsideJ} J != trace ${totalJ} J`);
  }

  const ipw = ipwEnergyJ(tl, segTotalJ, runs.length);
  // resource-proportional: GPU index -> its primary series
  const uuidToIndex = new Map<string, number>();
  for (const g of [...(manifest.sources.nvml.gpus ?? []), ...(manifest.sources.nvidia_smi.gpus ?? []), ...(manifest.sources.amd_smi?.gpus ?? [])]) uuidToIndex.set(g.uuid, Number(g.index));
  const gpuSegJ = new Map<number, Float64Array>();
  let resourceOk = true;
  for (const s of primary.filter((p) => p.component === 'gpu')) {
    const idx = uuidToIndex.get(s.device);
    if (idx === undefined) {
      if (runs.some((r) => r.attrs.gpus !== '')) warn(`${dir}: GPU ${s.device} is not listed in manifest.json, so energy_resource_mj is left out`);
      resourceOk = false;
      break;
    }
    gpuSegJ.set(idx, s.seg.energyJ);
  }
  const hostSegJ = segJ[1].map((e, k) => e + segJ[2][k]);
  const runGpus = runs.map((r) => (r.attrs.gpus === '' ? null : r.attrs.gpus.split(',').map(Number)));
  if (resourceOk) {
    // a run on a GPU the trace did not measure cannot be given its GPU's energy: no column, say why
    const unknown = runs.flatMap((r, i) => (runGpus[i] ?? []).filter((g) => !gpuSegJ.has(g)).map((g) => `run ${r.id} GPU ${g}`));
    if (unknown.length) {
      warn(`${dir}: ${unknown.join(', ')} not measured in this trace (measured: ${[...gpuSegJ.keys()].sort((x, y) => x - y).join(', ') || 'none'}), so energy_resource_mj is left out`);
      resourceOk = false;
    }
  }
  const resourceRunning = resourceOk ? resourceEnergyJ(tl, gpuSegJ, hostSegJ, runGpus) : null;

  // idle power only from segments no flag casts doubt on (a reset, a gap, a missing sample)
  const idlePowerW = opts.idlePowerW ?? idlePowerFromWindowsW(tl, segTotalJ.map((e, k) => (segFlags[k] ? 0 : e)), durationsS.map((d, k) => (segFlags[k] ? 0 : d)));
  const incremental = idlePowerW === null ? null : incrementalEnergyJ(tl, segTotalJ, durationsS, runs, setups, idlePowerW);

  // power.draw beside NVML: the same rule applied to the diagnostic series
  const diag = integ.series.filter((s) => !s.primary);
  let diagJ: Float64Array | null = null;
  if (diag.length) {
    const seg = new Float64Array(nSeg);
    for (const s of diag) for (let k = 0; k < nSeg; k++) seg[k] += s.seg.energyJ[k];
    const a = attributeEnergy(tl, [seg], runs, setups, nodeTime.tauS, windowStartS, windowEndS, policy);
    diagJ = a.runningJ[0].map((e, i) => e + a.setupJ[0][i] + a.idleJ[0][i]);
  }

  // validity
  const reasons = runs.map((r) => new Set<ReasonCode>(r.reasons));
  // a setup whose marks do not match shares energy it may not have used: flag the runs it serves
  for (const s of setups) {
    if (!s.reasons.size) continue;
    for (const i of servedRuns(s, runs)) for (const c of s.reasons) reasons[i].add(c);
    warn(`${dir}: setup ${s.id}: ${[...s.reasons].sort().join(';')} (its share is in energy_setup_mj of the runs it serves, which are flagged)`);
  }
  for (const w of idles) if (w.reasons.size) warn(`${dir}: idle window ${w.id}: ${[...w.reasons].sort().join(';')}; idle power measured over it may be wrong`);
  // a flagged segment flags the runs running in it, and the runs served by a setup active in it (they
  // share its energy)
  const served = setups.map((w) => servedRuns(w, runs));
  tl.running.forEach((rs, k) => {
    if (!segFlags[k]) return;
    const hit = new Set([...rs, ...tl.setups[k].flatMap((j) => served[j])]);
    for (const [code, bit] of FLAG_CODES) if (segFlags[k] & bit) for (const i of hit) reasons[i].add(code);
  });
  // a window closed by a guess (no end: the trace end; no start: no time) moves the execution window
  // and the other runs' shares of T0
  const guessed = [...runs, ...setups].filter((w) => w.reasons.has('unmatched-mark') || w.reasons.has('nested-mark'));
  if (guessed.length) {
    runs.forEach((r, i) => {
      if (!reasons[i].has('unmatched-mark') && !reasons[i].has('nested-mark') && guessed.some((w) => w !== r)) reasons[i].add('allocation-uncertain');
    });
  }
  // a truncated or garbled line within a window: something of that window may be lost
  runs.forEach((r, i) => { if (skipped.some((k) => k.fromS <= r.endS && k.toS >= r.startS)) reasons[i].add('skipped-line'); });
  // a sampler the logger saw exit: the runs not over by then lost (part of) that source
  const dead = (manifest.samplers ?? []).filter((s) => s.status === 'died');
  const deadAt: EnergySummary['dead_samplers'] = [];
  for (const d of dead) {
    // noticed at mono_ns; its last sample may be earlier (the notice takes a moment)
    const src = d.source === 'nvidia_smi' ? 'smi' : d.source === 'amd_smi' ? 'amd' : d.source;
    const lastS = maxOf(integ.series.filter((x) => x.source === src).map((x) => x.seg.lastS));
    const atS = d.mono_ns === undefined ? null : Math.min((d.mono_ns - originNs) / 1e9, lastS);
    warn(`${dir}: the ${d.source} sampler exited before stop${d.exit_status === undefined ? '' : ` (status ${d.exit_status})`}${atS === null ? '' : ` at ${atS.toFixed(3)} s`}; runs not over by then are flagged sampler-died`);
    runs.forEach((r, i) => { if (atS === null || r.endS >= atS) reasons[i].add('sampler-died'); });
    deadAt.push({ source: d.source, exit_status: d.exit_status ?? null, at_s: atS });
  }
  // every device the manifest lists must have a series: one without samples covers no run at all
  const measured = new Set(primary.filter((s) => s.samples >= 2).map((s) => s.device));
  const listedGpus = [
    ...(manifest.sources.nvml.status === 'present' ? manifest.sources.nvml.gpus ?? [] : []),
    ...(manifest.sources.nvidia_smi.status === 'present' ? manifest.sources.nvidia_smi.gpus ?? [] : []),
    ...(manifest.sources.amd_smi?.status === 'present' ? manifest.sources.amd_smi.gpus ?? [] : []),
  ].map((g) => g.uuid);
  const listedZones = manifest.sources.rapl.status === 'present' ? (manifest.sources.rapl.zones ?? []).map((z) => z.label) : [];
  const uncovered = [...new Set([...listedGpus, ...listedZones])].filter((d) => !measured.has(d));
  if (uncovered.length) {
    warn(`${dir}: ${uncovered.join(', ')} listed in manifest.json but with fewer than two samples: every run is flagged unbracketed`);
    for (const r of reasons) r.add('unbracketed');
  }
  runs.forEach((r, i) => {
    if (!(r.endS > r.startS)) {
      if (!reasons[i].has('unmatched-mark')) reasons[i].add('zero-length');
      return;
    }
    if (r.endS <= traceStartS || r.startS >= traceEndS) reasons[i].add('outside-trace');
    else if (primary.some((s) => s.seg.firstS > r.startS || s.seg.lastS < r.endS)) reasons[i].add('unbracketed');
  });

  // two meters of one GPU in each run's window: the counter and the power series (eq. 2.3 either way)
  const tolerance = opts.crossCheckTolerance ?? CROSSCHECK_TOLERANCE;
  const pairs = integ.series.flatMap((c) => {
    const powerSource = POWER_OF[c.source as SourceName];
    const p = powerSource && integ.series.find((x) => x.source === powerSource && x.device === c.device);
    return p && c.samples >= 2 && p.samples >= 2 ? [{ counter: c, power: p }] : [];
  });
  const checks = pairs.length ? crossCheck(tl, runs, pairs.map((x) => [x.counter.seg, x.power.seg] as const)) : null;
  if (checks) checks.forEach((c, i) => { if (c.rel !== null && Math.abs(c.rel) > tolerance) reasons[i].add('meter-disagreement'); });
  if (manifest.stand_in) {
    warn(`${dir}: STAND-IN devices, no real GPU was measured (${manifest.stand_in}): every energy here is made up; every run is flagged stand-in`);
    for (const r of reasons) r.add('stand-in'); // so that validate, tables and the datasheet say it of every run downstream
  }

  const withMeta = (['task_id', 'system', 'attempt'] as const).filter((c) => runs.some((r) => r.attrs[c] !== ''));
  const rates = opts.sensitivityRatesUSDPerHour ?? [];
  const rate = opts.rateUSDPerHour ?? null;
  if (rates.length && rate === null) fail('rate sensitivity needs a base --rate');
  const columns = [
    'run_id', ...withMeta, 'ai_hours', 'energy_mj', 'cost_usd', 'node_hours',
    'energy_gpu_mj', 'energy_cpu_mj', 'energy_dram_mj', 'energy_setup_mj', 'energy_idle_mj',
    ...(incremental ? ['energy_incremental_mj'] : []),
    'energy_ipw_mj',
    ...(resourceRunning ? ['energy_resource_mj'] : []),
    ...(diagJ ? ['energy_gpu_powerdraw_mj'] : []),
    ...(checks ? ['meter_disagreement_rel', 'meter_coverage'] : []),
    ...rates.map((x) => `cost_usd_at_${x}`),
    'validity',
  ];
  let invalid = 0;
  const rows = runs.map((r, i) => {
    const comp = COMPONENTS.map((_, c) => attr.runningJ[c][i] + attr.setupJ[c][i] + attr.idleJ[c][i]);
    const setupJ = COMPONENTS.reduce((a, _, c) => a + attr.setupJ[c][i], 0);
    const idleJ = COMPONENTS.reduce((a, _, c) => a + attr.idleJ[c][i], 0);
    const energyJ = comp.reduce((a, b) => a + b, 0);
    const cost = rate === null ? null : executionCostUSD(nodeTime.allocS[i], rate);
    const codes = [...reasons[i]].sort();
    if (codes.length) invalid++;
    const row: Record<string, string> = {
      run_id: r.id,
      ai_hours: H(Math.max(0, r.endS - r.startS)),
      energy_mj: MJ(energyJ),
      cost_usd: cost === null ? '' : USD(cost),
      node_hours: H(nodeTime.allocS[i]),
      energy_gpu_mj: present[0] ? MJ(comp[0]) : '',
      energy_cpu_mj: present[1] ? MJ(comp[1]) : '',
      energy_dram_mj: present[2] ? MJ(comp[2]) : '',
      energy_setup_mj: MJ(setupJ),
      energy_idle_mj: MJ(idleJ),
      energy_ipw_mj: MJ(ipw[i]),
      validity: codes.length ? codes.join(';') : 'ok',
    };
    for (const c of withMeta) row[c] = r.attrs[c];
    if (incremental) row.energy_incremental_mj = MJ(incremental[i]);
    if (resourceRunning) row.energy_resource_mj = MJ(resourceRunning[i] + setupJ + idleJ);
    if (diagJ) row.energy_gpu_powerdraw_mj = MJ(diagJ[i]);
    if (checks) {
      row.meter_disagreement_rel = checks[i].rel === null ? '' : checks[i].rel!.toFixed(6);
      row.meter_coverage = checks[i].coverage.toFixed(6);
    }
    for (const x of rates) row[`cost_usd_at_${x}`] = USD(costAtRateUSD(cost!, nodeTime.allocS[i], rate!, x));
    return row;
  });

  const summary: EnergySummary = {
    trace: dir,
    host: manifest.host,
    energy_boundary: boundaryOf(COMPONENTS.filter((_, c) => present[c])).profile,
    components: COMPONENTS.filter((_, c) => present[c]),
    sources: manifest.sources as EnergySummary['sources'],
    gpu_series: integ.series.filter((s) => s.component === 'gpu').map((s) => ({ device: s.device, source: SERIES_WORDS[s.source], primary: s.primary })),
    records: integ.records,
    na_values: integ.naValues,
    truncated_files: integ.truncatedFiles,
    skipped_lines: skipped.map(({ file, line, message }) => ({ file, line, message })),
    dead_samplers: deadAt,
    trace_start_s: traceStartS,
    trace_end_s: traceEndS,
    total_j: totalJ,
    runs_j: runsJ,
    setup_unserved_j: attr.setupUnservedJ,
    idle_in_window_j: attr.idleInWindowJ,
    idle_outside_window_j: attr.idleOutsideJ,
    idle_policy: policy,
    idle_power_w: idlePowerW,
    t0_s: nodeTime.t0S,
    execution_window_s: nodeTime.windowS,
    gap_limit_s: gapLimitS,
    invalid_runs: invalid,
    ...(manifest.stand_in ? { stand_in: manifest.stand_in } : {}),
    cross_check: checks ? {
      pairs: pairs.map((x) => ({ device: x.counter.device, counter: SERIES_WORDS[x.counter.source], power: SERIES_WORDS[x.power.source] })),
      tolerance,
      flagged_runs: checks.filter((c) => c.rel !== null && Math.abs(c.rel) > tolerance).length,
      max_abs_rel: checks.reduce<number | null>((m, c) => (c.rel === null ? m : Math.max(m ?? 0, Math.abs(c.rel))), null),
    } : null,
  };
  return { columns, rows, summary };
}
