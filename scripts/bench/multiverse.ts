/**
 * `j2g multiverse` (issue #26): the default grid on the reconstructed dataset at 2,000 shared draws,
 * as a child process (Node start-up and writing the files included; target < 60 s on the 2-core
 * machine), then in-process on a loaded dataset, wall and CPU seconds, for the default grid and for
 * the same grid with one weight scheme instead of three: the difference over the difference in
 * specifications is the cost per added specification (each new specification's Table 1 and Table 13
 * with intervals, and its conclusions). Last, the uncertainty budget of the base scenario (`--budget`).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { resolveContext } from '../../kernel-lib/tables/context.ts';
import { defaultGrid } from '../../kernel-lib/robustness/grid.ts';
import { multiverse } from '../../kernel-lib/robustness/multiverse.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { uncertaintyBudget } from '../../kernel-lib/robustness/budget.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const J2G = join(ROOT, 'bin/j2g.mjs');
const DATA = join(ROOT, 'data/recorded/joules-to-gdp-reconstructed');
const DRAWS = 2000;

export async function benchMultiverse(): Promise<Record<string, number | string>> {
  const out: Record<string, number | string> = {};
  const dir = mkdtempSync(join(tmpdir(), 'j2g-bench-multiverse-'));
  const t0 = performance.now();
  execFileSync(process.execPath, [J2G, 'multiverse', '--data', DATA, '--out', join(dir, 'out'), '--draws', String(DRAWS)], { stdio: ['ignore', 'ignore', 'ignore'] });
  out[`j2g multiverse, default grid, ${DRAWS} draws (wall s, target < 60)`] = Number(((performance.now() - t0) / 1000).toFixed(2));
  onWarning(() => {});
  const run = (weights?: string[]) => {
    const dataset = loadDataset(DATA); // fresh: no memo or cache carried from the previous run
    const ctx = resolveContext({ dataset, bootstrap: { draws: DRAWS } });
    const grid = { ...defaultGrid(ctx), ...(weights ? { weights } : {}) };
    const w0 = performance.now(), c0 = process.cpuUsage();
    const r = multiverse(ctx, grid);
    const cpu = process.cpuUsage(c0);
    return { specs: r.specs.length, supported: r.specs.filter((s) => s.unsupported === null).length, wall: (performance.now() - w0) / 1000, cpu: (cpu.user + cpu.system) / 1e6, conclusions: r.conclusions.length };
  };
  const full = run();
  const part = run(['gdp']);
  out[`multiverse() in-process, default grid: ${full.specs} specifications (${full.supported} supported), ${full.conclusions} conclusions (wall s / CPU s)`] = `${full.wall.toFixed(2)} / ${full.cpu.toFixed(2)}`;
  out[`multiverse() in-process, one weight scheme: ${part.specs} specifications (${part.supported} supported) (wall s / CPU s)`] = `${part.wall.toFixed(2)} / ${part.cpu.toFixed(2)}`;
  const added = full.supported - part.supported;
  out['cost per added supported specification (CPU ms, from the difference)'] = Number((((full.cpu - part.cpu) / added) * 1000).toFixed(1));
  {
    const ctx = resolveContext({ dataset: loadDataset(DATA), bootstrap: { draws: DRAWS } });
    const w0 = performance.now(), c0 = process.cpuUsage();
    const rows = uncertaintyBudget(ctx);
    const cpu = process.cpuUsage(c0);
    out[`uncertaintyBudget(), ${rows.length} rows (9 systems and 13 categories x NVJ, TSJ; 5 configurations each), ${DRAWS} draws (wall s / CPU s)`] = `${((performance.now() - w0) / 1000).toFixed(2)} / ${((cpu.user + cpu.system) / 1e6).toFixed(2)}`;
  }
  return out;
}
