/**
 * The real logger (scripts/power-log, dash as /bin/sh here) against stand-ins: a fake nvidia-smi on
 * POWER_LOG_NVIDIA_SMI printing scripted samples at the requested interval, and a fake powercap tree in
 * a temp dir whose counters a timer advances (and wraps). Expected energies are power x the marked
 * window, with the window read back from marks.csv; tolerances cover the stand-ins' timer quantisation,
 * not the logger's speed (nothing here asserts on durations).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { energyRuns } from '../../kernel-lib/energy/index.ts';

const run = promisify(execFile);
const LOGGER = resolve('scripts/power-log');
const FAKE_SMI = resolve('test/energy/fixtures/fake-nvidia-smi');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const AMD_RANGE_UJ = 65_532_610_987;

let timers: NodeJS.Timeout[] = [];
afterEach(() => { timers.forEach(clearInterval); timers = []; });

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, POWER_LOG_NVIDIA_SMI: FAKE_SMI, POWER_LOG_POWERCAP_ROOT: '/nonexistent', POWER_LOG_NVML: 'off', ...extra };
}
const log = (args: string[], e: NodeJS.ProcessEnv) => run('sh', [LOGGER, ...args], { env: e });

/** Window of a run from marks.csv, in seconds. */
function markedWindowS(dir: string, id: string): number {
  const lines = readFileSync(join(dir, 'marks.csv'), 'utf8').trim().split('\n').map((l) => l.split(','));
  const t = (kind: string) => Number(lines.find((l) => l[2] === kind && l[3] === id)![0]);
  return (t('run-end') - t('run-start')) / 1e9;
}

/**
 * A powercap tree: package-0 (wrapping, AMD range), its dram, core, psys, and an MMIO duplicate.
 * `wrapIn(s)` moves the package counter to s seconds before its wrap (call it before the run starts:
 * the jump lands outside the run).
 */
function fakePowercap(packageW: number, dramW: number): { root: string; wrapIn: (s: number) => void } {
  const root = mkdtempSync(join(tmpdir(), 'j2g-powercap-'));
  const zone = (dir: string, name: string, range: number) => {
    mkdirSync(join(root, dir));
    writeFileSync(join(root, dir, 'name'), name + '\n');
    writeFileSync(join(root, dir, 'max_energy_range_uj'), range + '\n');
    writeFileSync(join(root, dir, 'energy_uj'), '0\n');
  };
  zone('intel-rapl:0', 'package-0', AMD_RANGE_UJ);
  zone('intel-rapl:0:0', 'core', AMD_RANGE_UJ);
  zone('intel-rapl:0:2', 'dram', 262_143_328_850);
  zone('intel-rapl:1', 'psys', 262_143_328_850);
  zone('intel-rapl-mmio:0', 'package-0', AMD_RANGE_UJ);
  const t0 = performance.now();
  let start = 0;
  const put = (dir: string, v: number) => {
    const tmp = join(root, dir, '.energy_uj');
    writeFileSync(tmp, Math.floor(v) + '\n');
    renameSync(tmp, join(root, dir, 'energy_uj')); // readers see the old or the new value, never half
  };
  timers.push(setInterval(() => {
    const s = (performance.now() - t0) / 1000;
    put('intel-rapl:0', (start + packageW * s * 1e6) % AMD_RANGE_UJ);
    put('intel-rapl:0:2', dramW * s * 1e6);
  }, 2));
  const wrapIn = (inS: number) => {
    const s = (performance.now() - t0) / 1000;
    start = AMD_RANGE_UJ - packageW * (s + inS) * 1e6;
  };
  return { root, wrapIn };
}

