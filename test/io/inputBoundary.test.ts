/**
 * The input boundary (kernel-lib/io/input.ts) under every reader: a FIFO, a device, a directory or a
 * link out of the dataset folder, given in place of any file a reader takes, is refused by name before
 * a byte is read (a FIFO without a writer used to block the process for ever, /dev/zero to fill the heap,
 * a directory named runs.parquet to crash with EISDIR); the 16 MiB manifest limit holds; JSON nesting is
 * an error of its own at its line, never a stack overflow. Generated: the kind of file x the reader
 * (fast-check, seeded), and the nesting (random mixes of objects and arrays, deep and shallow).
 * Oracles: the messages written by hand; JSON.parse for the value of every nesting it can hold.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ValidationError, formatIssue } from '../../kernel-lib/errors.ts';
import { readCsv, readCsvColumns, readTextFile, streamCsvFile } from '../../kernel-lib/io/csv.ts';
import { readJsonFile } from '../../kernel-lib/io/readJsonFile.ts';
import { MAX_JSON_DEPTH, parseJson } from '../../kernel-lib/io/json.ts';
import { INPUT_LIMITS } from '../../kernel-lib/io/input.ts';
import { datasetReadSha256, loadDataset } from '../../kernel-lib/data/load.ts';
import { exportDataset } from '../../kernel-lib/data/exportDataset.ts';
import { readDatasetParquet } from '../../kernel-lib/data/parquetFiles.ts';
import { datasetHashes } from '../../kernel-lib/scenario/files.ts';
import { readWeightsFile } from '../../kernel-lib/weights/readWeightsFile.ts';
import { importZeusLog } from '../../kernel-lib/import/zeus.ts';
import { SMALL } from '../helpers/dataset.ts';

const tmp = (p: string) => mkdtempSync(join(tmpdir(), p));

/** Each kind of non-regular file, made at `path`, and the words its refusal uses. */
const KINDS = {
  fifo: { make: (p: string) => execFileSync('mkfifo', [p]), words: 'a FIFO (named pipe), expected a regular file' },
  device: { make: (p: string) => symlinkSync('/dev/zero', p), words: 'a character device, expected a regular file' },
  directory: { make: (p: string) => mkdirSync(p), words: 'a directory, expected a regular file' },
} as const;

/** Each reader of a user file, given the path of the file it reads. */
const READERS: Record<string, (path: string) => unknown> = {
  readTextFile: (p) => readTextFile(p, 'f'),
  readCsv: (p) => readCsv(p, 'f'),
  readCsvColumns: (p) => readCsvColumns(p, 'f'),
  streamCsvFile: (p) => streamCsvFile(p, 'f', () => {}, () => {}),
  readJsonFile: (p) => readJsonFile(p, 'f'),
  readDatasetParquet: (p) => readDatasetParquet(p, 'runs'),
  readWeightsFile: (p) => readWeightsFile(p, loadDataset(SMALL)),
  importZeusLog: (p) => importZeusLog(p),
};

function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof ValidationError) return e.issues.map(formatIssue).join('\n');
    throw e;
  }
  return 'accepted';
}

