/**
 * Bench part for issue 6: one full `npm run reproduce` (tables, checks, figures with static export,
 * every notebook executed by the tslab kernel, report) on the default dataset, into a temporary
 * directory, timed per step and per notebook. Target: under 2 minutes on the 2-core machine.
 * Run alone with `npm run bench -- reproduce`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reproduce } from '../reproduce.ts';

export async function benchReproduce(): Promise<Record<string, number | string>> {
  const out = mkdtempSync(join(tmpdir(), 'j2g-bench-reproduce-'));
  try {
    const r = await reproduce({ out, log: () => undefined });
    const results: Record<string, number | string> = {};
    for (const [step, s] of Object.entries(r.timings)) results[`${step} (s)`] = Number(s.toFixed(1));
    const notebooks = Object.entries(r.timings).filter(([k]) => k.startsWith('notebook '));
    const slowest = notebooks.sort((a, b) => b[1] - a[1])[0];
    if (slowest) results['slowest notebook'] = `${slowest[0].slice('notebook '.length)} ${slowest[1].toFixed(1)} s`;
    results['target'] = `total < 120 s: ${r.timings.total < 120 ? 'met' : 'MISSED'}`;
    results['exit status'] = r.exitCode;
    return results;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
