import { defineConfig } from 'vitest/config';

// Integration tests: a real headless Chromium and real Jupyter kernels. Run by `npm run test:integration`
// (part of `npm test`); CI installs chromium and Jupyter (.ci/run). Without them the tests skip with
// a message saying what to install, except under CI, where they fail.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.browser.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    fileParallelism: false,
    // tests marked it.concurrent (explorerLayout.browser.ts: each in a page of its own) run three at a time
    maxConcurrency: 3,
  },
});