describe('the input boundary (io/input.ts)', () => {
  test('a FIFO, a device or a directory given to any reader is refused by name before a byte is read', () => {
    const dir = tmp('j2g-input-');
    let n = 0;
    fc.assert(fc.property(fc.constantFrom(...(Object.keys(KINDS) as (keyof typeof KINDS)[])), fc.constantFrom(...Object.keys(READERS)), (kind, reader) => {
      const path = join(dir, `f${n++}`);
      KINDS[kind].make(path);
      const said = refusal(() => READERS[reader](path));
      expect(said).toContain(KINDS[kind].words);
    }), { seed: 43, numRuns: 40 });
  }, 20_000);

  test('a dataset whose runs.csv, judgments.csv or manifest.json is a FIFO, a device or a directory, or whose runs.parquet is: each named, and the change guard refuses to hash it', () => {
    fc.assert(fc.property(fc.constantFrom(...(Object.keys(KINDS) as (keyof typeof KINDS)[])), fc.constantFrom('runs.csv', 'judgments.csv', 'manifest.json', 'runs.parquet'), (kind, name) => {
      const dir = tmp('j2g-input-ds-');
      cpSync(SMALL, dir, { recursive: true });
      rmSync(join(dir, name), { force: true });
      if (name === 'runs.parquet') rmSync(join(dir, 'runs.csv'));
      KINDS[kind].make(join(dir, name));
      expect(refusal(() => loadDataset(dir))).toContain(`${name}: ${KINDS[kind].words}`);
      expect(refusal(() => datasetHashes(dir))).toContain(`${name}: ${KINDS[kind].words}`);
    }), { seed: 43, numRuns: 12 });
  }, 30_000);

  test('a dataset file linked to a file outside the dataset folder is refused; a link inside it is read', () => {
    const outside = tmp('j2g-input-secret-');
    writeFileSync(join(outside, 'secret.csv'), 'x\n1\n');
    const dir = tmp('j2g-input-link-');
    cpSync(SMALL, dir, { recursive: true });
    rmSync(join(dir, 'tasks.csv'));
    symlinkSync(join(outside, 'secret.csv'), join(dir, 'tasks.csv'));
    expect(refusal(() => loadDataset(dir))).toContain(`tasks.csv: a link out of the folder ${dir}`);
    expect(refusal(() => datasetHashes(dir))).toContain('tasks.csv: a link out of the folder');
    rmSync(join(dir, 'tasks.csv'));
    cpSync(join(SMALL, 'tasks.csv'), join(dir, 'copy-of-tasks.csv'));
    symlinkSync(join(dir, 'copy-of-tasks.csv'), join(dir, 'tasks.csv'));
    expect(loadDataset(dir).rows.tasks.length).toBe(loadDataset(SMALL).rows.tasks.length);
  });

  test('the 16 MiB limit of a manifest is enforced (not the 256 MiB of a dataset CSV)', () => {
    const dir = tmp('j2g-input-big-');
    cpSync(SMALL, dir, { recursive: true });
    const m = JSON.parse(readFileSync(join(SMALL, 'manifest.json'), 'utf8'));
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...m, description: 'x'.repeat(INPUT_LIMITS.json) }));
    expect(refusal(() => loadDataset(dir))).toMatch(/^manifest\.json: \d+ bytes, more than the 16777216 bytes \(16 MiB\) this reader holds in memory/m);
  });
});

describe('the bytes read are the bytes hashed', () => {
  test('the loader\'s SHA-256 of each file it read equals the change guard\'s, for a CSV and a Parquet dataset', () => {
    const pq = join(tmp('j2g-input-pq-'), 'pq');
    exportDataset(loadDataset(SMALL), SMALL, pq, 'parquet');
    for (const dir of [SMALL, pq]) {
      const read = datasetReadSha256(loadDataset(dir))!;
      const hashed = datasetHashes(dir).datasetFiles;
      expect(Object.keys(read).sort()).toEqual(Object.keys(hashed).sort());
      expect(read).toEqual(hashed);
    }
  });
});

describe('JSON nesting (io/json.ts): an explicit stack with its own limit', () => {
  /** A random nesting of `depth` objects and arrays around `1`. */
  const nest = (kinds: boolean[]) => kinds.reduceRight((inner, obj) => (obj ? `{"k":${inner}}` : `[${inner}]`), '1');

  test(`deeper than ${MAX_JSON_DEPTH}: one error at its line and column, whatever the depth (6,000 levels crashed every JSON reader)`, () => {
    fc.assert(fc.property(fc.integer({ min: MAX_JSON_DEPTH + 1, max: 40_000 }), fc.integer(), (depth, seed) => {
      const kinds = Array.from({ length: depth }, (_, i) => ((seed >>> (i % 31)) & 1) === 1);
      const text = `\n${nest(kinds)}`;
      const r = parseJson(text, 'deep.json');
      expect(r.value).toBeUndefined();
      expect(r.issues).toEqual([{ file: 'deep.json', line: 2, message: `nesting deeper than ${MAX_JSON_DEPTH} objects and arrays, expected at most ${MAX_JSON_DEPTH} at column ${MAX_JSON_DEPTH + 1 + kinds.slice(0, MAX_JSON_DEPTH).filter(Boolean).length * 4}` }]);
    }), { seed: 43, numRuns: 30 });
  });

  test(`at most ${MAX_JSON_DEPTH} levels of any mix of objects and arrays: the value JSON.parse gives`, () => {
    fc.assert(fc.property(fc.array(fc.boolean(), { minLength: 0, maxLength: MAX_JSON_DEPTH }), (kinds) => {
      const text = nest(kinds);
      expect(parseJson(text, 'x.json')).toMatchObject({ issues: [], value: JSON.parse(text) });
    }), { seed: 43, numRuns: 60 });
    // and any JSON value fast-check makes
    fc.assert(fc.property(fc.json({ depthSize: 'medium' }), (text) => {
      expect(parseJson(text, 'x.json')).toMatchObject({ issues: [], value: JSON.parse(text) });
    }), { seed: 43, numRuns: 200 });
  });
});
