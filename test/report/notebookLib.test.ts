/**
 * The library the notebooks import is never seen half-built: each state of the sources compiles into
 * its own build/kernel-lib-<hash>/ (complete before it is named), and build/kernel-lib is a link
 * switched in one rename. In a scratch checkout with a two-file kernel-lib (so tsc is quick), built
 * in child processes (tsc is synchronous work that would starve a vitest worker).
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const BUILD = `import('${join(ROOT, 'scripts/notebooks/tooling.ts')}').then((m) => console.log(m.buildNotebookLib(process.argv[1])))`;

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'j2g-nblib-'));
  mkdirSync(join(dir, 'kernel-lib/sub'), { recursive: true });
  mkdirSync(join(dir, 'notebooks'));
  cpSync(join(ROOT, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  cpSync(join(ROOT, 'notebooks/tsconfig.kernel-lib.json'), join(dir, 'notebooks/tsconfig.kernel-lib.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'kernel-lib/sub/value.ts'), 'export const value = 1;\n');
  writeFileSync(join(dir, 'kernel-lib/index.ts'), "export { value } from './sub/value.ts';\n");
  return dir;
}

const build = (root: string) => execFileSync(process.execPath, ['--import', 'tsx', '-e', BUILD, root], { cwd: ROOT, encoding: 'utf8' }).trim();
const buildAsync = (root: string) => new Promise<number | null>((resolve) => {
  spawn(process.execPath, ['--import', 'tsx', '-e', BUILD, root], { cwd: ROOT, stdio: 'ignore' }).on('close', resolve);
});
const valueIn = (root: string) => execFileSync(process.execPath, ['-e', `import('${join(root, 'build/kernel-lib/index.js')}').then((m) => console.log(m.value))`], { encoding: 'utf8' }).trim();

describe('buildNotebookLib', () => {
  it('links build/kernel-lib to a complete versioned build, switches it on a source change, and keeps the previous one', () => {
    const root = scratch();
    const first = build(root);
    const link = join(root, 'build/kernel-lib');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(join(root, 'build', readlinkSync(link))).toBe(first);
    expect(existsSync(join(first, '.complete'))).toBe(true);
    expect(valueIn(root)).toBe('1');
    // the library's data paths resolve through build/data
    expect(readlinkSync(join(root, 'build/data'))).toBe('../data');

    // unchanged sources: nothing compiled again
    const builtAt = statSync(join(first, 'index.js')).mtimeMs;
    expect(build(root)).toBe(first);
    expect(statSync(join(first, 'index.js')).mtimeMs).toBe(builtAt);

    writeFileSync(join(root, 'kernel-lib/sub/value.ts'), 'export const value = 2;\n');
    const second = build(root);
    expect(second).not.toBe(first);
    expect(valueIn(root)).toBe('2');
    // a kernel that loaded the first build can still load the rest of it
    expect(readFileSync(join(first, 'sub/value.js'), 'utf8')).toContain('value = 1');
    expect(readdirSync(join(root, 'build')).filter((f) => f.startsWith('.'))).toEqual([]); // no temporary left
  });

  it('two builds at once (lab\'s watcher and a test run) both succeed and leave one whole library', async () => {
    const root = scratch();
    const codes = await Promise.all([buildAsync(root), buildAsync(root)]);
    expect(codes).toEqual([0, 0]);
    expect(valueIn(root)).toBe('1');
    expect(readdirSync(join(root, 'build')).filter((f) => /^kernel-lib-/.test(f))).toHaveLength(1);
    expect(readdirSync(join(root, 'build')).filter((f) => f.startsWith('.'))).toEqual([]);
  });
});
