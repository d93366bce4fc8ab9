/**
 * Both engines on one boundary: a Parquet dataset is under the change guard as a CSV one is, a
 * Parquet header follows the CSV header rules in both engines, DuckDB reads only the files the
 * boundary resolved (no glob expansion of the dataset's path), and `validate --engine duckdb` refuses
 * every hostile file or cell the JavaScript loader refuses, with the same `file:line: column: ...`
 * messages. Generated (fast-check, seeded): the run whose energy is edited and its new value, the
 * duplicated column, the glob character in the folder's name, the hostile cell and its column, the
 * broken header or encoding. Oracle: the JavaScript loader's own messages (data/load.ts), and hand-written ones.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ValidationError, formatIssue } from '../../kernel-lib/errors.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { exportDataset } from '../../kernel-lib/data/exportDataset.ts';
import { readParquet, parquetBytes, type ParquetOutColumn } from '../../kernel-lib/io/parquet.ts';
import { DatasetChangedError, loadScenario } from '../../kernel-lib/scenario/files.ts';
import { openDuckDbDataset } from '../../kernel-lib/sql/engine.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';

const tmp = (p: string) => mkdtempSync(join(tmpdir(), p));

/** A Parquet copy of synthetic-small (j2g export). */
function parquetCopy(): string {
  const dir = join(tmp('j2g-eb-pq-'), 'ds');
  exportDataset(loadDataset(SMALL), SMALL, dir, 'parquet');
  rmSync(join(dir, '.j2g-outputs.json'));
  return dir;
}

/** runs.parquet of `dir` rewritten with `edit` applied to its columns (as read: numbers as numbers). */
function rewriteRuns(dir: string, edit: (columns: ParquetOutColumn[]) => ParquetOutColumn[]): void {
  const { columns } = readParquet(readFileSync(join(dir, 'runs.parquet')), 'runs.parquet');
  const out: ParquetOutColumn[] = columns.map((c) => ({ name: c.name, type: c.physical === 'DOUBLE' ? 'DOUBLE' : c.physical === 'INT32' ? 'INT32' : 'STRING', values: c.values as (string | number | null)[] }));
  writeFileSync(join(dir, 'runs.parquet'), parquetBytes(edit(out)));
}

/** What each engine says of a dataset folder: the JavaScript loader's problems, and DuckDB's (opening, then validate()). */
async function bothEngines(dir: string): Promise<{ js: string[]; duckdb: string[] }> {
  let js: string[] = [];
  try { loadDataset(dir); } catch (e) { if (!(e instanceof ValidationError)) throw e; js = e.issues.map(formatIssue); }
  let duckdb: string[];
  try {
    const db = await openDuckDbDataset(dir);
    try { duckdb = (await db.validate()).map(formatIssue); } finally { db.close(); }
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    duckdb = e.issues.map(formatIssue);
  }
  return { js, duckdb };
}

describe('a Parquet dataset under the change guard', () => {
  test('any one energy of runs.parquet changed: the old scenario refuses the dataset, naming runs.parquet (the hashes were of no file before)', () => {
    const previous = onWarning(null);
    try {
      const dir = parquetCopy();
      const { scenario } = loadScenario({ dataset: dir });
      expect(Object.keys(scenario.datasetFiles!)).toContain('runs.parquet');
      const runs = loadDataset(dir).rows.runs.length;
      fc.assert(fc.property(fc.integer({ min: 0, max: runs - 1 }), fc.double({ min: 1e-3, max: 1e6, noNaN: true }), (i, mj) => {
        const copy = join(tmp('j2g-eb-edit-'), 'ds');
        cpSync(dir, copy, { recursive: true });
        rewriteRuns(copy, (cols) => cols.map((c) => (c.name === 'energy_mj' ? { ...c, values: c.values.map((v, k) => (k === i ? (v === mj ? mj * 2 : mj) : v)) } : c)));
        let err: unknown;
        try { loadScenario({ dataset: copy, datasetSha256: scenario.datasetSha256, datasetFiles: scenario.datasetFiles }); } catch (e) { err = e; }
        expect(err).toBeInstanceOf(DatasetChangedError);
        expect((err as Error).message).toContain('(changed: runs.parquet;');
      }), { seed: 43, numRuns: 6 });
    } finally {
      onWarning(previous);
    }
  }, 60_000);
});

