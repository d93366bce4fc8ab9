/**
 * energyRuns on hand-written traces, for what mutation testing (#29) found unchecked: energy integrated
 * by another engine (`integrated`), the defaults of the gap limit and the power ceilings, the summary's
 * fields, dead samplers, validity edges, rate sensitivity and the warnings that say why something is
 * left out.
 *
 * Oracles: hand arithmetic from Joules-to-GDP eq. (2.3) (E_i = integral over i running of P / N_running
 * dt + E_{b,0} / K_b) and Appendix G (T_alloc = tau_i + T0 tau_i / sum tau), the trace this file writes
 * (what each sample, mark and manifest field is), and the property that every joule of the trace is
 * reported once (runs + unserved setup + idle = total).
 *
 * Equivalent mutants of energyRuns.ts (no output can tell them apart, so no test can kill them):
 * - `primary.length === 0 || primary.every(...)` with `primary.length === 0` made `false`: `[].every(...)`
 *   is true, so an empty list of primary series is refused by the second operand anyway.
 * - `for (let k = 0; k < nSeg; k++)` (summing the primary series) with `<` made `<=`: the extra pass reads
 *   index nSeg of the series' Float64Array (undefined) and writes NaN at index nSeg of segJ, segTotalJ and
 *   segFlags, typed arrays of length nSeg, where JavaScript ignores the write.
 * - The check that the parts add up to the trace total (`if (Math.abs(partsJ - totalJ) > 1e-9 * ...)`
 *   made `false` or `>=`, and its message, never reached: "no coverage"): it guards an invariant that
 *   attributeEnergy keeps (each segment's energy goes whole to running runs, to setups, or to idle), so no
 *   input makes the parts differ from the total by more than rounding. Its tolerance is tested (the
 *   10 MJ trace below: `Math.max(1, ...)` made `Math.min` refuses it).
 * - `manifest.sources.nvml.gpus ?? []` (and nvidia_smi's) with `[]` made `["Stryker was here"]`: a source
 *   without a GPU list then maps `"Stryker was here".uuid`, undefined, which no series' device (a string)
 *   looks up.
 * - `guessed.some((w) => w !== r)` with `w !== r` made `true`, or `some` made `every`: a guessed window
 *   that is the run itself carries `unmatched-mark` or `nested-mark` in the run's own reasons, which the
 *   same condition already excludes; and `if (guessed.length)` made `true`: `[].some(...)` is false.
 * - The power.draw sum `for (let k = 0; k < nSeg; k++)` with `<=`: as the primary sum above.
 * - `if (!segFlags[k]) return` made `false`: an unflagged segment's `segFlags[k] & bit` is 0 for every code.
 * - `manifest.samplers ?? []` with `[]` made `["Stryker was here"]`: a string's `.status` is undefined, not
 *   'died', so no sampler is taken as dead.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { energyRuns } from '../../kernel-lib/energy/index.ts';
import type { IntegratedTrace } from '../../kernel-lib/energy/integrateTrace.ts';
import { SegmentEnergy } from '../../kernel-lib/energy/segmentEnergy.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';
import { ORIGIN_NS, byRun, counterSamples, powerSamples, writeTrace, type FixtureMark } from './traceFixture.ts';

onWarning(null);

const run = (id: string, t0: number, t1: number, extra: Partial<FixtureMark> = {}): FixtureMark[] => [
  { t: t0, kind: 'run-start', id, ...extra }, { t: t1, kind: 'run-end', id },
];
const byT = (a: { t: number }, b: { t: number }) => a.t - b.t;

/** Edit DIR/manifest.json as an object. */
const editManifest = (dir: string, edit: (m: Record<string, any>) => void) => { // eslint-disable-line @typescript-eslint/no-explicit-any
  const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  edit(m);
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(m));
};

describe('energy integrated by another engine (opts.integrated)', () => {
  // runs a [0, 2], b [1, 3]: boundaries 0, 1, 2, 3. The trace's own samples say 999 W; the given
  // integration says 100, 300, 200 J in [0,1), [1,2), [2,3): a = 100 + 300/2 = 250 J, b = 150 + 200 = 350 J.
  const trace = () => writeTrace({
    gpus: ['GPU-a'],
    smi: powerSamples('GPU-a', 0, 3, 0.5, () => 999),
    marks: [...run('a', 0, 2), ...run('b', 1, 3)].sort(byT),
  });
  const given = (boundaries: number[]): IntegratedTrace => {
    const seg = new SegmentEnergy(Float64Array.from(boundaries));
    seg.energyJ.set([0, 100, 300, 200, 0]);
    seg.seen(0); seg.seen(3);
    return { series: [{ source: 'smi', device: 'GPU-a', component: 'gpu', primary: true, samples: 7, seg }], records: 7, naValues: 0, truncatedFiles: [], skipped: [] };
  };

  it('uses the given segment energies instead of reading the samples', () => {
    const { rows, summary } = energyRuns(trace(), { integrated: { boundariesS: Float64Array.of(0, 1, 2, 3), trace: given([0, 1, 2, 3]) } });
    expect(byRun(rows, 'energy_mj')).toEqual({ a: 0.00025, b: 0.00035 });
    expect(summary.total_j).toBe(600);
    expect(summary.records).toBe(7);
  });

  it('refuses energies cut at other boundaries than the marks give, even a prefix of them', () => {
    const dir = trace();
    for (const b of [[0, 1, 2], [0, 1, 2, 3.5], [0, 1, 2, 3, 4]]) {
      expect(() => energyRuns(dir, { integrated: { boundariesS: Float64Array.from(b), trace: given([0, 1, 2, 3]) } }), String(b))
        .toThrow(`${dir}: the integrated series were cut at other boundaries than the marks give`);
    }
  });
});

