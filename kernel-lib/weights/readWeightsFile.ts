/**
 * Occupation weights from a file (`occupation,weight`), and the `weights` option of the CLI and the
 * notebooks: a scheme name or a file.
 */
import { existsSync } from 'node:fs';
import { J2GError } from '../errors.ts';
import type { Dataset } from '../data/load.ts';
import { MAX_CONFIG_CSV_BYTES, readTextFile } from '../io/csv.ts';
import { parseWeightsCsv } from './parseWeightsCsv.ts';
import type { WeightScheme } from './schemes.ts';

/**
 * Read user-supplied occupation weights (`occupation,weight`) from a file: strict UTF-8, then the
 * checks of parseWeightsCsv (every bad row named, none coerced; duplicates refused; with the dataset,
 * unknown occupations and occupations with tasks but no weight named).
 */
export function readWeightsFile(path: string, dataset?: Pick<Dataset, 'rows'>): WeightScheme {
  return parseWeightsCsv(readTextFile(path, path, MAX_CONFIG_CSV_BYTES), path, dataset);
}

/** `gdp`, `employment`, `equal` or a weights file (checked against `dataset` when given). */
export function parseWeights(value: string | undefined, dataset?: Pick<Dataset, 'rows'>): WeightScheme {
  if (value === undefined) return 'gdp';
  if (value === 'gdp' || value === 'employment' || value === 'equal') return value;
  if (existsSync(value)) return readWeightsFile(value, dataset);
  throw new J2GError(`invalid weights: ${value} (expected gdp, employment, equal or a CSV file)`);
}

