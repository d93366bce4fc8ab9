/**
 * Issue #13 on the logger's side: scripts/power-log (dash as /bin/sh) against stand-ins, each test a
 * reproduction from the issue. Nothing here asserts on durations; waits poll for a file's content.
 * Before-the-fix behaviour is in each test's comment (checked against main's scripts/power-log).
 */
import { spawn, execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { energyRuns } from '../../kernel-lib/energy/index.ts';
import { checkMarkFields } from '../../kernel-lib/energy/markWindows.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

onWarning(null);
const run = promisify(execFile);
const LOGGER = resolve('scripts/power-log');
const FAKE_SMI = resolve('test/energy/fixtures/fake-nvidia-smi');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const newDir = () => join(mkdtempSync(join(tmpdir(), 'j2g-log-')), 'trace');

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, POWER_LOG_NVIDIA_SMI: FAKE_SMI, POWER_LOG_POWERCAP_ROOT: '/nonexistent', POWER_LOG_NVML: 'off', ...extra };
}
/** Run the logger; resolves with its exit code and stderr (never rejects). */
const log = (args: string[], e: NodeJS.ProcessEnv = env()) =>
  run('sh', [LOGGER, ...args], { env: e }).then((r) => ({ code: 0, stderr: r.stderr }), (x) => ({ code: x.code as number, stderr: String(x.stderr) }));
