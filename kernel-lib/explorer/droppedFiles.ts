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

export interface DroppedFile {
  /** the path inside the drop ("my-dataset/runs.csv") */
  path: string;
  bytes: Uint8Array;
}

/** Whether a dropped file is one a dataset reader takes (CSV files and manifest.json). */
export function isDatasetFile(path: string): boolean {
  const base = path.split('/').pop()!;
  return base.endsWith('.csv') || base === 'manifest.json';
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
      texts[base] = decodeUtf8(bytes, base); // strict UTF-8, as loadDataset reads files
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      pushAll(issues, e.issues);
    }
  }
  return { texts, issues };
}
