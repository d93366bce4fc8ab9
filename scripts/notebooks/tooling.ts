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
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, watch, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { J2GError } from '../../kernel-lib/errors.ts';

/**
 * Compile kernel-lib for the tslab kernel (notebooks/tsconfig.kernel-lib.json) so that notebooks
 * import it from `<repo>/build/kernel-lib/`, and link build/data to data/, so that the library's own
 * paths (`new URL('../../data/...', import.meta.url)`) resolve from the compiled copy as from the sources.
 *
 * Never half-built, whoever else is building: each state of the sources compiles into its own
 * directory, `build/kernel-lib-<hash of the sources>/`, written under a temporary name and renamed
 * when complete, and `build/kernel-lib` is a symbolic link to the current one, replaced in one rename.
 * A running `npm run lab` watcher and a test or reproduce run can build at the same time: each sees
 * a whole library (Node resolves the link once, then loads every module from that one directory).
 * Sources that were compiled before are not compiled again. Returns the versioned directory.
 */
export function buildNotebookLib(repoRoot: string): string {
  const b = libBuild(repoRoot);
  if (b.tscArgs) {
    try {
      execFileSync(process.execPath, b.tscArgs, { stdio: 'inherit' });
      b.complete();
    } finally {
      b.cleanup();
    }
  }
  return b.link();
}

/**
 * buildNotebookLib with the compiler in a child process that does not block this one (reproduce
 * computes its tables and figures meanwhile). Rejects when the compiler fails.
 */
export async function buildNotebookLibAsync(repoRoot: string): Promise<string> {
  const b = libBuild(repoRoot);
  if (b.tscArgs) {
    try {
      const args = b.tscArgs;
      const code = await new Promise<number | null>((resolveCode, reject) => {
        spawn(process.execPath, args, { stdio: 'inherit' }).on('error', reject).on('close', resolveCode);
      });
      if (code !== 0) throw new Error(`kernel-lib did not compile for the notebooks: tsc exited with status ${code}`);
      b.complete();
    } finally {
      b.cleanup();
    }
  }
  return b.link();
}