describe('defaults', () => {
  it('gap limit: max(5 x interval, 1 s): 1 s at 100 ms, 2 s at 400 ms; a 1.5 s hole is a gap only under the first', () => {
    const smi = [...powerSamples('GPU-a', 0, 2, 0.5, () => 100), ...powerSamples('GPU-a', 3.5, 6, 0.5, () => 100)];
    const marks = run('r', 0, 6);
    const fast = energyRuns(writeTrace({ intervalMs: 100, gpus: ['GPU-a'], smi, marks }));
    expect(fast.summary.gap_limit_s).toBe(1);
    expect(fast.rows[0].validity).toBe('gap');
    const slow = energyRuns(writeTrace({ intervalMs: 400, gpus: ['GPU-a'], smi, marks }));
    expect(slow.summary.gap_limit_s).toBe(2);
    expect(slow.rows[0].validity).toBe('ok');
    // oracle: 100 W over [0, 6], the hole bridged by the trapezoid (100 W both sides) = 600 J
    expect(Number(slow.rows[0].energy_mj)).toBeCloseTo(600e-6, 12);
  });

  it('GPU power ceiling 2000 W by default: 1990 W is used, 2010 W flagged implausible and not integrated', () => {
    const marks = run('r', 0, 2);
    const ok = energyRuns(writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 2, 0.5, () => 1990), marks }));
    expect(ok.rows[0].validity).toBe('ok');
    expect(Number(ok.rows[0].energy_mj)).toBeCloseTo(3980e-6, 12);
    const high = energyRuns(writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 2, 0.5, (t) => (t === 1 ? 2010 : 100)), marks }));
    expect(high.rows[0].validity).toBe('implausible-power');
    // and an explicit ceiling moves it
    const raised = energyRuns(writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 2, 0.5, (t) => (t === 1 ? 2010 : 100)), marks }), { gpuCeilingW: 3000 });
    expect(raised.rows[0].validity).toBe('ok');
  });
});

describe('the summary', () => {
  it('of a system trace: NVML + power.draw + RAPL package and DRAM, a setup, two runs; every joule reported once', () => {
    // GPU 300 W (NVML counter, primary; power.draw 250 W beside it, diagnostic), package 100 W, DRAM 20 W, on [0, 10]
    // samples every 1 s: 11 per series, 4 series => 44 records. setup s [1, 2]; runs a [2, 6], b [4, 8].
    // oracle: total 420 W x 10 s = 4200 J. setup 420 J over K = 2; a = 420 x 2 + 420 x 2 / 2 = 1260 J + 210,
    //   b = 420 + 840 = 1260 + 210. idle outside [1, 8]: [0, 1] and [8, 10] = 1260 J.
    //   window [1, 8] = 7 s, busy [2, 8] 6 s: T0 = 1 s; tau_a = tau_b = 3 s.
    const dir = writeTrace({
      intervalMs: 1000,
      gpus: ['GPU-a'],
      nvml: counterSamples('GPU-a', 0, 10, 1, () => 300, 1000),
      smi: powerSamples('GPU-a', 0, 10, 1, () => 250),
      rapl: {
        zones: [{ label: 'package-0', kind: 'package', range: 1e15 }, { label: 'dram-0', kind: 'dram', range: 1e15 }],
        samples: [...counterSamples('package-0', 0, 10, 1, () => 100, 1e6), ...counterSamples('dram-0', 0, 10, 1, () => 20, 1e6)].sort((x, y) => x[0] - y[0]),
      },
      marks: [{ t: 1, kind: 'setup-start', id: 's' }, { t: 2, kind: 'setup-end', id: 's' }, ...run('a', 2, 6), ...run('b', 4, 8)].sort(byT),
    });
    const { columns, rows, summary } = energyRuns(dir);
    expect(summary).toMatchObject({
      trace: dir, host: 'fixture', energy_boundary: 'system', components: ['gpu', 'cpu', 'dram'],
      records: 44, na_values: 0, truncated_files: [], skipped_lines: [], dead_samplers: [],
      trace_start_s: 0, trace_end_s: 10, setup_unserved_j: 0, idle_in_window_j: 0,
      idle_policy: 'exclude', idle_power_w: null, gap_limit_s: 5, invalid_runs: 2,
    });
    // NVML 300 W against power.draw 250 W: the two meters of GPU-a disagree by (250 - 300) / 300 in every window
    expect(summary.cross_check).toMatchObject({ pairs: [{ device: 'GPU-a', counter: 'nvml energy counter', power: 'nvidia-smi power.draw' }], tolerance: 0.1, flagged_runs: 2 });
    expect(summary.cross_check!.max_abs_rel).toBeCloseTo(1 / 6, 12);
    expect(rows.map((r) => [r.meter_disagreement_rel, r.meter_coverage])).toEqual([['-0.166667', '1.000000'], ['-0.166667', '1.000000']]);
    // within a tolerance of 0.2 the same runs are ok
    expect(energyRuns(dir, { crossCheckTolerance: 0.2 }).rows.map((r) => r.validity)).toEqual(['ok', 'ok']);
    expect(summary.total_j).toBeCloseTo(4200, 6);
    expect(summary.runs_j).toBeCloseTo(2940, 6);
    expect(summary.idle_outside_window_j).toBeCloseTo(1260, 6);
    expect(summary.t0_s).toBeCloseTo(1, 9);
    expect(summary.execution_window_s).toBeCloseTo(7, 9);
    expect(summary.sources).toMatchObject({ nvml: { status: 'present' }, nvidia_smi: { status: 'present' }, rapl: { status: 'present' } });
    expect([...summary.gpu_series].sort((x, y) => x.source.localeCompare(y.source))).toEqual([
      { device: 'GPU-a', source: 'nvidia-smi power.draw', primary: false },
      { device: 'GPU-a', source: 'nvml energy counter', primary: true },
    ]);
    // per run: GPU 300/420 of 1470 J = 1050 J, CPU 350 J, DRAM 70 J; setup 210 J; power.draw 250/420 of it = 875 J
    expect(byRun(rows, 'energy_mj').a).toBeCloseTo(1470e-6, 12);
    expect(byRun(rows, 'energy_gpu_mj').b).toBeCloseTo(1050e-6, 12);
    expect(byRun(rows, 'energy_cpu_mj').a).toBeCloseTo(350e-6, 12);
    expect(byRun(rows, 'energy_dram_mj').b).toBeCloseTo(70e-6, 12);
    expect(byRun(rows, 'energy_setup_mj').a).toBeCloseTo(210e-6, 12);
    expect(byRun(rows, 'energy_idle_mj')).toEqual({ a: 0, b: 0 });
    expect(byRun(rows, 'energy_gpu_powerdraw_mj').a).toBeCloseTo(875e-6, 12);
    // IPW: each run its whole window: a 4 s x 420 = 1680 J
    expect(byRun(rows, 'energy_ipw_mj').a).toBeCloseTo(1680e-6, 12);
    expect(rows.map((r) => r.validity)).toEqual(['meter-disagreement', 'meter-disagreement']);
    expect(columns).toEqual([
      'run_id', 'ai_hours', 'energy_mj', 'cost_usd', 'node_hours', 'energy_gpu_mj', 'energy_cpu_mj', 'energy_dram_mj',
      'energy_setup_mj', 'energy_idle_mj', 'energy_ipw_mj', 'energy_gpu_powerdraw_mj', 'meter_disagreement_rel', 'meter_coverage', 'validity',
    ]);
  });

  it('of a GPU-only trace: the device boundary, empty CPU and DRAM columns, runs_j + idle = total', () => {
    const dir = writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 4, 0.5, () => 100), marks: [...run('a', 0, 1), ...run('b', 3, 4)] });
    const { rows, summary } = energyRuns(dir, { idlePolicy: 'proportional' });
    expect(summary).toMatchObject({ energy_boundary: 'device', components: ['gpu'], idle_policy: 'proportional', records: 9 });
    expect(rows[0]).toMatchObject({ energy_cpu_mj: '', energy_dram_mj: '' });
    // [1, 3] idle in the window, 200 J, shared by tau 1 : 1: 100 J each; a = 100 + 100 = 200 J
    expect(byRun(rows, 'energy_idle_mj')).toEqual({ a: 0.0001, b: 0.0001 });
    expect(summary.runs_j).toBeCloseTo(400, 9);
    expect(summary.idle_in_window_j).toBe(0);
  });
});

