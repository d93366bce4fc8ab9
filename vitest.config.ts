import { defineConfig } from 'vitest/config';

// CLI tests spawn `node bin/j2g.mjs`, which takes a second or two on a loaded 2-core machine:
// generous per-test timeouts keep CI honest without making any test time-sensitive.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
