// The vitest configuration Stryker runs (stryker.config.mjs): only the test files of the folder being
// mutated (scripts/mutation/folders.mjs, chosen by MUTATION_FOLDER), never the whole suite.
import { defineConfig } from 'vitest/config';
import { FOLDERS } from '../scripts/mutation/folders.mjs';

const globs: string[] = FOLDERS[(process.env.MUTATION_FOLDER ?? 'metrics') as keyof typeof FOLDERS];
export default defineConfig({
  test: {
    include: globs.filter((g) => !g.startsWith('!')),
    exclude: ['**/node_modules/**', ...globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1))],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
