/**
 * The resolved scenario context (issue #22): a flag beside --scenario gives the tables of the same
 * scenario given by flags alone (the derived time reference follows the new judgment reference: on the
 * reconstructed dataset the old code computed GLM 5.2's NVJ at 47.71 instead of 28.85); a dataset
 * changed after its scenario.json is refused naming the changed file; ids holding `|` (or any other
 * character the schema allows) give the tables of the same dataset with plain ids; only
 * "cannot support" skips an output, any other error fails. The oracles: the same computation reached
 * another way (flags alone, plain ids), and hand-made inputs.
 */
import { describe, expect, test } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { runNode } from '../helpers/child.ts';
import { SMALL } from '../helpers/dataset.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { J2GError, UnsupportedOutputError } from '../../kernel-lib/errors.ts';
import { buildTables, resolveContext, withScenario, scenarioDifferences, differsWords, TABLES } from '../../kernel-lib/tables/index.ts';
import { tableToCsv } from '../../kernel-lib/io/tableCsv.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

const J2G = new URL('../../bin/j2g.mjs', import.meta.url).pathname;
const j2g = async (...args: string[]) => { const r = await runNode([J2G, ...args]); return { status: r.code, stdout: r.stdout, stderr: r.stderr }; };
const tmp = (p: string) => mkdtempSync(join(tmpdir(), p));
const filesOf = (dir: string) => Object.fromEntries(readdirSync(dir).filter((f) => f.endsWith('.csv')).sort().map((f) => [f, readFileSync(join(dir, f), 'utf8')]));

describe('flags beside --scenario', () => {
  test('--scenario A/scenario.json --judgment-reference expert_with_ai --policy pass@2 equals the same flags alone', async () => {
    const a = tmp('j2g-ctx-a-'), b = tmp('j2g-ctx-b-'), c = tmp('j2g-ctx-c-');
    expect((await j2g('tables', '--data', SMALL, '--out', a, '--draws', '40')).status).toBe(0);
    expect((await j2g('tables', '--scenario', join(a, 'scenario.json'), '--judgment-reference', 'expert_with_ai', '--policy', 'pass@2', '--out', b)).status).toBe(0);
    expect((await j2g('tables', '--data', SMALL, '--judgment-reference', 'expert_with_ai', '--policy', 'pass@2', '--draws', '40', '--out', c)).status).toBe(0);
    const sb = JSON.parse(readFileSync(join(b, 'scenario.json'), 'utf8'));
    expect(sb.timeReference).toBe('expert_with_ai');
    expect(sb.derived).toContain('timeReference');
    expect(filesOf(b)).toEqual(filesOf(c));
    expect(sb).toEqual(JSON.parse(readFileSync(join(c, 'scenario.json'), 'utf8')));
  });

  test('a time reference the file chose stays chosen under a new judgment reference', async () => {
    const a = tmp('j2g-ctx-a-'), b = tmp('j2g-ctx-b-');
    expect((await j2g('tables', '--data', SMALL, '--time-reference', 'expert_only', '--judgment-reference', 'expert_only', '--out', a, '--draws', '20')).status).toBe(0);
    expect(JSON.parse(readFileSync(join(a, 'scenario.json'), 'utf8')).derived).not.toContain('timeReference');
    expect((await j2g('tables', '--scenario', join(a, 'scenario.json'), '--judgment-reference', 'expert_with_ai', '--out', b)).status).toBe(0);
    expect(JSON.parse(readFileSync(join(b, 'scenario.json'), 'utf8')).timeReference).toBe('expert_only');
  });
});

