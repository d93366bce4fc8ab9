/**
 * Notebooks headless, with nothing to run before:
 *
 *   npm run notebook -- NAME [--data DIR] [--draws N] [--out DIR]
 *       execute notebooks/NAME.ipynb (NAME: `07`, `07-judges` or the file name) into
 *       out/notebooks/NAME.ipynb (outputs, execution counts, signed as trusted) and NAME.html;
 *       the dataset and draws are the notebook's own unless --data / --draws say otherwise (a
 *       J2G_DATA or J2G_DRAWS left in the shell is not used)
 *   npm run notebooks:executed [-- NAME...] [--force]
 *       regenerate the committed executed copies, notebooks/executed/NAME.ipynb, on the notebooks'
 *       own parameters; a copy whose outputs still agree with the code is left as it is (--force
 *       rewrites it), so the repository only changes when a number does
 *   npm run notebooks:check [-- NAME...]
 *       execute again and fail (exit 1) listing every output of a committed copy that differs from
 *       what the code produces now, or a notebook without a copy (kernel-lib/report/notebookDrift.ts)
 *
 * Each run compiles kernel-lib for the kernel (buildNotebookLib: skipped when the sources did not
 * change) and registers the project's tslab kernel privately; one Chromium renders every figure.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { J2GError } from '../kernel-lib/errors.ts';
import { nearest, parseArgs, positiveInt } from '../kernel-lib/cli/args.ts';
import { writeFileAtomic } from '../kernel-lib/io/atomic.ts';
import { checkOutput } from '../kernel-lib/io/outputDir.ts';
import { BrowserUnavailableError, RENDER_URL_ENV, staticRenderer, startRenderServer } from '../kernel-lib/export/index.ts';
import { formatNotebook } from './notebooks/format.ts';
import { buildNotebookLib, executedCopy, killAllKernels, notebookDrift, registerKernel, startNotebookWorker, type NotebookJson, type NotebookRun } from './notebooks/index.ts';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const NOTEBOOKS = join(ROOT, 'notebooks');
export const EXECUTED = join(NOTEBOOKS, 'executed');

/** The notebooks' file names, sorted. */
export function notebookNames(dir = NOTEBOOKS): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.ipynb')).sort();
}

/** `07`, `07-judges`, `07-judges.ipynb` or `notebooks/07-judges.ipynb` -> `07-judges.ipynb`; a J2GError with the nearest name otherwise. */
export function resolveNotebook(given: string, names = notebookNames()): string {
  const g = basename(given).replace(/\.ipynb$/, '');
  if (names.includes(`${g}.ipynb`)) return `${g}.ipynb`;
  const numbered = names.filter((n) => n.startsWith(`${g}-`));
  if (numbered.length === 1) return numbered[0];
  const stems = names.map((n) => n.replace(/\.ipynb$/, ''));
  const near = nearest(g, stems) ?? nearest(g, stems.map((s) => s.replace(/^\d+[a-z]?-/, '')));
  const suggestion = near ? ` (did you mean ${stems.find((s) => s === near || s.endsWith(`-${near}`))}?)` : '';
  throw new J2GError(`no notebook ${given}${suggestion}; expected one of: ${stems.join(', ')}`);
}

export interface RunOptions {
  /** dataset directory for every notebook (J2G_DATA); default: each notebook's parameters cell */
  data?: string;
  /** bootstrap draws (J2G_DRAWS) */
  draws?: number;
  /** sign the executed notebooks (trusted in this user's Jupyter); default true */
  sign?: boolean;
  jobs?: number;
  log?: (line: string) => void;
  /** also write each executed notebook's HTML beside it */
  html?: boolean;
  /** where the notebooks are read from (default notebooks/); one level below the repository root, as their relative paths expect */
  from?: string;
}

/**
 * Execute `names` into `dir`, `jobs` at a time (default: one per core), each with its own kernel, and
 * one shared Chromium for all their figures, writing each one's HTML beside it too when `html` is set.
 */
