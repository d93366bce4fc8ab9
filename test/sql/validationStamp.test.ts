/**
 * A dataset checked once (kernel-lib/sql/validationStamp.ts): the stamp of a dataset that passed
 * sql/validate.sql lets `j2g tables --engine duckdb` skip the checks over the same bytes, and only
 * over them. The oracle is the checks themselves: every file changed in one cell (the same size, the
 * old mtime put back, so only the content can tell) is checked again and refused naming the row by key,
 * as validate() names it on a dataset never stamped.
 */
import { cpSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { j2gInProcess } from '../helpers/cli.ts';
import { openDuckDbDataset } from '../../kernel-lib/sql/engine.ts';
import { validateOnce, validationStamp } from '../../kernel-lib/sql/validationStamp.ts';
import { exportDataset } from '../../kernel-lib/data/exportDataset.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { ValidationError } from '../../kernel-lib/errors.ts';

const SMALL = new URL('../../data/recorded/synthetic-small', import.meta.url).pathname;
const tmp = (p: string) => mkdtempSync(join(tmpdir(), p));

/** Replace `from` by `to` (the same length) in a file, keeping its size and mtime. */
function editInPlace(path: string, from: string, to: string): void {
  expect(to.length).toBe(from.length);
  const { mtime, atime, size } = statSync(path);
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
  utimesSync(path, atime, mtime);
  expect(statSync(path).size).toBe(size);
  expect(statSync(path).mtime.getTime()).toBe(mtime.getTime());
}

/** runs.parquet rewritten by DuckDB with one run's energy_mj set to `value` (one cell). */
async function editParquetCell(dir: string, runId: string, value: number): Promise<void> {
  const path = join(dir, 'runs.parquet');
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  await c.run(`CREATE TABLE r AS SELECT * FROM read_parquet('${path}')`);
  await c.run(`UPDATE r SET energy_mj = ${value} WHERE run_id = '${runId}'`);
  await c.run(`COPY r TO '${path}' (FORMAT PARQUET)`);
  c.closeSync();
  db.closeSync();
}

async function once(dir: string) {
  const db = await openDuckDbDataset(dir);
  try {
    return await validateOnce(db);
  } finally {
    db.close();
  }
}

describe('a dataset checked once (sql/validationStamp.ts)', () => {
  let previous: string | undefined;
  let cache: string;
  beforeEach(() => {
    previous = process.env.J2G_CACHE_DIR;
    cache = tmp('j2g-cache-');
    process.env.J2G_CACHE_DIR = cache;
  });
  afterEach(() => {
    if (previous === undefined) delete process.env.J2G_CACHE_DIR;
    else process.env.J2G_CACHE_DIR = previous;
    vi.restoreAllMocks();
  });

  test('the checks run on first sight, not on the same bytes again (also under another folder), and again after a one-cell edit of a CSV, which they refuse by key', async () => {
    const dir = tmp('j2g-stamp-csv-');
    cpSync(SMALL, dir, { recursive: true });
    expect(await once(dir)).toMatchObject({ checked: true });
    expect(readdirSync(join(cache, 'validated'))).toHaveLength(1);
    expect(await once(dir)).toMatchObject({ checked: false });
    const copy = tmp('j2g-stamp-copy-');
    cpSync(dir, copy, { recursive: true });
    expect(await once(copy)).toMatchObject({ checked: false });
    // run xA1a1's energy 0.25 -> -.25 (runs.csv: run_id,task_id,system,attempt,ai_hours,cost_usd,energy_mj)
    const line = readFileSync(join(dir, 'runs.csv'), 'utf8').split('\n').find((l) => l.startsWith('xA1a1,'))!;
    const energy = line.split(',')[6];
    editInPlace(join(dir, 'runs.csv'), line, line.slice(0, line.length - energy.length) + `-${energy}`.replace('-0.', '-.'));
    const err = await once(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    // named as the JavaScript loader names it (data/load.ts checkDatasetFile runs before validate.sql)
    const lineNo = readFileSync(join(dir, 'runs.csv'), 'utf8').split('\n').findIndex((l) => l.startsWith('xA1a1,')) + 1;
    expect((err as ValidationError).issues).toEqual([{ file: 'runs.csv', line: lineNo, column: 'energy_mj', message: `expected a finite number > 0, found ${`-${energy}`.replace('-0.', '-.')}` }]);
    // the copy keeps its stamp; nothing was written into either dataset folder
    expect(await once(copy)).toMatchObject({ checked: false });
    expect(readdirSync(dir).sort()).toEqual(readdirSync(SMALL).sort());
  });

  test('a one-cell edit of a Parquet file is checked again: j2g tables --engine duckdb refuses it after j2g validate stamped the original', () => {
    const previousWarn = onWarning(null);
    return (async () => {
      const dir = tmp('j2g-stamp-pq-');
      exportDataset(loadDataset(SMALL), SMALL, dir, 'parquet');
      const v = await j2gInProcess(['validate', '--engine', 'duckdb', '--data', dir]);
      expect(v.code).toBe(0);
      expect(readdirSync(join(cache, 'validated'))).toHaveLength(1);
      expect(await once(dir)).toMatchObject({ checked: false });
      const ok = await j2gInProcess(['tables', '--engine', 'duckdb', '--data', dir, '--out', tmp('j2g-stamp-out-'), '--draws', '20']);
      expect(ok.code).toBe(0);
      await editParquetCell(dir, 'xB1a1', 0);
      const r = await j2gInProcess(['tables', '--engine', 'duckdb', '--data', dir, '--out', tmp('j2g-stamp-out-'), '--draws', '20']);
      expect(r.code).not.toBe(0);
      expect(r.err).toMatch(/runs\.parquet:\d+: energy_mj: expected a finite number > 0, found 0/);
      expect(readdirSync(join(cache, 'validated'))).toHaveLength(1);
    })().finally(() => onWarning(previousWarn));
  });

  test('a change of the checks\' text (the rules) gives another stamp, and a dataset with a problem is never stamped', async () => {
    const dir = tmp('j2g-stamp-rules-');
    cpSync(SMALL, dir, { recursive: true });
    const db = await openDuckDbDataset(dir);
    try {
      const stamp = await validationStamp(db.stampSource);
      expect(stamp.valid).toBe(false);
      stamp.mark();
      expect((await validationStamp(db.stampSource)).valid).toBe(true);
      expect((await validationStamp({ ...db.stampSource, rules: db.stampSource.rules + ' ' })).valid).toBe(false);
      expect(db.stampSource.files.map(([name]) => name)).toEqual(['occupations.csv', 'sectors.csv', 'tasks.csv', 'systems.csv', 'runs.csv', 'judgments.csv']);
    } finally {
      db.close();
    }
    const bad = tmp('j2g-stamp-bad-');
    cpSync(SMALL, bad, { recursive: true });
    writeFileSync(join(bad, 'judgments.csv'), readFileSync(join(bad, 'judgments.csv'), 'utf8') + 'nosuchrun,expert_only,J1,win\n');
    await expect(once(bad)).rejects.toThrow('judgments.csv: run_id=nosuchrun,reference=expert_only,judge=J1');
    await expect(once(bad)).rejects.toThrow(ValidationError);
    expect(existsSync(join(cache, 'validated')) ? readdirSync(join(cache, 'validated')) : []).toHaveLength(1);
  });

  test('with always (j2g validate --engine duckdb): the checks run even under a stamp, a problem is returned (not thrown) and never stamped, a clean result is stamped', async () => {
    const dir = tmp('j2g-stamp-always-');
    cpSync(SMALL, dir, { recursive: true });
    const db = await openDuckDbDataset(dir);
    try {
      let calls = 0;
      const counted = { stampSource: db.stampSource, validate: () => { calls++; return db.validate(); } };
      expect(await validateOnce(counted, { always: true })).toMatchObject({ checked: true, issues: [] });
      expect(readdirSync(join(cache, 'validated'))).toHaveLength(1);
      expect(await validateOnce(counted)).toMatchObject({ checked: false, issues: [] });
      expect(calls).toBe(1);
      expect(await validateOnce(counted, { always: true })).toMatchObject({ checked: true, issues: [] });
      expect(calls).toBe(2);
    } finally {
      db.close();
    }
    const bad = tmp('j2g-stamp-always-bad-');
    cpSync(SMALL, bad, { recursive: true });
    writeFileSync(join(bad, 'judgments.csv'), readFileSync(join(bad, 'judgments.csv'), 'utf8') + 'nosuchrun,expert_only,J1,win\n');
    const bdb = await openDuckDbDataset(bad);
    try {
      const r = await validateOnce(bdb, { always: true });
      expect(r.checked).toBe(true);
      expect(r.issues).toEqual([{ file: 'judgments.csv: run_id=nosuchrun,reference=expert_only,judge=J1', column: 'run_id', message: 'unknown run "nosuchrun" (not in runs)' }]);
    } finally {
      bdb.close();
    }
    expect(readdirSync(join(cache, 'validated'))).toHaveLength(1);
  });
});

describe('DuckDB under a memory cap (kernel-lib/sql/engine.ts)', () => {
  test('validate.sql over CSV files runs under a 300 MB memory_limit (its thirty-odd CSV scans each get a 4 MiB buffer) and still finds a problem', async () => {
    const previous = process.env.J2G_DUCKDB_MEMORY;
    process.env.J2G_DUCKDB_MEMORY = '300MB';
    try {
      const db = await openDuckDbDataset(SMALL);
      try {
        expect((await db.connection.runAndReadAll("SELECT current_setting('memory_limit') AS m")).getRowObjectsJS()[0].m).toBe('286.1 MiB');
        expect(await db.validate()).toEqual([]);
      } finally {
        db.close();
      }
      const bad = tmp('j2g-cap-bad-');
      cpSync(SMALL, bad, { recursive: true });
      writeFileSync(join(bad, 'judgments.csv'), readFileSync(join(bad, 'judgments.csv'), 'utf8') + 'nosuchrun,expert_only,J1,win\n');
      const db2 = await openDuckDbDataset(bad);
      try {
        expect((await db2.validate()).map((i) => i.file)).toEqual(['judgments.csv: run_id=nosuchrun,reference=expert_only,judge=J1']);
      } finally {
        db2.close();
      }
    } finally {
      if (previous === undefined) delete process.env.J2G_DUCKDB_MEMORY;
      else process.env.J2G_DUCKDB_MEMORY = previous;
    }
  });
});