describe('a dataset changed after its scenario.json', () => {
  test('is refused naming the changed file, and accepted with --accept-dataset-change recording both hashes', async () => {
    const data = tmp('j2g-ctx-ds-');
    cpSync(SMALL, data, { recursive: true });
    const a = tmp('j2g-ctx-a-'), b = tmp('j2g-ctx-b-');
    expect((await j2g('tables', '--data', data, '--out', a, '--draws', '20')).status).toBe(0);
    const runs = join(data, 'runs.csv');
    writeFileSync(runs, readFileSync(runs, 'utf8').replace(/^(xA1a1,A1,sysX,1,)([0-9.]+)/m, (_, p, v) => `${p}${Number(v) * 2}`));
    const refused = await j2g('tables', '--scenario', join(a, 'scenario.json'), '--out', b);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/changed: runs\.csv;/);
    expect(readdirSync(b)).toEqual([]);
    const ok = await j2g('tables', '--scenario', join(a, 'scenario.json'), '--accept-dataset-change', '--out', b);
    expect(ok.status).toBe(0);
    const before = JSON.parse(readFileSync(join(a, 'scenario.json'), 'utf8'));
    const after = JSON.parse(readFileSync(join(b, 'scenario.json'), 'utf8'));
    expect(after.datasetChange).toEqual({ fromSha256: before.datasetSha256, changedFiles: ['runs.csv'] });
    expect(after.datasetSha256).not.toBe(before.datasetSha256);
  });
});

/** synthetic-small with every task, system, run and judge id rewritten by `rename` (in every file). */
function renamedDataset(rename: (kind: string, id: string) => string): string {
  const dir = tmp('j2g-ids-');
  cpSync(SMALL, dir, { recursive: true });
  const read = (f: string) => readFileSync(join(dir, f), 'utf8').trimEnd().split('\n').map((l) => l.split(','));
  const write = (f: string, rows: string[][]) => writeFileSync(join(dir, f), `${rows.map((r) => r.map(quote).join(',')).join('\n')}\n`);
  const quote = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const col = (rows: string[][], name: string) => rows[0].indexOf(name);
  const tasks = read('tasks.csv'), systems = read('systems.csv'), runs = read('runs.csv'), judgments = read('judgments.csv');
  const map = (rows: string[][], column: string, kind: string) => { const k = col(rows, column); for (const r of rows.slice(1)) r[k] = rename(kind, r[k]); };
  map(tasks, 'task_id', 'task'); map(systems, 'system', 'system');
  map(runs, 'run_id', 'run'); map(runs, 'task_id', 'task'); map(runs, 'system', 'system');
  map(judgments, 'run_id', 'run'); map(judgments, 'judge', 'judge');
  write('tasks.csv', tasks); write('systems.csv', systems); write('runs.csv', runs); write('judgments.csv', judgments);
  const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  m.primary_system = rename('system', m.primary_system);
  m.primary_judge = rename('judge', m.primary_judge);
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(m));
  return dir;
}

/** Every table as CSV with the ids mapped back, for comparison with the plain dataset's. */
function tablesOf(dir: string, back: (text: string) => string): Record<string, string> {
  const { tables } = buildTables({ dataset: loadDataset(dir), bootstrap: { draws: 30, seed: 3 } });
  return Object.fromEntries(Object.entries(tables).map(([k, t]) => [k, back(tableToCsv(t))]));
}

