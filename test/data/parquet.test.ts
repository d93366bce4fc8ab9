/**
 * Datasets as Parquet (issue 27): `exportDataset` to Parquet and back to CSV gives the same dataset
 * (every row, Object.is on every number) for the two datasets in the tree and generated datasets of 1, 5
 * and 40 tasks per occupation; the CSV written back from the reconstructed dataset is its own bytes; and
 * bad Parquet files are refused by the CSV rules with messages naming file, row and column. Oracle: the
 * dataset loaded from the CSV files (the existing path). The tables from all three forms are compared
 * end to end in test/cli/export.test.ts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { exportDataset } from '../../kernel-lib/data/exportDataset.ts';
import { writeGeneratedDataset } from '../../kernel-lib/data/generate.ts';
import { parquetBytes, readParquet, type ParquetOutColumn } from '../../kernel-lib/io/parquet.ts';
import { ValidationError } from '../../kernel-lib/errors.ts';
import { FILES } from '../../kernel-lib/data/schema.ts';

const SMALL = new URL('../../data/recorded/synthetic-small', import.meta.url).pathname;
const RECONSTRUCTED = new URL('../../data/recorded/joules-to-gdp-reconstructed', import.meta.url).pathname;
const tmp = (p: string) => mkdtempSync(join(tmpdir(), p));

function roundTrip(dir: string): { csv: ReturnType<typeof loadDataset>; pq: ReturnType<typeof loadDataset>; back: ReturnType<typeof loadDataset>; backDir: string } {
  const csv = loadDataset(dir);
  const pqDir = tmp('j2g-pq-'), backDir = tmp('j2g-back-');
  exportDataset(csv, dir, pqDir, 'parquet');
  const pq = loadDataset(pqDir);
  exportDataset(pq, pqDir, backDir, 'csv');
  return { csv, pq, back: loadDataset(backDir), backDir };
}

describe('Parquet datasets', () => {
  test('CSV -> Parquet -> CSV keeps every row of both datasets in the tree; the reconstructed CSV comes back byte for byte', () => {
    for (const dir of [SMALL, RECONSTRUCTED]) {
      const { csv, pq, back, backDir } = roundTrip(dir);
      expect(pq.rows).toEqual(csv.rows);
      expect(back.rows).toEqual(csv.rows);
      expect(pq.manifest).toEqual(csv.manifest);
      if (dir === RECONSTRUCTED) {
        for (const { file } of Object.values(FILES)) expect(readFileSync(join(backDir, file), 'utf8')).toBe(readFileSync(join(dir, file), 'utf8'));
      }
    }
  });

  test('generated datasets of 1, 5 and 40 tasks per occupation, node_hours and an extra column included', () => {
    for (const tasksPerOccupation of [1, 5, 40]) {
      const dir = tmp('j2g-gen-');
      writeGeneratedDataset(dir, { seed: 7, tasksPerOccupation, occupations: tasksPerOccupation > 5 ? 12 : 44 });
      // a node_hours column with some cells empty, and an extra column kept as text
      const runs = readFileSync(join(dir, 'runs.csv'), 'utf8').trimEnd().split('\n');
      writeFileSync(join(dir, 'runs.csv'), runs.map((l, i) => (i === 0 ? `${l},node_hours,gpu` : `${l},${i % 3 ? (i / 7).toString() : ''},h100-${i % 2}`)).join('\n') + '\n');
      const { csv, pq, back } = roundTrip(dir);
      expect(csv.rows.runs.filter((r) => r.node_hours === null).length).toBeGreaterThan(0);
      expect(csv.rows.runs[0].extra).toEqual({ gpu: 'h100-1' });
      expect(pq.rows).toEqual(csv.rows);
      expect(back.rows).toEqual(csv.rows);
    }
  });

  test('the Parquet written has the schema\'s types', () => {
    const dir = tmp('j2g-pq-');
    exportDataset(loadDataset(SMALL), SMALL, dir, 'parquet');
    const { columns } = readParquet(readFileSync(join(dir, 'runs.parquet')), 'runs.parquet');
    expect(columns.map((c) => [c.name, c.physical, c.logical])).toEqual([
      ['run_id', 'BYTE_ARRAY', 'UTF8'], ['task_id', 'BYTE_ARRAY', 'UTF8'], ['system', 'BYTE_ARRAY', 'UTF8'],
      ['attempt', 'INT32', null], ['ai_hours', 'DOUBLE', null], ['cost_usd', 'DOUBLE', null], ['energy_mj', 'DOUBLE', null],
    ]);
  });
});

describe('bad Parquet files are refused naming file, row and column', () => {
  /** synthetic-small as Parquet with runs.parquet replaced by `edit` of its columns. */
  function withRuns(edit: (columns: ParquetOutColumn[]) => ParquetOutColumn[]): string {
    const dir = tmp('j2g-bad-');
    exportDataset(loadDataset(SMALL), SMALL, dir, 'parquet');
    const { columns } = readParquet(readFileSync(join(dir, 'runs.parquet')), 'runs.parquet');
    const typed: ParquetOutColumn[] = columns.map((c) => ({ name: c.name, type: c.physical === 'INT32' ? 'INT32' : c.physical === 'DOUBLE' ? 'DOUBLE' : 'STRING', values: c.values as (string | number | null)[] }));
    writeFileSync(join(dir, 'runs.parquet'), parquetBytes(edit(typed)));
    return dir;
  }
  const messageOf = (dir: string) => { try { loadDataset(dir); return ''; } catch (e) { expect(e).toBeInstanceOf(ValidationError); return (e as Error).message; } };

  test('a wrong type', () => {
    const dir = withRuns((cs) => cs.map((c) => (c.name === 'energy_mj' ? { ...c, type: 'STRING', values: c.values.map(String) } : c)));
    expect(messageOf(dir)).toContain('runs.parquet:1: energy_mj: expected numbers (DOUBLE, FLOAT, INT32, INT64 or DECIMAL), found BYTE_ARRAY (UTF8)');
    const ids = withRuns((cs) => cs.map((c) => (c.name === 'task_id' ? { ...c, type: 'INT32', values: c.values.map((_, i) => i) } : c)));
    expect(messageOf(ids)).toContain('runs.parquet:1: task_id: expected text (BYTE_ARRAY STRING), found INT32');
  });

  test('a missing column', () => {
    const dir = withRuns((cs) => cs.filter((c) => c.name !== 'cost_usd'));
    expect(messageOf(dir)).toMatch(/runs\.parquet.*cost_usd/);
  });

  test('a duplicated id, a bad value and a null in a required column, each at its row', () => {
    const dir = withRuns((cs) => cs.map((c) => {
      if (c.name === 'run_id') return { ...c, values: c.values.map((v, i) => (i === 4 ? c.values[1] : v)) };
      if (c.name === 'energy_mj') return { ...c, values: c.values.map((v, i) => (i === 6 ? -1 : v)) };
      if (c.name === 'ai_hours') return { ...c, values: c.values.map((v, i) => (i === 7 ? null : v)) };
      return c;
    }));
    const message = messageOf(dir);
    const csvDir = loadDataset(SMALL);
    expect(message).toContain(`runs.parquet:5: run_id: duplicate run_id "${csvDir.rows.runs[1].run_id}" (first on line 2)`);
    expect(message).toMatch(/runs\.parquet:7: energy_mj: /);
    expect(message).toMatch(/runs\.parquet:8: ai_hours: /);
  });

  test('runs.csv beside runs.parquet, and bytes that are not Parquet', () => {
    const both = withRuns((cs) => cs);
    writeFileSync(join(both, 'runs.csv'), readFileSync(join(SMALL, 'runs.csv')));
    expect(messageOf(both)).toContain('runs.parquet: both runs.csv and runs.parquet are present: keep one');
    const junk = withRuns((cs) => cs);
    writeFileSync(join(junk, 'tasks.parquet'), 'task_id,occupation\n');
    expect(messageOf(junk)).toMatch(/tasks\.parquet: not a Parquet file/);
  });
});

