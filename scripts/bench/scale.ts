/**
 * Bench part for issue 16: a leaderboard-sized dataset. Generates, seeded, 1,320 tasks (44 occupations
 * x 30) x 38 systems x 4 attempts = 200,640 runs with 4 judgments each (802,560), then runs
 * `j2g validate` and `j2g tables --draws 1000` on it, each in its own child process under
 * /usr/bin/time, which gives wall time, CPU time (user + system) and peak resident memory (maxrss).
 * Targets: validate < 5 s and < 400 MB; tables --draws 1000 < 10 s and < 600 MB. The children's
 * progress lines (stderr) are shown.
 * Issue 27, the same 200,640 runs shaped otherwise: 44 occupations x 570 tasks (25,080 tasks) x 2
 * systems x 4 attempts (SCALE_WIDE, seeded), where every occupation takes the bootstrap's slot-by-slot
 * path (more than 5 tasks): `j2g tables --draws 1000` < 3 s and < 600 MB.
 * Run alone with `npm run bench -- scale`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeGeneratedDataset } from '../../kernel-lib/data/generate.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SCALE = { seed: 1, occupations: 44, tasksPerOccupation: 30, systems: 38, attempts: 4 } as const;
/** Issue 27: 200,640 runs again, in occupations of 570 tasks. */
export const SCALE_WIDE = { seed: 1, occupations: 44, tasksPerOccupation: 570, systems: 2, attempts: 4 } as const;

interface Measured { seconds: number; cpuSeconds: number; peakMb: number; stderr: string }

/** `node bin/j2g.mjs ...args` in a child process: wall seconds and peak RSS (MB) from /usr/bin/time. */
export function measureJ2g(args: string[]): Measured {
  const timeFile = join(mkdtempSync(join(tmpdir(), 'j2g-time-')), 'time.txt');
  const useTime = existsSync('/usr/bin/time');
  const cmd = useTime ? '/usr/bin/time' : process.execPath;
  const argv = useTime ? ['-f', '%e %M %U %S', '-o', timeFile, process.execPath, 'bin/j2g.mjs', ...args] : ['bin/j2g.mjs', ...args];
  const t0 = performance.now();
  const r = spawnSync(cmd, argv, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`j2g ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(-2000)}`);
  if (!useTime) return { seconds: wall, cpuSeconds: NaN, peakMb: NaN, stderr: r.stderr };
  const [sec, kb, user, sys] = readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  return { seconds: sec, cpuSeconds: user + sys, peakMb: kb / 1024, stderr: r.stderr };
}

export async function benchScale(): Promise<Record<string, number | string>> {
  const dir = mkdtempSync(join(tmpdir(), 'j2g-scale-'));
  const out = mkdtempSync(join(tmpdir(), 'j2g-scale-out-'));
  try {
    let t = performance.now();
    writeGeneratedDataset(dir, SCALE);
    const genS = (performance.now() - t) / 1000;
    const mb = ['runs.csv', 'judgments.csv'].reduce((a, f) => a + statSync(join(dir, f)).size, 0) / 2 ** 20;
    spawnSync(process.execPath, ['bin/j2g.mjs', '--help'], { cwd: ROOT, stdio: 'ignore' }); // builds build/cli if stale
    const v = measureJ2g(['validate', '--data', dir]);
    const tb = measureJ2g(['tables', '--data', dir, '--draws', '1000', '--out', out]);
    const progress = (s: string) => s.trim().split('\n').filter((l) => l).map((l) => `      ${l}`).join('\n');
    const ok = (x: boolean) => (x ? 'met' : 'MISSED');
    rmSync(dir, { recursive: true, force: true });
    writeGeneratedDataset(dir, SCALE_WIDE);
    const wide = measureJ2g(['tables', '--data', dir, '--draws', '1000', '--out', out]);
    return {
      dataset: `generated, seed ${SCALE.seed}: 1,320 tasks x ${SCALE.systems} systems x ${SCALE.attempts} attempts`,
      'runs.csv + judgments.csv (MB)': mb.toFixed(1),
      'generate + write (s)': genS.toFixed(1),
      'j2g validate (s)': v.seconds.toFixed(2),
      'j2g validate CPU (s)': v.cpuSeconds.toFixed(2),
      'j2g validate peak RSS (MB)': v.peakMb.toFixed(0),
      'j2g tables --draws 1000 (s)': tb.seconds.toFixed(2),
      'j2g tables --draws 1000 CPU (s)': tb.cpuSeconds.toFixed(2),
      'j2g tables --draws 1000 peak RSS (MB)': tb.peakMb.toFixed(0),
      'validate stderr': `\n${progress(v.stderr) || '      (none)'}`,
      'tables stderr': `\n${progress(tb.stderr) || '      (none)'}`,
      target: `validate < 5 s: ${ok(v.seconds < 5)}, < 400 MB: ${ok(v.peakMb < 400)}; tables --draws 1000 < 10 s: ${ok(tb.seconds < 10)}, < 600 MB: ${ok(tb.peakMb < 600)}`,
      'wide dataset (issue 27)': `generated, seed ${SCALE_WIDE.seed}: ${SCALE_WIDE.occupations} occupations x ${SCALE_WIDE.tasksPerOccupation} tasks x ${SCALE_WIDE.systems} systems x ${SCALE_WIDE.attempts} attempts`,
      'wide: j2g tables --draws 1000 (s)': wide.seconds.toFixed(2),
      'wide: j2g tables --draws 1000 CPU (s)': wide.cpuSeconds.toFixed(2),
      'wide: j2g tables --draws 1000 peak RSS (MB)': wide.peakMb.toFixed(0),
      'wide: tables stderr': `\n${progress(wide.stderr) || '      (none)'}`,
      'wide target': `tables --draws 1000 < 3 s: ${ok(wide.seconds < 3)} (CPU ${ok(wide.cpuSeconds < 3)}), < 600 MB: ${ok(wide.peakMb < 600)}`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchScale());
