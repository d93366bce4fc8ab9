/**
 * Issue 28, "No release path": `j2g pack` writes a release folder (the dataset byte for byte, a
 * Frictionless Data Package descriptor with license, version, authors, citation and the SHA-256 of
 * every file, a datasheet with blanks, provenance.csv, a scenario.json with a relative dataset path),
 * and `j2g validate` verifies it; a changed byte is refused naming the file.
 * Oracle: SHA-256 of the committed synthetic-small files computed here with node:crypto, their sizes
 * from the file system; the datasheet's counts read off the files by eye (6 tasks, 18 runs, 36 judgments).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { j2gInProcess as j2g } from '../helpers/cli.ts';
import { SMALL } from '../helpers/dataset.ts';
import { datasetFileNames } from '../../kernel-lib/data/parquetFiles.ts';

afterEach(() => vi.restoreAllMocks());
const tmp = () => mkdtempSync(join(tmpdir(), 'j2g-pack-'));
const hex = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const META = ['--license', 'CC-BY-4.0', '--version', '1.0.0', '--author', 'Ada Lovelace <ada@example.org>', '--author', 'Alan Turing'];

async function packed(): Promise<string> {
  const out = join(tmp(), 'release');
  const r = await j2g(['pack', '--data', SMALL, '--out', out, ...META]);
  expect(r.code).toBe(0);
  return out;
}

describe('j2g pack', () => {
  test('the dataset byte for byte, each file with its SHA-256 and size in a Data Package descriptor', async () => {
    const out = await packed();
    const d = JSON.parse(readFileSync(join(out, 'datapackage.json'), 'utf8'));
    expect(d).toMatchObject({
      $schema: 'https://datapackage.org/profiles/2.0/datapackage.json',
      name: 'synthetic-small', version: '1.0.0',
      licenses: [{ name: 'CC-BY-4.0', path: 'https://spdx.org/licenses/CC-BY-4.0.html' }],
      contributors: [{ title: 'Ada Lovelace', email: 'ada@example.org', roles: ['author'] }, { title: 'Alan Turing', roles: ['author'] }],
      citation: 'Ada Lovelace, Alan Turing. synthetic-small (version 1.0.0) [Data set].',
    });
    for (const name of datasetFileNames(SMALL)) {
      expect(readFileSync(join(out, name))).toEqual(readFileSync(join(SMALL, name)));
      const r = d.resources.find((x: { path: string }) => x.path === name);
      expect(r).toMatchObject({ hash: `sha256:${hex(join(SMALL, name))}`, bytes: statSync(join(SMALL, name)).size });
    }
    expect(d.resources.map((r: { path: string }) => r.path).sort()).toEqual([...datasetFileNames(SMALL), 'DATASHEET.md', 'provenance.csv', 'scenario.json'].sort());
    const judgments = d.resources.find((x: { path: string }) => x.path === 'judgments.csv');
    expect(judgments.schema.primaryKey).toEqual(['run_id', 'reference', 'judge']);
    expect(judgments.schema.foreignKeys).toEqual([{ fields: ['run_id'], reference: { resource: 'runs', fields: ['run_id'] } }]);
    expect(JSON.parse(readFileSync(join(out, 'scenario.json'), 'utf8')).dataset).toBe('.');
    const sheet = readFileSync(join(out, 'DATASHEET.md'), 'utf8');
    expect(sheet).toContain('- 6 tasks in 3 occupations (2 to 2 tasks per occupation), 2 sectors, 2 systems, 18 runs, 36 judgments.');
    expect(sheet).toContain('- Judges (judgments.csv): J1 (30), J2 (6); references: expert_only, expert_with_ai.');
    expect(sheet).toContain('- Judges and their versions: [TO FILL:');
    expect(readFileSync(join(out, 'provenance.csv'), 'utf8').split('\n')[1]).toBe('xA1a1,unrecorded,,,,,');
  });

  test('validate verifies the hashes; a changed byte is refused naming the file; an edited datasheet is recorded by repacking', async () => {
    const out = await packed();
    const ok = await j2g(['validate', '--data', out]);
    expect(ok.code).toBe(0);
    expect(ok.out).toContain(`${out}/datapackage.json: 10 files, every SHA-256 matches (synthetic-small 1.0.0)`);
    expect(ok.err).toContain('warning: DATASHEET.md has 10 blank(s) to fill');
    const runs = join(out, 'runs.csv');
    const text = readFileSync(runs, 'utf8');
    writeFileSync(runs, text.replace('xA1a1,A1,sysX,1,0.5,1.0,0.2', 'xA1a1,A1,sysX,1,0.5,1.0,0.3'));
    const bad = await j2g(['validate', '--data', out]);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/^1 problem in input:\nruns\.csv: changed since it was packed: SHA-256 [0-9a-f]{12}\.\.\. \(535 bytes\) now, 33c64cf40575\.\.\. \(535 bytes\) in datapackage\.json/);
    writeFileSync(runs, text);
    const sheet = join(out, 'DATASHEET.md');
    writeFileSync(sheet, readFileSync(sheet, 'utf8').replace(/\[TO FILL: who maintains[^\]]*\]/, 'Ada, ada@example.org'));
    expect((await j2g(['validate', '--data', out])).err).toContain('DATASHEET.md: changed since it was packed');
    expect((await j2g(['pack', '--data', out, '--out', out])).code).toBe(0); // release fields from the descriptor
    const again = await j2g(['validate', '--data', out]);
    expect(again.code).toBe(0);
    expect(again.err).toContain('warning: DATASHEET.md has 9 blank(s) to fill');
    expect(readFileSync(sheet, 'utf8')).toContain('Ada, ada@example.org');
  });

  test('an unlisted data file and a bad release field are refused', async () => {
    const out = await packed();
    const d = JSON.parse(readFileSync(join(out, 'datapackage.json'), 'utf8'));
    d.resources = d.resources.filter((r: { path: string }) => r.path !== 'tasks.csv');
    writeFileSync(join(out, 'datapackage.json'), JSON.stringify(d));
    expect((await j2g(['validate', '--data', out])).err).toContain('tasks.csv: not listed in datapackage.json');
    expect((await j2g(['pack', '--data', SMALL, '--out', tmp(), '--license', 'CC-BY-4.0', '--version', '1', '--author', 'A'])).err).toContain('invalid version: 1 (expected a semantic version such as 1.0.0)');
    expect((await j2g(['pack', '--data', SMALL, '--out', tmp(), '--version', '1.0.0', '--author', 'A'])).err).toContain('missing --license SPDX');
  });
});
