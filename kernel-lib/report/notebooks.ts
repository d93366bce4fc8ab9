/**
 * Headless notebook execution with the project's tslab kernel, through Jupyter's nbclient (Python).
 *
 * The kernel is registered privately: a kernelspec named `tslab` pointing at this checkout's
 * node_modules/.bin/tslab is written under `<jupyterDir>/kernels/tslab/` and found through
 * JUPYTER_PATH, so a clone anywhere runs its own kernel and nothing is installed system-wide.
 *
 * tslab reports a failing cell with an empty error name and message (the details go to the cell's
 * stderr stream), so on failure the runner prints that cell's stream output.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Compile kernel-lib to <repo>/build/kernel-lib for the tslab kernel (notebooks/tsconfig.kernel-lib.json),
 * and link build/data to data/, so that the library's own paths (`new URL('../../data/...',
 * import.meta.url)`) resolve from the compiled copy as from the sources.
 */
export function buildNotebookLib(repoRoot: string): void {
  execFileSync(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', join(repoRoot, 'notebooks/tsconfig.kernel-lib.json')], { stdio: 'inherit' });
  const link = join(repoRoot, 'build', 'data');
  try {
    if (lstatSync(link).isSymbolicLink()) return;
    rmSync(link, { recursive: true, force: true });
  } catch {
    // no link yet
  }
  symlinkSync('../data', link, 'dir');
}

/** The kernelspec `tslab` for this checkout, written under `jupyterDir/kernels/tslab`. Returns JUPYTER_PATH. */
export function registerKernel(repoRoot: string, jupyterDir: string): string {
  const dir = join(jupyterDir, 'kernels', 'tslab');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'kernel.json'), JSON.stringify({
    argv: [resolve(repoRoot, 'node_modules/.bin/tslab'), 'kernel', '--config-path', '{connection_file}'],
    display_name: 'TypeScript (joules-to-gdp)',
    language: 'typescript',
  }, null, 2) + '\n');
  return resolve(jupyterDir);
}

/** The Python that has Jupyter's nbclient: $J2G_PYTHON, else Debian's /usr/bin/python3, else python3. */
export function jupyterPython(env: NodeJS.ProcessEnv = process.env): string {
  return env.J2G_PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
}

/** Whether the Jupyter Python can run notebooks (nbclient, nbformat and jupyter_client import). */
export function jupyterAvailable(env: NodeJS.ProcessEnv = process.env): boolean {
  const r = spawnSync(jupyterPython(env), ['-c', 'import nbclient, nbformat, jupyter_client'], { stdio: 'ignore' });
  return r.status === 0;
}

export const INSTALL_JUPYTER_HINT =
  'install Jupyter for notebook execution (Debian/Ubuntu: apt-get install -y jupyter-client jupyter-nbconvert python3-nbclient jupyter-notebook; elsewhere: pip install nbclient nbformat jupyter-client) or set J2G_PYTHON to a Python that has nbclient';

const RUNNER = String.raw`
import sys, json, os, nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
src, dest, cwd, timeout = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
nb = nbformat.read(src, as_version=4)
client = NotebookClient(nb, kernel_name='tslab', timeout=timeout, resources={'metadata': {'path': cwd}})
failed = None
try:
    client.execute()
except CellExecutionError:
    # the failing cell is the last one that ran
    ran = [i for i, c in enumerate(nb.cells) if c.cell_type == 'code' and c.get('outputs') is not None and c.get('execution_count') is not None]
    last = ran[-1] if ran else 0
    cell = nb.cells[last]
    text = ''.join(o.get('text', '') for o in cell.get('outputs', []) if o.get('output_type') == 'stream')
    failed = {'cell': last, 'source': cell.source, 'output': text}
# whole or not at all: a temporary sibling, then a rename
tmp = os.path.join(os.path.dirname(dest) or '.', '.' + os.path.basename(dest) + '.' + str(os.getpid()) + '.tmp')
try:
    nbformat.write(nb, tmp)
    os.replace(tmp, dest)
finally:
    if os.path.exists(tmp):
        os.remove(tmp)
print(json.dumps({'failed': failed}))
`;

export interface NotebookRun {
  notebook: string;
  ok: boolean;
  seconds: number;
  /** on failure: the cell (0-based), its source and its stream output; or why nothing ran */
  error?: string;
}

export async function executeNotebook(src: string, dest: string, options: { env?: NodeJS.ProcessEnv; timeoutS?: number; python?: string } = {}): Promise<NotebookRun> {
  const t0 = performance.now();
  const cwd = resolve(src, '..');
  const python = options.python ?? jupyterPython(options.env);
  const { code, stdout, stderr } = await run(python, ['-c', RUNNER, src, dest, cwd, String(options.timeoutS ?? 600)], { ...process.env, ...options.env });
  const seconds = (performance.now() - t0) / 1000;
  const notebook = src;
  if (code !== 0) {
    const missing = /No module named '?(nbclient|nbformat)/.test(stderr) || /ENOENT/.test(stderr);
    return { notebook, ok: false, seconds, error: missing ? INSTALL_JUPYTER_HINT : lastLines(stderr, 15) };
  }
  const line = stdout.trim().split('\n').pop() ?? '{}';
  const { failed } = JSON.parse(line) as { failed: { cell: number; source: string; output: string } | null };
  if (!failed) return { notebook, ok: true, seconds };
  return { notebook, ok: false, seconds, error: `cell ${failed.cell + 1} failed:\n${indent(failed.source)}\n${indent(lastLines(failed.output, 20))}` };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (e) => resolvePromise({ code: 127, stdout, stderr: `${stderr}${e.message} (ENOENT)` }));
    child.on('close', (code) => resolvePromise({ code: code ?? 1, stdout, stderr }));
  });
}

function lastLines(s: string, n: number): string {
  return s.trimEnd().split('\n').slice(-n).join('\n');
}

function indent(s: string): string {
  return s.split('\n').map((l) => `    ${l}`).join('\n');
}
