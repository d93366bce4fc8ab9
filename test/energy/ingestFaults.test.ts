/**
 * Issue #13, "measurements that are wrong, or lost whole", on the ingester's side: each test is a
 * reproduction from the issue on a hand-written trace, with the hand-computed result beside it. Each
 * failed on main (before: the behaviour named in its comment).
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { energyRuns } from '../../kernel-lib/energy/index.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { j2gInProcess as j2g } from '../helpers/cli.ts';
import { ORIGIN_NS, byRun, counterSamples, powerSamples, writeTrace } from './traceFixture.ts';

onWarning(null);
afterEach(() => vi.restoreAllMocks());

const DRAM_RANGE_UJ = 262_143_328_850;
const ns = (tS: number) => String(Math.round(ORIGIN_NS + tS * 1e9));
const insertLine = (file: string, at: number, text: string) => {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.splice(at - 1, 0, text);
  writeFileSync(file, lines.join('\n'));
};

describe('energy ingestion under faults (#13)', () => {
  it('takes a RAPL counter that steps back 20 J as a reset: that interval counts zero and the run is flagged', () => {
    // before: one wrap, +262 kJ, validity ok. package at 100 W, readings every 0.1 s (10 J each) over
    // [0, 2]; at t = 1.1 s the counter reads 20 J below the previous reading and goes on from there.
    // oracle: 20 intervals, 19 of 10 J counted, the reset interval 0 => 190 J
    const samples = counterSamples('package-0', 0, 2, 0.1, () => 100, 1e6, 1e9).map(([t, d, v]) => [t, d, t > 1.05 ? v - 30e6 : v] as [number, string, number]);
    const dir = writeTrace({
      rapl: { zones: [{ label: 'package-0', kind: 'package', range: DRAM_RANGE_UJ }], samples },
      marks: [{ t: 0, kind: 'run-start', id: 'r' }, { t: 2, kind: 'run-end', id: 'r' }],
    });
    const { rows } = energyRuns(dir);
    expect(Number(rows[0].energy_cpu_mj)).toBeCloseTo(190e-6, 12);
    expect(rows[0].validity).toBe('counter-reset');
  });

  it('skips nvidia-smi error text stamped into smi.csv, flags the run it touches and uses the rest', () => {
    // before: "smi.csv:N: device: expected a name followed by a value", whole trace rejected.
    // 100 W on [0, 4]; run a [0, 1], run b [1.5, 4]; the error line arrives at 1.95 s (between the
    // samples at 1.9 and 2.0 s). oracle: a = 100 x 1 = 100 J, untouched, ok; b = 100 x 2.5 = 250 J from
    // the good samples, flagged because the line lies inside its window
    const dir = writeTrace({
      gpus: ['GPU-a'],
      smi: powerSamples('GPU-a', 0, 4, 0.1, () => 100),
      marks: [{ t: 0, kind: 'run-start', id: 'a' }, { t: 1, kind: 'run-end', id: 'a' }, { t: 1.5, kind: 'run-start', id: 'b' }, { t: 4, kind: 'run-end', id: 'b' }],
    });
    const text = 'UnabletodeterminethedevicehandleforGPU0000:1B:00.0:GPUislost.Reboootthesystemtorecoverthisgpu';
    insertLine(join(dir, 'smi.csv'), 22, `${ns(1.95)},1700000001950000000,${text}`);
    const { rows, summary } = energyRuns(dir);
    expect(summary.skipped_lines).toEqual([{ file: join(dir, 'smi.csv'), line: 22, message: 'device: expected a name followed by a value' }]);
    expect(byRun(rows, 'energy_mj')).toEqual({ a: 0.0001, b: 0.00025 });
    expect(rows.map((r) => r.validity)).toEqual(['ok', 'skipped-line']);
  });

  it('flags a power.draw sample above the GPU ceiling and does not integrate it', () => {
    // before: 1e30 W integrated, validity ok. oracle: 100 W over [0, 2] from its neighbours = 200 J
    const smi = powerSamples('GPU-a', 0, 2, 0.5, () => 100);
    smi[2][2] = 1e30;
    const dir = writeTrace({ gpus: ['GPU-a'], smi, marks: [{ t: 0, kind: 'run-start', id: 'r' }, { t: 2, kind: 'run-end', id: 'r' }] });
    const { rows } = energyRuns(dir);
    expect(Number(rows[0].energy_mj)).toBeCloseTo(0.0002, 12);
    expect(rows[0].validity).toBe('implausible-power');
  });

  it('flags an NVML step above the GPU ceiling (a garbled counter reading) instead of adding it', () => {
    // readings every 0.5 s at 100 W (50 J = 50_000 mJ each); at 1 s the reading is 1e20 mJ, then back.
    // oracle: the step up is implausible (0 J), the step back is a reset (0 J): 4 intervals - 2 = 100 J
    const nvml = counterSamples('GPU-a', 0, 2, 0.5, () => 100, 1000);
    nvml[2][2] = 1e20;
    const dir = writeTrace({ gpus: ['GPU-a'], nvml, marks: [{ t: 0, kind: 'run-start', id: 'r' }, { t: 2, kind: 'run-end', id: 'r' }] });
    const { rows } = energyRuns(dir);
    expect(Number(rows[0].energy_mj)).toBeCloseTo(0.0001, 12);
    expect(rows[0].validity).toBe('counter-reset;implausible-power');
  });

  it('flags a zero-length run', () => {
    // before: ok with 0 J. The start and end marks carry the same instant.
    const dir = writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 2, 0.5, () => 100), marks: [{ t: 1, kind: 'run-start', id: 'r' }, { t: 1, kind: 'run-end', id: 'r' }] });
    expect(energyRuns(dir).rows[0]).toMatchObject({ energy_mj: '0.000000000', validity: 'zero-length' });
  });

  it('refuses the same run id in two windows, naming both lines, instead of dropping the second', () => {
    // before: the second window silently disappeared from runs.csv (its energy went to idle)
    const dir = writeTrace({
      gpus: ['GPU-a'],
      smi: powerSamples('GPU-a', 0, 4, 0.5, () => 100),
      marks: [{ t: 0, kind: 'run-start', id: 'r' }, { t: 1, kind: 'run-end', id: 'r' }, { t: 2, kind: 'run-start', id: 'r' }, { t: 3, kind: 'run-end', id: 'r' }],
    });
    expect(() => energyRuns(dir)).toThrow(`${join(dir, 'marks.csv')}:5: id: run id "r" opens a second window (its first one is at lines 3-4); every run needs its own id`);
  });

  it('flags the runs left without coverage after a sampler the logger saw die, and keeps the earlier ones', () => {
    // nvidia-smi exits at 1.5 s (status 9, recorded by power-log stop in manifest.samplers). run a [0, 1]
    // is covered; run b [1, 3] is not: flagged sampler-died (and unbracketed: its samples end at 1.5 s)
    const dir = writeTrace({
      gpus: ['GPU-a'],
      smi: powerSamples('GPU-a', 0, 1.5, 0.1, () => 100),
      marks: [{ t: 0, kind: 'run-start', id: 'a' }, { t: 1, kind: 'run-end', id: 'a' }, { t: 1, kind: 'run-start', id: 'b' }, { t: 3, kind: 'run-end', id: 'b' }],
    });
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    m.samplers = [{ source: 'nvidia_smi', status: 'died', exit_status: 9, mono_ns: ORIGIN_NS + 1.5e9 }];
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(m));
    const { rows, summary } = energyRuns(dir);
    expect(rows.map((r) => r.validity)).toEqual(['ok', 'sampler-died;unbracketed']);
    expect(summary.dead_samplers).toEqual([{ source: 'nvidia_smi', exit_status: 9, at_s: 1.5 }]);
  });

  it('flags every run when a GPU the manifest lists has no samples at all', () => {
    // before: the GPU's energy was silently missing and runs were ok. GPU-b's sampler wrote nothing.
    const dir = writeTrace({ gpus: ['GPU-a', 'GPU-b'], smi: powerSamples('GPU-a', 0, 2, 0.5, () => 100), marks: [{ t: 0, kind: 'run-start', id: 'r' }, { t: 2, kind: 'run-end', id: 'r' }] });
    expect(energyRuns(dir).rows[0].validity).toBe('unbracketed');
  });

  it('skips a sample naming a device the manifest does not list (a garbled uuid) instead of making a new GPU', () => {
    const dir = writeTrace({ gpus: ['GPU-a'], smi: powerSamples('GPU-a', 0, 2, 0.5, () => 100), marks: [{ t: 0, kind: 'run-start', id: 'r' }, { t: 2, kind: 'run-end', id: 'r' }] });
    insertLine(join(dir, 'smi.csv'), 4, `${ns(0.75)},1700000000750000000,GPU-\u00e9,100`);
    const { rows, summary } = energyRuns(dir);
    expect(summary.skipped_lines.map((k) => `${k.line}: ${k.message}`)).toEqual(['4: device: "GPU-\u00e9" is not a GPU listed in manifest.json']);
    expect(Number(rows[0].energy_mj)).toBeCloseTo(0.0002, 12);
    expect(rows[0].validity).toBe('skipped-line');
  });
});

describe('j2g energy outputs (#13)', () => {
  it('refuses an --out inside the trace directory and leaves the measurement untouched', async () => {
    // before: `--out TRACE/smi.csv` overwrote the raw measurement it was reading
    const trace = join(mkdtempSync(join(tmpdir(), 'j2g-energy-')), 'trace');
    cpSync('data/traces/standin-two-runs', trace, { recursive: true });
    const before = readFileSync(join(trace, 'smi.csv'));
    const r = await j2g(['energy', '--trace', trace, '--out', join(trace, 'smi.csv')]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`refusing --out ${join(trace, 'smi.csv')}: it is inside the trace folder ${trace}`);
    expect(readFileSync(join(trace, 'smi.csv')).equals(before)).toBe(true);
    // a default summary beside an outside --out is fine; a --summary inside is refused too
    const r2 = await j2g(['energy', '--trace', trace, '--out', join(trace, '..', 'runs.csv'), '--summary', join(trace, 'sub', '..', 'marks.csv')]);
    expect(r2.err).toContain('refusing --summary');
  });
});
