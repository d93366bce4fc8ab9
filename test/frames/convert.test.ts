import * as aq from 'arquero';
import * as dfd from 'danfojs-node';
import { describe, expect, it } from 'vitest';
import { fromDanfo, toDanfo } from '../../kernel-lib/frames/index.ts';
import { loadDataset } from '../../kernel-lib/data/index.ts';
import { table13 } from '../../kernel-lib/tables/index.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { SMALL, columns } from '../helpers/dataset.ts';

describe('Arquero <-> danfo', () => {
  it('round-trips names, order, numbers to full precision, strings, booleans and nulls', () => {
    const t = aq.table({ z: [0.1 + 0.2, 2, null], a: ['x', null, 'z'], ok: [true, false, true] });
    const df = toDanfo(t);
    expect(df.columns).toEqual(['z', 'a', 'ok']);
    expect(df.shape).toEqual([3, 3]);
    expect(df.column('z').values[0]).toBe(0.1 + 0.2);
    expect(columns(fromDanfo(df), 17)).toEqual({ z: [0.1 + 0.2, 2, null], a: ['x', null, 'z'], ok: [true, false, true] });
  });

  it('keeps empty tables', () => {
    const df = toDanfo(aq.table({ a: [], b: [] }));
    expect(df.shape).toEqual([0, 2]);
    expect(fromDanfo(df).columnNames()).toEqual(['a', 'b']);
    expect(fromDanfo(df).numRows()).toBe(0);
  });

  it('drops the danfo index after a query, keeping the rows', () => {
    const df = new dfd.DataFrame({ a: [1, 2, 3], b: ['x', 'y', 'z'] });
    const q = df.query(df['a'].gt(1));
    expect(columns(fromDanfo(q))).toEqual({ a: [2, 3], b: ['y', 'z'] });
  });

  it('converts a danfo Series to a one-column table', () => {
    const s = new dfd.DataFrame({ nvj: [168.1, 417.5] })['nvj'] as dfd.Series;
    expect(columns(fromDanfo(s))).toEqual({ nvj: [168.1, 417.5] });
  });

  it('a library table survives the trip (Table 13 of synthetic-small)', () => {
    onWarning(null);
    const t = table13({ dataset: loadDataset(SMALL), bootstrap: false });
    expect(columns(fromDanfo(toDanfo(t)), 17)).toEqual(columns(t, 17));
  });

  it('names the column it cannot convert', () => {
    expect(() => toDanfo(aq.table({ o: [{}] }))).toThrow('toDanfo requires numbers, strings or booleans: column o');
  });
});
