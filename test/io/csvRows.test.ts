/**
 * Small user-supplied CSV inputs (weights, node rates, target mixes) go through the same strict row
 * validation as datasets: bad cells are named by file, line and column, never coerced by Number().
 */
import { describe, expect, test } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readWeightsFile } from '../../kernel-lib/cli/commands/tables.ts';
import { readNodeRates } from '../../kernel-lib/tables/table05.ts';
import { readTargetMix } from '../../kernel-lib/cli/commands/qaij.ts';
import { checkHeader } from '../../kernel-lib/io/csvRows.ts';
import { parseCsv } from '../../kernel-lib/io/csv.ts';
import type { ValidationIssue } from '../../kernel-lib/errors.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { SMALL } from '../helpers/dataset.ts';

const file = (name: string, text: string) => {
  const p = join(mkdtempSync(join(tmpdir(), 'j2g-rows-')), name);
  writeFileSync(p, text);
  return p;
};

describe('strict small inputs', () => {
  test('occupation weights: a hexadecimal or padded number is refused, a good file reads', () => {
    const bad = file('w.csv', 'occupation,weight\na,0x10\nb, 2\n');
    expect(() => readWeightsFile(bad)).toThrow(`${bad}:2: weight: expected a finite number >= 0, found "0x10"`);
    expect(() => readWeightsFile(bad)).toThrow(`${bad}:3: weight: expected a finite number >= 0, found " 2"`);
    expect(readWeightsFile(file('w.csv', 'occupation,weight\na,1\nb,3\n'))).toEqual({ custom: { a: 1, b: 3 } });
  });
  test('occupation weights: a repeated occupation is named with its first line, not silently overwritten', () => {
    const p = file('w.csv', 'occupation,weight\noccA,1\noccB,2\noccA,5\noccC,1\n');
    expect(() => readWeightsFile(p)).toThrow(`${p}:4: occupation: duplicate occupation "occA" (first on line 2)`);
  });
  test('occupation weights checked against a dataset: unknown names by line, every occupation with tasks needs a weight', () => {
    const dataset = loadDataset(SMALL);
    const p = file('w.csv', 'occupation,weight\noccA,1\nocc_typo,2\n');
    expect(() => readWeightsFile(p, dataset)).toThrow(`${p}:3: occupation: unknown occupation "occ_typo" (not in occupations.csv)`);
    expect(() => readWeightsFile(p, dataset)).toThrow(`${p}: occupation: no weight for occupation "occB" (it has tasks in tasks.csv)`);
    expect(() => readWeightsFile(p, dataset)).toThrow(`${p}: occupation: no weight for occupation "occC" (it has tasks in tasks.csv)`);
    expect(readWeightsFile(file('w.csv', 'occupation,weight\noccA,1\noccB,2\noccC,1\n'), dataset)).toEqual({ custom: { occA: 1, occB: 2, occC: 1 } });
  });
  test('node rates: a missing rate column and a negative rate are named', () => {
    const noRate = file('r.csv', 'provider,price\nAWS,1\n');
    expect(() => readNodeRates(noRate)).toThrow(`${noRate}:1: usd_per_node_hour: missing required column`);
    const neg = file('r.csv', 'provider,usd_per_node_hour\nAWS,-1\n');
    expect(() => readNodeRates(neg)).toThrow(`${neg}:2: usd_per_node_hour: expected a finite number >= 0, found -1`);
  });
  test('target mix: duplicate and padded strata are refused', () => {
    const p = file('m.csv', 'stratum,share\na,1\na,2\n b,1\n');
    expect(() => readTargetMix(p)).toThrow(`${p}:3: stratum: duplicate stratum a`);
    expect(() => readTargetMix(p)).toThrow(`${p}:4: stratum: leading or trailing spaces in " b"`);
    expect(readTargetMix(file('m.csv', 'stratum,share\na,1\nb,0.5\n'))).toEqual({ a: 1, b: 0.5 });
  });
});

describe('checkHeader (every CSV reader words header problems the same way)', () => {
  test('each missing required column and each unknown column is one issue at line 1', () => {
    const issues: ValidationIssue[] = [];
    expect(checkHeader(parseCsv('a,z\n1,2\n', 'h.csv'), ['a', 'b'], issues, ['a', 'b', 'c'])).toBe(false);
    expect(issues).toEqual([
      { file: 'h.csv', line: 1, column: 'b', message: 'missing required column' },
      { file: 'h.csv', line: 1, column: 'z', message: 'unknown column (known: a, b, c)' },
    ]);
  });
  test('without a list of known columns, extra columns are allowed', () => {
    const issues: ValidationIssue[] = [];
    expect(checkHeader(parseCsv('a,b,extra\n1,2,3\n', 'h.csv'), ['a', 'b'], issues)).toBe(true);
    expect(issues).toEqual([]);
  });
  test('a target mix with an unknown column is refused by the same wording', () => {
    const p = file('m.csv', 'stratum,share,note\na,1,x\n');
    expect(() => readTargetMix(p)).toThrow(`${p}:1: note: unknown column (known: stratum, share)`);
  });
});
