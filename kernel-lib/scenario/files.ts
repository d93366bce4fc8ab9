/**
 * The Node side of scenarios: read a scenario file, hash a dataset's files, read the files a scenario
 * names (weights, node-type rates), and load everything in one call (`loadScenario`).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { J2GError, ValidationError, type ValidationIssue } from '../errors.ts';
import { loadDataset, type Dataset } from '../data/load.ts';
import { FILES } from '../data/schema.ts';
import { positiveInteger, nonNegativeNumber, requiredText } from '../data/fields.ts';
import { readCsv } from '../io/csv.ts';
import { readJsonFile } from '../io/readJsonFile.ts';
import { checkHeader, parseRows } from '../io/csvRows.ts';
import { readWeightsFile } from '../weights/readWeightsFile.ts';
import type { TableOptions } from '../tables/options.ts';
import { warn } from '../warn.ts';
import { ALLOWED, ScenarioError, parseScenario, scenarioFieldName } from './schema.ts';
import type { ResolvedScenario } from './schema.ts';
import { nodeTypeKey, resolveScenario, scenarioToTableOptions, type NodeTypeRate, type ResolveOptions, type ScenarioFiles } from './resolve.ts';

/**
 * SHA-256 (hex) of a dataset directory's files: manifest.json and the six CSV files, in that fixed
 * order, each as its name, a NUL byte, its bytes and a NUL byte. The same bytes give the same hash.
 */
export function datasetHash(dir: string): string {
  const h = createHash('sha256');
  for (const name of ['manifest.json', ...Object.values(FILES).map((f) => f.file)]) {
    const path = join(dir, name);
    h.update(name).update('\0');
    if (existsSync(path)) h.update(readFileSync(path));
    h.update('\0');
  }
  return h.digest('hex');
}

/**
 * Node-type rates from a CSV with columns accelerator, accelerator_count, usd_per_node_hour (other
 * columns ignored, so data/reference/node_rates.csv's shape works when each node type has one row).
 * Two rows of one node type are an error naming both lines: a node type has one rate in a scenario.
 */
export function readNodeTypeRates(path: string): NodeTypeRate[] {
  const csv = readCsv(path);
  const issues: ValidationIssue[] = [];
  if (!checkHeader(csv, ['accelerator', 'accelerator_count', 'usd_per_node_hour'], issues)) throw new ValidationError(issues);
  const rows = parseRows(csv, z.object({ accelerator: requiredText, accelerator_count: positiveInteger, usd_per_node_hour: nonNegativeNumber }), issues);
  const first = new Map<string, number>();
  for (const { data, line } of rows) {
    const key = nodeTypeKey(data.accelerator, data.accelerator_count);
    const prev = first.get(key);
    if (prev !== undefined) issues.push({ file: path, line, column: 'accelerator', message: `node type ${data.accelerator} x${data.accelerator_count} already has a rate on line ${prev}` });
    else first.set(key, line);
  }
  if (issues.length) throw new ValidationError(issues);
  return rows.map(({ data }) => ({ accelerator: data.accelerator, acceleratorCount: data.accelerator_count, usdPerNodeHour: data.usd_per_node_hour }));
}

/** A scenario file's JSON (not yet checked against the schema), read strictly (io/readJsonFile: a duplicated key, invalid UTF-8 or a file over 16 MiB is an error naming file and line). */
export function readScenarioFile(path: string): unknown {
  return readJsonFile(path).value;
}

export interface LoadedScenario {
  scenario: ResolvedScenario;
  dataset: Dataset;
  options: TableOptions;
  files: ScenarioFiles;
}

/**
 * Parse, load the dataset, read the scenario's files, resolve and build the table options. A
 * `datasetSha256` in the input that differs from the dataset's files now is warned about (the
 * tables may then differ from the run that wrote the scenario). `dataset` may be given already loaded.
 */
export function loadScenario(input: unknown, opts: ResolveOptions & { dataset?: Dataset; progress?: (dir: string) => ((line: string) => void) | undefined } = {}): LoadedScenario {
  const where = opts.where ?? scenarioFieldName;
  const s = parseScenario(input, where);
  const dataset = opts.dataset ?? loadDataset(s.dataset, { progress: opts.progress?.(s.dataset) });
  if (!opts.dataset) for (const w of dataset.warnings) warn(w);
  const files: ScenarioFiles = { datasetSha256: datasetHash(dataset.dir) };
  if (s.datasetSha256 && s.datasetSha256 !== files.datasetSha256) {
    warn(`the scenario's datasetSha256 ${s.datasetSha256.slice(0, 12)}... is not that of ${s.dataset} now (${files.datasetSha256!.slice(0, 12)}...): its files changed since the scenario was written`);
  }
  if (s.weights && typeof s.weights === 'object' && 'file' in s.weights) {
    if (!existsSync(s.weights.file)) throw new ScenarioError('weights', s.weights.file, `${ALLOWED.weights}; no file ${s.weights.file}`, where);
    files.weights = readWeightsFile(s.weights.file, dataset);
  }
  if (s.rates?.nodeTypesFile) files.nodeTypes = readNodeTypeRates(s.rates.nodeTypesFile);
  const scenario = resolveScenario({ ...s, datasetSha256: undefined }, dataset, files, { where });
  return { scenario, dataset, options: scenarioToTableOptions(scenario, dataset, files), files };
}
