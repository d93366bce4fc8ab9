/**
 * The folders `npm run mutation` mutates, smallest first, and the unit-test files that may kill each
 * folder's mutants (Stryker then runs, per mutant, only the tests that cover it: coverageAnalysis
 * perTest). Tests that spawn a CLI child process are left out: a mutant in the child is invisible to
 * per-test coverage, and they are the slow ones.
 */
export const FOLDERS = {
  metrics: ['test/metrics/**/*.test.ts', 'test/tables/**/*.test.ts'],
  weights: ['test/weights/**/*.test.ts', 'test/tables/unusual-datasets.test.ts'],
  scenario: ['test/scenario/**/*.test.ts'],
  import: ['test/import/**/*.test.ts', '!test/import/cli.test.ts'],
  energy: ['test/energy/energyRuns.test.ts', 'test/energy/executionCost.test.ts', 'test/energy/ingestFaults.test.ts', 'test/energy/appendixG.test.ts'],
  tables: ['test/tables/**/*.test.ts'],
  uncertainty: ['test/uncertainty/**/*.test.ts', '!test/uncertainty/tables.test.ts', 'test/tables/**/*.test.ts'],
};
