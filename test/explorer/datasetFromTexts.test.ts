/**
 * datasetFromTexts (the browser explorer's loader) is loadDataset over file contents: the same rows
 * from the same files, the same `file:line: column: expected` messages for the same bad cell, and a
 * missing file named instead of a read error.
 */
import { describe, expect, test } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { datasetFromTexts, loadDataset } from '../../kernel-lib/data/load.ts';
import { editedDataset, replaceLine, SMALL, validationProblems } from '../helpers/dataset.ts';

function texts(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

const problems = validationProblems;

describe('datasetFromTexts', () => {
  test('gives the rows and manifest loadDataset gives for the same files', () => {
    const fromDisk = loadDataset(SMALL);
    const fromTexts = datasetFromTexts('synthetic-small', texts(SMALL));
    expect(fromTexts.rows).toEqual(fromDisk.rows);
    expect(fromTexts.manifest).toEqual(fromDisk.manifest);
    expect(fromTexts.warnings).toEqual(fromDisk.warnings);
    expect(fromTexts.dir).toBe('synthetic-small');
  });
  test('a bad cell gives the same file:line: column: message as loadDataset', () => {
    const dir = editedDataset({ 'runs.csv': replaceLine(3, 'xA1a2,A1,sysX,2,-0.25,0.5,0.1'), 'manifest.json': () => '{' });
    const expected = problems(() => loadDataset(dir));
    expect(expected).toContain('runs.csv:3: ai_hours: expected a finite number >= 0, found -0.25');
    expect(expected.some((m) => /^manifest\.json(:\d+)?: not valid JSON/.test(m))).toBe(true);
    expect(problems(() => datasetFromTexts(dir, texts(dir)))).toEqual(expected);
  });
  test('a file left out is named as missing, every other file still checked', () => {
    const t = texts(editedDataset({ 'tasks.csv': replaceLine(2, 'A1,occA,x,20') }));
    delete t['judgments.csv'];
    const p = problems(() => datasetFromTexts('mine', t));
    expect(p).toContain('judgments.csv: missing file');
    expect(p.some((m) => m.startsWith('tasks.csv:2: '))).toBe(true);
  });
});
