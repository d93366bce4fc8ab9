/**
 * Run heavy synchronous work in a child process, not in the vitest worker: a worker that computes for
 * a minute without yielding starves vitest's RPC ("Timeout calling onTaskUpdate") on a busy machine.
 * `spawn` is asynchronous (spawnSync would block the worker's event loop just the same), so the
 * worker keeps answering while the child computes.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `node --import tsx <args>` from the repository root; resolves with exit code and output. */
export function runTsx(args: string[], options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return runNode(['--import', 'tsx', ...args], options);
}

/** `node <args>` from the repository root (bin/j2g.mjs and the like). */
export function runNode(args: string[], options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = options.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs) : undefined;
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}