describe('dead samplers', () => {
  const trace = () => writeTrace({
    gpus: ['GPU-a'],
    smi: powerSamples('GPU-a', 0, 1.5, 0.1, () => 100),
    marks: [...run('a', 0, 1.4), ...run('b', 1.4, 1.5), ...run('c', 1.5, 3)].sort(byT),
  });

  it('noticed after the last sample: dated at the last sample (1.5 s), so a run ending exactly then is flagged, one ending before is not', () => {
    // c [1.5, 3] starts where the samples end (1.5 s): it does not overlap the trace, outside-trace
    const dir = trace();
    editManifest(dir, (m) => { m.samplers = [{ source: 'nvidia_smi', status: 'died', exit_status: 1, mono_ns: ORIGIN_NS + 2.5e9 }, { source: 'nvml', status: 'ran' }]; });
    clearWarnings();
    const { rows, summary } = energyRuns(dir);
    expect(summary.dead_samplers).toEqual([{ source: 'nvidia_smi', exit_status: 1, at_s: 1.5 }]);
    expect(rows.map((r) => r.validity)).toEqual(['ok', 'sampler-died', 'outside-trace;sampler-died']);
    expect(warnings()).toContain(`${dir}: the nvidia_smi sampler exited before stop (status 1) at 1.500 s; runs not over by then are flagged sampler-died`);
  });

  it('noticed before the last sample: dated when noticed (1.45 s); without a time or status: every run flagged, both null', () => {
    const dir = trace();
    editManifest(dir, (m) => { m.samplers = [{ source: 'nvidia_smi', status: 'died', exit_status: 0, mono_ns: ORIGIN_NS + 1.45e9 }]; });
    const early = energyRuns(dir);
    expect(early.summary.dead_samplers).toEqual([{ source: 'nvidia_smi', exit_status: 0, at_s: 1.45 }]);
    expect(early.rows.map((r) => r.validity)).toEqual(['ok', 'sampler-died', 'outside-trace;sampler-died']);
    editManifest(dir, (m) => { m.samplers = [{ source: 'nvidia_smi', status: 'died' }]; });
    clearWarnings();
    const unknown = energyRuns(dir);
    expect(unknown.summary.dead_samplers).toEqual([{ source: 'nvidia_smi', exit_status: null, at_s: null }]);
    expect(unknown.rows.map((r) => r.validity)).toEqual(['sampler-died', 'sampler-died', 'outside-trace;sampler-died']);
    expect(unknown.summary.invalid_runs).toBe(3);
    expect(warnings()).toContain(`${dir}: the nvidia_smi sampler exited before stop; runs not over by then are flagged sampler-died`);
  });
});

describe('cost and rate sensitivity (Appendix G.1)', () => {
  it('cost_usd_at_<rate> is T_alloc x that rate; no --rate gives empty costs; sensitivity without a base rate is refused', () => {
    // one run [0, 9] alone, T0 = 0: T_alloc = 9 s = 0.0025 h. at 40 USD/h 0.1 USD, at 100 USD/h 0.25 USD, at 0: 0
    const dir = writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 9, 0.5, () => 100), marks: run('r', 0, 9) });
    const { columns, rows } = energyRuns(dir, { rateUSDPerHour: 40, sensitivityRatesUSDPerHour: [100, 0] });
    expect(columns.slice(-3)).toEqual(['cost_usd_at_100', 'cost_usd_at_0', 'validity']);
    expect(rows[0]).toMatchObject({ cost_usd: '0.100000', cost_usd_at_100: '0.250000', cost_usd_at_0: '0.000000', node_hours: '0.002500000', ai_hours: '0.002500000' });
    expect(energyRuns(dir).rows[0].cost_usd).toBe('');
    expect(() => energyRuns(dir, { sensitivityRatesUSDPerHour: [100] })).toThrow('rate sensitivity needs a base --rate');
  });
});

