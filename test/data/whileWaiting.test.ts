/**
 * LoadOptions.whileWaiting (issue 27): the caller's work done while the largest file is read aside
 * is called exactly once, after the other files were read (their progress lines before it) and
 * before the largest file's; loadScenario hashes the files there, and its hashes are datasetHashes'
 * (SHA-256 of the bytes, test/scenario/filesMutants.test.ts) whether the loader or the caller loaded.
 * Equivalent survivors (Stryker, scenario/files.ts): loadScenario's whileWaiting emptied, or its try
 * block emptied, leaves the hashes to the call after loading: the same hashes, only later.
 */
import { appendFileSync, cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { writeGeneratedDataset } from '../../kernel-lib/data/generate.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { datasetHashes, loadScenario } from '../../kernel-lib/scenario/files.ts';

const SMALL = 'data/recorded/synthetic-small';

describe('whileWaiting', () => {
  test('is called once, after runs.csv is read and before judgments.csv is', () => {
    const events: string[] = [];
    // past 10,000 rows in runs.csv and judgments.csv, so that both get a progress line
    const dir = join(mkdtempSync(join(tmpdir(), 'j2g-waiting-')), 'ds');
    writeGeneratedDataset(dir, { seed: 3, occupations: 44, tasksPerOccupation: 40, systems: 2, attempts: 4 });
    loadDataset(dir, { progress: (line) => events.push(line.replace(/ \(.*/, '')), whileWaiting: () => events.push('waiting') });
    expect(events.filter((e) => e === 'waiting')).toHaveLength(1);
    const at = events.indexOf('waiting');
    // every line before it is another file's; judgments.csv (the largest) only after it
    expect(events.slice(0, at).some((e) => e.startsWith('judgments.csv'))).toBe(false);
    expect(events.slice(0, at)).toContain('runs.csv: 14080 rows read');
    expect(events.slice(at + 1)).toContain('judgments.csv: 56320 rows read');
  });

  test('runs before the largest file is taken: under vitest it is read on this thread after the call, so a line the call appends is read', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'j2g-waiting-')), 'ds');
    cpSync('data/recorded/joules-to-gdp-reconstructed', dir, { recursive: true });
    expect(() => loadDataset(dir, { whileWaiting: () => appendFileSync(join(dir, 'judgments.csv'), 'no-such-run,expert_only,J1,win\n') }))
      .toThrow(/judgments\.csv:\d+.*unknown run "no-such-run"/);
  });

  test('loadScenario\'s hashes, taken while waiting or after, are datasetHashes of the dataset', () => {
    const want = datasetHashes(SMALL);
    const loaded = loadScenario({ dataset: SMALL });
    expect({ datasetSha256: loaded.files.datasetSha256, datasetFiles: loaded.files.datasetFiles }).toEqual(want);
    const given = loadScenario({ dataset: SMALL }, { dataset: loadDataset(SMALL) });
    expect({ datasetSha256: given.files.datasetSha256, datasetFiles: given.files.datasetFiles }).toEqual(want);
    expect(Object.keys(want.datasetFiles)).toContain('judgments.csv');
  });

  test('datasetHashes closes every file it opens (this process\'s open descriptors, /proc/self/fd, before and after 50 calls)', () => {
    const open = () => readdirSync('/proc/self/fd').length;
    datasetHashes(SMALL);
    const before = open();
    for (let i = 0; i < 50; i++) datasetHashes(SMALL);
    expect(open()).toBe(before);
  });
});
