import { defineConfig } from 'vitest/config';

// What a Jupyter server and Python's nbformat/nbclient do with the files the Node client writes: run by
// `npm run test:jupyter` on a machine that has Jupyter (J2G_PYTHON, or a python3 on PATH with nbformat,
// nbclient and notebook). Not part of `npm test`, which needs nothing but Node.
export default defineConfig({
  test: {
    include: ['test/jupyter/**/*.jupyter.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
