/**
 * `j2g export --format parquet|csv --data DIR --out DIR`: a dataset's six files written as Parquet or
 * CSV (issue 27), after the checks of `j2g validate` (an invalid dataset is refused with the same
 * messages), manifest.json copied as it is. Either way losslessly: j2g tables gives the same tables
 * from the copy as from the original (kernel-lib/data/parquetFiles.ts).
 */
import { parseArgs } from '../args.ts';
import { J2GError, ValidationError } from '../../errors.ts';
import { loadDataset } from '../../data/load.ts';
import { exportDataset } from '../../data/exportDataset.ts';
import { progressFor } from '../progress.ts';

export const summary = 'write a dataset as Parquet or CSV files (same columns, same tables)';
export const usage = `usage: j2g export --format parquet|csv --data DIR --out DIR

Checks the dataset in DIR (CSV or Parquet files, as j2g validate does) and writes its six files to
OUT as Parquet (occupations.parquet, ..., runs.parquet, judgments.parquet: text as STRING, attempt and
accelerator_count as INT32, other numbers as DOUBLE, missing values as null) or as CSV, with
manifest.json copied. A round trip gives the same tables byte for byte.`;

export async function run(argv: string[]): Promise<number> {
  const args = parseArgs(argv, { values: ['data', 'out', 'format'] });
  const { data, out, format } = args.options;
  if (!data) throw new J2GError('missing --data DIR');
  if (!out) throw new J2GError('missing --out DIR');
  if (format !== 'parquet' && format !== 'csv') throw new J2GError(`invalid format: ${format ?? '(none)'} (expected parquet or csv)`);
  try {
    const ds = loadDataset(data, { progress: progressFor('export', data) });
    for (const w of ds.warnings) console.error(`warning: ${w}`);
    const written = exportDataset(ds, data, out, format);
    console.log(`wrote ${written.join(', ')} to ${out}`);
    return 0;
  } catch (e) {
    if (e instanceof ValidationError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
}
