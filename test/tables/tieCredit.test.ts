/**
 * Tie credit (scenario field tieCredit, 0..1, default 1: "a tie receives the full output dollar value",
 * Joules-to-GDP section 2.2). Oracle: a hand computation from the dataset's CSV rows (its own loop over
 * runs.csv and judgments.csv, not taskComponents): per task Y_r = 1 win, tau tie, 0 loss; the task's
 * credit the m-th largest Y_r of its charged attempts (m = 1 for pass@k); G = Q H W, S = Q (H - mean L
 * of the attempts with Y_r > 0 and Y_r >= Q); occupation means; the occupations' weights (the
 * library's weightVector: weights do not depend on tie credit); Table 1 the weighted benchmark
 * average of each system, Table 13 each category's. `j2g tables --tie-credit 0` is checked against it
 * on synthetic-small and on the reconstructed dataset, and `--tie-credit 1` against today's bytes.
 */
import { describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '../helpers/child.ts';
import { SMALL } from '../helpers/dataset.ts';
import { parseCsv } from '../../kernel-lib/io/csv.ts';
import { loadDataset } from '../../kernel-lib/data/load.ts';
import { weightVector } from '../../kernel-lib/metrics/aggregate.ts';
import { table01 } from '../../kernel-lib/tables/table01.ts';
import { table13 } from '../../kernel-lib/tables/table13.ts';
import { table15 } from '../../kernel-lib/tables/table15.ts';
import { table22 } from '../../kernel-lib/tables/table22.ts';
import { multiverse } from '../../kernel-lib/robustness/multiverse.ts';
import { figureCaption, tableCaption } from '../../kernel-lib/plots/captions.ts';
import { evaluate } from '../../kernel-lib/tables/evaluate.ts';
import { resolveContext, withScenario } from '../../kernel-lib/tables/context.ts';
import { taskCredit, passAtK, threshold } from '../../kernel-lib/metrics/policy.ts';
import { UnsupportedOutputError } from '../../kernel-lib/errors.ts';
import { onWarning } from '../../kernel-lib/warn.ts';

onWarning(() => {});
const RECON = new URL('../../data/recorded/joules-to-gdp-reconstructed/', import.meta.url).pathname;
const rowsOf = (file: string) => parseCsv(readFileSync(file, 'utf8'), file).rows.map((r) => r.values as Record<string, string>);

type Comp = { Q: number; G: number; C: number; E: number; L: number; S: number };
const KEYS = ['Q', 'G', 'C', 'E', 'L', 'S'] as const;

/** The benchmark average and the category averages of one system by hand (expert-only judgments and times, the primary judge). */
function byHand(dir: string, system: string, tau: number, m: number, k: number): { benchmark: Comp; categories: Map<string, Comp> } {
  const ds = loadDataset(dir);
  const judge = ds.manifest.primary_judge;
  const outcome = new Map<string, string>();
  for (const j of rowsOf(join(dir, 'judgments.csv'))) if (j.reference === 'expert_only' && j.judge === judge) outcome.set(j.run_id, j.outcome);
  const runs = new Map<string, Record<string, string>[]>();
  for (const r of rowsOf(join(dir, 'runs.csv'))) if (r.system === system) runs.set(r.task_id, [...(runs.get(r.task_id) ?? []), r]);
  const occ = new Map(rowsOf(join(dir, 'occupations.csv')).map((o) => [o.occupation, o]));
  const sums = new Map<string, Comp & { n: number }>();
  for (const t of rowsOf(join(dir, 'tasks.csv'))) {
    const list = (runs.get(t.task_id) ?? []).sort((a, b) => Number(a.attempt) - Number(b.attempt)).slice(0, k);
    if (list.length === 0) continue;
    const Y = list.map((r) => ({ win: 1, tie: tau, loss: 0 })[outcome.get(r.run_id)!]!);
    const Q = [...Y].sort((a, b) => b - a)[m - 1];
    const H = Number(t.expert_hours), W = Number(occ.get(t.occupation)!.median_hourly_wage_usd);
    const counted = list.filter((_, r) => Y[r] > 0 && Y[r] >= Q);
    const meanL = counted.reduce((a, r) => a + Number(r.ai_hours), 0) / counted.length;
    const s = sums.get(t.occupation) ?? { Q: 0, G: 0, C: 0, E: 0, L: 0, S: 0, n: 0 };
    s.Q += Q; s.G += Q * H * W; s.S += Q ? Q * (H - meanL) : 0; s.n++;
    for (const r of list) { s.C += Number(r.cost_usd); s.E += Number(r.energy_mj); s.L += Number(r.ai_hours); }
    sums.set(t.occupation, s);
  }
  const occupations = ds.rows.occupations.map((o) => o.occupation).filter((o) => sums.has(o));
  const w = weightVector(ds, occupations, 'gdp');
  const zero = (): Comp => ({ Q: 0, G: 0, C: 0, E: 0, L: 0, S: 0 });
  const benchmark = zero();
  const categories = new Map<string, Comp & { W: number }>();
  occupations.forEach((o, i) => {
    const s = sums.get(o)!, cat = occ.get(o)!.category;
    const c = categories.get(cat) ?? { ...zero(), W: 0 };
    for (const key of KEYS) { benchmark[key] += w[i] * s[key] / s.n; c[key] += w[i] * s[key] / s.n; }
    c.W += w[i];
    categories.set(cat, c);
  });
  for (const c of categories.values()) for (const key of KEYS) c[key] /= c.W;
  return { benchmark, categories };
}

const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));

