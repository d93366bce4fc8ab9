/**
 * `npm run lab` starts the Jupyter a user has, wherever it lives: J2G_JUPYTER, else J2G_PYTHON (a venv,
 * conda or pyenv Python), else the first jupyter-lab / jupyter-notebook on PATH (an activated venv first),
 * else python3 -m jupyterlab / notebook; with none, one line saying where it looked and what to do.
 * Checked with stand-in executables (J2G_LAB_DRY_RUN=1 prints the choice and stops before building).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

/** A folder of stand-in executables: each answers --version (exit 0) unless it is listed in `failing`. */
function standIns(names: string[], failing: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'j2g-lab-'));
  mkdirSync(join(dir, 'bin'));
  for (const n of names) {
    const f = join(dir, 'bin', n);
    // a stand-in python answers `-m MODULE --version` only for the modules it "has"
    writeFileSync(f, n.startsWith('python')
      ? `#!/bin/sh\ncase "$2" in jupyterlab) ${failing.includes(`${n}:jupyterlab`) ? 'exit 1' : 'exit 0'};; notebook) exit 0;; *) exit 1;; esac\n`
      : `#!/bin/sh\n${failing.includes(n) ? 'exit 1' : 'exit 0'}\n`);
    chmodSync(f, 0o755);
  }
  return join(dir, 'bin');
}

function lab(env: NodeJS.ProcessEnv, args: string[] = []): { code: number | null; out: string } {
  const r = spawnSync('/bin/bash', [join(ROOT, 'scripts/lab.sh'), ...args], { cwd: ROOT, encoding: 'utf8', env: { PATH: nodeDir, HOME: process.env.HOME, J2G_LAB_DRY_RUN: '1', ...env } });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

// A PATH without any system Jupyter: node (lab.sh checks its version) and the few tools the script uses.
const nodeDir = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'j2g-lab-tools-'));
  for (const [n, target] of [['node', process.execPath], ...['basename', 'dirname', 'id'].map((t) => [t, `/usr/bin/${t}`])]) symlinkSync(target, join(dir, n));
  return dir;
})();

describe('npm run lab finds the Jupyter a user has', () => {
  it('takes the jupyter-lab of a venv that is first on PATH, and passes Jupyter its arguments', () => {
    const venv = standIns(['jupyter-lab', 'jupyter-notebook']);
    const r = lab({ PATH: `${venv}:${nodeDir}` }, ['--port', '9000']);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain(`npm run lab would run: ${venv}/jupyter-lab --port 9000`);
  });

  it('prefers J2G_PYTHON (a conda or pyenv Python) to PATH, with JupyterLab when it has it, else the Notebook', () => {
    const path = standIns(['jupyter-lab']);
    const conda = standIns(['python3.12']);
    expect(lab({ PATH: `${path}:${nodeDir}`, J2G_PYTHON: `${conda}/python3.12` }).out).toContain(`would run: ${conda}/python3.12 -m jupyterlab`);
    const old = standIns(['python3.9'], ['python3.9:jupyterlab']);
    expect(lab({ PATH: nodeDir, J2G_PYTHON: `${old}/python3.9` }).out).toContain(`would run: ${old}/python3.9 -m notebook`);
  });

  it('prefers J2G_JUPYTER to everything, and refuses one that does not run, naming it', () => {
    const path = standIns(['jupyter-lab']);
    const mine = standIns(['jupyter-notebook']);
    expect(lab({ PATH: `${path}:${nodeDir}`, J2G_JUPYTER: `${mine}/jupyter-notebook`, J2G_PYTHON: '/nonexistent' }).out).toContain(`would run: ${mine}/jupyter-notebook`);
    const broken = standIns(['jupyter-lab'], ['jupyter-lab']);
    const r = lab({ PATH: nodeDir, J2G_JUPYTER: `${broken}/jupyter-lab` });
    expect(r.code).toBe(1);
    expect(r.out).toContain(`J2G_JUPYTER=${broken}/jupyter-lab does not run`);
  });

  it('says in one line where it looked and how to go on when there is no Jupyter', () => {
    const empty = standIns([]);
    const r = lab({ PATH: `${empty}:${nodeDir}` });
    expect(r.code).toBe(1);
    expect(r.out.trim().split('\n')).toHaveLength(1);
    expect(r.out).toMatch(/no Jupyter found \(looked at J2G_JUPYTER, J2G_PYTHON, jupyter-lab and jupyter-notebook on PATH/);
    expect(r.out).toContain('npm run notebook -- NAME');
  });
});
