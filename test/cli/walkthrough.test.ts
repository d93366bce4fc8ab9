/**
 * README, "Your own measurements": the walkthrough block is run as it is, each line in order (bash -e),
 * on stand-in hardware: the fake nvidia-smi of test/energy/fixtures (two GPUs at 350 W), no NVML, no
 * powercap tree. `npx j2g` is the package's bin (bin/j2g.mjs); the block runs with `npx` bound to it,
 * which saves npx's own start-up per line and nothing else. OUT is a temporary folder.
 *
 * Oracle: the structure the block promises (exit 0 at every line, a release that validates with every
 * hash, eight runs, the trace's runs with energy near 350 W per running GPU), the Zeus runs' costs by
 * hand (2, 4, 3 and 1 s at 36 USD per node-hour: 0.02, 0.04, 0.03, 0.01 USD).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ROOT } from '../helpers/child.ts';

function readmeBlock(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const m = /<!-- walkthrough:start -->\n```sh\n([\s\S]*?)\n```\n<!-- walkthrough:end -->/.exec(readme);
  if (!m) throw new Error('README.md has no walkthrough block');
  return m[1];
}

test('every command of the README walkthrough runs, from measuring to a verified release', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'j2g-walk-')), 'my-batch');
  const script = `set -eu\nnpx() { [ "$1" = j2g ] || { echo "npx $1: not the walkthrough's" >&2; return 99; }; shift; node "${ROOT}bin/j2g.mjs" "$@"; }\n${readmeBlock()}\n`;
  // the README's own way to try it without a GPU: POWER_LOG_STAND_IN=nvidia, nothing else
  const env = { ...process.env, OUT: out, POWER_LOG_STAND_IN: 'nvidia' };
  const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toContain('power-log: STAND-IN devices, no real GPU is measured (nvidia: 2 fake GPUs at 350 W each through scripts/stand-in/nvidia-smi)');
  expect(r.stderr).toContain('STAND-IN devices, no real GPU was measured');
  expect(r.stdout).toContain('validity flags: sysA: 4 of 4 runs flagged (stand-in 4)');
  expect(r.stdout).toContain(`${out}/dataset: valid and complete (synthetic, device boundary; references expert_only, expert_with_ai; judge J1): 2 occupations, 2 sectors, 4 tasks, 2 systems, 8 runs, 20 judgments`);
  expect(r.stdout).toContain(`${out}/release/datapackage.json: 10 files, every SHA-256 matches (my-batch 1.0.0)`);
  const runs = readFileSync(join(out, 'release', 'runs.csv'), 'utf8').trim().split('\n');
  const header = runs[0].split(',');
  const rows = runs.slice(1).map((l) => Object.fromEntries(l.split(',').map((v, i) => [header[i], v])));
  expect(rows.map((x) => x.run_id)).toEqual(['a-t1', 'a-t2', 'a-t3', 'a-t4', 'b-t1', 'b-t2', 'b-t3', 'b-t4']);
  expect(rows.slice(4).map((x) => x.cost_usd)).toEqual(['0.020000', '0.040000', '0.030000', '0.010000']);
  // each trace run: at least its one GPU (350 W) over its own window, as eq. 2.3 charges a run at least 700 W / 2 while two run
  for (const x of rows.slice(0, 4)) {
    const j = Number(x.energy_mj) * 1e6, s = Number(x.ai_hours) * 3600;
    expect(j).toBeGreaterThan(350 * s * 0.95);
    expect(x.validity).toBe('stand-in'); // recorded on the stand-in devices: said of every run, downstream too
  }
  const prov = readFileSync(join(out, 'release', 'provenance.csv'), 'utf8').split('\n');
  const hash = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');
  expect(prov[1]).toMatch(new RegExp(`^a-t1,trace,${out}/trace,${hash(join(out, 'trace', 'marks.csv'))},marks\\.csv:\\d+-\\d+,\\d+,\\d+$`));
  expect(prov[5]).toBe(`b-t1,import,data/examples/my-batch/zeus.csv,${hash(join(ROOT, 'data/examples/my-batch/zeus.csv'))},2,,`);
}, 180_000);

test('without any energy source (a laptop) the walkthrough stops at step 1, exit 2, saying why and how to try it', async () => {
  const out = join(mkdtempSync(join(tmpdir(), 'j2g-walk-')), 'my-batch');
  const script = `npx() { shift; node "${ROOT}bin/j2g.mjs" "$@"; }\n${readmeBlock()}\n`;
  // no nvidia-smi, no NVML, no AMD SMI, no powercap tree: what a laptop has
  const env: Record<string, string | undefined> = { ...process.env, OUT: out, POWER_LOG_NVIDIA_SMI: '/nonexistent/nvidia-smi', POWER_LOG_NVML: 'off', POWER_LOG_AMDSMI: 'off', POWER_LOG_POWERCAP_ROOT: '/nonexistent' };
  delete env.POWER_LOG_STAND_IN;
  const r = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
  expect(r.code).toBe(2);
  expect(r.stderr).toContain('no energy source present');
  expect(r.stderr).toContain('to try the workflow without a GPU, pass --stand-in nvidia (or amd)');
  expect(r.stderr).not.toContain('j2g '); // no later step ran
  expect(existsSync(join(out, 'runs-a.csv'))).toBe(false);
}, 60_000);
