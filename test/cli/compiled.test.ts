/**
 * `j2g` runs from compiled JavaScript (build/cli) and never from a compiled copy older than its
 * sources: in a scratch copy of the checkout, the first start builds, a source edit makes the next
 * start rebuild (the edited summary shows), and an untouched tree starts without rebuilding.
 * Child processes: the build is synchronous work that would starve a vitest worker.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { describe, expect, test } from 'vitest';
import { writeGeneratedDataset } from '../../kernel-lib/data/generate.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

function scratchCheckout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'j2g-compiled-'));
  for (const p of ['bin', 'scripts/cli', 'kernel-lib', 'package.json']) cpSync(join(ROOT, p), join(dir, p), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

const j2g = (root: string, ...args: string[]) => spawnSync(process.execPath, [join(root, 'bin/j2g.mjs'), ...args], { encoding: 'utf8', cwd: root });

describe('compiled j2g', () => {
  test('builds on first start, rebuilds after a source edit, and reuses an up-to-date build', () => {
    const root = scratchCheckout();
    const first = j2g(root, '--help');
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain("  audit      check the paper's tables against each other");
    const main = join(root, 'build/cli/main.js');
    expect(existsSync(main)).toBe(true);
    const builtAt = statSync(main).mtimeMs;
    // the bundled npm packages are stamped by their package.json (an install that changes one rebuilds)
    const stamped = (JSON.parse(readFileSync(join(root, 'build/cli/inputs.json'), 'utf8')).files as [string, number, number][]).map(([f]) => f);
    for (const pkg of ['arquero', 'zod', 'hyparquet']) expect(stamped.some((f) => f.endsWith(`node_modules/${pkg}/package.json`)), pkg).toBe(true);
    expect(stamped.some((f) => f.includes('@duckdb')), 'DuckDB (native) stays an import').toBe(false);

    // an untouched tree: the same build runs
    expect(j2g(root, '--help').status).toBe(0);
    expect(statSync(main).mtimeMs).toBe(builtAt);

    // a source edit: the next start must not run the old compiled summary
    const audit = join(root, 'kernel-lib/cli/commands/audit.ts');
    writeFileSync(audit, readFileSync(audit, 'utf8').replace(/export const summary = .*;/, "export const summary = 'EDITED SUMMARY';"));
    const after = j2g(root, '--help');
    expect(after.status, after.stderr).toBe(0);
    expect(after.stdout).toContain('  audit      EDITED SUMMARY');
    expect(after.stdout).not.toContain("check the paper's tables against each other");
  });

  test('bundledPackages names each package folder once, scoped and nested ones included', async () => {
    const { bundledPackages } = await import('../../scripts/cli/build.mjs');
    expect(bundledPackages([
      '/r/node_modules/arquero/src/index.js', '/r/node_modules/arquero/src/table/table.js',
      '/r/node_modules/@uwdata/flechette/src/index.js',
      '/r/node_modules/hyparquet-writer/node_modules/hyparquet/src/read.js',
      '/r/kernel-lib/cli/main.ts',
    ])).toEqual([
      '/r/node_modules/@uwdata/flechette/package.json',
      '/r/node_modules/arquero/package.json',
      '/r/node_modules/hyparquet-writer/node_modules/hyparquet/package.json',
    ]);
  });

  test('paths beside a source file (import.meta.url) still resolve from the bundle', async () => {
    const { staleReason } = await import('../../scripts/cli/build.mjs');
    const root = scratchCheckout();
    expect(staleReason(join(root, 'build/cli'), root)).toBe('not built');
    cpSync(join(ROOT, 'data'), join(root, 'data'), { recursive: true });
    // audit reads data/published through new URL('../../data/...', import.meta.url)
    const r = j2g(root, 'audit');
    expect(r.status, r.stderr).toBe(0);
    expect(staleReason(join(root, 'build/cli'), root)).toBeNull();
  });

  test('starts racing on a stale build (a fresh clone under npm test) all run, each from a whole build', async () => {
    const root = scratchCheckout();
    const start = () => new Promise<{ code: number | null; out: string }>((resolve) => {
      const c = spawn(process.execPath, [join(root, 'bin/j2g.mjs'), '--help'], { cwd: root });
      let out = '';
      c.stdout.on('data', (d) => (out += d));
      c.stderr.on('data', (d) => (out += d));
      c.on('close', (code) => resolve({ code, out }));
    });
    const runs = await Promise.all([start(), start(), start(), start()]);
    for (const r of runs) {
      expect(r.code, r.out).toBe(0);
      expect(r.out).toContain('  tables     write the paper tables');
    }
  });

  test('draws the slot positions of the tables\' bootstrap on a worker thread with the same outputs (J2G_SLOT_ASIDE_MIN_POSITIONS=0 against never)', () => {
    const data = mkdtempSync(join(tmpdir(), 'j2g-slot-aside-'));
    writeGeneratedDataset(data, { seed: 4, occupations: 4, tasksPerOccupation: 40, systems: 2, attempts: 2 });
    const outputs = (aside: boolean) => {
      const out = mkdtempSync(join(tmpdir(), 'j2g-slot-aside-out-'));
      const r = spawnSync(process.execPath, [join(ROOT, 'bin/j2g.mjs'), 'tables', '--data', data, '--draws', '300', '--out', out], {
        encoding: 'utf8', cwd: ROOT, env: { ...process.env, J2G_SLOT_ASIDE_MIN_POSITIONS: aside ? '0' : String(2 ** 50) },
      });
      expect(r.status, r.stderr).toBe(0);
      return Object.fromEntries(readdirSync(out).sort().map((f) => [f, readFileSync(join(out, f), 'utf8')]));
    };
    const withAside = outputs(true);
    expect(withAside['table17.csv']).toBeDefined();
    expect(withAside).toEqual(outputs(false));
    // the bundle's worker itself: it answers with a shared memory holding the positions (a broken
    // bundle would only be slower: the kernel then draws them on the main thread)
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const { port1, port2 } = new MessageChannel();
    const w = new Worker(join(ROOT, 'build/cli/slotWorker.js'), { workerData: { counts: Int32Array.of(40, 7), draws: 10, seed: 1, port: port2, flag }, transferList: [port2] });
    Atomics.wait(flag, 0, 0, 30_000);
    const reply = receiveMessageOnPort(port1)?.message as { memory?: WebAssembly.Memory; error?: string };
    void w.terminate();
    expect(reply.error).toBeUndefined();
    expect(reply.memory!.buffer.byteLength).toBeGreaterThanOrEqual(2 * 10 * 47);
    expect(new Uint16Array(reply.memory!.buffer, 0, 470).some((p) => p > 6)).toBe(true); // positions within occupations of 40 tasks
  });

  test("reads a dataset's largest file on a worker thread with the same outputs and the same messages (J2G_READ_ASIDE_MIN_BYTES=0 against reading on one thread)", () => {
    const run = (aside: boolean, ...args: string[]) => spawnSync(process.execPath, [join(ROOT, 'bin/j2g.mjs'), ...args], {
      encoding: 'utf8', cwd: ROOT, env: { ...process.env, J2G_READ_ASIDE_MIN_BYTES: aside ? '0' : String(2 ** 50) },
    });
    const outputs = (aside: boolean, data: string) => {
      const out = mkdtempSync(join(tmpdir(), 'j2g-aside-out-'));
      const r = run(aside, 'tables', '--data', data, '--draws', '200', '--out', out);
      expect(r.status, r.stderr).toBe(0);
      return Object.fromEntries(readdirSync(out).sort().map((f) => [f, readFileSync(join(out, f), 'utf8')]));
    };
    const good = join(ROOT, 'data/recorded/synthetic-small');
    expect(outputs(true, good)).toEqual(outputs(false, good));
    expect(existsSync(join(ROOT, 'build/cli/csvWorker.js'))).toBe(true);

    // bad rows in judgments.csv (the file read aside) and in runs.csv: the same messages in the same order
    const bad = mkdtempSync(join(tmpdir(), 'j2g-aside-bad-'));
    cpSync(good, bad, { recursive: true });
    appendFileSync(join(bad, 'judgments.csv'), 'no-such-run,expert_only,J1,win\nr1,expert_only,J1,"unterminated\n');
    appendFileSync(join(bad, 'runs.csv'), readFileSync(join(good, 'runs.csv'), 'utf8').split('\n')[1] + '\n');
    const [a, b] = [run(true, 'validate', '--data', bad), run(false, 'validate', '--data', bad)];
    expect(a.status).toBe(1);
    expect(a.stderr).toContain('judgments.csv');
    expect({ status: a.status, stdout: a.stdout, stderr: a.stderr }).toEqual({ status: b.status, stdout: b.stdout, stderr: b.stderr });
  });
});
