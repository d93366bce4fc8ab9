/**
 * The Node side of scenarios: read a scenario file, hash a dataset's files, read the files a scenario
 * names (weights, node-type rates), and load everything in one call (`loadScenario`).
 */
import { createHash } from 'node:crypto';
import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { J2GError, ValidationError } from '../errors.ts';
import { datasetReadSha256, loadDataset, type Dataset } from '../data/load.ts';
import { DATASET_FILE_NAMES, datasetFileNames } from '../data/parquetFiles.ts';
import { INPUT_LIMITS, hashInput } from '../io/input.ts';
import { manifestSchema } from '../data/schema.ts';
import { readJsonFile } from '../io/readJsonFile.ts';
import { readWeightsFile } from '../weights/readWeightsFile.ts';
import type { ScenarioContext } from '../tables/context.ts';
import { readNodeRates } from '../tables/table05.ts';
import { warn } from '../warn.ts';
import { ALLOWED, ScenarioError, parseScenario, scenarioFieldName } from './schema.ts';
import type { ResolvedScenario } from './schema.ts';
import { followingFields, resolveScenario, scenarioToTableOptions, type ResolveOptions, type ScenarioFiles } from './resolve.ts';

/**
 * Every name a dataset file may have (manifest.json, and each of the six files as CSV and as Parquet):
 * a dataset's files are enumerated from one list that knows both formats (data/parquetFiles.ts
 * datasetFileNames), so the change guard, pack and export see runs.parquet as they see runs.csv.
 */
export const DATASET_FILES: readonly string[] = DATASET_FILE_NAMES;

/**
 * SHA-256 (hex) of a dataset directory's files: manifest.json and each of the six files as present
 * (datasetFileNames: runs.parquet when the dataset has it, else runs.csv), in that fixed order, each
 * as its name, a NUL byte, its bytes and a NUL byte. The same bytes give the same hash; a CSV dataset
 * hashes as it always did.
 */
export function datasetHash(dir: string): string {
  return datasetHashes(dir).datasetSha256;
}

/** SHA-256 (hex) of each dataset file by name (an absent file hashes as empty), so a change can be named file by file. */
export function datasetFileHashes(dir: string): Record<string, string> {
  return datasetHashes(dir).datasetFiles;
}

/**
 * datasetHash and datasetFileHashes from one read of each file at the input boundary (io/input.ts: a
 * regular file inside `dir`; never held whole).
 */
export function datasetHashes(dir: string): { datasetSha256: string; datasetFiles: Record<string, string> } {
  const all = createHash('sha256');
  const datasetFiles: Record<string, string> = {};
  for (const name of datasetFileNames(dir)) {
    const path = join(dir, name);
    all.update(name).update('\0');
    datasetFiles[name] = existsSync(path) ? hashInput(path, name, undefined, { within: dir }, (bytes) => all.update(bytes)) : EMPTY_SHA256;
    all.update('\0');
  }
  return { datasetSha256: all.digest('hex'), datasetFiles };
}

/** SHA-256 of no bytes: the hash of an absent file. */
const EMPTY_SHA256 = createHash('sha256').digest('hex');

/**
 * Refuse a dataset whose files changed between the hashing and the loading: the bytes the loader read
 * (data/load.ts datasetReadSha256) must be the bytes hashed, else the scenario would record a hash of
 * other data than its tables were computed from.
 */
function checkReadIsHashed(dataset: Dataset, files: { datasetFiles?: Record<string, string> }): void {
  const read = datasetReadSha256(dataset);
  if (!read || !files.datasetFiles) return;
  const moved = Object.keys(read).filter((name) => files.datasetFiles![name] !== read[name]);
  if (moved.length) throw new DatasetChangedError(`the dataset ${dataset.dir} changed while it was read (${moved.join(', ')}: the bytes hashed are not the bytes loaded); run again when nothing writes to it`);
}

export { readNodeTypeRates } from '../data/nodeType.ts';
import { readNodeTypeRates } from '../data/nodeType.ts';

/**
 * A scenario file's JSON (not yet checked against the schema), read strictly (io/readJsonFile: a
 * duplicated key, invalid UTF-8 or a file over 16 MiB is an error naming file and line), its relative
 * `dataset` path resolved as readScenarioFileAt resolves it.
 */
