/**
 * `j2g tables --engine duckdb` (issue 27): every table from task components computed by DuckDB
 * (kernel-lib/sql/taskComponents.sql) and put in the context's memo (tables/componentSource.ts) is the
 * same, byte for byte as CSV, as the JavaScript path's (the oracle: metrics/taskComponents.ts over the
 * loaded records), from CSV and from Parquet, on synthetic-small (with Table 5's sweep and a re-pricing
 * scenario) and on generated datasets of 1, 5, 40 and 570 tasks per occupation. And the tables really
 * are built from the source's arrays: a source that doubles one number changes them.
 * The reconstructed dataset and the 200,640-run shapes, the same comparison through `j2g tables`, run
 * in the bench (`npm run bench -- tables-engine`, scripts/bench/tablesEngine.ts): too heavy for this stage.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { j2gInProcess } from '../helpers/cli.ts';
import { openDuckDbDataset, type DuckDbDataset } from '../../kernel-lib/sql/engine.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { exportDataset } from '../../kernel-lib/data/exportDataset.ts';
import { writeGeneratedDataset } from '../../kernel-lib/data/generate.ts';
import { readCsv } from '../../kernel-lib/io/csv.ts';
import { tableToCsv } from '../../kernel-lib/io/tableCsv.ts';
import { resolveContext, withScenario } from '../../kernel-lib/tables/context.ts';
import { buildTables } from '../../kernel-lib/tables/registry.ts';
import { withSweepFrom } from '../../kernel-lib/tables/table05.ts';
import { buildWithComponents, componentPatches, type ComponentSource } from '../../kernel-lib/tables/componentSource.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import type { TableOptions } from '../../kernel-lib/tables/options.ts';

const SMALL = new URL('../../data/recorded/synthetic-small', import.meta.url).pathname;
const RATES = readCsv(new URL('../../data/reference/node_rates.csv', import.meta.url).pathname);
const tmp = (p: string) => mkdtempSync(join(tmpdir(), p));
const DRAWS = { draws: 25, seed: 7 };

type Scenario = Omit<TableOptions, 'dataset'>;

/** Every table of `build` as CSV text, and the reasons of those skipped. */
function csvOf(built: ReturnType<typeof buildTables>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, t] of Object.entries(built.tables)) out[name] = tableToCsv(t);
  for (const [name, why] of Object.entries(built.skipped)) out[name] = `skipped: ${why.split('\n')[0]}`;
  return out;
}

function jsTables(dir: string, scenario: Scenario, sweep: boolean): Record<string, string> {
  const base = resolveContext({ dataset: loadDataset(dir), bootstrap: DRAWS, ...scenario });
  const ctx = sweep ? withSweepFrom(base, RATES) : base;
  return csvOf(buildTables(ctx));
}

async function engineTables(dir: string, scenario: Scenario, sweep: boolean, wrap: (db: DuckDbDataset) => ComponentSource = (db) => db) {
  const db = await openDuckDbDataset(dir);
  try {
    const base = resolveContext({ dataset: loadDataset(dir), bootstrap: DRAWS, ...scenario });
    const ctx = sweep ? withSweepFrom(base, RATES) : base;
    const built = await buildWithComponents(ctx, wrap(db), () => buildTables(ctx));
    return { csv: csvOf(built.value), queried: built.queried, rebuilds: built.rebuilds };
  } finally {
    db.close();
  }
}

const quiet = <T>(f: () => Promise<T>): Promise<T> => {
  const previous = onWarning(null);
  return f().finally(() => onWarning(previous));
};

