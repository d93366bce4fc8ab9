/**
 * The real logger (scripts/power-log, dash as /bin/sh here) against stand-ins: a fake nvidia-smi on
 * POWER_LOG_NVIDIA_SMI printing scripted samples at the requested interval, and a fake powercap tree in
 * a temp dir whose counters the test itself sets. Every oracle is what the stand-in wrote, never a
 * nominal power x wall time: the fake nvidia-smi prints one constant power (so the energy of a marked
 * window is that power x the window read back from marks.csv, exactly, once samples bracket both
 * marks), and the fake powercap counters are held still around each mark and stepped only after the
 * logger has read the previous step (so the energy is the sum of the steps written, exactly, however
 * slow the machine). Nothing waits a fixed time: every wait polls for the record it needs.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { energyRuns } from '../../kernel-lib/energy/index.ts';

const run = promisify(execFile);
const LOGGER = resolve('scripts/power-log');
const FAKE_SMI = resolve('test/energy/fixtures/fake-nvidia-smi');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const AMD_RANGE_UJ = 65_532_610_987;

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, POWER_LOG_NVIDIA_SMI: FAKE_SMI, POWER_LOG_POWERCAP_ROOT: '/nonexistent', POWER_LOG_NVML: 'off', ...extra };
}
const log = (args: string[], e: NodeJS.ProcessEnv) => run('sh', [LOGGER, ...args], { env: e });
const rows = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').slice(1).map((l) => l.split(',')) : []);
async function until(what: string, ok: () => boolean, limitMs = 30000) {
  for (let t = 0; !ok(); t += 20) {
    if (t > limitMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
/** mono_ns of a mark in marks.csv. */
const markNs = (dir: string, kind: string, id: string) => BigInt(rows(join(dir, 'marks.csv')).find((l) => l[2] === kind && l[3] === id)![0]);
/** Wait until FILE holds n samples stamped after the mark (so that samples bracket it). */
async function samplesAfter(dir: string, file: string, kind: string, id: string, n = 1) {
  const t = markNs(dir, kind, id);
  await until(`${n} ${file} samples after ${kind} ${id}`, () => rows(join(dir, file)).filter((l) => BigInt(l[0]) > t).length >= n);
}

/** Window of a run from marks.csv, in seconds. */
function markedWindowS(dir: string, id: string): number {
  return Number(markNs(dir, 'run-end', id) - markNs(dir, 'run-start', id)) / 1e9;
}

/**
 * A powercap tree: package-0 (AMD range, so that it wraps soon), its dram, core, psys, and an MMIO
 * duplicate. `set(pkg, dram)` writes both counters (readers see the old or the new value, never half)
 * and returns once the logger has read both new values: then the next step cannot be mistaken for a
 * faster one, and the counter held between steps is what the logger saw.
 */
function fakePowercap(dir: () => string) {
  const root = mkdtempSync(join(tmpdir(), 'j2g-powercap-'));
  const zone = (d: string, name: string, range: number) => {
    mkdirSync(join(root, d));
    writeFileSync(join(root, d, 'name'), name + '\n');
    writeFileSync(join(root, d, 'max_energy_range_uj'), range + '\n');
    writeFileSync(join(root, d, 'energy_uj'), '0\n');
  };
  zone('intel-rapl:0', 'package-0', AMD_RANGE_UJ);
  zone('intel-rapl:0:0', 'core', AMD_RANGE_UJ);
  zone('intel-rapl:0:2', 'dram', 262_143_328_850);
  zone('intel-rapl:1', 'psys', 262_143_328_850);
  zone('intel-rapl-mmio:0', 'package-0', AMD_RANGE_UJ);
  const put = (d: string, v: number) => {
    const tmp = join(root, d, '.energy_uj');
    writeFileSync(tmp, v + '\n');
    renameSync(tmp, join(root, d, 'energy_uj'));
  };
  const set = async (pkg: number, dram: number) => {
    put('intel-rapl:0', pkg);
    put('intel-rapl:0:2', dram);
    const last = (label: string) => rows(join(dir(), 'rapl.csv')).filter((l) => l[2] === label).at(-1)?.[3];
    await until(`the logger to read ${pkg}`, () => last('package-0') === String(pkg) && last('package-0/dram') === String(dram));
  };
  return { root, set, put };
}

