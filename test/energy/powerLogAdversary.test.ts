/**
 * Issue #23: scripts/power-log (dash as /bin/sh, run as root here) under an adversary who can write
 * into the trace folder after `start`: symlinks swapped in for every file the logger writes or reads,
 * lines forged into .pids, a sampler that died but is not reaped (a zombie), tools that print control
 * characters. Nothing outside --out may be written or read, `stop` signals nothing it did not start,
 * and manifest.json stays valid JSON. Each test names what the logger did before the fix.
 */
import { spawn, execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { energyRuns } from '../../kernel-lib/energy/index.ts';
import { parseJson } from '../../kernel-lib/io/json.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

onWarning(null);
const run = promisify(execFile);
const LOGGER = resolve('scripts/power-log');
const FAKE_SMI = resolve('test/energy/fixtures/fake-nvidia-smi');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const root = () => mkdtempSync(join(tmpdir(), 'j2g-adv-'));

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, POWER_LOG_NVIDIA_SMI: FAKE_SMI, POWER_LOG_POWERCAP_ROOT: '/nonexistent', POWER_LOG_NVML: 'off', ...extra };
}
const log = (args: string[], e: NodeJS.ProcessEnv = env()) =>
  run('sh', [LOGGER, ...args], { env: e }).then((r) => ({ code: 0, stderr: r.stderr }), (x) => ({ code: x.code as number, stderr: String(x.stderr) }));
