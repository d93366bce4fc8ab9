/**
 * kernel-lib/scenario/files.ts, the parts the scenario folder's tests reached only through the CLI in a
 * child process (where no mutant is seen; issue #29): the dataset hashes, a scenario file's base for new
 * flags, the line an error names, the relative dataset path, and a changed dataset. Oracles: SHA-256
 * computed here from the documented byte layout (name, NUL, bytes, NUL, in the documented file order),
 * objects and messages written by hand.
 *
 * Survivors of `MUTATION_FORCE=1 MUTATION_FOLDER=scenario MUTATION_MUTATE=kernel-lib/scenario/files.ts`:
 * equivalent -
 * - readScenarioFileAt's `p !== ''` made `true` or compared with other text (line 81): readJsonFile
 *   records the root object's line under "", so the walk up stops at "" either way.
 * - scenarioFileBase's `file.timeReference !== undefined` made `true` (120): an absent time reference
 *   never equals a judgment reference (a text) anyway; its `[]` made `["Stryker was here"]`: deleting a
 *   key no scenario file may hold (the schema refuses unknown fields).
 * loadScenario's warnings of a dataset it loads itself (144), a gap while synthetic-small loads without
 * warnings, are tested by the last test (a copy with a sector of no occupation; s10-29d).
 * The first run's gaps of an existing weights file (156), a node-types rates file (159) and a sweep
 * file (162-163) are tested below (the last test of "loadScenario and a changed dataset").
 */
import { datasetFileNames } from '../../kernel-lib/data/parquetFiles.ts';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { DATASET_FILES, DatasetChangedError, datasetFileHashes, datasetHash, loadScenario, readScenarioFile, readScenarioFileAt, scenarioFileBase } from '../../kernel-lib/scenario/files.ts';
import { ScenarioError } from '../../kernel-lib/scenario/schema.ts';
import { clearWarnings, onWarning, warnings } from '../../kernel-lib/warn.ts';
import { editedDataset, SMALL } from '../helpers/dataset.ts';

onWarning(null);
const sha = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');
const ORDER = ['manifest.json', 'occupations.csv', 'sectors.csv', 'tasks.csv', 'systems.csv', 'runs.csv', 'judgments.csv'];

