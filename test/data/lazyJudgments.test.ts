/**
 * Issue 27: a loaded dataset keeps judgments.csv as columns (data/load.ts judgmentColumns) and builds
 * `rows.judgments` as objects only when read. Oracles: the file parsed by the general CSV scanner
 * (io/csv.ts parseCsv: every row's cells, in file order) for the records the columns and the objects
 * give; and judgmentsOf / judgmentCodes / judgesOf computed from the columns (a fresh dataset) against
 * the same computed from the objects (a dataset whose judgments were read first).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { datasetRowCounts, loadDataset, judgmentColumns, type Dataset } from '../../kernel-lib/data/load.ts';
import { parseCsv } from '../../kernel-lib/io/csv.ts';
import { judgesOf, judgmentCodes, judgmentsOf } from '../../kernel-lib/metrics/taskComponents.ts';

const DIRS = ['data/recorded/synthetic-small', 'data/recorded/joules-to-gdp-reconstructed'];

function fileRecords(dir: string): Record<string, string>[] {
  return parseCsv(readFileSync(join(dir, 'judgments.csv'), 'utf8'), 'judgments.csv').rows.map((r) => ({
    run_id: r.values.run_id, reference: r.values.reference, judge: r.values.judge, outcome: r.values.outcome,
  }));
}

function columnRecords(ds: Dataset): Record<string, unknown>[] {
  const c = judgmentColumns(ds.rows)!;
  return Array.from({ length: c.length }, (_, i) => Object.fromEntries(c.names.map((name, k) => [name, c.values[k][c.codes[k][i]]])));
}

describe('judgments kept as columns until read', () => {
  test.each(DIRS)('%s: datasetRowCounts gives each file\'s number of data rows (lines less the header) and leaves the judgments as columns', (dir) => {
    const ds = loadDataset(dir);
    const lines = (file: string) => readFileSync(join(dir, file), 'utf8').split('\n').filter((l) => l.trim() !== '').length - 1;
    const counts = datasetRowCounts(ds);
    expect(judgmentColumns(ds.rows)).toBeDefined();
    expect(counts).toEqual({
      occupations: lines('occupations.csv'), sectors: lines('sectors.csv'), tasks: lines('tasks.csv'),
      systems: lines('systems.csv'), runs: lines('runs.csv'), judgments: lines('judgments.csv'),
    });
    // and the same once the objects are built
    expect(datasetRowCounts(ds).judgments).toBe(ds.rows.judgments.length);
  });

  test.each(DIRS)('%s: the columns and the objects built from them are the file\'s records, in order', (dir) => {
    const ds = loadDataset(dir);
    const expected = fileRecords(dir);
    expect(columnRecords(ds)).toEqual(expected);
    const rows = ds.rows.judgments;
    expect(rows.map((j) => ({ ...j }))).toEqual(expected);
    expect(Object.keys(rows[0])).toEqual(['run_id', 'reference', 'judge', 'outcome']);
    // read once: the same array after, and the columns are no longer given
    expect(ds.rows.judgments).toBe(rows);
    expect(judgmentColumns(ds.rows)).toBeUndefined();
  });

  test.each(DIRS)('%s: judgmentsOf, judgmentCodes and judgesOf from the columns equal those from the objects', (dir) => {
    const fromColumns = loadDataset(dir);
    const fromObjects = loadDataset(dir);
    expect(fromObjects.rows.judgments.length).toBeGreaterThan(0); // built
    expect(judgmentColumns(fromColumns.rows)).toBeDefined();
    expect([...judgesOf(fromColumns)]).toEqual([...judgesOf(fromObjects)]);
    for (const reference of ['expert_only', 'expert_with_ai']) {
      for (const judge of judgesOf(fromObjects)) {
        expect([...judgmentsOf(fromColumns, reference, judge)]).toEqual([...judgmentsOf(fromObjects, reference, judge)]);
        expect([...judgmentCodes(fromColumns, reference, judge)]).toEqual([...judgmentCodes(fromObjects, reference, judge)]);
      }
    }
    expect(judgmentColumns(fromColumns.rows)).toBeDefined(); // none of them built the objects
  });

  test('rows.judgments replaced before it is read is what the computations read', () => {
    const ds = loadDataset('data/recorded/synthetic-small');
    const first = fileRecords('data/recorded/synthetic-small')[0];
    ds.rows.judgments = [{ ...first, outcome: 'loss' } as never];
    expect(judgmentColumns(ds.rows)).toBeUndefined();
    expect([...judgmentsOf(ds, first.reference, first.judge)]).toEqual([[first.run_id, 'loss']]);
  });
});

describe('judgments kept as columns, rows frozen', () => {
  test('a frozen rows object still gives the records, the same array each read', () => {
    const ds = loadDataset('data/recorded/synthetic-small');
    Object.freeze(ds.rows);
    const rows = ds.rows.judgments;
    expect(rows.map((j) => ({ ...j }))).toEqual(fileRecords('data/recorded/synthetic-small'));
    expect(ds.rows.judgments).toBe(rows);
    expect(judgmentColumns(ds.rows)).toBeUndefined();
  });
});