describe('validity', () => {
  it('a setup with a nested mark flags only the runs it serves (its batch), and says so', () => {
    // setup s (batch x) started twice; runs a (batch x) and b (batch y) after it
    const dir = writeTrace({
      gpus: ['GPU-a'],
      smi: powerSamples('GPU-a', 0, 6, 0.5, () => 100),
      marks: [
        { t: 0, kind: 'setup-start', id: 's', batch: 'x' }, { t: 0.5, kind: 'setup-start', id: 's', batch: 'x' }, { t: 2, kind: 'setup-end', id: 's' },
        { t: 2, kind: 'run-start', id: 'a', batch: 'x' }, { t: 4, kind: 'run-end', id: 'a' },
        { t: 4, kind: 'run-start', id: 'b', batch: 'y' }, { t: 6, kind: 'run-end', id: 'b' },
      ],
    });
    clearWarnings();
    const { rows } = energyRuns(dir);
    // the setup's marks are a guess: b's share of T0 rests on it too (allocation-uncertain), a is flagged by its setup
    expect(rows.map((r) => r.validity)).toEqual(['nested-mark', 'allocation-uncertain']);
    expect(warnings()).toContain(`${dir}: setup s: nested-mark (its share is in energy_setup_mj of the runs it serves, which are flagged)`);
    // oracle: setup [0, 2] 200 J all to a (K = 1)
    expect(byRun(rows, 'energy_setup_mj')).toEqual({ a: 0.0002, b: 0 });
  });

  it('a gap inside a setup flags the runs that setup serves, not the others', () => {
    // samples stop on (1, 3): a 2 s hole inside setup s [0, 4] (batch x). a (batch x) [4, 6], b (batch y) [6, 8]
    const dir = writeTrace({
      gpus: ['GPU-a'],
      smi: [...powerSamples('GPU-a', 0, 1, 0.5, () => 100), ...powerSamples('GPU-a', 3, 8, 0.5, () => 100)],
      marks: [
        { t: 0, kind: 'setup-start', id: 's', batch: 'x' }, { t: 4, kind: 'setup-end', id: 's' },
        ...run('a', 4, 6, { batch: 'x' }), ...run('b', 6, 8, { batch: 'y' }),
      ],
    });
    expect(energyRuns(dir).rows.map((r) => r.validity)).toEqual(['gap', 'ok']);
  });

  it('a window closed by a guess makes the others\' allocation uncertain, not its own', () => {
    // open [0, ...) never ends (closed at the trace end, 4 s); a [1, 2] is complete
    const dir = writeTrace({
      gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 4, 0.5, () => 100),
      marks: [{ t: 0, kind: 'run-start', id: 'open' }, ...run('a', 1, 2)],
    });
    expect(energyRuns(dir).rows.map((r) => `${r.run_id} ${r.validity}`)).toEqual(['open unmatched-mark', 'a allocation-uncertain']);
    // alone, an open run is only unmatched
    const alone = writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 4, 0.5, () => 100), marks: [{ t: 0, kind: 'run-start', id: 'open' }] });
    expect(energyRuns(alone).rows.map((r) => r.validity)).toEqual(['unmatched-mark']);
  });

  it('a skipped sample line flags the runs whose windows it touches, from the good sample before it to the one after', () => {
    // samples every 0.5 s; the line of the 2.0 s sample is garbled: it lies between the good ones at 1.5 and 2.5 s.
    // a [0, 1.5] touches it at 1.5 s, b [2.5, 3] at 2.5 s; c [0, 1] and d [3, 4] do not.
    const dir = writeTrace({
      gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 4, 0.5, () => 100),
      marks: [...run('a', 0, 1.5), ...run('c', 0, 1), ...run('b', 2.5, 3), ...run('d', 3, 4)].sort(byT),
    });
    const lines = readFileSync(join(dir, 'smi.csv'), 'utf8').split('\n');
    lines[5] = lines[5].replace(/,100$/, ',1OO'); // header is line 1, the 2.0 s sample line 6
    writeFileSync(join(dir, 'smi.csv'), lines.join('\n'));
    const { rows, summary } = energyRuns(dir);
    expect(summary.skipped_lines.map((k) => k.line)).toEqual([6]);
    expect(Object.fromEntries(rows.map((r) => [r.run_id, r.validity]))).toEqual({ a: 'skipped-line', c: 'ok', b: 'skipped-line', d: 'ok' });
  });

  it('more than 20 skipped lines: the first 20 warned one by one, the rest counted', () => {
    const dir = writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 30, 0.5, () => 100), marks: run('r', 0, 30) });
    const lines = readFileSync(join(dir, 'smi.csv'), 'utf8').split('\n');
    for (let i = 2; i <= 23; i++) lines[2 * i] = lines[2 * i].replace(/,100$/, ',x'); // 22 bad lines: 5, 7, ..., 47
    writeFileSync(join(dir, 'smi.csv'), lines.join('\n'));
    clearWarnings();
    const { summary } = energyRuns(dir, { gapLimitS: 5 });
    expect(summary.skipped_lines).toHaveLength(22);
    const said = warnings();
    expect(said.filter((w) => w.includes(': skipped: '))).toHaveLength(20);
    expect(said).toContain(`${join(dir, 'smi.csv')}:5: skipped: value: expected a number >= 0, NA or [N/A], found "x"`);
    expect(said).toContain(`${join(dir, 'smi.csv')}:43: skipped: value: expected a number >= 0, NA or [N/A], found "x"`);
    expect(said.some((w) => w.startsWith(`${join(dir, 'smi.csv')}:45:`))).toBe(false);
    expect(said).toContain(`${dir}: 2 more skipped lines (all in the summary's skipped_lines)`);
  });

  it('a RAPL zone the manifest lists without samples flags every run unbracketed, naming it; an absent source\'s GPUs are not required', () => {
    const dir = writeTrace({
      gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 2, 0.5, () => 100),
      rapl: { zones: [{ label: 'package-0', kind: 'package', range: 1e12 }, { label: 'dram-0', kind: 'dram', range: 1e12 }], samples: counterSamples('package-0', 0, 2, 0.5, () => 50, 1e6) },
      marks: run('r', 0, 2),
    });
    // nvml is absent in this trace but the manifest lists a GPU under it that has no series of its own
    editManifest(dir, (m) => {
      m.sources.nvml.gpus = [{ index: '5', uuid: 'GPU-zz' }];
      m.sources.nvidia_smi.gpus.push({ index: '1', uuid: 'GPU-b' }); // listed under the present source, no samples
    });
    clearWarnings();
    const { rows } = energyRuns(dir);
    expect(rows[0].validity).toBe('unbracketed');
    expect(warnings()).toEqual([`${dir}: GPU-b, dram-0 listed in manifest.json but with fewer than two samples: every run is flagged unbracketed`]);
  });

  it('zero-length, outside-trace at both edges, and unbracketed by a late first sample', () => {
    // samples on [1, 5]. z [2, 2] no time; e [0, 1] ends at the first sample; l [5, 6] starts at the last;
    // u [0.5, 2] starts before the first sample; in [1, 5] is covered
    const dir = writeTrace({
      gpus: ['GPU-a'], smi: powerSamples('GPU-a', 1, 5, 0.5, () => 100),
      marks: [...run('z', 2, 2), ...run('e', 0, 1), ...run('l', 5, 6), ...run('u', 0.5, 2), ...run('in', 1, 5)].sort(byT),
    });
    const v = Object.fromEntries(energyRuns(dir).rows.map((r) => [r.run_id, r.validity]));
    expect(v).toEqual({ z: 'zero-length', e: 'outside-trace', l: 'outside-trace', u: 'unbracketed', in: 'ok' });
  });
});

