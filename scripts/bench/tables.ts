/**
 * Benchmark: building every table (point estimates and bootstrap intervals) from a 220-task, 4-attempt dataset in the recorded-data
 * schema (the reconstructed dataset when present, else a generated one).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { buildTables } from '../../kernel-lib/cli/commands/tables.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { writeGeneratedDataset } from '../../kernel-lib/data/generate.ts';

export async function benchTables(): Promise<Record<string, number | string>> {
  onWarning(null);
  const recon = new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname;
  let dir = recon;
  if (!existsSync(join(recon, 'manifest.json'))) {
    dir = mkdtempSync(join(tmpdir(), 'j2g-bench-'));
    writeGeneratedDataset(dir, { occupations: 44, tasksPerOccupation: 5, attempts: 4, seed: 1 });
  }
  let t = performance.now();
  const ds = loadDataset(dir);
  const loadMs = performance.now() - t;
  t = performance.now();
  const { tables, skipped } = buildTables({ dataset: ds });
  const buildMs = performance.now() - t;
  return {
    dataset: dir === recon ? 'joules-to-gdp-reconstructed' : 'generated (44 occupations x 5 tasks x 4 attempts)',
    runs: ds.rows.runs.length,
    'load + validate (ms)': loadMs.toFixed(1),
    'all tables, with intervals at the manifest draws (ms)': buildMs.toFixed(1),
    draws: ds.manifest.bootstrap.draws,
    tables: Object.keys(tables).length,
    skipped: Object.keys(skipped).join(' ') || 'none',
    'heap used (MB)': (process.memoryUsage().heapUsed / 2 ** 20).toFixed(1),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchTables());