describe('power-log against stand-ins', () => {
  it('logs constant 700 W on one GPU to exactly 700 W x the marked window', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'j2g-log-')), 'trace');
    const e = env({ FAKE_SMI_POWER_W: '700' });
    await log(['start', '--out', dir, '--interval-ms', '50'], e);
    await log(['mark', 'run-start', 'r1', '--out', dir, '--task-id', 't1', '--gpus', '0'], e);
    await samplesAfter(dir, 'smi.csv', 'run-start', 'r1', 5);
    await log(['mark', 'run-end', 'r1', '--out', dir], e);
    await samplesAfter(dir, 'smi.csv', 'run-end', 'r1');
    await log(['stop', '--out', dir], e);
    const { rows: runs } = energyRuns(dir);
    // oracle: the stand-in printed 700 W at every sample; 700 W x the window from marks.csv
    expect(Number(runs[0].energy_mj)).toBeCloseTo((700 * markedWindowS(dir, 'r1')) / 1e6, 9); // exact to the precision runs.csv prints (1e-9 MJ)
    expect(runs[0]).toMatchObject({ run_id: 'r1', task_id: 't1', validity: 'ok' });
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(m.sources.nvml).toEqual({ status: 'absent', reason: 'disabled by POWER_LOG_NVML=off' });
  }, 60000);

  it('does the same with the shell fallbacks when python3 is off', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'j2g-log-')), 'trace');
    const e = env({ FAKE_SMI_POWER_W: '700', POWER_LOG_PYTHON: 'off' });
    await log(['start', '--out', dir, '--interval-ms', '50'], e);
    await log(['mark', 'run-start', 'r1', '--out', dir], e);
    await samplesAfter(dir, 'smi.csv', 'run-start', 'r1', 5);
    await log(['mark', 'run-end', 'r1', '--out', dir], e);
    await samplesAfter(dir, 'smi.csv', 'run-end', 'r1');
    await log(['stop', '--out', dir], e);
    expect(Number(energyRuns(dir).rows[0].energy_mj)).toBeCloseTo((700 * markedWindowS(dir, 'r1')) / 1e6, 9); // exact to the precision runs.csv prints (1e-9 MJ)
  }, 60000);

  it('reads package and dram RAPL zones only, drops the MMIO duplicate, and counts the wrap', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'j2g-log-')), 'trace');
    const { root, set, put } = fakePowercap(() => dir);
    // the package counter starts 200 J before its wrap: the run's steps cross it
    let pkg = AMD_RANGE_UJ - 200_000_000;
    let dram = 5_000_000;
    put('intel-rapl:0', pkg);
    put('intel-rapl:0:2', dram);
    const e = env({ POWER_LOG_POWERCAP_ROOT: root, FAKE_SMI_FAIL: 'NVIDIA-SMI has failed because it could not communicate with the NVIDIA driver' });
    const started = await log(['start', '--out', dir, '--interval-ms', '50'], e);
    expect(started.stderr).toMatch(/source nvidia_smi absent: .*could not communicate/);
    await set(pkg, dram);
    await log(['mark', 'run-start', 'r1', '--out', dir], e);
    await samplesAfter(dir, 'rapl.csv', 'run-start', 'r1', 2); // the held values, read after the mark
    // 40 steps of 10 J (package) and 0.5 J (dram), each read before the next: at most 200 W at 50 ms
    let pkgUJ = 0;
    let dramUJ = 0;
    for (let i = 0; i < 40; i++) {
      pkg = (pkg + 10_000_000) % AMD_RANGE_UJ;
      dram += 500_000;
      pkgUJ += 10_000_000;
      dramUJ += 500_000;
      await set(pkg, dram);
    }
    await log(['mark', 'run-end', 'r1', '--out', dir], e);
    await samplesAfter(dir, 'rapl.csv', 'run-end', 'r1', 2);
    await log(['stop', '--out', dir], e);
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(m.sources.rapl.zones.map((z: { label: string }) => z.label)).toEqual(['package-0', 'package-0/dram']);
    expect(m.sources.rapl.skipped.map((z: { zone: string; reason: string }) => `${z.zone}: ${z.reason}`)).toEqual([
      'intel-rapl:0:0: not a package or dram zone',
      'intel-rapl:1: not a package or dram zone',
      'intel-rapl-mmio:0: duplicate of an MSR zone',
    ]);
    // the package counter wrapped during the trace
    const seen = rows(join(dir, 'rapl.csv')).filter((f) => f[2] === 'package-0').map((f) => Number(f[3]));
    expect(seen.some((v, i) => i > 0 && v < seen[i - 1])).toBe(true);
    const { rows: runs } = energyRuns(dir);
    // oracle: the sum of the steps the stand-in wrote (400 J and 20 J), exactly
    expect(runs[0].validity).toBe('ok');
    expect(Number(runs[0].energy_cpu_mj)).toBeCloseTo(pkgUJ / 1e12, 9); // exact to the precision runs.csv prints (1e-9 MJ)
    expect(Number(runs[0].energy_dram_mj)).toBeCloseTo(dramUJ / 1e12, 9); // exact to the precision runs.csv prints (1e-9 MJ)
  }, 120000);

  it('leaves a directory after kill -9 that ingests to the energy up to the kill', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'j2g-log-')), 'trace');
    const e = env({ FAKE_SMI_POWER_W: '700' });
    await log(['start', '--out', dir, '--interval-ms', '50'], e);
    await log(['mark', 'run-start', 'r1', '--out', dir], e);
    await samplesAfter(dir, 'smi.csv', 'run-start', 'r1', 5);
    for (const line of readFileSync(join(dir, '.pids'), 'utf8').trim().split('\n')) {
      try { process.kill(Number(line.split(' ')[1]), 'SIGKILL'); } catch { /* already gone */ } // "ROLE PID START"
    }
    await until('the samplers to end', () => readFileSync(join(dir, '.pids'), 'utf8').trim().split('\n').every((l) => !existsSync(`/proc/${l.split(' ')[1]}/cmdline`) || readFileSync(`/proc/${l.split(' ')[1]}/stat`, 'utf8').split(') ')[1].startsWith('Z')));
    const { rows, summary } = energyRuns(dir);
    // oracle: the stand-in printed 700 W at every sample; 700 W from the run start to the last sample
    const startS = (Number(readFileSync(join(dir, 'marks.csv'), 'utf8').split('\n').find((l) => l.includes(',run-start,'))!.split(',')[0]) - JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).started.mono_ns) / 1e9;
    const expectedMJ = (700 * (summary.trace_end_s - startS)) / 1e6;
    expect(Number(rows[0].energy_mj)).toBeCloseTo(expectedMJ, 9); // exact to the precision runs.csv prints (1e-9 MJ)
    expect(summary.trace_end_s - startS).toBeGreaterThan(0);
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
    const r = await log(['start', '--out', dir, '--allow-no-energy'], env({ POWER_LOG_NVIDIA_SMI: fakeSmi('echo "No devices were found"') }));
    await log(['stop', '--out', dir], env());
    expect(manifest(dir).sources.nvidia_smi).toEqual({ status: 'absent', reason: expect.stringContaining('No devices were found') });
    expect(r.stderr).toMatch(/source nvidia_smi absent: .*No devices were found/);
    expect(() => readFileSync(join(dir, 'smi.csv'))).toThrow();
  });

  it('does not hang when nvidia-smi hangs: the source is absent after POWER_LOG_SMI_TIMEOUT seconds', async () => {
    const dir = newDir();
    const r = await log(['start', '--out', dir, '--allow-no-energy'], env({ POWER_LOG_NVIDIA_SMI: fakeSmi('exec sleep 60'), POWER_LOG_SMI_TIMEOUT: '1' }));
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
    await samplesAfter(dir, 'smi.csv', 'run-start', 'a', 2);
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
