/**
 * Headless notebook execution in Node (no Python): each notebook gets its own kernel, started from the
 * kernelspec its metadata names (found on JUPYTER_PATH, where registerKernel puts this checkout's tslab),
 * runs every code cell in order through KernelClient, and is written as nbformat 4.5 (outputs, execution
 * counts, the kernel's language_info), whole or not at all, signed so that Jupyter trusts it.
 *
 * A cell that fails stops its notebook: the result names the cell (1-based among all cells), its source
 * and what it printed (tslab reports a failure with an empty error and the details on stderr), and the
 * notebook is written as far as it ran (unsigned, no HTML) so the failure can be read in Jupyter. A kernel
 * that dies or a cell that runs past its timeout is named the same way, and nothing is written.
 */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { writeFileAtomic, writeFilesAtomic } from '../../kernel-lib/io/atomic.ts';
import { formatNotebook, pySplitLines } from './format.ts';
import { notebookHtml } from './html.ts';
import { findKernelSpec, KernelClient, type KernelOutput } from './kernelClient.ts';
import { signNotebook } from './sign.ts';
import type { NotebookCell, NotebookJson } from './drift.ts';

export interface NotebookRun {
  notebook: string;
  ok: boolean;
  seconds: number;
  /** on failure: the cell (1-based), its source and its output; or why nothing ran */
  error?: string;
  /** whether the written notebook is signed (trusted) with this user's Jupyter secret */
  signed?: boolean;
}

export interface ExecuteOptions {
  /** the kernels' environment, over this process's (JUPYTER_PATH must lead to the kernelspec); a key given as undefined is removed */
  env?: NodeJS.ProcessEnv;
  /** seconds one cell may run (default 600) */
  timeoutS?: number;
  /** sign the written notebook as trusted (default true) */
  sign?: boolean;
  /** also write the notebook's HTML here */
  html?: string;
  /** seconds the kernel may take to start (default 120) */
  startupTimeoutS?: number;
}

const join = (s: string | string[] | undefined): string => (Array.isArray(s) ? s.join('') : s ?? '');

/** A notebook file as nbformat reads it: every multi-line string of sources and outputs joined. */
export function readNotebook(path: string): NotebookJson {
  const nb = JSON.parse(readFileSync(path, 'utf8')) as NotebookJson;
  for (const c of nb.cells) {
    c.source = join(c.source);
    for (const o of c.outputs ?? []) {
      if (o.text !== undefined) o.text = join(o.text);
      if (o.data) for (const k of Object.keys(o.data)) if (Array.isArray(o.data[k])) o.data[k] = join(o.data[k] as string[]);
    }
  }
  return nb;
}

const SPLIT_MIMES = new Set(['application/javascript', 'image/svg+xml']);

/**
 * The file text nbformat.write gives `nb` (nbformat/v4/rwbase.py split_lines, then sorted keys, one-space
 * indent): sources, stream text and text-like mime data as lists of lines.
 */
export function notebookFileText(nb: NotebookJson): string {
  const split = (s: unknown) => (typeof s === 'string' ? pySplitLines(s) : s);
  const cells = nb.cells.map((c) => ({
    ...c,
    source: split(c.source),
    ...(c.outputs ? {
      outputs: c.outputs.map((o) => ({
        ...o,
        ...(o.output_type === 'stream' ? { text: split(o.text) } : {}),
        ...(o.data ? { data: Object.fromEntries(Object.entries(o.data).map(([k, v]) => [k, k.startsWith('text/') || SPLIT_MIMES.has(k) ? split(v) : v])) } : {}),
      })),
    } : {}),
  }));
  return formatNotebook({ ...nb, cells });
}

function lastLines(s: string, n: number): string {
  return s.trimEnd().split('\n').slice(-n).join('\n');
}

function indent(s: string): string {
  return s.split('\n').map((l) => `    ${l}`).join('\n');
}

function outputText(outputs: readonly KernelOutput[]): string {
  return outputs.map((o) => (o.output_type === 'stream' ? o.text ?? '' : o.output_type === 'error' ? `${o.ename}: ${o.evalue}\n${(o.traceback ?? []).join('\n')}\n` : '')).join('');
}

/** Strip a kernel output to the fields nbformat 4 allows for its type. */
function nbOutput(o: KernelOutput): Record<string, unknown> {
  switch (o.output_type) {
    case 'stream': return { output_type: 'stream', name: o.name, text: o.text };
    case 'error': return { output_type: 'error', ename: o.ename, evalue: o.evalue, traceback: o.traceback };
    case 'execute_result': return { output_type: 'execute_result', data: o.data, metadata: o.metadata ?? {}, execution_count: o.execution_count ?? null };
    default: return { output_type: 'display_data', data: o.data, metadata: o.metadata ?? {} };
  }
}