describe('power-log against stand-ins', () => {
  it('logs constant 700 W on one GPU to 700 W x the marked window within 1%', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'j2g-log-')), 'trace');
    const e = env({ FAKE_SMI_POWER_W: '700' });
    await log(['start', '--out', dir, '--interval-ms', '50'], e);
    await log(['mark', 'run-start', 'r1', '--out', dir, '--task-id', 't1', '--gpus', '0'], e);
    await sleep(1500);
    await log(['mark', 'run-end', 'r1', '--out', dir], e);
    await sleep(200);
    await log(['stop', '--out', dir], e);
    const { rows } = energyRuns(dir);
    // oracle: 700 W x window
    const expectedMJ = (700 * markedWindowS(dir, 'r1')) / 1e6;
    expect(Math.abs(Number(rows[0].energy_mj) / expectedMJ - 1)).toBeLessThan(0.01);
    expect(rows[0]).toMatchObject({ run_id: 'r1', task_id: 't1', validity: 'ok' });
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(m.sources.nvml).toEqual({ status: 'absent', reason: 'disabled by POWER_LOG_NVML=off' });
  }, 20000);

  it('does the same with the shell fallbacks when python3 is off', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'j2g-log-')), 'trace');
    const e = env({ FAKE_SMI_POWER_W: '700', POWER_LOG_PYTHON: 'off' });
    await log(['start', '--out', dir, '--interval-ms', '50'], e);
    await log(['mark', 'run-start', 'r1', '--out', dir], e);
    await sleep(1500);
    await log(['mark', 'run-end', 'r1', '--out', dir], e);
    await sleep(200);
    await log(['stop', '--out', dir], e);
    const expectedMJ = (700 * markedWindowS(dir, 'r1')) / 1e6;
    expect(Math.abs(Number(energyRuns(dir).rows[0].energy_mj) / expectedMJ - 1)).toBeLessThan(0.01);
  }, 20000);

  it('reads package and dram RAPL zones only, drops the MMIO duplicate, and counts the wrap', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'j2g-log-')), 'trace');
    const { root, wrapIn } = fakePowercap(1000, 50);
    const e = env({ POWER_LOG_POWERCAP_ROOT: root, FAKE_SMI_FAIL: 'NVIDIA-SMI has failed because it could not communicate with the NVIDIA driver' });
    const started = await log(['start', '--out', dir, '--interval-ms', '50'], e);
    expect(started.stderr).toMatch(/source nvidia_smi absent: .*could not communicate/);
    wrapIn(1.5);
    await sleep(100);
    await log(['mark', 'run-start', 'r1', '--out', dir], e);
    await sleep(3000);
    await log(['mark', 'run-end', 'r1', '--out', dir], e);
    await log(['stop', '--out', dir], e);
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(m.sources.rapl.zones.map((z: { label: string }) => z.label)).toEqual(['package-0', 'package-0/dram']);
    expect(m.sources.rapl.skipped.map((z: { zone: string; reason: string }) => `${z.zone}: ${z.reason}`)).toEqual([
      'intel-rapl:0:0: not a package or dram zone',
      'intel-rapl:1: not a package or dram zone',
      'intel-rapl-mmio:0: duplicate of an MSR zone',
    ]);
    // the package counter wrapped during the trace
    const pkg = readFileSync(join(dir, 'rapl.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(',')).filter((f) => f[2] === 'package-0').map((f) => Number(f[3]));
    expect(pkg.some((v, i) => i > 0 && v < pkg[i - 1])).toBe(true);
    const { rows } = energyRuns(dir);
    const w = markedWindowS(dir, 'r1');
    // oracle: 1000 W and 50 W x window; 2% covers the 2 ms counter-update timer
    expect(Math.abs(Number(rows[0].energy_cpu_mj) / ((1000 * w) / 1e6) - 1)).toBeLessThan(0.02);
    expect(Math.abs(Number(rows[0].energy_dram_mj) / ((50 * w) / 1e6) - 1)).toBeLessThan(0.02);
  }, 20000);

  it('leaves a directory after kill -9 that ingests to the energy up to the kill', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'j2g-log-')), 'trace');
    const e = env({ FAKE_SMI_POWER_W: '700' });
    await log(['start', '--out', dir, '--interval-ms', '50'], e);
    await log(['mark', 'run-start', 'r1', '--out', dir], e);
    await sleep(1000);
    for (const line of readFileSync(join(dir, '.pids'), 'utf8').trim().split('\n')) {
      try { process.kill(Number(line.split(' ')[1]), 'SIGKILL'); } catch { /* already gone */ } // "ROLE PID START"
    }
    await sleep(300);
    const { rows, summary } = energyRuns(dir);
    // oracle: 700 W from the run start to the last sample written before the kill
    const startS = (Number(readFileSync(join(dir, 'marks.csv'), 'utf8').split('\n').find((l) => l.includes(',run-start,'))!.split(',')[0]) - JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).started.mono_ns) / 1e9;
    const expectedMJ = (700 * (summary.trace_end_s - startS)) / 1e6;
    expect(Math.abs(Number(rows[0].energy_mj) / expectedMJ - 1)).toBeLessThan(0.01);
    expect(summary.trace_end_s - startS).toBeGreaterThan(0.5);
    expect(rows[0].validity).toBe('unmatched-mark');
  }, 20000);

  it('wrap exports POWER_LOG_DIR to the command and returns its exit code', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'j2g-log-')), 'trace');
    const script = `sh ${LOGGER} mark run-start a; sleep 0.3; sh ${LOGGER} mark run-end a; exit 3`;
    const rc = await log(['wrap', '--out', dir, '--interval-ms', '50', '--', 'sh', '-c', script], env()).then(() => 0, (err) => err.code);
    expect(rc).toBe(3);
    const marks = readFileSync(join(dir, 'marks.csv'), 'utf8');
    expect(marks).toMatch(/,run-start,a,/);
    expect(marks).toMatch(/,logger-stop,/);
  }, 20000);

  it('refuses a mark kind it does not know, loudly', async () => {
    const err = await log(['mark', 'run-begin', 'a', '--out', '/tmp'], env()).catch((x) => x);
    expect(err.stderr).toMatch(/invalid mark kind: run-begin/);
  });
});

