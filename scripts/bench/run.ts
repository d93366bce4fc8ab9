/**
 * `npm run bench`: every speed and memory target of the project, measured in one run and printed as
 * a table (never asserted in unit tests). Each part lives beside its subsystem:
 *   scripts/bench/tables.ts        point-estimate tables on a generated 220-task dataset (this file's sibling)
 *   scripts/bench/uncertainty.ts   interval tables, Table 16 portfolios, Table 17 vs numpy, also on 570 tasks per occupation (issues 3, 27)
 *   scripts/bench/qaij.ts          QAIJ seven-part report at 10,000 draws vs the plain oracle (< 1 s warm) (issue 16)
 *   scripts/bench/energy.ts        trace ingestion throughput and memory vs pandas + numpy   (issue 4)
 *   scripts/bench/reproduce.ts     full `npm run reproduce`: wall, CPU, load, per step and notebook (< 60 s, issues 6, 16)
 *   scripts/bench/compare.ts       `j2g compare` on the three analyses of 12-what-if           (issue 11)
 *   scripts/bench/cli.ts           `j2g --help` start time from the compiled CLI (< 0.3 s)   (issue 14)
 *   scripts/bench/scale.ts         `j2g validate` and `tables --draws 1000` on 200,640 runs (< 5 s / 400 MB, < 10 s / 600 MB) (issue 16),
 *                                  and `tables --draws 1000` on 200,640 runs in occupations of 570 tasks (< 3 s / 600 MB) (issue 27)
 *   scripts/bench/explorer.ts      the explorer page in Chromium: cold start, point and interval passes (issue 12)
 *   scripts/bench/duckdb.ts        5 million runs and 20 million judgments as Parquet: validate and task components in SQL on DuckDB (< 30 s; < 60 s, 2 GB) (issue 27)
 *   scripts/bench/tablesEngine.ts  `j2g tables --engine duckdb` vs js, CSV and Parquet: the same files byte for byte (reconstructed, wide) (issue 27)
 *   scripts/bench/traceEnergy.ts   `j2g energy` (the streaming reader; --engine duckdb to 10 M) on 100 M power samples as Parquet, 8 GPUs, 1,000 runs (< 60 s, flat memory) (issue 27)
 *   scripts/bench/multiverse.ts    `j2g multiverse`, default grid, reconstructed dataset, 2,000 draws (< 60 s; issue 26)
 *   scripts/bench/readers.ts       peak memory of each reader at its stated limit (256/128/64/16 MiB), under a heap cap (issue 23)
 * A part whose module is missing is reported as such, not skipped silently.
 */
import { existsSync } from 'node:fs';

type Bench = () => Promise<Record<string, number | string>>;

const PARTS: [name: string, file: string, exportName: string][] = [
  ['tables', './tables.ts', 'benchTables'],
  ['uncertainty', './uncertainty.ts', 'benchUncertainty'],
  ['qaij', './qaij.ts', 'benchQaij'],
  ['energy', './energy.ts', 'benchEnergy'],
  ['cli', './cli.ts', 'benchCli'],
  ['reproduce', './reproduce.ts', 'benchReproduce'],
  ['compare', './compare.ts', 'benchCompare'],
  ['explorer', './explorer.ts', 'benchExplorer'],
  ['scale', './scale.ts', 'benchScale'],
  ['duckdb', './duckdb.ts', 'benchDuckdb'],
  ['tables-engine', './tablesEngine.ts', 'benchTablesEngine'],
  ['trace-energy', './traceEnergy.ts', 'benchTraceEnergy'],
  ['multiverse', './multiverse.ts', 'benchMultiverse'],
  ['readers', './readers.ts', 'benchReaders'],
];

// `npm run bench -- readers csv columns`: part names choose parts, other words go to the parts (the readers' kinds)
const partNames = new Set(PARTS.map(([name]) => name));
const only = process.argv.slice(2).filter((a) => partNames.has(a));
const partArgs = process.argv.slice(2).filter((a) => !partNames.has(a));
let failed = 0;
for (const [name, file, exportName] of PARTS) {
  if (only.length && !only.includes(name)) continue;
  const path = new URL(file, import.meta.url);
  process.stdout.write(`\n== ${name} (${file})\n`);
  if (!existsSync(path)) {
    console.log('   not available in this checkout');
    continue;
  }
  try {
    const mod = (await import(path.href)) as Record<string, (args?: string[]) => ReturnType<Bench>>;
    const results = await mod[exportName](partArgs.length ? partArgs : undefined);
    const width = Math.max(...Object.keys(results).map((k) => k.length));
    for (const [k, v] of Object.entries(results)) console.log(`   ${k.padEnd(width)}  ${v}`);
  } catch (e) {
    failed++;
    console.log(`   FAILED: ${(e as Error).stack ?? e}`);
  }
}
process.exitCode = failed ? 1 : 0;
