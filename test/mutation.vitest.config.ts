// The vitest configuration Stryker runs (stryker.config.mjs): only the test files of the folder being
// mutated (scripts/mutation/folders.mjs, chosen by MUTATION_FOLDER), never the whole suite.
import { defineConfig } from 'vitest/config';
import { FOLDERS } from '../scripts/mutation/folders.mjs';

// MUTATION_TESTS (comma-separated globs, '!' to exclude) narrows the folder's tests for one run: a mutant
// killed by fewer tests is killed by all of them, so the score it gives is a lower bound (for a file
// whose survivors would otherwise each rerun every table test; docs/mutation.md, s11-u3).
const globs: string[] = process.env.MUTATION_TESTS
  ? process.env.MUTATION_TESTS.split(',')
  : FOLDERS[(process.env.MUTATION_FOLDER ?? 'metrics') as keyof typeof FOLDERS];
export default defineConfig({
  test: {
    include: globs.filter((g) => !g.startsWith('!')),
    exclude: ['**/node_modules/**', ...globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1))],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