function checkTable01(rows: Record<string, string | number>[], dir: string, tau: number, m = 1, k = 1) {
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const b = byHand(dir, String(row.system), tau, m, k).benchmark;
    near(Number(row.cost_usd), b.C);
    near(Number(row.energy_mj), b.E);
    near(Number(row.completion_min), 60 * b.L);
    near(Number(row.nv_per_ai_usd), (b.G - b.C) / b.C);
    near(Number(row.nv_per_ai_hour), (b.G - b.C) / b.L);
    near(Number(row.nvj), (b.G - b.C) / b.E);
  }
}

function checkTable13(rows: Record<string, string | number>[], dir: string, system: string, tau: number, m = 1, k = 1) {
  const cats = byHand(dir, system, tau, m, k).categories;
  expect(rows.map((r) => r.category).sort()).toEqual([...cats.keys()].sort());
  for (const row of rows) {
    const c = cats.get(String(row.category))!;
    near(Number(row.win_tie_pct), 100 * c.Q);
    near(Number(row.credited_value_usd), c.G);
    near(Number(row.ai_cost_usd), c.C);
    near(Number(row.time_saving_hours), c.S);
    near(Number(row.energy_mj), c.E);
    near(Number(row.ai_time_hours), c.L);
    near(Number(row.nvj), (c.G - c.C) / c.E);
    near(Number(row.tsj), c.S / c.E);
  }
}

describe('taskCredit with a tie credit', () => {
  test('the m-th largest attempt credit: pass@k takes the best attempt, m-of-n the m-th best; 0/1 indicators as before', () => {
    expect(taskCredit(passAtK(2), [0, 0.5])).toBe(0.5);
    expect(taskCredit(passAtK(2), [0.5, 1])).toBe(1);
    expect(taskCredit(passAtK(1), [0.25])).toBe(0.25);
    expect(taskCredit(threshold(2, 3), [1, 0.5, 0])).toBe(0.5);
    expect(taskCredit(threshold(2, 3), [1, 0, 1])).toBe(1);
    expect(taskCredit(threshold(3, 3), [1, 0.5, 1])).toBe(0.5);
    expect(taskCredit(threshold(2, 2), [0.5, 0])).toBe(0);
    expect(taskCredit(threshold(2, 4), [1, 0, 1, 0])).toBe(1);
    expect(() => taskCredit(passAtK(1), [1.5])).toThrow('taskCredit requires credit indicators in [0, 1]: 1.5 at attempt 1');
  });
});

