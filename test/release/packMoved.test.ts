/**
 * Issue #28: a packed release's scenario.json (`"dataset": "."`) is read relative to its own folder,
 * so the folder works after it is moved, from any working directory; a relative dataset path that
 * names two different datasets (beside the file and in the working directory) is refused, never
 * guessed; a tables output's scenario.json (dataset relative to the working directory) reads as before.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { packDataset } from '../../kernel-lib/release/package.ts';
import { loadScenario, readScenarioFileAt } from '../../kernel-lib/scenario/files.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';
import { j2gInProcess } from '../helpers/cli.ts';

onWarning(null);
afterEach(() => vi.restoreAllMocks());
const dir = mkdtempSync(join(tmpdir(), 'j2g-pack-moved-'));

describe('a packed folder moved elsewhere (#28)', () => {
  it('j2g tables --scenario MOVED/scenario.json computes on the moved folder, from the repository root', async () => {
    const packed = join(dir, 'release');
    packDataset(SMALL, packed, { license: 'CC-BY-4.0', version: '1.0.0', authors: ['Ada Lovelace'] });
    expect(JSON.parse(readFileSync(join(packed, 'scenario.json'), 'utf8')).dataset).toBe('.');
    const moved = join(dir, 'elsewhere', 'renamed');
    mkdirSync(join(dir, 'elsewhere'));
    renameSync(packed, moved);
    // the working directory (the repository root) is neither the old nor the new folder
    expect(readScenarioFileAt(join(moved, 'scenario.json')).value.dataset).toBe(moved);
    const out = join(dir, 'tables');
    const r = await j2gInProcess(['tables', '--scenario', join(moved, 'scenario.json'), '--draws', '20', '--out', out]);
    expect(r.code, r.err).toBe(0);
    // the dataset checked against the packed hashes is the moved one, and the new scenario names it
    expect(JSON.parse(readFileSync(join(out, 'scenario.json'), 'utf8')).dataset).toBe(moved);
    expect(readFileSync(join(out, 'table01.csv'), 'utf8').split('\n')[0]).toMatch(/^system,/);
  });

  it('a relative path that names a dataset beside the file and another in the working directory is refused, naming the file', () => {
    const f = join(dir, 'ambiguous');
    const rel = relative(process.cwd(), SMALL).replace(/\/$/, '');
    cpSync(SMALL, join(f, rel), { recursive: true });
    writeFileSync(join(f, 'scenario.json'), `{\n  "dataset": ${JSON.stringify(rel)}\n}\n`);
    expect(() => readScenarioFileAt(join(f, 'scenario.json'))).toThrow(`${join(f, 'scenario.json')}:2: scenario field dataset: "${rel}" is not allowed (expected a dataset path that names one dataset`);
  });

  it('a scenario.json beside no dataset keeps its path relative to the working directory (j2g tables outputs)', () => {
    const f = join(dir, 'tables-out');
    mkdirSync(f);
    const rel = relative(process.cwd(), SMALL).replace(/\/$/, '');
    writeFileSync(join(f, 'scenario.json'), JSON.stringify({ dataset: rel, draws: 20 }));
    const read = readScenarioFileAt(join(f, 'scenario.json'));
    expect(read.value.dataset).toBe(rel);
    expect(loadScenario(read.value).dataset.rows.systems.length).toBeGreaterThan(0);
  });
});
