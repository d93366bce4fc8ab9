import { defineConfig } from 'vitest/config';

// Integration tests: a real headless Chromium and real tslab kernels driven from Node (no Python). Run by
// `npm run test:integration` (part of `npm test`). Node packages are all they need: the browser is a
// system one or the one npm installs (kernel-lib/export/browser.ts findChromium), so nothing is skipped.
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
