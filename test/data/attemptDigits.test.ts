/**
 * Issue #23: an attempt too long to be exact as a number (20 digits) is one error, at its row; before,
 * the attempt numbering counted the row again ("attempts up to 12345678901234567000 but only ...").
 */
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { editedDataset, replaceLine, validationProblems } from '../helpers/dataset.ts';

describe('attempt', () => {
  it('a 20-digit attempt is one problem, named at its line', () => {
    const dir = editedDataset({ 'runs.csv': replaceLine(3, 'xA1a2,A1,sysX,12345678901234567890,0.25,0.5,0.1') });
    const problems = validationProblems(() => loadDataset(dir));
    expect(problems.filter((p) => p.includes('attempt'))).toEqual(['runs.csv:3: attempt: expected an integer >= 1, found 12345678901234567890']);
  });
});
