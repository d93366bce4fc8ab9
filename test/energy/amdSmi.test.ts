/**
 * AMD GPUs in the logger: scripts/power-log against the stand-in amdsmi (scripts/stand-in/amdsmi, built
 * from the AMD SMI Python API of ROCm 6.4), then `j2g energy`, and a stand-in MI350X batch from `power-log
 * wrap` to `j2g tables`. Oracles: each run's energy computed by hand from the counters the stand-in wrote
 * (amdsmi.csv ticks x the manifest's counter_resolution_uj, each interval's energy spread evenly over it
 * and cut at the marks), never a nominal power x time alone; and the flags a wrap, a reset, an error line
 * and a second meter reading high must raise.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { energyRuns } from '../../kernel-lib/energy/index.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

onWarning(null);
const run = promisify(execFile);
const LOGGER = resolve('scripts/power-log');
const J2G = resolve('bin/j2g.mjs');
const STAND_IN = resolve('scripts/stand-in');

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, POWER_LOG_NVIDIA_SMI: '/nonexistent/nvidia-smi', POWER_LOG_NVML: 'off', POWER_LOG_POWERCAP_ROOT: '/nonexistent', POWER_LOG_AMDSMI_PATH: STAND_IN, ...extra };
}
const sh = (args: string[], e: NodeJS.ProcessEnv) =>
  run('sh', args, { env: e }).then((r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }), (x) => ({ code: x.code as number, stdout: String(x.stdout), stderr: String(x.stderr) }));
const j2g = (args: string[]) =>
  run('node', [J2G, ...args]).then((r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }), (x) => ({ code: x.code as number, stdout: String(x.stdout), stderr: String(x.stderr) }));
const rows = (file: string) => readFileSync(file, 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
const tmp = () => mkdtempSync(join(tmpdir(), 'j2g-amd-'));

/** A batch: runs one after another (no overlap, no setup), each `sleep S` long, marked as the harness would. */
function batch(dir: string, ids: string[], sleepS = 0.4): string {
  const f = join(dir, 'batch.sh');
  writeFileSync(f, ['set -eu', `PL="sh ${LOGGER}"`, ...ids.flatMap((id) => [
    `$PL mark run-start ${id} --task-id ${id.split('-')[1]} --system sysA --attempt 1`, `sleep ${sleepS}`, `$PL mark run-end ${id}`]), ''].join('\n'));
  return f;
}

/**
 * A run's energy by hand from amdsmi.csv: for each GPU and each pair of consecutive readings (t0, v0),
 * (t1, v1), the counter step (v1 - v0) ticks x counter_resolution_uj x 1e-6 J, spread evenly over
 * [t0, t1] and cut at the run's marks. Times are read as BigInt nanoseconds.
 */
function handEnergyJ(dir: string, id: string): number {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const res = new Map<string, number>(manifest.sources.amd_smi.gpus.map((g: { uuid: string; counter_resolution_uj: number }) => [g.uuid, g.counter_resolution_uj]));
  const marks = rows(join(dir, 'marks.csv'));
  const s = BigInt(marks.find((m) => m[2] === 'run-start' && m[3] === id)![0]);
  const e = BigInt(marks.find((m) => m[2] === 'run-end' && m[3] === id)![0]);
  let j = 0;
  for (const [uuid, r] of res) {
    const xs = rows(join(dir, 'amdsmi.csv')).filter((x) => x[2] === uuid).map((x) => [BigInt(x[0]), BigInt(x[3])] as const);
    for (let k = 1; k < xs.length; k++) {
      const [t0, v0] = xs[k - 1], [t1, v1] = xs[k];
      const lo = t0 > s ? t0 : s, hi = t1 < e ? t1 : e;
      if (hi <= lo) continue;
      j += Number(v1 - v0) * r * 1e-6 * Number(hi - lo) / Number(t1 - t0);
    }
  }
  return j;
}

