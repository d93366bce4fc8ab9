/**
 * Issue #23, the shell-only logger's check-to-open gap: without python3, `mark` and `stop` open trace
 * files by name after start. The shell's own `<`, `>>` and `>` follow a link, so one planted between
 * power-log's checks and its open would be followed (as root). They now open through GNU dd with
 * O_NOFOLLOW (and O_EXCL to create); as root with neither python3 nor such a dd, power-log refuses to
 * run. The race is won deterministically here: a dd wrapper plants the link just before the real dd
 * opens, after every check has passed.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const LOGGER = resolve('scripts/power-log');
const FAKE_SMI = resolve('test/energy/fixtures/fake-nvidia-smi');
const isRoot = process.getuid?.() === 0;
const env = (extra: Record<string, string>): NodeJS.ProcessEnv => ({ ...process.env, POWER_LOG_NVIDIA_SMI: FAKE_SMI, POWER_LOG_POWERCAP_ROOT: '/nonexistent', POWER_LOG_NVML: 'off', POWER_LOG_PYTHON: 'off', ...extra });
const log = (args: string[], e: NodeJS.ProcessEnv) =>
  run('sh', [LOGGER, ...args], { env: e }).then((r) => ({ code: 0, stderr: r.stderr }), (x) => ({ code: x.code as number, stderr: String(x.stderr) }));

/** A dd that, when asked to open DIR/NAME, first swaps it for a symlink to `target` (the adversary wins the race), then runs the real dd. */
function racingDd(name: string, target: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'j2g-dd-')), 'dd');
  writeFileSync(path, `#!/bin/sh
for a; do case "$a" in if=*|of=*) f=\${a#*=} ;; esac; done
case "\${f:-}" in */${name}) [ -L "$f" ] || { mv "$f" "$f.orig" && ln -s ${JSON.stringify(target)} "$f"; } ;; esac
exec dd "$@"
`);
  chmodSync(path, 0o755);
  return path;
}

describe('power-log without python3: no open by name follows a link (#23)', () => {
  it.each([['run-start', 'read'], ['run-end', 'append to']])('mark %s: a marks.csv swapped for a link after the checks is not followed (%s); the file outside is untouched', async (kind, op) => {
    const base = mkdtempSync(join(tmpdir(), 'j2g-shopen-'));
    const dir = join(base, 'trace');
    const outside = join(base, 'outside.txt');
    writeFileSync(outside, 'not the logger\'s\n');
    const e = env({ POWER_LOG_DD: racingDd('marks.csv', outside) });
    expect((await log(['start', '--out', dir, '--interval-ms', '50'], e)).code).toBe(0);
    try {
      const m = await log(['mark', kind, 'r1', '--out', dir], e);
      expect(m.code).not.toBe(0);
      expect(m.stderr).toContain(`cannot ${op} ${join(dir, 'marks.csv')}: a symbolic link or not a regular file by now`);
      expect(readFileSync(outside, 'utf8')).toBe('not the logger\'s\n');
    } finally {
      await log(['stop', '--out', dir], env({}));
    }
  }, 60000);

  it('stop: a manifest.json swapped for a link to a secret after the checks is not read into the new manifest', async () => {
    const base = mkdtempSync(join(tmpdir(), 'j2g-shopen-'));
    const dir = join(base, 'trace');
    const secret = join(base, 'shadow');
    writeFileSync(secret, 'root:SECRET-HASH:19000:0:99999:7:::\n', { mode: 0o600 });
    expect((await log(['start', '--out', dir, '--interval-ms', '50'], env({}))).code).toBe(0);
    const r = await log(['stop', '--out', dir], env({ POWER_LOG_DD: racingDd('manifest.json', secret) }));
    expect(r.stderr).toContain(`cannot read ${join(dir, 'manifest.json')}: a symbolic link or not a regular file by now`);
    // the name is still the planted link (not replaced by a copy of what it points to), or a manifest without the secret
    const m = join(dir, 'manifest.json');
    if (lstatSync(m).isSymbolicLink()) expect(readlinkSync(m)).toBe(secret);
    else expect(readFileSync(m, 'utf8')).not.toContain('SECRET-HASH');
    expect(readdirSync(dir).filter((f) => !lstatSync(join(dir, f)).isSymbolicLink()).map((f) => readFileSync(join(dir, f), 'utf8')).join('')).not.toContain('SECRET-HASH');
    expect(readFileSync(secret, 'utf8')).toBe('root:SECRET-HASH:19000:0:99999:7:::\n');
  }, 60000);

  it.runIf(isRoot)('as root with neither python3 nor a nofollow dd, start refuses before creating anything', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'j2g-shopen-')), 'trace');
    const r = await log(['start', '--out', dir], env({ POWER_LOG_DD: 'off' }));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('running as root with neither python3 nor a dd that opens without following links');
    expect(existsSync(dir)).toBe(false);
  });
});
