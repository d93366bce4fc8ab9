/**
 * The committed executed notebooks (notebooks/executed/) show what the code produces now: every
 * notebook is executed again on its own parameters (`npm run notebooks:check`, a child process as a
 * user runs it) and any output whose numbers or text differ from the committed copy fails, listed.
 * Timestamps, execution counts, signatures and PNG bytes are ignored (kernel-lib/report/notebookDrift.ts,
 * whose own tests show a changed number fails and a changed timestamp does not). Part of `npm test`,
 * so CI (.ci/run) runs it through the README's test command.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;

describe('committed executed notebooks', () => {
  it('agree with what every notebook produces now (npm run notebooks:check exits 0)', async () => {
    const run = await new Promise<{ code: number | null; log: string }>((resolve) => {
      const child = spawn('npm', ['run', '--silent', 'notebooks:check'], { cwd: ROOT, env: { ...process.env, J2G_DATA: '', J2G_DRAWS: '' } });
      let log = '';
      child.stdout.on('data', (d) => (log += d));
      child.stderr.on('data', (d) => (log += d));
      child.on('close', (code) => resolve({ code, log }));
    });
    expect(run.code, run.log).toBe(0);
    expect(run.log).toMatch(/all \d+ executed copies that ran agree with the code/);
  }, 1_200_000);
});
