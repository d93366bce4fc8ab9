/**
 * Task components in SQL (kernel-lib/sql/taskComponents.sql run by DuckDB, issue 27) equal the
 * JavaScript path's (kernel-lib/metrics/taskComponents.ts, the oracle) with Object.is on every number,
 * task order and occupation order included, on both datasets in the tree and generated datasets of 1,
 * 5, 40 and 570 tasks per occupation, from CSV and from Parquet, for pass@1, pass@2, >=2/3 and both
 * references crossed; and the loader's cross-file checks as SQL (sql/validate.sql) find the problems
 * the loader finds, naming rows by key.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { openDuckDbDataset, fillSql, sqlText, type DuckDbComponentOptions } from '../../kernel-lib/sql/engine.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { exportDataset } from '../../kernel-lib/data/exportDataset.ts';
import { writeGeneratedDataset } from '../../kernel-lib/data/generate.ts';
import { taskComponents } from '../../kernel-lib/metrics/taskComponents.ts';
import { ValidationError, formatIssue } from '../../kernel-lib/errors.ts';
import { FILES } from '../../kernel-lib/data/schema.ts';

const SMALL = new URL('../../data/recorded/synthetic-small', import.meta.url).pathname;
const RECONSTRUCTED = new URL('../../data/recorded/joules-to-gdp-reconstructed', import.meta.url).pathname;
const tmp = (p: string) => mkdtempSync(join(tmpdir(), p));

const CONFIGS: DuckDbComponentOptions[] = [
  {},
  { judgmentReference: 'expert_with_ai' },
  { judgmentReference: 'expert_only', timeReference: 'expert_with_ai' },
  { policy: { kind: 'pass', k: 2 } },
  { policy: { kind: 'threshold', m: 2, n: 3 } },
];

const outcome = (f: () => unknown) => { try { return f(); } catch (e) { return (e as Error).message.split('\n')[0]; } };

async function compare(dir: string, configs = CONFIGS): Promise<number> {
  const ds = loadDataset(dir);
  const db = await openDuckDbDataset(dir);
  let numbers = 0;
  try {
    for (const config of configs) {
      const js = outcome(() => taskComponents({ dataset: ds, ...config }));
      let sql: unknown;
      try { sql = await db.taskComponents(config); } catch (e) { sql = (e as Error).message.split('\n')[0]; }
      if (typeof js === 'string') { expect(sql).toBe(js); continue; }
      expect(sql).toEqual(js); // toEqual compares numbers with Object.is
      numbers += 8 * (js as { taskIds: string[] }).taskIds.length;
    }
  } finally {
    db.close();
  }
  return numbers;
}

describe('task components in SQL on DuckDB', () => {
  test('equal the JavaScript path on both datasets in the tree, from CSV and from Parquet', async () => {
    for (const dir of [SMALL, RECONSTRUCTED]) {
      expect(await compare(dir)).toBeGreaterThan(0);
      const pq = tmp('j2g-duck-pq-');
      exportDataset(loadDataset(dir), dir, pq, 'parquet');
      expect(await compare(pq)).toBeGreaterThan(0);
    }
  });

  test('equal the JavaScript path on generated datasets of 1, 5, 40 and 570 tasks per occupation', async () => {
    for (const [tasksPerOccupation, occupations] of [[1, 44], [5, 44], [40, 6], [570, 2]]) {
      const dir = tmp('j2g-duck-gen-');
      writeGeneratedDataset(dir, { seed: 11, tasksPerOccupation, occupations, categories: Math.min(13, occupations), sectors: Math.min(9, occupations) });
      expect(await compare(dir, [CONFIGS[0], CONFIGS[2], CONFIGS[4]])).toBeGreaterThan(0);
    }
  });

  test('placeholders are filled with SQL literals, quotes doubled, and one left empty is refused', () => {
    expect(fillSql('x = {{a}} AND y = {{b}}', { a: "it's", b: 2 })).toBe("x = 'it''s' AND y = 2");
    expect(() => fillSql('{{c}}', {})).toThrow('SQL placeholder without a value: c');
    // the shipped queries name only the placeholders the runner fills
    expect([...new Set(sqlText('recordAggregates.sql').match(/\{\{\w+\}\}/g))].sort()).toEqual(['{{judge}}', '{{system}}']);
    expect([...new Set(sqlText('taskComponents.sql').match(/\{\{\w+\}\}/g))].sort()).toEqual(['{{all_systems}}', '{{charged}}', '{{judge}}', '{{judgment_reference}}', '{{needed}}', '{{node_rate}}', '{{reprice}}', '{{system}}', '{{time_reference_ai}}']);
  });
});

describe('validation in SQL', () => {
  test('no problem in the datasets in the tree', async () => {
    for (const dir of [SMALL, RECONSTRUCTED]) {
      const db = await openDuckDbDataset(dir);
      try { expect((await db.validate()).map(formatIssue)).toEqual([]); } finally { db.close(); }
    }
  });

  test('a broken dataset: the loader\'s problems, each named by key', async () => {
    const dir = tmp('j2g-duck-bad-');
    for (const { file } of Object.values(FILES)) copyFileSync(join(SMALL, file), join(dir, file));
    copyFileSync(join(SMALL, 'manifest.json'), join(dir, 'manifest.json'));
    const runs = readFileSync(join(dir, 'runs.csv'), 'utf8').trimEnd().split('\n');
    runs[2] = runs[2].replace(/,[^,]*$/, ',-1'); // a negative energy
    runs.push(runs[1]); // a duplicated run (and so a duplicated attempt)
    writeFileSync(join(dir, 'runs.csv'), runs.join('\n') + '\n');
    writeFileSync(join(dir, 'judgments.csv'), readFileSync(join(dir, 'judgments.csv'), 'utf8') + 'nosuch,expert_only,J1,win\n');
    writeFileSync(join(dir, 'tasks.csv'), readFileSync(join(dir, 'tasks.csv'), 'utf8') + 'Z9,noocc,1.5,\n');
    const loader = (() => { try { loadDataset(dir); return null; } catch (e) { return e; } })();
    expect(loader).toBeInstanceOf(ValidationError);
    const db = await openDuckDbDataset(dir);
    const sql = await db.validateSql().finally(() => db.close());
    const id = runs[1].split(',')[0], bad = runs[2].split(',')[0];
    expect(sql.map(formatIssue)).toEqual([
      'judgments.csv: run_id=nosuch,reference=expert_only,judge=J1: run_id: unknown run "nosuch" (not in runs)',
      `runs.csv: run_id=${bad}: energy_mj: expected a positive number: -1`,
      `runs.csv: run_id=${id}: run_id: duplicate run_id (2 rows)`,
      'runs.csv: task_id=A1,system=sysX,attempt=1: attempt: duplicate attempt (2 rows)',
      'tasks.csv: task_id=Z9: occupation: unknown occupation "noocc" (not in occupations)',
    ].sort());
    // the same five problems as the loader's (which names them by line)
    expect((loader as ValidationError).issues).toHaveLength(5);
  });

  test('each per-row rule of runs and judgments names its row and column, two problems of one row both; the same from Parquet with text columns (a wrong type)', async () => {
    const dir = tmp('j2g-duck-rules-');
    for (const { file } of Object.values(FILES)) copyFileSync(join(SMALL, file), join(dir, file));
    copyFileSync(join(SMALL, 'manifest.json'), join(dir, 'manifest.json'));
    const cell = (lines: string[], id: string, column: number, value: string) => {
      const i = lines.findIndex((l) => l.startsWith(`${id},`));
      const cells = lines[i].split(',');
      cells[column] = value;
      lines[i] = cells.join(',');
    };
    // runs.csv with node_hours (run_id, task_id, system, attempt, ai_hours, cost_usd, energy_mj, node_hours)
    const runs = readFileSync(join(dir, 'runs.csv'), 'utf8').trimEnd().split('\n').map((l, i) => `${l},${i === 0 ? 'node_hours' : ''}`);
    cell(runs, 'xA1a2', 4, 'x');
    cell(runs, 'xA2a1', 5, '-2');
    cell(runs, 'xB1a1', 7, '-1');
    cell(runs, 'yA1', 2, '');
    cell(runs, 'yA2', 1, '');
    writeFileSync(join(dir, 'runs.csv'), runs.join('\n') + '\n');
    const judgments = readFileSync(join(dir, 'judgments.csv'), 'utf8').trimEnd().split('\n');
    judgments[1] = 'xA1a1,expert,J1,win';
    judgments[2] = 'xA1a2,expert_only,J1,draw';
    judgments[3] = judgments[3].replace(/^([^,]*),[^,]*,([^,]*),[^,]*$/, '$1,,$2,');
    writeFileSync(join(dir, 'judgments.csv'), judgments.join('\n') + '\n');
    const third = judgments[3].split(',');
    const loader = (() => { try { loadDataset(dir); return null; } catch (e) { return e; } })();
    expect(loader).toBeInstanceOf(ValidationError);
    const db = await openDuckDbDataset(dir);
    const sql = await db.validateSql().finally(() => db.close());
    expect(sql.map(formatIssue)).toEqual([
      'judgments.csv: run_id=xA1a1,reference=expert,judge=J1: reference: expected expert_only or expert_with_ai: expert',
      'judgments.csv: run_id=xA1a2,reference=expert_only,judge=J1: outcome: expected win, tie or loss: draw',
      `judgments.csv: run_id=${third[0]},reference=,judge=${third[2]}: outcome: expected win, tie or loss: (empty)`,
      `judgments.csv: run_id=${third[0]},reference=,judge=${third[2]}: reference: expected expert_only or expert_with_ai: (empty)`,
      'runs.csv: run_id=xA1a2: ai_hours: expected a number >= 0: x',
      'runs.csv: run_id=xA2a1: cost_usd: expected a number >= 0: -2',
      'runs.csv: run_id=xB1a1: node_hours: expected a number >= 0 or an empty cell: -1',
      'runs.csv: run_id=yA1: system: required',
      'runs.csv: run_id=yA2: task_id: required',
    ].sort());
    // as many problems as the loader finds (which names them by line)
    expect((loader as ValidationError).issues.map(formatIssue)).toHaveLength(9);
    // the same files as Parquet with every column text (a wrong type where the schema has numbers):
    // the same problems, named by key in the .parquet files
    const pq = tmp('j2g-duck-rules-pq-');
    copyFileSync(join(dir, 'manifest.json'), join(pq, 'manifest.json'));
    const duck = await DuckDBInstance.create(':memory:');
    const c = await duck.connect();
    for (const { file } of Object.values(FILES)) {
      await c.run(`COPY (SELECT * FROM read_csv('${join(dir, file)}', header = true, all_varchar = true)) TO '${join(pq, file.replace(/\.csv$/, '.parquet'))}' (FORMAT PARQUET)`);
    }
    c.closeSync();
    duck.closeSync();
    const pdb = await openDuckDbDataset(pq);
    const fromParquet = await pdb.validateSql().finally(() => pdb.close());
    expect(fromParquet.map(formatIssue)).toEqual(sql.map(formatIssue).map((m) => m.replace(/^(\w+)\.csv:/, '$1.parquet:')));
  });
});
