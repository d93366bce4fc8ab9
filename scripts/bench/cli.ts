/**
 * Bench part for issue 14: how fast `j2g` starts. `j2g --help` runs from the compiled JavaScript
 * (build/cli, bin/j2g.mjs) and must answer in under 0.3 s; shown beside it, the same through tsx
 * (what every start cost before) for comparison. Median of 7 runs after one warm-up (which builds
 * build/cli if the sources changed). Run alone with `npm run bench -- cli`. `j2g tables --help` loads
 * the tables command and the packages it uses (arquero, zod, hyparquet): what every `j2g tables` pays
 * before reading a byte (0.71-0.81 s when the packages were imported module by module, 0.30-0.42 s
 * bundled, load 11, 2 December 2026).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function medianSeconds(args: string[], runs = 7): number {
  const times: number[] = [];
  spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}`);
    times.push((performance.now() - t0) / 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

export async function benchCli(): Promise<Record<string, number | string>> {
  const compiled = medianSeconds(['bin/j2g.mjs', '--help']);
  const tables = medianSeconds(['bin/j2g.mjs', 'tables', '--help']);
  const node = medianSeconds(['-e', '0']);
  const tsx = medianSeconds(['--import', 'tsx', '-e', "import('./kernel-lib/cli/main.ts').then((m) => m.main(['--help']))"], 3);
  return {
    'j2g --help, compiled (s)': Number(compiled.toFixed(3)),
    'j2g tables --help, compiled: the tables command and its packages loaded (s)': Number(tables.toFixed(3)),
    'node -e 0, for reference (s)': Number(node.toFixed(3)),
    'j2g --help through tsx (s)': Number(tsx.toFixed(3)),
    target: `j2g --help < 0.3 s: ${compiled < 0.3 ? 'met' : 'MISSED'}`,
  };
}
