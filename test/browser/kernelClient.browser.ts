/**
 * The Node Jupyter client against this checkout's real tslab kernel (no Python anywhere):
 *   - two notebooks sent at once each run on a kernel of its own: execution counts 1..n, one stream
 *     output per message as nbclient keeps them, signed (the signature is in the private Jupyter data dir's database),
 *     the HTML written beside the one that ran;
 *   - a failing cell stops its notebook: the result names the cell (its source and what it printed),
 *     the cells after it never run, the notebook is written as far as it ran, with no HTML;
 *   - a kernel that dies is named with its exit status, a cell that hangs with its timeout, and neither
 *     hangs the client; a kernel started by a runner that gets Ctrl-C is ended.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { executeNotebook, notebookSignature, notebookSecret, readNotebook, registerKernel, signatureStored, startNotebookWorker } from '../../scripts/notebooks/index.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

const notebook = (...cells: string[]) => JSON.stringify({
  nbformat: 4, nbformat_minor: 5,
  metadata: { kernelspec: { name: 'tslab', display_name: 'TypeScript', language: 'typescript' } },
  cells: cells.map((source, i) => ({ id: `c${i}`, cell_type: 'code', metadata: {}, execution_count: null, outputs: [], source })),
});

function setup(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = mkdtempSync(join(tmpdir(), 'j2g-kernel-'));
  return { dir, env: { JUPYTER_PATH: registerKernel(ROOT, join(dir, '.jupyter')), JUPYTER_DATA_DIR: join(dir, 'data'), TZ: 'UTC' } };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('notebooks executed by the Node Jupyter client', () => {
  it('runs two notebooks at once, each on its own kernel, signed, with its HTML; a failing cell stops its notebook and is named', async () => {
    const { dir, env } = setup();
    writeFileSync(join(dir, 'good.ipynb'), notebook('const x: number = 6 * 7;', 'console.log(`x is ${x}`);\nconsole.log("second line");'));
    writeFileSync(join(dir, 'bad.ipynb'), notebook('console.log("first");', 'console.log("before the error");\nthrow new Error("boom-42");', 'console.log("never");'));
    const worker = startNotebookWorker({ env });
    const [good, bad] = await Promise.all([
      worker.run(join(dir, 'good.ipynb'), join(dir, 'good.out.ipynb'), { html: join(dir, 'good.out.html') }),
      worker.run(join(dir, 'bad.ipynb'), join(dir, 'bad.out.ipynb'), { html: join(dir, 'bad.out.html') }),
    ]);
    await worker.close();

    expect(good.ok, good.error).toBe(true);
    expect(good.signed).toBe(true);
    const nb = readNotebook(join(dir, 'good.out.ipynb'));
    expect(nb.cells.map((c) => c.execution_count)).toEqual([1, 2]);
    // two console.log calls: two stream messages, two outputs, as nbclient writes them
    expect(nb.cells[1].outputs).toEqual([{ output_type: 'stream', name: 'stdout', text: 'x is 42\n' }, { output_type: 'stream', name: 'stdout', text: 'second line\n' }]);
    // on disk, as nbformat writes it: the text as a list of lines
    expect(JSON.parse(readFileSync(join(dir, 'good.out.ipynb'), 'utf8')).cells[1].outputs[0].text).toEqual(['x is 42\n']);
    expect(nb.metadata.language_info).toMatchObject({ name: 'typescript' });
    expect(await signatureStored(join(dir, 'data'), notebookSignature(nb, notebookSecret(join(dir, 'data'))))).toBe(true);
    expect(readFileSync(join(dir, 'good.out.html'), 'utf8')).toContain('x is 42');

    expect(bad.ok).toBe(false);
    expect(bad.error).toMatch(/^cell 2 failed:/);
    expect(bad.error).toContain('throw new Error("boom-42")');
    expect(bad.error).toContain('before the error');
    expect(existsSync(join(dir, 'bad.out.html'))).toBe(false);
    const partial = readNotebook(join(dir, 'bad.out.ipynb'));
    expect(partial.cells.map((c) => c.execution_count)).toEqual([1, 2, null]);
    expect(partial.cells[2].outputs).toEqual([]);
  });

  it('names a kernel that dies during a cell, with its exit status, and writes nothing', async () => {
    const { dir, env } = setup();
    writeFileSync(join(dir, 'dies.ipynb'), notebook('console.log("alive");', 'process.exit(3);', 'console.log("never");'));
    const r = await executeNotebook(join(dir, 'dies.ipynb'), join(dir, 'dies.out.ipynb'), { env });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/^cell 2: the kernel exited \(status 3\) while running the cell/);
    expect(existsSync(join(dir, 'dies.out.ipynb'))).toBe(false);
  });

  it('stops a cell that runs past its timeout, naming the cell and the time', async () => {
    const { dir, env } = setup();
    writeFileSync(join(dir, 'hangs.ipynb'), notebook('1 + 1;', 'while (true) {}'));
    const t0 = performance.now();
    const r = await executeNotebook(join(dir, 'hangs.ipynb'), join(dir, 'hangs.out.ipynb'), { env, timeoutS: 4 });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/^cell 2: the cell did not finish within 4 s/);
    expect((performance.now() - t0) / 1000).toBeLessThan(60);
  });

  it('ends the kernels of a runner that gets Ctrl-C', async () => {
    const { dir, env } = setup();
    writeFileSync(join(dir, 'long.ipynb'), notebook('console.log(`pid ${process.pid}`);', 'await new Promise((r) => setTimeout(r, 600_000));'));
    const script = join(dir, 'runner.mts');
    writeFileSync(script, `import { startNotebookWorker, killAllKernels } from ${JSON.stringify(join(ROOT, 'scripts/notebooks/index.ts'))};
process.once('SIGINT', () => { killAllKernels(); process.exit(130); });
const w = startNotebookWorker({ env: ${JSON.stringify(env)} });
await w.run(${JSON.stringify(join(dir, 'long.ipynb'))}, ${JSON.stringify(join(dir, 'long.out.ipynb'))});
`);
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    // the kernel's pid: the kernel's own child processes are listed by ps with the runner as parent
    const kernelPid = await new Promise<number>((resolve, reject) => {
      const t = setInterval(() => {
        const ps = spawn('ps', ['-o', 'pid=,args=', '--ppid', String(child.pid)]);
        let out = '';
        ps.stdout.on('data', (d) => (out += d));
        ps.on('close', () => {
          const line = out.split('\n').find((l) => l.includes('tslab-kernel.cjs'));
          if (line) {
            clearInterval(t);
            resolve(Number(line.trim().split(/\s+/)[0]));
          }
        });
      }, 200);
      setTimeout(() => {
        clearInterval(t);
        reject(new Error('no kernel started within 60 s'));
      }, 60_000);
    });
    // let it start executing, then Ctrl-C
    await new Promise((r) => setTimeout(r, 3000));
    const code = await new Promise<number | null>((resolve) => {
      child.on('close', resolve);
      child.kill('SIGINT');
    });
    expect(code).toBe(130);
    const t0 = Date.now();
    while (alive(kernelPid) && Date.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 100));
    expect(alive(kernelPid)).toBe(false);
  });
});
