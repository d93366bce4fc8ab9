/**
 * Bench part: one full `npm run reproduce` (the audit, tables, checks, figures with static export,
 * every notebook executed by the tslab kernel from Node and rendered as HTML, the explorer, the report)
 * on the default dataset, into a temporary directory, run as the command a user types, in a child
 * process: its wall time, the CPU time of everything it started (Node, the kernels, Chromium: user +
 * system, from /proc, Linux only), the load average before and after (the CPU time
 * is the figure to compare on a busy machine), a host speed gauge before and after (hostSpeed.ts: the
 * same fixed loop's ms, to tell a slow machine from a slower reproduce), and the seconds of each step
 * and notebook it prints.
 * Target: 40 s on a quiet 2-core machine. Run alone with `npm run bench -- reproduce`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostSpeedGauge } from './hostSpeed.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** CPU seconds (user + system) of this process's waited-for descendants, from /proc/self/stat; null off Linux. */
function childrenCpuSeconds(): number | null {
  try {
    // the fields after the command name (which may hold spaces), from field 3 on: cutime and cstime are fields 16 and 17
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ').pop()!.split(' ');
    const ticks = 100; // USER_HZ, 100 on every Linux Node runs on
    return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / ticks;
  } catch {
    return null;
  }
}

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

/**
 * The seconds of each step and notebook in reproduce's progress lines
 * (`  tables......   0.4 s`, `  [ 3/14] 01-occupations.ipynb....   6.0 s  ok`).
 */
export function progressTimings(stderr: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of stderr.split('\n')) {
    const nb = /^ {2}\[\s*\d+\/\d+\] (\S+?)\.*\s+([\d.]+) s {2}(?:ok|FAILED)$/.exec(line);
    const step = /^ {2}([^[ ].*?)\.{2,}\s+([\d.]+) s$/.exec(line);
    if (nb) out[`notebook ${nb[1]}`] = Number(nb[2]);
    else if (step) out[step[1]] = Number(step[2]);
  }
  return out;
}

export async function benchReproduce(): Promise<Record<string, number | string>> {
  const out = mkdtempSync(join(tmpdir(), 'j2g-bench-reproduce-'));
  try {
    const loadBefore = load();
    const gaugeBefore = hostSpeedGauge();
    const cpu0 = childrenCpuSeconds();
    const t0 = performance.now();
    const { code, stderr } = await new Promise<{ code: number; stderr: string }>((resolve) => {
      const child = spawn('npm', ['run', '--silent', 'reproduce', '--', '--out', out], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (c) => resolve({ code: c ?? 1, stderr }));
    });
    const wall = (performance.now() - t0) / 1000;
    const cpu1 = childrenCpuSeconds();
    const results: Record<string, number | string> = {
      'wall (s)': Number(wall.toFixed(1)),
      'CPU, user + system, every process (s)': cpu0 === null || cpu1 === null ? 'n/a (no /proc)' : Number((cpu1 - cpu0).toFixed(1)),
      cores: cpus().length,
      'load average before (1, 5, 15 min)': loadBefore,
      'load average after': load(),
      'host speed gauge before, median / fastest (ms)': `${gaugeBefore.median_ms} / ${gaugeBefore.fastest_ms}`,
    };
    const timings = progressTimings(stderr);
    for (const [step, s] of Object.entries(timings)) results[`${step} (s)`] = s;
    const notebooks = Object.entries(timings).filter(([k]) => k.startsWith('notebook '));
    const slowest = notebooks.sort((a, b) => b[1] - a[1])[0];
    if (slowest) results['slowest notebook'] = `${slowest[0].slice('notebook '.length)} ${slowest[1].toFixed(1)} s`;
    const gaugeAfter = hostSpeedGauge();
    results['host speed gauge after, median / fastest (ms)'] = `${gaugeAfter.median_ms} / ${gaugeAfter.fastest_ms}`;
    results.target = `wall <= 40 s: ${wall <= 40 ? 'met' : 'MISSED'}`;
    results['exit status'] = code;
    if (code !== 0) results['last lines'] = stderr.trimEnd().split('\n').slice(-5).join(' | ');
    return results;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
