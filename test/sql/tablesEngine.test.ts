/**
 * `j2g tables --engine duckdb` (issue 27): every table from task components computed by DuckDB
 * (kernel-lib/sql/taskComponents.sql) and put in the context's memo (tables/componentSource.ts) is the
 * same, byte for byte as CSV, as the JavaScript path's (the oracle: metrics/taskComponents.ts over the
 * loaded records), from CSV and from Parquet, on synthetic-small (with Table 5's sweep and a re-pricing
 * scenario) and on generated datasets of 1, 5, 40 and 570 tasks per occupation. And the tables really
 * are built from the source's arrays: a source that doubles one number changes them.
 * The reconstructed dataset and the 200,640-run shapes, the same comparison through `j2g tables`, run
 * in the bench (`npm run bench -- tables-engine`, scripts/bench/tablesEngine.ts): too heavy for this stage.
 *
 * Since the records left the heap (issue 27), the engine's side reads a dataset loaded without them
 * (loadDatasetWithoutRecords: reading runs or judgments throws), with what the tables read of them
 * from DuckDB (sql/recordAggregates.sql): so every byte-for-byte comparison here also proves that no
 * reader took a record, and the aggregates themselves equal recordAggregatesFromRecords over the
 * loaded records (the second implementation) on every dataset here, plus one built to hit their edges
 * (uneven attempts, an unjudged attempt, a human judge, validity codes, runs without node_hours).
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { j2gInProcess } from '../helpers/cli.ts';
import { openDuckDbDataset, type DuckDbDataset } from '../../kernel-lib/sql/engine.ts';
import { loadDataset, loadDatasetWithoutRecords } from '../../kernel-lib/data/load.ts';
import { recordAggregatesFromRecords, systemRunFacts, withRecordAggregates, type RecordAggregates } from '../../kernel-lib/metrics/recordAggregates.ts';
import { runsOfSystem } from '../../kernel-lib/metrics/taskComponents.ts';
import { exportDataset } from '../../kernel-lib/data/exportDataset.ts';
import { writeGeneratedDataset } from '../../kernel-lib/data/generate.ts';
import { readCsv } from '../../kernel-lib/io/csv.ts';
import { tableToCsv } from '../../kernel-lib/io/tableCsv.ts';
import { resolveContext, withScenario } from '../../kernel-lib/tables/context.ts';
import { buildTables } from '../../kernel-lib/tables/registry.ts';
import { withSweepFrom } from '../../kernel-lib/tables/table05.ts';
import { buildWithComponents, componentPatches, type ComponentSource } from '../../kernel-lib/tables/componentSource.ts';
import { onWarning } from '../../kernel-lib/warn.ts';
import { passAtK } from '../../kernel-lib/metrics/policy.ts';
import type { TableOptions } from '../../kernel-lib/tables/options.ts';

const SMALL = new URL('../../data/recorded/synthetic-small', import.meta.url).pathname;
const RECONSTRUCTED = new URL('../../data/recorded/joules-to-gdp-reconstructed', import.meta.url).pathname;
const ROOT = new URL('../..', import.meta.url).pathname;

/**
 * synthetic-small made to reach the aggregates' edges: runs.csv with node_hours (some empty) and a
 * validity column (ok, two codes, empty, ok with a code); a third attempt of task A1 on sysX (uneven
 * attempts); J1's expert_only judgment of xA2a2 removed (A2's leading judged attempts: 1); a judge
 * named human on three runs (Table 2 puts it last).
 */
function edgeDataset(): string {
  const dir = tmp('j2g-edges-');
  cpSync(SMALL, dir, { recursive: true });
  const runs = readFileSync(join(SMALL, 'runs.csv'), 'utf8').trim().split('\n');
  const validity = ['ok', 'dram-estimated;missing-samples', '', 'ok; dram-estimated'];
  const rows = runs.slice(1).map((line, i) => `${line},${i % 3 === 0 ? '' : (0.05 * (i + 1)).toFixed(2)},${validity[i % 4]}`);
  rows.splice(2, 0, 'xA1a3,A1,sysX,3,0.3,0.6,0.15,0.05,missing-samples');
  writeFileSync(join(dir, 'runs.csv'), [`${runs[0]},node_hours,validity`, ...rows].join('\n') + '\n');
  const judgments = readFileSync(join(SMALL, 'judgments.csv'), 'utf8').trim().split('\n').filter((l) => l !== 'xA2a2,expert_only,J1,tie');
  judgments.push('xA1a3,expert_only,J1,win', 'xA1a1,expert_only,human,win', 'xA1a2,expert_only,human,tie', 'xB1a1,expert_only,human,loss');
  writeFileSync(join(dir, 'judgments.csv'), judgments.join('\n') + '\n');
  return dir;
}

