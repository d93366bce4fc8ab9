/**
 * Known discrepancies: checks that fail on the paper's own printed numbers and are documented, with
 * their arithmetic, in data/published/KNOWN_DISCREPANCIES.md. A section heading of the form
 * "## `check.id`" marks one; the audit lists such a failure as `known` and does not count it as
 * unexpected.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const KNOWN_DISCREPANCIES_FILE = 'KNOWN_DISCREPANCIES.md';

/** The check ids marked as known discrepancies in `dir`/KNOWN_DISCREPANCIES.md (empty when absent). */
export function knownDiscrepancyIds(dir: string): Set<string> {
  const path = join(dir, KNOWN_DISCREPANCIES_FILE);
  if (!existsSync(path)) return new Set();
  const ids = new Set<string>();
  for (const m of readFileSync(path, 'utf8').matchAll(/^##\s+`([^`]+)`/gm)) ids.add(m[1]);
  return ids;
}