describe('columns', () => {
  it('task_id, system and attempt appear only when some run carries them', () => {
    const dir = writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 2, 0.5, () => 100), marks: [...run('a', 0, 1, { system: 'glm' }), ...run('b', 1, 2)] });
    const { columns, rows } = energyRuns(dir);
    expect(columns.slice(0, 3)).toEqual(['run_id', 'system', 'ai_hours']);
    expect(rows.map((r) => r.system)).toEqual(['glm', '']);
    expect(columns).toEqual(['run_id', 'system', 'ai_hours', 'energy_mj', 'cost_usd', 'node_hours', 'energy_gpu_mj', 'energy_cpu_mj', 'energy_dram_mj', 'energy_setup_mj', 'energy_idle_mj', 'energy_ipw_mj', 'validity']);
  });

  it('resource-proportional by the manifest\'s GPU index, not the list order, with setup and idle shares added', () => {
    // manifest: GPU-a is index 1, GPU-b index 0. GPU-a 600 W, GPU-b 100 W on [0, 3]; setup [0, 1]; a on GPU 0 [1, 3], b on GPU 1 [1, 3]
    // oracle: setup 700 J / K 2 = 350 J each; running: a gets GPU 0 = GPU-b: 2 x 100 = 200 J; b 1200 J
    //   resource a = 200 + 350 = 550 J, b = 1200 + 350 = 1550 J; ours: 700 J + 350 J each
    const dir = writeTrace({
      gpus: ['GPU-a', 'GPU-b'],
      smi: [...powerSamples('GPU-a', 0, 3, 0.5, () => 600), ...powerSamples('GPU-b', 0, 3, 0.5, () => 100)].sort((x, y) => x[0] - y[0]),
      marks: [{ t: 0, kind: 'setup-start', id: 's' }, { t: 1, kind: 'setup-end', id: 's' }, ...run('a', 1, 3, { gpus: '0' }), ...run('b', 1, 3, { gpus: '1' })].sort(byT),
    });
    editManifest(dir, (m) => { m.sources.nvidia_smi.gpus = [{ index: '1', uuid: 'GPU-a' }, { index: 0, uuid: 'GPU-b' }]; });
    const { rows } = energyRuns(dir);
    expect(byRun(rows, 'energy_resource_mj')).toEqual({ a: 0.00055, b: 0.00155 });
    expect(byRun(rows, 'energy_mj')).toEqual({ a: 0.00105, b: 0.00105 });
  });

  it('an explicit idle power replaces the measured one; a flagged segment does not count toward the measured one', () => {
    // idle windows i [0, 2] at 100 W and j [2, 4], where samples stop on (2.5, 3.8) (1.3 s, over the 1 s gap limit: [2, 4) flagged);
    // run r [4, 6] at 300 W. oracle: P_idle over the unflagged [0, 2) alone = 200 J / 2 s = 100 W (counting
    // the flagged segment's energy or time would move it); incremental = (300 - 100) x 2 = 400 J (samples at 4 s
    // and 4.5 s are 300 W: r's power is flat). With idlePowerW 50: (300 - 50) x 2 = 500 J.
    const dir = writeTrace({
      gpus: ['GPU-a'],
      smi: [...powerSamples('GPU-a', 0, 2.5, 0.5, () => 100), ...powerSamples('GPU-a', 3.8, 3.8, 0.5, () => 100), ...powerSamples('GPU-a', 4, 6, 0.5, () => 300)],
      marks: [{ t: 0, kind: 'idle-start', id: 'i' }, { t: 2, kind: 'idle-end', id: 'i' }, { t: 2, kind: 'idle-start', id: 'j' }, { t: 4, kind: 'idle-end', id: 'j' }, ...run('r', 4, 6)],
    });
    clearWarnings();
    const measured = energyRuns(dir);
    expect(warnings()).toEqual([]); // idle windows whose marks match are not warned of
    expect(measured.columns.slice(-4)).toEqual(['energy_idle_mj', 'energy_incremental_mj', 'energy_ipw_mj', 'validity']);
    expect(measured.summary.idle_power_w).toBeCloseTo(100, 9);
    expect(byRun(measured.rows, 'energy_incremental_mj').r).toBeCloseTo(400e-6, 12);
    const given = energyRuns(dir, { idlePowerW: 50 });
    expect(given.summary.idle_power_w).toBe(50);
    expect(byRun(given.rows, 'energy_incremental_mj').r).toBeCloseTo(500e-6, 12);
  });

  it('no series with two samples: refused, saying what each source was', () => {
    const dir = writeTrace({ gpus: ['GPU-a'], smi: [[1, 'GPU-a', 100]], marks: run('r', 0, 2) });
    expect(() => energyRuns(dir)).toThrow(`${dir}: no energy series with two or more samples (nvml absent (not in this fixture); nvidia_smi present; rapl absent (not in this fixture))`);
  });
});