/** The aggregates with the lists whose order carries no meaning sorted (judges, systems and per-task attempts keep theirs). */
function canonical(a: RecordAggregates): RecordAggregates {
  const by = <T>(key: (x: T) => string) => (x: T, y: T) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0);
  return {
    ...a,
    judged: [...a.judged].sort(by((j) => `${j.system}\0${j.reference}\0${j.judge}`)),
    validity: a.validity && [...a.validity].sort(by((v) => `${v.system}\0${v.validity}`)),
    agreement: [...a.agreement].sort(by((p) => `${p.reference}\0${p.judgeA}\0${p.judgeB}\0${p.a}\0${p.b}`)),
    repeated: [...a.repeated].sort(by((p) => `${p.reference}\0${p.a}\0${p.b}`)),
  };
}
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

/**
 * The dataset as `j2g tables --engine duckdb` has it: loaded without its records (reading them
 * throws), with DuckDB's aggregates of them attached for the scenario's system and judge.
 */
async function engineDataset(db: DuckDbDataset, dir: string, scenario: Scenario) {
  const ds = loadDatasetWithoutRecords(dir);
  const base = await db.recordAggregates(null);
  withRecordAggregates(ds, base);
  const ctx = resolveContext({ dataset: ds, ...scenario });
  withRecordAggregates(ds, await db.recordAggregates({ system: ctx.system, judge: ctx.judge }, base));
  return ds;
}

async function engineTables(dir: string, scenario: Scenario, sweep: boolean, wrap: (db: DuckDbDataset) => ComponentSource = (db) => db) {
  const db = await openDuckDbDataset(dir);
  try {
    const base = resolveContext({ dataset: await engineDataset(db, dir, scenario), bootstrap: DRAWS, ...scenario });
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

  test('one query for every system (prefetchAllSystems) gives each system the components of its own query, and the tasks it never ran', () => quiet(async () => {
    const gen = tmp('j2g-batch-gen-');
    writeGeneratedDataset(gen, { seed: 3, tasksPerOccupation: 5, occupations: 4, categories: 4, sectors: 2, systems: 5 });
    // synthetic-small without sysY's run of A1: a task one system never ran
    const gap = tmp('j2g-batch-gap-');
    cpSync(SMALL, gap, { recursive: true });
    for (const f of ['runs.csv', 'judgments.csv']) writeFileSync(join(gap, f), readFileSync(join(SMALL, f), 'utf8').split('\n').filter((l) => !l.startsWith('yA1,')).join('\n'));
    const without = (await (async () => { const db = await openDuckDbDataset(gap); try { return (await db.taskComponents({ system: 'sysY' })).tasksWithoutRuns; } finally { db.close(); } })());
    expect(without).toEqual(['A1']);
    for (const dir of [SMALL, edgeDataset(), gen, gap]) {
      const ds = loadDataset(dir);
      // every-system rows read two systems per query (chunk boundaries inside the dataset), the last configuration's asked for backwards
      const db = await openDuckDbDataset(dir, { batchRead: 2 });
      try {
        for (const config of [{}, { judgmentReference: 'expert_with_ai' as const }, { policy: passAtK(2) }]) {
          const one = new Map<string, unknown>();
          for (const s of ds.rows.systems) one.set(s.system, await db.taskComponents({ ...config, system: s.system }).catch((e: Error) => e.message));
          await db.prefetchAllSystems(config);
          for (const s of config.policy ? [...ds.rows.systems].reverse() : ds.rows.systems) {
            const all = await db.taskComponents({ ...config, system: s.system }).catch((e: Error) => e.message);
            expect(all).toEqual(one.get(s.system));
          }
        }
      } finally {
        db.close();
      }
    }
  }), 60_000);

  test('componentPatches lists each configuration once: the context, every system, four crossings, 2n policies per reference', () => {
    const ctx = resolveContext({ dataset: loadDataset(SMALL) });
    // synthetic-small: 2 systems (sysX is the context's), crossings eo/eo = the context, 2 attempts:
    // pass@1 (= >=1/1... not listed for n = 2), pass@2, >=1/2, >=2/2 per reference, pass@1 eo/eo = the context
    const patches = componentPatches(ctx, 2);
    expect(patches.length).toBe(1 + 1 + 3 + (4 - 1) + (4 - 1));
    expect(componentPatches(withScenario(ctx, { sweep: [{ label: 'a', usdPerNodeHour: 1 }, { label: 'b', usdPerNodeHour: 2 }] }), 2).length).toBe(patches.length + 2);
  });
});