describe('tables from DuckDB task components', () => {
  test('equal the JavaScript path byte for byte on synthetic-small, from CSV and from Parquet, with the rates sweep and re-priced systems', () => quiet(async () => {
    for (const dir of [SMALL]) {
      const ds = loadDataset(dir);
      const pq = tmp('j2g-tables-pq-');
      exportDataset(ds, dir, pq, 'parquet');
      const priced = ds.rows.systems.find((s) => s.node_rate_usd_per_hour !== null)!;
      for (const [scenario, sweep] of [[{}, true], [{ rates: { bySystem: { [priced.system]: 12.5 } }, policy: 'pass@2' }, false]] as [Scenario, boolean][]) {
        const oracle = jsTables(dir, scenario, sweep);
        expect(Object.keys(oracle).length).toBeGreaterThanOrEqual(12);
        expect(jsTables(pq, scenario, sweep)).toEqual(oracle);
        for (const from of [dir, pq]) {
          const sql = await engineTables(from, scenario, sweep);
          expect(sql.csv).toEqual(oracle);
          expect(sql.queried).toBeGreaterThan(5);
          expect(sql.rebuilds).toBe(0); // componentPatches listed every configuration the tables build from
        }
      }
    }
  }));

  test('equal the JavaScript path byte for byte on generated datasets of 1, 5, 40 and 570 tasks per occupation', () => quiet(async () => {
    for (const [tasksPerOccupation, occupations] of [[1, 44], [5, 13], [40, 2], [570, 1]]) {
      const dir = tmp('j2g-tables-gen-');
      writeGeneratedDataset(dir, { seed: 5, tasksPerOccupation, occupations, categories: Math.min(13, occupations), sectors: Math.min(9, occupations) });
      const sql = await engineTables(dir, {}, false);
      expect(sql.csv).toEqual(jsTables(dir, {}, false));
      expect(sql.rebuilds).toBe(0);
    }
  }));

  test('the tables are built from the source\'s arrays, and a configuration asked for late is queried then', () => quiet(async () => {
    const oracle = jsTables(SMALL, {}, false);
    // a planted fault in the source: double every task's energy. The JavaScript records must not be read instead.
    const doubled = await engineTables(SMALL, {}, false, (db) => ({
      maxAttempt: (s) => db.maxAttempt(s),
      taskComponents: async (c) => {
        const t = await db.taskComponents(c);
        return { ...t, energyMJ: t.energyMJ.map((e) => 2 * e) };
      },
    }));
    expect(doubled.csv.table13).not.toEqual(oracle.table13);
    expect(doubled.csv.table02).toEqual(oracle.table02); // judge agreement reads no components
    // a source that says a system has one attempt: the policy tables' configurations are asked for late
    const late = await engineTables(SMALL, {}, false, (db) => ({ maxAttempt: async () => 1, taskComponents: (c) => db.taskComponents(c) }));
    expect(late.rebuilds).toBeGreaterThan(0);
    expect(late.csv).toEqual(oracle);
  }));

  test('componentPatches lists each configuration once: the context, every system, four crossings, 2n policies per reference', () => {
    const ctx = resolveContext({ dataset: loadDataset(SMALL) });
    // synthetic-small: 2 systems (sysX is the context's), crossings eo/eo = the context, 2 attempts:
    // pass@1 (= >=1/1... not listed for n = 2), pass@2, >=1/2, >=2/2 per reference, pass@1 eo/eo = the context
    const patches = componentPatches(ctx, 2);
    expect(patches.length).toBe(1 + 1 + 3 + (4 - 1) + (4 - 1));
    expect(componentPatches(withScenario(ctx, { sweep: [{ label: 'a', usdPerNodeHour: 1 }, { label: 'b', usdPerNodeHour: 2 }] }), 2).length).toBe(patches.length + 2);
  });
});

describe('j2g tables --engine', () => {
  afterEach(() => vi.restoreAllMocks());
  const files = (dir: string) => Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));

  test('--engine duckdb writes the same files as the default engine, scenario.json included', () => quiet(async () => {
    const [js, duck] = [tmp('j2g-tables-js-'), tmp('j2g-tables-duck-')];
    expect((await j2gInProcess(['tables', '--data', SMALL, '--out', js, '--draws', '30'])).code).toBe(0);
    expect((await j2gInProcess(['tables', '--data', SMALL, '--out', duck, '--draws', '30', '--engine', 'duckdb'])).code).toBe(0);
    const [a, b] = [files(js), files(duck)];
    expect(Object.keys(a)).toContain('table13.csv');
    expect(b).toEqual(a);
  }));

  test('an engine other than js or duckdb is refused, naming both', async () => {
    const r = await j2gInProcess(['tables', '--data', SMALL, '--out', tmp('j2g-tables-bad-'), '--engine', 'spark']);
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('invalid engine: spark (expected js or duckdb)');
  });
});