describe('resource-proportional column: when it is given and when it is left out', () => {
  it('with RAPL beside the GPUs: each GPU to its run, the host (CPU + DRAM) split equally', () => {
    // GPU-a 600 W, GPU-b 100 W, package 80 W, DRAM 20 W on [0, 2]; a on GPUs 0 and 1 [0, 2], b on GPU 1 [0, 2]
    // oracle per second: GPU 0 600 J to a; GPU 1 100 J split a, b (both use it): 50 J each; host 100 J / 2 = 50 J each.
    //   a = 2 x (600 + 50 + 50) = 1400 J, b = 2 x (50 + 50) = 200 J; ours: 800 J each
    const dir = writeTrace({
      gpus: ['GPU-a', 'GPU-b'],
      smi: [...powerSamples('GPU-a', 0, 2, 0.5, () => 600), ...powerSamples('GPU-b', 0, 2, 0.5, () => 100)].sort((x, y) => x[0] - y[0]),
      rapl: {
        zones: [{ label: 'package-0', kind: 'package', range: 1e15 }, { label: 'dram-0', kind: 'dram', range: 1e15 }],
        samples: [...counterSamples('package-0', 0, 2, 0.5, () => 80, 1e6), ...counterSamples('dram-0', 0, 2, 0.5, () => 20, 1e6)].sort((x, y) => x[0] - y[0]),
      },
      marks: [...run('a', 0, 2, { gpus: '0,1' }), ...run('b', 0, 2, { gpus: '1' })].sort(byT),
    });
    const { columns, rows } = energyRuns(dir);
    expect(columns.slice(-3)).toEqual(['energy_ipw_mj', 'energy_resource_mj', 'validity']);
    expect(byRun(rows, 'energy_resource_mj')).toEqual({ a: 0.0014, b: 0.0002 });
    expect(byRun(rows, 'energy_mj')).toEqual({ a: 0.0008, b: 0.0008 });
  });

  it('left out when one run names no GPUs (no partial split), silently', () => {
    const dir = writeTrace({
      gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 2, 0.5, () => 100),
      marks: [...run('a', 0, 2, { gpus: '0' }), ...run('b', 0, 2)].sort(byT),
    });
    clearWarnings();
    expect(energyRuns(dir).columns).not.toContain('energy_resource_mj');
    expect(warnings()).toEqual([]);
  });

  it('left out, with one warning, when a GPU series is not in the manifest\'s lists; no warning when no run names GPUs', () => {
    // the manifest lists no GPU (gpus: []), so the samples of GPU-x are read but GPU-x has no index
    const marks = [...run('a', 0, 2, { gpus: '0' }), ...run('b', 0, 2, { gpus: '1' })].sort(byT);
    const dir = writeTrace({ gpus: [], smi: powerSamples('GPU-x', 0, 2, 0.5, () => 100), marks });
    clearWarnings();
    const { columns, rows } = energyRuns(dir);
    expect(columns).not.toContain('energy_resource_mj');
    expect(byRun(rows, 'energy_mj')).toEqual({ a: 0.0001, b: 0.0001 });
    expect(warnings()).toEqual([`${dir}: GPU GPU-x is not listed in manifest.json, so energy_resource_mj is left out`]);
    // one run naming GPUs is enough for the warning
    const mixed = writeTrace({ gpus: [], smi: powerSamples('GPU-x', 0, 2, 0.5, () => 100), marks: [...run('a', 0, 2, { gpus: '0' }), ...run('b', 0, 2)].sort(byT) });
    clearWarnings();
    energyRuns(mixed);
    expect(warnings()).toEqual([`${mixed}: GPU GPU-x is not listed in manifest.json, so energy_resource_mj is left out`]);
    const quiet = writeTrace({ gpus: [], smi: powerSamples('GPU-x', 0, 2, 0.5, () => 100), marks: run('a', 0, 2) });
    clearWarnings();
    expect(energyRuns(quiet).columns).not.toContain('energy_resource_mj');
    expect(warnings()).toEqual([]);
  });

  it('left out when runs name GPUs the trace did not measure: all of them named, the measured ones sorted, or "none"', () => {
    // manifest: GPU-a index 2, GPU-b index 0 (series in file order a, b: indices 2, 0, written sorted "0, 2")
    const dir = writeTrace({
      gpus: ['GPU-a', 'GPU-b'],
      smi: [...powerSamples('GPU-a', 0, 2, 0.5, () => 100), ...powerSamples('GPU-b', 0, 2, 0.5, () => 100)].sort((x, y) => x[0] - y[0]),
      marks: [...run('a', 0, 2, { gpus: '0,1' }), ...run('b', 0, 2, { gpus: '3' })].sort(byT),
    });
    editManifest(dir, (m) => { m.sources.nvidia_smi.gpus = [{ index: '2', uuid: 'GPU-a' }, { index: '0', uuid: 'GPU-b' }]; });
    clearWarnings();
    expect(energyRuns(dir).columns).not.toContain('energy_resource_mj');
    expect(warnings()).toEqual([`${dir}: run a GPU 1, run b GPU 3 not measured in this trace (measured: 0, 2), so energy_resource_mj is left out`]);
    // RAPL only: no GPU measured at all
    const cpu = writeTrace({
      rapl: { zones: [{ label: 'package-0', kind: 'package', range: 1e15 }], samples: counterSamples('package-0', 0, 2, 0.5, () => 80, 1e6) },
      marks: run('a', 0, 2, { gpus: '0' }),
    });
    clearWarnings();
    expect(energyRuns(cpu).columns).not.toContain('energy_resource_mj');
    expect(warnings()).toEqual([`${cpu}: run a GPU 0 not measured in this trace (measured: none), so energy_resource_mj is left out`]);
  });
});

