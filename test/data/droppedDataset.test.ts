/**
 * A folder dropped on the explorer (kernel-lib/explorer/droppedFiles.ts -> data/load.ts
 * datasetFromTexts): its dataset files are enumerated from the one list that knows CSV and Parquet, so
 * a macOS `._runs.csv` (resource fork, not UTF-8) or any other stray file is left alone instead of
 * refusing the folder, and a Parquet dataset loads as it does from disk. Generated (fast-check,
 * seeded): the stray files' names and bytes. Oracle: loadDataset of the same folder on disk.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { datasetFromTexts, datasetRowCounts, loadDataset } from '../../kernel-lib/data/load.ts';
import { exportDataset } from '../../kernel-lib/data/exportDataset.ts';
import { textsOfDroppedFiles, isDatasetFile } from '../../kernel-lib/explorer/droppedFiles.ts';
import { SMALL } from '../helpers/dataset.ts';

const dropOf = (dir: string) => readdirSync(dir).filter((f) => !f.startsWith('.j2g')).map((f) => ({ path: `drop/${f}`, bytes: new Uint8Array(readFileSync(join(dir, f))) }));

describe('a dropped dataset folder', () => {
  test('stray files (._runs.csv of random bytes, notes.csv, .DS_Store) are left alone: the dataset loads as from disk', () => {
    fc.assert(fc.property(fc.array(fc.record({ name: fc.constantFrom('._runs.csv', '._manifest.json', 'notes.csv', '.DS_Store', 'runs.csv.bak'), bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }) }), { maxLength: 4 }), (strays) => {
      const dropped = [...dropOf(SMALL), ...strays.map((s) => ({ path: `drop/${s.name}`, bytes: s.bytes }))].filter((f) => isDatasetFile(f.path));
      const { texts, issues } = textsOfDroppedFiles(dropped);
      expect(issues).toEqual([]);
      expect(datasetRowCounts(datasetFromTexts('drop', texts))).toEqual(datasetRowCounts(loadDataset(SMALL)));
    }), { seed: 43, numRuns: 30 });
  });

  test('a dropped Parquet dataset loads (it reported six missing files)', () => {
    const pq = join(mkdtempSync(join(tmpdir(), 'j2g-drop-pq-')), 'pq');
    exportDataset(loadDataset(SMALL), SMALL, pq, 'parquet');
    const dropped = dropOf(pq).filter((f) => isDatasetFile(f.path));
    const { texts, issues } = textsOfDroppedFiles(dropped);
    expect(issues).toEqual([]);
    const ds = datasetFromTexts('drop', texts);
    expect(datasetRowCounts(ds)).toEqual(datasetRowCounts(loadDataset(pq)));
    expect(ds.rows.runs).toEqual(loadDataset(pq).rows.runs);
  });
});
