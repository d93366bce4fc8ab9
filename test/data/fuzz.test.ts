/**
 * Seeded fuzz of the dataset loader (issue 13 "Done when"): hundreds of mutations of
 * data/recorded/synthetic-small (cells, lines, encodings, headers, manifests), each loaded in-process
 * from a temp directory, each held to the contract:
 *   - a harmful mutation is a ValidationError whose every issue names a known file and a line;
 *   - a harmless one (line ends, BOM, quoting, column order, an extra column, manifest layout) gives
 *     the same tables, byte for byte, as the unmutated input;
 *   - never any other exception (what would reach a user as a stack trace).
 * A handful of harmful cases also run `j2g tables` in a child process against an earlier --out,
 * which must stay byte-identical, with no stack trace on stderr.
 *
 * Cost: one temp directory; each case rewrites one file, loads, and puts the file back. Harmless
 * cases build the tables with 20 bootstrap draws. The whole file runs in a few seconds, split in
 * tests by class so that the worker answers between them.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { ValidationError } from '../../kernel-lib/errors.ts';
import { buildTables } from '../../kernel-lib/cli/commands/tables.ts';
import { tableToCsv } from '../../kernel-lib/io/tableCsv.ts';
import { createRng, type Rng } from '../../kernel-lib/random/prng.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL } from '../helpers/dataset.ts';
import { runNode } from '../helpers/child.ts';

onWarning(null);
const FILES = ['occupations.csv', 'sectors.csv', 'tasks.csv', 'systems.csv', 'runs.csv', 'judgments.csv'] as const;
type File = (typeof FILES)[number] | 'manifest.json';
const ORIGINAL = Object.fromEntries([...FILES, 'manifest.json'].map((f) => [f, readFileSync(join(SMALL, f))])) as Record<File, Buffer>;
const DIR = mkdtempSync(join(tmpdir(), 'j2g-fuzz-'));
cpSync(SMALL, DIR, { recursive: true });
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

const tablesOf = (dir: string) => {
  const { tables, skipped } = buildTables({ dataset: loadDataset(dir), bootstrap: { draws: 20, seed: 5 } });
  return { csv: Object.fromEntries(Object.entries(tables).map(([k, t]) => [k, tableToCsv(t)])), skipped };
};
const BASELINE = tablesOf(DIR);

type Expect = 'error' | 'same';
interface Case { name: string; file: File; bytes: Buffer; expect: Expect }

/** Load with `file` replaced by `bytes`; '' when the contract holds, else why not. */
function check(c: Case): string {
  writeFileSync(join(DIR, c.file), c.bytes);
  try {
    if (c.expect === 'same') {
      const got = tablesOf(DIR);
      if (JSON.stringify(got) !== JSON.stringify(BASELINE)) return `${c.name}: tables differ from the unmutated input`;
      return '';
    }
    loadDataset(DIR);
    return `${c.name}: loaded without error`;
  } catch (e) {
    if (!(e instanceof ValidationError)) return `${c.name}: ${(e as Error)?.name}: ${(e as Error)?.message} (not a ValidationError)`;
    if (c.expect === 'same') return `${c.name}: harmless mutation rejected: ${e.message}`;
    const known = new Set<string>([...FILES, 'manifest.json']);
    const bad = e.issues.filter((i) => !known.has(i.file) || !(Number.isInteger(i.line) && i.line! >= 1));
    return bad.length ? `${c.name}: issue without file and line: ${JSON.stringify(bad[0])}` : '';
  } finally {
    writeFileSync(join(DIR, c.file), ORIGINAL[c.file]);
  }
}

function runCases(cases: Case[]): void {
  const failures = cases.map(check).filter(Boolean);
  expect(failures).toEqual([]);
}

// ---- CSV text as records, to mutate cell by cell ----
const text = (f: File) => ORIGINAL[f].toString('utf8');
const rowsOf = (f: File) => text(f).trimEnd().split('\n').map((l) => l.split(','));
const join_ = (rows: string[][], end = '\n') => rows.map((r) => r.join(',')).join(end) + end;
const pick = <T,>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)];