describe('edges of the whole', () => {
  it('exactly 20 skipped lines are all warned, with no "0 more" line', () => {
    const dir = writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 30, 0.5, () => 100), marks: run('r', 0, 30) });
    const lines = readFileSync(join(dir, 'smi.csv'), 'utf8').split('\n');
    for (let i = 2; i <= 21; i++) lines[2 * i] = lines[2 * i].replace(/,100$/, ',x');
    writeFileSync(join(dir, 'smi.csv'), lines.join('\n'));
    clearWarnings();
    energyRuns(dir, { gapLimitS: 5 });
    expect(warnings().filter((w) => w.includes(': skipped: '))).toHaveLength(20);
    expect(warnings().filter((w) => w.includes('more skipped lines'))).toEqual([]);
  });

  it('one GPU with samples and one with a single sample: the energy is read, the runs flagged, not refused', () => {
    const dir = writeTrace({
      gpus: ['GPU-a', 'GPU-b'],
      smi: [...powerSamples('GPU-a', 0, 2, 0.5, () => 100), [1, 'GPU-b', 50] as [number, string, number]].sort((x, y) => x[0] - y[0]),
      marks: run('r', 0, 2),
    });
    clearWarnings();
    const { rows } = energyRuns(dir);
    expect(Number(rows[0].energy_mj)).toBeCloseTo(200e-6, 12);
    expect(rows[0].validity).toBe('unbracketed');
    expect(warnings()).toEqual([`${dir}: GPU-b listed in manifest.json but with fewer than two samples: every run is flagged unbracketed`]);
  });

  it('a GPU with exactly two samples bracketing the run is measured; GPUs and zones listed under absent sources are not required', () => {
    const dir = writeTrace({
      gpus: ['GPU-a', 'GPU-b'],
      smi: [...powerSamples('GPU-a', 0, 2, 0.5, () => 100), [0, 'GPU-b', 50] as [number, string, number], [2, 'GPU-b', 50] as [number, string, number]].sort((x, y) => x[0] - y[0]),
      marks: run('r', 0, 2),
    });
    editManifest(dir, (m) => {
      m.sources.nvml.gpus = [{ index: '7', uuid: 'GPU-nvml-only' }]; // nvml absent
      m.sources.rapl.zones = [{ label: 'package-9', kind: 'package', max_energy_range_uj: 1e12 }]; // rapl absent
    });
    const { rows } = energyRuns(dir, { gapLimitS: 5 }); // GPU-b's one interval is 2 s long
    // oracle: 100 W + 50 W over [0, 2] = 300 J
    expect(Number(rows[0].energy_mj)).toBeCloseTo(300e-6, 12);
    expect(rows[0].validity).toBe('ok');
    // nvml present and nvidia-smi absent, listing a GPU of its own: not required either
    const nv = writeTrace({ gpus: ['GPU-a'], nvml: counterSamples('GPU-a', 0, 2, 0.5, () => 100, 1000), marks: run('r', 0, 2) });
    editManifest(nv, (m) => { m.sources.nvidia_smi.gpus = [{ index: '3', uuid: 'GPU-smi-only' }]; });
    expect(energyRuns(nv).rows[0].validity).toBe('ok');
  });

  it('an open last run ends the execution window at the trace end: window [1, 4] = 3 s, T0 0', () => {
    // a [1, 2] complete; open from 2 never ends: closed at the last sample, 4 s. busy [1, 4] = 3 s, T0 = 0
    const dir = writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 4, 0.5, () => 100), marks: [...run('a', 1, 2), { t: 2, kind: 'run-start', id: 'open' }] });
    const { rows, summary } = energyRuns(dir, { rateUSDPerHour: 3600 });
    expect(summary.execution_window_s).toBe(3);
    expect(summary.t0_s).toBe(0);
    expect(byRun(rows, 'cost_usd')).toEqual({ a: 1, open: 2 });
    expect(summary.idle_outside_window_j).toBeCloseTo(100, 9);
  });

  it('a setup no run is of its batch: its energy is reported unserved, and the parts still add up', () => {
    // 100 W on [0, 4]; setup s [0, 1] batch z; run a [1, 4] batch x. oracle: unserved 100 J, a 300 J, total 400 J
    const dir = writeTrace({
      gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 4, 0.5, () => 100),
      marks: [{ t: 0, kind: 'setup-start', id: 's', batch: 'z' }, { t: 1, kind: 'setup-end', id: 's' }, ...run('a', 1, 4, { batch: 'x' })],
    });
    clearWarnings();
    const { rows, summary } = energyRuns(dir);
    expect(warnings()).toEqual([]); // a setup whose marks match is not warned of
    expect(summary.setup_unserved_j).toBeCloseTo(100, 9);
    expect(summary.runs_j).toBeCloseTo(300, 9);
    expect(byRun(rows, 'energy_mj').a).toBeCloseTo(300e-6, 12);
  });

  it('a 10 MJ trace shared by overlapping runs adds up within 1e-9 of its total, relative (rounding is not an error)', () => {
    // about 333 kW for 30 s on a ramp, seven runs overlapping at uneven instants: the shares (E_k / N_k for N up
    // to 7), summed in another order than the total, differ from it in the last bits (about 2e-9 J at this size,
    // measured); a check absolute to 1e-9 J would refuse the trace
    const marks = [
      ...run('a', 0.1, 10.3), ...run('b', 0.7, 20.1), ...run('c', 5.3, 29.9), ...run('d', 1.1, 13.7),
      ...run('e', 2.9, 17.3), ...run('f', 3.3, 27.1), ...run('g', 4.1, 26.3),
    ].sort(byT);
    const dir = writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 30, 0.1, (t) => 1e6 / 3 + t * 7.7), marks });
    const { summary } = energyRuns(dir, { gpuCeilingW: 1e7 });
    expect(summary.total_j).toBeGreaterThan(1e7);
    const parts = summary.runs_j + summary.idle_outside_window_j + summary.idle_in_window_j + summary.setup_unserved_j;
    expect(Math.abs(parts - summary.total_j)).toBeLessThan(1e-9 * summary.total_j);
  });
});

