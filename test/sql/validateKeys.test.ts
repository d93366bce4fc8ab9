/**
 * validate.sql's key checks in two steps (issue 27): an aggregate per run_id and per (task_id, system)
 * picks the keys that may have a problem (a sum of 2^code per run over its (reference, judge) pairs, a
 * sum of 2^(attempt - 1) per (task, system)), and the itemising queries read only those keys' rows.
 * Each check is planted once, alone, into a generated dataset (kernel-lib/data/generate.ts), read as
 * CSV and as Parquet with typed number columns; the oracle is the message written by hand from the
 * planted row, and the JavaScript loader (data/load.ts), which must refuse the same dataset with as
 * many problems. The clean cases are the ones a wrong shortcut would refuse: more than 16 (reference,
 * judge) pairs (codes shared modulo 16) and 31 attempts per task (past the attempt sum's 30 bits).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { openDuckDbDataset } from '../../kernel-lib/sql/engine.ts';
import { generateDataset, type GeneratedOptions } from '../../kernel-lib/data/generate.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { ValidationError, formatIssue } from '../../kernel-lib/errors.ts';
import { FILES } from '../../kernel-lib/data/schema.ts';

const SHAPE: GeneratedOptions = { seed: 3, systems: 3, tasksPerOccupation: 2, occupations: 4, categories: 2, sectors: 2 };

type Files = Record<string, string>;
const append = (files: Files, name: string, ...lines: string[]) => { files[name] = files[name].trimEnd() + '\n' + lines.join('\n') + '\n'; };

/** A dataset folder of `files` as CSV, and the same as Parquet written by DuckDB with the types it infers (numbers as numbers). */
async function folders(files: Files): Promise<{ csv: string; parquet: string }> {
  const csv = mkdtempSync(join(tmpdir(), 'j2g-vkeys-csv-'));
  const parquet = mkdtempSync(join(tmpdir(), 'j2g-vkeys-pq-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(csv, name), text);
  writeFileSync(join(parquet, 'manifest.json'), files['manifest.json']);
  const duck = await DuckDBInstance.create(':memory:');
  const c = await duck.connect();
  try {
    for (const { file } of Object.values(FILES)) {
      await c.run(`COPY (SELECT * FROM read_csv('${join(csv, file)}', header = true)) TO '${join(parquet, file.replace(/\.csv$/, '.parquet'))}' (FORMAT PARQUET)`);
    }
  } finally {
    c.closeSync();
    duck.closeSync();
  }
  return { csv, parquet };
}

async function problems(dir: string): Promise<string[]> {
  const db = await openDuckDbDataset(dir);
  try {
    return (await db.validateSql()).map(formatIssue);
  } finally {
    db.close();
  }
}

function loaderIssues(dir: string): number {
  try {
    loadDataset(dir);
    return 0;
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    return e.issues.length;
  }
}

interface Plant {
  /** the check that must fire */
  check: string;
  plant(files: Files): void;
  /** the messages, with EXT for csv or parquet; `parquet` when the Parquet text differs (a typed number) */
  expected: string[];
  parquet?: string[];
}

const RUN = ',0.5,1.25,0.3'; // ai_hours, cost_usd, energy_mj of a planted run
const PLANTS: Plant[] = [
  {
    check: 'duplicate run_id',
    // a second row with run sysA-t0001-1's id, as attempt 5 of (t0002, sysB): no other check fires
    plant: (f) => append(f, 'runs.csv', `sysA-t0001-1,t0002,sysB,5${RUN}`),
    expected: ['runs.EXT: run_id=sysA-t0001-1: run_id: duplicate run_id (2 rows)'],
  },
  {
    check: 'judgment of a run not in runs',
    plant: (f) => append(f, 'judgments.csv', 'ghost-run,expert_only,gemini,win', 'ghost-run,expert_with_ai,gemini,loss'),
    expected: [
      'judgments.EXT: run_id=ghost-run,reference=expert_only,judge=gemini: run_id: unknown run "ghost-run" (not in runs)',
      'judgments.EXT: run_id=ghost-run,reference=expert_with_ai,judge=gemini: run_id: unknown run "ghost-run" (not in runs)',
    ],
  },
  {
    check: 'duplicate judgment',
    plant: (f) => append(f, 'judgments.csv', 'sysB-t0003-2,expert_only,haiku,tie'),
    expected: ['judgments.EXT: run_id=sysB-t0003-2,reference=expert_only,judge=haiku: judge: duplicate judgment (2 rows)'],
  },
  {
    check: 'duplicate judgment among 21 (reference, judge) pairs (codes shared modulo 16)',
    plant: (f) => {
      for (const run of ['sysA-t0001-1', 'sysA-t0002-3', 'sys003-t0008-4']) {
        for (let j = 1; j <= 9; j++) append(f, 'judgments.csv', `${run},expert_only,judge${j},win`, `${run},expert_with_ai,judge${j},loss`);
      }
      append(f, 'judgments.csv', 'sysA-t0002-3,expert_with_ai,judge7,win');
    },
    expected: ['judgments.EXT: run_id=sysA-t0002-3,reference=expert_with_ai,judge=judge7: judge: duplicate judgment (2 rows)'],
  },
  {
    check: 'run of a task not in tasks',
    plant: (f) => append(f, 'runs.csv', `ghost-task-run,t9999,sysA,1${RUN}`),
    expected: ['runs.EXT: run_id=ghost-task-run: task_id: unknown task "t9999" (not in tasks)'],
  },
  {
    check: 'run of a system not in systems',
    plant: (f) => append(f, 'runs.csv', `ghost-system-run,t0001,sysZ,1${RUN}`),
    expected: ['runs.EXT: run_id=ghost-system-run: system: unknown system "sysZ" (not in systems)'],
  },
  {
    check: 'unknown task of a run without a system (the rows whose group key is empty)',
    plant: (f) => append(f, 'runs.csv', `no-system-run,t9999,,1${RUN}`),
    expected: ['runs.EXT: run_id=no-system-run: system: required', 'runs.EXT: run_id=no-system-run: task_id: unknown task "t9999" (not in tasks)'],
  },
  {
    check: 'duplicate attempt (one more run)',
    plant: (f) => append(f, 'runs.csv', `extra-run,t0001,sysA,2${RUN}`),
    expected: ['runs.EXT: task_id=t0001,system=sysA,attempt=2: attempt: duplicate attempt (2 rows)'],
  },
  {
    check: 'duplicate attempt in place of another (as many runs, attempts 1, 2, 3, 2)',
    plant: (f) => { f['runs.csv'] = f['runs.csv'].replace(/^(sys003-t0005-4,t0005,sys003,)4,/m, '$12,'); },
    expected: ['runs.EXT: task_id=t0005,system=sys003,attempt=2: attempt: duplicate attempt (2 rows)'],
  },
  {
    check: 'attempts not numbered 1..n',
    plant: (f) => append(f, 'runs.csv', `extra-run,t0001,sysA,7${RUN}`),
    expected: ['runs.EXT: task_id=t0001,system=sysA: attempt: attempts are not numbered 1..n: 5 runs, attempts 1 to 7'],
  },
  {
    check: 'a number out of range, typed in Parquet',
    plant: (f) => { f['runs.csv'] = f['runs.csv'].replace(/^(sysB-t0004-1,[^\n]*),[^,\n]*$/m, '$1,-1'); },
    expected: ['runs.csv: run_id=sysB-t0004-1: energy_mj: expected a positive number: -1'],
    parquet: ['runs.parquet: run_id=sysB-t0004-1: energy_mj: expected a positive number: -1.0'],
  },
];

describe('validate.sql: each key check, planted alone into a generated dataset, from CSV and typed Parquet', () => {
  test('the generated dataset itself has no problem', async () => {
    const { csv, parquet } = await folders(generateDataset(SHAPE));
    expect(loaderIssues(csv)).toBe(0);
    expect(await problems(csv)).toEqual([]);
    expect(await problems(parquet)).toEqual([]);
  });

  test('no problem with more than 16 (reference, judge) pairs on one run, nor with 31 attempts per task (the shortcuts\' limits)', async () => {
    const files = generateDataset({ ...SHAPE, attempts: 31 });
    for (let j = 1; j <= 9; j++) append(files, 'judgments.csv', `sysA-t0001-1,expert_only,judge${j},win`, `sysA-t0001-1,expert_with_ai,judge${j},loss`);
    const { csv, parquet } = await folders(files);
    expect(files['runs.csv']).toContain('sysA-t0001-31,');
    expect(loaderIssues(csv)).toBe(0);
    expect(await problems(csv)).toEqual([]);
    expect(await problems(parquet)).toEqual([]);
  });

  test.each(PLANTS)('$check: found, named by key', async ({ plant, expected, parquet: pqExpected }) => {
    const files = generateDataset(SHAPE);
    plant(files);
    const dirs = await folders(files);
    // the oracle's count: the JavaScript loader refuses the same dataset with as many problems
    expect(loaderIssues(dirs.csv)).toBe(expected.length);
    expect(await problems(dirs.csv)).toEqual(expected.map((m) => m.replace('.EXT:', '.csv:')).sort());
    expect(await problems(dirs.parquet)).toEqual((pqExpected ?? expected.map((m) => m.replace(/^(\w+)\.(EXT|csv):/, '$1.parquet:'))).sort());
  });
});