/** What each column holds (the recorded-data schema, data/README.md): each file's id, its references, the other cells' kinds. */
const IDS: Partial<Record<File, string>> = { 'occupations.csv': 'occupation', 'sectors.csv': 'sector', 'tasks.csv': 'task_id', 'systems.csv': 'system', 'runs.csv': 'run_id' };
const REFS: Partial<Record<File, string[]>> = { 'occupations.csv': ['sector'], 'tasks.csv': ['occupation'], 'runs.csv': ['task_id', 'system'], 'judgments.csv': ['run_id'] };
const KIND: Record<string, 'text' | 'pos' | 'nonneg' | 'posint' | 'optpos' | 'enum'> = {
  soc_code: 'text', category: 'text', employment: 'nonneg', median_hourly_wage_usd: 'pos',
  gdp_share: 'pos', expert_hours: 'pos', expert_ai_hours: 'optpos', model: 'text',
  harness: 'text', backend: 'text', accelerator: 'text', accelerator_count: 'posint', node_rate_usd_per_hour: 'optpos',
  attempt: 'posint', ai_hours: 'nonneg', cost_usd: 'nonneg', energy_mj: 'pos', reference: 'enum', judge: 'text', outcome: 'enum',
};
const NOT_A_NUMBER = ['', ' 1', '1 ', 'NaN', 'Infinity', '-Infinity', '1e400', '-1e400', '1e-400', '-0', '-0.0', '-1', '0x10', 'abc',
  '1_000', '\uff11', '"1,5"', '1.2.3', '.', 'e5', '+-1', '1e', '--1', '\u00a01', '1\t', '٣'];
const BAD: Record<string, string[]> = {
  pos: [...NOT_A_NUMBER, '0', '0.0', '0e3'],
  nonneg: NOT_A_NUMBER,
  optpos: [...NOT_A_NUMBER.filter((s) => s !== ''), '0'],
  posint: [...NOT_A_NUMBER, '0', '01', '1.0', '1e0', '2.5', '+1', '3.0', '1e1', '00', '9007199254740993'],
  text: ['', ' x', 'x ', '\t', ' '],
  enum: ['Win', 'draw', ' win', 'loss ', '', 'expert', 'EXPERT_ONLY'],
};

/** Bad cells: a harmful value in a random data cell of a random file (column's own kind). */
function cellCases(rng: Rng, n: number): Case[] {
  const out: Case[] = [];
  while (out.length < n) {
    const file = pick(rng, FILES);
    const rows = rowsOf(file);
    const r = 1 + rng.int(rows.length - 1), k = rng.int(rows[0].length);
    const column = rows[0][k];
    const kind = IDS[file] === column ? 'id' : REFS[file]?.includes(column) ? 'ref' : KIND[column];
    let v: string;
    if (kind === 'id') v = pick(rng, ['', ' ' + rows[r][k], rows[r][k] + ' ', rows[r === 1 ? 2 : 1][k]]); // empty, padded, a duplicate
    else if (kind === 'ref') v = pick(rng, ['', ' ' + rows[r][k], rows[r][k] + ' ', 'NOPE']); // empty, padded, unknown
    else v = pick(rng, BAD[kind]);
    const mutated = rows.map((row) => [...row]);
    mutated[r][k] = v;
    out.push({ name: `cell ${file}:${r + 1} ${column}=${JSON.stringify(v)}`, file, bytes: Buffer.from(join_(mutated)), expect: 'error' });
  }
  return out;
}

/** References to ids that do not exist: every foreign-key column. */
function referenceCases(): Case[] {
  const refs: [File, string][] = [['occupations.csv', 'sector'], ['tasks.csv', 'occupation'], ['runs.csv', 'task_id'], ['runs.csv', 'system'], ['judgments.csv', 'run_id']];
  return refs.flatMap(([file, column]) => {
    const rows = rowsOf(file);
    const k = rows[0].indexOf(column);
    return [1, rows.length - 1].map((r) => {
      const m = rows.map((row) => [...row]);
      m[r][k] = `${m[r][k]}x`;
      return { name: `reference ${file}:${r + 1} ${column}`, file, bytes: Buffer.from(join_(m)), expect: 'error' as const };
    });
  });
}

