/**
 * Issue 13, "The loader lets these through": each defect's reproduction is now an error naming file
 * and line (or, for a byte-order mark, accepted). Each test failed on the code before the fix.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { decodeUtf8, invalidUtf8, parseCsv, readCsv } from '../../kernel-lib/io/csv.ts';
import { nonNegativeInteger, nonNegativeNumber, positiveInteger, positiveNumber } from '../../kernel-lib/data/fields.ts';
import { editDistance, nearestName, parseJson } from '../../kernel-lib/io/json.ts';
import { checkDraws, maxDraws, MAX_BOOTSTRAP_BYTES, resolveBootstrap } from '../../kernel-lib/uncertainty/settings.ts';
import { bootstrapQaij } from '../../kernel-lib/qaij/bootstrapQaij.ts';
import { buildTables } from '../../kernel-lib/cli/commands/tables.ts';
import { table13 } from '../../kernel-lib/tables/table13.ts';
import { createRng } from '../../kernel-lib/random/prng.ts';
import { editedDataset, replaceLine, SMALL, validationProblems } from '../helpers/dataset.ts';
import { j2gInProcess } from '../helpers/cli.ts';

afterEach(() => vi.restoreAllMocks());

const problems = (dir: string): string[] => validationProblems(() => loadDataset(dir));
const edited = (edits: Parameters<typeof editedDataset>[0]) => problems(editedDataset(edits));
const RUN3 = 'xA1a2,A1,sysX,2,0.25,0.5,0.1'; // runs.csv line 3 as committed

describe('integers are written as integers', () => {
  test.each(['01', '1.0', '1e0', '+1', '2.0', '02'])('attempt %s (a second attempt 1 or 2) is an error at runs.csv:3', (a) => {
    expect(readFileSync(join(SMALL, 'runs.csv'), 'utf8').split('\n')[2]).toBe(RUN3);
    const p = edited({ 'runs.csv': replaceLine(3, RUN3.replace(',2,', `,${a},`)) });
    expect(p).toEqual([`runs.csv:3: attempt: expected an integer >= 1, found ${a} (integers are written as plain digits, such as ${Number(a)})`]);
  });
  test.each(['3.0', '1e1'])('attempt %s (a gap) is an error at its line, not a gap elsewhere', (a) => {
    expect(edited({ 'runs.csv': replaceLine(3, RUN3.replace(',2,', `,${a},`)) })).toEqual([
      `runs.csv:3: attempt: expected an integer >= 1, found ${a} (integers are written as plain digits, such as ${Number(a)})`,
    ]);
  });
  test('accelerator_count and counts follow the same rule; plain digits pass, unsafe integers do not', () => {
    expect(positiveInteger.safeParse('12').data).toBe(12);
    expect(nonNegativeInteger.safeParse('0').data).toBe(0);
    for (const s of ['00', '1.', '.5e1', '1E0', '-0', '9007199254740993', ' 1', '0x1']) expect(nonNegativeInteger.safeParse(s).success, s).toBe(false);
  });
});

describe('numbers that are not what they say', () => {
  test('1e-400 (underflows to 0) and -0 are refused as costs and times, named at file:line', () => {
    const line = (cost: string, hours: string) => `xA1a2,A1,sysX,2,${hours},${cost},0.1`;
    expect(edited({ 'runs.csv': replaceLine(3, line('1e-400', '-0')) })).toEqual([
      'runs.csv:3: ai_hours: expected a finite number >= 0, found -0 (a negative zero)',
      'runs.csv:3: cost_usd: expected a finite number >= 0, found 1e-400 (underflows to 0)',
    ]);
    expect(edited({ 'tasks.csv': replaceLine(2, 'A1,occA,2,1e-400') })).toEqual(['tasks.csv:2: expert_ai_hours: expected a finite number > 0, found 1e-400 (underflows to 0)']);
  });
  test('zero written plainly, 0e5 and tiny values that do not underflow still pass', () => {
    for (const s of ['0', '0.0', '0e5', '+0', '.0', '5e-324', '1e-300']) expect(nonNegativeNumber.safeParse(s).success, s).toBe(true);
    for (const s of ['-0.0', '-0e3', '-.0', '1e-400', '-1e-400', '0.0001e-399']) expect(nonNegativeNumber.safeParse(s).success, s).toBe(false);
    expect(nonNegativeNumber.safeParse('0.0000e0').data).toBe(0);
    expect(positiveNumber.safeParse('1e-330').success).toBe(false);
  });
});

describe('invalid UTF-8', () => {
  test('Ing\\xe9nieur (Latin-1) is an error naming file, line and column, not a U+FFFD', () => {
    const dir = editedDataset({});
    const path = join(dir, 'occupations.csv');
    const text = readFileSync(path, 'utf8').split('\n');
    text[2] = text[2].replace('occB', 'Ing\u00e9nieur');
    writeFileSync(path, Buffer.from(text.join('\n'), 'latin1'));
    expect(problems(dir)).toEqual(['occupations.csv:3: invalid UTF-8 byte 0xE9 at column 4 (byte ' + (Buffer.byteLength(text.slice(0, 2).join('\n') + '\n') + 4) + ' of the file), expected UTF-8 text']);
  });
  test('two byte strings that differ are never read as the same text', () => {
    expect(() => decodeUtf8(Buffer.from([0x49, 0xe9]), 'a.csv')).toThrow('a.csv:1: invalid UTF-8 byte 0xE9 at column 2');
    expect(() => decodeUtf8(Buffer.from([0x49, 0xff]), 'a.csv')).toThrow('a.csv:1: invalid UTF-8 byte 0xFF at column 2');
  });
  test('lines are counted as the CSV reader counts them (LF, CRLF, bare CR), columns in characters', () => {
    expect(invalidUtf8(Buffer.concat([Buffer.from('a\r\nb\rc\n\u00e9\u{1F600}x'), Buffer.from([0xc3])]))).toEqual({ offset: 14, line: 4, column: 4, byte: 0xc3 });
  });
  test('invalidUtf8 agrees with a fatal TextDecoder on 2000 seeded random byte strings (oracle)', () => {
    const rng = createRng(13);
    const pool = [0x41, 0x0a, 0x0d, 0x80, 0xbf, 0xc0, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 0xa0, 0x90, 0x8f];
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let invalid = 0;
    for (let t = 0; t < 2000; t++) {
      const bytes = Uint8Array.from({ length: 1 + rng.int(6) }, () => pool[rng.int(pool.length)]);
      let ok = true;
      try { decoder.decode(bytes); } catch { ok = false; }
      expect(invalidUtf8(bytes) === null, Buffer.from(bytes).toString('hex')).toBe(ok);
      if (!ok) invalid++;
    }
    expect(invalid).toBeGreaterThan(500);
  });
  test('readCsv of a valid UTF-8 file with a BOM reads as before', () => {
    const dir = editedDataset({});
    writeFileSync(join(dir, 'sectors.csv'), '\ufeff' + readFileSync(join(SMALL, 'sectors.csv'), 'utf8'));
    expect(readCsv(join(dir, 'sectors.csv')).header).toEqual(['sector', 'gdp_share']);
  });
});

describe('header cells are not trimmed, as cells never are', () => {
  test('" energy_mj " is an error at line 1 naming the column as written', () => {
    expect(edited({ 'runs.csv': (t) => t.replace('energy_mj', ' energy_mj ') })).toEqual([
      'runs.csv:1:  energy_mj : leading or trailing spaces in column name " energy_mj ", expected "energy_mj"',
    ]);
    expect(() => parseCsv('a,b \n1,2\n', 'f.csv')).toThrow('f.csv:1: b : leading or trailing spaces in column name "b ", expected "b"');
  });
});

describe('manifest.json', () => {
  test('a byte-order mark is accepted (as CSV files accept one)', () => {
    const ds = loadDataset(editedDataset({ 'manifest.json': (t) => '\ufeff' + t }));
    expect(ds.manifest.primary_system).toBe('sysX');
  });
  test('a misspelt key is refused with the nearest known key and its line', () => {
    expect(edited({ 'manifest.json': (t) => t.replace('"description"', '"descripton"') })).toEqual([
      'manifest.json:8: descripton: unknown key, did you mean "description"? (known: name, provenance, energy_boundary, primary_system, primary_judge, bootstrap, description)',
    ]);
    expect(edited({ 'manifest.json': (t) => t.replace('"seed"', '"sead"') })).toEqual([
      'manifest.json:7: bootstrap.sead: unknown key, did you mean "seed"? (known: draws, seed)',
      'manifest.json:7: bootstrap.seed: missing required key, expected an integer >= 0',
    ]);
  });
  test('a duplicated key is refused (JSON.parse keeps the last silently)', () => {
    expect(edited({ 'manifest.json': (t) => t.replace('"primary_judge": "J1",', '"primary_judge": "J1",\n  "primary_judge": "J2",') })).toEqual([
      'manifest.json:7: primary_judge: duplicate key "primary_judge" (first on line 6)',
    ]);
  });
  test('a syntax error names its line', () => {
    expect(edited({ 'manifest.json': (t) => t.replace('"sysX",', '"sysX",,') })).toEqual([
      "manifest.json:5: not valid JSON: expected a key in double quotes, found ',' at column 28",
    ]);
  });
  test('parseJson reads what JSON.parse reads (oracle) and keeps key lines', () => {
    for (const t of ['{"a": [1, -2.5e3, true, null, "x\\u00e9\\n"], "b": {"c": {}}}', '[]', '"s"', '0', '{"__proto__": 1}']) {
      expect(parseJson(t, 'f').value, t).toEqual(JSON.parse(t));
    }
    for (const t of ['{"a": 1,}', '[1 2]', '01', '{"a" 1}', '"\t"', '{} x', '-', '1.', '"\\x"']) {
      expect(parseJson(t, 'f').value, t).toBeUndefined();
      expect(() => JSON.parse(t), t).toThrow();
    }
    expect([...parseJson('{\n"a": {\n "b": 1}}', 'f').lines]).toEqual([['', 1], ['a', 2], ['a.b', 3]]);
  });
  test('nearestName is the smallest edit distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(nearestName('energy_boundry', ['name', 'energy_boundary', 'provenance'])).toBe('energy_boundary');
  });
});

describe('bootstrap draws are bounded by memory, with a message saying how much', () => {
  test('the bound is 2 GiB of 8-byte draws per series; the message names the memory needed', () => {
    expect(maxDraws(94)).toBe(Math.floor(MAX_BOOTSTRAP_BYTES / (8 * 94)));
    expect(() => checkDraws(1e12, 94)).toThrow('invalid draws: 1000000000000: a bootstrap of 94 series at once would need about 750 TB of memory (8 bytes per draw per series); at most 2855696 draws fit in 2.1 GB');
    expect(checkDraws(2855696, 94)).toBe(2855696);
    expect(() => checkDraws(2855697, 94)).toThrow(/would need about 2.1 GB/);
  });
  test('resolveBootstrap names where the draws came from: the option or the manifest', () => {
    expect(() => resolveBootstrap({ draws: 1e8 }, { draws: 10, seed: 1 })).toThrow(/^invalid draws: 100000000 \(from the draws option\): a bootstrap of 76 series at once would need about 61 GB/);
    expect(() => resolveBootstrap(undefined, { draws: 1e12, seed: 1 })).toThrow(/^invalid draws: 1000000000000 \(from manifest.json bootstrap.draws\)/);
    expect(resolveBootstrap(undefined, { draws: 10, seed: 1 })).toEqual({ draws: 10, seed: 1 });
  });
  test('j2g tables --draws 1e12 and a manifest bootstrap.draws of 1e12 give the message, exit 2 or 1, no stack', async () => {
    const out = join(editedDataset({}), 'out');
    const r = await j2gInProcess(['tables', '--data', SMALL, '--out', out, '--draws', '1e12']);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/^j2g tables: --draws \(scenario field draws\): 1000000000000 is not allowed \(expected an integer >= 1; invalid draws: 1000000000000 \(from the draws option\): a bootstrap of 28 series at once would need about 220 TB of memory/);
    const dir = editedDataset({ 'manifest.json': (t) => t.replace('"draws": 2000', '"draws": 1e12') });
    const m = await j2gInProcess(['tables', '--data', dir, '--out', out]);
    expect(m.err).toMatch(/invalid draws: 1000000000000 \(from manifest.json bootstrap.draws\)/);
    expect(() => table13({ dataset: loadDataset(dir) })).toThrow(/from manifest.json bootstrap.draws/);
    // an invalid setting is no "this dataset cannot support this output": it fails every table, not one
    expect(() => buildTables({ dataset: loadDataset(dir) })).toThrow(/^invalid draws: 1000000000000 \(from manifest.json bootstrap.draws\)/);
  });
  test('j2g qaij --draws 1e12 is the same message, not a V8 out-of-memory abort', async () => {
    const r = await j2gInProcess(['qaij', '--data', SMALL, '--draws', '1e12']);
    expect(r.code).not.toBe(0);
    // the paired bootstrap of the unweighted headline and the difficulty-weighted estimate beside it holds
    // 3 Float64Array series per system and variant plus a trimmed and a sorted copy: 3 x 2 x 2 + 2 = 14 for synthetic-small
    expect(r.err).toMatch(/^j2g qaij: invalid draws: 1000000000000: a bootstrap of 14 series at once would need about 110 TB of memory/);
    expect(() => bootstrapQaij([], { draws: 0 })).toThrow('invalid draws: 0');
  });
});

describe('manifest problems name their line', () => {
  test('a missing key is named at the line of the object lacking it; the cross-checks at their key', () => {
    expect(edited({ 'manifest.json': (t) => t.replace('  "primary_judge": "J1",\n', '') })).toEqual(['manifest.json:1: primary_judge: missing required key, expected a judge of judgments.csv (a non-empty string)']);
    expect(edited({ 'manifest.json': (t) => t.replace('"primary_system": "sysX"', '"primary_system": "sysZ"') })).toEqual(['manifest.json:5: primary_system: unknown system "sysZ" (not in systems.csv)']);
  });
});