/** Spawn `wrap` in the background. */
function wrap(dir: string, batch: string, e: NodeJS.ProcessEnv = env()) {
  const p = spawn('sh', [LOGGER, 'wrap', '--out', dir, '--interval-ms', '50', '--', 'sh', '-c', batch], { env: e, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  p.stderr.on('data', (d) => (stderr += d));
  const done = new Promise<{ code: number | null; signal: string | null; stderr: string }>((r) => p.on('exit', (code, signal) => r({ code, signal, stderr })));
  return { p, done };
}
async function until(what: string, ok: () => boolean, limitMs = 15000) {
  for (let t = 0; !ok(); t += 50) {
    if (t > limitMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
const read = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8') : '');
const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const pids = (dir: string) => read(join(dir, '.pids')).trim().split('\n').map((l) => Number(l.split(' ')[1]));
const M = `sh ${LOGGER} mark`;

describe('power-log writes only where it must (#13)', () => {
  it('refuses an --out that holds anything, and never writes through a link standing in it', async () => {
    // before: marks.csv -> victim was truncated and overwritten (the logger runs as root)
    const dir = newDir();
    mkdirSync(dir);
    const victim = join(dir, '..', 'victim');
    writeFileSync(victim, 'precious\n');
    symlinkSync(victim, join(dir, 'marks.csv'));
    const r = await log(['start', '--out', dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${dir} is not empty; choose a new or empty directory`);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    // a link as DIR itself is refused too; an existing empty directory is fine
    const linkDir = join(dir, '..', 'link');
    const empty = join(dir, '..', 'empty');
    mkdirSync(empty);
    symlinkSync(empty, linkDir);
    expect((await log(['start', '--out', linkDir])).stderr).toContain('is a symbolic link');
    expect((await log(['start', '--out', empty, '--interval-ms', '50'])).code).toBe(0);
    expect((await log(['stop', '--out', empty])).code).toBe(0);
  }, 30000);

  it('signals only processes it can verify are its own samplers when .pids is stale', async () => {
    // before: `stop` killed whatever process now had a pid listed in .pids
    const dir = newDir();
    expect((await log(['start', '--out', dir, '--interval-ms', '50'])).code).toBe(0);
    for (const pid of pids(dir)) try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
    // an unrelated process that now holds a pid of the list (here: we rewrite the list to name it)
    const bystander = spawn('sleep', ['30']);
    const lines = read(join(dir, '.pids')).trim().split('\n');
    lines[0] = lines[0].replace(/^(\S+) \d+ /, `$1 ${bystander.pid} `);
    writeFileSync(join(dir, '.pids'), lines.join('\n') + '\n');
    const r = await log(['stop', '--out', dir]);
    expect(alive(bystander.pid!)).toBe(true);
    bystander.kill();
    // the samplers were gone without a stop: that is a death, said in the exit status and manifest
    expect(r.code).toBe(3);
    expect(JSON.parse(read(join(dir, 'manifest.json'))).samplers).toEqual([{ source: 'nvidia_smi', status: 'died' }]);
  }, 30000);
});

describe('power-log keeps measurements (#13)', () => {
  const fakeSmi = (body: string) => {
    const path = join(mkdtempSync(join(tmpdir(), 'j2g-smi-')), 'nvidia-smi');
    writeFileSync(path, `#!/bin/sh\ncase "$*" in *index,uuid,name*) echo "0, GPU-fake-0000, Fake H200"; exit 0 ;; esac\n${body}\n`, { mode: 0o755 });
    return path;
  };

  it('records nvidia-smi error text mid-run as a missing sample with its reason, and the trace ingests', async () => {
    // before: the text was stamped into smi.csv as a sample and `j2g energy` rejected the whole trace
    // the error comes once the run has started, and the run ends once a sample follows it (nothing timed)
    const dir = newDir();
    const smi = fakeSmi(`said=; while :; do if [ -z "$said" ] && grep -q ',run-start,a,' ${dir}/marks.csv 2>/dev/null; then said=1; echo "Unable to determine the device handle for GPU0000:1B:00.0: GPU is lost.  Reboot the system to recover this GPU"; else echo "GPU-fake-0000, 100"; fi; sleep 0.05; done`);
    const e = env({ POWER_LOG_NVIDIA_SMI: smi });
    const { done } = wrap(dir, `${M} run-start a; until grep -q 'GPU is lost' ${dir}/smi-errors.csv; do sleep 0.05; done; n=$(wc -l < ${dir}/smi.csv); until [ $(wc -l < ${dir}/smi.csv) -gt $((n + 1)) ]; do sleep 0.05; done; ${M} run-end a`, e);
    const r = await done;
    expect(r.code).toBe(0);
    const errors = read(join(dir, 'smi-errors.csv')).trim().split('\n');
    expect(errors[0]).toBe('mono_ns,wall_ns,message');
    expect(errors[1]).toMatch(/^\d+,\d+,Unable to determine the device handle for GPU0000:1B:00\.0: GPU is lost\./);
    expect(read(join(dir, 'smi.csv'))).toContain(`${errors[1].split(',').slice(0, 2).join(',')},GPU-fake-0000,NA\n`);
    const { rows, summary } = energyRuns(dir);
    expect(summary.na_values).toBe(1);
    expect(rows[0].validity).toBe('missing-samples');
  }, 30000);

  it('notices a sampler that dies mid-run: exit status 3, logger.stderr, manifest; the ingester flags the run', async () => {
    // before: `wrap` returned 0 and logger.stderr was empty
    // the stand-in dies once the run has started; the run ends once the logger has noticed (nothing timed)
    const dir = newDir();
    const smi = fakeSmi(`until grep -q ',run-start,a,' ${dir}/marks.csv 2>/dev/null; do echo "GPU-fake-0000, 100"; sleep 0.05; done; exit 9`);
    const { done } = wrap(dir, `${M} run-start a; until grep -q 'exited with status 9' ${dir}/logger.stderr; do sleep 0.05; done; ${M} run-end a`, env({ POWER_LOG_NVIDIA_SMI: smi }));
    const r = await done;
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/sampler nvidia_smi exited before stop \(status 9\)/);
    expect(read(join(dir, 'logger.stderr'))).toMatch(/sampler nvidia_smi exited with status 9 before stop/);
    const m = JSON.parse(read(join(dir, 'manifest.json')));
    expect(m.samplers).toEqual([{ source: 'nvidia_smi', status: 'died', exit_status: 9, mono_ns: expect.any(Number) }]);
    // the samples stop at the run's start, so nothing measures it
    const { rows } = energyRuns(dir);
    expect(rows[0].validity).toContain('sampler-died');
  }, 30000);
});

describe('power-log wrap and signals (#13)', () => {
  it('forwards TERM to the batch and returns the batch\'s own status once it has ended', async () => {
    // before: wrap waited for the batch to end on its own (never signalled) and then returned 130
    const dir = newDir();
    const { p, done } = wrap(dir, `trap '${M} run-end a; exit 0' TERM; ${M} run-start a; sleep 30 & wait`);
    await until('run-start', () => read(join(dir, 'marks.csv')).includes(',run-start,a,'));
    const samplers = pids(dir);
    p.kill('SIGTERM');
    const r = await done;
    expect(r.code).toBe(0);
    const marks = read(join(dir, 'marks.csv'));
    expect(marks.indexOf(',run-end,a,')).toBeGreaterThan(0);
    expect(marks.indexOf(',logger-stop,')).toBeGreaterThan(marks.indexOf(',run-end,a,'));
    await until('samplers to end', () => samplers.every((s) => !alive(s)));
  }, 30000);

  it('forwards INT: a batch killed by it gives 130, and the samplers are stopped', async () => {
    const dir = newDir();
    const { p, done } = wrap(dir, `${M} run-start a; exec sleep 30`);
    await until('run-start', () => read(join(dir, 'marks.csv')).includes(',run-start,a,'));
    p.kill('SIGINT');
    const r = await done;
    expect(r.code).toBe(130);
    expect(read(join(dir, 'marks.csv'))).toMatch(/,logger-stop,/);
  }, 30000);

  it('recovers after kill -9 of wrap: `stop --out DIR` ends the samplers and writes logger-stop', async () => {
    const dir = newDir();
    const pidFile = join(dir, '..', 'batch.pid');
    const { p, done } = wrap(dir, `echo $$ > ${pidFile}; ${M} run-start a; exec sleep 30`);
    await until('run-start', () => read(join(dir, 'marks.csv')).includes(',run-start,a,'));
    const samplers = pids(dir);
    p.kill('SIGKILL');
    await done;
    await sleep(300);
    expect(samplers.every(alive)).toBe(true); // the samplers run on: this is what stop recovers
    const r = await log(['stop', '--out', dir]);
    process.kill(Number(read(pidFile)), 'SIGKILL'); // the orphaned batch is the user's to end
    expect(r.code).toBe(0);
    await until('samplers to end', () => samplers.every((s) => !alive(s)));
    expect(read(join(dir, 'marks.csv'))).toMatch(/,logger-stop,/);
    expect(energyRuns(dir).rows[0].run_id).toBe('a');
  }, 30000);
});

describe('power-log mark applies the ingester\'s rules when it writes (#13)', () => {
  it('accepts exactly the values kernel-lib/energy checkMarkFields accepts', async () => {
    // before: --gpus 0,1, / , / '' and --attempt 0 returned 0, and the trace was rejected at ingestion
    const dir = newDir();
    expect((await log(['start', '--out', dir, '--interval-ms', '50'])).code).toBe(0);
    const cases: [string, string][] = [
      ['--gpus', '0'], ['--gpus', '0,1'], ['--gpus', '0,1,'], ['--gpus', ','], ['--gpus', ''], ['--gpus', '1,,2'], ['--gpus', 'x'], ['--gpus', '01'], ['--gpus', '1,02'], ['--gpus', '10'],
      ['--attempt', '1'], ['--attempt', '12'], ['--attempt', '0'], ['--attempt', '01'], ['--attempt', '1.0'], ['--attempt', '1e0'], ['--attempt', ''],
      ['--task-id', 't-1.a'], ['--task-id', 'a b'], ['--task-id', 'a,b'], ['--task-id', 'caf\u00e9'], ['--batch', ''],
    ];
    const field: Record<string, string> = { '--gpus': 'gpus', '--attempt': 'attempt', '--task-id': 'task_id', '--batch': 'batch' };
    const results = await Promise.all(cases.map(async ([opt, value], i) => {
      const r = await log(['mark', 'idle-start', `i${i}`, '--out', dir, opt, value]);
      const fields = { mono_ns: '1', wall_ns: '1', kind: 'idle-start', id: `i${i}`, task_id: '', system: '', attempt: '', gpus: '', batch: '', [field[opt]]: value };
      return { opt, value, logger: r.code === 0, ingester: value !== '' && checkMarkFields(fields) === null, stderr: r.stderr };
    }));
    for (const x of results) expect({ ...x, stderr: undefined }, x.stderr).toEqual({ ...x, stderr: undefined, logger: x.ingester });
    expect(results.filter((x) => x.logger).map((x) => `${x.opt} ${x.value}`)).toEqual(['--gpus 0', '--gpus 0,1', '--gpus 10', '--attempt 1', '--attempt 12', '--task-id t-1.a']);
    expect((await log(['stop', '--out', dir])).code).toBe(0);
    // every mark the logger wrote passes the ingester with no skipped line
    const marks = read(join(dir, 'marks.csv')).trim().split('\n').slice(1);
    expect(marks).toHaveLength(2 + 6);
  }, 60000);

  it('refuses a second window for the same run id at write time', async () => {
    // before: accepted; at ingestion the second window silently disappeared
    const dir = newDir();
    await log(['start', '--out', dir, '--interval-ms', '50']);
    expect((await log(['mark', 'run-start', 'r', '--out', dir])).code).toBe(0);
    expect((await log(['mark', 'run-end', 'r', '--out', dir])).code).toBe(0);
    const again = await log(['mark', 'run-start', 'r', '--out', dir]);
    await log(['stop', '--out', dir]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('run id r already had its window (its run-end is line 4 of');
  }, 30000);
});