describe('power-log with AMD SMI (stand-in MI350X)', () => {
  it('a batch from power-log wrap to j2g tables: each run\'s energy equals the hand computation from the stand-in\'s counters', async () => {
    const base = tmp();
    const trace = join(base, 'trace');
    const w = await sh([LOGGER, 'wrap', '--out', trace, '--interval-ms', '50', '--', 'sh', batch(base, ['a-t1', 'a-t2', 'a-t3', 'a-t4'])], env({ FAKE_AMDSMI_GPUS: '2' }));
    expect(w.stderr).not.toContain('cannot open');
    expect(w.code, w.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(trace, 'manifest.json'), 'utf8'));
    expect(manifest.sources.amd_smi).toMatchObject({ status: 'present', file: 'amdsmi.csv', power_file: 'amdsmi-power.csv', api: expect.stringContaining('amdsmi_get_energy_count') });
    expect(manifest.sources.amd_smi.gpus.map((g: { index: number; counter_resolution_uj: number; counter_bits: number }) => [g.index, g.counter_resolution_uj, g.counter_bits])).toEqual([[0, 15.2587890625, 64], [1, 15.2587890625, 64]]);
    expect(manifest.samplers).toEqual([{ source: 'amd_smi', status: 'ran' }]);
    const out = join(base, 'ds');
    mkdirSync(out);
    cpSync('data/examples/my-batch/dataset', out, { recursive: true });
    const en = await j2g(['energy', '--trace', trace, '--out', join(base, 'runs-a.csv'), '--rate', '63.296']);
    expect(en.code, en.stderr).toBe(0);
    const header = readFileSync(join(base, 'runs-a.csv'), 'utf8').split('\n')[0].split(',');
    const got = rows(join(base, 'runs-a.csv')).map((r) => Object.fromEntries(r.map((v, i) => [header[i], v])));
    expect(got.map((r) => r.run_id)).toEqual(['a-t1', 'a-t2', 'a-t3', 'a-t4']);
    for (const r of got) {
      const hand = handEnergyJ(trace, r.run_id);
      expect(Math.abs(Number(r.energy_mj) * 1e6 - hand), r.run_id).toBeLessThan(1e-3); // runs.csv prints MJ to 9 decimals: 1 mJ
      // and it is the stand-in's 2 x 750 W over the window, within the counter's tick and the stamping
      expect(hand / (Number(r.ai_hours) * 3600) / 1500).toBeCloseTo(1, 2);
      expect(r.validity).toBe('ok');
      expect(Math.abs(Number(r.meter_disagreement_rel))).toBeLessThan(0.01);
      expect(r.meter_coverage).toBe('1.000000');
    }
    const zeus = await j2g(['import', 'zeus', '--from', 'data/examples/my-batch/zeus.csv', '--map', 'data/examples/my-batch/map.csv', '--rate', '36', '--out', join(base, 'runs-b.csv')]);
    expect(zeus.code, zeus.stderr).toBe(0);
    expect((await j2g(['assemble', '--runs', join(base, 'runs-a.csv'), '--runs', join(base, 'runs-b.csv'), '--out', join(out, 'runs.csv')])).code).toBe(0);
    const v = await j2g(['validate', '--data', out, '--complete']);
    expect(v.code, v.stderr).toBe(0);
    expect(v.stdout).toContain('valid and complete');
    const t = await j2g(['tables', '--data', out, '--out', join(base, 'tables'), '--draws', '200']);
    expect(t.code, t.stderr).toBe(0);
    // the dataset carries the trace's energies as j2g energy wrote them
    const ds = rows(join(out, 'runs.csv'));
    const dsHeader = readFileSync(join(out, 'runs.csv'), 'utf8').split('\n')[0].split(',');
    for (const r of got) expect(ds.find((x) => x[0] === r.run_id)![dsHeader.indexOf('energy_mj')]).toBe(r.energy_mj);
  }, 120_000);

  it('a wrap of a narrow accumulator is counted once (the width from the manifest); read as 64-bit it is a reset', async () => {
    // 2^26 ticks x 15.26 uJ = 1024 J: at 750 W the stand-in's counter wraps every 1.37 s
    const base = tmp();
    const trace = join(base, 'trace');
    const e = env({ FAKE_AMDSMI_WRAP_BITS: '26', POWER_LOG_AMD_COUNTER_BITS: '26' });
    expect((await sh([LOGGER, 'wrap', '--out', trace, '--interval-ms', '50', '--', 'sh', batch(base, ['a-t1'], 3)], e)).code).toBe(0);
    const ticks = rows(join(trace, 'amdsmi.csv')).map((x) => Number(x[3]));
    expect(ticks.some((v, k) => k > 0 && v < ticks[k - 1])).toBe(true); // it did wrap
    const { rows: got } = energyRuns(trace);
    const window = Number(got[0].ai_hours) * 3600;
    expect(Number(got[0].energy_mj) * 1e6 / window).toBeCloseTo(750, -1); // 750 W within 5 W
    expect(got[0].validity).toBe('ok');
    // the same trace read as a 64-bit accumulator: each step back is a reset (counted zero, flagged)
    const m = JSON.parse(readFileSync(join(trace, 'manifest.json'), 'utf8'));
    m.sources.amd_smi.gpus[0].counter_bits = 64;
    writeFileSync(join(trace, 'manifest.json'), JSON.stringify(m, null, 2));
    const wide = energyRuns(trace).rows[0];
    expect(wide.validity).toContain('counter-reset');
    expect(Number(wide.energy_mj)).toBeLessThan(Number(got[0].energy_mj));
  }, 60_000);

  it('a reset (the accumulator back to 0) is flagged counter-reset and counts zero for that interval', async () => {
    const base = tmp();
    const trace = join(base, 'trace');
    expect((await sh([LOGGER, 'wrap', '--out', trace, '--interval-ms', '50', '--', 'sh', batch(base, ['a-t1'], 2.5)], env({ FAKE_AMDSMI_RESET_EVERY_S: '1' }))).code).toBe(0);
    const r = energyRuns(trace).rows[0];
    expect(r.validity).toContain('counter-reset');
    expect(Number(r.energy_mj) * 1e6).toBeLessThan(750 * Number(r.ai_hours) * 3600);
  }, 60_000);

  it('an error line (the API call failing) is an NA sample: flagged missing-samples, the error in logger.stderr', async () => {
    const base = tmp();
    const trace = join(base, 'trace');
    expect((await sh([LOGGER, 'wrap', '--out', trace, '--interval-ms', '50', '--', 'sh', batch(base, ['a-t1'], 1)], env({ FAKE_AMDSMI_FAIL_EVERY: '4' }))).code).toBe(0);
    expect(rows(join(trace, 'amdsmi.csv')).some((x) => x[3] === 'NA')).toBe(true);
    expect(readFileSync(join(trace, 'logger.stderr'), 'utf8')).toContain('AMDSMI_STATUS_UNEXPECTED_DATA');
    expect(energyRuns(trace).rows[0].validity).toContain('missing-samples');
  }, 60_000);

  it('a missing GPU (--gpus 3 of 1) or a driver that is gone: the source is absent with the reason, and start fails without a source', async () => {
    const dir = join(tmp(), 'trace');
    const r = await sh([LOGGER, 'start', '--out', dir, '--gpus', '3'], env());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('source amd_smi absent: --gpus 3: no such AMD GPU (AMD SMI lists 1: 0 to 0)');
    expect(r.stderr).toContain('no energy source present');
    const gone = await sh([LOGGER, 'start', '--out', join(tmp(), 'trace')], env({ FAKE_AMDSMI_FAIL_INIT: 'AMDSMI_STATUS_DRIVER_NOT_LOADED' }));
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain('source amd_smi absent: amdsmi_init: Error code: 8 | AMDSMI_STATUS_DRIVER_NOT_LOADED');
  }, 60_000);

  it('two meters that disagree by more than the tolerance: the run is flagged meter-disagreement and validate names it', async () => {
    const base = tmp();
    const trace = join(base, 'trace');
    // the socket power reads 900 W where the counter accumulates 750 W: +20%
    expect((await sh([LOGGER, 'wrap', '--out', trace, '--interval-ms', '50', '--', 'sh', batch(base, ['a-t1', 'a-t2', 'a-t3', 'a-t4'])], env({ FAKE_AMDSMI_POWER_SERIES_OFFSET_W: '150' }))).code).toBe(0);
    const { rows: got, summary } = energyRuns(trace);
    for (const r of got) {
      expect(Number(r.meter_disagreement_rel)).toBeCloseTo(0.2, 2);
      expect(r.validity).toBe('meter-disagreement');
    }
    expect(summary.cross_check).toMatchObject({ tolerance: 0.1, flagged_runs: 4 });
    // the counter stays the primary series: energy_mj is the counter's
    expect(Number(got[0].energy_mj) * 1e6 / (Number(got[0].ai_hours) * 3600)).toBeCloseTo(750, -1);
    const out = join(base, 'ds');
    mkdirSync(out);
    cpSync('data/examples/my-batch/dataset', out, { recursive: true });
    expect((await j2g(['energy', '--trace', trace, '--out', join(base, 'runs-a.csv'), '--rate', '63.296'])).code).toBe(0);
    expect((await j2g(['import', 'zeus', '--from', 'data/examples/my-batch/zeus.csv', '--map', 'data/examples/my-batch/map.csv', '--rate', '36', '--out', join(base, 'runs-b.csv')])).code).toBe(0);
    expect((await j2g(['assemble', '--runs', join(base, 'runs-a.csv'), '--runs', join(base, 'runs-b.csv'), '--out', join(out, 'runs.csv')])).code).toBe(0);
    const v = await j2g(['validate', '--data', out]);
    expect(v.code, v.stderr).toBe(0);
    expect(v.stdout).toContain('validity flags: sysA: 4 of 4 runs flagged (meter-disagreement 4)');
    expect(v.stdout).toMatch(/meter cross-check: sysA: 4 of 4 cross-checked runs over the 10% tolerance \(a-t1 \+0\.2\d\d, a-t2 \+0\.2\d\d, a-t3 \+0\.2\d\d, a-t4 \+0\.2\d\d\); largest \|disagreement\| 0\.2\d\d/);
    // --noise meter:trace sizes the meter error from these four runs (sd of d / sqrt 2, |mean d| / sqrt 2)
    const d = rows(join(out, 'runs.csv')).map((r) => r[readFileSync(join(out, 'runs.csv'), 'utf8').split('\n')[0].split(',').indexOf('meter_disagreement_rel')]).filter((x) => x !== '' && x !== undefined).map(Number);
    expect(d).toHaveLength(4);
    const mean = d.reduce((a, x) => a + x, 0) / 4, sd = Math.sqrt(d.reduce((a, x) => a + (x - mean) ** 2, 0) / 3);
    const t = await j2g(['tables', '--data', out, '--out', join(base, 'tables'), '--draws', '200', '--noise', 'meter:trace']);
    expect(t.code, t.stderr).toBe(0);
    const scenario = JSON.parse(readFileSync(join(base, 'tables', 'scenario.json'), 'utf8'));
    expect(scenario.noise.meter.eps).toBeCloseTo(sd / Math.SQRT2, 5);
    expect(scenario.noise.meter.beta).toBeCloseTo(Math.abs(mean) / Math.SQRT2, 5);
    expect(t.stderr).toContain('--noise meter:trace: eps ');
    // a dataset without cross-checked runs: refused, with the reason
    const none = await j2g(['tables', '--data', 'data/recorded/synthetic-small', '--out', join(base, 't2'), '--noise', 'meter:trace']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('--noise meter:trace: dataset data/recorded/synthetic-small has no run with a meter cross-check');
  }, 90_000);
});
