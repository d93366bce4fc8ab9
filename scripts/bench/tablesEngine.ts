/**
 * Bench part for issue 27: `j2g tables --engine duckdb` (task components from kernel-lib/sql/taskComponents.sql
 * on DuckDB, tables/componentSource.ts) against the default engine, each in a child process under
 * /usr/bin/time (wall, CPU, peak RSS), and the check too heavy for the unit stage: every output file the
 * same byte for byte from the JavaScript engine over CSV, DuckDB over CSV and DuckDB over Parquet, on the
 * reconstructed dataset (with Table 5's sweep) and the wide 200,640-run dataset (SCALE_WIDE: 570 tasks per
 * occupation), `--draws 1000`. A difference fails the part, naming the file.
 * Run alone with `npm run bench -- tables-engine`.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeGeneratedDataset } from '../../kernel-lib/data/generate.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { exportDataset } from '../../kernel-lib/data/exportDataset.ts';
import { SCALE_WIDE, measureJ2g } from './scale.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every file of `dir` but the output record, by name. */
function outputs(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).filter((f) => !f.startsWith('.')).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

function sameFiles(label: string, a: Record<string, string>, b: Record<string, string>): void {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  const differ = names.filter((n) => a[n] !== b[n]);
  if (differ.length) throw new Error(`${label}: ${differ.join(', ')} differ`);
}

export async function benchTablesEngine(): Promise<Record<string, number | string>> {
  const tmp = mkdtempSync(join(tmpdir(), 'j2g-tables-engine-'));
  const results: Record<string, number | string> = { host: 'measured on the shared 2-core machine: wall times are inflated by other sessions; compare within this run' };
  try {
    const cases: [label: string, dir: string, extra: string[]][] = [
      ['reconstructed', join(ROOT, 'data/recorded/joules-to-gdp-reconstructed'), ['--rates', join(ROOT, 'data/reference/node_rates.csv')]],
      ['wide', join(tmp, 'wide'), []],
    ];
    writeGeneratedDataset(join(tmp, 'wide'), SCALE_WIDE);
    for (const [label, dir, extra] of cases) {
      const pq = join(tmp, `${label}-pq`);
      exportDataset(loadDataset(dir), dir, pq, 'parquet');
      const runs: [string, string, string[]][] = [['js, CSV', dir, []], ['duckdb, CSV', dir, ['--engine', 'duckdb']], ['duckdb, Parquet', pq, ['--engine', 'duckdb']]];
      let first: Record<string, string> | undefined;
      for (const [how, data, flags] of runs) {
        const out = join(tmp, `${label}-${how.replace(/\W+/g, '-')}`);
        const m = measureJ2g(['tables', '--data', data, '--out', out, '--draws', '1000', ...extra, ...flags]);
        results[`${label}: tables --draws 1000, ${how} (s wall / s CPU / MB)`] = `${m.seconds.toFixed(1)} / ${m.cpuSeconds.toFixed(1)} / ${m.peakMb.toFixed(0)}`;
        const files = outputs(out);
        // scenario.json names the dataset folder: the Parquet copy's path differs, nothing else may
        if (data === pq) for (const f of ['scenario.json']) delete files[f];
        if (first === undefined) first = files;
        else sameFiles(`${label}, ${how}`, Object.fromEntries(Object.entries(first).filter(([n]) => n in files)), files);
      }
      results[`${label}: files the same byte for byte`] = `${Object.keys(first ?? {}).length} files, 3 ways`;
    }
    return results;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchTablesEngine());