export function readScenarioFile(path: string): unknown {
  return readScenarioFileAt(path).value;
}

/** A scenario file read: its object, the line of each key (dotted path; the root object's as ""), and how errors name its fields. */
export interface ScenarioFileRead {
  path: string;
  value: Record<string, unknown>;
  lines: Map<string, number>;
  /** `FILE:LINE: scenario field X`: the line of the field's key, else of its nearest enclosing key, else of the root object */
  where: (field: string) => string;
}

/**
 * Read a scenario file strictly (readJsonFile) as an object of fields. A relative `dataset` path is
 * resolved against the file's own folder when a dataset (a folder with manifest.json) is there (a packed release's `"dataset":
 * "."` then works wherever the folder is moved), else against the working directory as before (an
 * OUT/scenario.json of `j2g tables` names the dataset as it was given); a path that names a
 * dataset both ways, two different ones, is an error. Errors name the file and line.
 */
export function readScenarioFileAt(path: string): ScenarioFileRead {
  const read = readJsonFile(path);
  const v = read.value;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new ValidationError([{ file: path, line: 1, message: 'expected a JSON object of scenario fields' }]);
  const value = { ...(v as Record<string, unknown>) };
  const where = (field: string) => {
    let p = field;
    while (p !== '' && !read.lines.has(p)) p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '';
    return `${path}:${read.lines.get(p) ?? 1}: ${scenarioFieldName(field)}`;
  };
  if (typeof value.dataset === 'string' && value.dataset !== '' && !isAbsolute(value.dataset)) {
    const beside = join(dirname(path), value.dataset);
    const isDataset = (p: string) => existsSync(join(p, 'manifest.json')) && statSync(p).isDirectory();
    if (isDataset(beside)) {
      if (isDataset(value.dataset) && realpathSync(value.dataset) !== realpathSync(beside)) {
        throw new ScenarioError('dataset', value.dataset, `a dataset path that names one dataset: relative to the scenario file's folder it is ${beside}, relative to the working directory another; give an absolute path`, where);
      }
      value.dataset = beside;
    }
  }
  return { path, value, lines: read.lines, where };
}

export interface LoadedScenario {
  scenario: ResolvedScenario;
  dataset: Dataset;
  /** the resolved context every builder takes (a TableOptions too) */
  options: ScenarioContext;
  files: ScenarioFiles;
}

/** A dataset whose files changed since the scenario that names it was written. */
export class DatasetChangedError extends J2GError {
  override name = 'DatasetChangedError';
}

/**
 * A scenario file's object as the base of new flags. Every value is checked first (parseScenario: a
 * `"seed": "abc"` or a `"policy": "pass@1; rm -rf /"` is an error naming the field, at the file's line
 * when `where` is the file's). Then the rule for `derived` (scenario/resolve.ts followingFields): a
 * field it lists is dropped, to follow its source again (a flag, the manifest), only when its value is
 * still the one it was derived as; a field the user edited is honoured as chosen. The `derived` list and
 * `datasetChange` are dropped; `datasetSha256` and `datasetFiles` are kept, so the dataset is checked
 * against them (and a change named file by file). A file written before `derived` existed has its
 * timeReference taken as derived when it equals the judgment reference (see schema.ts). `manifest`:
 * the dataset's (default: read from the file's dataset folder; null when it cannot be read, whose
 * load then fails with its own error).
 * @example scenarioFileBase({ dataset: 'd', judgmentReference: 'expert_only', timeReference: 'expert_only' }, null) // => { dataset: 'd', judgmentReference: 'expert_only' }
 */
export function scenarioFileBase(file: Record<string, unknown>, manifest?: Parameters<typeof followingFields>[2], where?: (field: string) => string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...file };
  if (Object.keys(file).length) parseScenario({ dataset: 'unchecked', ...file }, where);
  let derived = Array.isArray(file.derived) ? (file.derived as string[]) : null;
  if (derived === null) derived = file.timeReference !== undefined && file.timeReference === (file.judgmentReference ?? 'expert_only') ? ['timeReference'] : [];
  const m = manifest === undefined ? manifestOf(file.dataset) : manifest;
  for (const f of followingFields(file, derived, m)) delete out[f];
  delete out.derived;
  delete out.datasetChange;
  return out;
}

