/**
 * The files of a folder a reader drops on the explorer (or picks with the folder input), as the texts
 * `datasetFromTexts` reads: keyed by file name, strict UTF-8. A drop holding two files of one name
 * (`runs.csv` and `sub/runs.csv`) is ambiguous: it is refused, naming both paths, instead of one
 * silently replacing the other.
 * @example textsOfDroppedFiles([{ path: 'd/runs.csv', bytes: new Uint8Array([49]) }, { path: 'd/sub/runs.csv', bytes: new Uint8Array([50]) }]).issues[0].file // => 'd/sub/runs.csv'
 */
import { pushAll } from '../arrays.ts';
import { ValidationError, type ValidationIssue } from '../errors.ts';
import { decodeUtf8 } from '../io/csv.ts';
import { DATASET_FILE_NAMES, binaryTextOfBytes } from '../data/parquetFiles.ts';

export interface DroppedFile {
  /** the path inside the drop ("my-dataset/runs.csv") */
  path: string;
  bytes: Uint8Array;
}

/** Whether a dropped file is one a dataset reader takes: a name of the one list of dataset files (manifest.json, the six files as CSV or Parquet); any other file (macOS `._runs.csv`) is left alone. */
export function isDatasetFile(path: string): boolean {
  return DATASET_FILE_NAMES.includes(path.split('/').pop()!);
}

export function textsOfDroppedFiles(files: readonly DroppedFile[]): { texts: Record<string, string>; issues: ValidationIssue[] } {
  const texts: Record<string, string> = {};
  const from = new Map<string, string>();
  const issues: ValidationIssue[] = [];
  for (const { path, bytes } of files) {
    if (!isDatasetFile(path)) continue;
    const base = path.split('/').pop()!;
    const first = from.get(base);
    if (first !== undefined) {
      issues.push({ file: path, message: `same file name as ${first}: which one is the dataset's ${base}? (drop a folder with one of each)` });
      continue;
    }
    from.set(base, path);
    try {
      // strict UTF-8, as loadDataset reads files; a Parquet file as its bytes (datasetFromTexts reads it)
      texts[base] = base.endsWith('.parquet') ? binaryTextOfBytes(bytes) : decodeUtf8(bytes, base);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      pushAll(issues, e.issues);
    }
  }
  return { texts, issues };
}
