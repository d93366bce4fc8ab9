/**
 * `j2g tables` and its scenario: flags -> OUT/scenario.json -> `--scenario` gives the same bytes; all
 * outputs are written as one unit; `--rate` re-prices only the primary system's node type (Appendix
 * G.1 on the reconstructed dataset) and marks the rest.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '../helpers/child.ts';
import { SMALL } from '../helpers/dataset.ts';
import { loadPublished } from '../../kernel-lib/published/load.ts';

const J2G = new URL('../../bin/j2g.mjs', import.meta.url).pathname;
const RECON = new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname;
// Asynchronous: a blocking spawnSync would starve the vitest worker's RPC on a busy machine.
const j2g = async (...args: string[]) => { const r = await runNode([J2G, ...args]); return { status: r.code, stdout: r.stdout, stderr: r.stderr }; };
const tmp = (p: string) => mkdtempSync(join(tmpdir(), p));
const csv = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8').trim().split('\n').map((l) => l.split(','));

describe('scenario round trip', () => {
  test('flags -> scenario.json -> --scenario gives byte-identical tables and the same scenario.json', async () => {
    const a = tmp('j2g-a-');
    const b = tmp('j2g-b-');
    const r1 = (await j2g('tables', '--data', SMALL, '--out', a, '--policy', 'pass@2', '--weights', 'employment', '--judgment-reference', 'expert_with_ai',
      '--rate', '20', '--rate', 'sysY=5', '--draws', '50', '--seed', '3', '--latency-max', '600'));
    expect(r1.stderr).toContain('wrote');
    expect(r1.status).toBe(0);
    const scenario = JSON.parse(readFileSync(join(a, 'scenario.json'), 'utf8'));
    expect(scenario).toMatchObject({
      version: 1, dataset: SMALL, system: 'sysX', judge: 'J1', judgmentReference: 'expert_with_ai', timeReference: 'expert_with_ai',
      policy: 'pass@2', weights: 'employment', rates: { nodeRateUSDPerHour: 20, bySystem: { sysY: 5 }, nodeTypesFile: null, sweepFile: null },
      draws: 50, seed: 3, winTieInterval: 'wilson', qaij: { latencyMaxS: 600 },
    });
    expect(scenario.datasetSha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await j2g('tables', '--scenario', join(a, 'scenario.json'), '--out', b)).status).toBe(0);
    expect(readdirSync(b).sort()).toEqual(readdirSync(a).sort());
    for (const f of readdirSync(a)) expect(readFileSync(join(b, f), 'utf8'), f).toBe(readFileSync(join(a, f), 'utf8'));
  });

  test('a flag beside --scenario overrides its field', async () => {
    const a = tmp('j2g-a-');
    const b = tmp('j2g-b-');
    expect((await j2g('tables', '--data', SMALL, '--out', a, '--draws', '20')).status).toBe(0);
    expect((await j2g('tables', '--scenario', join(a, 'scenario.json'), '--out', b, '--weights', 'equal')).status).toBe(0);
    expect(JSON.parse(readFileSync(join(b, 'scenario.json'), 'utf8'))).toMatchObject({ weights: 'equal', draws: 20 });
  });

  test('--noise is a scenario field: written to scenario.json, read back to the same bytes, and a bad value named with its flag', async () => {
    const a = tmp('j2g-a-');
    const b = tmp('j2g-b-');
    const r1 = await j2g('tables', '--data', SMALL, '--out', a, '--draws', '40', '--noise', 'grading,meter:0.05:0.02');
    expect(r1.status).toBe(0);
    const scenario = JSON.parse(readFileSync(join(a, 'scenario.json'), 'utf8'));
    expect(scenario.noise).toEqual({ attempts: false, grading: true, meter: { eps: 0.05, beta: 0.02 } });
    expect(scenario.derived).not.toContain('noise');
    expect(r1.stderr).toContain('table22: its intervals cover task sampling only');
    expect((await j2g('tables', '--scenario', join(a, 'scenario.json'), '--out', b)).status).toBe(0);
    for (const f of readdirSync(a)) expect(readFileSync(join(b, f), 'utf8'), f).toBe(readFileSync(join(a, f), 'utf8'));
    const c = tmp('j2g-c-');
    expect((await j2g('tables', '--data', SMALL, '--out', c, '--draws', '40')).status).toBe(0);
    expect(JSON.parse(readFileSync(join(c, 'scenario.json'), 'utf8'))).toMatchObject({ noise: { attempts: false, grading: false, meter: null } });
    expect(readFileSync(join(a, 'table13.csv'), 'utf8')).not.toBe(readFileSync(join(c, 'table13.csv'), 'utf8'));
    expect(readFileSync(join(a, 'table01.csv'), 'utf8')).toBe(readFileSync(join(c, 'table01.csv'), 'utf8'));
    const bad = await j2g('tables', '--data', SMALL, '--out', tmp('j2g-d-'), '--noise', 'grading,loud');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--noise (scenario field noise): "grading,loud" is not allowed (expected');
    expect(bad.stderr).toContain('as a flag: tasks, or a comma list of attempts, grading, meter:EPS:BETA');
  });

  test('a bad field of a scenario file is named with its file and line (a flag beside it with its flag) and what is allowed', async () => {
    const dir = tmp('j2g-s-');
    writeFileSync(join(dir, 's.json'), JSON.stringify({ dataset: SMALL, policy: 'pass-2' }, null, 2));
    const r = await j2g('tables', '--scenario', join(dir, 's.json'), '--out', join(dir, 'out'));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${join(dir, 's.json')}:3: scenario field policy: "pass-2" is not allowed (expected "pass@k" with k >= 1, or "m-of-n" with 1 <= m <= n)`);
    writeFileSync(join(dir, 't.json'), JSON.stringify({ dataset: SMALL }));
    const f = await j2g('tables', '--scenario', join(dir, 't.json'), '--policy', 'pass-2', '--out', join(dir, 'out'));
    expect(f.stderr).toContain('--policy (scenario field policy): "pass-2" is not allowed (expected "pass@k" with k >= 1, or "m-of-n" with 1 <= m <= n)');
  });
});

describe('outputs written as one unit', () => {
  test('when one output cannot be written, every file of the earlier run stays as it was', async () => {
    const out = tmp('j2g-out-');
    expect((await j2g('tables', '--data', SMALL, '--out', out, '--draws', '20')).status).toBe(0);
    const before = Object.fromEntries(readdirSync(out).map((f) => [f, readFileSync(join(out, f), 'utf8')]));
    // table15.csv made a directory: this run cannot write it, so it must write nothing at all.
    const t15 = join(out, 'table15.csv');
    writeFileSync(join(out, 'keep'), '');
    rmSync(t15);
    mkdirSync(t15);
    const r = await j2g('tables', '--data', SMALL, '--out', out, '--draws', '30', '--weights', 'equal');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('table15.csv: it is a directory');
    for (const [f, content] of Object.entries(before)) if (f !== 'table15.csv') expect(readFileSync(join(out, f), 'utf8'), f).toBe(content);
    expect(readdirSync(out).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('--rate on the reconstructed dataset (Appendix G.1)', () => {
  const run = async (rate: string) => {
    const out = tmp('j2g-rate-');
    const r = await j2g('tables', '--data', RECON, '--out', out, '--rate', rate, '--draws', '10');
    expect(r.status, r.stderr).toBe(0);
    return { out, stderr: r.stderr };
  };
  const cost = (dir: string) => Object.fromEntries(csv(dir, 'table01.csv').slice(1).map((r) => [r[0], { cost: Number(r[1]), basis: r[7] }]));
  let base: ReturnType<typeof cost>, gcp: ReturnType<typeof cost>, coreweave: { out: string; stderr: string };
  beforeAll(async () => {
    [base, coreweave, gcp] = await Promise.all([run('63.296').then((r) => cost(r.out)), run('50.44'), run('84.806908').then((r) => cost(r.out))]);
  });

  test("re-prices GLM 5.2's categories as Table 5's CoreWeave column", async () => {
    const t5 = [...loadPublished().tables.get('5')!.values()].filter((c) => c.column === 'AI execution cost (USD) / CoreWeave');
    expect(t5.length).toBe(13);
    const t13 = csv(coreweave.out, 'table13.csv');
    const col = t13[0].indexOf('ai_cost_usd');
    // Table 13's category names are the paper's full names; Table 5 abbreviates them (same order).
    const got = t13.slice(1).map((r) => Number(r[col]));
    expect(got.map((x) => x.toFixed(3))).toEqual(t5.map((c) => c.printed));
  });

  test('moves the GLM 5.2 row of Table 1 along C(r) = C(AWS) + T_alloc (r - 63.296) and leaves the others at their recorded cost, marked', async () => {
    const glm = 'glm-5.2-8xh200';
    const cw = cost(coreweave.out);
    expect(cw[glm].basis).toBe('node rate 50.44 USD/node-hour');
    // linear in r: the same node time T~ from either side
    expect((base[glm].cost - cw[glm].cost) / (63.296 - 50.44)).toBeCloseTo((gcp[glm].cost - base[glm].cost) / (84.806908 - 63.296), 10);
    expect(cw[glm].cost).toBeLessThan(base[glm].cost);
    for (const s of Object.keys(cw).filter((s) => s !== glm)) {
      expect(cw[s]).toEqual({ cost: base[s].cost, basis: 'recorded' });
      expect(coreweave.stderr).toContain(`rates: system ${s} keeps its recorded cost`);
    }
  });
});