/** The manifest of a dataset folder, read strictly, or null when it cannot be read or is not valid. */
function manifestOf(dataset: unknown): Parameters<typeof followingFields>[2] {
  if (typeof dataset !== 'string' || dataset === '') return null;
  try {
    const r = manifestSchema.safeParse(readJsonFile(join(dataset, 'manifest.json'), 'manifest.json', INPUT_LIMITS.json).value);
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

export interface LoadScenarioOptions extends ResolveOptions {
  dataset?: Dataset;
  progress?: (dir: string) => ((line: string) => void) | undefined;
  /** accept a dataset whose files differ from the scenario's datasetSha256 (the new scenario records both hashes) */
  acceptDatasetChange?: boolean;
}

/**
 * Parse, load the dataset, read the scenario's files, resolve, and build the context. A
 * `datasetSha256` in the input that differs from the dataset's files now is a DatasetChangedError
 * naming the changed files (when the input records per-file hashes), unless `acceptDatasetChange`:
 * then the scenario records both hashes (`datasetChange`). `dataset` may be given already loaded.
 */
export function loadScenario(input: unknown, opts: LoadScenarioOptions = {}): LoadedScenario {
  const where = opts.where ?? scenarioFieldName;
  const s = parseScenario(input, where);
  // the files are hashed while the loader waits for its largest file from another thread, else here
  let hashed: ReturnType<typeof datasetHashes> | undefined;
  const whileWaiting = () => { try { hashed = datasetHashes(s.dataset); } catch { /* hashed again below, where its error is thrown */ } };
  const dataset = opts.dataset ?? loadDataset(s.dataset, { progress: opts.progress?.(s.dataset), whileWaiting });
  if (!opts.dataset) for (const w of dataset.warnings) warn(w);
  const files: ScenarioFiles = hashed ?? datasetHashes(dataset.dir);
  if (!opts.dataset) checkReadIsHashed(dataset, files);
  if (s.datasetSha256 && s.datasetSha256 !== files.datasetSha256) {
    const names = [...new Set([...Object.keys(s.datasetFiles ?? {}), ...Object.keys(files.datasetFiles ?? {})])];
    const changed = s.datasetFiles ? DATASET_FILES.filter((f) => names.includes(f) && s.datasetFiles![f] !== files.datasetFiles![f]) : null;
    const which = changed ? `changed: ${changed.join(', ')}` : 'the scenario records no per-file hashes to name the changed files';
    if (!opts.acceptDatasetChange) {
      throw new DatasetChangedError(`the dataset ${s.dataset} is not the one the scenario was computed on (${which}; datasetSha256 ${s.datasetSha256.slice(0, 12)}... then, ${files.datasetSha256!.slice(0, 12)}... now): its tables would differ from that run's. Pass --accept-dataset-change to compute on the dataset as it is now (the new scenario.json records both hashes)`);
    }
    warn(`the dataset ${s.dataset} changed since the scenario was written (${which}); accepted: the scenario records both hashes`);
    files.datasetChange = { fromSha256: s.datasetSha256, changedFiles: changed ?? [] };
  } else if (s.datasetChange) files.datasetChange = s.datasetChange;
  if (s.weights && typeof s.weights === 'object' && 'file' in s.weights) {
    if (!existsSync(s.weights.file)) throw new ScenarioError('weights', s.weights.file, `${ALLOWED.weights}; no file ${s.weights.file}`, where);
    files.weights = readWeightsFile(s.weights.file, dataset);
  }
  if (s.rates?.nodeTypesFile) files.nodeTypes = readNodeTypeRates(s.rates.nodeTypesFile);
  const scenario = resolveScenario({ ...s, datasetSha256: undefined, datasetFiles: undefined, datasetChange: undefined }, dataset, files, { where });
  // The sweep file is read before any table is built, so that a bad file fails at once.
  if (scenario.rates.sweepFile !== null) {
    const system = dataset.rows.systems.find((r) => r.system === scenario.system)!;
    files.sweep = readNodeRates(scenario.rates.sweepFile, system);
  }
  return { scenario, dataset, options: scenarioToTableOptions(scenario, dataset, files), files };
}