describe('dataset hashes', () => {
  test('the files, in the documented order: manifest.json then each of the six files as CSV and as Parquet; a CSV dataset hashes manifest.json then the six CSV files', () => {
    expect(DATASET_FILES).toStrictEqual(['manifest.json', ...ORDER.slice(1).flatMap((f) => [f, f.replace(/\.csv$/, '.parquet')])]);
    expect(datasetFileNames('data/recorded/synthetic-small')).toStrictEqual(ORDER);
  });

  test('datasetHash is SHA-256 of name NUL bytes NUL per file; an absent file adds name NUL NUL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-hash-'));
    writeFileSync(join(dir, 'manifest.json'), '{"a":1}');
    writeFileSync(join(dir, 'runs.csv'), 'x,y\n1,2\n');
    const bytes = ORDER.map((n) => `${n}\0${n === 'manifest.json' ? '{"a":1}' : n === 'runs.csv' ? 'x,y\n1,2\n' : ''}\0`).join('');
    expect(datasetHash(dir)).toBe(sha(bytes));
    expect(datasetFileHashes(dir)).toStrictEqual(Object.fromEntries(ORDER.map((n) => [n, sha(n === 'manifest.json' ? '{"a":1}' : n === 'runs.csv' ? 'x,y\n1,2\n' : '')])));
    // an empty file and an absent one hash alike per file
    expect(datasetFileHashes(dir)['tasks.csv']).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

describe('scenarioFileBase', () => {
  test('a listed derived field still at its derivation is dropped (it follows its source), an edited one is kept as chosen; `derived` and `datasetChange` are dropped; the hashes are kept', () => {
    const h = 'a'.repeat(64), r = 'b'.repeat(64);
    const file = { dataset: 'd', policy: 'pass@1', rates: { nodeRateUSDPerHour: null, bySystem: {}, nodeTypesFile: null, sweepFile: null }, derived: ['policy', 'rates'], datasetSha256: h, datasetFiles: { 'runs.csv': r }, datasetChange: { fromSha256: h, changedFiles: [] } };
    expect(scenarioFileBase(file, null)).toStrictEqual({ dataset: 'd', datasetSha256: h, datasetFiles: { 'runs.csv': r } });
    // edited after writing: honoured whatever `derived` says
    const edited = { ...file, policy: 'pass@2', rates: { nodeRateUSDPerHour: 3 } };
    expect(scenarioFileBase(edited, null)).toStrictEqual({ dataset: 'd', policy: 'pass@2', rates: { nodeRateUSDPerHour: 3 }, datasetSha256: h, datasetFiles: { 'runs.csv': r } });
    expect(edited.policy).toBe('pass@2');
    // the manifest's values: seed and system derived from it, an edit of either kept
    const manifest = { primary_system: 'sysX', primary_judge: 'J1', bootstrap: { draws: 2000, seed: 20260726 } };
    expect(scenarioFileBase({ dataset: 'd', system: 'sysX', seed: 20260726, derived: ['system', 'seed'] }, manifest)).toStrictEqual({ dataset: 'd' });
    expect(scenarioFileBase({ dataset: 'd', system: 'sysY', seed: 7, derived: ['system', 'seed'] }, manifest)).toStrictEqual({ dataset: 'd', system: 'sysY', seed: 7 });
    // a judgment reference edited from its derivation: the listed time reference, as written, still follows it
    expect(scenarioFileBase({ dataset: 'd', judgmentReference: 'expert_with_ai', timeReference: 'expert_only', derived: ['judgmentReference', 'timeReference'] }, manifest)).toStrictEqual({ dataset: 'd', judgmentReference: 'expert_with_ai' });
  });

  test('every value of the file is checked, derived or not: a bad one is refused naming the field', () => {
    const where = (f: string) => `s.json:3: scenario field ${f}`;
    expect(() => scenarioFileBase({ dataset: 'd', seed: 'abc', derived: ['seed'] }, null, where)).toThrow('s.json:3: scenario field seed: "abc" is not allowed (expected a safe integer >= 0)');
    expect(() => scenarioFileBase({ dataset: 'd', policy: 'pass@1; rm -rf /', derived: ['policy'] }, null, where)).toThrow('s.json:3: scenario field policy: "pass@1; rm -rf /" is not allowed');
  });

  test('no `derived` list: timeReference is derived only when it equals the judgment reference (default expert_only)', () => {
    expect(scenarioFileBase({ dataset: 'd', judgmentReference: 'expert_only', timeReference: 'expert_only' }, null)).toStrictEqual({ dataset: 'd', judgmentReference: 'expert_only' });
    expect(scenarioFileBase({ dataset: 'd', timeReference: 'expert_only' }, null)).toStrictEqual({ dataset: 'd' });
    expect(scenarioFileBase({ dataset: 'd', judgmentReference: 'expert_with_ai', timeReference: 'expert_only' }, null)).toStrictEqual({ dataset: 'd', judgmentReference: 'expert_with_ai', timeReference: 'expert_only' });
    expect(scenarioFileBase({ dataset: 'd', timeReference: 'expert_with_ai' }, null)).toStrictEqual({ dataset: 'd', timeReference: 'expert_with_ai' });
    expect(scenarioFileBase({ dataset: 'd', policy: 'pass@1' }, null)).toStrictEqual({ dataset: 'd', policy: 'pass@1' });
    // an empty derived list keeps the equal time reference
    expect(scenarioFileBase({ dataset: 'd', timeReference: 'expert_only', derived: [] }, null)).toStrictEqual({ dataset: 'd', timeReference: 'expert_only' });
    // a `derived` that is not a list is refused, not read letter by letter
    expect(() => scenarioFileBase({ dataset: 'd', derived: 'd' }, null)).toThrow('scenario field derived: "d" is not allowed (expected a list of scenario field names)');
  });
});

describe('readScenarioFileAt', () => {
  const write = (dir: string, name: string, text: string) => { const p = join(dir, name); writeFileSync(p, text); return p; };

  test('a file that is not a JSON object is refused at line 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-sf-'));
    for (const text of ['[1]', 'null', '3']) {
      const p = write(dir, 's.json', text);
      expect(() => readScenarioFileAt(p)).toThrow(`${p}:1: expected a JSON object of scenario fields`);
    }
  });

  test('where: the line of the field\'s key, else of its nearest enclosing key, else of the root object', () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-sf-'));
    const p = write(dir, 's.json', '\n{\n  "policy": "pass@2",\n  "rates": {\n    "nodeRateUSDPerHour": 3\n  }\n}\n');
    const { where } = readScenarioFileAt(p);
    expect(where('policy')).toBe(`${p}:3: scenario field policy`);
    expect(where('rates.nodeRateUSDPerHour')).toBe(`${p}:5: scenario field rates.nodeRateUSDPerHour`);
    expect(where('rates.bySystem.sysX')).toBe(`${p}:4: scenario field rates.bySystem.sysX`);
    expect(where('draws')).toBe(`${p}:2: scenario field draws`);
    // a key that is only a prefix of the field's name is not its enclosing key
    const q = write(dir, 'q.json', '{\n  "polic": 1\n}');
    expect(readScenarioFileAt(q).where('policy')).toBe(`${q}:1: scenario field policy`);
    expect(readScenarioFile(q)).toStrictEqual({ polic: 1 });
  });

  test('a relative dataset path: beside the file when a dataset is there, else as given; absolute and empty paths as given', () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-sf-'));
    mkdirSync(join(dir, 'ds'));
    writeFileSync(join(dir, 'ds', 'manifest.json'), '{}');
    const p = write(dir, 's.json', '{"dataset": "ds"}');
    expect(readScenarioFileAt(p).value.dataset).toBe(join(dir, 'ds'));
    expect(readScenarioFileAt(write(dir, 't.json', '{"dataset": "nowhere"}')).value.dataset).toBe('nowhere');
    expect(readScenarioFileAt(write(dir, 'u.json', `{"dataset": ${JSON.stringify(SMALL)}}`)).value.dataset).toBe(SMALL);
    expect(readScenarioFileAt(write(dir, 'v.json', '{"dataset": ""}')).value.dataset).toBe('');
    // an empty path in a file that sits in a dataset folder stays empty (the schema refuses it)
    expect(readScenarioFileAt(write(join(dir, 'ds'), 'v.json', '{"dataset": ""}')).value.dataset).toBe('');
    // a folder beside without manifest.json is not a dataset
    mkdirSync(join(dir, 'empty'));
    expect(readScenarioFileAt(write(dir, 'w.json', '{"dataset": "empty"}')).value.dataset).toBe('empty');
  });

  test('a relative path that names two different datasets is refused; one naming the same dataset both ways is accepted', () => {
    const rel = 'data/recorded/synthetic-small';
    const dir = mkdtempSync(join(tmpdir(), 'j2g-sf-'));
    mkdirSync(join(dir, 'data/recorded/synthetic-small'), { recursive: true });
    writeFileSync(join(dir, rel, 'manifest.json'), '{}');
    const p = write(dir, 's.json', `{\n"dataset": "${rel}"\n}`);
    expect(() => readScenarioFileAt(p)).toThrow(ScenarioError);
    expect(() => readScenarioFileAt(p)).toThrow(`${p}:2: scenario field dataset`);
    expect(() => readScenarioFileAt(p)).toThrow(`relative to the scenario file's folder it is ${join(dir, rel)}, relative to the working directory another; give an absolute path`);
    // a file in the working directory names the working directory's dataset both ways
    const same = write(process.cwd(), `j2g-files-mutants-${process.pid}.json`, `{"dataset": "${rel}"}`);
    try {
      expect(readScenarioFileAt(same).value.dataset).toBe(join(process.cwd(), rel));
    } finally {
      unlinkSync(same);
    }
  });
});