describe('Table 1 and Table 13 under a tie credit equal the hand computation', () => {
  const ds = loadDataset(SMALL);
  for (const tau of [0, 0.5, 1]) {
    for (const [policy, m, k] of [['pass@1', 1, 1], ['pass@2', 1, 2], ['2-of-2', 2, 2]] as const) {
      test(`synthetic-small, tieCredit ${tau}, ${policy}`, () => {
        // sysY has one attempt per task: under pass@2 and 2-of-2 Table 1 leaves it out
        checkTable01(table01({ dataset: ds, tieCredit: tau, policy, bootstrap: false }).objects() as Record<string, number>[], SMALL, tau, m, k);
        checkTable13(table13({ dataset: ds, tieCredit: tau, policy, bootstrap: false }).objects() as Record<string, number>[], SMALL, 'sysX', tau, m, k);
      });
    }
  }
  test('a tie credit moves Table 1 where a charged attempt ties (sysX task A2 ties at attempt 2, sysY at attempt 1)', () => {
    const nvj = (tau: number) => (table01({ dataset: ds, tieCredit: tau, bootstrap: false }).objects() as { system: string; nvj: number }[]).map((r) => r.nvj);
    expect(nvj(0)[1]).toBeLessThan(nvj(1)[1]);
    expect(nvj(0.5)[1]).toBeCloseTo((nvj(0)[1] + nvj(1)[1]) / 2, 9); // linear in tau at pass@1
  });
  test('Table 22 under a fractional tie credit: the expert-with-AI -> AI saving is the components\' S (the credited AI time recovered as H - S/Y)', () => {
    const recon = loadDataset(RECON);
    for (const tieCredit of [0.5, 1]) {
      const ctx = resolveContext({ dataset: recon, tieCredit, bootstrap: false });
      const row = (table22(ctx).objects() as { transition: string; time_saving_hours: number }[]).find((r) => r.transition === 'expert_with_ai->ai_system')!;
      const S = evaluate(withScenario(ctx, { judgmentReference: 'expert_with_ai', timeReference: 'expert_with_ai' })).benchmark.timeSavingHours;
      expect(Math.abs(row.time_saving_hours - S)).toBeLessThan(1e-9 * Math.abs(S));
    }
  });
  test('the multiverse\'s tie-credit specifications carry Table 1\'s NVJ under that tie credit', () => {
    const r = multiverse({ dataset: ds, bootstrap: false }, { tieCredit: [1, 0.5, 0] });
    expect(r.specs.map((x) => x.spec.labels.tieCredit)).toEqual(['1', '0.5', '0']);
    for (const spec of r.specs) {
      const t = spec.spec.patch.tieCredit!;
      const want = (table01({ dataset: ds, tieCredit: t, bootstrap: false }).objects() as { system: string; nvj: number }[]);
      expect(r.rows.filter((x) => x.spec === spec.spec.id).map((x) => [x.system, x.nvj])).toEqual(want.map((w) => [w.system, w.nvj]));
    }
    expect(r.referenceSpec).toBe('s001');
  });
  test('captions say a tie credit that is not the paper\'s, and only then', () => {
    expect(tableCaption('table13', { dataset: ds, tieCredit: 0 })).toContain('attempt 1 (pass@1), a tie credited 0 (the paper: 1), expert-only reference');
    expect(tableCaption('table01', { dataset: ds, tieCredit: 0.5 })).toContain('a tie credited 0.5 (the paper: 1)');
    expect(tableCaption('table02', { dataset: ds, tieCredit: 0 })).not.toContain('tie credited'); // judge agreement does not credit
    expect(tableCaption('table13', { dataset: ds })).not.toContain('tie credited');
    expect(figureCaption('1a', { dataset: ds, tieCredit: 0 }).caption).toContain('a tie credited 0 (the paper: 1)');
  });
  test('Table 15 refuses a fractional tie credit (its binomial interval counts whole credits), and builds at 0', () => {
    expect(() => table15({ dataset: ds, tieCredit: 0.5, bootstrap: false })).toThrow(UnsupportedOutputError);
    expect(() => table15({ dataset: ds, tieCredit: 0, bootstrap: false })).not.toThrow();
  });
});

describe('j2g tables --tie-credit', () => {
  const dir = mkdtempSync(join(tmpdir(), 'j2g-tie-'));
  const run = async (data: string, name: string, extra: string[]) => {
    const r = await runNode(['bin/j2g.mjs', 'tables', '--data', data, '--out', join(dir, name), '--draws', '50', ...extra]);
    expect(r.code, r.stderr).toBe(0);
    return (file: string) => rowsOf(join(dir, name, file));
  };
  test('--tie-credit 0 on synthetic-small and the reconstructed dataset: Table 1 and Table 13 count ties as losses', async () => {
    for (const data of [SMALL, RECON]) {
      const out = await run(data, `zero-${data === SMALL ? 'small' : 'recon'}`, ['--tie-credit', '0']);
      checkTable01(out('table01.csv'), data, 0);
      checkTable13(out('table13.csv'), data, loadDataset(data).manifest.primary_system, 0);
      // the printed values are rounded to 12 significant digits: within the tolerance above
    }
  }, 120_000);
  test('--tie-credit 1 writes the default run\'s tables byte for byte (only scenario.json names the field as chosen)', async () => {
    await run(RECON, 'default', []);
    await run(RECON, 'one', ['--tie-credit', '1']);
    for (const f of readdirSync(join(dir, 'default')).filter((f) => f.endsWith('.csv'))) {
      expect(readFileSync(join(dir, 'one', f), 'utf8'), f).toBe(readFileSync(join(dir, 'default', f), 'utf8'));
    }
    const scenario = JSON.parse(readFileSync(join(dir, 'one', 'scenario.json'), 'utf8'));
    expect(scenario.tieCredit).toBe(1);
    expect(scenario.derived).not.toContain('tieCredit');
    expect(JSON.parse(readFileSync(join(dir, 'default', 'scenario.json'), 'utf8')).derived).toContain('tieCredit');
  }, 120_000);
  test('a tie credit outside 0..1 is refused naming the flag and what is allowed', async () => {
    const r = await runNode(['bin/j2g.mjs', 'tables', '--data', SMALL, '--out', join(dir, 'bad'), '--tie-credit', '2']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('--tie-credit (scenario field tieCredit): 2 is not allowed (expected a number from 0 to 1');
  });
});
