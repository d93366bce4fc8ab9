/**
 * The notebooks' library and kernel: kernel-lib compiled for the tslab kernel, and the kernel registered
 * privately (a kernelspec named `tslab` pointing at this checkout's scripts/tslab-kernel.cjs, written
 * under `<jupyterDir>/kernels/tslab/` and found through JUPYTER_PATH), so a clone anywhere runs its own
 * kernel and nothing is installed system-wide. Execution is execute.ts's (Node, no Python).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, watch, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

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

/**
 * A Python that imports every module of `modules` (for the optional Jupyter checks and `npm run lab`):
 * $J2G_PYTHON when set (and then only it), else python3 on PATH, else /usr/bin/python3. Null when none does.
 */
export function jupyterPythonFor(modules: readonly string[], env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = env.J2G_PYTHON ? [env.J2G_PYTHON] : ['python3', '/usr/bin/python3', 'python'];
  for (const py of candidates) {
    const r = spawnSync(py, ['-c', `import ${modules.join(', ')}`], { stdio: 'ignore', env });
    if (r.status === 0) return py;
  }
  return null;
}