describe('both engines, one set of rules', () => {
  test('a Parquet file with a column given twice is refused by both engines with the CSV message (they read different columns of the two)', async () => {
    const base = parquetCopy();
    await fc.assert(fc.asyncProperty(fc.constantFrom('energy_mj', 'run_id', 'attempt', 'system', 'cost_usd'), async (name) => {
      const dir = join(tmp('j2g-eb-dup-'), 'ds');
      cpSync(base, dir, { recursive: true });
      rewriteRuns(dir, (cols) => [...cols, { ...cols.find((c) => c.name === name)!, values: cols.find((c) => c.name === name)!.values.map((v) => (typeof v === 'number' ? v * 100 : `${v}x`)) }]);
      const expected = [`runs.parquet:1: ${name}: duplicate column name in header`];
      expect(await bothEngines(dir)).toEqual({ js: expected, duckdb: expected });
    }), { seed: 43, numRuns: 4 });
  }, 60_000);

  test('DuckDB reads the folder it was given, literally: a glob character in its name never reads a sibling', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(['dsA[1]', 'dsA1'], ['ds?', 'dsX'], ['ds*', 'dsY'], ['ds{A,B}', 'dsA']), async ([name, sibling]) => {
      const base = tmp('j2g-eb-glob-');
      cpSync(SMALL, join(base, name), { recursive: true });
      // the sibling a glob would match: the same files, but runs.csv with its last run left out
      cpSync(SMALL, join(base, sibling), { recursive: true });
      const runs = readFileSync(join(SMALL, 'runs.csv'), 'utf8').trimEnd().split('\n');
      writeFileSync(join(base, sibling, 'runs.csv'), `${runs.slice(0, -1).join('\n')}\n`);
      const db = await openDuckDbDataset(join(base, name));
      try {
        const n = Number((await db.connection.runAndReadAll('SELECT COUNT(*) AS n FROM raw_runs')).getRowObjectsJS()[0].n);
        expect(n).toBe(runs.length - 1);
      } finally {
        db.close();
      }
    }), { seed: 43, numRuns: 4 });
  }, 60_000);

  test('a hostile cell of runs.csv (NaN, 2e308, -0, padded numbers, attempts 01, 1.0, 8e0, a NUL in an id): the same messages from both engines, at file:line', async () => {
    const cells = fc.oneof(
      fc.record({ column: fc.constantFrom('energy_mj', 'cost_usd', 'ai_hours'), value: fc.constantFrom('NaN', '2e308', '-0', ' 0.2', '0.2 ', 'Infinity', '0x10', '1e-400', '') }),
      fc.record({ column: fc.constant('attempt'), value: fc.constantFrom('01', '1.0', '8e0', '+1', '0', '-1') }),
      fc.record({ column: fc.constantFrom('run_id', 'system'), value: fc.constantFrom('r\u0000x', ' sysX', '') }),
    );
    const header = readFileSync(join(SMALL, 'runs.csv'), 'utf8').split('\n')[0].split(',');
    await fc.assert(fc.asyncProperty(cells, fc.integer({ min: 2, max: readFileSync(join(SMALL, 'runs.csv'), 'utf8').trimEnd().split('\n').length }), async ({ column, value }, line) => {
      const dir = join(tmp('j2g-eb-cell-'), 'ds');
      cpSync(SMALL, dir, { recursive: true });
      const lines = readFileSync(join(SMALL, 'runs.csv'), 'utf8').split('\n');
      const fields = lines[line - 1].split(',');
      fields[header.indexOf(column)] = value;
      lines[line - 1] = fields.join(',');
      writeFileSync(join(dir, 'runs.csv'), lines.join('\n'));
      const { js, duckdb } = await bothEngines(dir);
      // every message of the cell's row is the same; the loader may add a cross-file one (attempt 01 leaves a
      // gap in 1..n, an id with a NUL is unknown), which DuckDB's SQL checks report by key once the files' own rules pass
      expect(duckdb.length).toBeGreaterThan(0);
      expect(duckdb).toEqual(js.filter((m) => m.startsWith(`runs.csv:${line}:`) && !/: unknown \w+ "|expected attempts 1..n without gaps/.test(m)));
      expect(duckdb[0]).toBe(js[0]);
    }), { seed: 43, numRuns: 25 });
  }, 120_000);

  test('a hostile cell of runs.parquet (NaN, an infinity, -0, 0, a negative, a padded, empty or NUL-holding id): the same messages from both engines, the row number as line', async () => {
    const base = parquetCopy();
    const rows = loadDataset(base).rows.runs.length;
    // every (column, value) pair, each at a row drawn by fast-check (seeded)
    const pairs: { column: string; value: string | number | null }[] = [
      ...['energy_mj', 'cost_usd', 'ai_hours'].flatMap((column) => [NaN, Infinity, -Infinity, -0, 0, -1, null].map((value) => ({ column, value }))),
      ...[0, -1, null].map((value) => ({ column: 'attempt', value })),
      ...['run_id', 'system', 'task_id'].flatMap((column) => [' sysX', 'sysX ', '', 'r\u0000x', '\u00a0x', null].map((value) => ({ column, value }))),
    ];
    const at = fc.sample(fc.integer({ min: 0, max: rows - 1 }), { seed: 43, numRuns: pairs.length });
    for (const [k, { column, value }] of pairs.entries()) {
      const i = at[k];
      const dir = join(tmp('j2g-eb-pqcell-'), 'ds');
      cpSync(base, dir, { recursive: true });
      rewriteRuns(dir, (cols) => cols.map((c) => (c.name === column ? { ...c, values: c.values.map((v, n) => (n === i ? value : v)) } : c)));
      const { js, duckdb } = await bothEngines(dir);
      // a value the rules allow (cost 0) is allowed by both
      if (js.length === 0) { expect(duckdb, `${column}=${String(value)}`).toEqual([]); continue; }
      expect(duckdb.length, `${column}=${String(value)}`).toBeGreaterThan(0);
      expect(duckdb).toEqual(js.filter((m) => m.startsWith(`runs.parquet:${i + 1}:`) && !/: unknown \w+ "|expected attempts 1..n without gaps/.test(m)));
      expect(duckdb[0]).toBe(js[0]);
    }
  }, 120_000);

  test('a broken runs.csv (duplicate, padded or empty header name, a blank line, invalid UTF-8, UTF-16, a double byte-order mark): the same messages from both engines, none a DuckDB stack', async () => {
    const text = readFileSync(join(SMALL, 'runs.csv'));
    const s = text.toString('utf8');
    const breaks: Record<string, () => Buffer> = {
      duplicate: () => Buffer.from(s.replace('energy_mj', 'cost_usd')),
      padded: () => Buffer.from(s.replace('energy_mj', ' energy_mj')),
      empty: () => Buffer.from(s.replace(',energy_mj', ',')),
      blank: () => Buffer.from(s.replace('\n', '\n\n')),
      latin1: () => Buffer.concat([Buffer.from(s.slice(0, 200)), Buffer.from([0xe9]), Buffer.from(s.slice(200))]),
      utf16: () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')]),
      doubleBom: () => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf]), text]),
    };
    await fc.assert(fc.asyncProperty(fc.constantFrom(...Object.keys(breaks)), async (kind) => {
      const dir = join(tmp('j2g-eb-break-'), 'ds');
      mkdirSync(dir, { recursive: true });
      cpSync(SMALL, dir, { recursive: true });
      writeFileSync(join(dir, 'runs.csv'), breaks[kind]());
      const { js, duckdb } = await bothEngines(dir);
      expect(js.length).toBeGreaterThan(0);
      expect(duckdb).toEqual(js);
      for (const m of duckdb) expect(m).toMatch(/^runs\.csv(:\d+)?: /);
    }), { seed: 43, numRuns: 14 });
  }, 120_000);
});