export async function runNotebooks(names: readonly string[], dir: string, options: RunOptions = {}): Promise<NotebookRun[]> {
  const log = options.log ?? ((l: string) => process.stderr.write(`${l}\n`));
  buildNotebookLib(ROOT);
  mkdirSync(dir, { recursive: true });
  const jupyterDir = mkdtempSync(join(tmpdir(), 'j2g-jupyter-'));
  const renderer = await staticRenderer().catch((e) => {
    if (e instanceof BrowserUnavailableError) {
      log(`  (figures without PNG/SVG: ${e.message})`);
      return null;
    }
    throw e;
  });
  const server = renderer ? await startRenderServer(renderer) : null;
  // the notebooks' own parameters unless asked otherwise: no J2G_DATA or J2G_DRAWS from the caller's shell
  const env = {
    JUPYTER_PATH: registerKernel(ROOT, jupyterDir), TZ: 'UTC',
    ...(server ? { [RENDER_URL_ENV]: server.url } : {}),
    J2G_DATA: options.data ? resolve(options.data) : undefined,
    J2G_DRAWS: options.draws ? String(options.draws) : undefined,
  };
  const worker = startNotebookWorker({ env, sign: options.sign });
  try {
    const runs: NotebookRun[] = new Array(names.length);
    let next = 0;
    await Promise.all(Array.from({ length: Math.min(options.jobs ?? availableParallelism(), names.length) }, async () => {
      while (next < names.length) {
        const i = next++;
        const dest = join(dir, names[i]);
        const r = await worker.run(join(options.from ?? NOTEBOOKS, names[i]), dest, options.html ? { html: dest.replace(/\.ipynb$/, '.html') } : {});
        log(`  ${names[i].padEnd(34, '.')} ${r.seconds.toFixed(1).padStart(6)} s  ${r.ok ? 'ok' : 'FAILED'}`);
        if (!r.ok) log(r.error!.split('\n').map((l) => `      ${l}`).join('\n'));
        runs[i] = r;
      }
    }));
    return runs;
  } finally {
    await worker.close();
    await server?.close();
    await renderer?.close();
    rmSync(jupyterDir, { recursive: true, force: true });
  }
}

const readNotebook = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as NotebookJson;

/** nbformat's layout (one-space indent, keys sorted), so that regenerated copies diff line by line. */
export { formatNotebook };

/**
 * The differences of each committed copy in `committedDir` from the fresh execution in `freshDir`,
 * by notebook name (a missing copy is one difference saying so).
 */
export function compareExecuted(names: readonly string[], freshDir: string, committedDir = EXECUTED): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const n of names) {
    const copy = join(committedDir, n);
    if (!existsSync(copy)) out.set(n, [`no executed copy ${relative(ROOT, copy)} (npm run notebooks:executed writes it)`]);
    else out.set(n, notebookDrift(readNotebook(copy), readNotebook(join(freshDir, n))));
  }
  return out;
}

export const NOTEBOOK_HELP = `npm run notebook -- NAME... [--data DIR] [--draws N] [--out DIR] [--jobs N]
  Execute notebooks headless (a Node Jupyter client on this checkout's tslab kernel; no Python) into
  OUT/notebooks/NAME.ipynb (outputs, execution counts, signed so Jupyter trusts it) and NAME.html.
  NAME: 07, 07-judges or notebooks/07-judges.ipynb.
  --data DIR   dataset for every notebook (default: each notebook's parameters cell)
  --draws N    bootstrap draws (default: each notebook's own)
  --out DIR    where notebooks/ is written (default: out)
  --jobs N     notebooks at a time (default: one per core)
npm run notebooks:executed [-- NAME...] [--force]
  Regenerate the committed copies in notebooks/executed/ whose outputs changed (--force: all).
npm run notebooks:check [-- NAME...]
  Execute again and list every output of a committed copy that differs from the code's (exit 1).
Figures are drawn by one headless Chromium (J2G_CHROMIUM, else a system Chrome/Chromium/Edge, else the
one npm installed). Ctrl-C stops every kernel.`;