describe('more edges (#29, lines 181-326)', () => {
  it('proportional idle reaches the resource and power.draw columns too', () => {
    // NVML 100 W (primary) and power.draw 80 W (diagnostic) on [0, 4]; a [0, 1] and b [3, 4] on GPU 0; idle [1, 3]
    // shared by tau 1 : 1. oracle: a = 100 + 200 / 2 = 200 J in energy_mj and energy_resource_mj; power.draw
    // a = 80 + 160 / 2 = 160 J
    const dir = writeTrace({
      gpus: ['GPU-a'],
      nvml: counterSamples('GPU-a', 0, 4, 0.5, () => 100, 1000),
      smi: powerSamples('GPU-a', 0, 4, 0.5, () => 80),
      marks: [...run('a', 0, 1, { gpus: '0' }), ...run('b', 3, 4, { gpus: '0' })],
    });
    const { rows } = energyRuns(dir, { idlePolicy: 'proportional' });
    expect(byRun(rows, 'energy_mj')).toEqual({ a: 0.0002, b: 0.0002 });
    expect(byRun(rows, 'energy_resource_mj')).toEqual({ a: 0.0002, b: 0.0002 });
    expect(byRun(rows, 'energy_gpu_powerdraw_mj')).toEqual({ a: 0.00016, b: 0.00016 });
  });

  it('a dead RAPL sampler is dated by the RAPL samples\' end (1.5 s), not by the GPU\'s (3 s)', () => {
    // GPU samples on [0, 3], RAPL on [0, 1.5]; the RAPL sampler noticed dead at 2.5 s: its last sample was at 1.5 s.
    // a [0, 1.4] is not flagged, b [1.4, 2] is
    const dir = writeTrace({
      gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 3, 0.1, () => 100),
      rapl: { zones: [{ label: 'package-0', kind: 'package', range: 1e15 }], samples: counterSamples('package-0', 0, 1.5, 0.1, () => 50, 1e6) },
      marks: [...run('a', 0, 1.4), ...run('b', 1.4, 2)].sort(byT),
    });
    editManifest(dir, (m) => { m.samplers = [{ source: 'rapl', status: 'died', mono_ns: ORIGIN_NS + 2.5e9 }]; });
    const { rows, summary } = energyRuns(dir);
    expect(summary.dead_samplers).toEqual([{ source: 'rapl', exit_status: null, at_s: 1.5 }]);
    expect(rows.map((r) => r.validity)).toEqual(['ok', 'sampler-died;unbracketed']);
  });

  it('a present source without a GPU or zone list requires no particular device', () => {
    const dir = writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 2, 0.5, () => 100), nvml: counterSamples('GPU-a', 0, 2, 0.5, () => 100, 1000), rapl: { zones: [], samples: [] }, marks: run('r', 0, 2) });
    editManifest(dir, (m) => { delete m.sources.nvidia_smi.gpus; delete m.sources.nvml.gpus; delete m.sources.rapl.zones; });
    clearWarnings();
    expect(energyRuns(dir).rows[0].validity).toBe('ok');
    expect(warnings().filter((w) => w.includes('listed in manifest.json'))).toEqual([]);
  });

  it('a sampler dead at an unknown time flags every run, even one before the logger\'s start (not only runs ending at t >= 0)', () => {
    const dir = writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 2, 0.5, () => 100), marks: [...run('early', -2, -1), ...run('r', 0, 2)] });
    editManifest(dir, (m) => { m.samplers = [{ source: 'nvidia_smi', status: 'died' }]; });
    const { rows } = energyRuns(dir);
    expect(Object.fromEntries(rows.map((r) => [r.run_id, r.validity.split(';').includes('sampler-died')]))).toEqual({ early: true, r: true });
  });

  it('warns of a setup\'s and an idle window\'s reasons sorted and joined by ";" (two ends without a start: unmatched, then nested)', () => {
    const dir = writeTrace({
      gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 6, 0.5, () => 100),
      marks: [
        { t: 0.5, kind: 'setup-end', id: 's' }, { t: 1, kind: 'setup-end', id: 's' },
        { t: 0.5, kind: 'idle-end', id: 'i' }, { t: 1, kind: 'idle-end', id: 'i' },
        ...run('a', 2, 4),
      ].sort(byT),
    });
    clearWarnings();
    energyRuns(dir);
    expect(warnings()).toEqual([
      `${dir}: setup s: nested-mark;unmatched-mark (its share is in energy_setup_mj of the runs it serves, which are flagged)`,
      `${dir}: idle window i: nested-mark;unmatched-mark; idle power measured over it may be wrong`,
    ]);
  });

  it('a dead sampler of two GPUs is dated by the later of their last samples (1.5 s, not 1.2 s)', () => {
    // GPU-a sampled on [0, 1.5], GPU-b on [0, 1.2]; nvidia-smi noticed dead at 2.5 s. a [0, 1.4] ends before 1.5 s
    const dir = writeTrace({
      gpus: ['GPU-a', 'GPU-b'],
      smi: [...powerSamples('GPU-a', 0, 1.5, 0.1, () => 100), ...powerSamples('GPU-b', 0, 1.2, 0.1, () => 100)].sort((x, y) => x[0] - y[0]),
      marks: run('a', 0, 1.4),
    });
    editManifest(dir, (m) => { m.samplers = [{ source: 'nvidia_smi', status: 'died', mono_ns: ORIGIN_NS + 2.5e9 }]; });
    const { rows, summary } = energyRuns(dir);
    expect(summary.dead_samplers[0].at_s).toBe(1.5);
    expect(rows[0].validity.split(';')).not.toContain('sampler-died');
  });

  it('a GPU listed under present NVML without samples flags every run', () => {
    const dir = writeTrace({ gpus: ['GPU-a', 'GPU-b'], nvml: counterSamples('GPU-a', 0, 2, 0.5, () => 100, 1000), marks: run('r', 0, 2) });
    expect(energyRuns(dir).rows[0].validity).toBe('unbracketed');
  });
});