/** The steps of buildNotebookLib around the compiler run: `tscArgs` null when this state of the sources is built already. */
function libBuild(repoRoot: string): { tscArgs: string[] | null; complete(): void; cleanup(): void; link(): string } {
  const build = join(repoRoot, 'build');
  mkdirSync(build, { recursive: true });
  const version = `kernel-lib-${sourcesHash(repoRoot)}`;
  const target = join(build, version);
  const tmp = join(build, `.${version}.tmp-${process.pid}-${Date.now()}`);
  const built = existsSync(join(target, COMPLETE));
  return {
    tscArgs: built ? null : [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', join(repoRoot, 'notebooks/tsconfig.kernel-lib.json'), '--outDir', tmp],
    complete() {
      writeFileSync(join(tmp, COMPLETE), `${version}\n`);
      try {
        renameSync(tmp, target);
      } catch (e) {
        // another build of the same sources finished first: its copy is the same library
        if (!['ENOTEMPTY', 'EEXIST'].includes((e as NodeJS.ErrnoException).code ?? '')) throw e;
      }
    },
    cleanup: () => rmSync(tmp, { recursive: true, force: true }),
    link() {
      pointLink(join(build, 'kernel-lib'), version);
      pointLink(join(build, 'data'), '../data');
      removeOldBuilds(build, version);
      return target;
    },
  };
}

const COMPLETE = '.complete';

/** sha256 (first 16 hex digits) of the compiler settings and every kernel-lib source, path and content. */
function sourcesHash(repoRoot: string): string {
  const h = createHash('sha256');
  const tsVersion = JSON.parse(readFileSync(join(repoRoot, 'node_modules/typescript/package.json'), 'utf8')).version;
  h.update(`typescript ${tsVersion}\0`);
  for (const f of ['tsconfig.json', 'notebooks/tsconfig.kernel-lib.json']) h.update(`${f}\0${readFileSync(join(repoRoot, f))}\0`);
  const walk = (dir: string): string[] => readdirSync(join(repoRoot, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : []));
  for (const f of walk('kernel-lib').sort()) h.update(`${f}\0${readFileSync(join(repoRoot, f))}\0`);
  return h.digest('hex').slice(0, 16);
}

/** Make `link` a symbolic link to `to` in one rename (a real directory left by an older layout is removed first). */
function pointLink(link: string, to: string): void {
  try {
    if (lstatSync(link).isSymbolicLink()) {
      if (readlinkSync(link) === to) return;
    } else rmSync(link, { recursive: true, force: true });
  } catch {
    // no link yet
  }
  const tmp = `${link}.link-${process.pid}-${Date.now()}`;
  symlinkSync(to, tmp, 'dir');
  renameSync(tmp, link);
}

/** Keep the current build and the two newest others (a kernel started on one of them may still load from it). */
function removeOldBuilds(build: string, current: string): void {
  const old = readdirSync(build).filter((f) => /^kernel-lib-[0-9a-f]{16}$/.test(f) && f !== current)
    .map((f) => ({ f, t: statSync(join(build, f)).mtimeMs })).sort((a, b) => b.t - a.t);
  for (const { f } of old.slice(2)) rmSync(join(build, f), { recursive: true, force: true });
}

/**
 * Rebuild the notebook library whenever a kernel-lib source changes (npm run lab), each build whole
 * as buildNotebookLib makes it; a failed compile is reported and the previous build stays current.
 */
export function watchNotebookLib(repoRoot: string, log: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): () => void {
  let timer: NodeJS.Timeout | null = null;
  const rebuild = () => {
    timer = null;
    try {
      const dir = buildNotebookLib(repoRoot);
      log(`kernel-lib rebuilt: ${relative(repoRoot, dir)} (restart the kernel to use it)`);
    } catch (e) {
      log(`kernel-lib did not compile: ${(e as Error).message.split('\n')[0]}`);
    }
  };
  const watcher = watch(join(repoRoot, 'kernel-lib'), { recursive: true }, (_event, file) => {
    if (!file || !String(file).endsWith('.ts')) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(rebuild, 300);
  });
  return () => watcher.close();
}

/**
 * The kernelspec `tslab` for this checkout, written under `jupyterDir/kernels/tslab`: tslab started by
 * scripts/tslab-kernel.cjs (its TypeScript compiler loaded with a V8 code cache) on this Node. Returns
 * JUPYTER_PATH.
 */
export function registerKernel(repoRoot: string, jupyterDir: string): string {
  const dir = join(jupyterDir, 'kernels', 'tslab');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'kernel.json'), JSON.stringify({
    argv: [process.execPath, resolve(repoRoot, 'scripts/tslab-kernel.cjs'), 'kernel', '--config-path', '{connection_file}'],
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

/**
 * The Python both runners share: a notebook client on the tslab kernel, and what is done with an
 * executed notebook (the failing cell, execution counts, the signature, the file written whole).
 */
const PY_EXECUTE = String.raw`
import sys, json, os, nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

def make_client(nb, cwd, timeout):
    # a busy machine can take over a minute to start a kernel (nbclient's default wait is 60 s)
    return NotebookClient(nb, kernel_name='tslab', timeout=timeout, startup_timeout=300, resources={'metadata': {'path': cwd}})

def finish(nb, dest, sign, cell_failed):
    failed = None
    if cell_failed:
        # the failing cell is the last one that ran
        ran = [i for i, c in enumerate(nb.cells) if c.cell_type == 'code' and c.get('outputs') is not None and c.get('execution_count') is not None]
        last = ran[-1] if ran else 0
        cell = nb.cells[last]
        text = ''.join(o.get('text', '') for o in cell.get('outputs', []) if o.get('output_type') == 'stream')
        failed = {'cell': last, 'source': cell.source, 'output': text}
    # Execution counts: In [1], In [2], ... in the order the cells ran (the kernel's own when it gives them).
    code = [c for c in nb.cells if c.cell_type == 'code']
    if failed is None and any(c.get('execution_count') is None for c in code):
        for i, c in enumerate(code):
            c['execution_count'] = i + 1
    # Trusted: signed with this user's Jupyter secret, so that lab renders the outputs (SVG, HTML) live.
    signed = False
    if sign:
        try:
            from nbformat.sign import NotebookNotary
            NotebookNotary().sign(nb)
            signed = True
        except Exception as e:
            sys.stderr.write('notebook not signed: %s\n' % e)
    # whole or not at all: a temporary sibling, then a rename
    tmp = os.path.join(os.path.dirname(dest) or '.', '.' + os.path.basename(dest) + '.' + str(os.getpid()) + '.tmp')
    try:
        nbformat.write(nb, tmp)
        os.replace(tmp, dest)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)
    return {'failed': failed, 'signed': signed}
`;

const RUNNER = String.raw`${PY_EXECUTE}
src, dest, cwd, timeout, sign = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5] == '1'
nb = nbformat.read(src, as_version=4)
client = make_client(nb, cwd, timeout)
cell_failed = False
try:
    client.execute()
except CellExecutionError:
    cell_failed = True
print(json.dumps(finish(nb, dest, sign, cell_failed)))
`;

export interface NotebookRun {
  notebook: string;
  ok: boolean;
  seconds: number;
  /** on failure: the cell (0-based), its source and its stream output; or why nothing ran */
  error?: string;
  /** whether the written notebook is signed (trusted) with this user's Jupyter secret */
  signed?: boolean;
}

/**
 * Execute notebook `src` headless with the tslab kernel (found through options.env.JUPYTER_PATH) and
 * write it, with its outputs and execution counts, to `dest` (whole or not at all), signed as trusted
 * unless `sign` is false.
 */
export async function executeNotebook(src: string, dest: string, options: { env?: NodeJS.ProcessEnv; timeoutS?: number; python?: string; sign?: boolean } = {}): Promise<NotebookRun> {
  const t0 = performance.now();
  const cwd = resolve(src, '..');
  const python = options.python ?? jupyterPython(options.env);
  const { code, stdout, stderr } = await run(python, ['-c', RUNNER, src, dest, cwd, String(options.timeoutS ?? 600), options.sign === false ? '0' : '1'], { ...process.env, ...options.env });
  const seconds = (performance.now() - t0) / 1000;
  const notebook = src;
  if (code !== 0) {
    const missing = /No module named '?(nbclient|nbformat)/.test(stderr) || /ENOENT/.test(stderr);
    return { notebook, ok: false, seconds, error: missing ? INSTALL_JUPYTER_HINT : lastLines(stderr, 15) };
  }
  const line = stdout.trim().split('\n').pop() ?? '{}';
  const { failed, signed } = JSON.parse(line) as { failed: { cell: number; source: string; output: string } | null; signed: boolean };
  if (!failed) return { notebook, ok: true, seconds, signed };
  return { notebook, ok: false, seconds, error: `cell ${failed.cell + 1} failed:\n${indent(failed.source)}\n${indent(lastLines(failed.output, 20))}` };
}

const PY_TO_HTML = String.raw`
import os

_exporter = None

def html_exporter():
    # One exporter for every notebook of the process (its templates compiled once; the same pages).
    global _exporter
    if _exporter is None:
        from nbconvert import HTMLExporter
        from traitlets.config import Config
        # A figure's output is text/html (the live plot, with its PNG inside as the fallback) beside
        # image/png; no SVG is sent any more (nbconvert 6.5 prefers it to the PNG and its clean_html filter
        # blanks it), but a notebook saved by an older version may carry one: the PNG goes before it.
        c = Config()
        c.NbConvertBase.display_data_priority = ['application/vnd.jupyter.widget-view+json', 'application/javascript', 'text/html', 'text/markdown',
            'image/png', 'image/jpeg', 'image/svg+xml', 'text/latex', 'text/plain']
        # Validate the notebook once, after the preprocessors, not after each of the eleven: nbformat
        # 5.5 compiles a fresh relaxed schema validator for every validation (90% of the export's time;
        # the pages are the same).
        c.HTMLExporter.optimistic_validation = True
        _exporter = HTMLExporter(config=c)
    return _exporter

def to_html(src, dest):
    import nbformat
    body, _ = html_exporter().from_notebook_node(nbformat.read(src, as_version=4))
    tmp = dest + '.' + str(os.getpid()) + '.tmp'
    with open(tmp, 'w', encoding='utf-8') as f:
        f.write(body)
    os.replace(tmp, dest)
`;

const TO_HTML = String.raw`${PY_TO_HTML}
import sys
to_html(sys.argv[1], sys.argv[2])
`;

/**
 * An executed notebook as one static HTML page: nbconvert's HTML exporter with the PNG of a figure
 * preferred to its SVG (nbconvert's own order puts the SVG first and then strips its elements, which
 * leaves blank space where each figure should be).
 */
export async function notebookToHtml(ipynb: string, html: string, options: { python?: string; env?: NodeJS.ProcessEnv } = {}): Promise<void> {
  const { code, stderr } = await run(options.python ?? jupyterPython(options.env), ['-c', TO_HTML, ipynb, html], { ...process.env, ...options.env });
  if (code !== 0) throw htmlError(ipynb, stderr);
}

const WORKER = String.raw`${PY_EXECUTE}
${PY_TO_HTML}
import asyncio, time, traceback

# One kernel starts at a time: with two starting at once in this process, one kernel once never
# answered nbclient's kernel_info within the 300 s wait (1 run in about 14). A start that does not
# answer in 120 s is killed and tried once more (300 s). async_execute then uses the started kernel.
START = asyncio.Lock()

async def start_kernel(client):
    async with START:
        for wait in (120, 300):
            client.startup_timeout = wait
            client.km = client.create_kernel_manager()
            try:
                await client.async_start_new_kernel()
                await client.async_start_new_kernel_client()
                return
            except RuntimeError:
                # async_start_new_kernel_client has shut the kernel down and cleared km and kc
                client.km = None
                client.kc = None
                if wait == 300:
                    raise

async def job(j):
    r = {'id': j['id']}
    try:
        t0 = time.monotonic()
        nb = nbformat.read(j['src'], as_version=4)
        client = make_client(nb, j['cwd'], j['timeout'])
        await start_kernel(client)
        cell_failed = False
        try:
            await client.async_execute()
        except CellExecutionError:
            cell_failed = True
        r.update(finish(nb, j['dest'], j['sign'], cell_failed))
        r['seconds'] = time.monotonic() - t0
        if j.get('html') and r['failed'] is None:
            try:
                to_html(j['dest'], j['html'])
            except Exception:
                r['html_error'] = traceback.format_exc()
    except Exception:
        r['error'] = traceback.format_exc()
    sys.stdout.write('J2G-RESULT ' + json.dumps(r) + '\n')
    sys.stdout.flush()

async def main():
    loop = asyncio.get_running_loop()
    running = set()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            break
        t = asyncio.create_task(job(json.loads(line)))
        running.add(t)
        t.add_done_callback(running.discard)
    await asyncio.gather(*running)

asyncio.run(main())
`;

/** A Python process that executes notebooks sent to it, several at a time (startNotebookWorker). */
export interface NotebookWorker {
  /**
   * Execute `src` into `dest` as executeNotebook does and, when it ran without error and `html` is
   * given, write it as HTML there as notebookToHtml does. Notebooks sent before the previous ones
   * finished run at the same time, each with its own kernel.
   */
  run(src: string, dest: string, options?: { html?: string }): Promise<NotebookRun>;
  /** Wait for the notebooks sent, then end the process. */
  close(): Promise<void>;
  /** Stop now: the notebooks still running are interrupted (their kernels shut down) and answered as failed. */
  kill(): void;
}

/**
 * One Python process for many notebooks: execute, sign, write and convert to HTML each notebook sent
 * to it, concurrently (nbclient's async client), with the same results as executeNotebook followed by
 * notebookToHtml but without starting Python and importing nbclient and nbconvert twice per notebook
 * (about 0.8 s of CPU each). The kernels get `options.env` (set for the process: the same for every
 * notebook). A failed HTML conversion rejects that notebook's promise with the J2GError notebookToHtml
 * throws; a worker that dies answers every notebook still running with its stderr.
 */
export function startNotebookWorker(options: { env?: NodeJS.ProcessEnv; timeoutS?: number; python?: string; sign?: boolean } = {}): NotebookWorker {
  const python = options.python ?? jupyterPython(options.env);
  // a variable given as undefined is left out (so a caller can keep one of its own shell's from the kernels)
  const env = { ...process.env, ...options.env };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  const child = spawn(python, ['-c', WORKER], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const pending = new Map<number, { notebook: string; dest: string; t0: number; resolve: (r: NotebookRun) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let stderr = '';
  let stdout = '';
  let exited: string | null = null;
  const settle = (line: string) => {
    if (!line.startsWith('J2G-RESULT ')) return;
    const r = JSON.parse(line.slice('J2G-RESULT '.length)) as { id: number; failed?: { cell: number; source: string; output: string } | null; signed?: boolean; seconds?: number; error?: string; html_error?: string };
    const p = pending.get(r.id);
    if (!p) return;
    pending.delete(r.id);
    const seconds = r.seconds ?? (performance.now() - p.t0) / 1000;
    if (r.error !== undefined) p.resolve({ notebook: p.notebook, ok: false, seconds, error: lastLines(r.error, 15) });
    else if (r.failed) p.resolve({ notebook: p.notebook, ok: false, seconds, error: `cell ${r.failed.cell + 1} failed:\n${indent(r.failed.source)}\n${indent(lastLines(r.failed.output, 20))}` });
    else if (r.html_error !== undefined) p.reject(htmlError(p.dest, r.html_error));
    else p.resolve({ notebook: p.notebook, ok: true, seconds, signed: r.signed });
  };
  child.stdout.on('data', (d) => {
    stdout += d;
    const lines = stdout.split('\n');
    stdout = lines.pop()!;
    for (const l of lines) settle(l);
  });
  // kept short: only its end is shown when the worker dies
  child.stderr.on('data', (d) => (stderr = `${stderr}${d}`.slice(-20000)));
  const ended = new Promise<void>((resolveEnded) => {
    const end = (why: string) => {
      if (exited !== null) return;
      exited = why;
      const missing = /No module named '?(nbclient|nbformat)/.test(stderr) || /ENOENT/.test(why);
      for (const p of pending.values()) p.resolve({ notebook: p.notebook, ok: false, seconds: (performance.now() - p.t0) / 1000, error: missing ? INSTALL_JUPYTER_HINT : lastLines(`${stderr}${why}`, 15) });
      pending.clear();
      resolveEnded();
    };
    child.on('error', (e) => end(`${e.message} (ENOENT)`));
    child.on('close', (code) => end(code ? `notebook worker exited with status ${code}` : ''));
  });
  return {
    run(src, dest, runOptions = {}) {
      return new Promise((resolveRun, rejectRun) => {
        if (exited !== null) {
          resolveRun({ notebook: src, ok: false, seconds: 0, error: lastLines(`${stderr}${exited || 'notebook worker closed'}`, 15) });
          return;
        }
        const id = nextId++;
        pending.set(id, { notebook: src, dest, t0: performance.now(), resolve: resolveRun, reject: rejectRun });
        child.stdin.write(`${JSON.stringify({ id, src, dest, cwd: resolve(src, '..'), timeout: options.timeoutS ?? 600, sign: options.sign !== false, html: runOptions.html ?? null })}\n`);
      });
    },
    async close() {
      child.stdin.end();
      await ended;
    },
    kill() {
      child.stdin.end();
      // SIGINT: Python cancels the running notebooks, and nbclient shuts their kernels down
      if (exited === null) child.kill('SIGINT');
    },
  };
}

function htmlError(ipynb: string, stderr: string): J2GError {
  const missing = /No module named '?nbconvert/.test(stderr);
  return new J2GError(missing ? `cannot convert ${ipynb} to HTML: install nbconvert (Debian/Ubuntu: apt-get install -y jupyter-nbconvert; elsewhere: pip install nbconvert)` : `cannot convert ${ipynb} to HTML:\n${lastLines(stderr, 15)}`);
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
