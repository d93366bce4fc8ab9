/**
 * scripts/power-log (as root here) against the owner of a folder above the trace: whoever owns a parent,
 * or can write one without the sticky bit, can rename the trace folder away mid-start and put links in
 * its place. Before: only the group/world bits of the immediate parent were checked; `.smi-gpus`,
 * `.rapl-zones` were opened by name during start; a root-only file gained two lines and another was
 * copied into smi-errors.csv, and start exited 0. Also: every stop printed "cannot open /proc/NNN/cmdline"
 * (its grep matched itself); a planted .stopped left the samplers running; two concurrent stops both
 * appended logger-stop; a full disk printed a Python traceback and left .manifest.json.tmp.
 */
import { execFile, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const LOGGER = resolve('scripts/power-log');
const HELPER = resolve('scripts/power-log-helper.py');
const FAKE_SMI = resolve('test/energy/fixtures/fake-nvidia-smi');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const root = () => mkdtempSync(join(tmpdir(), 'j2g-parent-'));
const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv =>
  ({ ...process.env, POWER_LOG_NVIDIA_SMI: FAKE_SMI, POWER_LOG_POWERCAP_ROOT: '/nonexistent', POWER_LOG_NVML: 'off', POWER_LOG_AMDSMI: 'off', ...extra });
const log = (args: string[], e: NodeJS.ProcessEnv = env()) =>
  run('sh', [LOGGER, ...args], { env: e }).then((r) => ({ code: 0, stderr: r.stderr }), (x) => ({ code: x.code as number, stderr: String(x.stderr) }));
const NOBODY = 65534;
/** Live processes whose command line names the trace directory. */
const ours = (dir: string) => readdirSync('/proc').filter((p) => /^\d+$/.test(p)).filter((p) => {
  try { return readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').includes(dir) && !readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].startsWith('Z'); } catch { return false; }
});
async function until(what: string, ok: () => boolean, limitMs = 15000) {
  for (let t = 0; !ok(); t += 50) {
    if (t > limitMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describe('power-log refuses a trace whose parent another user owns or can write (walked to /)', () => {
  it('the parent-swap adversary: the parent\'s owner renames the folder away and plants links during start; start is refused before anything is written', async () => {
    const base = root();
    const victims = join(base, 'victims');
    mkdirSync(victims);
    const secret = join(victims, 'shadow');
    const precious = join(victims, 'precious');
    writeFileSync(secret, 'root:$6$secret:19000\n', { mode: 0o600 });
    writeFileSync(precious, 'precious\n', { mode: 0o600 });
    const parent = join(base, 'home-of-nobody');
    mkdirSync(parent, { mode: 0o755 });
    chownSync(parent, NOBODY, NOBODY);
    const dir = join(parent, 'trace');
    // the adversary, as the parent's owner would: swap the trace folder for one of links, as fast as it can
    let stop = false;
    const swaps = (async () => {
      for (let i = 0; !stop; i++) {
        try {
          if (existsSync(dir)) {
            renameSync(dir, join(parent, `away-${i}`));
            mkdirSync(dir);
            for (const [name, target] of [['.smi-gpus', precious], ['.rapl-zones', precious], ['.smi.fifo', secret], ['smi-errors.csv', precious]]) symlinkSync(target, join(dir, name));
          }
        } catch { /* the logger's own steps race ours */ }
        await sleep(1);
      }
    })();
    const r = await log(['start', '--out', dir, '--interval-ms', '50']);
    stop = true;
    await swaps;
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`power-log: ${parent}, above ${dir}, is owned by uid ${NOBODY}, not by uid 0 or root: its owner could replace ${dir} while power-log writes into it`);
    expect(readFileSync(precious, 'utf8')).toBe('precious\n');
    for (const d of readdirSync(parent)) for (const f of existsSync(join(parent, d)) ? readdirSync(join(parent, d)) : []) {
      const p = join(parent, d, f);
      try { expect(readFileSync(p, 'utf8'), p).not.toContain('secret'); } catch { /* a link or a FIFO */ }
    }
    expect(ours(dir)).toEqual([]);
  }, 30000);

  it('walks to /: a grandparent others can write without the sticky bit is refused, with the sticky bit accepted', async () => {
    const base = root();
    const open = join(base, 'open');
    mkdirSync(join(open, 'mine'), { recursive: true });
    chmodSync(open, 0o777);
    const r = await log(['start', '--out', join(open, 'mine', 'trace')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`power-log: ${open}, above ${join(open, 'mine', 'trace')}, is writable by others without the sticky bit: they could replace`);
    expect(existsSync(join(open, 'mine', 'trace', 'manifest.json'))).toBe(false);
    chmodSync(open, 0o1777);
    const dir = join(open, 'mine', 'trace');
    expect((await log(['start', '--out', dir, '--interval-ms', '50'])).code).toBe(0);
    expect((await log(['stop', '--out', dir])).code).toBe(0);
  }, 30000);
});

describe('power-log stop: quiet, once, and not fooled by a planted .stopped', () => {
  it('prints no "cannot open /proc/NNN/cmdline" (its grep matched itself)', async () => {
    const dir = join(root(), 'trace');
    expect((await log(['start', '--out', dir, '--interval-ms', '50'])).code).toBe(0);
    const s = await log(['stop', '--out', dir]);
    expect(s.code).toBe(0);
    expect(s.stderr).not.toContain('/proc/');
    expect(s.stderr).toBe('');
  }, 30000);

  it('a planted .stopped does not leave the samplers running: stop signals them and says it wrote nothing', async () => {
    const dir = join(root(), 'trace');
    expect((await log(['start', '--out', dir, '--interval-ms', '50'])).code).toBe(0);
    expect(ours(dir).length).toBeGreaterThan(0);
    writeFileSync(join(dir, '.stopped'), '');
    const s = await log(['stop', '--out', dir]);
    expect(s.code).toBe(2);
    expect(s.stderr).toContain('already stopped (or being stopped by another stop); this one signalled the samplers it verified and wrote nothing');
    await until('the samplers to end', () => ours(dir).length === 0);
    expect(readFileSync(join(dir, 'marks.csv'), 'utf8')).not.toContain('logger-stop');
  }, 30000);

  it('two concurrent stops: one logger-stop, one manifest update, the other exits 2', async () => {
    const dir = join(root(), 'trace');
    expect((await log(['start', '--out', dir, '--interval-ms', '50'])).code).toBe(0);
    const [a, b] = await Promise.all([log(['stop', '--out', dir]), log(['stop', '--out', dir])]);
    expect([a.code, b.code].sort()).toEqual([0, 2]);
    expect(readFileSync(join(dir, 'marks.csv'), 'utf8').split('\n').filter((l) => l.includes('logger-stop'))).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).samplers).toEqual([{ source: 'nvidia_smi', status: 'ran' }]);
    await until('the samplers to end', () => ours(dir).length === 0);
  }, 30000);

  it('a full disk (a file size limit here): one line naming the file, no traceback, no .manifest.json.tmp, the old manifest kept', async () => {
    const dir = root();
    writeFileSync(join(dir, 'manifest.json'), '{"old": true}\n');
    chmodSync(join(dir, 'manifest.json'), 0o644);
    const big = 'x'.repeat(5000);
    const r = await new Promise<{ code: number | null; stderr: string }>((res) => {
      const child = spawn('sh', ['-c', `ulimit -f 1; exec python3 ${HELPER} replace ${dir} manifest.json`], { stdio: ['pipe', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.on('close', (code) => res({ code, stderr }));
      child.stdin.end(big);
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`power-log: cannot write ${dir}/manifest.json: File too large; manifest.json is left as it was\n`);
    expect(readdirSync(dir)).toEqual(['manifest.json']);
    expect(readFileSync(join(dir, 'manifest.json'), 'utf8')).toBe('{"old": true}\n');
  }, 30000);
});

describe('power-log without any energy source', () => {
  it('start and wrap exit 2 naming --stand-in and --allow-no-energy; with --allow-no-energy a trace of marks only', async () => {
    const e = env({ POWER_LOG_NVIDIA_SMI: '/nonexistent/nvidia-smi' });
    const r = await log(['start', '--out', join(root(), 'trace')], e);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no energy source present .*pass --stand-in nvidia \(or amd\); to record marks only, pass --allow-no-energy/);
    const w = await log(['wrap', '--out', join(root(), 'trace'), '--', 'true'], e);
    expect(w.code).toBe(2);
    const dir = join(root(), 'trace');
    const ok = await log(['start', '--out', dir, '--allow-no-energy'], e);
    expect(ok.code).toBe(0);
    expect(ok.stderr).toContain('no energy source present: the trace will hold marks only (--allow-no-energy)');
    expect((await log(['stop', '--out', dir], e)).code).toBe(0);
  }, 30000);

  it('--stand-in nvidia: a one-line notice at start and stop and "stand_in" in manifest.json (the notice and flag of j2g energy: test/cli/walkthrough.test.ts)', async () => {
    const dir = join(root(), 'trace');
    const e = env({ POWER_LOG_NVIDIA_SMI: '/nonexistent/nvidia-smi' });
    const s = await log(['start', '--out', dir, '--interval-ms', '50', '--stand-in', 'nvidia'], e);
    expect(s.code, s.stderr).toBe(0);
    const notice = 'power-log: STAND-IN devices, no real GPU is measured (nvidia: 2 fake GPUs at 350 W each through scripts/stand-in/nvidia-smi): energy in this trace is made up';
    expect(s.stderr.split('\n')[0]).toBe(notice);
    const st = await log(['stop', '--out', dir], e);
    expect(st.stderr.trim()).toBe(notice);
    expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).stand_in).toBe('nvidia: 2 fake GPUs at 350 W each through scripts/stand-in/nvidia-smi');
    expect((await log(['start', '--out', join(root(), 't'), '--stand-in', 'intel'], e)).stderr).toContain("invalid --stand-in: 'intel' (expected nvidia or amd)");
  }, 30000);
});