/** Outputs as nbformat 4 fields (only now: an update_display_data may change an earlier cell's display), nbformat 4.5. */
function finalise(nb: NotebookJson): void {
  for (const c of nb.cells) if (c.outputs) c.outputs = c.outputs.map((o) => nbOutput(o as unknown as KernelOutput)) as unknown as NotebookCell['outputs'];
  nb.nbformat = 4;
  nb.nbformat_minor = Math.max(5, nb.nbformat_minor ?? 5);
}

/** Kernels started by this process and not yet ended (ended on Ctrl-C and at exit). */
const live = new Set<KernelClient>();
let handlersInstalled = false;

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.once('exit', () => {
    for (const k of live) k.kill();
  });
}

/** End every kernel this process started (for a Ctrl-C handler). */
export function killAllKernels(): void {
  for (const k of live) k.kill();
  live.clear();
}

/**
 * Execute notebook `src` and write it to `dest` (and its HTML to options.html) as described above.
 * Never throws for a notebook's failure: the result says what failed.
 */
export async function executeNotebook(src: string, dest: string, options: ExecuteOptions = {}): Promise<NotebookRun> {
  const t0 = performance.now();
  const seconds = () => (performance.now() - t0) / 1000;
  const env = { ...process.env, ...options.env };
  let kernel: KernelClient | undefined;
  let nb: NotebookJson;
  try {
    nb = readNotebook(src);
    const name = (nb.metadata.kernelspec as { name?: string } | undefined)?.name ?? 'tslab';
    const { spec } = findKernelSpec(name, env.JUPYTER_PATH);
    installHandlers();
    kernel = await KernelClient.start({ argv: spec.argv, env: { ...env, ...spec.env }, cwd: resolve(src, '..'), startupTimeoutMs: (options.startupTimeoutS ?? 120) * 1000 });
    live.add(kernel);
  } catch (e) {
    return { notebook: src, ok: false, seconds: seconds(), error: (e as Error).message };
  }
  try {
    const info = kernel.kernelInfo.language_info;
    if (info && typeof info === 'object') nb.metadata.language_info = info;
    const displays = new Map<string, KernelOutput[]>();
    for (let i = 0; i < nb.cells.length; i++) {
      const cell: NotebookCell = nb.cells[i];
      if (cell.cell_type !== 'code') continue;
      cell.outputs = [];
      cell.execution_count = null;
      const source = join(cell.source);
      let r;
      try {
        r = await kernel.execute(source, { timeoutMs: (options.timeoutS ?? 600) * 1000, displays });
      } catch (e) {
        return { notebook: src, ok: false, seconds: seconds(), error: `cell ${i + 1}: ${(e as Error).message}\n${indent(source)}` };
      }
      cell.outputs = r.outputs as unknown as NotebookCell['outputs'];
      cell.execution_count = r.executionCount;
      if (r.status !== 'ok') {
        finalise(nb);
        writeFileAtomic(dest, notebookFileText(nb));
        return { notebook: src, ok: false, seconds: seconds(), error: `cell ${i + 1} failed:\n${indent(source)}\n${indent(lastLines(outputText(r.outputs), 20))}` };
      }
    }
    finalise(nb);
    let signed = false;
    if (options.sign !== false) {
      try {
        await signNotebook(nb, env);
        signed = true;
      } catch (e) {
        process.stderr.write(`notebook not signed: ${(e as Error).message}\n`);
      }
    }
    // the notebook and its HTML as one unit: both written, or neither
    writeFilesAtomic([[dest, notebookFileText(nb)], ...(options.html ? [[options.html, notebookHtml(nb, { title: basename(src, '.ipynb') })] as const] : [])]);
    return { notebook: src, ok: true, seconds: seconds(), signed };
  } finally {
    live.delete(kernel);
    await kernel.shutdown().catch(() => kernel!.kill());
  }
}

/** Notebooks sent to it run at the same time, each with its own kernel (the caller bounds how many). */
export interface NotebookWorker {
  /** Execute `src` into `dest` (and its HTML to options.html) as executeNotebook does. */
  run(src: string, dest: string, options?: { html?: string }): Promise<NotebookRun>;
  /** Wait for the notebooks sent. */
  close(): Promise<void>;
  /** Stop now: running kernels are ended and their notebooks answered as failed. */
  kill(): void;
}

/** executeNotebook with shared options, behind the worker interface the runners use. */
export function startNotebookWorker(options: Omit<ExecuteOptions, 'html'> = {}): NotebookWorker {
  const running = new Set<Promise<NotebookRun>>();
  let killed = false;
  return {
    run(src, dest, runOptions = {}) {
      if (killed) return Promise.resolve({ notebook: src, ok: false, seconds: 0, error: 'stopped' });
      const p = executeNotebook(src, dest, { ...options, html: runOptions.html });
      running.add(p);
      void p.finally(() => running.delete(p));
      return p;
    },
    async close() {
      await Promise.allSettled([...running]);
    },
    kill() {
      killed = true;
      killAllKernels();
    },
  };
}
