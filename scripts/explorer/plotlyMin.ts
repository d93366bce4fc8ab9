/**
 * The minified plotly.js bundle (kernel-lib/export/plotly.ts minifiedPlotlyPath): made once by esbuild
 * from plotly.js-dist's 11 MB bundle (about 1.2 s and 2 s of CPU, which every explorer build paid) and
 * kept under node_modules/.cache, written whole or not at all. `npm install` (the build script) makes it;
 * the explorer build makes it when it is missing. Pages then load about half the bytes.
 * usage: node --import tsx scripts/explorer/plotlyMin.ts
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { minifiedPlotlyPath, plotlyPackagePath } from '../../kernel-lib/export/plotly.ts';

/** plotly.js-dist's bundle minified by esbuild into `outfile`. */
export async function minifyPlotly(outfile: string): Promise<void> {
  await build({ entryPoints: [plotlyPackagePath()], bundle: false, minify: true, legalComments: 'none', outfile, logLevel: 'error' });
}

/** The cached minified bundle, made first when missing; throws when the cache cannot be written. */
export async function ensureMinifiedPlotly(): Promise<string> {
  const dest = minifiedPlotlyPath();
  if (existsSync(dest)) return dest;
  mkdirSync(dirname(dest), { recursive: true });
  const tmp = `${dest}.${process.pid}.tmp`;
  try {
    await minifyPlotly(tmp);
    renameSync(tmp, dest);
  } finally {
    rmSync(tmp, { force: true });
  }
  return dest;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // Part of `npm install`: a cache that cannot be written (read-only node_modules) is no install error;
  // pages then load the package's own bundle, and the explorer build minifies its copy itself.
  try {
    console.log(`plotly.js minified: ${await ensureMinifiedPlotly()}`);
  } catch (e) {
    console.log(`plotly.js not minified into the cache (${(e as Error).message.split('\n')[0]}); pages load the package's bundle`);
  }
}