const read = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8') : '');
async function until(what: string, ok: () => boolean, limitMs = 15000) {
  for (let t = 0; !ok(); t += 50) {
    if (t > limitMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const state = (pid: number) => { try { return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[0]; } catch { return 'gone'; } };
const startTime = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[19];
/** Strict JSON (duplicate keys, control characters, invalid UTF-8 all refused). */
function strictJson(file: string): unknown {
  const bytes = readFileSync(file);
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  const r = parseJson(text, file);
  expect(r.issues).toEqual([]);
  return r.value;
}
/** Every file under dir with its content, for "nothing here changed". */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    const st = lstatSync(join(dir, name));
    out[name] = st.isFile() ? readFileSync(join(dir, name), 'utf8') : st.isDirectory() ? 'dir' : 'other';
  }
  return out;
}
/** Live processes whose command line names the trace directory (its samplers and helpers). */
function ours(dir: string): number[] {
  return readdirSync('/proc').filter((p) => /^\d+$/.test(p)).filter((p) => {
    try { return readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').includes(dir) && state(Number(p)) !== 'Z'; } catch { return false; }
  }).map(Number);
}
/** Replace DIR/NAME by a symlink to TARGET (the file itself kept aside as NAME.orig). */
function plant(dir: string, name: string, target: string) {
  if (existsSync(join(dir, name))) renameSync(join(dir, name), join(dir, `${name}.orig`));
  symlinkSync(target, join(dir, name));
}

for (const mode of ['python3', 'shell'] as const) {
  const e = (extra: Record<string, string> = {}) => env(mode === 'shell' ? { POWER_LOG_PYTHON: 'off', ...extra } : extra);

  describe(`power-log as root with an adversary in the trace folder (${mode})`, () => {
    it('writes nothing through a link swapped in after start, for every file it writes, and stop copies no link target', async () => {
      // before: marks.csv, smi-errors.csv, .exits, logger.stderr (and smi.csv/rapl.csv in shell mode)
      // were appended by path on every write, so the victims below gained lines written as root; stop
      // copied manifest.json's link target (a shadow-style file) into a new world-readable manifest.json
      const base = root();
      const victims = join(base, 'victims');
      mkdirSync(victims);
      const written = ['marks.csv', 'smi.csv', 'smi-errors.csv', 'logger.stderr', '.exits', '.pids', 'rapl.csv'];
      for (const f of [...written, 'manifest.json']) writeFileSync(join(victims, f), f === 'manifest.json' ? 'root:$6$secret:19000:0:99999:7:::\n' : 'precious\n', { mode: 0o600 });
      const before = snapshot(victims);
      const flag = join(base, 'go');
      const smi = join(base, 'nvidia-smi');
      // samples until the flag appears; then error text (an ANSI colour code in it), then it dies
      writeFileSync(smi, `#!/bin/sh\ncase "$*" in *index,uuid,name*) echo "0, GPU-fake-0000, Fake H200"; exit 0 ;; esac\n` +
        `while [ ! -e ${flag} ]; do echo "GPU-fake-0000, 100"; sleep 0.05; done\nprintf '\\033[31mGPU is lost\\033[0m\\n'; sleep 0.3; exit 9\n`, { mode: 0o755 });
      const power = join(base, 'powercap');
      mkdirSync(join(power, 'intel-rapl:0'), { recursive: true });
      writeFileSync(join(power, 'intel-rapl:0', 'name'), 'package-0\n');
      writeFileSync(join(power, 'intel-rapl:0', 'max_energy_range_uj'), '262143328850\n');
      writeFileSync(join(power, 'intel-rapl:0', 'energy_uj'), '1000\n');
      const dir = join(base, 'trace');
      const ee = e({ POWER_LOG_NVIDIA_SMI: smi, POWER_LOG_POWERCAP_ROOT: power });
      expect((await log(['start', '--out', dir, '--interval-ms', '50'], ee)).code).toBe(0);
      expect((await log(['mark', 'run-start', 'a', '--out', dir], ee)).code).toBe(0);
      for (const f of [...written, 'manifest.json']) plant(dir, f, join(victims, f));
      writeFileSync(flag, '');
      await sleep(1200); // the sampler writes its error line, dies and records its exit
      const mark = await log(['mark', 'run-end', 'a', '--out', dir], ee);
      expect(mark.code).toBe(2);
      expect(mark.stderr).toMatch(/marks\.csv.*symbolic link|marks\.csv.*not a regular file/);
      const stop = await log(['stop', '--out', dir], ee);
      expect(stop.code).toBe(2);
      expect(stop.stderr).toMatch(/manifest\.json/);
      expect(snapshot(victims)).toEqual(before);
      // .pids was swapped for a link too: stop finds its samplers by their command lines all the same
      await until('the samplers to end', () => ours(dir).length === 0);
      // no regular file in the trace holds the secret
      for (const [name, content] of Object.entries(snapshot(dir))) expect(content, name).not.toContain('secret');
    }, 30000);

    it('signals no process named by a line forged into .pids, even with its true start time', async () => {
      // before: a line "sampler-rapl PID START" appended to .pids made stop kill PID
      const dir = join(root(), 'trace');
      expect((await log(['start', '--out', dir, '--interval-ms', '50'], e())).code).toBe(0);
      const bystanders = ['sampler-rapl', 'sampler-nvidia_smi', 'stamper', 'smi'].map(() => spawn('sleep', ['30']));
      await until('bystanders', () => bystanders.every((b) => existsSync(`/proc/${b.pid}/stat`)));
      const pids = join(dir, '.pids');
      const forged = bystanders.map((b, i) => `${['sampler-rapl', 'sampler-nvidia_smi', 'stamper', 'smi'][i]} ${b.pid} ${startTime(b.pid!)}`).join('\n');
      try {
        writeFileSync(pids, read(pids) + forged + '\n'); // the adversary may also replace the file
      } catch { /* a logger that keeps .pids out of reach */ }
      const r = await log(['stop', '--out', dir], e());
      const survived = bystanders.map((b) => alive(b.pid!));
      bystanders.forEach((b) => b.kill('SIGKILL'));
      expect(survived).toEqual([true, true, true, true]);
      expect([0, 2, 3]).toContain(r.code);
    }, 30000);

    it('counts a sampler that died but is not reaped (a zombie) as dead: exit 3 and "died" in the manifest', async () => {
      // before: /proc still listed the zombie with its start time, so stop said "ran" and exited 0
      const dir = join(root(), 'trace');
      // a subreaper that never reaps: the samplers' parent once `start` has returned
      const reaper = spawn('python3', ['-c', [
        'import ctypes, subprocess, sys',
        'ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)',
        `r = subprocess.run(["sh", ${JSON.stringify(LOGGER)}, "start", "--out", ${JSON.stringify(dir)}, "--interval-ms", "50"])`,
        'print(r.returncode, flush=True)',
        'sys.stdin.read()',
      ].join('\n')], { env: e(), stdio: ['pipe', 'pipe', 'inherit'] });
      let out = '';
      reaper.stdout.on('data', (d) => (out += d));
      await until('start', () => out.includes('\n'));
      expect(out.trim()).toBe('0');
      const sampler = read(join(dir, '.pids')).split('\n').find((l) => l.startsWith('sampler-nvidia_smi '));
      let pid: number;
      if (sampler) pid = Number(sampler.split(' ')[1]);
      else { // a logger that keeps no readable .pids: find the sampler by its command line
        pid = Number(readdirSync('/proc').filter((p) => /^\d+$/.test(p)).find((p) => { try { return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(`_sampler-smi\0${dir}`); } catch { return false; } }));
      }
      process.kill(pid, 'SIGKILL');
      await until('zombie', () => state(pid) === 'Z');
      const r = await log(['stop', '--out', dir], e());
      reaper.stdin.end();
      expect(r.code).toBe(3);
      expect((strictJson(join(dir, 'manifest.json')) as { samplers: unknown }).samplers).toEqual([{ source: 'nvidia_smi', status: 'died' }]);
    }, 30000);
  });
}

describe('power-log --out checks that cannot be sidestepped (#23)', () => {
  it('refuses a link given with a trailing slash, a path through a linked directory, and a directory others can write or own', async () => {
    // before: `lnk/` and `lnk/sub` were followed; a world-writable or foreign-owned directory was used
    const base = root();
    const real = join(base, 'real');
    mkdirSync(real);
    symlinkSync(real, join(base, 'lnk'));
    for (const out of [`${join(base, 'lnk')}/`, `${join(base, 'lnk')}//`, join(base, 'lnk', 'sub')]) {
      const r = await log(['start', '--out', out]);
      expect(r.code, out).toBe(2);
      expect(r.stderr, out).toMatch(/symbolic link/);
    }
    expect(readdirSync(real)).toEqual([]);
    const open = join(base, 'open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    const r1 = await log(['start', '--out', open]);
    expect(r1.code).toBe(2);
    expect(r1.stderr).toMatch(/writable by others/);
    const foreign = join(base, 'foreign');
    mkdirSync(foreign, { mode: 0o755 });
    chownSync(foreign, 65534, 65534);
    const r2 = await log(['start', '--out', foreign]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/not owned by/);
    expect(readdirSync(open)).toEqual([]);
    expect(readdirSync(foreign)).toEqual([]);
    // an ordinary new directory, given with a trailing slash, still works
    const ok = join(base, 'ok') + '/';
    expect((await log(['start', '--out', ok, '--interval-ms', '50'])).code).toBe(0);
    expect((await log(['stop', '--out', ok])).code).toBe(0);
  }, 30000);
});

describe('power-log writes valid JSON whatever the tools print (#23)', () => {
  it('keeps manifest.json valid with an ANSI colour code and a non-UTF-8 byte in nvidia-smi\'s error text, and the trace ingests', async () => {
    // before: the ESC byte went raw into "reason", manifest.json was invalid, and j2g energy refused the trace
    const base = root();
    const smi = join(base, 'nvidia-smi');
    writeFileSync(smi, `#!/bin/sh\nprintf '\\033[31mNVIDIA-SMI has failed\\033[0m \\377\\001 "q" \\\\ end\\n' >&2; exit 9\n`, { mode: 0o755 });
    const power = join(base, 'powercap');
    mkdirSync(join(power, 'intel-rapl:0'), { recursive: true });
    writeFileSync(join(power, 'intel-rapl:0', 'name'), 'package-0\n');
    writeFileSync(join(power, 'intel-rapl:0', 'max_energy_range_uj'), '262143328850\n');
    writeFileSync(join(power, 'intel-rapl:0', 'energy_uj'), '1000\n');
    for (const python of ['', 'off']) {
      const dir = join(base, `trace${python}`);
      const ee = env({ POWER_LOG_NVIDIA_SMI: smi, POWER_LOG_POWERCAP_ROOT: power, ...(python ? { POWER_LOG_PYTHON: python } : {}) });
      expect((await log(['start', '--out', dir, '--interval-ms', '50'], ee)).code).toBe(0);
      const started = strictJson(join(dir, 'manifest.json')) as { sources: { nvidia_smi: { status: string; reason: string } } };
      expect(started.sources.nvidia_smi.status).toBe('absent');
      expect(started.sources.nvidia_smi.reason).toMatch(/NVIDIA-SMI has failed .* "q" \\ end/);
      expect((await log(['mark', 'run-start', 'a', '--out', dir], ee)).code).toBe(0);
      await sleep(200);
      expect((await log(['mark', 'run-end', 'a', '--out', dir], ee)).code).toBe(0);
      expect((await log(['stop', '--out', dir], ee)).code).toBe(0);
      strictJson(join(dir, 'manifest.json'));
      expect(energyRuns(dir).rows[0].run_id).toBe('a');
    }
  }, 30000);
});