describe('ids that hold | or any other character the schema allows', () => {
  test('a task A1|q of one system and a task A1 of a system q|... never collide (crafted)', () => {
    // sysX's id becomes "q|sysY" and task A2 becomes "A1|q": the old `${task}|${system}` keys of
    // (A1, q|sysY) and (A1|q, sysY) were the same string "A1|q|sysY" (and the loader called them duplicates)
    const ids: Record<string, string> = { sysX: 'q|sysY', A2: 'A1|q' };
    const dir = renamedDataset((_, id) => ids[id] ?? id);
    onWarning(null);
    const plain = tablesOf(SMALL, (t) => t);
    const odd = tablesOf(dir, (t) => t.replaceAll(csvCell('q|sysY'), 'sysX'));
    expect(odd).toEqual(plain);
  });

  test('generated renamings (seeded): the same tables as the plain ids', () => {
    onWarning(null);
    const plain = tablesOf(SMALL, (t) => t);
    const piece = fc.stringMatching(/^[A-Za-z0-9|:;_ .#-]{1,4}$/).filter((s) => s.trim() === s && s.length > 0);
    fc.assert(fc.property(piece, piece, (a, b) => {
      const name = (kind: string, id: string) => (kind === 'judge' ? `${id}${a}` : `${a}|${id}|${b}`);
      const dir = renamedDataset(name);
      // map every renamed id back: ids appear in the tables as system and judge names only
      const back = (text: string) => {
        let t = text;
        for (const id of ['sysX', 'sysY']) t = t.replaceAll(csvCell(name('system', id)), id);
        for (const id of ['J1', 'J2', 'human']) t = t.replaceAll(csvCell(name('judge', id)), id);
        return t;
      };
      expect(tablesOf(dir, back)).toEqual(plain);
    }), { numRuns: 6, seed: 22 });
  });
});

const csvCell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

describe('two kinds of failure', () => {
  const ds = loadDataset(SMALL);
  test('an output the dataset cannot support is skipped with its reason; any other error fails buildTables', () => {
    const unsupported = { ...TABLES[1], name: 'tableX', build: () => { throw new UnsupportedOutputError('needs two judges'); } };
    const internal = { ...TABLES[1], name: 'tableY', build: () => { throw new J2GError('groupMeanDraws: group 7 out of range'); } };
    const r = buildTables({ dataset: ds, bootstrap: false }, { entries: [unsupported] });
    expect(r.skipped).toEqual({ tableX: 'needs two judges' });
    expect(() => buildTables({ dataset: ds, bootstrap: false }, { entries: [unsupported, internal] })).toThrow('group 7 out of range');
  });
});

describe('resolveContext and withScenario', () => {
  const ds = loadDataset(SMALL);
  test('every field is filled once, from the manifest and the paper defaults', () => {
    const c = resolveContext({ dataset: ds });
    expect([c.system, c.judge, c.judgmentReference, c.timeReference, c.policy, c.weights, c.rates, c.winTieInterval]).toEqual(['sysX', 'J1', 'expert_only', 'expert_only', { kind: 'pass', k: 1 }, 'gdp', undefined, 'wilson']);
    expect(c.bootstrap).toEqual({ draws: 2000, seed: 20260726 });
    expect(resolveContext(c)).toBe(c);
  });
  test('a derived time reference follows a new judgment reference; a chosen one stays', () => {
    const c = resolveContext({ dataset: ds });
    expect(withScenario(c, { judgmentReference: 'expert_with_ai' }).timeReference).toBe('expert_with_ai');
    const chosen = resolveContext({ dataset: ds, timeReference: 'expert_only' });
    expect(withScenario(chosen, { judgmentReference: 'expert_with_ai' }).timeReference).toBe('expert_only');
  });
  test('differences from the paper, in the words every surface uses', () => {
    expect(differsWords(scenarioDifferences({ dataset: ds }))).toBeNull();
    expect(differsWords(scenarioDifferences({ dataset: ds, weights: 'employment' }))).toBe('differs from the paper because you changed weights (employment)');
    expect(differsWords(scenarioDifferences({ dataset: ds, policy: { kind: 'pass', k: 2 }, judgmentReference: 'expert_with_ai' })))
      .toBe('differs from the paper because you changed judgmentReference (expert_with_ai), timeReference (expert_with_ai) and policy (pass@2)');
  });
});

describe('the facade resolves once', () => {
  test("table13({ dataset, policy: 'pass@2' }) is table13 under the pass@2 context", async () => {
    const { table13 } = await import('../../kernel-lib/tables/table13.ts');
    const ds = loadDataset(SMALL);
    const text = tableToCsv(table13({ dataset: ds, policy: 'pass@2', bootstrap: { draws: 20, seed: 1 } }));
    expect(text).toBe(tableToCsv(table13({ dataset: ds, policy: { kind: 'pass', k: 2 }, bootstrap: { draws: 20, seed: 1 } })));
    expect(text).not.toBe(tableToCsv(table13({ dataset: ds, bootstrap: { draws: 20, seed: 1 } })));
  });
});