async function main(argv: string[]): Promise<number> {
  const [mode, ...rest] = argv;
  const log = (l: string) => process.stderr.write(`${l}\n`);
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${NOTEBOOK_HELP}\n`);
    return 0;
  }
  if (mode === 'run') {
    const a = parseArgs(rest, { values: ['data', 'draws', 'out', 'jobs'] });
    if (a.positionals.length === 0) throw new J2GError(`which notebook? npm run notebook -- NAME, NAME one of: ${notebookNames().map((n) => n.replace(/\.ipynb$/, '')).join(', ')}`);
    const names = a.positionals.map((p) => resolveNotebook(p));
    const out = resolve(a.options.out ?? join(ROOT, 'out'), 'notebooks');
    checkOutput('out', resolve(a.options.out ?? join(ROOT, 'out')), { inputs: [['notebooks folder', NOTEBOOKS], ...(a.options.data ? [['dataset', resolve(a.options.data)] as const] : [])], notIntoInputs: { tool: 'notebook' } });
    const runs = await runNotebooks(names, out, {
      data: a.options.data, draws: a.options.draws ? positiveInt('draws', a.options.draws) : undefined,
      jobs: a.options.jobs ? positiveInt('jobs', a.options.jobs) : undefined, log, html: true,
    });
    for (const r of runs.filter((r) => r.ok)) {
      const ipynb = join(out, basename(r.notebook));
      const shown = relative(process.cwd(), ipynb);
      log(`wrote ${shown.startsWith('..') ? ipynb : shown} and .html${r.signed ? ' (trusted)' : ''}`);
    }
    return runs.every((r) => r.ok) ? 0 : 1;
  }
  if (mode === 'executed' || mode === 'check') {
    const a = parseArgs(rest, { values: ['jobs'], flags: mode === 'executed' ? ['force'] : [] });
    const names = a.positionals.length ? a.positionals.map((p) => resolveNotebook(p)) : notebookNames();
    const fresh = mkdtempSync(join(tmpdir(), 'j2g-executed-'));
    try {
      log(`executing ${names.length} notebook(s) on their own parameters`);
      const runs = await runNotebooks(names, fresh, { sign: false, jobs: a.options.jobs ? positiveInt('jobs', a.options.jobs) : undefined, log });
      const failed = runs.filter((r) => !r.ok).map((r) => basename(r.notebook));
      if (failed.length) log(`failed: ${failed.join(', ')}`);
      if (failed.length && mode === 'executed') return 1;
      const ran = names.filter((n) => !failed.includes(n));
      const drift = compareExecuted(ran, fresh);
      if (mode === 'check') {
        const stale = [...drift].filter(([, d]) => d.length);
        for (const [n, d] of stale) log(`${n}: ${d.length} difference(s)\n${d.slice(0, 10).map((l) => `  ${l}`).join('\n')}${d.length > 10 ? `\n  ... and ${d.length - 10} more` : ''}`);
        log(stale.length ? `${stale.length} executed cop${stale.length === 1 ? 'y is' : 'ies are'} out of date: npm run notebooks:executed` : `all ${ran.length} executed copies that ran agree with the code`);
        return stale.length || failed.length ? 1 : 0;
      }
      for (const n of names) {
        if (!a.flags.has('force') && drift.get(n)!.length === 0) {
          log(`  ${n}: unchanged`);
          continue;
        }
        writeFileAtomic(join(EXECUTED, n), formatNotebook(executedCopy(readNotebook(join(fresh, n)), n)));
        log(`  ${n}: written (${drift.get(n)![0] ?? 'forced'})`);
      }
      return 0;
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }
  throw new J2GError(`unknown mode ${mode ?? ''} (expected run, executed or check)`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.once('SIGINT', () => {
    process.stderr.write('notebook: interrupted; kernels stopped\n');
    killAllKernels();
    process.exit(130);
  });
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof J2GError)) throw e;
    process.stderr.write(`notebook: ${e.message}\n`);
    process.exitCode = 2;
  }
}