describe('power-log in unusual environments', () => {
  const newDir = () => join(mkdtempSync(join(tmpdir(), 'j2g-log-')), 'trace');
  const fakeSmi = (body: string) => {
    const path = join(mkdtempSync(join(tmpdir(), 'j2g-smi-')), 'nvidia-smi');
    writeFileSync(path, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    return path;
  };
  const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));

  it('reports nvidia-smi as absent when it prints "No devices were found" and exits 0, and starts no sampler', async () => {
    const dir = newDir();
    const r = await log(['start', '--out', dir], env({ POWER_LOG_NVIDIA_SMI: fakeSmi('echo "No devices were found"') }));
    await log(['stop', '--out', dir], env());
    expect(manifest(dir).sources.nvidia_smi).toEqual({ status: 'absent', reason: expect.stringContaining('No devices were found') });
    expect(r.stderr).toMatch(/source nvidia_smi absent: .*No devices were found/);
    expect(() => readFileSync(join(dir, 'smi.csv'))).toThrow();
  });

  it('does not hang when nvidia-smi hangs: the source is absent after POWER_LOG_SMI_TIMEOUT seconds', async () => {
    const dir = newDir();
    const r = await log(['start', '--out', dir], env({ POWER_LOG_NVIDIA_SMI: fakeSmi('exec sleep 60'), POWER_LOG_SMI_TIMEOUT: '1' }));
    await log(['stop', '--out', dir], env());
    expect(manifest(dir).sources.nvidia_smi.status).toBe('absent');
    expect(r.stderr).toMatch(/source nvidia_smi absent: .*no answer within 1 s/);
  }, 20000);

  it('names a RAPL zone it cannot read on stderr, not only in the manifest', async () => {
    const root = mkdtempSync(join(tmpdir(), 'j2g-powercap-'));
    for (const [zone, name] of [['intel-rapl:0', 'package-0'], ['intel-rapl:0:2', 'dram']]) {
      mkdirSync(join(root, zone));
      writeFileSync(join(root, zone, 'name'), name + '\n');
      writeFileSync(join(root, zone, 'max_energy_range_uj'), '262143328850\n');
    }
    writeFileSync(join(root, 'intel-rapl:0', 'energy_uj'), '0\n');
    mkdirSync(join(root, 'intel-rapl:0:2', 'energy_uj')); // unreadable as a file, even for root
    const dir = newDir();
    const r = await log(['start', '--out', dir], env({ POWER_LOG_POWERCAP_ROOT: root }));
    await log(['stop', '--out', dir], env());
    expect(manifest(dir).sources.rapl.status).toBe('present');
    expect(r.stderr).toMatch(/rapl: zone intel-rapl:0:2 \(dram\) skipped: energy_uj or max_energy_range_uj not readable/);
  }, 20000);

  it('refuses a mark after stop, and a second stop writes no second logger-stop', async () => {
    const dir = newDir();
    await log(['start', '--out', dir], env());
    await log(['stop', '--out', dir], env());
    const late = await log(['mark', 'run-start', 'late', '--out', dir], env()).catch((x) => x);
    expect(late.code).toBe(2);
    expect(late.stderr).toMatch(/was stopped/);
    const again = await log(['stop', '--out', dir], env()).catch((x) => x);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already stopped/);
    const marks = readFileSync(join(dir, 'marks.csv'), 'utf8');
    expect(marks.match(/logger-stop/g)).toHaveLength(1);
    expect(marks).not.toMatch(/late/);
  }, 20000);

  it('refuses a mark into a marks.csv that became a link (to /dev/full here) instead of exiting 0', async () => {
    const dir = newDir();
    await log(['start', '--out', dir], env());
    rmSync(join(dir, 'marks.csv'));
    symlinkSync('/dev/full', join(dir, 'marks.csv'));
    const err = await log(['mark', 'run-start', 'a', '--out', dir], env()).catch((x) => x);
    rmSync(join(dir, 'marks.csv'));
    writeFileSync(join(dir, 'marks.csv'), '');
    await log(['stop', '--out', dir], env());
    expect(err.code).toBe(2);
    expect(err.stderr).toMatch(/cannot write .*marks\.csv/);
  }, 20000);

  it('works with spaces in the output directory', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'j2g log ')), 'my trace');
    await log(['start', '--out', dir, '--interval-ms', '50'], env());
    await log(['mark', 'run-start', 'a', '--out', dir], env());
    await sleep(300);
    await log(['mark', 'run-end', 'a', '--out', dir], env());
    await log(['stop', '--out', dir], env());
    expect(readFileSync(join(dir, 'smi.csv'), 'utf8').trim().split('\n').length).toBeGreaterThan(2);
    expect(readFileSync(join(dir, 'marks.csv'), 'utf8')).toMatch(/,run-end,a,/);
  }, 20000);

  it('documents its exit statuses in its usage text', async () => {
    const r = await log(['--help'], env());
    expect(r.stdout).toMatch(/Exit status/);
  });
});
