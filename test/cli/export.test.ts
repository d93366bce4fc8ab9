/**
 * `j2g export` end to end (issue 27): synthetic-small written as Parquet, then back as CSV, gives the
 * same tables byte for byte as the CSV files in the tree (scenario.json aside: it records the folder
 * read and its files' hashes); a bad --format is refused.
 */
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '../helpers/child.ts';
import { SMALL } from '../helpers/dataset.ts';

const J2G = new URL('../../bin/j2g.mjs', import.meta.url).pathname;
// Asynchronous: a blocking spawnSync would starve the vitest worker's RPC on a busy machine.
const j2g = async (...args: string[]) => { const r = await runNode([J2G, ...args]); return { status: r.code, stdout: r.stdout, stderr: r.stderr }; };
const tmp = (p: string) => mkdtempSync(join(tmpdir(), p));

function tablesOf(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).filter((f) => f.endsWith('.csv')).sort().map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
}

describe('j2g export', () => {
  test('CSV -> Parquet -> CSV: the same tables from all three', async () => {
    const pq = tmp('j2g-pq-'), back = tmp('j2g-csv-');
    const e1 = await j2g('export', '--format', 'parquet', '--data', SMALL, '--out', pq);
    expect(e1.stderr).toBe('');
    expect(e1.status).toBe(0);
    expect(readdirSync(pq).sort()).toEqual(['.j2g-outputs.json', 'judgments.parquet', 'manifest.json', 'occupations.parquet', 'runs.parquet', 'sectors.parquet', 'systems.parquet', 'tasks.parquet']);
    expect((await j2g('export', '--format', 'csv', '--data', pq, '--out', back)).status).toBe(0);
    const outs = [tmp('j2g-t-'), tmp('j2g-t-'), tmp('j2g-t-')];
    const runs = await Promise.all([SMALL, pq, back].map((d, i) => j2g('tables', '--data', d, '--out', outs[i])));
    expect(runs.map((r) => r.status)).toEqual([0, 0, 0]);
    const [a, b, c] = outs.map(tablesOf);
    expect(Object.keys(a).length).toBeGreaterThan(10);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  test('refuses a format it does not write', async () => {
    const r = await j2g('export', '--format', 'xlsx', '--data', SMALL, '--out', tmp('j2g-x-'));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('invalid format: xlsx (expected parquet or csv)');
  });
});
