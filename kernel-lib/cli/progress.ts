/**
 * Progress lines on stderr for commands whose work takes more than a few seconds: a dataset whose
 * CSV files add up to more than PROGRESS_BYTES (8 MiB, about a second of loading on a 2-core
 * machine; the 200,640-run bench dataset is 42 MB) gets one line per phase, `validate: runs.csv:
 * 200640 rows read (0.9 s)`. Never on stdout, never for the small datasets of the tree.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { FILES } from '../data/schema.ts';

export const PROGRESS_BYTES = 8 * 2 ** 20;

/** Total bytes of a dataset directory's files, CSV or (where a CSV is missing) Parquet (missing files count 0). */
export function datasetBytes(dir: string): number {
  let total = 0;
  for (const { file } of Object.values(FILES)) {
    for (const name of [file, file.replace(/\.csv$/, '.parquet')]) {
      try { total += statSync(join(dir, name)).size; break; } catch { /* the other form, or reported by the loader */ }
    }
  }
  return total;
}

/** A stderr writer prefixed `command: ` when `dir` is large enough to report progress, else undefined. */
export function progressFor(command: string, dir: string): ((line: string) => void) | undefined {
  if (datasetBytes(dir) <= PROGRESS_BYTES) return undefined;
  return (line) => process.stderr.write(`${command}: ${line}\n`);
}
