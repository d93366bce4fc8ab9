/**
 * `npm run reconstruct`: write data/recorded/joules-to-gdp-reconstructed/, a task-level dataset in
 * the recorded-data schema calibrated so that the project's own table code reproduces the numbers
 * that Joules-to-GDP publishes (issue 5). Deterministic: the same bytes on every run.
 *
 *   node --import tsx scripts/reconstruct.ts [--out DIR]
 *
 * Steps: generate (scripts/reconstruct/generate.ts, including the calibration of the interval
 * endpoints, scripts/reconstruct/calibrate.ts), write the files, reload them through the schema
 * validator, rebuild every table from them and compare with data/published/, and write the dataset
 * README with that comparison as its table of targets.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../kernel-lib/io/atomic.ts';
import { loadDataset } from '../kernel-lib/data/load.ts';
import { loadPublished } from '../kernel-lib/published/index.ts';
import { onWarning } from '../kernel-lib/warn.ts';
import { generate } from './reconstruct/generate.ts';
import { datasetFiles, DATASET_NAME } from './reconstruct/files.ts';
import { compareReconstruction } from './reconstruct/compare.ts';
import { renderReadme, targetMet } from './reconstruct/readme.ts';

export const DEFAULT_OUT = fileURLToPath(new URL(`../data/recorded/${DATASET_NAME}/`, import.meta.url));

export function reconstruct(out: string = DEFAULT_OUT): { misses: number } {
  const pub = loadPublished();
  const gen = generate(pub);
  const files = datasetFiles(gen, pub);
  for (const [name, content] of Object.entries(files)) writeFileAtomic(join(out, name), content);
  const dataset = loadDataset(out);
  const comparison = compareReconstruction(dataset, pub);
  writeFileAtomic(join(out, 'README.md'), renderReadme(dataset, comparison));
  const misses = comparison.rows.filter((r) => !targetMet(r)).length
    + comparison.qualitative.filter((q) => !q.holds).length;
  return { misses };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--out');
  onWarning(null);
  const { misses } = reconstruct(i > 0 ? process.argv[i + 1] : DEFAULT_OUT);
  console.error(misses ? `reconstruct: ${misses} target(s) missed, see the dataset README` : 'reconstruct: every target met');
  process.exitCode = misses ? 1 : 0;
}