/** Lines: a field removed or added, a blank line, a duplicated row, an open quote, a stray quote after a closing one. */
function lineCases(rng: Rng, n: number): Case[] {
  const out: Case[] = [];
  const kinds = ['drop-field', 'add-field', 'blank', 'duplicate', 'open-quote', 'after-quote', 'empty-row', 'swap-delimiter'] as const;
  for (let t = 0; t < n; t++) {
    const file = pick(rng, FILES);
    const rows = rowsOf(file);
    const r = 1 + rng.int(rows.length - 1);
    const kind = kinds[t % kinds.length];
    const m = rows.map((row) => [...row]);
    let bytes: string;
    if (kind === 'drop-field') { m[r].splice(rng.int(m[r].length), 1); bytes = join_(m); }
    else if (kind === 'add-field') { m[r].splice(rng.int(m[r].length + 1), 0, 'extra'); bytes = join_(m); }
    else if (kind === 'blank') { m.splice(r, 0, []); bytes = join_(m); }
    else if (kind === 'duplicate') { m.splice(r, 0, [...m[r]]); bytes = join_(m); }
    else if (kind === 'open-quote') { m[r][rng.int(m[r].length)] = '"' + m[r][0]; bytes = join_(m); }
    else if (kind === 'after-quote') { m[r][rng.int(m[r].length)] = `"${m[r][0]}"x`; bytes = join_(m); }
    else if (kind === 'empty-row') { m[r] = m[r].map(() => ''); bytes = join_(m); }
    else { bytes = join_(m).replace(m[r].join(','), m[r].join(';')); }
    out.push({ name: `line ${kind} ${file}:${r + 1}`, file, bytes: Buffer.from(bytes), expect: 'error' });
  }
  return out;
}

/** Encodings: bytes that are not UTF-8 in a data row, or the whole file in UTF-16 or Latin-1 with a non-ASCII character. */
function encodingCases(rng: Rng, n: number): Case[] {
  const out: Case[] = [];
  const bad = [[0xe9], [0xff], [0x80], [0xc3], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0xfe], [0xf8, 0x88, 0x80, 0x80, 0x80]];
  for (let t = 0; t < n; t++) {
    const file = pick(rng, [...FILES, 'manifest.json'] as File[]);
    const orig = ORIGINAL[file];
    if (t % 10 === 9) {
      out.push({ name: `encoding utf-16le ${file}`, file, bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(orig.toString('utf8'), 'utf16le')]), expect: 'error' });
      continue;
    }
    const at = rng.int(orig.length);
    const seq = Buffer.from(pick(rng, bad));
    out.push({ name: `encoding ${seq.toString('hex')} at byte ${at} of ${file}`, file, bytes: Buffer.concat([orig.subarray(0, at), seq, orig.subarray(at)]), expect: 'error' });
  }
  return out;
}

/** Headers: a required column misspelt, padded, emptied, duplicated, dropped (with its cells), or its case changed. */
function headerCases(rng: Rng, n: number): Case[] {
  const out: Case[] = [];
  const kinds = ['misspell', 'pad', 'empty', 'duplicate', 'drop', 'upper', 'tab'] as const;
  for (let t = 0; t < n; t++) {
    const file = pick(rng, FILES);
    const rows = rowsOf(file);
    const k = rng.int(rows[0].length);
    const h = rows[0][k];
    const kind = kinds[t % kinds.length];
    if (h === 'expert_ai_hours' || h === 'node_rate_usd_per_hour') continue; // optional columns
    const m = rows.map((row) => [...row]);
    if (kind === 'misspell') m[0][k] = h.slice(0, -1);
    else if (kind === 'pad') m[0][k] = rng.int(2) ? ` ${h}` : `${h} `;
    else if (kind === 'empty') m[0][k] = '';
    else if (kind === 'duplicate') m[0][(k + 1) % m[0].length] = h;
    else if (kind === 'drop') for (const row of m) row.splice(k, 1);
    else if (kind === 'upper') m[0][k] = h.toUpperCase();
    else m[0][k] = `${h}\t`;
    out.push({ name: `header ${kind} ${file} ${h}`, file, bytes: Buffer.from(join_(m)), expect: 'error' });
  }
  return out;
}

const MANIFEST = JSON.parse(text('manifest.json')) as Record<string, unknown>;
const KEYS = ['name', 'provenance', 'energy_boundary', 'primary_system', 'primary_judge', 'bootstrap', 'description'];

