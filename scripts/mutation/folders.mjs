/**
 * The folders `npm run mutation` mutates, smallest first, and the unit-test files that may kill each
 * folder's mutants (Stryker then runs, per mutant, only the tests that cover it: coverageAnalysis
 * perTest). Tests that spawn a child process are left out: a mutant in the child is invisible to
 * per-test coverage (the child's code never sees Stryker's active mutant, so such a test can neither
 * cover nor kill one), and they are the slow ones: test/tables/equivalence.test.ts alone spent 20 s of
 * every dry run building 5 x 11 scenarios' tables in a child (and its oracle is the code's own earlier
 * output, not an independent one).
 */
const CHILD = ['!test/tables/equivalence.test.ts', '!test/import/cli.test.ts'];

export const FOLDERS = {
  metrics: ['test/metrics/**/*.test.ts', 'test/tables/**/*.test.ts', ...CHILD],
  weights: ['test/weights/**/*.test.ts', 'test/tables/unusual-datasets.test.ts'],
  scenario: ['test/scenario/**/*.test.ts'],
  import: ['test/import/**/*.test.ts', ...CHILD],
  energy: ['test/energy/energyRuns.test.ts', 'test/energy/executionCost.test.ts', 'test/energy/ingestFaults.test.ts', 'test/energy/appendixG.test.ts', 'test/energy/boundary.test.ts', 'test/energy/parquetTrace.test.ts', 'test/energy/allocateNodeTime.test.ts', 'test/energy/sharedSegments.test.ts', 'test/energy/segmentEnergy.test.ts', 'test/energy/timeline.test.ts',
    'test/energy/attributeEnergyMutants.test.ts',
    'test/energy/traceManifestMutants.test.ts',
    'test/energy/energyRunsMutants.test.ts',
    'test/energy/sampleStreamMutants.test.ts',
    'test/energy/parquetSamplesMutants.test.ts',
    'test/energy/parquetSamplesPages.test.ts',
    'test/energy/integrateTraceMutants.test.ts',
    'test/energy/markWindowsMutants.test.ts',
  ],
  tables: ['test/tables/**/*.test.ts', ...CHILD],
  // multisetKernelBuild.test.ts reads multisetKernelWasm.ts's text on disk, which Stryker rewrites when it mutates it
  uncertainty: ['test/uncertainty/**/*.test.ts', '!test/uncertainty/tables.test.ts', '!test/uncertainty/multisetKernelBuild.test.ts', 'test/tables/**/*.test.ts', ...CHILD],
  // what a reader sees: the figures' numbers and words, the report's and the notebooks' (issue #45: Figure 2's
  // re-priced cost was outside every test). reproduce.test.ts runs the whole pipeline (a minute a mutant) and
  // export.test.ts drives Chromium: left out; notebookLib.test.ts spawns tsc (CHILD's reason)
  plots: ['test/plots/**/*.test.ts', 'test/report/figureClaims.test.ts', 'test/explorer/figureFit.test.ts'],
  report: ['test/report/**/*.test.ts', '!test/report/reproduce.test.ts', '!test/report/notebookLib.test.ts', 'test/display/showPaperTable.test.ts', 'test/display/lessons.test.ts'],
  display: ['test/display/**/*.test.ts', '!test/display/export.test.ts'],
  // kernel-lib/arrays.ts (SOURCES below): the loops that replaced spreads in energyRuns.ts, ipw.ts and the loader
  root: ['test/arrays.test.ts', 'test/data/manyProblems.test.ts'],
};

/**
 * The files a folder's run mutates when they are not kernel-lib/<folder>/**\/*.ts (less its index.ts):
 * `root` is kernel-lib's own arrays.ts (errors.ts and warn.ts, the error and warning types, are left
 * out: no number passes through them).
 */
export const SOURCES = {
  root: ['kernel-lib/arrays.ts'],
};

/**
 * Files of a folder left out of its run and of `mutation:recorded`: slotWorker.ts runs on a worker
 * thread (compiled by its test with esbuild), where Stryker's active mutant is never set, so its
 * mutants could only survive; its work is tested through multisetKernel.ts slotPositionsShared.
 */
export const EXCLUDED = {
  uncertainty: ['kernel-lib/uncertainty/slotWorker.ts'],
};

/** The files `folder`'s run mutates (stryker.config.mjs) and scripts/mutation/recorded.ts counts. */
export function sourcePatterns(folder) {
  return SOURCES[folder] ?? [`kernel-lib/${folder}/**/*.ts`, `!kernel-lib/${folder}/index.ts`, ...(EXCLUDED[folder] ?? []).map((f) => `!${f}`)];
}
