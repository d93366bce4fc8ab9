/**
 * Snapshot of a figure specification (Observable Plot's pattern): numbers rounded to 6 significant
 * digits, stable JSON, compared with test/plots/__snapshots__/<name>.json. On a mismatch the new
 * spec is written beside it as <name>-changed.json (ignored by git) for a person to diff, and the
 * test fails. A missing snapshot fails too, everywhere, CI or not (#29): the spec is written as
 * <name>-changed.json only, never as the snapshot, since a snapshot that is the code's first output
 * cannot catch anything. A person checks it, renames it to <name>.json, adds a hand-computed value to
 * test/plots/snapshotValues.test.ts (which fails for a snapshot without one) and commits both.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';

const DIR = new URL('./__snapshots__/', import.meta.url).pathname;

export function roundDeep(value: unknown, digits = 6): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? Number(value.toPrecision(digits)) : value;
  if (Array.isArray(value)) return value.map((v) => roundDeep(v, digits));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, roundDeep(v, digits)]));
  }
  return value;
}

export function expectSpecSnapshot(name: string, spec: unknown): void {
  const text = JSON.stringify(roundDeep(spec), null, 1) + '\n';
  const file = join(DIR, `${name}.json`);
  const changed = join(DIR, `${name}-changed.json`);
  if (!existsSync(file)) {
    writeFileSync(changed, text);
    expect.fail(`snapshot ${name}.json is missing: the spec is in __snapshots__/${name}-changed.json; check it, rename it to ${name}.json, add a hand-computed value to snapshotValues.test.ts`);
  }
  if (readFileSync(file, 'utf8') === text) {
    rmSync(changed, { force: true });
    return;
  }
  writeFileSync(changed, text);
  expect.fail(`figure spec ${name} differs from its snapshot: compare __snapshots__/${name}.json with ${name}-changed.json`);
}