describe('loadScenario and a changed dataset', () => {
  const small = loadDataset(SMALL);
  const realFiles = Object.fromEntries(ORDER.map((n) => { return [n, sha(readFileSync(join(SMALL, n)))]; }));
  const zeros = '0'.repeat(64);

  test('a datasetSha256 that differs names the changed files, or says none are recorded', () => {
    expect(() => loadScenario({ dataset: SMALL, datasetSha256: zeros, datasetFiles: { ...realFiles, 'runs.csv': zeros } }, { dataset: small })).toThrow(/changed: runs\.csv;/);
    expect(() => loadScenario({ dataset: SMALL, datasetSha256: zeros }, { dataset: small })).toThrow(DatasetChangedError);
    let caught: Error | undefined;
    try { loadScenario({ dataset: SMALL, datasetSha256: zeros, datasetFiles: { ...realFiles, 'tasks.csv': zeros, 'runs.csv': zeros } }, { dataset: small }); } catch (e) { caught = e as Error; }
    {
      expect(caught?.name).toBe('DatasetChangedError');
      expect(caught?.message).toContain(`(changed: tasks.csv, runs.csv; datasetSha256 000000000000... then, ${datasetHash(SMALL).slice(0, 12)}... now)`);
    }
    expect(() => loadScenario({ dataset: SMALL, datasetSha256: zeros }, { dataset: small })).toThrow(/records no per-file hashes.*datasetSha256 000000000000\.\.\. then/);
  });

  test('accepted: the scenario records both hashes; the same hash keeps a recorded change; no hash records none', () => {
    clearWarnings();
    const a = loadScenario({ dataset: SMALL, datasetSha256: zeros, datasetFiles: { ...realFiles, 'tasks.csv': zeros, 'runs.csv': zeros } }, { dataset: small, acceptDatasetChange: true });
    expect(a.files.datasetChange).toStrictEqual({ fromSha256: zeros, changedFiles: ['tasks.csv', 'runs.csv'] });
    expect(warnings()).toStrictEqual([`the dataset ${SMALL} changed since the scenario was written (changed: tasks.csv, runs.csv); accepted: the scenario records both hashes`]);
    expect(loadScenario({ dataset: SMALL, datasetSha256: zeros }, { dataset: small, acceptDatasetChange: true }).files.datasetChange).toStrictEqual({ fromSha256: zeros, changedFiles: [] });
    const real = datasetHash(SMALL);
    const kept = { fromSha256: zeros, changedFiles: ['runs.csv'] };
    expect(loadScenario({ dataset: SMALL, datasetSha256: real, datasetChange: kept }, { dataset: small }).files.datasetChange).toStrictEqual(kept);
    expect('datasetChange' in loadScenario({ dataset: SMALL }, { dataset: small }).files).toBe(false);
    expect(loadScenario({ dataset: SMALL }, { dataset: small }).files.datasetFiles).toStrictEqual(realFiles);
  });

  test('the dataset is loaded from the scenario\'s path when not given, with a progress line source per folder', () => {
    const dirs: string[] = [];
    const l = loadScenario({ dataset: SMALL }, { progress: (d) => { dirs.push(d); return undefined; } });
    expect(dirs).toStrictEqual([SMALL]);
    expect(l.dataset.rows.runs.length).toBe(small.rows.runs.length);
    expect(loadScenario({ dataset: SMALL }).files.datasetSha256).toBe(datasetHash(SMALL));
  });

  test('a named weights scheme reads no file; errors of resolution are named by the caller\'s where', () => {
    expect(loadScenario({ dataset: SMALL, weights: 'gdp' }, { dataset: small }).files.weights).toBeUndefined();
    expect(() => loadScenario({ dataset: SMALL, system: 'no-such-system' }, { dataset: small, where: (f) => `W:${f}` })).toThrow(/^W:system/);
  });

  test('the files a scenario names are read: weights, node-type rates, and the sweep rows of the scenario system\'s node type', () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-files-'));
    const w = join(dir, 'w.csv');
    writeFileSync(w, 'occupation,weight\noccA,1\noccB,2\noccC,3\n');
    expect(loadScenario({ dataset: SMALL, weights: { file: w } }, { dataset: small }).files.weights).toStrictEqual({ custom: { occA: 1, occB: 2, occC: 3 } });
    const n = join(dir, 'n.csv');
    writeFileSync(n, 'accelerator,accelerator_count,usd_per_node_hour\nH200,8,12\nH100,1,4\n');
    expect(loadScenario({ dataset: SMALL, rates: { nodeTypesFile: n } }, { dataset: small }).files.nodeTypes).toStrictEqual([
      { accelerator: 'H200', acceleratorCount: 8, usdPerNodeHour: 12 }, { accelerator: 'H100', acceleratorCount: 1, usdPerNodeHour: 4 },
    ]);
    // systems.csv: sysX is 8xH200, sysY 1xH100; the sweep keeps the rows of the scenario system's node type
    const sw = join(dir, 's.csv');
    writeFileSync(sw, 'provider,accelerator,accelerator_count,usd_per_node_hour\nP1,H200,8,3\nP2,H100,1,5\n');
    expect(loadScenario({ dataset: SMALL, system: 'sysY', rates: { sweepFile: sw } }, { dataset: small }).files.sweep).toStrictEqual([{ label: 'P2', usdPerNodeHour: 5 }]);
    expect(loadScenario({ dataset: SMALL, system: 'sysX', rates: { sweepFile: sw } }, { dataset: small }).files.sweep).toStrictEqual([{ label: 'P1', usdPerNodeHour: 3 }]);
    expect('sweep' in loadScenario({ dataset: SMALL }, { dataset: small }).files).toBe(false);
  });

  test('a weights file that does not exist is refused naming the field', () => {
    expect(() => loadScenario({ dataset: SMALL, weights: { file: '/nonexistent/w.csv' } }, { dataset: small })).toThrow(/scenario field weights.*no file \/nonexistent\/w\.csv/);
  });
});

describe("the warnings of a dataset loadScenario loads itself (files.ts:144)", () => {
  test('a sector without an occupation is warned about once when loadScenario reads the dataset, not when the caller passes it in', () => {
    const dir = editedDataset({ 'sectors.csv': (t) => `${t.trimEnd()}\nS9,10\n` });
    const expected = `sectors.csv: sector "S9" has no occupation; its share is left out of the normalisation`;
    clearWarnings();
    loadScenario({ dataset: dir });
    expect(warnings()).toStrictEqual([expected]);
    const given = loadDataset(dir);
    expect(given.warnings).toStrictEqual([expected]);
    clearWarnings();
    loadScenario({ dataset: dir }, { dataset: given }); // the caller loaded it and saw its warnings
    expect(warnings()).toStrictEqual([]);
  });
});
