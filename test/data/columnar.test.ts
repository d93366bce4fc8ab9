/**
 * The loader's columnar path (io/csv.ts parseCsvColumns, data/load.ts) against the row-object path it
 * replaced: the same cells, and the same duplicate, reference and attempt checks past the 4,096th
 * row, where a column of mostly distinct cells (run ids) stops being dictionary-encoded.
 */
import { describe, expect, test } from 'vitest';
import { parseCsv, parseCsvColumns } from '../../kernel-lib/io/csv.ts';
import { generateDataset } from '../../kernel-lib/data/generate.ts';
import { datasetFromTexts } from '../../kernel-lib/data/load.ts';
import { ValidationError } from '../../kernel-lib/errors.ts';

const cells = (c: ReturnType<typeof parseCsvColumns>) =>
  Array.from({ length: c.length }, (_, i) => ({ line: c.lines[i], values: Object.fromEntries(c.header.map((h) => [h, c.columns[h].dict[c.columns[h].codes[i]]])) }));

describe('parseCsvColumns', () => {
  test('gives parseCsv\'s cells and lines, quoted, multi-line and CRLF records included, past 4,096 rows', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => (i % 997 === 0 ? `id${i},"a ""q"",\r\nb",${i % 3}` : `id${i},plain,${i % 3}`));
    const text = ['id,text,k', ...rows].join('\r\n') + '\r\n';
    const cols = parseCsvColumns(text, 'f.csv');
    expect(cols.columns.id.encoded).toBe(false); // mostly distinct: kept plain
    expect(cols.columns.k.encoded).toBe(true);
    expect(cols.columns.k.dict).toHaveLength(3);
    expect(cells(cols)).toEqual(parseCsv(text, 'f.csv').rows);
  });
  test('throws parseCsv\'s errors', () => {
    for (const text of ['a,b\n1\n', 'a,b\n"1,2\n', 'a,a\n1,2\n', '', 'a\n\n1\n']) {
      const err = (f: () => unknown) => { try { f(); return null; } catch (e) { return (e as Error).message; } };
      expect(err(() => parseCsvColumns(text, 'f.csv'))).toBe(err(() => parseCsv(text, 'f.csv')));
      expect(err(() => parseCsv(text, 'f.csv'))).not.toBeNull();
    }
  });
});

describe('the loader past 4,096 rows', () => {
  const files = generateDataset({ seed: 5, occupations: 44, tasksPerOccupation: 30, attempts: 4 });
  const runs = files['runs.csv'].split('\n');
  test('a run id repeated far from its first line is a duplicate naming that line', () => {
    const id = runs[2].split(',')[0];
    const bad = [...runs];
    bad[4999] = [id, ...bad[4999].split(',').slice(1)].join(',');
    const e = (() => { try { datasetFromTexts('x', { ...files, 'runs.csv': bad.join('\n') }); } catch (err) { return err; } })();
    expect(e).toBeInstanceOf(ValidationError);
    expect((e as Error).message).toContain(`runs.csv:5000: run_id: duplicate run_id "${id}" (first on line 3)`);
  });
  test('a judgment of an unknown run is named at its line', () => {
    const judgments = files['judgments.csv'].split('\n');
    judgments[6000] = `nosuchrun,${judgments[6000].split(',').slice(1).join(',')}`;
    expect(() => datasetFromTexts('x', { ...files, 'judgments.csv': judgments.join('\n') })).toThrow('judgments.csv:6001: run_id: unknown run "nosuchrun" (not in runs.csv)');
  });
  test('the valid dataset loads with every row', () => {
    const ds = datasetFromTexts('x', files);
    expect(ds.rows.runs).toHaveLength(1320 * 5);
    expect(ds.runs.numRows()).toBe(1320 * 5);
  });
});
