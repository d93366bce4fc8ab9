/**
 * The loader builds each run as one object literal (data/load.ts runRowOf) while runRow's schema has
 * the keys that literal writes. What must hold whichever way a run is built: its keys are the schema's,
 * in schema order, then node_hours and extra; its values are the file's cells parsed (oracle: the
 * general CSV scanner, io/csv.ts parseCsv, and Number() of each numeric cell); extra columns land in
 * `extra`, node_hours is null where the column is absent.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { runRow } from '../../kernel-lib/data/schema.ts';
import { parseCsv } from '../../kernel-lib/io/csv.ts';

const NUMERIC = new Set(['attempt', 'ai_hours', 'cost_usd', 'energy_mj', 'node_hours']);

function expectedRuns(dir: string) {
  const { header, rows } = parseCsv(readFileSync(join(dir, 'runs.csv'), 'utf8'), 'runs.csv');
  const schemaKeys = Object.keys(runRow.shape);
  return rows.map((r) => {
    const run: Record<string, unknown> = {};
    for (const k of schemaKeys) run[k] = NUMERIC.has(k) ? Number(r.values[k]) : r.values[k];
    run.node_hours = header.includes('node_hours') && r.values.node_hours !== '' ? Number(r.values.node_hours) : null;
    run.extra = Object.fromEntries(header.filter((h) => !schemaKeys.includes(h) && h !== 'node_hours').map((h) => [h, r.values[h]]));
    return run;
  });
}

describe('runs as the loader builds them', () => {
  it('runRow\'s keys are the ones the literal writes (else the loader falls back to building runs key by key)', () => {
    expect(Object.keys(runRow.shape)).toEqual(['run_id', 'task_id', 'system', 'attempt', 'ai_hours', 'cost_usd', 'energy_mj']);
  });

  it.each(['data/recorded/synthetic-small', 'data/recorded/joules-to-gdp-reconstructed'])('%s: keys in schema order then node_hours and extra; values the parsed cells', (dir) => {
    const runs = loadDataset(dir).rows.runs;
    expect(runs.map((r) => Object.keys(r))).toEqual(runs.map(() => [...Object.keys(runRow.shape), 'node_hours', 'extra']));
    expect(runs.map((r) => ({ ...r, extra: { ...r.extra } }))).toEqual(expectedRuns(dir));
  });

  it('extra columns and an empty node_hours cell: kept in extra, and null', () => {
    const dir = mkdtempSync(join(tmpdir(), 'j2g-runshape-'));
    try {
      const src = 'data/recorded/synthetic-small';
      for (const f of ['manifest.json', 'occupations.csv', 'sectors.csv', 'tasks.csv', 'systems.csv', 'judgments.csv']) writeFileSync(join(dir, f), readFileSync(join(src, f)));
      const lines = readFileSync(join(src, 'runs.csv'), 'utf8').trim().split('\n');
      // a column before the schema's, one after, and node_hours empty on every other run
      const out = [`note,${lines[0]},node_hours,validity`, ...lines.slice(1).map((l, i) => `n${i},${l},${i % 2 ? '' : '0.5'},ok`)];
      writeFileSync(join(dir, 'runs.csv'), out.join('\n') + '\n');
      const runs = loadDataset(dir).rows.runs;
      expect(Object.keys(runs[0])).toEqual([...Object.keys(runRow.shape), 'node_hours', 'extra']);
      expect(runs.map((r) => r.node_hours)).toEqual(runs.map((_, i) => (i % 2 ? null : 0.5)));
      expect(runs.map((r) => r.extra)).toEqual(runs.map((_, i) => ({ note: `n${i}`, validity: 'ok' })));
      expect(runs.map((r) => ({ ...r, extra: { ...r.extra } }))).toEqual(expectedRuns(dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