/** Manifests: misspelt, duplicated, missing or unknown keys, wrong types and values, broken JSON. */
function manifestCases(rng: Rng, n: number): Case[] {
  const out: Case[] = [];
  const typo = (k: string) => {
    const i = rng.int(k.length);
    return pick(rng, [k.slice(0, i) + k.slice(i + 1), k.slice(0, i) + k[i] + k.slice(i), k.slice(0, i) + 'x' + k.slice(i + 1), k.toUpperCase()]);
  };
  const values: [string, unknown][] = [
    ['provenance', 'guessed'], ['energy_boundary', 'wall'], ['name', ''], ['name', 3], ['primary_system', 'sysZ'], ['primary_judge', 'J9'],
    ['bootstrap', { draws: '2000', seed: 1 }], ['bootstrap', { draws: 1.5, seed: 1 }], ['bootstrap', { draws: 0, seed: 1 }],
    ['bootstrap', { draws: -1, seed: 1 }], ['bootstrap', { draws: 10, seed: -1 }], ['bootstrap', { draws: 10, seed: 1.5 }],
    ['bootstrap', { draws: 10 }], ['bootstrap', null], ['bootstrap', [10, 1]], ['description', 7], ['primary_system', null],
  ];
  const broken = (s: string) => pick(rng, [s.slice(0, rng.int(s.length)), s.replace(/,\n/, ',,\n'), s.replace(/}\s*$/, ',}'), s.replace(/"/, "'"), s + 'x', s.replace(/: "/, ' "'), '']);
  for (let t = 0; t < n; t++) {
    const kind = t % 6;
    let s: string;
    if (kind === 0) { const k = pick(rng, KEYS); const k2 = typo(k); if (k2 === k) continue; s = JSON.stringify(MANIFEST, null, 2).replace(`"${k}"`, `"${k2}"`); }
    else if (kind === 1) { const k = pick(rng, KEYS); s = JSON.stringify(MANIFEST, null, 2).replace(/\n}$/, `,\n  "${k}": ${JSON.stringify(MANIFEST[k])}\n}`); }
    else if (kind === 2) { const k = pick(rng, KEYS.filter((x) => x !== 'description')); const { [k]: _, ...rest } = MANIFEST; s = JSON.stringify(rest, null, 2); }
    else if (kind === 3) { const [k, v] = pick(rng, values); s = JSON.stringify({ ...MANIFEST, [k]: v }, null, 2); }
    else if (kind === 4) s = broken(JSON.stringify(MANIFEST, null, 2));
    else s = JSON.stringify({ ...MANIFEST, [pick(rng, ['notes', 'seed', 'draws', 'version', 'bootstrap_draws'])]: 1 }, null, 2);
    out.push({ name: `manifest ${kind}: ${s.replace(/\s+/g, ' ').slice(0, 160)}`, file: 'manifest.json', bytes: Buffer.from(s), expect: 'error' });
  }
  return out;
}

/** Harmless: CRLF, bare CR, BOM, no final line end, quoted fields, reordered columns, an extra column, manifest layout. */
function harmlessCases(rng: Rng): Case[] {
  const out: Case[] = [];
  for (const file of FILES) {
    const rows = rowsOf(file);
    const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
    const perm = rows[0].map((_, k) => k).sort(() => rng.next() - 0.5);
    const variants: [string, string | Buffer][] = [
      ['crlf', join_(rows, '\r\n')],
      ['bare-cr', join_(rows, '\r')],
      ['bom', '\ufeff' + join_(rows)],
      ['no-final-newline', join_(rows).slice(0, -1)],
      ['all-quoted', rows.map((r) => r.map(q).join(',')).join('\n') + '\n'],
      ['some-quoted', rows.map((r, i) => r.map((c, k) => (i > 0 && (i + k) % 3 === 0 ? q(c) : c)).join(',')).join('\n') + '\n'],
      ['columns-reordered', join_(rows.map((r) => perm.map((k) => r[k])))],
      ['extra-column', join_(rows.map((r, i) => [...r, i === 0 ? 'note' : `n${i}, "quoted"`.replace(/.*/, (s) => q(s))]))],
      ['bom-crlf-quoted', Buffer.from('\ufeff' + rows.map((r) => r.map(q).join(',')).join('\r\n'))],
    ];
    for (const [name, bytes] of variants) out.push({ name: `harmless ${name} ${file}`, file, bytes: Buffer.from(bytes), expect: 'same' });
  }
  const m = MANIFEST;
  const reordered = Object.fromEntries(Object.entries(m).reverse());
  for (const [name, s] of [
    ['manifest-bom', '\ufeff' + text('manifest.json')], ['manifest-one-line', JSON.stringify(m)], ['manifest-tabs', JSON.stringify(m, null, '\t')],
    ['manifest-crlf', JSON.stringify(m, null, 2).replace(/\n/g, '\r\n')], ['manifest-reordered', JSON.stringify(reordered, null, 2)],
    ['manifest-no-description', JSON.stringify({ ...m, description: undefined })], ['manifest-escapes', JSON.stringify(m).replace('"sysX"', '"\\u0073ysX"')],
  ] as const) out.push({ name: `harmless ${name}`, file: 'manifest.json', bytes: Buffer.from(s), expect: 'same' });
  return out;
}

describe('seeded fuzz of the dataset loader (synthetic-small, seed 13)', () => {
  const rng = createRng(13);
  const classes = {
    cells: [...cellCases(rng, 160), ...referenceCases()],
    lines: lineCases(rng, 64),
    encodings: encodingCases(rng, 60),
    headers: headerCases(rng, 50),
    manifests: manifestCases(rng, 72),
    harmless: harmlessCases(rng),
  };
  test('hundreds of cases in every class the issue names', () => {
    const sizes = Object.fromEntries(Object.entries(classes).map(([k, v]) => [k, v.length]));
    expect(Object.values(sizes).reduce((a, b) => a + b, 0)).toBeGreaterThan(450);
    for (const [k, n] of Object.entries(sizes)) expect(n, k).toBeGreaterThanOrEqual(40);
  });
  for (const [name, cases] of Object.entries(classes)) {
    test(`${name}: an error naming file and line, or the unmutated tables; never another exception`, () => runCases(cases));
  }
  test('the contract check itself can fail: a harmful mutation presented as harmless, an unmutated input presented as harmful', () => {
    const c = classes.cells[0];
    expect(check({ ...c, expect: 'same' })).toMatch(/harmless mutation rejected/);
    expect(check({ name: 'no change', file: 'runs.csv', bytes: ORIGINAL['runs.csv'], expect: 'error' })).toBe('no change: loaded without error');
    expect(check({ name: 'missing judge', file: 'manifest.json', bytes: Buffer.from('{}'), expect: 'error' })).toBe('');
  });
});

describe('j2g tables never changes an earlier --out when the data is bad (child processes)', () => {
  test('five harmful mutations: exit 1, no stack trace, --out byte-identical', async () => {
    // --out outside any dataset folder (the output guard refuses one inside a dataset)
    const out = join(mkdtempSync(join(tmpdir(), 'j2g-fuzz-out-')), 'out');
    const first = await runNode(['bin/j2g.mjs', 'tables', '--data', SMALL, '--out', out, '--draws', '20']);
    expect(first.code).toBe(0);
    const snapshot = () => Object.fromEntries(readdirSync(out).sort().map((f) => [f, readFileSync(join(out, f)).toString('base64')]));
    const before = snapshot();
    expect(Object.keys(before).length).toBeGreaterThanOrEqual(10);
    const cases: [File, Buffer][] = [
      ['runs.csv', Buffer.from(text('runs.csv').replace('xA1a2,A1,sysX,2,', 'xA1a2,A1,sysX,01,'))],
      ['occupations.csv', Buffer.from(text('occupations.csv').replace('occB', 'Ing\u00e9nieur'), 'latin1')],
      ['runs.csv', Buffer.from(text('runs.csv').replace('energy_mj', ' energy_mj '))],
      ['manifest.json', Buffer.from(text('manifest.json').replace('"seed"', '"sede"'))],
      ['runs.csv', Buffer.from(text('runs.csv').replace('0.5,1.0,0.2', '0.5,1e-400,0.2'))],
    ];
    const data = mkdtempSync(join(tmpdir(), 'j2g-fuzz-cli-'));
    try {
      const results = await Promise.all(cases.map(async ([file, bytes], i) => {
        const dir = join(data, String(i));
        cpSync(SMALL, dir, { recursive: true });
        writeFileSync(join(dir, file), bytes);
        return runNode(['bin/j2g.mjs', 'tables', '--data', dir, '--out', out, '--draws', '20']);
      }));
      for (const r of results) {
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(/^j2g tables: \d+ problems? in input:\n(manifest\.json|[a-z]+\.csv):\d+: /);
        expect(r.stderr).not.toMatch(/\n\s+at /);
      }
      expect(snapshot()).toEqual(before);
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});
