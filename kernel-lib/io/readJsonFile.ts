/**
 * Read a JSON file strictly, the one way every JSON file of the project is read: strict UTF-8 (an
 * invalid byte is an error at its line and column), at most `maxBytes` (checked before reading), and
 * parsed by parseJson (a duplicated key is an error at its line, not the last value kept silently).
 * Throws a ValidationError listing the problems; returns the value and the line of every key.
 * @example readJsonFile('/nonexistent.json') // throws 1 problem in input:
 */
import { ValidationError } from '../errors.ts';
import { readTextFile } from './csv.ts';
import { parseJson, type JsonRead } from './json.ts';

/** A JSON file of configuration (a scenario, a manifest) is small: 16 MiB is far above any. */
export const MAX_JSON_FILE_BYTES = 16 * 2 ** 20;

export function readJsonFile(path: string, label = path, maxBytes = MAX_JSON_FILE_BYTES): JsonRead & { value: unknown } {
  const read = parseJson(readTextFile(path, label, maxBytes), label);
  if (read.issues.length) throw new ValidationError(read.issues);
  return read;
}
