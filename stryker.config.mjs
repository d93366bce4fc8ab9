// Stryker configuration for `npm run mutation` (scripts/mutation/run.ts): one folder of kernel-lib per
// run, named by MUTATION_FOLDER; its test files come from scripts/mutation/folders.mjs. MUTATION_MUTATE
// (comma-separated Stryker patterns such as kernel-lib/weights/schemes.ts:30-32) narrows the run to
// some lines, to check that new tests kill the survivors of a full run without repeating it.
import { FOLDERS, sourcePatterns } from './scripts/mutation/folders.mjs';

const folder = process.env.MUTATION_FOLDER ?? 'metrics';
if (!FOLDERS[folder]) throw new Error(`MUTATION_FOLDER: ${folder} is not one of ${Object.keys(FOLDERS).join(', ')}`);

export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'test/mutation.vitest.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // Incremental (Stryker's own diff of code and tests): results of mutants whose code and covering
  // tests did not change are reused from the committed scripts/mutation/incremental/<folder>.json, and a
  // narrowed run (MUTATION_MUTATE) keeps the recorded results of the rest of the folder. So a session
  // continues the last one's measurement instead of restarting it. MUTATION_FORCE=1 retests everything.
  incremental: true,
  incrementalFile: `scripts/mutation/incremental/${folder}.json`,
  force: process.env.MUTATION_FORCE === '1',
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  mutate: process.env.MUTATION_MUTATE ? process.env.MUTATION_MUTATE.split(',') : sourcePatterns(folder),
  ignorePatterns: ['out', 'notebooks', 'docs', 'build'],
  // MUTATION_TEMP_DIR: a sandbox of one's own, so two runs in one checkout do not collide
  tempDirName: process.env.MUTATION_TEMP_DIR ?? 'out/stryker-tmp',
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: `out/mutation/${folder}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: false },
  timeoutMS: 20000,
  cleanTempDir: true,
  // vitest strips types without checking them: Stryker's '// @ts-nocheck' header is not needed, and it
  // changed the bytes test/uncertainty/multisetKernel.test.ts compares (the dry run of uncertainty failed)
  disableTypeChecks: false,
  allowEmpty: false,
};
