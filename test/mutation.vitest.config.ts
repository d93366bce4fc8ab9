// The vitest configuration Stryker runs (stryker.config.mjs): only the test files of the folder being
// mutated (scripts/mutation/folders.mjs, chosen by MUTATION_FOLDER), never the whole suite.
import { defineConfig } from 'vitest/config';
import { FOLDERS } from '../scripts/mutation/folders.mjs';

// MUTATION_TESTS (comma-separated test files) narrows the run to some of the folder's tests: a mutant they
// kill, the folder's whole list kills too, so the score measured so is a lower bound (docs/mutation.md).
const globs: string[] = process.env.MUTATION_TESTS ? process.env.MUTATION_TESTS.split(',')
  : FOLDERS[(process.env.MUTATION_FOLDER ?? 'metrics') as keyof typeof FOLDERS];
export default defineConfig({
  test: {
    include: globs.filter((g) => !g.startsWith('!')),
    exclude: ['**/node_modules/**', ...globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1))],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
