/**
 * Test helpers: copy the synthetic-small dataset to a temp dir, optionally editing files first.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ColumnTable } from 'arquero';
import { ValidationError } from '../../kernel-lib/errors.ts';

export const SMALL = new URL('../../data/recorded/synthetic-small/', import.meta.url).pathname;

/** The problems a ValidationError from `load` lists (its lines after the first), or [] when it loads; any other error is thrown. */
export function validationProblems(load: () => unknown): string[] {
  try {
    load();
  } catch (e) {
    if (e instanceof ValidationError) return e.message.split('\n').slice(1);
    throw e;
  }
  return [];
}

/** The problems of the ValidationError `f` must throw (validationProblems' lines); throws when `f` returns. */
export function thrownProblems(f: () => unknown): string[] {
  let returned = false;
  const problems = validationProblems(() => {
    f();
    returned = true;
  });
  if (returned) throw new Error('expected a ValidationError');
  return problems;
}

/** Copy synthetic-small and apply `edits[file](text) => text`. Returns the new directory. */
export function editedDataset(edits: Record<string, (text: string) => string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'j2g-ds-'));
  cpSync(SMALL, dir, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const p = join(dir, file);
    writeFileSync(p, edit(readFileSync(p, 'utf8')));
  }
  return dir;
}

/** Replace line `line` (1-based) of a text. */
export function replaceLine(line: number, content: string) {
  return (text: string) => {
    const lines = text.split('\n');
    lines[line - 1] = content;
    return lines.join('\n');
  };
}

/** A table's columns as plain arrays (arquero's tableEqual idea), numbers rounded to `digits`. */
export function columns(table: ColumnTable, digits = 9): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const name of table.columnNames()) {
    out[name] = (table.array(name) as unknown[]).map((v) => (typeof v === 'number' ? Number(v.toFixed(digits)) : v));
  }
  return out;
}
