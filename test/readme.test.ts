/**
 * The README shows the audit's current output, and docs/audit-output.txt its full listing: both are
 * regenerated here and compared, so neither can drift from what `j2g audit` prints. The audit runs
 * in a child process started asynchronously (test/helpers/child.ts: spawnSync would block the worker,
 * which then cannot answer vitest's RPC on a busy machine).
 */
import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { runNode } from './helpers/child.ts';

const root = new URL('../', import.meta.url).pathname;
const audit = async (...args: string[]) => {
  const r = await runNode([`${root}bin/j2g.mjs`, 'audit', ...args]);
  return { status: r.code, stdout: r.stdout, stderr: r.stderr };
};

test('README audit block equals `j2g audit --failures-only`', async () => {
  const r = await audit('--failures-only');
  expect(r.status).toBe(0);
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const block = /<!-- audit:start -->\n```\n([\s\S]*?)\n```\n<!-- audit:end -->/.exec(readme);
  expect(block).not.toBeNull();
  expect(block![1].trim()).toBe((r.stdout + r.stderr).trim());
});

test('docs/audit-output.txt equals `j2g audit`', async () => {
  const r = await audit();
  expect(r.status).toBe(0);
  expect(readFileSync(`${root}docs/audit-output.txt`, 'utf8').trim()).toBe((r.stdout + r.stderr).trim());
});