describe('the records the tables read, as SQL aggregates (sql/recordAggregates.sql)', () => {
  test('equal recordAggregatesFromRecords over the loaded records on both datasets in the tree, an edge dataset (CSV and Parquet) and generated shapes', () => quiet(async () => {
    const dirs = [SMALL, RECONSTRUCTED, edgeDataset()];
    const edgeParquet = tmp('j2g-edges-pq-');
    exportDataset(loadDataset(dirs[2]), dirs[2], edgeParquet, 'parquet');
    dirs.push(edgeParquet);
    for (const [tasksPerOccupation, occupations] of [[1, 44], [5, 13], [40, 2], [570, 1]]) {
      const dir = tmp('j2g-agg-gen-');
      writeGeneratedDataset(dir, { seed: 11, tasksPerOccupation, occupations, categories: Math.min(13, occupations), sectors: Math.min(9, occupations) });
      dirs.push(dir);
    }
    for (const dir of dirs) {
      const ds = loadDataset(dir);
      const db = await openDuckDbDataset(dir);
      try {
        // the primary system and judge, and another system where there is one (the scope is any system)
        const systems = [ds.manifest.primary_system, ...ds.rows.systems.map((s) => s.system).filter((s) => s !== ds.manifest.primary_system).slice(0, 1)];
        for (const system of systems) {
          const scope = { system, judge: ds.manifest.primary_judge };
          const oracle = recordAggregatesFromRecords(ds, scope);
          expect(oracle.attempts.expert_only.length).toBeGreaterThan(0);
          expect(canonical(await db.recordAggregates(scope))).toEqual(canonical(oracle));
          // in two steps, as j2g tables asks: the same
          expect(canonical(await db.recordAggregates(scope, await db.recordAggregates(null)))).toEqual(canonical(oracle));
        }
      } finally {
        db.close();
      }
    }
  }), 120_000);

  test('Table 1\'s facts (systemRunFacts) have one route: from the records they equal those from the SQL aggregates, and the hand counts', () => quiet(async () => {
    const dir = edgeDataset();
    const db = await openDuckDbDataset(dir);
    try {
      const engine = await engineDataset(db, dir, {});
      const records = loadDataset(dir);
      for (const reference of ['expert_only', 'expert_with_ai'] as const) {
        for (const judge of ['J1', 'J2', 'human', 'nobody']) expect(systemRunFacts(records, reference, judge)).toEqual(systemRunFacts(engine, reference, judge));
      }
    } finally {
      db.close();
    }
    // by hand from edgeDataset's comment: sysX has a third attempt; human judged three sysX runs, against expert_only only
    const f = systemRunFacts(loadDataset(dir), 'expert_only', 'human');
    expect([...f.withRuns]).toEqual(['sysX', 'sysY']);
    expect([...f.judged]).toEqual(['sysX']);
    expect([...f.maxAttempt]).toEqual([['sysX', 3], ['sysY', 1]]);
    expect([...systemRunFacts(loadDataset(dir), 'expert_with_ai', 'human').judged]).toEqual([]);
  }));

  test('the edge dataset reaches every edge: uneven attempts, an unjudged leading attempt, validity codes, node_hours gaps, a human judge', () => {
    const a = recordAggregatesFromRecords(loadDataset(edgeDataset()), { system: 'sysX', judge: 'J1' });
    // hand-counted from edgeDataset's comment
    expect(a.judges).toEqual(['J1', 'J2', 'human']);
    expect(a.attempts.expert_only.find((t) => t.taskId === 'A1')).toEqual({ taskId: 'A1', attempts: 3, prefix: 3, unjudgedRun: null });
    expect(a.attempts.expert_only.find((t) => t.taskId === 'A2')).toEqual({ taskId: 'A2', attempts: 2, prefix: 1, unjudgedRun: 'xA2a2' });
    expect(a.systems.map((s) => [s.system, s.runs, s.maxAttempt])).toEqual([['sysX', 13, 3], ['sysY', 6, 1]]);
    expect(a.systems.every((s) => s.withoutNodeHours > 0)).toBe(true);
    expect(a.validity!.filter((v) => v.system === 'sysX').reduce((n, v) => n + v.runs, 0)).toBe(13);
    expect(a.agreement.filter((p) => p.judgeA === 'J1' && p.judgeB === 'human').reduce((n, p) => n + p.n, 0)).toBe(3);
  });

  test('the tables of the edge dataset equal the JavaScript path byte for byte, from CSV and Parquet, at pass@1 and pass@2', () => quiet(async () => {
    const dir = edgeDataset();
    const pq = tmp('j2g-edges-pq-');
    exportDataset(loadDataset(dir), dir, pq, 'parquet');
    for (const scenario of [{}, { policy: 'pass@2' }, { judgmentReference: 'expert_with_ai' }] as Scenario[]) {
      const oracle = jsTables(dir, scenario, false);
      if (scenario.judgmentReference === undefined) expect(oracle.table02).toContain('J1,human'); // human judged expert_only only
      for (const from of [dir, pq]) expect((await engineTables(from, scenario, false)).csv).toEqual(oracle);
    }
  }), 60_000);

  test('a dataset loaded without its records refuses to give them, naming the loader; its small files are loadDataset\'s', () => {
    const ds = loadDatasetWithoutRecords(SMALL);
    expect(() => ds.rows.runs).toThrow(/records of .* were not loaded \(a dataset for another engine, loadDatasetWithoutRecords\)/);
    expect(() => ds.rows.judgments).toThrow(/were not loaded/);
    expect(() => runsOfSystem(ds, 'sysX')).toThrow(/were not loaded/);
    const full = loadDataset(SMALL);
    for (const key of ['occupations', 'sectors', 'tasks', 'systems'] as const) expect(ds.rows[key]).toEqual(full.rows[key]);
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

  test('on the reconstructed dataset and the edge dataset (in a child): every file the same from both engines, and the same validity flags on stderr', async () => {
    const run = promisify(execFile);
    for (const dir of [RECONSTRUCTED, edgeDataset()]) {
      const [js, duck] = [tmp('j2g-tables-js-'), tmp('j2g-tables-duck-')];
      const j2g = (out: string, ...more: string[]) => run(process.execPath, ['bin/j2g.mjs', 'tables', '--data', dir, '--out', out, '--draws', '200', ...more], { cwd: ROOT, maxBuffer: 1 << 24 });
      const [a, b] = [await j2g(js), await j2g(duck, '--engine', 'duckdb')];
      expect(Object.keys(files(js)).length).toBeGreaterThanOrEqual(12);
      expect(files(duck)).toEqual(files(js));
      const flags = (err: string) => err.split('\n').filter((l) => l.startsWith('validity flags:'));
      expect(flags(b.stderr)).toEqual(flags(a.stderr));
      if (dir !== RECONSTRUCTED) expect(flags(a.stderr)).toEqual(['validity flags: sysX: 7 of 13 runs flagged (dram-estimated 6, missing-samples 4)', 'validity flags: sysY: 3 of 6 runs flagged (dram-estimated 3, missing-samples 2)']);
    }
  }, 240_000);

  test('--engine duckdb refuses --noise beyond tasks, which resamples the records it keeps out of the heap', () => quiet(async () => {
    const r = await j2gInProcess(['tables', '--data', SMALL, '--out', tmp('j2g-tables-noise-'), '--engine', 'duckdb', '--noise', 'attempts']);
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('use --engine js');
  }));

  test('an engine other than js or duckdb is refused, naming both', async () => {
    const r = await j2gInProcess(['tables', '--data', SMALL, '--out', tmp('j2g-tables-bad-'), '--engine', 'spark']);
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('invalid engine: spark (expected js or duckdb)');
  });
});
