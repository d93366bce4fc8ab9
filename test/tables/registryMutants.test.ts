/**
 * The table registry's functions (tables/registry.ts): finding an entry by name, building a selection
 * of tables under one context (skipping what a dataset cannot support), and row keys and labels.
 * Oracles: the paper's table numbers, and tables built one by one with their own builders.
 *
 * Equivalent mutants of buildTables' start of the slot positions drawn aside (issue 27: the condition
 * `entries.length > 1` made true, false, `>= 1` or `<= 1`, and the `finally` that cancels a draw no
 * table took emptied): the aside only moves work to another thread (test/uncertainty/slotPositionsAside.
 * test.ts proves the tables the same either way), and under vitest no compiled worker exists, so
 * nothing starts at all.
 */
import { afterEach, describe, expect, test } from 'vitest';
import * as aq from 'arquero';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { UnsupportedOutputError } from '../../kernel-lib/errors.ts';
import { TABLES, buildTables, rowKeyOf, rowLabelOf, tableEntry, type TableEntry } from '../../kernel-lib/tables/registry.ts';
import { TABLE_BUILDERS } from '../../kernel-lib/tables/buildTables.ts';
import { clearWarnings, onWarning } from '../../kernel-lib/warn.ts';
import { SMALL, editedDataset } from '../helpers/dataset.ts';

onWarning(null);
afterEach(() => clearWarnings());

describe('tableEntry', () => {
  test('by output name, number or title, with leading zeros and spaces', () => {
    for (const name of ['table13', '13', 'Table 13', ' TABLE13 ', 'table013', '013']) expect(tableEntry(name).name, name).toBe('table13');
    expect(tableEntry('1').name).toBe('table01');
    expect(tableEntry('table01').title).toBe('Table 1: task averages per AI system');
  });
  test('a table that does not exist is refused, listing the paper numbers', () => {
    const list = '1, 2, 5, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22';
    expect(TABLES.map((t) => t.number).join(', ')).toBe(list);
    expect(() => tableEntry('table99')).toThrow(`no paper table "table99" (tables: ${list})`);
    expect(() => tableEntry('figure 3')).toThrow(`no paper table "figure 3" (tables: ${list})`);
    expect(() => tableEntry('table13x')).toThrow('no paper table "table13x"');
  });
});

describe('buildTables', () => {
  test('default: every table but Table 5 without a sweep; with a sweep Table 5 too; each as its own builder builds it', () => {
    const dataset = loadDataset(SMALL);
    const { tables, skipped } = buildTables({ dataset, bootstrap: false });
    expect(Object.keys(tables)).toEqual(TABLES.map((t) => t.name).filter((n) => n !== 'table05'));
    expect(skipped).toEqual({});
    expect(tables.table13.objects()).toEqual(TABLE_BUILDERS.table13({ dataset, bootstrap: false }).objects());
    const all = buildTables({ dataset, bootstrap: false, sweep: [{ label: 'x', usdPerNodeHour: 5 }] });
    expect(Object.keys(all.tables)).toEqual(TABLES.map((t) => t.name));
    const swept = buildTables({ dataset, bootstrap: false, sweep: [{ label: 'x', usdPerNodeHour: 5 }] }, { names: ['table05', '1'] });
    expect(Object.keys(swept.tables)).toEqual(['table05', 'table01']);
  });

  test('names, except and entries choose what is built; an unsupported table is skipped with its reason', () => {
    const dataset = loadDataset(editedDataset({ 'occupations.csv': (s) => s.replace(/,Cat2,/g, ',Cat1,') }));
    const r = buildTables({ dataset, bootstrap: false }, { names: ['table16', 'table15', 'table17'], except: ['table17'] });
    expect(Object.keys(r.tables)).toEqual(['table15']);
    expect(r.skipped).toEqual({ table16: 'table16 requires two or more categories with a positive weight: 1' });
    const mine: TableEntry = { ...tableEntry('table13'), name: 'mine', build: () => aq.table({ x: [1] }) };
    const failing: TableEntry = { ...tableEntry('table13'), name: 'failing', build: () => { throw new UnsupportedOutputError('not here'); } };
    const own = buildTables({ dataset }, { entries: [mine, failing] });
    expect(Object.keys(own.tables)).toEqual(['mine']);
    expect(own.skipped).toEqual({ failing: 'not here' });
    expect(Object.keys(buildTables({ dataset }, { entries: [mine], names: ['mine'] }).tables)).toEqual(['mine']);
  });

  test('any other error propagates', () => {
    const broken: TableEntry = { ...tableEntry('table13'), name: 'broken', build: () => { throw new RangeError('bug'); } };
    expect(() => buildTables({ dataset: loadDataset(SMALL) }, { entries: [broken] })).toThrow('bug');
  });
});

describe('row keys and labels', () => {
  test('the key columns\' cells as a JSON tuple (null for a missing cell) and joined by " | "', () => {
    const row = { judgment_reference: 'expert_only', time_reference: 'expert_with_ai', nvj: 1 };
    expect(rowKeyOf('table17', row)).toBe('["expert_only","expert_with_ai"]');
    expect(rowLabelOf('table17', row)).toBe('expert_only | expert_with_ai');
    expect(rowKeyOf('table17', { judgment_reference: 'expert_only' })).toBe('["expert_only",null]');
    expect(rowLabelOf('17', { judgment_reference: 'expert_only' })).toBe('expert_only | ');
    expect(rowKeyOf('table13', { category: 'a|b' })).not.toBe(rowKeyOf('table17', { judgment_reference: 'a', time_reference: 'b' }));
  });
});
