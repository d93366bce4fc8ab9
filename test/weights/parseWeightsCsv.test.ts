/** parseWeightsCsv: the explorer's weights file checked by the rules of `j2g tables --weights FILE`. */
import { expect, test } from 'vitest';
import { formatIssue, ValidationError } from '../../kernel-lib/errors.ts';
import { parseWeightsCsv } from '../../kernel-lib/weights/parseWeightsCsv.ts';
import { scenarioFromQuery, scenarioToQuery } from '../../kernel-lib/explorer/scenario.ts';

const issuesOf = (f: () => unknown): string[] => {
  try {
    f();
  } catch (e) {
    if (e instanceof ValidationError) return e.issues.map(formatIssue);
    throw e;
  }
  throw new Error('expected a ValidationError');
};

test('a good weights file gives its occupation -> weight map, weights as written (relative, not normalised)', () => {
  expect(parseWeightsCsv('occupation,weight\nnurses,2\nclerks,0.5\nlawyers,0\n', 'w.csv')).toEqual({ custom: { nurses: 2, clerks: 0.5, lawyers: 0 } });
});

test('a repeated occupation and a negative weight are each named by file:line: column', () => {
  const issues = issuesOf(() => parseWeightsCsv('occupation,weight\nnurses,2\nclerks,-1\nnurses,3\n', 'w.csv'));
  expect(issues).toEqual([
    'w.csv:3: weight: expected a finite number >= 0, found -1',
    'w.csv:4: occupation: duplicate occupation "nurses" (first on line 2)',
  ]);
});

test('with the dataset: an unknown occupation by line, a missing occupation that has tasks by name', () => {
  const dataset = { rows: { occupations: [{ occupation: 'a' }, { occupation: 'b' }], tasks: [{ occupation: 'a' }, { occupation: 'b' }] } } as never;
  expect(issuesOf(() => parseWeightsCsv('occupation,weight\na,1\nzz,1\n', 'w.csv', dataset))).toEqual([
    'w.csv:3: occupation: unknown occupation "zz" (not in occupations.csv)',
    'w.csv: occupation: no weight for occupation "b" (it has tasks in tasks.csv)',
  ]);
  // a missing column is named at the header's line (#23: every refusal names file and line)
  expect(issuesOf(() => parseWeightsCsv('occ,weight\na,1\n', 'w.csv'))).toEqual(['w.csv:1: occupation: missing required column']);
  expect(issuesOf(() => parseWeightsCsv('occupaton,weight\na,1\n', 'w.csv'))).toEqual(['w.csv:1: occupation: missing required column; did you mean "occupaton" (found in the header)?']);
});

test('custom weights travel in the URL and come back the same', () => {
  const s = { dataset: 'd', weights: { custom: { 'a, b': 1.5, c: 0 } } };
  expect(scenarioFromQuery(scenarioToQuery(s), 'x')).toEqual(s);
  expect(() => scenarioFromQuery('weights={"custom":{"a":-1}}', 'x')).toThrow('URL parameter weights');
});
