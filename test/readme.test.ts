/**
 * The README shows the audit's current output, and docs/audit-output.txt its full listing: both are
 * regenerated here and compared, so neither can drift from what `j2g audit` prints.
 */
import { expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = new URL('../', import.meta.url).pathname;
const audit = (...args: string[]) => spawnSync(process.execPath, [`${root}bin/j2g.mjs`, 'audit', ...args], { encoding: 'utf8' });

test('README audit block equals `j2g audit --failures-only`', () => {
  const r = audit('--failures-only');
  expect(r.status).toBe(0);
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const block = /<!-- audit:start -->\n```\n([\s\S]*?)\n```\n<!-- audit:end -->/.exec(readme);
  expect(block).not.toBeNull();
  expect(block![1].trim()).toBe((r.stdout + r.stderr).trim());
});

test('docs/audit-output.txt equals `j2g audit`', () => {
  const r = audit();
  expect(r.status).toBe(0);
  expect(readFileSync(`${root}docs/audit-output.txt`, 'utf8').trim()).toBe((r.stdout + r.stderr).trim());
});
